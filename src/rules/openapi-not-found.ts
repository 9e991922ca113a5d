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
        for (const { source, file, at } of localOpenapiFiles(node.value.openapi)) {
          // A blank value names no file: the schema says so (and what the platform does with it).
          if (escapesRoot(file) || source.trim() === '') continue;
          const pointer = pointerOf(node.path, 'openapi', ...at);
          if (file === '') {
            // The platform's validator makes `/` (or `./`) the empty path, and its build reads no spec
            // from it and fails nothing (issue 65, built): a mistake to say, not a failure.
            context.report({
              message: `"${source}" names the docs root, not an OpenAPI file: the platform reads no spec from it and makes no page (its build does not fail). Name the spec file, or remove the \`openapi\`.`,
              pointer,
              severity: 'warning',
            });
            continue;
          }
          const why = whyNot(files, file);
          if (why) context.report({ message: why, pointer });
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
