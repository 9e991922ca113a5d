/**
 * Page scans kept between runs (the CLI's cache, on by default): a page that has not changed is
 * not parsed again, nor read. Its parts, each a file of its own beside `file` and read only when
 * used (src/cache/file.ts: real files in a real folder, each with a checksum of its body):
 * - `file`, the index: each page file's stamp (src/cache/stamp.ts), its scan's key, its text's
 *   length and its front matter; read by every run that is not given again whole; and beside it
 *   `<file>.changes` (`….changes.json`), what changed since the index was written (a run that
 *   changed a few pages writes that, not the whole index);
 * - `<file>.scans/`, one file per scan, named by the scan's key (the page text's hash, how it is
 *   parsed and the profile): read when a page's scan is asked for, written when one is made;
 * - `<file>.runs` (`….runs.json`), whole validations given again (src/cache/replay.ts), and
 *   `<file>.reports/`, the reports printed of them, read only when one is printed again;
 * - `<file>.check` (`….check.json`), the last site check, for checking only what changed
 *   (src/site/again.ts), each finding with its place (line and column) in its page's text.
 * A page is found by its stamp (the `metadata` strategy, as ESLint's, but with the change time and
 * the inode) and, when that changed, is racily clean, or with the `content` strategy, by its
 * text's hash. Everything is keyed by this format and the build (every bundle, src/cache/build.ts);
 * after an upgrade every page is read anew. A part that is missing, unreadable, edited, cut
 * short, of another build or of another shape is no part: never an error, never a scan that does
 * not fit its page. Saving writes each changed part as a new file renamed into place (two
 * processes at once: the last rename wins, each file whole), and keeps only what this run used.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FileStamp } from '../files.js';
import { codes } from '../codes.js';
import type { Finding } from '../problem.js';
import type { FrontMatter } from '../pages/front-matter.js';
import { packageRoot } from '../package-root.js';
import type { KeptFileCheck, KeptLookups, KeptPages, KeptSiteCheck, PageText } from '../pages/kept.js';
import { anchorsLater, computedAnchors } from '../pages/anchors-later.js';
import { pageAnchors } from '../pages/scan.js';
import type { PageLink, PageScan } from '../pages/types.js';
import { buildKey } from './build.js';
import { CacheFolder, partDigest } from './file.js';
import { cacheKey } from './key.js';
import { diskState, isRacy, isStampText, runClock, stampText } from './stamp.js';

/** Bump when what the files hold changes shape. */
const FORMAT = 6;
/** Packs an index may name before a save writes every scan it keeps into one new pack (and drops the others). */
const MAX_PACKS = 12;
/** A pack no index names (a run's that lost the race to write the index, or one killed before its index) is removed once this old. */
const ORPHAN_MS = 10 * 60 * 1000;

/** How a page is recognised as unchanged: its file's stamp, else its text's hash (`metadata`); its text's hash only (`content`). */
export type CacheStrategy = 'metadata' | 'content';

export const CACHE_STRATEGIES: readonly CacheStrategy[] = ['metadata', 'content'];

export type { PageText } from '../pages/kept.js';

interface StoredScan {
  links: PageLink[];
  /** null: not computed (no link's fragment needed them yet); computed from the page's text when first read. */
  anchors: string[] | null;
  error?: PageScan['error'];
}

interface StoredPage {
  /** Its file's stamp (`stampText`). */
  stamp: string;
  /** The stamp cannot tell a later edit (src/cache/stamp.ts): the page is known by its text's hash only. */
  racy?: true;
  /** The key of its scan, once the page was scanned. */
  scan?: string;
  /** Its text's length (UTF-16 code units, byte order mark left out): a kept scan must fit it. */
  length?: number;
  /** What its first 64 KB hold as front matter (`setHead`): null when no block, undefined when not kept. */
  head?: StoredHead | null;
}

/** A page's front matter as `parseFrontMatter` gave it (kept only when JSON gives it back the same). */
type StoredHead = FrontMatter;

/** Where a scan is in the packs: the pack's name, the scan's offset and length in it, and the digest of those bytes (the index's keyed checksum vouches for it). */
type ScanPlace = [pack: string, offset: number, length: number, digest: string];

interface IndexFile {
  /** What names this index (random, written with it): the changes written since (`IndexChanges`) name it. */
  id: string;
  pages: Record<string, StoredPage>;
  scans: Record<string, ScanPlace>;
}

/**
 * What changed since the index named `base` was written (its own part, `….changes.json`): each
 * page's and scan's new entry, null for one no longer kept. A run that changed a few pages writes
 * this instead of the whole index; changes of another index are not read.
 */
interface IndexChanges {
  base: string;
  pages: Record<string, StoredPage | null>;
  scans: Record<string, ScanPlace | null>;
}

