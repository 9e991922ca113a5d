/**
 * A page scan store as a run uses it (src/cache/store.ts is its door): the ports the pipeline asks
 * (`KeptPages`: scans by text, pages known unchanged by their stamps, their front matter, the last
 * site check, the operation lookups), what the replay asks (src/cache/replay.ts: the paths stat'ed,
 * the runs and reports), and what this run made or used, saved at its end. Its parts, each a file
 * of its own beside `file`: the index (page-index.ts), the scan packs (scan-packs.ts), the runs and
 * reports (runs.ts), the check and the lookups (lookups.ts); what each holds, shapes.ts.
 */
import type { FileStamp } from '../files.js';
import { anchorsLater, computedAnchors } from '../pages/anchors-later.js';
import type { KeptLookups, KeptPages, KeptSiteCheck, PageText } from '../pages/kept.js';
import { pageAnchors } from '../pages/scan.js';
import type { PageScan } from '../pages/types.js';
import { KeptChecks } from './lookups.js';
import { PageIndex, samePage } from './page-index.js';
import { StoreFiles } from './parts.js';
import { KeptRuns } from './runs.js';
import { dropPacks, loadScan, packsNamed, savePack, scanKey, tooManyPacks, variantPrefix } from './scan-packs.js';
import { fits, sameInJson, type ScanPlace, type StoredHead, type StoredPage, type StoredScan } from './shapes.js';
import { diskState, isRacy, runClock, stampText } from './stamp.js';

/** How a page is recognised as unchanged: its file's stamp, else its text's hash (`metadata`); its text's hash only (`content`). */
export type CacheStrategy = 'metadata' | 'content';

/** A store opened for one run: what it keeps is loaded when first asked, and saved once, at the end. */
export class OpenedStore implements KeptPages {
  /** When the run started: a stamp taken since (or just before) cannot tell a later edit. */
  readonly startedAt = runClock.now();
  /** Its folder, key and parts' names. */
  private readonly files: StoreFiles;
  /** The index: pages by stamp, scans by place. */
  private readonly index: PageIndex;
  /** The whole validations and their reports. */
  readonly runs: KeptRuns;
  /** The last site check and the operation lookups. */
  private readonly checks: KeptChecks;
  /** Scans loaded or made this run, by key; `made`: those to save. */
  private readonly usedScans = new Map<string, StoredScan>();
  private readonly madeScans = new Map<string, PageScan>();
  /** Kept scans given out with their anchors not computed: saved again when a run computed them. */
  private readonly anchorsLater = new Map<string, PageScan>();
  /** Scans asked for and not found (or not valid) this run. */
  private readonly noScan = new Set<string>();
  private readonly usedPages = new Map<string, StoredPage>();
  /** Pages found unchanged and then read with another stamp (`changedInRun`), and their kept scans' keys. */
  private readonly changedFiles = new Set<string>();
  private readonly changedKeys = new Set<string>();
  /** Files other than pages that changed while this run read them (`changedWhileRead`). */
  private readonly readOtherwise = new Set<string>();
  /** The keys of texts looked up and not found, until their scans are kept (`keepScan`). */
  private readonly missed = new Map<string, string>();
  private hits = 0;
  private lookups = 0;
  /** What is at each path the run asked about (a regular file's stamp, `missing`, `other`), each stat'ed once: a store serves one run. */
  private readonly states = new Map<string, FileStamp | 'missing' | 'other'>();
  /** The key each scan given out is kept under (`keyOf`). */
  private readonly keys = new WeakMap<PageScan, string>();
  /** Whether the index would change (a scan made, a page's entry new or dropped). */
  private changed = false;

  /**
   * The store kept in `file` (nothing yet when it does not exist or was saved by another build of
   * docsnav), loaded when first asked. Never throws. `owned`: the folder from which each folder
   * down to `file`'s is docsnav's own, made by it and never a symbolic link (default: `file`'s
   * folder; the folders above it are the caller's).
   */
  constructor(
    file: string,
    readonly strategy: CacheStrategy = 'metadata',
    owned?: string,
  ) {
    this.files = new StoreFiles(file, owned);
    this.index = new PageIndex(this.files);
    this.runs = new KeptRuns(this.files, strategy === 'metadata');
    this.checks = new KeptChecks(this.files, this);
  }

