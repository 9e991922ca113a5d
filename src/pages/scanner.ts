/**
 * The page scanner proper: the custom heading ids blanked out (offsets kept), the page parsed,
 * its links and anchors collected. Loaded through load.ts, on the first scan.
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Root } from 'mdast';
import { collectAnchors } from './anchors.js';
import { anchorsLater } from './anchors-later.js';
import { fastScan, fastScanModules } from './fast-scan.js';
import { blankCustomHeadingIds } from './heading-ids.js';
import { collectLinks } from './links.js';
import { parseMarkdown } from './markdown.js';
import { helperCount, MICROMARK_PAGES, scanInParallel, serveIfHelper, WHOLE_PAGES, type ScanJob } from './pool.js';

export { helpersOfLastScan } from './pool.js';
export { mdxPageHead } from './imports.js';
import type { PageScan } from './types.js';

const NOTHING: PageScan = { links: [], anchors: new Set() };

/**
 * What can write a link or an anchor: `[`/`]` (links, images, definitions), `<` (elements,
 * autolinks), `#` (headings), `{` (expressions, which may not parse), a setext underline.
 * A page with none of them parses to nothing of interest.
 */
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*\r?$/m;

/**
 * Many pages, the scans in order, each on the fast path or, where it declines, by micromark, on up
 * to `threads` threads in all, this one included (pool.ts). Whole pages go to helper threads
 * beside this one when the machine has cores to spare and text enough for them to pay (pool.ts's
 * WHOLE_PAGES); else the fast path reads every page here, and the pages it leaves to micromark go
 * to helpers when there are enough of them (MICROMARK_PAGES).
 */
export function scanPageTexts(jobs: readonly PageJob[], threads?: number | 'auto'): PageScan[] {
  // Whole pages on helper threads come back with their anchors (a scan crosses threads whole): the same scans, computed early.
  if (helperCount(jobs, threads ?? 'auto', WHOLE_PAGES) > 0) return scanInParallel(jobs, scanJob, WHOLE_PAGES, threads);
  const scans: (PageScan | undefined)[] = jobs.map((job) => {
    const scan = fastScanPageText(job.text, job.mdx, job.anchors !== false);
    if (scan !== undefined) pathCounts.fast++;
    return scan;
  });
  const left: number[] = [];
  scans.forEach((scan, i) => {
    if (scan === undefined) left.push(i);
  });
  pathCounts.fallback += left.length;
  // Called with none left too: helpersOfLastScan() then says none.
  const slow = scanInParallel(
    left.map((i) => jobs[i]),
    micromarkJob,
    MICROMARK_PAGES,
    threads,
  );
  left.forEach((index, i) => (scans[index] = slow[i]));
  return scans as PageScan[];
}

function scanJob(job: ScanJob): PageScan {
  return scanPageText(job.text, job.mdx);
}

function micromarkJob(job: ScanJob): PageScan {
  return micromarkScanPageText(job.text, job.mdx);
}

/** Pages this thread scanned on the fast path, and those it left to micromark (for the bench). */
const pathCounts = { fast: 0, fallback: 0 };

export function scanPathCounts(): { fast: number; fallback: number } {
  return { ...pathCounts };
}

// This file is also what pool.ts starts its helper threads on (after the counts above: a helper
// scans as soon as it starts).
serveIfHelper({ page: scanJob, micromark: micromarkJob });

/**
 * What tells this scanner from another build of it (PageScanStore keys its file by it): the size
 * and time of the file it runs from (dist/cli/pages.js when built).
 */
export function scannerFingerprint(): string {
  // From the sources, the fast path is files of its own (fast-scan.ts lists them); in the bundle, the same file.
  return [...new Set([import.meta.url, ...fastScanModules])]
    .map((url) => {
      const file = statSync(fileURLToPath(url));
      return `${file.size}:${Math.trunc(file.mtimeMs)}`;
    })
    .join('+');
}

export function scanPageText(text: string, mdx: boolean): PageScan {
  if (!mayHaveLinksOrAnchors(text)) return NOTHING;
  // The parser skips a byte order mark and counts offsets after it: scan what follows, then shift.
  if (text.charCodeAt(0) === 0xfeff) return shifted(scanBody(text.slice(1), mdx), 1);
  return scanBody(text, mdx);
}

function shifted(scan: PageScan, by: number): PageScan {
  const links = scan.links.map((link) => ({ ...link, span: [link.span[0] + by, link.span[1] + by] as [number, number] }));
  return { ...scan, links, ...(scan.error && { error: { ...scan.error, offset: scan.error.offset + by } }) };
}

/** How a page is read: the fast path first, micromark when it declines; or one of them only (tests, bench). */
export type ScanPath = 'fast-then-micromark' | 'micromark';

/** A page to scan; `anchors: false`: its anchors are computed when first read (`pageAnchorsOf`), not with its links. */
export type PageJob = ScanJob & { anchors?: false };

/**
 * The fast path's scan of a page, or undefined when it leaves the page to micromark (for the
 * differential tests). `anchors` false: its anchors computed when first read.
 */
