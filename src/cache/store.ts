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
import { isFileStamp, statStamp } from './stamp.js';
import type { FrontMatter } from '../resolve/front-matter.js';
import { scannerFingerprint } from '../pages/load.js';
import { packageRoot } from '../package-root.js';
import type { PageLink, PageScan } from '../pages/types.js';

/** Bump when what the file holds changes shape. */
const FORMAT = 3;

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
  /** The key of its scan (in `scans`), once the page was scanned. */
  scan?: string;
  /** Its text's length (UTF-16 code units, byte order mark left out): a kept scan must fit it. */
  length?: number;
  /** What its first 64 KB hold as front matter (`setHead`): null when no block, undefined when not kept. */
  head?: StoredHead | null;
}

/** A page's front matter as `parseFrontMatter` gave it (kept only when JSON gives it back the same). */
type StoredHead = FrontMatter;

interface StoreFile {
  key: string;
  pages: Record<string, StoredPage>;
  scans: Record<string, StoredScan>;
}

/** The file of whole validations beside it (`runsFileOf`), by what they were asked (src/cache/replay.ts checks their shape). */
interface RunsFile {
  key: string;
  runs: Record<string, unknown>;
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
  private keptRuns: ReadonlyMap<string, unknown> | undefined;
  private runsChanged = false;
  private readonly usedScans = new Map<string, StoredScan>();
  private readonly usedPages = new Map<string, StoredPage>();
  private readonly usedRuns = new Map<string, unknown>();
  /** The files of runs given again (`keepRun`). */
  private readonly keptFiles: Iterable<string>[] = [];
  /** The keys of texts looked up and not found, until their scans are `set`. */
  private readonly missed = new Map<string, string>();
  private hits = 0;
  private lookups = 0;
  /** Page files' stamps on disk, each taken once (a store serves one run: its front matter and its body ask alike). */
  private readonly stamps = new Map<string, FileStamp | undefined>();
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
    this.kept ??= readStore(this.file, storeKey());
    return this.kept;
  }

  /** The whole validations kept beside the file (read on first use: a run given again reads no scan). */
  private runsFromFile(): ReadonlyMap<string, unknown> {
    this.keptRuns ??= readRuns(runsFileOf(this.file), storeKey());
    return this.keptRuns;
  }

  /** The kept scan of this page, if any. */
  get(page: PageText): PageScan | undefined {
    this.lookups++;
    const kept = this.fromFile();
    const byStamp = this.strategy === 'metadata' && page.file !== undefined && page.stamp !== undefined ? kept.pages.get(page.file) : undefined;
    const scanKey = byStamp?.scan !== undefined && sameStamp(byStamp, page.stamp!) && byStamp.scan.startsWith(variantPrefix(page)) ? byStamp.scan : keyOf(page);
    const stored = kept.scans.get(scanKey) ?? this.usedScans.get(scanKey);
    // A file edited by hand is no reason to fail: an entry of another shape, or one that does not fit the page, is no entry.
    if (!isStoredScan(stored) || !fits(stored, page.text.length)) {
      this.missed.set(page.text, scanKey === byStamp?.scan ? keyOf(page) : scanKey);
      return undefined;
    }
    this.use(page, scanKey, stored);
    this.hits++;
    return scanOf(stored);
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
    if (this.strategy === 'metadata' && page.file !== undefined && page.stamp !== undefined)
      this.usePage(page.file, page.stamp, { scan: key, length: page.text.length });
  }

  /** What this run knows of a page file under its stamp, over what was known under the same stamp (another stamp: anew). */
  private usePage(file: string, stamp: FileStamp, what: Omit<StoredPage, keyof FileStamp>): void {
    const kept = this.fromFile().pages.get(file);
    const before = this.usedPages.get(file) ?? kept;
    const page: StoredPage = {
      ...(before && sameStamp(before, stamp) ? before : undefined),
      ...what,
      size: stamp.size,
      mtimeMs: stamp.mtimeMs,
      ino: stamp.ino,
    };
    if (!kept || !samePage(kept, page)) this.changed = true;
    this.usedPages.set(file, page);
  }

  /**
   * The kept scan of a page file (absolute path) whose stamp on disk, taken now without opening
   * it, is the one it was kept with, parsed as asked: the file need not be read. Undefined
   * otherwise (then read it and ask `get`). Only the `metadata` strategy knows pages by stamps.
   */
  keptScan(file: string, parse: { mdx: boolean; variant?: string }): PageScan | undefined {
    const entry = this.entryOf(file);
    if (entry?.scan === undefined || entry.length === undefined || !entry.scan.startsWith(variantPrefix(parse))) return undefined;
    const stamp = this.unchangedStamp(file, entry);
    if (!stamp) return undefined;
    const stored = this.fromFile().scans.get(entry.scan) ?? this.usedScans.get(entry.scan);
    if (!isStoredScan(stored) || !fits(stored, entry.length)) return undefined;
    this.lookups++;
    this.hits++;
    this.usedScans.set(entry.scan, stored);
    this.usePage(file, stamp, { scan: entry.scan, length: entry.length });
    return scanOf(stored);
  }

  /** The kept front matter of a page file whose stamp is unchanged (`keptScan`): null when it has none; undefined when not kept. */
  keptHead(file: string): StoredHead | null | undefined {
    const entry = this.entryOf(file);
    if (entry?.head === undefined) return undefined;
    const stamp = this.unchangedStamp(file, entry);
    if (!stamp) return undefined;
    this.usePage(file, stamp, { head: entry.head });
    return entry.head;
  }

  /** What this run or the file knows of a page file (the `metadata` strategy only). */
  private entryOf(file: string): StoredPage | undefined {
    return this.strategy === 'metadata' ? (this.usedPages.get(file) ?? this.fromFile().pages.get(file)) : undefined;
  }

  /** The page file's stamp on disk (taken once per store), when it is the one `entry` was kept with. */
  private unchangedStamp(file: string, entry: StoredPage): FileStamp | undefined {
    let stamp = this.stamps.get(file);
    if (!this.stamps.has(file)) this.stamps.set(file, (stamp = statStamp(file)));
    return stamp && sameStamp(entry, stamp) ? stamp : undefined;
  }

  /**
   * Keeps a page file's front matter (what its first 64 KB hold), read from disk with this stamp.
   * Front matter JSON would not give back the same (a YAML date, an infinite number) is not kept.
   */
  setHead(file: string, stamp: FileStamp, head: StoredHead | undefined): void {
    if (this.strategy !== 'metadata' || (head !== undefined && !sameInJson(head))) return;
    this.usePage(file, stamp, { head: head ?? null });
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
    if (this.changed || this.runsChanged) return true;
    if (this.lookups === 0) return false;
    const kept = this.fromFile();
    return kept.scans.size !== this.usedScans.size || (this.strategy === 'metadata' && kept.pages.size !== this.usedPages.size);
  }

  /** A whole validation kept under `key` (`setRun`), as the file holds it; undefined when none. Its shape is the caller's to check. */
  keptRun(key: string): unknown {
    return this.strategy === 'metadata' ? (this.usedRuns.get(key) ?? this.runsFromFile().get(key)) : undefined;
  }

  /** Keeps a whole validation under `key` (undefined: none is kept for it). */
  setRun(key: string, run: unknown): void {
    if (this.strategy !== 'metadata') return;
    this.runsChanged = true;
    if (run === undefined) this.usedRuns.delete(key);
    else this.usedRuns.set(key, run);
  }

  /**
   * A kept validation was used as it is (nothing it read changed): it, and the kept entries of
   * the page files it depends on, stay in the file when this run saves it (another validation
   * made with this store, or none: then the file is left as it is).
   */
  keepRun(key: string, files: Iterable<string>): void {
    const run = this.runsFromFile().get(key);
    if (run !== undefined) this.usedRuns.set(key, run);
    // The page entries come with the scans' file: read only when another validation of this run saves it.
    this.keptFiles.push(files);
  }

  /** The page entries of the runs given again, over those this run used: kept when the file is saved. */
  private keepPagesOfRuns(): void {
    const kept = this.fromFile();
    for (const file of this.keptFiles.flatMap((files) => [...files])) {
      const page = kept.pages.get(file);
      if (!page || this.usedPages.has(file)) continue;
      this.usedPages.set(file, page);
      const scan = page.scan === undefined ? undefined : kept.scans.get(page.scan);
      if (page.scan !== undefined && scan !== undefined) this.usedScans.set(page.scan, scan);
    }
  }

  /** The stamps `keptScan` and `keptHead` took of page files in this run (undefined: not a regular file), by absolute path. */
  stampsTaken(): ReadonlyMap<string, FileStamp | undefined> {
    return this.stamps;
  }

  /** Writes the entries this run used or made (a whole new file, renamed into place). Throws on an I/O error. */
  save(): void {
    this.keepPagesOfRuns();
    writeWhole(this.file, {
      key: this.fromFile().key,
      pages: Object.fromEntries(this.usedPages),
      scans: Object.fromEntries(this.usedScans),
    } satisfies StoreFile);
    if (this.runsChanged) writeWhole(runsFileOf(this.file), { key: storeKey(), runs: Object.fromEntries(this.usedRuns) } satisfies RunsFile);
  }
}

