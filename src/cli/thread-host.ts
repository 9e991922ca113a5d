/**
 * The process's first thread, when a command runs on a thread of its own (thread.ts): `docsnav mv`
 * always, `docsnav validate` when stderr is a terminal. The work is synchronous, so only another
 * thread can hear a signal while it runs and draw a progress line. This one forwards the command's
 * output, draws the line on a terminal (past DOCSNAV_PROGRESS_AFTER ms, default 2,000; none when
 * piped or with a CI format), and passes the first SIGINT or SIGTERM on: the command stops at its
 * next step and says what was changed. A second one stops the command at once.
 */
import { Worker } from 'node:worker_threads';
import { CELL, CELL_COUNT, STAGES, signalNumber, signalledExitCode } from './thread.js';

/** How long after a first signal the command, not yet stopped, is said to be stopping. */
const STOPPING_AFTER_MS = 500;

/** What the command's thread is given (`workerData`). */
export interface CommandThreadData {
  docsnavCommand: { cells: Int32Array; stdoutIsTTY: boolean; stderrIsTTY: boolean };
}

/** Whether `docsnav <argv>` runs on a thread of its own: mv, and validate on a terminal; never with standard input. */
export function runsOnThread(argv: readonly string[], stderrIsTTY: boolean): boolean {
  const [command, ...rest] = argv;
  const end = rest.indexOf('--');
  const options = end === -1 ? rest : rest.slice(0, end);
  if (options.includes('-') || options.includes('--stdin')) return false;
  return command === 'mv' || (command === 'validate' && stderrIsTTY);
}

/** Milliseconds before the progress line is drawn: DOCSNAV_PROGRESS_AFTER (a whole number), else 2,000. */
export function progressAfter(env: NodeJS.ProcessEnv): number {
  const value = env.DOCSNAV_PROGRESS_AFTER;
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : 2000;
}

/** Runs `docsnav <argv>` from `entry` (the CLI's own file) on a thread; resolves with its exit code. */
export function hostCommand(entry: string, argv: string[]): Promise<number> {
  const cells = new Int32Array(new SharedArrayBuffer(CELL_COUNT * Int32Array.BYTES_PER_ELEMENT));
  const data: CommandThreadData = {
    docsnavCommand: { cells, stdoutIsTTY: Boolean(process.stdout.isTTY), stderrIsTTY: Boolean(process.stderr.isTTY) },
  };
  const worker = new Worker(entry, { argv, workerData: data, stdout: true, stderr: true });
  const line = new ProgressLine(cells, (text) => process.stderr.write(text), progressAfter(process.env), process.stderr.columns);
  let stoppedBy: NodeJS.Signals | undefined;
  let waiting: NodeJS.Timeout | undefined;
  // The command's output, forwarded. Output after a first signal is the command answering it (its last
  // line, or a step's): it is not then said to be stopping (both come to this thread's loop, in order).
  const forward = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
    line.clear();
    clearTimeout(waiting);
    to.write(chunk);
  };
  worker.stdout.on('data', forward(process.stdout));
  worker.stderr.on('data', forward(process.stderr));
  const onSignal = (signal: NodeJS.Signals) => {
    if (Atomics.load(cells, CELL.signal) === 0) {
      Atomics.store(cells, CELL.signal, signalNumber(signal));
      Atomics.notify(cells, CELL.signal);
      // A step that takes long (a large docs.json parsed): say that it stops, and how to stop it now.
      waiting = setTimeout(() => {
        line.clear();
        process.stderr.write(`docsnav: ${signal}: stopping at the next step (send it again to stop at once)\n`);
      }, STOPPING_AFTER_MS);
      return;
    }
    // A second signal: the user will not wait for the next step.
    stoppedBy = signal;
    line.clear();
    process.stderr.write(
      `docsnav: stopped at once (${signal} again): if a move was being written, docsnav mv --continue finishes it and docsnav mv --abort undoes it\n`,
    );
    void worker.terminate();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const timer = setInterval(() => line.draw(Date.now()), 100);
  const ended = (stream: NodeJS.ReadableStream) => new Promise<void>((resolve) => stream.once('end', resolve));
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  return Promise.all([exited, ended(worker.stdout), ended(worker.stderr)]).then(([code]) => {
    clearInterval(timer);
    clearTimeout(waiting);
    line.clear();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    return stoppedBy === undefined ? code : signalledExitCode(stoppedBy);
  });
}

/** The one progress line on stderr: drawn over itself, cleared before any other output. */
export class ProgressLine {
  private drawn = false;
  /**
   * The counts when the command's output last came: the line is not drawn over it again until they
   * move on (the report comes after the last count; mv's next stage, after its summary, counts anew).
   */
  private wrote = '';
  private readonly start: number;

  constructor(
    private readonly cells: Int32Array,
    private readonly write: (text: string) => void,
    private readonly after: number,
    private readonly columns: number | undefined,
    now: number = Date.now(),
  ) {
    this.start = now;
  }

  /** Draws the line as the counts are now, once `after` ms have passed and the command wants one. */
  draw(now: number): void {
    // After a signal the command says what it did, and the line is not drawn over it again.
    if (now - this.start < this.after || Atomics.load(this.cells, CELL.show) !== 1 || Atomics.load(this.cells, CELL.signal) !== 0) return;
    if (countsOf(this.cells) === this.wrote) return;
    const text = progressText(this.cells);
    if (text === undefined) return;
    const width = Math.max(20, (this.columns || 80) - 1);
    this.write(`\r\x1b[K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    this.drawn = true;
  }

  /** Takes the line away, if drawn, for the command's own output; not drawn again until its next stage. */
  clear(): void {
    this.wrote = countsOf(this.cells);
    if (!this.drawn) return;
    this.write('\r\x1b[K');
    this.drawn = false;
  }
}

/** Every shared count (the signal's cell aside), as one key. */
function countsOf(cells: Int32Array): string {
  return Array.from({ length: CELL_COUNT - 1 }, (_, i) => Atomics.load(cells, i + 1)).join(' ');
}

/** What the line says: the stage, and its counts. */
export function progressText(cells: Int32Array): string | undefined {
  const stage = STAGES[Atomics.load(cells, CELL.stage)];
  if (!stage) return undefined;
  const count = (cell: number, one: string, many: string) => {
    const value = Atomics.load(cells, cell);
    return `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
  };
  if (stage === 'mv: planning') return `docsnav: ${stage}…`;
  if (stage === 'mv: writing') return `docsnav: ${stage}… ${count(CELL.written, 'step', 'steps')} done`;
  return `docsnav: ${stage}… ${count(CELL.entries, 'entry', 'entries')}, ${count(CELL.read, 'file', 'files')} read, ${count(CELL.scanned, 'page', 'pages')} checked`;
}
