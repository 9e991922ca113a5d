/**
 * A whole validation kept in the page scan store and given again, as it was, when nothing it
 * read has changed: the commit that touches no docs file (the pre-commit hook's everyday run)
 * costs a listing of the docs root and a stat of each file the validation read, not a validation.
 *
 * A run is kept only when it reads the disk as it is (the store's `metadata` strategy; no
 * editor's cache, no caller's `readFile` or listing, no git base) and every file it asked for
 * was read or missing (not outside the root, not a folder, not too big, not unreadable). It is
 * given again only when the docs.json text, every option that changes a result, the working
 * folder, the docs file's path and the build (the store's key: every bundle, src/cache/build.ts)
 * are the ones it was made with; the docs root's listing has the same digest; every file it read,
 * or whose kept front matter or scan it used, has the same stamp (size, modification and change
 * times, inode: src/cache/stamp.ts; regular files only, no symlink followed) and, when its stamp
 * could not tell a later edit (racily clean), the same bytes; and every file it found missing is
 * still missing. Anything else is a miss: the run is made.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { diskReader, textOf, type FileReader, type FileStamp } from '../files.js';
import { bytesHash, isRacy, isStampText, readSameFile, stampText } from './stamp.js';
import { headText } from '../pages/front-matter.js';
import type { OpenedStore } from './opened-store.js';
import { isRecord } from './shapes.js';
import { storeBehind, type PageScanStore } from './store.js';
import type { Problem } from '../problem.js';
import type { ValidationResult } from '../result.js';
import type { DocsFiles } from '../docs-root.js';
import type { KeptPages } from '../pages/kept.js';

/** What a kept run holds. */
interface StoredRun {
  /** The docs root's listing digest (`DocsFiles.fingerprint`). */
  listing: string;
  /** Every file the run read or stamped (absolute), and what was there: its stamp (and its bytes' hash when the stamp was racily clean), or missing. */
  files: StoredFile[];
  problems: Problem[];
  /** The result's sources, in order: null, the docs.json text itself; a text; or a file among `files`, read again whole or its start (front matter's text). */
  sources: [string, StoredSource][];
  /** Reports of this result as a command printed them (`keepReport`), by what they were asked: each a file of its own (src/cache/runs.ts's `keptReport`), by id. */
  reports?: Record<string, string>;
}

type StoredSource = null | string | { read: 'whole' | 'start'; file: string };

/** A file a kept run read: its stamp text (or `missing`), and its bytes' hash when the stamp was racily clean. */
type StoredFile = [file: string, state: string, hash?: string];

/** Sources kept at most (characters): a run whose problems sit in more text than this is not kept. */
const MAX_SOURCE_CHARS = 8 * 1024 * 1024;

/**
 * Reports kept with one run at most (one per format and its options: a terminal's colours, the
 * hook's plain text, an editor task's JSON), and the most characters of one: a report kept must
 * cost less to read than to make.
 */
const MAX_REPORTS = 3;
const MAX_REPORT_CHARS = 4 * 1024 * 1024;

/** The kept run a result was given from, or kept as: where its reports are kept (`keptReport`, `keepReport`). */
const runOf = new WeakMap<ValidationResult, { store: OpenedStore; key: string }>();

/** `ValidateOptions` as far as a kept run is concerned: those that rule one out, and every other (all change a result but `concurrency`). */
interface RunOptions {
  pageScans?: PageScanStore;
  cache?: unknown;
  readFile?: unknown;
  files?: unknown;
  since?: unknown;
  root?: string;
  concurrency?: unknown;
}

/**
 * The options a kept run is looked up by; undefined when the run cannot be kept or given again.
 * Every option but the store and `concurrency` (how, not what) is in the key, so that one added
 * later cannot give a run made without it.
 */
function replayKey(text: string, options: RunOptions, store: OpenedStore): string | undefined {
  const { pageScans, concurrency, ...asked } = options as RunOptions & Record<string, unknown>;
  void pageScans;
  void concurrency;
  if (store.strategy !== 'metadata' || options.cache || options.readFile || options.files || options.since || options.root === undefined) return undefined;
  // Which docs file (docs.json, mint.json, …) is in `file`, as given; its absolute path beside it.
  const file = typeof asked.file === 'string' ? path.resolve(asked.file) : undefined;
  const key = JSON.stringify({ ...asked, cwd: process.cwd(), absoluteRoot: path.resolve(options.root), docsFile: file });
  return createHash('sha256').update(key).update('\0').update(text).digest('base64url');
}

/** What the validation it wraps is to `cachedValidation`: the docs root's listing, and the pipeline run with hooks. */
interface Pipeline {
  listing(): DocsFiles | undefined;
  run(hooks: { files?: DocsFiles; wrapReader?: (reader: FileReader) => FileReader; kept?: KeptPages }): ValidationResult;
}

/**
 * The seam between the pipeline and the page scan cache (src/validate.ts's `validateText`, with a
 * store): the run kept for these options and text when nothing it read changed; else the run
 * made, its reads noted, and kept when all it read can be checked again.
 */
