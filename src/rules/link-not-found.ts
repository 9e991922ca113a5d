import type { Finding } from '../problem.js';
import type { PageLink } from '../pages/scan.js';
import { resolveLink } from '../site/links.js';
import type { Site } from '../site/site.js';
import type { SiteRule } from './types.js';

/** A fix made where the finding is. */
type Fix = NonNullable<Finding['fix']>;

/**
 * An internal link in a page (a Markdown link or image, a reference definition, an element's
 * `href` or `src`) that leads to no page, file or redirect of the site: readers get a 404.
 * External links are not fetched. The fix rewrites the link only when one page is clearly meant.
 */
export const linkNotFound: SiteRule = {
  code: 'link-not-found',
  checkSite({ site, redirects, pages, reportInPage }) {
    for (const file of pages.files) {
      const body = pages.get(file);
      if (!body) continue;
      for (const link of body.scan.links) {
        const resolved = resolveLink(site, redirects, link.url, file);
        if (!resolved || resolved.arrival || resolved.target.base === 'same-page') continue;
        const wanted = resolved.target.path;
        // A file (`.png`, `.pdf`) is not a page misspelt: no page is suggested for it.
        const aFile = /\.[a-z0-9]+$/i.test(wanted) && !/\.mdx?$/i.test(wanted);
        const meant = aFile ? undefined : unambiguousPage(site, wanted.replace(/\.mdx?$/i, ''));
        const suggestion = aFile ? undefined : (meant ?? site.closest(wanted));
        reportInPage(body, {
          message: `${describe(link)} "${link.url}" leads nowhere: no page, file or redirect of the site is at /${wanted}.`,
          span: link.span,
          ...(suggestion !== undefined && { suggest: `/${suggestion}` }),
          ...(meant !== undefined && link.verbatim && { fix: rewrite(link, meant) }),
        });
      }
    }
  },
};

function describe(link: PageLink): string {
  if (link.kind === 'image') return 'Image';
  if (link.kind === 'definition') return 'Link definition';
  if (link.kind === 'element') return `<${link.element}> ${link.attribute}`;
  return 'Link';
}

/**
 * The one page a missing path clearly means: the only listed page equal to it but for case,
 * else the only listed page with the same last segment (a page moved to another folder).
 */
function unambiguousPage(site: Site, wanted: string): string | undefined {
  const lower = wanted.toLowerCase();
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  if (name === '') return undefined;
  const sameCase: string[] = [];
  const sameName: string[] = [];
  for (const page of site.pages.values()) {
    if (!page.listed) continue;
    const candidate = page.path.toLowerCase();
    if (candidate === lower) sameCase.push(page.path);
    if (candidate === name || candidate.endsWith(`/${name}`)) sameName.push(page.path);
  }
  if (sameCase.length > 0) return sameCase.length === 1 ? sameCase[0] : undefined;
  return sameName.length === 1 ? sameName[0] : undefined;
}

/** The link rewritten to the page, keeping what follows the path (`?query`, `#fragment`) as written. */
function rewrite(link: PageLink, page: string): Fix {
  const rest = link.url.search(/[?#]/);
  const text = `/${page}${rest === -1 ? '' : link.url.slice(rest)}`;
  return { edits: [{ start: link.span[0], end: link.span[1], text }] };
}
