import path from 'node:path';

/** Where an internal link points: a URL path under the site (no leading slash) and its fragment. */
export interface LinkTarget {
  /** The URL path without the leading `/`, percent-decoded, without a trailing `/` (`""` is the site's root). */
  path: string;
  /** The fragment without `#`, percent-decoded; undefined when there is none. */
  fragment?: string;
  /** How the path was written: from the site's root (`/x`), relative to the page (`./x`, `../x`, `x`), or the page itself (`#x`). */
  base: 'root' | 'relative' | 'same-page';
  /**
   * A bare relative path (`x/y`, no `./`) read from the site's root instead, as the platform's own
   * link checker reads it; a link is found when either reading is.
   */
  fromRoot?: string;
}

/** A scheme (`https:`, `mailto:`, `cursor:`) or a protocol-relative `//host`: not a page of the site. */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** A URL that leaves the site: any scheme (`https:`, `mailto:`, `cursor:`) or a protocol-relative `//host`. */
export function isExternalUrl(url: string): boolean {
  return EXTERNAL.test(url.trim());
}

/**
 * Reads an internal link as the platform serves it: undefined for external links (any scheme,
 * `//host`), `data:` and empty URLs; otherwise the URL path it leads to, resolved against the
 * folder of the page that holds it (`fromFile`, root-relative), and its fragment. The query
 * string is not part of the page.
 */
export function linkTarget(url: string, fromFile: string): LinkTarget | undefined {
  const trimmed = url.trim();
  if (trimmed === '' || isExternalUrl(trimmed)) return undefined;
  const hashAt = trimmed.indexOf('#');
  const beforeHash = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
  const fragment = hashAt === -1 ? undefined : decode(trimmed.slice(hashAt + 1));
  const queryAt = beforeHash.indexOf('?');
  const written = decode((queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt)).replaceAll('\\', '/'));
  if (written === '') {
    const page = pagePathOfFile(fromFile);
    return fragment === undefined ? { path: page, base: 'same-page' } : { path: page, fragment, base: 'same-page' };
  }
  const base = written.startsWith('/') ? 'root' : 'relative';
  const joined = base === 'root' ? written : path.posix.join(path.posix.dirname(fromFile), written);
  const target: LinkTarget = { path: urlPath(joined), base };
  if (fragment !== undefined) target.fragment = fragment;
  if (base === 'relative' && !/^\.\.?(?:\/|$)/.test(written)) target.fromRoot = urlPath(written);
  return target;
}

/** A path as a URL path under the site: `.` and `..` resolved (never above the root), no leading or trailing `/`. */
function urlPath(joined: string): string {
  // normalize leaves one `/` at most at the end (it collapses repeated ones).
  return path.posix.normalize(`/${joined}`).replace(/\/$/, '').slice(1);
}

/** The URL path of a page file: its root-relative path without `.mdx`/`.md`. */
function pagePathOfFile(file: string): string {
  return file.replace(/\.mdx?$/i, '');
}

/** Percent-decoded, or as written when the escapes are malformed (`100%`). */
function decode(text: string): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: decodeURIComponent gives a text without `%` back as it is; the test only spares the call.
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