export function cachedValidation(text: string, options: RunOptions & { file?: string; root?: string }, pipeline: Pipeline): ValidationResult {
  const store = storeBehind(options.pageScans!);
  const key = replayKey(text, options, store);
  if (key === undefined) return pipeline.run({ kept: store });
  // A key is made only with a root and neither a listing nor an editor's cache of the caller's: the listing is the root's own, always there.
  const files = pipeline.listing()!;
  const replayed = replay(store, key, text, options.file ?? 'docs.json', files);
  if (replayed) return replayed;
  const log = new ReadLog();
  const result = pipeline.run({ files, wrapReader: (reader) => log.wrap(reader), kept: store });
  keepRun(store, key, log, files, text, result, options.root!);
  return result;
}

/** Records what a run's reader found at each path it asked for (the first answer: a run reads a file once). */
class ReadLog {
  private readonly found = new Map<string, FileStamp | 'missing' | 'other'>();
  /** The bytes read, by path: a source the result shows is told from them, not read again. */
  private readonly bytes = new Map<string, Buffer>();

  wrap(reader: FileReader): FileReader {
    return (absolutePath) => {
      const outcome = reader(absolutePath);
      const file = path.resolve(absolutePath);
      if (!this.found.has(file)) {
        // Read whole from disk: its stamp. Not there: missing. Anything else cannot be checked again without a read.
        this.found.set(file, outcome.ok ? (outcome.stamp ?? 'other') : outcome.reason === 'missing' ? 'missing' : 'other');
        if (outcome.ok) this.bytes.set(file, outcome.bytes);
      }
      return outcome;
    };
  }

  /** What the run read of a file, when it did. */
  read(file: string): Buffer | undefined {
    return this.bytes.get(file);
  }

  /**
   * The files read and stamped, for a kept run; undefined when one cannot be checked again by its
   * stamp (or, racily clean, by the bytes the run read).
   */
  files(store: OpenedStore): StoredRun['files'] | undefined {
    const files = new Map<string, FileStamp | 'missing' | 'other'>(this.found);
    for (const [file, state] of store.stampsTaken()) if (!files.has(file)) files.set(file, state);
    const out: StoredRun['files'] = [];
    for (const [file, state] of files) {
      if (state === 'other') return undefined;
      if (state === 'missing') {
        out.push([file, state]);
        continue;
      }
      if (!isRacy(state, store.startedAt)) {
        out.push([file, stampText(state)]);
        continue;
      }
      const bytes = this.bytes.get(file);
      if (!bytes) return undefined;
      out.push([file, stampText(state), bytesHash(bytes)]);
    }
    return out;
  }
}

/** The kept run for `key`, when nothing it read changed: its result as it was. */
function replay(store: OpenedStore, key: string, text: string, file: string, files: DocsFiles): ValidationResult | undefined {
  const run = store.runs.keptRun(key);
  if (!isStoredRun(run) || files.fingerprint?.() !== run.listing) return undefined;
  for (const entry of run.files) if (!unchanged(entry, store)) return undefined;
  const stamps = new Map(run.files.map(([absolute, state]) => [absolute, state]));
  const sources: Record<string, string> = {};
  for (const [name, source] of run.sources) {
    // A file's text is read when a report shows it (a code frame): the very file the run read, its stamp just checked.
    let read: string | undefined;
    const load = (): string => (read ??= typeof source === 'object' && source !== null ? textIn(source, stamps.get(source.file)) : (source ?? text));
    Object.defineProperty(sources, name, { get: load, set: (value: string) => (read = value), enumerable: true, configurable: true });
  }
  store.runs.reuseRun(
    key,
    run.files.map(([absolute]) => absolute),
  );
  const result = { file, problems: run.problems, sources };
  runOf.set(result, { store, key });
  return result;
}

/** Keeps a run's result under `key`, when all it read can be checked again (else forgets what was kept under it). */
function keepRun(store: OpenedStore, key: string, log: ReadLog, files: DocsFiles, text: string, result: ValidationResult, root: string): void {
  const read = log.files(store);
  const listing = files.fingerprint?.();
  // A page saved while the run read it: what the run found is of no one state of the disk.
  if (read === undefined || listing === undefined || store.changedDuringRun) return store.runs.keepRun(key, undefined);
  const stamped = new Set(read.map(([file]) => file));
  const reader = diskReader(root);
  // The bytes the run read, else the disk (a page whose text was read only to show a problem, through the same reader).
  const bytesOf = (file: string): Buffer | undefined => {
    const kept = log.read(file);
    if (kept) return kept;
    const outcome = reader(file);
    return outcome.ok ? outcome.bytes : undefined;
  };
  let chars = 0;
  const sources: StoredRun['sources'] = [];
  for (const [name, source] of Object.entries(result.sources)) {
    if (name === result.file && source === text) {
      sources.push([name, null]);
      continue;
    }
    // A file the run read and stamps say is unchanged is read again rather than kept, when that gives the same text.
    const file = path.resolve(name);
    const again = stamped.has(file) ? sourceOf(bytesOf(file), file, source) : undefined;
    if (!again) chars += source.length;
    sources.push([name, again ?? source]);
  }
  if (chars > MAX_SOURCE_CHARS) return store.runs.keepRun(key, undefined);
  store.runs.keepRun(key, { listing, files: read, problems: result.problems, sources } satisfies StoredRun);
  runOf.set(result, { store, key });
}

