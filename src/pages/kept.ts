/**
 * What a run may take from pages kept between runs, as the pipeline sees it: the page scan store
 * (src/cache/opened-store.ts, behind the door the caller gives as `ValidateOptions.pageScans`) is one. The pipeline
 * asks; the cache decides what it can trust (stamps, hashes, checksums: src/cache/).
 */
import type { FileStamp } from '../files.js';
import type { Finding } from '../problem.js';
import type { FrontMatter } from './front-matter.js';
import type { PageScan } from './types.js';

/** A page to look up or file: its text, how it is parsed, and (for the metadata strategy) where it was read from. */
export interface PageText {
  text: string;
  mdx: boolean;
  /** What else makes its scan (the profile's name). */
  variant?: string;
  /** The absolute path it was read from, and the disk's stamp of it (`ReadOutcome.stamp`): only when read from that file on disk. */
  file?: string;
  stamp?: FileStamp;
}

/** Scans found by their page's text: any run may use them. */
export interface ScansByText {
  /** The kept scan of this text, parsed so; undefined when none. */
  keptScan(page: PageText): PageScan | undefined;
  /** Keeps the scan made of this text. */
  keepScan(page: PageText, scan: PageScan): void;
  /** What tells this scan's text from any other (the key it is kept under), for a scan `keptScan`, `keepScan` or `keptBody` gave. */
  keyOf(scan: PageScan): string | undefined;
}

/**
 * Pages known unchanged on disk by their files' stamps, without reading them: only for a run that
 * reads the disk as it is (no editor's texts, no caller's `readFile`).
 */
export interface KeptPages extends ScansByText {
  /** The front matter kept for a page file unchanged since: null when it has none; undefined when not known. */
  keptHead(file: string): FrontMatter | null | undefined;
  /** Keeps a page file's front matter, read with this stamp. */
  keepHead(file: string, stamp: FileStamp, head: FrontMatter | undefined): void;
  /**
   * A page file unchanged since its scan was kept: the key of its text, its scan, read when first
   * asked (undefined when it can no longer be read: then read the page; anchors kept as not
   * computed are computed from its text when first read), and its text, from `read()` (the text
   * and the stamp of the descriptor it was read from: a page saved since it was found unchanged is
   * kept by no entry, no anchors, no run). Undefined when the page is not known unchanged.
   */
  keptBody(
    file: string,
    parse: { mdx: boolean; variant?: string },
    read: () => { text: string; stamp?: FileStamp },
  ): { key: string; scan(): PageScan | undefined; text(): string } | undefined;
  /** The last site check kept (`keepCheck`), when it was made for this shape of the site. */
  keptCheck(shape: string): KeptSiteCheck | undefined;
  keepCheck(check: KeptSiteCheck): void;
  /**
   * The lookups kept by `keepLookups`, when they were made from exactly these files (absolute
   * paths): the lookups by their key (their shape is the caller's to check), and the files whose
   * stamp on disk, taken now without opening them, is not the one they were read with (the caller
   * decides what those changes change). Undefined when none are kept, or for other files.
   */
  keptLookups(files: readonly string[]): KeptLookups | undefined;
  /**
   * A file found unchanged by its stamp earlier in this run was read as other bytes (saved since):
   * nothing this run made from the earlier answer is kept (no whole run, no site check).
   */
  changedWhileRead(file: string): void;
  keepLookups(lookups: { stamps: ReadonlyMap<string, FileStamp>; lookups: ReadonlyMap<string, unknown> }): void;
}

/** Lookups kept between runs with the stamps of the files they were made from (`KeptPages.keptLookups`). */
export interface KeptLookups {
  lookups: ReadonlyMap<string, unknown>;
  /** The files changed on disk since (another stamp, or not a regular file). */
  changed: readonly string[];
  /** Whether `stamp` is the one `file` (absolute path) was read with when the lookups were made. */
  readAs(file: string, stamp: FileStamp): boolean;
}

/**
 * What a site check found, kept to check again only what changed: each content file's findings,
 * the key of the text they were found in, and the files whose anchors they depend on.
 */
export interface KeptSiteCheck {
  /** What the site is made of (src/site/check.ts's `shapeOf`): another shape, another check. */
  shape: string;
  files: Record<string, KeptFileCheck>;
}

export interface KeptFileCheck {
  /** The key of the text checked (`ScansByText.keyOf`); null when the file could not be read. */
  key: string | null;
  /** A digest of its anchors, when some page's `#fragment` link arrives at it (else not computed). */
  anchors?: string;
  /** The content files whose anchors its links' fragments were checked against. */
  deps: string[];
  /** What the page rules found in it, in order, each with its rule's code. */
  findings: Finding[];
  /**
   * Where each of `findings` is in the text of `key` (line, column, end line, end column: its span
   * placed), in the same order: a run that keeps them places them without reading that text.
   */
  places: Place[];
}

/** A finding's span placed in its text: line, column, end line, end column (1-based). */
export type Place = [line: number, column: number, endLine: number, endColumn: number];
