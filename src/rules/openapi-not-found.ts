import { escapesRoot, isUrl, openapiSources, rootRelative } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import type { Rule } from './types.js';

/** Every `openapi` file path names a file under the docs root. */
export const openapiNotFound: Rule = {
  code: 'openapi-not-found',
  create(context) {
    const files = context.files;
    if (!files) return {};
    return {
      element(node) {
        if (node.openapi?.owner !== node) return;
        for (const { source, at } of openapiSources(node.value.openapi)) {
          if (isUrl(source)) continue;
          const file = rootRelative(source);
          if (file === '' || escapesRoot(file) || files.hasFile(file)) continue;
          const isFolder = files.filesIn(file).length > 0;
          context.report({
            message: isFolder ? `"${file}" is a folder, not an OpenAPI file.` : `No OpenAPI file "${file}" under ${files.root}.`,
            pointer: pointerOf(node.path, 'openapi', ...at),
          });
        }
      },
      page(node) {
        const specfile = node.entry.kind === 'page' ? undefined : node.entry.specfile;
        if (!specfile || isUrl(specfile)) return;
        const file = rootRelative(specfile);
        if (escapesRoot(file) || files.hasFile(file)) return;
        context.report({
          message: `"${node.value}" names the spec file "${file}", which is not under ${files.root}.`,
          pointer: pointerOf(node.path),
        });
      },
    };
  },
};