/** The most changes a run writes beside an index of `size` entries (pages and scans) before it writes the whole index again. */
function maxChanges(size: number): number {
  return Math.max(64, size >> 3);
}

/** The file of whole validations beside the index, by what they were asked (src/cache/replay.ts checks their shape). */
interface RunsFile {
  runs: Record<string, unknown>;
}

/** How many page texts were hashed, scan files read and tables of kept operation lookups used, in this process (the metadata strategy's hits hash none; a page known unchanged reads its scan only when a rule asks). For tests and the bench. */
export const storeStats = { hashed: 0, scansRead: 0, lookupsKept: 0 };

export class PageScanStore implements KeptPages {
  /** Where its parts live. */
  private readonly folder: CacheFolder;
  /** This build's key; undefined when the build cannot be told (then nothing is kept or read). */
  private readonly key: string | undefined;
  /** When the run started: a stamp taken since (or just before) cannot tell a later edit. */
  private readonly startedAt = runClock.now();
  /** The index's entries, read on first use: a store nobody asks reads no file. */
  private kept: ReadonlyMap<string, StoredPage> | undefined;
  /** Whether the index file was whole and of this build (else it is written anew, whatever this run used). */
  private indexWhole = false;
  /** The index file as it is, without the changes written since: its id, pages and scans' places (what a run's changes are taken against). */
  private base: { id: string; pages: ReadonlyMap<string, StoredPage>; places: ReadonlyMap<string, ScanPlace> } | undefined;
  /** Where the index says each kept scan is (read with the index). */
  private places = new Map<string, ScanPlace>();
  /** Why the cache is not used this run, when the user's cache key is refused (src/cache/key.ts). */
  private readonly keyRefusal: string | undefined;
  private keptRuns: ReadonlyMap<string, unknown> | undefined;
  private runsChanged = false;
  /** Scans read or made this run, by key; `made`: those to write. */
  private readonly usedScans = new Map<string, StoredScan>();
  private readonly madeScans = new Map<string, PageScan>();
  /** Kept scans given out with their anchors not computed: written again when a run computed them. */
  private readonly anchorsLater = new Map<string, PageScan>();
  /** Scans asked for and not found (or not valid) this run. */
  private readonly noScan = new Set<string>();
  private readonly usedPages = new Map<string, StoredPage>();
  /** Pages found unchanged and then read with another stamp (`changedInRun`), and their kept scans' keys. */
  private readonly changedFiles = new Set<string>();
  private readonly changedKeys = new Set<string>();
  /** Files other than pages that changed while this run read them (`changedWhileRead`). */
  private readonly readOtherwise = new Set<string>();
  private readonly usedRuns = new Map<string, unknown>();
  /** Reports written this run, by name. */
  private readonly madeReports = new Map<string, string>();
  /** Other parts set this run (`setPart`), to write. */
  private readonly madeParts = new Map<string, unknown>();
  /** The lookups to keep (`keepLookups`), read when the store saves. */
  private madeLookups: { stamps: ReadonlyMap<string, FileStamp>; lookups: ReadonlyMap<string, unknown> } | undefined;
  /** The files of runs given again (`keepRun`). */
  private readonly keptFiles: Iterable<string>[] = [];
  /** The keys of texts looked up and not found, until their scans are `set`. */
  private readonly missed = new Map<string, string>();
  private hits = 0;
  private lookups = 0;
  /** What is at each path the run asked about (a regular file's stamp, `missing`, `other`), each stat'ed once: a store serves one run. */
  private readonly states = new Map<string, FileStamp | 'missing' | 'other'>();
  /** The key each scan given out is kept under (`keyOf`). */
  private readonly keys = new WeakMap<PageScan, string>();
  private changed = false;

  /**
   * The store kept in `file` (nothing yet when it does not exist or was written by another build
   * of docsnav), read when first asked. Never throws. `owned`: the folder from which each folder
   * down to `file`'s is docsnav's own, made by it and never a symbolic link (default: `file`'s
   * folder; the folders above it are the caller's).
   */
  constructor(
    readonly file: string,
    readonly strategy: CacheStrategy = 'metadata',
    owned?: string,
  ) {
    this.file = path.resolve(file);
    const build = buildKey();
    const secret = build === undefined ? undefined : cacheKey();
    this.keyRefusal = secret && 'refused' in secret ? secret.refused : undefined;
    this.folder = new CacheFolder(path.dirname(this.file), owned ?? path.dirname(this.file), secret && 'key' in secret ? secret.key : undefined);
    this.key = build === undefined || this.keyRefusal !== undefined ? undefined : `${FORMAT}:${docsnavVersion()}:${build}`;
  }

  /** What kept the cache from being used this run (a cache folder or file that is a symbolic link, a folder or key not the user's alone), when something did. */
  get refusal(): string | undefined {
    return this.keyRefusal ?? this.folder.refusal;
  }

