/**
 * Whole validations kept in a page scan store and given again (src/cache/replay.ts):
 * `<file>.runs` (`….runs.json`), the runs by what they were asked, loaded on first use (a run given
 * again loads no scan), and `<file>.reports/`, the reports printed of them, each its own file,
 * loaded only when one is printed again.
 */
import type { StoreFiles } from './parts.js';
import { isRecord, type RunsFile } from './shapes.js';

/** The runs and reports a store keeps (the `metadata` strategy only: the others keep none). */
export class KeptRuns {
  /** The runs file's runs, loaded on first use. */
  private kept: ReadonlyMap<string, unknown> | undefined;
  /** Whether a run or report was kept this run (then the runs file is saved). */
  changed = false;
  /** The runs this run made or gave again: what the runs file holds once saved. */
  private readonly used = new Map<string, unknown>();
  /** Reports made this run, by name. */
  private readonly madeReports = new Map<string, string>();
  /** The files of the runs given again (`reuseRun`): their pages' entries stay in the index. */
  // Stryker disable next-line ArrayDeclaration: an element the list starts with is iterated as file names (its characters) that no index entry has: equivalent.
  readonly reusedFiles: Iterable<string>[] = [];

  constructor(
    private readonly files: StoreFiles,
    private readonly metadata: boolean,
  ) {}

  /** A whole validation kept under `key` (`keepRun`), as the file holds it; undefined when none. Its shape is the caller's to check. */
  keptRun(key: string): unknown {
    return this.metadata ? (this.used.get(key) ?? this.load().get(key)) : undefined;
  }

  /** Keeps a whole validation under `key` (undefined: none is kept for it). */
  keepRun(key: string, run: unknown): void {
    if (!this.metadata) return;
    this.changed = true;
    if (run === undefined) this.used.delete(key);
    else this.used.set(key, run);
  }

  /**
   * A kept validation was used as it is (nothing it read changed): it, and the kept entries of
   * the page files it depends on, stay when this run saves (another validation made with this
   * store, or none: then the files are left as they are).
   */
  reuseRun(key: string, files: Iterable<string>): void {
    const run = this.load().get(key);
    if (run !== undefined) this.used.set(key, run);
    // The page entries come with the index: loaded only when another validation of this run saves it.
    this.reusedFiles.push(files);
  }

  /** A report kept by `keepReport` under `id`; undefined when none (or not whole). */
  keptReport(id: string): string | undefined {
    const made = this.madeReports.get(id);
    if (made !== undefined) return made;
    const stored = this.files.load<{ id?: unknown; report?: unknown }>(`${this.files.partName('reports')}/${id}`);
    return stored?.id === id && typeof stored.report === 'string' ? stored.report : undefined;
  }

  /** Keeps a report under `id` (a name only the report's own text and what it was asked make: `reportId`). */
  keepReport(id: string, report: string): void {
    if (!this.metadata) return;
    this.madeReports.set(id, report);
    this.changed = true;
  }

  /** Saves the reports made this run, each a file of its own. */
  saveReports(): void {
    const reports = this.files.partName('reports');
    for (const [id, report] of this.madeReports) this.files.save(`${reports}/${id}`, { id, report });
  }

  /** Saves the runs file, when a run or report was kept, and removes the reports no run kept names. */
  save(): void {
    if (!this.changed) return;
    const reports = this.files.partName('reports');
    this.files.save(this.files.partName('runs'), { runs: Object.fromEntries(this.used) } satisfies RunsFile);
    const kept = new Set([...this.used.values()].flatMap(reportIdsOf));
    this.files.folder.remove(
      this.files.folder
        .list(reports)
        .filter(({ name }) => !kept.has(name))
        .map(({ name }) => `${reports}/${name}`),
    );
  }

  /** The whole validations kept beside the index (loaded on first use: a run given again loads no scan). */
  private load(): ReadonlyMap<string, unknown> {
    if (this.kept) return this.kept;
    const runs = this.files.load<Partial<RunsFile>>(this.files.partName('runs'));
    this.kept = isRecord(runs?.runs) ? new Map<string, unknown>(Object.entries(runs.runs)) : new Map<string, unknown>();
    return this.kept;
  }
}

/** The run's reports' file names (`reports` of a kept run: name → id). */
function reportIdsOf(run: unknown): string[] {
  const reports = (run as { reports?: unknown } | null)?.reports;
  return isRecord(reports) ? Object.values(reports).filter((id): id is string => typeof id === 'string') : [];
}