export function fastScanPageText(text: string, mdx: boolean, anchors = true): PageScan | undefined {
  if (!mayHaveLinksOrAnchors(text)) return NOTHING;
  if (text.charCodeAt(0) === 0xfeff) {
    const scan = fastScanBody(text.slice(1), mdx);
    return scan && shifted(scan, 1);
  }
  if (anchors) return fastScanBody(text, mdx);
  const { text: parsed, ids } = blankCustomHeadingIds(text);
  const fast = fastScan(parsed, text, mdx, ids.size > 0);
  if (!fast) return undefined;
  if (fast.error) return { ...NOTHING, error: fast.error };
  // The tree is kept until the anchors are read (or the scan is dropped): reading it again would cost a second parse.
  const tree = fast.tree as unknown as Root;
  return anchorsLater({ links: fast.links }, () => collectAnchors(tree, { customIds: ids, text, mode: pageMode(tree) }));
}

/** A page's anchors alone, as its scan gives them (`scanPageText(text, mdx).anchors`), without counting a scan. */
export function pageAnchorsOf(text: string, mdx: boolean): ReadonlySet<string> {
  if (!mayHaveLinksOrAnchors(text)) return NOTHING.anchors;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return (fastScanBody(body, mdx) ?? scanBody(body, mdx, 'micromark')).anchors;
}

/** micromark's scan of a page, never the fast path's (the oracle). */
export function micromarkScanPageText(text: string, mdx: boolean): PageScan {
  if (!mayHaveLinksOrAnchors(text)) return NOTHING;
  if (text.charCodeAt(0) === 0xfeff) return shifted(scanBody(text.slice(1), mdx, 'micromark'), 1);
  return scanBody(text, mdx, 'micromark');
}

function fastScanBody(text: string, mdx: boolean): PageScan | undefined {
  const { text: parsed, ids } = blankCustomHeadingIds(text);
  const fast = fastScan(parsed, text, mdx, ids.size > 0);
  if (fast === undefined) return undefined;
  if (fast.error) return { ...NOTHING, error: fast.error };
  const tree = fast.tree as unknown as Root;
  return { links: fast.links, anchors: collectAnchors(tree, { customIds: ids, text, mode: pageMode(tree) }) };
}

function scanBody(text: string, mdx: boolean, path: ScanPath = 'fast-then-micromark'): PageScan {
  try {
    if (path === 'fast-then-micromark') {
      const fast = fastScanBody(text, mdx);
      if (fast !== undefined) {
        pathCounts.fast++;
        return fast;
      }
      pathCounts.fallback++;
    }
    const { text: parsed, ids } = blankCustomHeadingIds(text);
    let tree: Root;
    try {
      tree = parseMarkdown(parsed, mdx);
    } catch (error) {
      return afterParseError(text, parsed, mdx, error);
    }
    return { links: collectLinks(tree, text), anchors: collectAnchors(tree, { customIds: ids, text, mode: pageMode(tree) }) };
  } catch (error) {
    // Not a parse error (a stack overflow on absurd nesting): said as one, never thrown.
    return { ...NOTHING, error: { message: error instanceof Error ? error.message : String(error), offset: 0 } };
  }
}

function mayHaveLinksOrAnchors(text: string): boolean {
  return text.includes('[') || text.includes('<') || text.includes('#') || text.includes('{') || SETEXT_UNDERLINE.test(text);
}

/**
 * The parser's message and place; what the page holds before the line it points at, when that
 * much parses (an unclosed element earlier fails it again: then no links).
 */
function afterParseError(text: string, parsed: string, mdx: boolean, error: unknown): PageScan {
  const offset = errorOffset(error, text);
  const message = errorMessage(error);
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (lineStart > 0) {
    try {
      const { ids } = blankCustomHeadingIds(text.slice(0, lineStart));
      const tree = parseMarkdown(parsed.slice(0, lineStart), mdx);
      return { links: collectLinks(tree, text), anchors: collectAnchors(tree, { customIds: ids, text, mode: pageMode(tree) }), error: { message, offset } };
    } catch {
      // The part before fails too: no links.
    }
  }
  return { ...NOTHING, error: { message, offset } };
}

interface ParserMessage {
  reason?: unknown;
  message?: unknown;
  place?: { offset?: number; line?: number; column?: number; start?: { offset?: number; line?: number; column?: number } };
}

function errorMessage(error: unknown): string {
  const { reason, message } = (error ?? {}) as ParserMessage;
  return typeof reason === 'string' ? reason : typeof message === 'string' ? message : String(error);
}

/** The offset the parser points at (a point, or the start of a range), within the text. */
function errorOffset(error: unknown, text: string): number {
  const place = (error ?? {}) as ParserMessage;
  const point = place.place?.start ?? place.place;
  if (point === undefined) return 0;
  if (typeof point.offset === 'number') return Math.max(0, Math.min(text.length, point.offset));
  if (typeof point.line === 'number') {
    let offset = 0;
    for (let line = 1; line < point.line; line++) {
      const next = text.indexOf('\n', offset);
      if (next === -1) return text.length;
      offset = next + 1;
    }
    return Math.min(text.length, offset + Math.max(0, (point.column ?? 1) - 1));
  }
  return 0;
}

/** The front matter's `mode` (custom and frame pages have no heading anchors). */
function pageMode(tree: Root): string | undefined {
  const first = tree.children[0];
  if (first?.type !== 'yaml') return undefined;
  return /^mode:[ \t]*(["']?)([\w-]+)\1[ \t]*$/m.exec(first.value)?.[2];
}
