/**
 * The index of a page scan store (its file, `file`): each page file's stamp (src/cache/stamp.ts),
 * its scan's key, its text's length and its front matter, and where each kept scan is in the packs
 * (src/cache/scan-packs.ts); loaded by every run that is not given again whole. Beside it,
 * `<file>.changes` (`….changes.json`): what changed since the index was saved, so that a run that
 * changed a few pages saves that, not the whole index.
 */
import { randomBytes } from 'node:crypto';
import type { StoreFiles } from './parts.js';
import { isRecord, isScanPlace, isStoredPage, type IndexChanges, type IndexFile, type ScanPlace, type StoredPage } from './shapes.js';

/** The index as a run found it, loaded on first use: a store nobody asks loads no file. */
export class PageIndex {
  /** The index's entries (the changes saved since applied). */
  private kept: ReadonlyMap<string, StoredPage> | undefined;
  /** Whether the index file was whole and of this build (else it is saved anew, whatever this run used). */
  private whole = false;
  /** The index file as it is, without the changes saved since: its id, pages and scans' places (what a run's changes are taken against). */
  private base: { id: string; pages: ReadonlyMap<string, StoredPage>; places: ReadonlyMap<string, ScanPlace> } | undefined;
  /** Where the index says each kept scan is (loaded with the index; after a save, where the saved index says). */
  places = new Map<string, ScanPlace>();

  constructor(private readonly files: StoreFiles) {}

  /** The index's entries, by page file. */
  pages(): ReadonlyMap<string, StoredPage> {
    this.kept ??= this.load();
    return this.kept;
  }

  /** Whether the index file, as loaded, was whole and of this build. */
  get isWhole(): boolean {
    return this.whole;
  }

  /**
   * Saves the index: only what changed since the index file was saved (`IndexChanges`, its own
   * part) while that is little beside it; else the whole index, under a new id (the changes saved
   * beside the last one then name another index, and are not loaded).
   */
  save(pages: ReadonlyMap<string, StoredPage>, places: ReadonlyMap<string, ScanPlace>): void {
    const changes = this.base && {
      base: this.base.id,
      pages: changesOf(this.base.pages, pages, samePage),
      scans: changesOf(this.base.places, places, (a, b) => a === b),
    };
    if (changes && Object.keys(changes.pages).length + Object.keys(changes.scans).length <= maxChanges(this.base!.pages.size + this.base!.places.size)) {
      this.files.save(this.files.partName('changes'), changes satisfies IndexChanges);
      return;
    }
    const id = randomBytes(8).toString('hex');
    this.files.save(this.files.indexName(), { id, pages: Object.fromEntries(pages), scans: Object.fromEntries(places) } satisfies IndexFile);
    // And no changes, naming it: the changes part is there from the first save on, so a later save
    // that saves changes adds no file. A cache in the docs root is in its listing, by which a kept
    // run and the kept site check are found: a name new there would lose both for the next run.
    this.files.save(this.files.partName('changes'), { base: id, pages: {}, scans: {} } satisfies IndexChanges);
  }

  /** The index file's entries, with the changes saved since (`save`) when they name it. */
  private load(): ReadonlyMap<string, StoredPage> {
    const index = this.files.load<Partial<IndexFile>>(this.files.indexName());
    const pages = new Map<string, StoredPage>();
    if (!isRecord(index?.pages) || !isRecord(index.scans) || typeof index.id !== 'string') return pages;
    this.whole = true;
    for (const [page, entry] of Object.entries(index.pages)) if (isStoredPage(entry)) pages.set(page, entry);
    for (const [key, place] of Object.entries(index.scans)) if (isScanPlace(place)) this.places.set(key, place);
    this.base = { id: index.id, pages: new Map(pages), places: new Map(this.places) };
    const changes = this.files.load<Partial<IndexChanges>>(this.files.partName('changes'));
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

/** Whether two entries of a page say the same. */
export function samePage(a: StoredPage, b: StoredPage): boolean {
  return a.stamp === b.stamp && a.racy === b.racy && a.scan === b.scan && a.length === b.length && a.head === b.head;
}

/** The most changes a run saves beside an index of `size` entries (pages and scans) before it saves the whole index again. */
function maxChanges(size: number): number {
  return Math.max(64, size >> 3);
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