  private fromFile(): ReadonlyMap<string, StoredPage> {
    this.kept ??= this.readIndex();
    return this.kept;
  }

  /** The whole validations kept beside the index (read on first use: a run given again reads no scan). */
  private runsFromFile(): ReadonlyMap<string, unknown> {
    if (this.keptRuns) return this.keptRuns;
    const runs = this.readPart<Partial<RunsFile>>(this.partName('runs'));
    this.keptRuns = isRecord(runs?.runs) ? new Map<string, unknown>(Object.entries(runs.runs)) : new Map<string, unknown>();
    return this.keptRuns;
  }

  /** The kept scan of this page, if any. */
  get(page: PageText): PageScan | undefined {
    this.lookups++;
    const byStamp = this.trustedEntry(page.file, page.stamp);
    const scanKey = byStamp?.scan !== undefined && byStamp.scan.startsWith(variantPrefix(page)) ? byStamp.scan : keyOf(page);
    const stored = this.scanOf(scanKey);
    // A file edited by hand is no reason to fail: an entry of another shape, or one that does not fit the page, is no entry.
    if (!stored || !fits(stored, page.text.length)) {
      this.missed.set(page.text, scanKey === byStamp?.scan ? keyOf(page) : scanKey);
      return undefined;
    }
    this.use(page, scanKey, stored);
    this.hits++;
    return this.keyed(
      this.scanFrom(scanKey, stored, () => page.text, page.mdx),
      scanKey,
    );
  }

  keyOf(scan: PageScan): string | undefined {
    return this.keys.get(scan);
  }

  private keyed(scan: PageScan, key: string): PageScan {
    this.keys.set(scan, key);
    return scan;
  }

  set(page: PageText, scan: PageScan): void {
    const missed = this.missed.get(page.text);
    this.missed.delete(page.text);
    // The key of the lookup only when it was made for this parsing and profile.
    const key = missed?.startsWith(variantPrefix(page)) ? missed : keyOf(page);
    const stored: StoredScan = { links: scan.links, anchors: null, ...(scan.error && { error: scan.error }) };
    // Its anchors as they are when the store is saved: computed by then, or not (src/pages/anchors-later.ts).
    this.madeScans.set(key, scan);
    this.noScan.delete(key);
    this.changed = true;
    this.keys.set(scan, key);
    this.use(page, key, stored);
  }

  private use(page: PageText, key: string, scan: StoredScan): void {
    this.usedScans.set(key, scan);
    if (this.strategy === 'metadata' && page.file !== undefined && page.stamp !== undefined)
      this.usePage(page.file, page.stamp, { scan: key, length: page.text.length });
  }

  /**
   * A page found unchanged by its stamp and read since with another (saved, or gone, in the
   * meantime): nothing this run learnt of it is kept (its entry, the anchors computed from the
   * text read, a whole run that read it), so that the next run reads it again.
   */
  private changedInRun(file: string, key: string): void {
    this.changedFiles.add(file);
    this.changedKeys.add(key);
    this.usedPages.delete(file);
    this.changed = true;
  }

  /** Whether a page changed while this run read it (`keptBody`): a whole run made now is not kept (src/cache/replay.ts). */
  get changedDuringRun(): boolean {
    return this.changedFiles.size > 0 || this.readOtherwise.size > 0;
  }

  /** A file read as other bytes than those its stamp, taken earlier in this run, described (`KeptPages.changedWhileRead`). */
  changedWhileRead(file: string): void {
    this.readOtherwise.add(file);
  }

  /** What this run knows of a page file under its stamp, over what was known under the same stamp (another stamp: anew). */
  private usePage(file: string, stamp: FileStamp, what: Omit<StoredPage, 'stamp' | 'racy'>): void {
    if (this.changedFiles.has(file)) return;
    const kept = this.fromFile().get(file);
    const before = this.usedPages.get(file) ?? kept;
    const text = stampText(stamp);
    const page: StoredPage = { ...(before?.stamp === text ? before : undefined), ...what, stamp: text };
    if (isRacy(stamp, this.startedAt)) page.racy = true;
    else delete page.racy;
    if (!kept || !samePage(kept, page)) this.changed = true;
    this.usedPages.set(file, page);
  }

