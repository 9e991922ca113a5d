import { cleanPagePath, platformPagePath } from '../navigation/entries.js';
import { isUrl } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

const LEADING_SLASH = 'a leading `/`';

/**
 * What makes a page path untidy, and whether the platform still finds its page: it normalizes
 * slashes, `./` and backslashes away, but looks for `a.mdx.mdx` and ` a.mdx` as written and links
 * the sidebar to a page that does not exist (platform-facts §1a): those are errors.
 */
const CHECKS: ReadonlyArray<[RegExp, string, 'found' | 'missing']> = [
  [/\.mdx?\s*$/i, 'a file extension', 'missing'],
  [/^\s*\.\//, 'a leading `./`', 'found'],
  // `/../x` is left to path-outside-root: its clean form still climbs out.
  [/^\s*\/(?!\.\.(?:[/\\]|\s*$))/, LEADING_SLASH, 'found'],
  [/.\/\s*$/, 'a trailing `/`', 'found'],
  [/\\/, 'a backslash', 'found'],
  [/^\s|\s$/, 'stray whitespace', 'missing'],
];

/** Page paths are written the way the platform expects: no extension, no leading `./` or `/`, … */
export const pagePath: NavigationRule = {
  code: 'page-path',
  create: (context) => ({
    // A plain page path is tidy: nothing to say.
    // Stryker disable next-line BooleanLiteral: equivalent: a speed hint; a plain path is its own tidy form, and page() returns at once.
    plainPages: false,
    page(node) {
      // URLs are links, not paths (page-not-found and path-outside-root skip them too).
      if (node.entry.kind !== 'page' || isUrl(node.entry.page)) return;
      // Stryker disable next-line ConditionalExpression: equivalent: a speed hint; a path that is its own tidy form matches no check.
      if (node.entry.clean === node.entry.page) return;
      const page = node.entry.page;
      const pointer = pointerOf(node.path);
      if (page.trim() === '') {
        // The platform keeps a sidebar link to `/ `; `--fix` removes the entry.
        context.report({
          message: `Page path ${JSON.stringify(page)} is blank: the platform shows a sidebar link to a page that does not exist. Remove it.`,
          pointer,
          severity: 'error',
        });
        return;
      }
      const found = CHECKS.filter(([pattern]) => pattern.test(page));
      if (found.length === 0) return;
      const what = found.map(([, description]) => description).join(', ');
      const suggest = cleanPagePath(page);
      if (suggest === '') {
        // `/`, `./`: nothing is left to suggest.
        context.report({ message: `Page path "${page}" has ${what} and names no page.`, pointer });
        return;
      }
      if (found.some(([, , platform]) => platform === 'missing')) {
        context.report({
          message: `Page path "${page}" has ${what}: the platform looks for "${platformPagePath(page).key}.mdx" and its sidebar links to a page that does not exist.`,
          pointer,
          suggest,
          severity: 'error',
        });
        return;
      }
      // A leading `/` alone is harmless: the platform strips it (platform-facts §1a).
      const severity = found.length === 1 && found[0][1] === LEADING_SLASH ? 'info' : undefined;
      context.report({
        message: `Page path "${page}" has ${what}${severity ? ' (harmless: the platform strips it)' : ''}.`,
        pointer,
        suggest,
        ...(severity ? { severity } : {}),
      });
    },
  }),
};
