import { pointerOf, walkNavigation } from '../navigation/walk.js';
import { movedPages } from '../site/base.js';
import { message, readMessage } from '../messages.js';
import type { SiteRule } from '../site/rule.js';

const MESSAGES = {
  moved: 'Page URL "/{from}" was served at {ref} and has moved to "/{to}", with no redirect: links to the old URL break. Add {redirect} to redirects.',
  gone: 'Page URL "/{url}" was served at {ref} and is gone now, with no redirect: links to it break. Add a redirect to the page that replaces it{closest}.',
} as const;

/**
 * A page URL the site served at the base ref (`--since`) and serves no more, with no redirect of
 * docs.json covering it: readers' links, bookmarks and search results to it break. A moved page is
 * reported where its new URL is listed, with the redirect to add; a removed one at `redirects`
 * (else the navigation), with the closest page.
 */
export const redirectMissing: SiteRule = {
  code: 'redirect-missing',
  reads: ['base'],
  messages: MESSAGES,
  checkSite(context) {
    const { base, site, redirects } = context;
    if (!base) return;
    const moves = movedPages(base, site.pages);
    const entries = moves.size > 0 ? entriesOf(context.document, new Set(moves.values())) : new Map<string, string>();
    const hasRedirects = Array.isArray((context.document as { redirects?: unknown } | null)?.redirects);
    const fallback = hasRedirects ? '/redirects' : '/navigation';
    for (const url of base.pages.keys()) {
      if (site.pageAt(url) || redirects.match(url)) continue;
      const to = moves.get(url);
      if (to !== undefined) {
        context.report({
          message: movedMessage(url, base.ref, to),
          pointer: entries.get(to) ?? fallback,
          suggest: `/${to}`,
        });
        continue;
      }
      const near = site.closest(url);
      context.report({
        message: message(MESSAGES, 'gone', { url, ref: base.ref, closest: near === undefined ? '' : ` (the closest: "/${near}")` }),
        pointer: fallback,
        suggest: near === undefined ? undefined : `/${near}`,
      });
    }
  },
};

/** Where each of these page paths is first listed in the navigation (its entry's pointer): one walk, only when pages moved. */
function entriesOf(document: unknown, wanted: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  walkNavigation(document, [
    {
      page(node) {
        if (node.entry.kind === 'page' && wanted.has(node.entry.clean) && !found.has(node.entry.clean)) found.set(node.entry.clean, pointerOf(node.path));
      },
    },
  ]);
  return found;
}

function movedMessage(from: string, ref: string, to: string): string {
  return message(MESSAGES, 'moved', { from, ref, to, redirect: `{ "source": "/${from}", "destination": "/${to}" }` });
}

/** The redirect a moved page's problem asks for (`--fix` adds it), read back from its message; undefined for a removed page. */
export function redirectOfProblem(problem: { message: string; suggest?: string }): { source: string; destination: string } | undefined {
  const read = readMessage(MESSAGES, problem.message);
  if (read?.id !== 'moved' || `/${read.data.to}` !== problem.suggest) return undefined;
  return { source: `/${read.data.from}`, destination: `/${read.data.to}` };
}
