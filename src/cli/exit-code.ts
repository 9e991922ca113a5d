import type { Problem } from '../problem.js';
import { countProblems } from '../result.js';
import type { CliIo } from './io.js';

/** validate's exit code for these problems (mv's too): 1 with an error, or more warnings than --max-warnings (said). */
export function exitCodeOf(problems: readonly Problem[], maxWarnings: number | undefined, io: Pick<CliIo, 'stderr'>): 0 | 1 {
  const counts = countProblems(problems);
  if (counts.errors > 0) return 1;
  // No --max-warnings: no limit.
  if (counts.warnings > (maxWarnings ?? Number.POSITIVE_INFINITY)) {
    io.stderr(`docsnav: ${counts.warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
    return 1;
  }
  return 0;
}
