import type { PageLink } from '../pages/scan.js';
import type { RedirectTable } from '../redirects/table.js';
import type { PageBody } from './pages.js';
import type { Site, SitePage } from './site.js';
import { linkTarget, type LinkTarget } from './urls.js';

/** Where an internal link's path leads on the site: a page, a file, a folder of pages, or through redirects. */
type Arrival =
  | { to: 'page'; page: SitePage }
  | { to: 'file' }
  | { to: 'folder' }
  /** Through redirects: to a page (when the last one leads to a page of the site) or out of the site. */
  | { to: 'redirect'; destination: string; page?: SitePage };

/** Redirects followed at most this many times (a loop is the redirect rules' to report). */
const MAX_HOPS = 16;

/** Where a URL path (no leading `/`) arrives on the site, following redirects; undefined when nowhere. */
function arrive(site: Site, redirects: RedirectTable, urlPath: string): Arrival | undefined {
  const here = direct(site, urlPath);
  if (here) return here;
  let at = urlPath;
  const seen = new Set<string>();
  for (let hop = 0; hop < MAX_HOPS && !seen.has(at); hop++) {
    seen.add(at);
    const match = redirects.match(at);
    if (!match) return undefined;
    const target = linkTarget(match.destination, '');
    if (!target) return { to: 'redirect', destination: match.destination };
    const there = direct(site, target.path);
    if (there)
      return there.to === 'page' ? { to: 'redirect', destination: match.destination, page: there.page } : { to: 'redirect', destination: match.destination };
    at = target.path;
  }
  return undefined;
}

function direct(site: Site, urlPath: string): Arrival | undefined {
  const page = site.pageAt(urlPath);
  if (page) return { to: 'page', page };
  if (site.hasFile(urlPath)) return { to: 'file' };
  if (site.isFolder(urlPath)) return { to: 'folder' };
  return undefined;
}

/** A link of a page read as the site serves it: its target, and where it arrives (undefined: nowhere). */
export interface ResolvedLink {
  target: LinkTarget;
  arrival: Arrival | undefined;
}

/** Resolves a page's link: undefined for an external link; otherwise its target and arrival (a bare relative path may also be read from the root). */
export function resolveLink(site: Site, redirects: RedirectTable, url: string, fromFile: string): ResolvedLink | undefined {
  const target = linkTarget(url, fromFile);
  if (!target) return undefined;
  let arrival = arrive(site, redirects, target.path);
  if (!arrival && target.fromRoot !== undefined) arrival = arrive(site, redirects, target.fromRoot);
  return { target, arrival };
}

/** A link of a page and where it leads (`resolved` undefined: an external link). */
export interface ResolvedPageLink {
  link: PageLink;
  resolved: ResolvedLink | undefined;
}

/** Resolves each page's links once, however many rules ask (link-not-found and anchor-not-found both do). */
export function linkResolver(site: Site, redirects: RedirectTable): (page: PageBody) => readonly ResolvedPageLink[] {
  const resolved = new Map<PageBody, ResolvedPageLink[]>();
  return (page) => {
    let links = resolved.get(page);
    if (!links) resolved.set(page, (links = page.scan.links.map((link) => ({ link, resolved: resolveLink(site, redirects, link.url, page.file) }))));
    return links;
  };
}
