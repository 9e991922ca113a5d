/**
 * Whether a page path is safe: as a URL (no characters that break one) and as a file a site
 * generator writes (nothing that climbs out of its output folder). The tree builder says
 * `unsafe-slug` with these; the common safe path is let through by one regex test each.
 */
import { isUrl } from '../navigation/openapi.js';

/** Characters that break a URL path (platform-facts §3 keeps them in page paths). */
const URL_BREAKING = /[?#:&%\s]/g;
/** The same, for `test` (a global regex keeps state between calls). */
export const HAS_URL_BREAKING = new RegExp(URL_BREAKING.source);

/** Page paths that could write outside a site generator's output folder, and why. */
const DANGEROUS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(^|\/)\.\.?(\/|$)/, 'has a "." or ".." segment'],
  [/^\//, 'starts with "/"'],
  [/^[a-z]:/i, 'starts with a drive letter'],
  [/\\/, 'has a backslash'],

  [/[\u0000-\u001f\u007f]/, 'has control characters'],
];

/** Any of them, in one test: the common safe path is let through without building a pointer. */
export const ANY_DANGER = new RegExp(DANGEROUS.map(([pattern]) => pattern.source).join('|'), 'i');

/** Why a page path could write outside the output folder ("has a backslash"); undefined when it cannot. */
export function dangerIn(page: string): string | undefined {
  if (!ANY_DANGER.test(page)) return undefined;
  return DANGEROUS.find(([pattern]) => pattern.test(page))?.[1];
}

/** What in a page path breaks URLs (`"?", whitespace`), as the message says it; undefined for a URL or a path with none. */
export function urlBreakingIn(page: string): string[] | undefined {
  if (isUrl(page)) return undefined;
  const unsafe = page.match(URL_BREAKING);
  if (!unsafe) return undefined;
  return [...new Set(unsafe.map((c) => (/\s/.test(c) ? 'whitespace' : `"${c}"`)))];
}
