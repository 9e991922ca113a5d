import { generatesAsyncapi } from '../navigation/asyncapi.js';
import { escapesRoot, localOpenapiFiles } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import { kindIn } from '../docs-root.js';
import type { NavigationRule } from './types.js';

/**
 * Every `asyncapi` file path the platform reads names a regular file under the docs root. Only
 * the outermost `asyncapi` on a path from the root is read (navigation/asyncapi.ts): the
 * platform never looks for the others' files, so neither does this rule.
 */
export const asyncapiNotFound: NavigationRule = {
  code: 'asyncapi-not-found',
  create(context) {
    const files = context.files;
    if (!files) return {};
    return {
      element(node) {
        if (!generatesAsyncapi(node, context.profile.name === 'platform')) return;
        for (const { file, at } of localOpenapiFiles(node.value.asyncapi)) {
          if (escapesRoot(file)) continue; // path-outside-root's
          const kind = file === '' ? 'folder' : kindIn(files, file);
          if (kind === 'file' || kind === 'outside-root') continue;
          const shown = file === '' ? '/' : file;
          context.report({
            message:
              kind === undefined
                ? `No AsyncAPI file "${shown}" under the docs root (${files.root}); the platform fails the build.`
                : `"${shown}" is ${kind === 'folder' ? 'a folder' : kind}, not an AsyncAPI file; the platform fails the build.`,
            pointer: pointerOf(node.path, 'asyncapi', ...at),
          });
        }
      },
    };
  },
};
