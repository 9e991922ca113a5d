import { escapesRoot, isUrl, openapiSources, rootRelative } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import type { Rule } from './types.js';

/** No page or spec path climbs out of the docs root. */
export const pathOutsideRoot: Rule = {
  code: 'path-outside-root',
  create: (context) => ({
    element(node) {
      if (node.openapi?.owner !== node) return;
      for (const { source, at } of openapiSources(node.value.openapi)) {
        if (!isUrl(source) && escapesRoot(rootRelative(source))) {
          context.report({
            message: `OpenAPI path "${source}" climbs out of the docs root; specs must live inside it.`,
            pointer: pointerOf(node.path, 'openapi', ...at),
          });
        }
      }
    },
    page(node) {
      const entry = node.entry;
      const file = entry.kind === 'page' ? entry.clean : entry.specfile;
      if (file === undefined || !escapesRoot(entry.kind === 'page' ? file : rootRelative(file)) || isUrl(file)) return;
      context.report({
        message: `${entry.kind === 'page' ? 'Page' : 'Spec'} path "${file}" climbs out of the docs root; pages and specs must live inside it.`,
        pointer: pointerOf(node.path),
      });
    },
  }),
};