  /**
   * A page file (absolute path) whose stamp on disk, taken now without opening it, is the one its
   * scan was kept with, parsed as asked: its text's key, and its scan, read from its file when
   * first asked. Undefined otherwise (then read it and ask `get`). Only the `metadata` strategy
   * knows pages by stamps.
   */
  keptBody(
    file: string,
    parse: { mdx: boolean; variant?: string },
    readPage: () => { text: string; stamp?: FileStamp },
  ): { key: string; scan(): PageScan | undefined; text(): string } | undefined {
    const entry = this.entryOf(file);
    if (entry?.scan === undefined || entry.length === undefined || !entry.scan.startsWith(variantPrefix(parse))) return undefined;
    const stamp = this.unchangedStamp(file, entry);
    if (!stamp) return undefined;
    const { scan: key, length } = entry;
    const found = stampText(stamp);
    this.usePage(file, stamp, { scan: key, length });
    // Found: not parsed again, whether its scan is read or not.
    this.lookups++;
    this.hits++;
    let scan: PageScan | undefined;
    // The text as read, stamped by the descriptor it came from: saved since the page was found unchanged (another stamp, or gone), it is not the text of this scan.
    const read = (): string => {
      const page = readPage();
      if (page.stamp === undefined || stampText(page.stamp) !== found) this.changedInRun(file, key);
      return page.text;
    };
    return {
      key,
      text: read,
      scan: () => {
        if (scan) return scan;
        const stored = this.scanOf(key);
        if (!stored || !fits(stored, length)) return undefined;
        this.usedScans.set(key, stored);
        return (scan = this.keyed(this.scanFrom(key, stored, read, parse.mdx), key));
      },
    };
  }

  /** The kept front matter of a page file whose stamp is unchanged (`keptBody`): null when it has none; undefined when not kept. */
  keptHead(file: string): StoredHead | null | undefined {
    const entry = this.entryOf(file);
    if (entry?.head === undefined) return undefined;
    const stamp = this.unchangedStamp(file, entry);
    if (!stamp) return undefined;
    this.usePage(file, stamp, { head: entry.head });
    return entry.head;
  }

  /** What this run or the index knows of a page file (the `metadata` strategy only). */
  private entryOf(file: string): StoredPage | undefined {
    return this.strategy === 'metadata' ? (this.usedPages.get(file) ?? this.fromFile().get(file)) : undefined;
  }

  /** A page's entry when the stamp a read gave is the one it was kept with and tells an edit (not racily clean). */
  private trustedEntry(file: string | undefined, stamp: FileStamp | undefined): StoredPage | undefined {
    if (file === undefined || stamp === undefined) return undefined;
    const entry = this.entryOf(file);
    return entry && !entry.racy && entry.stamp === stampText(stamp) ? entry : undefined;
  }

  /** The page file's stamp on disk (taken once per store), when it is the one `entry` was kept with and it tells an edit. */
  private unchangedStamp(file: string, entry: StoredPage): FileStamp | undefined {
    const state = this.stat(file);
    return typeof state === 'object' && !entry.racy && entry.stamp === stampText(state) ? state : undefined;
  }

  /** What is at a path (`diskState`), stat'ed once for the run: the replay's check and the pages' lookups ask alike. */
  stat(file: string): FileStamp | 'missing' | 'other' {
    let state = this.states.get(file);
    if (state === undefined) this.states.set(file, (state = diskState(file)));
    return state;
  }

  /**
   * Keeps a page file's front matter (what its first 64 KB hold), read from disk with this stamp.
   * Front matter JSON would not give back the same (a YAML date, an infinite number) is not kept.
   */
  setHead(file: string, stamp: FileStamp, head: StoredHead | undefined): void {
    if (this.strategy !== 'metadata' || (head !== undefined && !sameInJson(head))) return;
    this.usePage(file, stamp, { head: head ?? null });
  }

  /** A scan by its key: this run's, else its file's when that holds a scan of this key. */
  private scanOf(key: string): StoredScan | undefined {
    const used = this.usedScans.get(key);
    if (used) return used;
    if (this.noScan.has(key)) return undefined;
    const stored = this.readScan(key);
    // The key inside too: a scan copied over another's place is no scan of this key.
    if (stored?.key === key && isStoredScan(stored.scan)) {
      storeStats.scansRead++;
      return stored.scan;
    }
    this.noScan.add(key);
    return undefined;
  }

