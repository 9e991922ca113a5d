import { escapesRoot, isUrl, localOpenapiFiles, rootRelative } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import { kindIn, type DocsFiles } from '../docs-root.js';
import type { NavigationRule } from './types.js';

/**
 * Every `openapi` file path names a regular file under the docs root. The one owner of this
 * code: the resolver reads only what the same `files` list as a regular file.
 */
export const openapiNotFound: NavigationRule = {
  code: 'openapi-not-found',
  create(context) {
    const files = context.files;
    if (!files) return {};
    return {
      element(node) {
        if (node.openapi?.owner !== node) return;
        for (const { file, at } of localOpenapiFiles(node.value.openapi)) {
          if (escapesRoot(file)) continue;
          const why = file === '' ? `"/" (the docs root) is a folder, not an OpenAPI file.` : whyNot(files, file);
          if (why) context.report({ message: why, pointer: pointerOf(node.path, 'openapi', ...at) });
        }
      },
      // A plain page path names no spec file.
      plainPages: false,
      page(node) {
        const specfile = node.entry.kind === 'page' ? undefined : node.entry.specfile;
        if (!specfile || isUrl(specfile)) return;
        const file = rootRelative(specfile);
        if (escapesRoot(file)) return;
        const kind = kindIn(files, file);
        if (kind === 'file' || kind === 'outside-root') return;
        context.report({
          message:
            kind === undefined
              ? `"${node.value}" names the spec file "${file}", which is not under the docs root (${files.root}).`
              : `"${node.value}" names the spec file "${file}", which is ${kind === 'folder' ? 'a folder' : kind}, not a regular file.`,
          pointer: pointerOf(node.path),
        });
      },
    };
  },
};

/** Why a spec path is not a readable spec, or undefined when it is (or leads out of the root: path-outside-root says so). */
function whyNot(files: DocsFiles, file: string): string | undefined {
  const kind = kindIn(files, file);
  if (kind === 'file' || kind === 'outside-root') return undefined;
  if (kind === undefined) return `No OpenAPI file "${file}" under the docs root (${files.root}).`;
  if (kind === 'folder') return `"${file}" is a folder, not an OpenAPI file.`;
  return `"${file}" is ${kind}, not a regular file; only regular files are read.`;
}
