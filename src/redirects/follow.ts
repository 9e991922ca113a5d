import { isExternalUrl } from '../link-target.js';
import type { Redirect, RedirectTable } from './table.js';
import { isSnippetFile } from '../platform-ignores.js';

/** What following redirects asks of a site: what it serves at a path (src/site/site.ts's `Site` answers it). */
interface ServedPaths {
  /** The page served at a URL path (no leading `/`), or undefined. */
  pageAt(urlPath: string): { path: string } | undefined;
  /** True when a file that is not a page is served at this root-relative path. */
  hasFile(urlPath: string): boolean;
  /** True when a URL path is a folder holding served pages. */
  isFolder(urlPath: string): boolean;
}

/**
 * Where following a redirect's destination ends:
 * - `page`: a page or file the site serves (`path`, no leading `/`), or the site's root;
 * - `external`: a URL of another site (not fetched);
 * - `pattern`: a destination still holding `:name` or `*` (no concrete path to look up);
 * - `missing`: a path with no page, no file and no redirect;
 * - `loop`: a path of the cycle `cycle` (the redirects that lead round it, in order);
 * - `into-loop`: a path that leads into the cycle `cycle` without being on it.
 */
type Ending =
  | { kind: 'page'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'pattern'; destination: string }
  | { kind: 'missing'; path: string }
  | { kind: 'loop' | 'into-loop'; cycle: readonly Redirect[] };

/** A redirect followed: how many further redirects it takes, and where it ends. */
export interface Followed {
  redirect: Redirect;
  /** How many further redirects are taken from its destination on (0: the destination is where it ends). */
  hops: number;
  /** The first further redirect taken, when there is one. */
  next: Redirect | undefined;
  /**
   * A further redirect taken is a pattern (`/latest/:slug*`) or temporary (`permanent: false`):
   * such a redirect is often an alias meant to move (`latest` to the newest version).
   */
  viaAlias: boolean;
  /** The last destination written out (the redirect's own when there are no hops), its parameters filled in. */
  last: string;
  /**
   * The `?query`/`#fragment` the reader ends with: the last one written along the way (the
   * redirect's own included), and how many destinations along the way wrote one.
   */
  suffix: string;
  suffixes: number;
  ending: Ending;
}

/**
 * How a path (no leading or trailing `/`) ends: the same for every redirect that reaches it, so
 * computed once. Counts, not lists, so that a long chain stays linear in memory too.
 */
interface PathEnding {
  hops: number;
  next: Redirect | undefined;
  viaAlias: boolean;
  last: string | undefined;
  /** The last `?query`/`#fragment` the further destinations write, and how many write one. */
  suffix: string;
  suffixes: number;
  ending: Ending;
}