/** Writes a whole new file and renames it into place (two writers at once: the last rename wins, each file whole). */
function writeWhole(file: string, content: unknown): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // Unique per process and per store: two writers never share a temporary file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(content));
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** What both files are keyed by: this format, docsnav's version and the scanner's build. */
function storeKey(): string {
  return `${FORMAT}:${docsnavVersion()}:${scannerFingerprint()}`;
}

function scanOf(stored: StoredScan): PageScan {
  return { links: stored.links, anchors: new Set(stored.anchors), ...(stored.error && { error: stored.error }) };
}

function samePage(a: StoredPage, b: StoredPage): boolean {
  return sameStamp(a, b) && a.scan === b.scan && a.length === b.length && a.head === b.head;
}

/** A value JSON gives back as it is: plain objects, arrays, strings, finite numbers (not -0), booleans, null. */
function sameInJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(sameInJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) {
    // A key JSON.parse would not give back as an own property, or a value of another kind.
    if (key === '__proto__' || !sameInJson((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;
}

function variantPrefix(page: { mdx: boolean; variant?: string }): string {
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

/** A file's JSON; undefined when it is missing, not a regular file (a FIFO or a device would block the read or never end), or not JSON. */
function readJson(file: string): unknown {
  try {
    return statSync(file).isFile() ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** The whole validations in the runs file when it was written for this key; else none. */
function readRuns(file: string, key: string): Map<string, unknown> {
  const store = readJson(file) as Partial<RunsFile> | undefined;
  return store?.key === key && isRecord(store.runs) ? new Map<string, unknown>(Object.entries(store.runs)) : new Map<string, unknown>();
}

/** Where the whole validations of a store file are kept: beside it (`page-scans-….json` → `page-scans-….runs.json`). */
export function runsFileOf(file: string): string {
  return /\.json$/i.test(file) ? file.replace(/\.json$/i, '.runs.json') : `${file}.runs`;
}

/** The entries in the file when it was written for this key; else none. */
function readStore(file: string, key: string): Kept {
  const store = readJson(file) as Partial<StoreFile> | null | undefined;
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
  return (
    isFileStamp(value) &&
    page !== undefined &&
    (page.scan === undefined || typeof page.scan === 'string') &&
    (page.length === undefined || (Number.isSafeInteger(page.length) && page.length >= 0)) &&
    (page.head === undefined || page.head === null || isStoredHead(page.head))
  );
}

/** Front matter as `setHead` writes it. */
function isStoredHead(value: unknown): value is StoredHead {
  const head = value as Partial<StoredHead & { ok: boolean; data: unknown; message: unknown; line: unknown }> | undefined;
  if (typeof head !== 'object' || head === null || !Number.isSafeInteger(head.end) || head.end! < 0) return false;
  if (head.ok === true) return isRecord(head.data);
  return head.ok === false && typeof head.message === 'string' && (head.line === undefined || Number.isSafeInteger(head.line));
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

/** Every offset of the scan lies inside a page text of this length (a scan of another text would point past it). */
function fits(scan: StoredScan, length: number): boolean {
  return (
    scan.links.every((link) => link.span[0] <= link.span[1] && link.span[1] <= length) &&
    (scan.error === undefined || (Number.isSafeInteger(scan.error.offset) && scan.error.offset >= 0 && scan.error.offset <= length))
  );
}
