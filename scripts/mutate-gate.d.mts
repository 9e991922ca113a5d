// Types of mutate-gate.mjs (plain JavaScript: scripts/mutate.mjs runs it before anything is built).

export const MIN_LINES: number;

/** A mutant as Stryker reports it (the fields the gate reads). */
export interface MutantResult {
  fileName: string;
  location: { start: { line: number } };
  status: string;
  mutatorName?: string;
  replacement?: string;
}

export interface Estimate {
  score: number;
  variance: number;
  exact: boolean;
  perLine?: number;
  n: number;
  population: number;
  valid: number;
}

export function sample<T>(items: readonly T[], count: number, seed: string): T[];
export function linesOf(drawn: Iterable<[string, number]>): string[];
export function wilson(detected: number, valid: number): [number, number];
export function inRanges(ranges: readonly string[], file: string, line: number): boolean;
/** Stryker's counts of some mutants, and their score (killed and timed out over all but the ignored and errors, in percent). */
export interface Tally {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  errors: number;
  score: number;
}
export function tally(results: readonly MutantResult[]): Tally;
export interface PlannedRun {
  changed: readonly unknown[];
  cost: { start: number; perLine: number };
}
export function planLines(pending: readonly PlannedRun[], left: number, pace?: number): { lines: number; seconds: number; least: number };
export function estimate(results: readonly MutantResult[], lines: readonly string[], population: number, root: string): Estimate;
export function tQuantile(df: number): number;
export function interval(one: Estimate): [number, number];
export function pooled(estimates: readonly Estimate[]): Estimate;
export function gate(one: Estimate, floor: number, ofOthers?: boolean): 'fails' | 'under' | 'passes';
export function targetGate(one: Estimate, floor: number, ofOthers?: boolean): 'fails' | 'under' | 'passes';
export function budgetFor(pending: readonly PlannedRun[], budget: number, cap: number | undefined): number;
export function shownScore(one: Estimate): string;
export function parseArguments(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  floor: number,
):
  | { error: string }
  | {
      changedMode: boolean;
      base: string;
      sampleSize: number | undefined;
      seed: string | undefined;
      budget: number | undefined;
      cap: number | undefined;
      ofOthers: boolean;
      floor: number;
      asked: string[];
    };

/** How many lines `file:start-end` ranges hold; a range with no lines named is its whole file, of `linesOfFile(file)` lines. */
export function linesInRanges(ranges: readonly string[], linesOfFile: (file: string) => number): number;
