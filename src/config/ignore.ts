/**
 * `ignore`: problems not to report. A pattern starting with `/` is a glob of JSON pointers
 * (`/navigation/tabs/3/**`: everything inside the fourth tab); any other pattern is a glob of
 * page paths (`drafts/**`: problems at a page entry or group `root` naming such a page).
 */
import type picomatchType from 'picomatch';
import { lazy } from '../lazy.js';
import { cleanPagePath } from '../navigation/entries.js';
import { parsePointer, valueAt } from '../source/pointer.js';

const picomatch = lazy<typeof picomatchType>('picomatch');

/** True when a problem at this pointer (into `root`, the value the pointer is into) is not reported. */
export type IgnoreTest = (pointer: string, root: unknown) => boolean;

/** Why a pattern cannot be used, or undefined when it can (the config file reports these). */
export function ignorePatternProblem(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'an ignore pattern cannot be empty';
  if (pattern.startsWith('!')) return 'negated ignore patterns ("!…") are not supported: list what to ignore';
  return undefined;
}

/** The usable patterns, split: globs of JSON pointers (starting with `/`) and globs of pages. */
function globsOf(patterns: readonly string[] | undefined): { pointerGlobs: string[]; pageGlobs: string[] } {
  const pointerGlobs: string[] = [];
  const pageGlobs: string[] = [];
  for (const pattern of patterns ?? []) {
    if (ignorePatternProblem(pattern) === undefined) (pattern.startsWith('/') ? pointerGlobs : pageGlobs).push(pattern);
  }
  return { pointerGlobs, pageGlobs };
}

/** A matcher of these globs (names starting with a dot matched like any other), or undefined for none. */
function matcher(globs: string[]): ((text: string) => boolean) | undefined {
  return globs.length > 0 ? picomatch()(globs, { dot: true }) : undefined;
}

/** A test of page paths (no extension) against the page globs among these patterns; undefined when there are none. */
export function ignoredPages(patterns: readonly string[] | undefined): ((page: string) => boolean) | undefined {
  return matcher(globsOf(patterns).pageGlobs);
}

/** The test for these patterns; undefined when there are none (nothing is ignored). */
export function ignoreTest(patterns: readonly string[] | undefined): IgnoreTest | undefined {
  const { pointerGlobs, pageGlobs } = globsOf(patterns);
  if (pointerGlobs.length + pageGlobs.length === 0) return undefined;
  const matchesPointer = matcher(pointerGlobs);
  const matchesPage = matcher(pageGlobs);
  return (pointer, root) => {
    if (matchesPointer?.(pointer)) return true;
    if (!matchesPage) return false;
    const page = pageAt(pointer, root);
    return page !== undefined && matchesPage(page);
  };
}

/** The page a pointer names: a string in a `pages` array or a group's `root`, in its tidy form (no `./`, `/` or extension). */
function pageAt(pointer: string, root: unknown): string | undefined {
  const segments = parsePointer(pointer);
  const n = segments.length;
  if (n < 2 || (segments[n - 2] !== 'pages' && segments[n - 1] !== 'root')) return undefined;
  const value = valueAt(root, segments);
  if (typeof value !== 'string') return undefined;
  return cleanPagePath(value);
}