  /** The index's file (absolute). */
  get file(): string {
    return this.files.file;
  }

  /** Whether pages are known by their files' stamps (the `metadata` strategy). */
  get metadata(): boolean {
    return this.strategy === 'metadata';
  }

  /** What kept the cache from being used this run (a cache folder or file that is a symbolic link, a folder or key not the user's alone), when something did. */
  get refusal(): string | undefined {
    return this.files.refusal;
  }

  /** The kept scan of this page, if any. */
  keptScan(page: PageText): PageScan | undefined {
    this.lookups++;
    const byStamp = this.trustedEntry(page.file, page.stamp);
    const key = byStamp?.scan !== undefined && byStamp.scan.startsWith(variantPrefix(page)) ? byStamp.scan : scanKey(page);
    const stored = this.scanOf(key);
    // A file edited by hand is no reason to fail: an entry of another shape, or one that does not fit the page, is no entry.
    if (!stored || !fits(stored, page.text.length)) {
      this.missed.set(page.text, key === byStamp?.scan ? scanKey(page) : key);
      return undefined;
    }
    this.use(page, key, stored);
    this.hits++;
    return this.keyed(
      this.scanFrom(key, stored, () => page.text, page.mdx),
      key,
    );
  }

  /** The key a scan given out (`keptScan`, `keepScan`, `keptBody`) is kept under. */
  keyOf(scan: PageScan): string | undefined {
    return this.keys.get(scan);
  }

  private keyed(scan: PageScan, key: string): PageScan {
    this.keys.set(scan, key);
    return scan;
  }

