import type { Finding } from '../problem.js';
import { cleanHeadingId } from '../pages/ids.js';
import type { PageLink } from '../pages/scan.js';
import type { PageBodies } from '../site/pages.js';
import type { ResolvedLink } from '../site/links.js';
import { message } from '../messages.js';
import type { SiteRule } from '../site/rule.js';
import { closest, onlyOne } from '../suggest.js';
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
        const missing = target && missingAnchor(target.anchors, fragment);
        if (!target || !missing) continue;
        reportInPage(body, {
          message: message(MESSAGES, 'link', { url: link.url, where: target.where, fragment }),
          span: link.span,
          ...(missing.suggestion !== undefined && { suggest: `#${missing.suggestion}` }),
          ...(missing.meant !== undefined && link.verbatim && { fix: rewriteFragment(link, missing.meant) }),
        });
      }
    }
    // The navigation's own hrefs (`"href": "/quickstart#install"`): reported at the href, with the closest id.
    for (const { href, pointer, resolved } of navigationLinks()) {
      const fragment = resolved.target.fragment;
      if (fragment === undefined || fragment === '') continue;
      const target = arrivedAt(pages, resolved);
      const missing = target && missingAnchor(target.anchors, fragment);
      if (!target || !missing) continue;
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

/** Undefined when the fragment is one of the anchors (or they are unknown); else the id meant (but for case) and the one to suggest. */
function missingAnchor(anchors: ReadonlySet<string> | undefined, fragment: string): { meant?: string; suggestion?: string } | undefined {
  if (!anchors || anchors.has(fragment) || anchors.has(cleanHeadingId(fragment))) return undefined;
  const meant = sameButCase(anchors, fragment);
  return { meant, suggestion: meant ?? closest(fragment, anchors) };
}

/** The one anchor equal to the fragment but for case. */
function sameButCase(anchors: ReadonlySet<string>, fragment: string): string | undefined {
  const lower = fragment.toLowerCase();
  return onlyOne(anchors, (anchor) => anchor.toLowerCase() === lower);
}

/** The link with its fragment replaced. */
function rewriteFragment(link: PageLink, anchor: string): Fix {
  const hash = link.url.indexOf('#');
  return { edits: [{ start: link.span[0], end: link.span[1], text: `${link.url.slice(0, hash + 1)}${anchor}` }] };
}
