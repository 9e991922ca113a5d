/**
 * Where every finding of a run goes: its configured severity, its file, its location (found only
 * when the run ends), and the cap of problems per file.
 */
import { codes, type Code } from '../codes.js';
import { ignoreTest, type IgnoreTest } from '../config/ignore.js';
import type { Finding, Problem, Range, Severity, SeveritySetting } from '../problem.js';
import { higherSeverity } from '../severity.js';
import type { LoadedDocument } from '../source/refs.js';
import type { SourceFile } from '../source/types.js';
import { shortenQuoted } from '../text.js';

/** The default of `ValidateOptions.maxProblemsPerFile`. */
export const MAX_PROBLEMS_PER_FILE = 1000;

/**
 * Turns findings (pointers into the loaded document) into problems: each goes back to the
 * file it came from, gets its configured severity, and a location only now that it is reported.
 * Each file keeps at most `maxPerFile` problems (the first reported); the rest are only
 * counted, so that no input makes the output (or the work of locating it) grow past that.
 */
export class ProblemSink {
  /** Findings kept until the end, so each file's locations are found in one pass. */
  private readonly pending = new Map<SourceFile, Array<{ finding: Finding; severity: Severity; place?: Range }>>();
  /** `ignore`: problems at these pages or pointers are not reported. */
  private readonly ignored: IgnoreTest | undefined;
  /** Per file, the findings past the cap: how many, and the highest severity among them. */
  private readonly dropped = new Map<SourceFile, { count: number; severity: Severity }>();

  constructor(
    private readonly document: LoadedDocument,
    private readonly settings: Partial<Record<Code, SeveritySetting>> = {},
    ignore?: readonly string[],
    /** The most problems a file shows: findings past them are counted. */
    readonly maxPerFile: number = MAX_PROBLEMS_PER_FILE,
  ) {
    this.ignored = ignoreTest(ignore);
  }

  severityOf(code: Code): SeveritySetting {
    return this.settings[code] ?? codes[code].severity;
  }

  enabled(code: Code): boolean {
    return this.severityOf(code) !== 'off';
  }

  /** A finding whose pointer is into the whole document ($refs followed). */
  add(found: Finding): void {
    const finding = this.document.adapt ? this.document.adapt(found) : found;
    if (!finding || this.document.isUnresolved(finding.pointer)) return;
    if (this.ignored?.(finding.pointer, this.document.value)) return;
    const origin = this.document.origin(finding.pointer);
    this.addInFile(origin.source, { ...finding, pointer: origin.pointer });
  }

  /** A finding whose pointer is already into `source`; at `place` when its span was placed already (then the text is not read for it). */
  addInFile(source: SourceFile, finding: Finding, place?: Range): void {
    const severity = this.settings[finding.code] ?? finding.severity ?? codes[finding.code].severity;
    if (severity === 'off') return;
    if (this.ignored && source === this.document.main && this.ignored(finding.pointer, source.value)) return;
    let list = this.pending.get(source);
    // A count of findings a site rule did not make (`Finding.more`) comes after that rule's first
    // `maxPerFile` in the file (src/site/check.ts): always past the cap.
    if (list && list.length >= this.maxPerFile) {
      // Past the cap nothing is kept, not even a key to say it once: a count costs nothing per
      // problem, whatever its pointer's length (the count may include a repeat).
      const count = finding.more ?? 1;
      const dropped = this.dropped.get(source);
      if (!dropped) this.dropped.set(source, { count, severity });
      else {
        dropped.count += count;
        dropped.severity = higherSeverity(dropped.severity, severity);
      }
      return;
    }
    if (!list) this.pending.set(source, (list = []));
    list.push({ finding, severity, place });
  }

  /** Every problem, located, by file (the main file first), line, column and code; a file's `too-many-problems` last. */
  sorted(): Problem[] {
    const problems: Problem[] = [];
    for (const [source, list] of this.pending) {
      const located = list.filter(({ finding }) => !finding.span);
      const ranges = source.locateAll(located.map(({ finding }) => ({ pointer: finding.pointer, at: finding.at })));
      const rangeOf = new Map(located.map((item, i) => [item, ranges[i]]));
      for (const item of list) {
        const { finding, severity, place } = item;
        const range = place ?? (finding.span ? source.rangeOf(finding.span[0], finding.span[1]) : rangeOf.get(item)!);
        const problem: Problem = {
          code: finding.code,
          severity,
          message: shortenQuoted(finding.message),
          file: source.file,
          pointer: finding.pointer,
          ...range,
        };
        if (finding.suggest !== undefined) problem.suggest = finding.suggest;
        if (finding.fix !== undefined) problem.fix = finding.fix;
        problems.push(problem);
      }
      const dropped = this.dropped.get(source);
      if (dropped && this.enabled('too-many-problems')) {
        problems.push({
          code: 'too-many-problems',
          severity: dropped.severity,
          message: `${dropped.count.toLocaleString('en')} more problem${dropped.count === 1 ? '' : 's'} in this file ${dropped.count === 1 ? 'is' : 'are'} not shown: docsnav reports at most ${this.maxPerFile.toLocaleString('en')} per file (the first ones found). Fix these and run again.`,
          file: source.file,
          pointer: '',
          ...source.rangeOf(0, 0),
        });
      }
    }
    const order = new Map(this.document.files.map((source, index) => [source.file, index]));
    const last = (p: Problem) => (p.code === 'too-many-problems' ? 1 : 0);
    return problems.sort(
      (a, b) => order.get(a.file)! - order.get(b.file)! || last(a) - last(b) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
    );
  }
}