  /** Keeps the scan made of this page's text. */
  keepScan(page: PageText, scan: PageScan): void {
    const missed = this.missed.get(page.text);
    this.missed.delete(page.text);
    // The key of the lookup only when it was made for this parsing and profile.
    const key = missed?.startsWith(variantPrefix(page)) ? missed : scanKey(page);
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
    const kept = this.index.pages().get(file);
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
   * scan was kept with, parsed as asked: its text's key, and its scan, loaded from its pack when
   * first asked. Undefined otherwise (then read it and ask `keptScan`). Only the `metadata`
   * strategy knows pages by stamps.
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
    // Found: not parsed again, whether its scan is loaded or not.
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

  /**
   * Keeps a page file's front matter (what its first 64 KB hold), read from disk with this stamp.
   * Front matter JSON would not give back the same (a YAML date, an infinite number) is not kept.
   */
  keepHead(file: string, stamp: FileStamp, head: StoredHead | undefined): void {
    if (this.strategy !== 'metadata' || (head !== undefined && !sameInJson(head))) return;
    this.usePage(file, stamp, { head: head ?? null });
  }

  /** What this run or the index knows of a page file (the `metadata` strategy only). */
  private entryOf(file: string): StoredPage | undefined {
    return this.strategy === 'metadata' ? (this.usedPages.get(file) ?? this.index.pages().get(file)) : undefined;
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

  /** What the run found at each path it stat'ed (`stat`): a kept run depends on each. */
  stampsTaken(): ReadonlyMap<string, FileStamp | 'missing' | 'other'> {
    return this.states;
  }

  /** A scan by its key: this run's, else its pack's when that holds a scan of this key. */
  private scanOf(key: string): StoredScan | undefined {
    const used = this.usedScans.get(key);
    if (used) return used;
    if (this.noScan.has(key)) return undefined;
    const stored = loadScan(this.files, this.index, key);
    // Stryker disable next-line ConditionalExpression: `noScan` only spares loading a missing key again; it loads as nothing again.
    if (stored) return stored;
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

  /** The last site check kept (`keepCheck`), when it was made for this shape of the site. */
  keptCheck(shape: string): KeptSiteCheck | undefined {
    return this.checks.keptCheck(shape);
  }

  /** Keeps the site check this run made. */
  keepCheck(check: KeptSiteCheck): void {
    this.checks.keepCheck(check);
  }

  /** The lookups kept, when they were made from exactly these files (`KeptPages.keptLookups`). */
  keptLookups(files: readonly string[]): KeptLookups | undefined {
    return this.checks.keptLookups(files);
  }

  /** Keeps the lookups this run made, with the stamps of the files they were made from. */
  keepLookups(made: { stamps: ReadonlyMap<string, FileStamp>; lookups: ReadonlyMap<string, unknown> }): void {
    this.checks.keepLookups(made);
  }

  /** How many scans this run took from its packs or added. */
  get size(): number {
    return this.usedScans.size;
  }

  /** How many pages this run asked for. */
  get asked(): number {
    return this.lookups;
  }

  /** How many of the pages asked for it found kept (not parsed again). */
  get reused(): number {
    return this.hits;
  }

  /** Whether saving would save something the files do not hold (a scan made, a page's stamp new, an entry dropped, a run or part kept). */
  get dirty(): boolean {
    if (this.changed || this.runs.changed || this.checks.dirty || this.anchorsComputed().length > 0) return true;
    if (this.lookups === 0) return false;
    return (this.strategy === 'metadata' && this.index.pages().size !== this.usedPages.size) || this.unusedScans().length > 0;
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
    this.index.pages();
    const keys = this.keptScanKeys();
    return [...this.index.places.keys()].filter((key) => !keys.has(key));
  }

  /** Closes the folders and packs this store opened (`save` closes them too); a later use opens them again. */
  close(): void {
    this.files.folder.close();
  }

  /** Saves what this run made or used (each changed part a whole new file, renamed into place). Throws on an I/O error. */
  save(): void {
    if (this.files.key === undefined || this.files.folder.refusal !== undefined) return;
    try {
      this.saveParts();
    } finally {
      this.files.folder.close();
    }
  }

  private saveParts(): void {
    this.keepPagesOfRuns();
    const before = packsNamed(this.index.places);
    const places = this.saveScans();
    this.runs.saveReports();
    this.checks.save(this.changedDuringRun);
    const placesChanged = places.size !== this.index.places.size || [...places].some(([key, place]) => this.index.places.get(key) !== place);
    if (this.changed || placesChanged || !this.index.isWhole || this.index.pages().size !== this.usedPages.size) this.index.save(this.usedPages, places);
    dropPacks(this.files, before, places);
    this.index.places = places;
    this.runs.save();
  }

  /**
   * Saves the scans this run made (and those whose anchors it computed) as one new pack; when the
   * index would name too many packs, every scan it keeps goes into the new pack. The places of the
   * scans kept, for the index.
   */
  private saveScans(): Map<string, ScanPlace> {
    const keep = this.keptScanKeys();
    const places = new Map<string, ScanPlace>();
    const write = new Map<string, StoredScan>();
    for (const [key, made] of [...this.madeScans, ...this.anchorsComputed()]) {
      const scan = this.usedScans.get(key);
      const anchors = computedAnchors(made);
      if (scan) write.set(key, { ...scan, anchors: anchors ? [...anchors] : scan.anchors });
    }
    for (const key of keep) {
      const place = this.index.places.get(key);
      if (place && !write.has(key)) places.set(key, place);
    }
    if (tooManyPacks(places, write.size > 0)) {
      for (const key of places.keys()) {
        const scan = this.scanOf(key);
        if (scan) write.set(key, scan);
      }
      places.clear();
    }
    if (write.size > 0) savePack(this.files, write, places);
    return places;
  }

  /** The page entries of the runs given again, over those this run used: kept when the index is saved. */
  private keepPagesOfRuns(): void {
    const kept = this.index.pages();
    for (const file of this.runs.reusedFiles.flatMap((files) => [...files])) {
      const page = kept.get(file);
      if (!page || this.usedPages.has(file)) continue;
      this.usedPages.set(file, page);
    }
  }
}
