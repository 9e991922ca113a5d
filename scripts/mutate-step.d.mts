// Types of mutate-step.mjs (plain JavaScript: scripts/mutate.mjs runs it before anything is built).
import type { Estimate, MutantResult, Tally } from './mutate-gate.mjs';
import type { Answer } from './mutate-run.mjs';

type Target = { configFile: string; paths: string[]; tests: string[]; cost?: { perLine: number } };

/** A run of a target: the lines to mutate, and with --changed its changed lines of code, lines touched and seed. */
export interface Run {
  name: string;
  mutate: string[];
  changed: Array<[string, number]>;
  touched: number;
  seed: string;
}

/** A target measured: Stryker's counts over the lines asked for, its minutes, and with --changed the estimate. */
export interface Row extends Tally {
  name: string;
  minutes: number;
  estimate?: Estimate;
}

export type Stryker = (run: Run, mutate: string[], deadline: number | undefined) => Promise<Answer<MutantResult[]>>;

export const COST: Record<string, { start: number; perTestFile: number; perLine: number }>;
export function codeLines(paths: readonly string[], root: string): Array<[string, number]>;
export function testFiles(target: Target, root: string): number;
export function costOf(target: Target, root: string): { start: number; perLine: number };
export function changedRuns(
  ranges: Iterable<[string, string[]]>,
  options: { asked: readonly string[]; seed: string | undefined; head: string; sampleSize: number | undefined; root: string },
): Run[];
export function linesIn(mutate: readonly string[]): string[];
export function strykerFailed(name: string, error: string): string;
export function aliveLines(counted: readonly MutantResult[], root: string): string[];
export function nextPace(pace: number, seconds: number, reckoned: number): number;
export function runBudgeted(
  runs: readonly Run[],
  options: {
    budget: number;
    cap: number | undefined;
    costs: (name: string) => { start: number; perLine: number };
    configOf: (name: string) => string;
    stryker: Stryker;
    now: () => number;
    log: (line: string) => void;
    root: string;
  },
): Promise<{ rows: Row[]; notRun: string[]; errored: string[]; budget: number }>;
export function runEach(
  runs: ReadonlyArray<Pick<Run, 'name' | 'mutate'> & Partial<Run>>,
  options: {
    partial: boolean;
    changedMode: boolean;
    stryker: Stryker;
    keepWhole: (name: string, counts: Tally) => void;
    now: () => number;
    log: (line: string) => void;
    root: string;
  },
): Promise<{ rows: Row[]; notRun: string[]; errored: string[] }>;
export function tableLines(rows: readonly Row[], options: { changedMode: boolean; sampleSize: number | undefined; floor: number; ofOthers: boolean }): string[];
export function report(options: {
  runs: ReadonlyArray<Pick<Run, 'name'> & Partial<Run>>;
  rows: readonly Row[];
  notRun: readonly string[];
  errored: readonly string[];
  budget: number | undefined;
  changedMode: boolean;
  sampleSize: number | undefined;
  floor: number;
  ofOthers: boolean;
  base: string;
  minutes: number;
}): { lines: string[]; failed: boolean };
