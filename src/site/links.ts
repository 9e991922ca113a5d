import type { Profile } from '../config/profiles.js';
import type { PageLink } from '../pages/scan.js';
import type { RedirectTable } from '../redirects/table.js';
import type { PageBody } from './pages.js';
import type { Site, SitePage } from './site.js';
import { childPointer } from '../source/pointer.js';
import { isExternalUrl, linkTarget, type LinkTarget } from '../link-target.js';

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
export function arrive(site: Site, redirects: RedirectTable, urlPath: string): Arrival | undefined {
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

export function direct(site: Site, urlPath: string): Arrival | undefined {
  const page = site.pageAt(urlPath);
  if (page) return { to: 'page', page };
  if (site.hasFile(urlPath)) return { to: 'file' };
  if (site.isFolder(urlPath)) return { to: 'folder' };
  return undefined;
}

/** A link of a page read as the site serves it: its target, and where it arrives (undefined: nowhere). */
export interface ResolvedLink {
  readonly target: LinkTarget;
  readonly arrival: Arrival | undefined;
}

/** Resolves a page's link: undefined for an external link; otherwise its target and arrival (a bare relative path may also be read from the root). */
function resolveLink(site: Site, redirects: RedirectTable, url: string, fromFile: string): ResolvedLink | undefined {
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

/**
 * Resolves each page's links once, however many rules ask (link-not-found and anchor-not-found
 * both do). What is kept is one resolution per distinct URL of a page, shared by the links that
 * write it, in an array beside the page's links; the pairs are made as they are read. A page of
 * 500,000 links to one URL kept an object per link here, 77 MB (issue 66).
 */
export function linkResolver(site: Site, redirects: RedirectTable): (page: PageBody) => Iterable<ResolvedPageLink> {
  const resolved = new Map<PageBody, readonly (ResolvedLink | undefined)[]>();
  const resolutionsOf = (page: PageBody): readonly (ResolvedLink | undefined)[] => {
    let row = resolved.get(page);
    // Stryker disable next-line ConditionalExpression: a memo; resolving a page's links again gives the same row (only the cost differs).
    if (row) return row;
    const byUrl = new Map<string, ResolvedLink | undefined>();
    row = page.scan.links.map(({ url }) => {
      // Stryker disable next-line ConditionalExpression: a memo; resolving the URL again gives the same resolution (only the cost differs).
      if (byUrl.has(url)) return byUrl.get(url);
      const resolution = resolveLink(site, redirects, url, page.file);
      byUrl.set(url, resolution);
      return resolution;
    });
    resolved.set(page, row);
    return row;
  };
  return function* (page) {
    const row = resolutionsOf(page);
    const links = page.scan.links;
    for (let i = 0; i < links.length; i++) yield { link: links[i], resolved: row[i] };
  };
}

/** An internal `href` of the navigation (a tab's, an anchor's, a dropdown's), at its pointer, and where it leads. */
export interface NavigationLink {
  href: string;
  pointer: string;
  resolved: ResolvedLink;
}

/**
 * The navigation's internal hrefs, read from the site's root (`guides` is `/guides`), redirects
 * followed. A global anchor's href counts only when the profile lets it link inside the site (the
 * platform's); under the spec it must link out, and external-href reports it.
 */
export function navigationLinks(document: unknown, site: Site, redirects: RedirectTable, profile: Profile): NavigationLink[] {
  const links: NavigationLink[] = [];
  const globalHrefsLinkOut = profile.globalAnchorHrefs !== 'platform';
  for (const { href, pointer } of navigationHrefs(document)) {
    if (isExternalUrl(href) || (globalHrefsLinkOut && pointer.startsWith('/navigation/global/'))) continue;
    const url = href.startsWith('/') ? href : `/${href}`;
    // An href that is not external, read from the root (`/…`), always has a target.
    // Stryker disable next-line StringLiteral: a URL from the root is read alike from any page (the page's file is never asked).
    links.push({ href, pointer, resolved: resolveLink(site, redirects, url, '')! });
  }
  return links;
}

/** Whether the navigation has an internal href at all (`navigationLinks` would find one), without building the site. */
export function hasNavigationLinks(document: unknown, profile: Profile): boolean {
  const globalHrefsLinkOut = profile.globalAnchorHrefs !== 'platform';
  for (const { href, pointer } of navigationHrefs(document)) {
    if (!isExternalUrl(href) && !(globalHrefsLinkOut && pointer.startsWith('/navigation/global/'))) return true;
  }
  return false;
}

/** Every string `href` under `navigation` (tabs, anchors, dropdowns, products, global anchors), with its pointer. */
function* navigationHrefs(document: unknown): Iterable<{ href: string; pointer: string }> {
  const navigation = (document as { navigation?: unknown } | null)?.navigation;
  if (typeof navigation !== 'object' || navigation === null) return;
  const stack: { value: object; pointer: string }[] = [{ value: navigation, pointer: '/navigation' }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value, pointer } = entry;
    if (!Array.isArray(value) && typeof (value as { href?: unknown }).href === 'string') {
      const href = (value as { href: string }).href.trim();
      if (href !== '') yield { href, pointer: childPointer(pointer, 'href') };
    }
    // Children last to first, so that they come out in order (an array's keys are its indexes); a
    // `pages` array of strings pushes nothing.
    for (const key of Object.keys(value).reverse()) {
      const child: unknown = (value as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push({ value: child, pointer: childPointer(pointer, key) });
    }
  }
}
