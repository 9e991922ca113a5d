import type { Finding } from '../problem.js';
import { cleanHeadingId } from '../pages/ids.js';
import type { PageLink } from '../pages/scan.js';
import type { PageBodies } from '../site/pages.js';
import type { ResolvedLink } from '../site/links.js';
import { message } from '../messages.js';
import type { SiteRule } from '../site/rule.js';
import { Suggester } from '../suggest.js';
import { isSnippetFile } from '../platform-ignores.js';

/** A fix made where the finding is. */
type Fix = NonNullable<Finding['fix']>;

/**
 * A link whose `#fragment` no heading or element of the target page produces: the page opens at
 * its top instead of the section meant. Links in pages and the navigation's own hrefs are read.
 * Only target pages with a body are checked (not generated endpoint pages, nor a snippet's own
 * `#links`, whose page is the one that includes it).
 */
const MESSAGES = {
  link: 'Link "{url}": no heading or element of {where} has the id "{fragment}", so the page opens at its top.',
  navigationHref: 'Navigation href "{url}": no heading or element of {where} has the id "{fragment}", so the page opens at its top.',
} as const;

export const anchorNotFound: SiteRule = {
  code: 'anchor-not-found',
  reads: ['pages', 'navigation-links'],
  messages: MESSAGES,
  readsPages: true,
  checkSite({ pages, linksOf, navigationLinks, report, reportInPage }) {
    for (const file of pages.files) {
      const body = pages.get(file);
      if (!body) continue;
      for (const { link, resolved } of linksOf(body)) {
        const fragment = resolved?.target.fragment;
        if (!resolved || fragment === undefined || fragment === '') continue;
        let target: { anchors: ReadonlySet<string> | undefined; where: string } | undefined;
        if (resolved.target.base === 'same-page') {
          if (isSnippetFile(file)) continue;
          target = { anchors: body.scan.error ? undefined : body.scan.anchors, where: 'this page' };
        } else target = arrivedAt(pages, resolved);
        const anchors = target?.anchors;
        if (!target || !anchors || !isMissing(anchors, fragment)) continue;
        const where = target.where;
        // What was meant is worked out for the findings the page shows only.
        reportInPage(body, () => {
          const missing = anchorMeant(anchors, fragment);
          return {
            message: message(MESSAGES, 'link', { url: link.url, where, fragment }),
            span: link.span,
            ...(missing.suggestion !== undefined && { suggest: `#${missing.suggestion}` }),
            ...(missing.meant !== undefined && link.verbatim && { fix: rewriteFragment(link, missing.meant) }),
          };
        });
      }
    }
    // The navigation's own hrefs (`"href": "/quickstart#install"`): reported at the href, with the closest id.
    for (const { href, pointer, resolved } of navigationLinks()) {
      const fragment = resolved.target.fragment;
      if (fragment === undefined || fragment === '') continue;
      const target = arrivedAt(pages, resolved);
      const anchors = target?.anchors;
      if (!target || !anchors || !isMissing(anchors, fragment)) continue;
      const missing = anchorMeant(anchors, fragment);
      report({
        message: message(MESSAGES, 'navigationHref', { url: href, where: target.where, fragment }),
        pointer,
        ...(missing.suggestion !== undefined && { suggest: `#${missing.suggestion}` }),
      });
    }
  },
};

/** The anchors of the page a link arrives at (directly or through redirects), when that page has a body. */
function arrivedAt(pages: PageBodies, resolved: ResolvedLink): { anchors: ReadonlySet<string> | undefined; where: string } | undefined {
  const arrival = resolved.arrival;
  const page = arrival?.to === 'page' || arrival?.to === 'redirect' ? arrival.page : undefined;
  if (page?.file === undefined) return undefined;
  const target = pages.get(page.file);
  return { anchors: target && !target.scan.error ? target.scan.anchors : undefined, where: `/${page.path}` };
}

/** Whether no anchor is the fragment (as written, or cleaned as the platform cleans an id). */
function isMissing(anchors: ReadonlySet<string>, fragment: string): boolean {
  return !anchors.has(fragment) && !anchors.has(cleanHeadingId(fragment));
}

/** A page's anchors, indexed on the first miss that names them: by lower case, and for "did you mean". */
const indexes = new WeakMap<ReadonlySet<string>, Suggester>();

/**
 * For a missing fragment: the id meant (the only one equal but for case) and the one to suggest
 * (that one, else the nearest). Each miss costs about the same however many anchors the page has
 * (a Suggester's trigram index above 64 of them): comparing each miss with every anchor made a
 * page of 34,000 headings, each linked with a typo (1 MB), take 84 s (issue 66).
 */
function anchorMeant(anchors: ReadonlySet<string>, fragment: string): { meant?: string; suggestion?: string } {
  let suggester = indexes.get(anchors);
  // Stryker disable next-line ConditionalExpression: equivalent: a cache; made again, the index is the same.
  if (suggester === undefined) {
    suggester = new Suggester([...anchors], (anchor) => anchor.toLowerCase());
    indexes.set(anchors, suggester);
  }
  const sameButCase = suggester.equalOnceNormal(fragment);
  const meant = sameButCase.length === 1 ? sameButCase[0] : undefined;
  return { meant, suggestion: meant ?? suggester.suggest(fragment)[0] };
}

/** The link with its fragment replaced. */
function rewriteFragment(link: PageLink, anchor: string): Fix {
  const hash = link.url.indexOf('#');
  return { edits: [{ start: link.span[0], end: link.span[1], text: `${link.url.slice(0, hash + 1)}${anchor}` }] };
}