/** A destination's `?query#fragment` (or either), `""` when it has none. */
export function suffixOf(destination: string): string {
  return /[?#].*$/s.exec(destination)?.[0] ?? '';
}

const NO_HOPS = { hops: 0, next: undefined, viaAlias: false, last: undefined, suffix: '', suffixes: 0 } as const;

/** A destination's path: without `?query` and `#fragment`, and without its leading and trailing `/`. */
export function pathOf(destination: string): string {
  return trimSlashes(destination.split('#')[0].split('?')[0]);
}

/** True when a path still holds a `:name` parameter or a `*` wildcard (as the platform's checker tests it). */
export function isPattern(path: string): boolean {
  return /[:*]/.test(path);
}

const cache = new WeakMap<RedirectTable, WeakMap<ServedPaths, Followed[]>>();

/**
 * Every redirect of the table followed to where it ends, each path looked up once: a chain of
 * n redirects costs n lookups in all, not n per redirect that enters it (5,000 redirects in one
 * chain stay linear). The result is kept per table and site, so the redirect rules share it.
 */
export function followRedirects(table: RedirectTable, site: ServedPaths): readonly Followed[] {
  let bySite = cache.get(table);
  if (!bySite) cache.set(table, (bySite = new WeakMap()));
  const known = bySite.get(site);
  if (known) return known;
  const endings = new Map<string, PathEnding>();
  const followed = table.redirects.map((redirect): Followed => {
    const destination = redirect.destination;
    const own = suffixOf(destination);
    if (isExternalUrl(destination))
      return {
        redirect,
        hops: 0,
        next: undefined,
        viaAlias: false,
        last: destination,
        suffix: own,
        suffixes: 0,
        ending: { kind: 'external', url: destination },
      };
    const end = endingOf(pathOf(destination), destination, table, site, endings);
    return {
      redirect,
      hops: end.hops,
      next: end.next,
      viaAlias: end.viaAlias,
      last: end.last ?? destination,
      suffix: end.suffix || own,
      suffixes: end.suffixes + (own === '' ? 0 : 1),
      ending: end.ending,
    };
  });
  bySite.set(site, followed);
  return followed;
}

/**
 * How `path` (reached through `destination`) ends. Walks the chain from it until a path whose
 * ending is known, an end, or a path already on this walk (a loop), then records the ending of
 * every path walked.
 */
function endingOf(path: string, destination: string, table: RedirectTable, site: ServedPaths, endings: Map<string, PathEnding>): PathEnding {
  const walked: Array<{ path: string; redirect: Redirect | undefined; next: string }> = [];
  const onWalk = new Map<string, number>();
  let at = path;
  let written = destination;
  let end: PathEnding;
  for (;;) {
    const seen = endings.get(at);
    if (seen) {
      end = seen;
      break;
    }
    const index = onWalk.get(at);
    if (index !== undefined) {
      // The paths from `index` on lead round a cycle; the ones before lead into it.
      const cycle = walked.slice(index).map((step) => step.redirect!);
      const loop: PathEnding = { ...NO_HOPS, ending: { kind: 'loop', cycle } };
      walked.slice(index).forEach((step) => endings.set(step.path, loop));
      end = loop;
      walked.length = index;
      if (index === 0) return end;
      break;
    }
    const terminal = terminalEnding(at, written, site);
    if (terminal) {
      end = { ...NO_HOPS, ending: terminal };
      endings.set(at, end);
      break;
    }
    const match = table.match(at);
    if (!match) {
      end = { ...NO_HOPS, ending: { kind: 'missing', path: at } };
      endings.set(at, end);
      break;
    }
    onWalk.set(at, walked.length);
    walked.push({ path: at, redirect: match.redirect, next: match.destination });
    if (isExternalUrl(match.destination)) {
      end = { ...NO_HOPS, ending: { kind: 'external', url: match.destination } };
      break;
    }
    at = pathOf(match.destination);
    written = match.destination;
  }
  // Back along the walk: each path's hops are its own redirect and the hops after it.
  for (let i = walked.length - 1; i >= 0; i--) {
    const step = walked[i];
    const ending: Ending = end.ending.kind === 'loop' ? { kind: 'into-loop', cycle: end.ending.cycle } : end.ending;
    const own = suffixOf(step.next);
    end = {
      hops: end.hops + 1,
      next: step.redirect,
      viaAlias: end.viaAlias || isAlias(step.redirect!),
      last: end.last ?? step.next,
      suffix: end.suffix || own,
      suffixes: end.suffixes + (own === '' ? 0 : 1),
      ending,
    };
    endings.set(step.path, end);
  }
  return end;
}

/** Where a path ends without a redirect: the site's root, a page, a served file, a folder of pages, or a destination left as a pattern. */
function terminalEnding(path: string, written: string, site: ServedPaths): Ending | undefined {
  // The root is always served: the platform sends `/` to the first page when there is no index page.
  if (path === '') return { kind: 'page', path };
  if (isPattern(path)) return { kind: 'pattern', destination: written };
  const page = site.pageAt(path);
  if (page) return { kind: 'page', path: page.path };
  // A folder of pages: the platform's check takes its URL as a valid destination, index page or not.
  if (site.hasFile(path) || site.isFolder(path)) return { kind: 'page', path };
  // A root that cannot list its files knows its unlisted pages only by asking for their files.
  if (!isSnippetFile(path) && ['.mdx', '.md', '/index.mdx', '/index.md'].some((suffix) => site.hasFile(path + suffix))) return { kind: 'page', path };
  return undefined;
}

/** A pattern or temporary redirect: see `Followed.viaAlias`. */
function isAlias(redirect: Redirect): boolean {
  return redirect.permanent === false || isPattern(redirect.source);
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}
