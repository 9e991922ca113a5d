import type { Problem } from '../problem.js';
import type { ValidationResult } from '../result.js';

/** One checked file in the JSON report: its problems as data, no sources. */
interface JsonFileReport {
  file: string;
  problems: Problem[];
}

/** The machine-readable report: an array of `{ file, problems }`, 2-space indented. */
export function formatJson(results: readonly ValidationResult[]): string {
  const report: JsonFileReport[] = results.map((result) => ({
    file: result.file,
    problems: result.problems.map(problemData),
  }));
  return JSON.stringify(report, null, 2) + '\n';
}

/** The documented fields only, in a fixed order, so the output is stable whatever else a problem object carries. */
function problemData(problem: Problem): Problem {
  const data: Problem = {
    code: problem.code,
    severity: problem.severity,
    message: problem.message,
    file: problem.file,
    pointer: problem.pointer,
    line: problem.line,
    column: problem.column,
    endLine: problem.endLine,
    endColumn: problem.endColumn,
  };
  if (problem.suggest !== undefined) data.suggest = problem.suggest;
  return data;
}
