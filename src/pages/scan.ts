/**
 * One page body (`.md`/`.mdx`) read for what links checks need: its internal-link candidates and
 * the fragment ids it produces. The parser (the micromark family, bundled into a file of its own)
 * is loaded on the first scan, so that a run which scans no page does not pay for it.
 */
import { loadScanner } from './load.js';
import type { ScanJob } from './pool.js';
import type { PageScan } from './types.js';

export type { PageLink, PageScan } from './types.js';
export type { ScanJob } from './pool.js';

/**
 * Reads one page. `mdx` (default true) parses it as MDX, as the platform parses every page,
 * `.md` ones included; `mdx: false` is plain Markdown (CommonMark, GFM footnotes, math, front matter).
 * Offsets are UTF-16 offsets into `text`; front matter is skipped. Never throws.
 */
export function scanPage(text: string, options?: { mdx?: boolean }): PageScan {
  return loadScanner().scanPageText(text, options?.mdx ?? true);
}

/**
 * Reads many pages, in order, on up to `threads` threads, this one included (default `'auto'`:
 * helper threads only where they pay for their start, src/pages/pool.ts; `1`: this thread only).
 * Same scans as `scanPage` one by one; a job with `anchors: false` gives a scan whose anchors are
 * computed when first read (src/pages/anchors-later.ts).
 */
export function scanPages(jobs: readonly (ScanJob & { anchors?: false })[], options?: { threads?: number | 'auto' }): PageScan[] {
  return loadScanner().scanPageTexts(jobs, options?.threads);
}

/** A page's anchors alone (what `scanPage(text, { mdx }).anchors` gives): for a scan kept without them. */
export function pageAnchors(text: string, mdx: boolean): ReadonlySet<string> {
  return loadScanner().pageAnchorsOf(text, mdx);
}
