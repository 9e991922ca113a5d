import type { Problem } from './problem.js';

/** What validating one docs.json gives. */
export interface ValidationResult {
  /** The checked file, as named by the caller. */
  file: string;
  /** Every problem, sorted by file, line and column. */
  problems: Problem[];
  /** The text of every file that was read (the file itself and its `$ref` targets), for code frames. */
  sources: Record<string, string>;
}

export interface ProblemCounts {
  errors: number;
  warnings: number;
  infos: number;
}

export function countProblems(problems: readonly Problem[]): ProblemCounts {
  const counts: ProblemCounts = { errors: 0, warnings: 0, infos: 0 };
  for (const p of problems) {
    if (p.severity === 'error') counts.errors++;
    else if (p.severity === 'warning') counts.warnings++;
    else counts.infos++;
  }
  return counts;
}
