import type { Finding } from '../problem.js';
import { cleanHeadingId } from '../pages/ids.js';
import type { PageLink } from '../pages/scan.js';
import type { SiteRule } from './types.js';
import { closest, onlyOne } from '../suggest.js';

/** A fix made where the finding is. */
type Fix = NonNullable<Finding['fix']>;

/**
 * A link whose `#fragment` no heading or element of the target page produces: the page opens at
 * its top instead of the section meant. Only pages with a body are checked (not generated
 * endpoint pages, nor a snippet's own `#links`, whose page is the one that includes it).
 */
export const anchorNotFound: SiteRule = {
  code: 'anchor-not-found',
  readsPages: true,
  checkSite({ pages, linksOf, reportInPage }) {
    for (const file of pages.files) {
      const body = pages.get(file);
      if (!body) continue;
      for (const { link, resolved } of linksOf(body)) {
        const fragment = resolved?.target.fragment;
        if (!resolved || fragment === undefined || fragment === '') continue;
        let anchors: ReadonlySet<string> | undefined;
        let where: string;
        if (resolved.target.base === 'same-page') {
          if (file.startsWith('snippets/')) continue;
          anchors = body.scan.error ? undefined : body.scan.anchors;
          where = 'this page';
        } else {
          const arrival = resolved.arrival;
          const page = arrival?.to === 'page' || arrival?.to === 'redirect' ? arrival.page : undefined;
          if (page?.file === undefined) continue;
          const target = pages.get(page.file);
          anchors = target && !target.scan.error ? target.scan.anchors : undefined;
          where = `/${page.path}`;
        }
        if (!anchors || anchors.has(fragment) || anchors.has(cleanHeadingId(fragment))) continue;
        const meant = sameButCase(anchors, fragment);
        const suggestion = meant ?? closest(fragment, anchors);
        reportInPage(body, {
          message: `Link "${link.url}": no heading or element of ${where} has the id "${fragment}", so the page opens at its top.`,
          span: link.span,
          ...(suggestion !== undefined && { suggest: `#${suggestion}` }),
          ...(meant !== undefined && link.verbatim && { fix: rewriteFragment(link, meant) }),
        });
      }
    }
  },
};

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
