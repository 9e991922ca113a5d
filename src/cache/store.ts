/**
 * The door of the page scan store: page scans kept between runs (the CLI's cache, on by default),
 * so that a page that has not changed is not parsed again, nor read. The door opens a store, says
 * whether there is anything to save and why a store was refused, and saves it; what a run uses of
 * the store is behind it (src/cache/opened-store.ts), reached only by the cache's seam (replay.ts,
 * and the entry points that hand it to the pipeline). Its parts, each a file of its own beside
 * `file` and loaded only when used (src/cache/file.ts: real files in a real folder, each with a
 * checksum of its body; what each holds: shapes.ts):
 * - `file`, the index (page-index.ts): each page file's stamp (src/cache/stamp.ts), its scan's key,
 *   its text's length and its front matter, and where each scan is in the packs; loaded by every
 *   run that is not given again whole; and beside it `<file>.changes` (`….changes.json`), what
 *   changed since the index was saved (a run that changed a few pages saves that, not the index);
 * - `<file>.scans/`, packs of scans (scan-packs.ts), each scan named by its key (the page text's
 *   hash, how it is parsed and the profile): loaded when a page's scan is asked for; the scans a
 *   run made are saved as one new pack;
 * - `<file>.runs` (`….runs.json`), whole validations given again (replay.ts), and
 *   `<file>.reports/`, the reports printed of them, loaded only when one is printed again (runs.ts);
 * - `<file>.check` (`….check.json`), the last site check, for checking only what changed
 *   (src/site/again.ts), each finding with its place (line and column) in its page's text, and
 *   `<file>.lookups` (`….lookups.json`), the operation lookups (lookups.ts).
 * A page is found by its stamp (the `metadata` strategy, as ESLint's, but with the change time and
 * the inode) and, when that changed, is racily clean, or with the `content` strategy, by its
 * text's hash. Everything is keyed by this format and the build (every bundle, src/cache/build.ts);
 * after an upgrade every page is read anew. A part that is missing, unreadable, edited, cut
 * short, of another build or of another shape is no part: never an error, never a scan that does
 * not fit its page. Saving saves each changed part as a new file renamed into place (two
 * processes at once: the last rename wins, each file whole), and keeps only what this run used.
 */
import { OpenedStore, type CacheStrategy } from './opened-store.js';

export type { CacheStrategy } from './opened-store.js';

/** The strategies a store can be opened with (`--cache-strategy`). */
export const CACHE_STRATEGIES: readonly CacheStrategy[] = ['metadata', 'content'];

/** The store behind each door: what a run uses of it (src/cache/opened-store.ts). */
const opened = new WeakMap<PageScanStore, OpenedStore>();

/**
 * Page scans kept between runs, in `file` and the parts beside it: pass one as
 * `ValidateOptions.pageScans` (or `ResolveOptions.pageScans`) and save it after the run. A store
 * serves one run; open a new one for the next.
 */
export class PageScanStore {
  /** The store's file (absolute): its index, beside which its other parts live. */
  readonly file: string;

  /**
   * Opens the store kept in `file` (nothing yet when it does not exist or was saved by another
   * build of docsnav), loaded when first asked. Never throws. `strategy`: how an unchanged page is
   * recognised (`metadata`, the default: its file's stamp, else its text's hash; `content`: its
   * text's hash only). `owned`: the folder from which each folder down to `file`'s is docsnav's
   * own, made by it and never a symbolic link (default: `file`'s folder; the folders above it are
   * the caller's).
   */
  constructor(file: string, strategy: CacheStrategy = 'metadata', owned?: string) {
    const store = new OpenedStore(file, strategy, owned);
    opened.set(this, store);
    this.file = store.file;
  }

  /** What kept the store from being used this run (a cache folder or file that is a symbolic link, a folder or key not the user's alone), when something did. */
  get refusal(): string | undefined {
    return storeBehind(this).refusal;
  }

  /** Whether saving would save something the files do not hold (a scan made, a page's stamp new, an entry dropped, a run or part kept). */
  get dirty(): boolean {
    return storeBehind(this).dirty;
  }

  /** How many pages the run asked the store for. */
  get asked(): number {
    return storeBehind(this).asked;
  }

  /** How many of the pages asked for the store had kept (not parsed again). */
  get reused(): number {
    return storeBehind(this).reused;
  }

  /** Saves what the run made or used (each changed part a whole new file, renamed into place). Throws on an I/O error. */
  save(): void {
    storeBehind(this).save();
  }

  /** Closes the folders and packs the store opened (`save` closes them too); a later use opens them again. */
  close(): void {
    storeBehind(this).close();
  }
}

/** The store behind a door, for the cache's seam (src/cache/replay.ts, the entry points): what the pipeline and the replay ask of it. */
export function storeBehind(door: PageScanStore): OpenedStore {
  return opened.get(door)!;
}
