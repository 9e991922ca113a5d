/**
 * A command run on a thread of its own (thread-host.ts starts it): the process's first thread keeps
 * the signals and the terminal, this one does the work. What they share is a few integers
 * (`Int32Array` over a SharedArrayBuffer), read and written with Atomics: the signal that came, and
 * how far the work has come. The work is synchronous (a validation), so a signal cannot reach it as
 * an event; it asks for one at each step (`onProgress`, `onStep`) and stops by throwing
 * `CommandInterrupted`, which the command turns into one line saying what was changed.
 */
import { GitError } from '../git.js';
import type { ValidationProgress } from '../pipeline/progress.js';

/** The shared integers, by index. */
export const CELL = {
  /** The signal that came: 0 none, else its number (2 SIGINT, 15 SIGTERM). */
  signal: 0,
  /** What the command is doing now (`Stage`), 0 before it says. */
  stage: 1,
  /** 1: a progress line is wanted (stderr is a terminal, no CI format). */
  show: 2,
  entries: 3,
  read: 4,
  scanned: 5,
  /** Steps of a move written. */
  written: 6,
  /** How many stages have begun: the line drawn again after other output only once a new one has. */
  stages: 7,
} as const;

export const CELL_COUNT = 8;

/** What a threaded command is doing, as the progress line names it. */
export const STAGES = ['', 'validating', 'mv: planning', 'mv: checking', 'mv: writing', 'mv: checking again'] as const;
export type Stage = Exclude<(typeof STAGES)[number], ''>;

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 2, SIGTERM: 15 };

/** A signal's number in the shared cell. */
export function signalNumber(signal: NodeJS.Signals): number {
  return SIGNAL_NUMBERS[signal] ?? 0;
}

/** The exit code of a process stopped by a signal, as shells give it (128 + its number). */
export function signalledExitCode(signal: NodeJS.Signals): number {
  return 128 + (SIGNAL_NUMBERS[signal] ?? 0);
}

/** Thrown from a step of the work when a signal has come: the command says what was changed. */
export class CommandInterrupted extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted (${signal})`);
  }
}

/**
 * The signal an error says stopped the work: a CommandInterrupted's, or that of a child process
 * (git) the same Ctrl-C stopped, which the work sees as that child's failure (src/git.ts).
 */
export function interruptingSignal(error: unknown): NodeJS.Signals | undefined {
  if (error instanceof CommandInterrupted) return error.signal;
  return error instanceof GitError && error.signal !== undefined && error.signal in SIGNAL_NUMBERS ? error.signal : undefined;
}

/** The command's side of the shared integers. */
export class CommandThread {
  constructor(
    private readonly cells: Int32Array,
    /** stderr is a terminal: a progress line can be drawn on it. */
    private readonly stderrIsTTY: boolean,
  ) {}

  /** A progress line is drawn for reports in these formats: on a terminal, not for a CI's (`github`, `sarif`), not on a dumb one. */
  showsProgress(formats: readonly string[], env: Record<string, string | undefined>): boolean {
    return this.stderrIsTTY && env.TERM !== 'dumb' && !formats.some((format) => format === 'github' || format === 'sarif');
  }

  /** The signal that came, if one has. */
  signal(): NodeJS.Signals | undefined {
    const number = Atomics.load(this.cells, CELL.signal);
    return (Object.keys(SIGNAL_NUMBERS) as NodeJS.Signals[]).find((signal) => SIGNAL_NUMBERS[signal] === number);
  }

  /** Throws `CommandInterrupted` when a signal has come. */
  check(): void {
    const signal = this.signal();
    if (signal !== undefined) throw new CommandInterrupted(signal);
  }

  /** A new stage: its counts start again; `show` says whether a progress line is drawn for it. */
  begin(stage: Stage, show: boolean): void {
    for (const cell of [CELL.entries, CELL.read, CELL.scanned, CELL.written]) Atomics.store(this.cells, cell, 0);
    Atomics.store(this.cells, CELL.show, show ? 1 : 0);
    Atomics.store(this.cells, CELL.stage, STAGES.indexOf(stage));
    Atomics.add(this.cells, CELL.stages, 1);
    this.check();
  }

  /** How far the stage had come: its counts as last told. */
  progress(): ValidationProgress {
    return { entries: Atomics.load(this.cells, CELL.entries), read: Atomics.load(this.cells, CELL.read), scanned: Atomics.load(this.cells, CELL.scanned) };
  }

  /** `ValidateOptions.onProgress`: the counts shared, and a signal that came thrown. */
  readonly onProgress = (progress: ValidationProgress): void => {
    Atomics.store(this.cells, CELL.entries, progress.entries);
    Atomics.store(this.cells, CELL.read, progress.read);
    Atomics.store(this.cells, CELL.scanned, progress.scanned);
    this.check();
  };

  /** A step of a move written. */
  readonly onStep = (): void => {
    Atomics.add(this.cells, CELL.written, 1);
  };
}
