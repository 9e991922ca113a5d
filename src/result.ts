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

/**
 * Every problem of several results once, in order: a `$ref` target shared by several checked
 * files yields the same problem once per file (reports read on GitHub would show it twice).
 */
export function uniqueProblems(results: readonly ValidationResult[]): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const result of results) {
    for (const problem of result.problems) {
      const key = JSON.stringify([problem.code, problem.file, problem.line, problem.column, problem.endLine, problem.endColumn, problem.message]);
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}
