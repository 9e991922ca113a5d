/**
 * What a run looked up and checked, each a part of its own beside a page scan store's index:
 * `<file>.check` (`….check.json`), the last site check, for checking only what changed
 * (src/site/again.ts), each finding with its place (line and column) in its page's text; and
 * `<file>.lookups` (`….lookups.json`), the operation lookups made from the spec files
 * (src/resolve/page-operations.ts), with each file's stamp when they were made.
 */
import type { FileStamp } from '../files.js';
import type { KeptLookups, KeptSiteCheck } from '../pages/kept.js';
import type { StoreFiles } from './parts.js';
import { isKeptCheck, isStoredLookups, sameInJson, type StoredLookups } from './shapes.js';
import { isRacy, stampText } from './stamp.js';
import { storeStats } from './stats.js';

/** What the lookups and the check ask of the store: its strategy, what is at a path (stat'ed once a run), when the run started. */
interface LookupsRun {
  readonly metadata: boolean;
  stat(file: string): FileStamp | 'missing' | 'other';
  readonly startedAt: number;
}

/** The last site check and the lookups a store keeps (the `metadata` strategy only). */
export class KeptChecks {
  /** Parts kept this run (`keepCheck`), to save. */
  private readonly made = new Map<string, unknown>();
  /** The lookups to keep (`keepLookups`), turned into their part when the store saves. */
  private madeLookups: { stamps: ReadonlyMap<string, FileStamp>; lookups: ReadonlyMap<string, unknown> } | undefined;

  constructor(
    private readonly files: StoreFiles,
    private readonly run: LookupsRun,
  ) {}

  /** Whether this run kept a check or lookups (saving would save them). */
  get dirty(): boolean {
    return this.made.size > 0 || this.madeLookups !== undefined;
  }

  /** The last site check (its own part, `….check.json`), when it was made for this shape and is of the shape `keepCheck` keeps. */
  keptCheck(shape: string): KeptSiteCheck | undefined {
    if (!this.run.metadata) return undefined;
    const check = this.made.has('check') ? this.made.get('check') : this.files.load<{ value?: unknown }>(this.files.partName('check'))?.value;
    return isKeptCheck(check) && check.shape === shape ? check : undefined;
  }

  /** Keeps the site check this run made. */
  keepCheck(check: KeptSiteCheck): void {
    if (this.run.metadata) this.made.set('check', check);
  }

  /**
   * The lookups kept (their own part, `….lookups.json`), when they were made from exactly `files`;
   * with the files whose stamp on disk, taken now without opening them, is not the one they were
   * read with then.
   */
  keptLookups(files: readonly string[]): KeptLookups | undefined {
    if (!this.run.metadata) return undefined;
    const stored = this.files.load<{ value?: unknown }>(this.files.partName('lookups'))?.value;
    if (!isStoredLookups(stored) || Object.keys(stored.stamps).length !== files.length) return undefined;
    const stamps = stored.stamps;
    const changed: string[] = [];
    for (const file of files) {
      if (!Object.hasOwn(stamps, file)) return undefined;
      const state = this.run.stat(file);
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
    if (!this.run.metadata || [...made.stamps.values()].some((stamp) => isRacy(stamp, this.run.startedAt))) return;
    this.madeLookups = made;
  }

  /** Saves the check and the lookups this run kept; not the check of a run in which a page changed as it was read (`changedDuringRun`). */
  save(changedDuringRun: boolean): void {
    // The site check of a run in which a page changed as it was read is of no one text of that page: the last one stays.
    for (const [name, value] of this.made) if (!(name === 'check' && changedDuringRun)) this.files.save(this.files.partName(name), { value });
    const lookups = this.lookupsToSave();
    if (lookups) this.files.save(this.files.partName('lookups'), { value: lookups });
  }

  /** The lookups to save (`keepLookups`), when JSON gives them back as they are. */
  private lookupsToSave(): StoredLookups | undefined {
    if (!this.madeLookups) return undefined;
    const { stamps, lookups } = this.madeLookups;
    const value: StoredLookups = {
      stamps: Object.fromEntries([...stamps].map(([file, stamp]) => [file, stampText(stamp)])),
      lookups: Object.fromEntries(lookups),
    };
    return sameInJson(value) ? value : undefined;
  }
}