  /**
   * A kept scan as a page's scan: its anchors, when they were not computed, computed from the
   * page's text when first read, and kept from then on.
   */
  private scanFrom(key: string, stored: StoredScan, text: () => string, mdx: boolean): PageScan {
    const scan = { links: stored.links, ...(stored.error && { error: stored.error }) };
    if (stored.anchors !== null) return { ...scan, anchors: new Set(stored.anchors) };
    const later = anchorsLater(scan, () => pageAnchors(text(), mdx));
    this.anchorsLater.set(key, later);
    return later;
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

  /** Whether saving would write something the files do not hold (a scan made, a page's stamp new, an entry dropped, a run or part kept). */
  get dirty(): boolean {
    if (this.changed || this.runsChanged || this.madeParts.size > 0 || this.madeLookups !== undefined || this.anchorsComputed().length > 0) return true;
    if (this.lookups === 0) return false;
    return (this.strategy === 'metadata' && this.fromFile().size !== this.usedPages.size) || this.unusedScans().length > 0;
  }

  /** The kept scans whose anchors this run computed (they were kept as not computed). */
  private anchorsComputed(): Array<[string, PageScan]> {
    return [...this.anchorsLater].filter(([key, scan]) => !this.madeScans.has(key) && !this.changedKeys.has(key) && computedAnchors(scan) !== undefined);
  }

  /** The keys of the scans this run keeps: those it used or made, and those of the pages it keeps. */
  private keptScanKeys(): Set<string> {
    const keys = new Set(this.usedScans.keys());
    for (const page of this.usedPages.values()) if (page.scan !== undefined) keys.add(page.scan);
    return keys;
  }

  /** The kept scans neither a scan of this run nor a page it keeps is (pages gone, or changed), to drop when saving. */
  private unusedScans(): string[] {
    this.fromFile();
    const keys = this.keptScanKeys();
    return [...this.places.keys()].filter((key) => !keys.has(key));
  }

  /** A kept scan's entry (`{ key, scan }`), read from its pack at the place the index gives, when its bytes are those the index vouches for. */
  private readScan(key: string): { key?: unknown; scan?: unknown } | undefined {
    if (this.key === undefined) return undefined;
    const place = (this.fromFile(), this.places.get(key));
    if (!place) return undefined;
    const [pack, offset, length, digest] = place;
    const bytes = this.folder.readAt(`${this.partName('scans')}/${pack}`, offset, length);
    // A pack cut short, overwritten or of another run: its bytes are not those the index names.
    if (!bytes || partDigest(bytes) !== digest) return undefined;
    try {
      return JSON.parse(bytes.toString('utf8')) as { key?: unknown; scan?: unknown };
    } catch {
      return undefined;
    }
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
   * the page files it depends on, stay when this run saves (another validation made with this
   * store, or none: then the files are left as they are).
   */
  keepRun(key: string, files: Iterable<string>): void {
    const run = this.runsFromFile().get(key);
    if (run !== undefined) this.usedRuns.set(key, run);
    // The page entries come with the index: read only when another validation of this run saves it.
    this.keptFiles.push(files);
  }

  /** A report kept by `setReport` under `id`; undefined when none (or not whole). */
  keptReport(id: string): string | undefined {
    const made = this.madeReports.get(id);
    if (made !== undefined) return made;
    const stored = this.readPart<{ id?: unknown; report?: unknown }>(`${this.partName('reports')}/${id}`);
    return stored?.id === id && typeof stored.report === 'string' ? stored.report : undefined;
  }

  /** Keeps a report under `id` (a name only the report's own text and what it was asked make: `reportId`). */
  setReport(id: string, report: string): void {
    if (this.strategy !== 'metadata') return;
    this.madeReports.set(id, report);
    this.runsChanged = true;
  }

  /** The last site check (its own part, `….check.json`), when it was made for this shape and is of the shape `keepCheck` writes. */
  keptCheck(shape: string): KeptSiteCheck | undefined {
    if (this.strategy !== 'metadata') return undefined;
    const check = this.madeParts.has('check') ? this.madeParts.get('check') : this.readPart<{ value?: unknown }>(this.partName('check'))?.value;
    return isKeptCheck(check) && check.shape === shape ? check : undefined;
  }

  keepCheck(check: KeptSiteCheck): void {
    if (this.strategy === 'metadata') this.madeParts.set('check', check);
  }

  /**
   * The lookups kept (its own part, `….lookups.json`), when they were made from exactly `files`;
   * with the files whose stamp on disk, taken now without opening them, is not the one they were
   * read with then.
   */
  keptLookups(files: readonly string[]): KeptLookups | undefined {
    if (this.strategy !== 'metadata') return undefined;
    const stored = this.readPart<{ value?: unknown }>(this.partName('lookups'))?.value;
    if (!isStoredLookups(stored) || Object.keys(stored.stamps).length !== files.length) return undefined;
    const stamps = stored.stamps;
    const changed: string[] = [];
    for (const file of files) {
      if (!Object.hasOwn(stamps, file)) return undefined;
      const state = this.stat(file);
      if (typeof state !== 'object' || stampText(state) !== stamps[file]) changed.push(file);
    }
    storeStats.lookupsKept++;
    return {
      lookups: new Map(Object.entries(stored.lookups)),
      changed,
      readAs: (file, stamp) => Object.hasOwn(stamps, file) && stamps[file] === stampText(stamp),
    };
  }

  /** Keeps lookups (`KeptPages.keepLookups`); none when a file was read racily clean (changed too near this run's start for its stamp to tell a later edit). */
  keepLookups(made: { stamps: ReadonlyMap<string, FileStamp>; lookups: ReadonlyMap<string, unknown> }): void {
    if (this.strategy !== 'metadata' || [...made.stamps.values()].some((stamp) => isRacy(stamp, this.startedAt))) return;
    this.madeLookups = made;
  }

  /** The lookups to write (`keepLookups`), when JSON gives them back as they are. */
  private lookupsToWrite(): StoredLookups | undefined {
    if (!this.madeLookups) return undefined;
    const { stamps, lookups } = this.madeLookups;
    const value: StoredLookups = {
      stamps: Object.fromEntries([...stamps].map(([file, stamp]) => [file, stampText(stamp)])),
      lookups: Object.fromEntries(lookups),
    };
    return sameInJson(value) ? value : undefined;
  }

  /** The page entries of the runs given again, over those this run used: kept when the index is saved. */
  private keepPagesOfRuns(): void {
    const kept = this.fromFile();
    for (const file of this.keptFiles.flatMap((files) => [...files])) {
      const page = kept.get(file);
      if (!page || this.usedPages.has(file)) continue;
      this.usedPages.set(file, page);
    }
  }

  /** What the run found at each path it stat'ed (`stat`): a kept run depends on each. */
  stampsTaken(): ReadonlyMap<string, FileStamp | 'missing' | 'other'> {
    return this.states;
  }

  /** When this run started (`Date.now()`): what a stamp taken in it is racily clean against. */
  get runStart(): number {
    return this.startedAt;
  }

  /** Closes the folders and packs this store opened (`save` closes them too); a later use opens them again. */
  close(): void {
    this.folder.close();
  }

  /** Writes what this run made or used (each changed part a whole new file, renamed into place). Throws on an I/O error. */
  save(): void {
    if (this.key === undefined || this.folder.refusal !== undefined) return;
    try {
      this.saveParts();
    } finally {
      this.folder.close();
    }
  }

  private saveParts(): void {
    this.keepPagesOfRuns();
    const scans = this.partName('scans');
    const before = new Set([...this.places.values()].map(([pack]) => pack));
    const places = this.savePack(scans);
    const reports = this.partName('reports');
    for (const [id, report] of this.madeReports) this.writePart(`${reports}/${id}`, { id, report });
    // The site check of a run in which a page changed as it was read is of no one text of that page: the last one stays.
    for (const [name, value] of this.madeParts) if (!(name === 'check' && this.changedDuringRun)) this.writePart(this.partName(name), { value });
    const lookups = this.lookupsToWrite();
    if (lookups) this.writePart(this.partName('lookups'), { value: lookups });
    const placesChanged = places.size !== this.places.size || [...places].some(([key, place]) => this.places.get(key) !== place);
    if (this.changed || placesChanged || !this.indexWhole || this.fromFile().size !== this.usedPages.size) this.saveIndex(places);
    // The packs this index no longer names (every scan in them gone, or moved into the new pack); and
    // those no index named for a while (a run killed before writing its index, or whose index another
    // run's replaced). A pack another run's index still names is at worst a miss for that index: each
    // scan is checked against its digest, and scanned again when it is not there.
    const named = new Set([...places.values()].map(([pack]) => pack));
    const now = Date.now();
    this.folder.remove(
      this.folder
        .list(scans)
        .filter(({ name, mtimeMs }) => !named.has(name) && (before.has(name) || now - mtimeMs > ORPHAN_MS))
        .map(({ name }) => `${scans}/${name}`),
    );
    this.places = places;
    if (this.runsChanged) {
      this.writePart(this.partName('runs'), { runs: Object.fromEntries(this.usedRuns) } satisfies RunsFile);
      const kept = new Set([...this.usedRuns.values()].flatMap(reportIdsOf));
      this.folder.remove(
        this.folder
          .list(reports)
          .filter(({ name }) => !kept.has(name))
          .map(({ name }) => `${reports}/${name}`),
      );
    }
  }

  /**
   * Writes the index: only what changed since the index file was written (`IndexChanges`, its own
   * part) while that is little beside it; else the whole index, under a new id (the changes written
   * beside the last one then name another index, and are not read).
   */
  private saveIndex(places: ReadonlyMap<string, ScanPlace>): void {
    const changes = this.base && {
      base: this.base.id,
      pages: changesOf(this.base.pages, this.usedPages, samePage),
      scans: changesOf(this.base.places, places, (a, b) => a === b),
    };
    if (changes && Object.keys(changes.pages).length + Object.keys(changes.scans).length <= maxChanges(this.base!.pages.size + this.base!.places.size)) {
      this.writePart(this.partName('changes'), changes satisfies IndexChanges);
      return;
    }
    const id = randomBytes(8).toString('hex');
    this.writePart(this.folderName(this.file), { id, pages: Object.fromEntries(this.usedPages), scans: Object.fromEntries(places) } satisfies IndexFile);
    // And no changes, naming it: the changes part is there from the first save on, so a later save
    // that writes changes adds no file. A cache in the docs root is in its listing, by which a kept
    // run and the kept site check are found: a name new there would lose both for the next run.
    this.writePart(this.partName('changes'), { base: id, pages: {}, scans: {} } satisfies IndexChanges);
  }

  /**
   * Writes the scans this run made (and those whose anchors it computed) as one new pack, written
   * once and renamed into place; when the index would name more than MAX_PACKS packs, every scan
   * it keeps goes into the new pack. The places of the scans kept, for the index.
   */
  private savePack(scans: string): Map<string, ScanPlace> {
    const keep = this.keptScanKeys();
    const places = new Map<string, ScanPlace>();
    const write = new Map<string, StoredScan>();
    for (const [key, made] of [...this.madeScans, ...this.anchorsComputed()]) {
      const scan = this.usedScans.get(key);
      const anchors = computedAnchors(made);
      if (scan) write.set(key, { ...scan, anchors: anchors ? [...anchors] : scan.anchors });
    }
    for (const key of keep) {
      const place = this.places.get(key);
      if (place && !write.has(key)) places.set(key, place);
    }
    if (new Set([...places.values()].map(([pack]) => pack)).size + (write.size > 0 ? 1 : 0) > MAX_PACKS) {
      for (const key of places.keys()) {
        const scan = this.scanOf(key);
        if (scan) write.set(key, scan);
      }
      places.clear();
    }
    if (write.size === 0) return places;
    const pack = `${randomBytes(8).toString('hex')}.pack`;
    const parts: Buffer[] = [];
    let offset = 0;
    for (const [key, scan] of write) {
      const bytes = Buffer.from(JSON.stringify({ key, scan }), 'utf8');
      parts.push(bytes);
      places.set(key, [pack, offset, bytes.length, partDigest(bytes)]);
      offset += bytes.length;
    }
    this.folder.write(`${scans}/${pack}`, Buffer.concat(parts, offset));
    return places;
  }

  /** A part's name in the folder: the index's name with the part's (`page-scans.json` → `page-scans.runs.json`; a name without `.json`: `<name>.runs`). */
  private partName(part: string): string {
    return this.folderName(partFileOf(this.file, part));
  }

  private folderName(file: string): string {
    return path.relative(this.folder.folder, file).split(path.sep).join('/');
  }

  private writePart(name: string, value: object): void {
    this.folder.write(name, JSON.stringify({ build: this.key, ...value }));
  }

  /** A part's JSON when its file is whole (its checksum holds) and was written by this build; else undefined. */
  private readPart<T>(name: string): T | undefined {
    if (this.key === undefined) return undefined;
    const body = this.folder.read(name);
    if (body === undefined) return undefined;
    try {
      const value = JSON.parse(body) as { build?: unknown } | null;
      return value?.build === this.key ? (value as T) : undefined;
    } catch {
      return undefined;
    }
  }

  /** The index file's entries, with the changes written since (`saveIndex`) when they name it. */
  private readIndex(): ReadonlyMap<string, StoredPage> {
    const index = this.readPart<Partial<IndexFile>>(this.folderName(this.file));
    const pages = new Map<string, StoredPage>();
    if (!isRecord(index?.pages) || !isRecord(index.scans) || typeof index.id !== 'string') return pages;
    this.indexWhole = true;
    for (const [page, entry] of Object.entries(index.pages)) if (isStoredPage(entry)) pages.set(page, entry);
    for (const [key, place] of Object.entries(index.scans)) if (isScanPlace(place)) this.places.set(key, place);
    this.base = { id: index.id, pages: new Map(pages), places: new Map(this.places) };
    const changes = this.readPart<Partial<IndexChanges>>(this.partName('changes'));
    if (changes?.base !== index.id || !isRecord(changes.pages) || !isRecord(changes.scans)) return pages;
    for (const [page, entry] of Object.entries(changes.pages)) {
      if (isStoredPage(entry)) pages.set(page, entry);
      else pages.delete(page);
    }
    for (const [key, place] of Object.entries(changes.scans)) {
      if (isScanPlace(place)) this.places.set(key, place);
      else this.places.delete(key);
    }
    return pages;
  }
}

/** The parts that are folders of files (one per scan, one per report). */
const FOLDER_PARTS = new Set(['scans', 'reports']);

/**
 * Where a part of a store lives beside its index: a file (`page-scans.json` → `page-scans.runs.json`;
 * `.docsnavcache` → `.docsnavcache.runs`) or a folder (`page-scans.json` → `page-scans.scans`).
 */
export function partFileOf(file: string, part: string): string {
  if (FOLDER_PARTS.has(part)) return `${file.replace(/\.json$/i, '')}.${part}`;
  return /\.json$/i.test(file) ? file.replace(/\.json$/i, `.${part}.json`) : `${file}.${part}`;
}

/** The run's reports' file names (`reports` of a kept run: name → id). */
function reportIdsOf(run: unknown): string[] {
  const reports = (run as { reports?: unknown } | null)?.reports;
  return isRecord(reports) ? Object.values(reports).filter((id): id is string => typeof id === 'string') : [];
}

/** What `now` holds that `base` does not hold the `same` (a page's entry, a scan's place), and null for each key `base` holds and `now` not. */
function changesOf<T>(base: ReadonlyMap<string, T>, now: ReadonlyMap<string, T>, same: (a: T, b: T) => boolean): Record<string, T | null> {
  const changes: Record<string, T | null> = {};
  for (const [key, value] of now) {
    const before = base.get(key);
    if (before === undefined || !same(before, value)) changes[key] = value;
  }
  for (const key of base.keys()) if (!now.has(key)) changes[key] = null;
  return changes;
}

/** A scan's place as `savePack` writes it: a pack's name, an offset, a length and a digest. */
function isScanPlace(value: unknown): value is ScanPlace {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    typeof value[0] === 'string' &&
    /^[0-9a-f]{16}\.pack$/.test(value[0]) &&
    Number.isSafeInteger(value[1]) &&
    value[1] >= 0 &&
    Number.isSafeInteger(value[2]) &&
    value[2] > 0 &&
    value[2] <= 1024 * 1024 * 1024 &&
    typeof value[3] === 'string'
  );
}

function samePage(a: StoredPage, b: StoredPage): boolean {
  return a.stamp === b.stamp && a.racy === b.racy && a.scan === b.scan && a.length === b.length && a.head === b.head;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface StoredLookups {
  stamps: Record<string, string>;
  lookups: Record<string, unknown>;
}

function isStoredLookups(value: unknown): value is StoredLookups {
  const stored = value as Partial<StoredLookups>;
  return isRecord(value) && isRecord(stored.stamps) && Object.values(stored.stamps).every((stamp) => typeof stamp === 'string') && isRecord(stored.lookups);
}

function isKeptCheck(value: unknown): value is KeptSiteCheck {
  const check = value as Partial<KeptSiteCheck> | undefined;
  return isRecord(value) && typeof check?.shape === 'string' && isRecord(check.files) && Object.values(check.files).every(isKeptFileCheck);
}

function isKeptFileCheck(value: unknown): value is KeptFileCheck {
  const file = value as Partial<KeptFileCheck> | undefined;
  return (
    isRecord(value) &&
    (file?.key === null || typeof file?.key === 'string') &&
    (file.anchors === undefined || typeof file.anchors === 'string') &&
    Array.isArray(file.deps) &&
    file.deps.every((dep) => typeof dep === 'string') &&
    Array.isArray(file.findings) &&
    file.findings.every(isPageFinding) &&
    Array.isArray(file.places) &&
    file.places.length === file.findings.length &&
    file.places.every(isPlace)
  );
}

/** A finding's place as `checkToKeep` writes it: four whole numbers from 1 (line, column, end line, end column). */
function isPlace(value: unknown): boolean {
  return Array.isArray(value) && value.length === 4 && value.every((n) => Number.isSafeInteger(n) && n >= 1);
}

/** A finding in a page as the site rules report it: a code and a message, at a span of two offsets. */
function isPageFinding(value: unknown): value is Finding {
  const finding = value as Partial<Finding> | undefined;
  return (
    isRecord(value) &&
    typeof finding?.code === 'string' &&
    Object.prototype.hasOwnProperty.call(codes, finding.code) &&
    typeof finding.message === 'string' &&
    typeof finding.pointer === 'string' &&
    Array.isArray(finding.span) &&
    finding.span.length === 2 &&
    finding.span.every((offset) => Number.isSafeInteger(offset) && offset >= 0) &&
    (finding.suggest === undefined || typeof finding.suggest === 'string') &&
    (finding.severity === undefined || typeof finding.severity === 'string') &&
    (finding.fix === undefined || isFix(finding.fix))
  );
}

function isFix(value: unknown): boolean {
  const edits = (value as { edits?: unknown } | undefined)?.edits;
  return (
    isRecord(value) &&
    Array.isArray(edits) &&
    edits.every(
      (edit: { start?: unknown; end?: unknown; text?: unknown }) =>
        Number.isSafeInteger(edit?.start) && Number.isSafeInteger(edit.end) && typeof edit.text === 'string',
    )
  );
}

function isStoredPage(value: unknown): value is StoredPage {
  const page = value as Partial<StoredPage> | undefined;
  return (
    isRecord(value) &&
    page !== undefined &&
    isStampText(page.stamp) &&
    (page.racy === undefined || page.racy === true) &&
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
    (scan.anchors === null || (Array.isArray(scan.anchors) && scan.anchors.every((anchor) => typeof anchor === 'string'))) &&
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
