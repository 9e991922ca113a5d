/**
 * Page scans kept between runs, in one file (the CLI's cache, on by default): a page that has not
 * changed is not parsed again. A page is found by its path and its file's size, modification time
 * and inode (the `metadata` strategy, as ESLint's: no hashing) and, when those changed or with the
 * `content` strategy, by a hash of its text. The file is keyed by this format, docsnav's version
 * and the scanner's build; each scan by the page's text, how it is parsed and the profile. After an
 * upgrade every page is scanned anew. A missing, unreadable, truncated or foreign file, or an
 * entry of another shape, is no entry: never an error, never a scan that does not fit its page.
 * Saving writes a whole new file and renames it into place (two processes at once: the last
 * rename wins, each file whole), and keeps only the entries this run used.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileStamp } from '../files.js';
import { scannerFingerprint } from './load.js';
import { packageRoot } from '../package-root.js';
import type { PageLink, PageScan } from './types.js';

/** Bump when what the file holds changes shape. */
const FORMAT = 2;

/** How a page is recognised as unchanged: its file's size, mtime and inode, else its text's hash (`metadata`); its text's hash only (`content`). */
export type CacheStrategy = 'metadata' | 'content';

export const CACHE_STRATEGIES: readonly CacheStrategy[] = ['metadata', 'content'];

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

interface StoredScan {
  links: PageLink[];
  anchors: string[];
  error?: PageScan['error'];
}

interface StoredPage extends FileStamp {
  /** The key of its scan (in `scans`). */
  scan: string;
}

interface StoreFile {
  key: string;
  pages: Record<string, StoredPage>;
  scans: Record<string, StoredScan>;
}

interface Kept {
  key: string;
  pages: ReadonlyMap<string, StoredPage>;
  scans: ReadonlyMap<string, StoredScan>;
}

/** How many page texts were hashed in this process (the metadata strategy's hits hash none). For tests and the bench. */
export const storeStats = { hashed: 0 };

export class PageScanStore {
  /** The file's entries, read on first use: a store nobody asks reads no file. */
  private kept: Kept | undefined;
  private readonly usedScans = new Map<string, StoredScan>();
  private readonly usedPages = new Map<string, StoredPage>();
  /** The keys of texts looked up and not found, until their scans are `set`. */
  private readonly missed = new Map<string, string>();
  private hits = 0;
  private lookups = 0;
  private changed = false;

  /**
   * The store kept in `file` (nothing yet when it does not exist or was written by another
   * docsnav or scanner), read when first asked. Never throws.
   */
  constructor(
    readonly file: string,
    readonly strategy: CacheStrategy = 'metadata',
  ) {}

  private fromFile(): Kept {
    if (this.kept === undefined) {
      const key = `${FORMAT}:${docsnavVersion()}:${scannerFingerprint()}`;
      this.kept = readStore(this.file, key);
    }
    return this.kept;
  }

  /** The kept scan of this page, if any. */
  get(page: PageText): PageScan | undefined {
    this.lookups++;
    const kept = this.fromFile();
    const byStamp = this.strategy === 'metadata' && page.file !== undefined && page.stamp !== undefined ? kept.pages.get(page.file) : undefined;
    const scanKey = byStamp && sameStamp(byStamp, page.stamp!) && byStamp.scan.startsWith(variantPrefix(page)) ? byStamp.scan : keyOf(page);
    const stored = kept.scans.get(scanKey) ?? this.usedScans.get(scanKey);
    // A file edited by hand is no reason to fail: an entry of another shape, or one that does not fit the page, is no entry.
    if (!isStoredScan(stored) || !fits(stored, page.text)) {
      this.missed.set(page.text, scanKey === byStamp?.scan ? keyOf(page) : scanKey);
      return undefined;
    }
    this.use(page, scanKey, stored);
    this.hits++;
    return { links: stored.links, anchors: new Set(stored.anchors), ...(stored.error && { error: stored.error }) };
  }

  set(page: PageText, scan: PageScan): void {
    const missed = this.missed.get(page.text);
    this.missed.delete(page.text);
    // The key of the lookup only when it was made for this parsing and profile.
    const key = missed?.startsWith(variantPrefix(page)) ? missed : keyOf(page);
    this.changed = true;
    this.use(page, key, { links: scan.links, anchors: [...scan.anchors], ...(scan.error && { error: scan.error }) });
  }

