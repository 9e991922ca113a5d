import { cleanPagePath } from '../navigation/entries.js';
import { isUrl } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

const LEADING_SLASH = 'a leading `/`';

const CHECKS: ReadonlyArray<[RegExp, string]> = [
  [/\.mdx?\s*$/i, 'a file extension'],
  [/^\s*\.\//, 'a leading `./`'],
  // `/../x` is left to path-outside-root: its clean form still climbs out.
  [/^\s*\/(?!\.\.(?:[/\\]|\s*$))/, LEADING_SLASH],
  [/.\/\s*$/, 'a trailing `/`'],
  [/\\/, 'a backslash'],
  [/^\s|\s$/, 'stray whitespace'],
];

/** Page paths are written the way the platform expects: no extension, no leading `./` or `/`, … */
export const pagePath: NavigationRule = {
  code: 'page-path',
  create: (context) => ({
    // A plain page path is tidy: nothing to say.
    plainPages: false,
    page(node) {
      // URLs are links, not paths (page-not-found and path-outside-root skip them too).
      if (node.entry.kind !== 'page' || node.entry.clean === node.entry.page || isUrl(node.entry.page)) return;
      const page = node.entry.page;
      const found = CHECKS.filter(([pattern]) => pattern.test(page)).map(([, what]) => what);
      if (found.length === 0) return;
      const suggest = cleanPagePath(page);
      if (suggest === '') {
        // `/`, `./`: nothing is left to suggest.
        context.report({ message: `Page path "${page}" has ${found.join(', ')} and names no page.`, pointer: pointerOf(node.path) });
        return;
      }
      // A leading `/` alone is harmless: the platform strips it (platform-facts §1a).
      const severity = found.length === 1 && found[0] === LEADING_SLASH ? 'info' : undefined;
      context.report({
        message: `Page path "${page}" has ${found.join(', ')}${severity ? ' (harmless: the platform strips it)' : ''}.`,
        pointer: pointerOf(node.path),
        suggest,
        ...(severity ? { severity } : {}),
      });
    },
  }),
};
