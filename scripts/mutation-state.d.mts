// Types of mutation-state.mjs (plain JavaScript: scripts/mutate.mjs runs it before anything is built).

export const STATE: string;

/** A whole run's row in mutation-state/scores.json. */
export interface WholeRow {
  score: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  commit: string;
  dirty: boolean;
  date: string;
}

interface StateReport {
  files?: Record<string, { mutants: ReadonlyArray<{ location: { start: { line: number } }; status: string; mutatorName: string }> }>;
}

export function seedIncremental(incrementalFile: string, target: string, state?: string): string | undefined;
export function readScores(file?: string): Record<string, WholeRow>;
export function keepWholeRun(incrementalFile: string, target: string, row: WholeRow, state?: string): void;
export function survivorsOf(report: StateReport): Array<{ file: string; line: number; mutator: string; status: string }>;
export function tableOf(
  targets: readonly string[],
  scores: Record<string, WholeRow>,
  reportOf: (target: string) => StateReport | undefined,
  floor: number,
): string;
export function withTable(doc: string, table: string): string;
/** The program: the table of every target written into `doc` from `state`; 2 and the usage for other arguments. */
export function tableProgram(
  argv: string[],
  options?: { state?: string; doc?: string; say?: (line: string) => void; err?: (line: string) => void },
): Promise<number>;