  private use(page: PageText, key: string, scan: StoredScan): void {
    this.usedScans.set(key, scan);
    if (this.strategy === 'metadata' && page.file !== undefined && page.stamp !== undefined) {
      const before = this.fromFile().pages.get(page.file);
      if (!before || !sameStamp(before, page.stamp) || before.scan !== key) this.changed = true;
      this.usedPages.set(page.file, { ...page.stamp, scan: key });
    }
  }

  /** How many scans this run took from the file or added. */
  get size(): number {
    return this.usedScans.size;
  }

  /** How many pages this run asked for, and how many of them it found kept (not parsed again). */
  get asked(): number {
    return this.lookups;
  }

  get reused(): number {
    return this.hits;
  }

  /** Whether saving would write something the file does not hold (a scan made, a page's stamp new, an entry dropped). */
  get dirty(): boolean {
    if (this.changed) return true;
    if (this.lookups === 0) return false;
    const kept = this.fromFile();
    return kept.scans.size !== this.usedScans.size || (this.strategy === 'metadata' && kept.pages.size !== this.usedPages.size);
  }

  /** Writes the entries this run used or made (a whole new file, renamed into place). Throws on an I/O error. */
  save(): void {
    const content: StoreFile = { key: this.fromFile().key, pages: Object.fromEntries(this.usedPages), scans: Object.fromEntries(this.usedScans) };
    mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true });
    // Unique per process and per store: two writers never share a temporary file.
    const temporary = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify(content));
      renameSync(temporary, this.file);
    } finally {
      rmSync(temporary, { force: true });
    }
  }
}

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;
}

function variantPrefix(page: PageText): string {
  return `${page.mdx ? 'mdx' : 'md'}:${page.variant ?? ''}:`;
}

function keyOf(page: PageText): string {
  storeStats.hashed++;
  return variantPrefix(page) + createHash('sha256').update(page.text).digest('base64url');
}

let version: string | undefined;

/** docsnav's version (from its package.json), or `unknown` when docsnav is bundled into another program. */
function docsnavVersion(): string {
  if (version === undefined) {
    const root = packageRoot();
    try {
      version = root === undefined ? 'unknown' : String((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown }).version);
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

const EMPTY = (key: string): Kept => ({ key, pages: new Map(), scans: new Map() });

/** The entries in the file when it was written for this key; else none. */
function readStore(file: string, key: string): Kept {
  let parsed: unknown;
  try {
    // Only a regular file: a FIFO or a device given as the location would block the read or never end.
    if (!statSync(file).isFile()) return EMPTY(key);
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return EMPTY(key);
  }
  const store = parsed as Partial<StoreFile> | null;
  if (store?.key !== key || !isRecord(store.scans) || !isRecord(store.pages)) return EMPTY(key);
  const pages = new Map<string, StoredPage>();
  for (const [page, entry] of Object.entries(store.pages)) if (isStoredPage(entry)) pages.set(page, entry);
  return { key, pages, scans: new Map(Object.entries(store.scans)) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStoredPage(value: unknown): value is StoredPage {
  const page = value as Partial<StoredPage> | undefined;
  return typeof page?.scan === 'string' && typeof page.size === 'number' && typeof page.mtimeMs === 'number' && typeof page.ino === 'number';
}

/** An entry as `set` writes it: links with a URL, a kind and a span of two offsets; anchors as strings. */
function isStoredScan(value: unknown): value is StoredScan {
  const scan = value as Partial<StoredScan> | undefined;
  return (
    Array.isArray(scan?.links) &&
    Array.isArray(scan.anchors) &&
    scan.anchors.every((anchor) => typeof anchor === 'string') &&
    scan.links.every(
      (link) =>
        typeof link?.url === 'string' &&
        typeof link.kind === 'string' &&
        Array.isArray(link.span) &&
        link.span.length === 2 &&
        link.span.every((offset) => Number.isSafeInteger(offset) && offset >= 0),
    )
  );
}

/** Every offset of the scan lies inside the page's text (a scan of another text would point past it). */
function fits(scan: StoredScan, text: string): boolean {
  return (
    scan.links.every((link) => link.span[0] <= link.span[1] && link.span[1] <= text.length) &&
    (scan.error === undefined || (Number.isSafeInteger(scan.error.offset) && scan.error.offset >= 0 && scan.error.offset <= text.length))
  );
}