/**
 * The report named `name` (a format and everything else it was made from) kept with the run
 * `result` was given from: a command prints it as it is instead of making it again. Undefined
 * when `result` is no kept run's, or none was kept under that name.
 */
export function keptReport(result: ValidationResult, name: string): string | undefined {
  const link = runOf.get(result);
  if (!link) return undefined;
  const reports = (link.store.runs.keptRun(link.key) as StoredRun | undefined)?.reports;
  if (typeof reports !== 'object' || reports === null || !Object.prototype.hasOwnProperty.call(reports, name)) return undefined;
  const id = reports[name];
  // The report's own file, read only now; its id is its run's key, its name and its text's hash.
  return typeof id === 'string' ? link.store.runs.keptReport(id) : undefined;
}

/**
 * Keeps `report`, made from `result` alone and what `name` says, with the run `result` was given
 * from or kept as (nothing when it is neither): the next time the run is given again, so is the
 * report. The last few names asked are kept.
 */
export function keepReport(result: ValidationResult, name: string, report: string): void {
  const link = runOf.get(result);
  const run = link && (link.store.runs.keptRun(link.key) as StoredRun | undefined);
  if (!link || !isStoredRun(run) || report.length > MAX_REPORT_CHARS) return;
  const others = Object.entries(isRecord(run.reports) ? run.reports : {}).filter(([other]) => other !== name);
  const id = createHash('sha256').update(link.key).update('\0').update(name).update('\0').update(report).digest('base64url');
  link.store.runs.keepReport(id, report);
  link.store.runs.keepRun(link.key, { ...run, reports: Object.fromEntries([...others.slice(1 - MAX_REPORTS), [name, id]]) } satisfies StoredRun);
}

/** How `text` is read again from `file` (whose bytes are `bytes`): whole, or its start; undefined when neither gives it. */
function sourceOf(bytes: Buffer | undefined, file: string, text: string): StoredSource | undefined {
  if (!bytes) return undefined;
  for (const read of ['whole', 'start'] as const) if (textFrom(bytes, read) === text) return { read, file };
  return undefined;
}

function textIn(source: { read: 'whole' | 'start'; file: string }, stamp: string | undefined): string {
  const bytes = stamp !== undefined && stamp !== 'missing' ? readSameFile(source.file, stamp) : undefined;
  return bytes ? textFrom(bytes, source.read) : '';
}

function textFrom(bytes: Buffer, read: 'whole' | 'start'): string {
  return read === 'whole' ? textOf(bytes) : headText(bytes);
}

/** A kept run's file as it was: missing still, or the same stamp (and, racily clean, the same bytes). */
function unchanged([file, then, hash]: StoredFile, store: OpenedStore): boolean {
  const now = store.stat(file);
  if (now === 'missing' || then === 'missing') return now === then;
  if (now === 'other' || stampText(now) !== then) return false;
  if (hash === undefined) return true;
  const bytes = readSameFile(file, then);
  return bytes !== undefined && bytesHash(bytes) === hash;
}

/** A run as `keepRun` writes it (a hand-edited or foreign entry is no entry). */
function isStoredRun(value: unknown): value is StoredRun {
  const run = value as Partial<StoredRun> | undefined;
  return (
    typeof run?.listing === 'string' &&
    Array.isArray(run.files) &&
    run.files.every(isStoredFile) &&
    Array.isArray(run.problems) &&
    run.problems.every(isProblem) &&
    Array.isArray(run.sources) &&
    run.sources.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && isStoredSource(entry[1]))
  );
}

function isStoredFile(entry: unknown): entry is StoredFile {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string' || entry.length > 3) return false;
  if (entry[1] === 'missing') return entry.length === 2;
  return isStampText(entry[1]) && (entry.length === 2 || typeof entry[2] === 'string');
}

function isStoredSource(value: unknown): value is StoredSource {
  if (value === null || typeof value === 'string') return true;
  if (typeof value !== 'object') return false;
  const source = value as { read?: unknown; file?: unknown };
  return (source.read === 'whole' || source?.read === 'start') && typeof source.file === 'string';
}

function isProblem(value: unknown): value is Problem {
  const problem = value as Partial<Problem> | undefined;
  return (
    typeof problem?.code === 'string' &&
    typeof problem.severity === 'string' &&
    typeof problem.message === 'string' &&
    typeof problem.file === 'string' &&
    typeof problem.pointer === 'string' &&
    [problem.line, problem.column, problem.endLine, problem.endColumn].every((n) => Number.isSafeInteger(n))
  );
}
