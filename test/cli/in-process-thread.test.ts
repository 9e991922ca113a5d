/**
 * The shared cells of a command run on a thread of its own (src/cli/thread.ts) and the first
 * thread's side (src/cli/thread-host.ts), in process: every count, stage and signal read back from
 * the cells, the progress line's width and wording, and hostCommand itself over a worker of the
 * test's own (its output forwarded, its progress drawn, a signal passed on, a second one stopping
 * it at once). test/cli/thread-host.test.ts sends the signals for real to a bundled host; this
 * file runs the sources, which is what mutation testing sees.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GitError } from '../../src/git.js';
import { CELL, CELL_COUNT, CommandInterrupted, CommandThread, STAGES, interruptingSignal, signalNumber, signalledExitCode } from '../../src/cli/thread.js';
import { ProgressLine, hostCommand, progressAfter, progressText, runsOnThread } from '../../src/cli/thread-host.js';
import { hangGuard } from '../time-scale.mjs';

function cells(values: Partial<Record<keyof typeof CELL, number>> = {}): Int32Array {
  const shared = new Int32Array(new SharedArrayBuffer(CELL_COUNT * Int32Array.BYTES_PER_ELEMENT));
  for (const [name, value] of Object.entries(values)) shared[CELL[name as keyof typeof CELL]] = value;
  return shared;
}

describe('signals and their codes', () => {
  it('SIGINT is 2 and SIGTERM 15 in the cell; any other is 0 (none)', () => {
    expect(signalNumber('SIGINT')).toBe(2);
    expect(signalNumber('SIGTERM')).toBe(15);
    expect(signalNumber('SIGHUP')).toBe(0);
  });

  it('exit codes as shells give them: 130, 143; 128 for a signal not passed on', () => {
    expect(signalledExitCode('SIGINT')).toBe(130);
    expect(signalledExitCode('SIGTERM')).toBe(143);
    expect(signalledExitCode('SIGHUP')).toBe(128);
  });

  it("CommandInterrupted carries its signal and says it; an error's interrupting signal is its own or git's", () => {
    const interrupted = new CommandInterrupted('SIGTERM');
    expect(interrupted.signal).toBe('SIGTERM');
    expect(interrupted.message).toBe('interrupted (SIGTERM)');
    expect(interrupted).toBeInstanceOf(Error);
    expect(interruptingSignal(interrupted)).toBe('SIGTERM');
    expect(interruptingSignal(new CommandInterrupted('SIGINT'))).toBe('SIGINT');
    expect(interruptingSignal(new GitError('git was stopped', 'SIGINT'))).toBe('SIGINT');
    expect(interruptingSignal(new GitError('git was stopped', 'SIGTERM'))).toBe('SIGTERM');
    // git stopped by a signal the CLI does not pass on (not Ctrl-C): git's failure, not an interruption.
    expect(interruptingSignal(new GitError('git was killed', 'SIGKILL'))).toBeUndefined();
    expect(interruptingSignal(new GitError('fatal: not a git repository'))).toBeUndefined();
    expect(interruptingSignal(Object.assign(new Error('interrupted (SIGINT)'), { signal: 'SIGINT' }))).toBeUndefined();
    expect(interruptingSignal(undefined)).toBeUndefined();
  });
});

describe("the command's side of the cells", () => {
  it('reads the signal from its cell: none, SIGINT, SIGTERM; a number it does not know is none', () => {
    const shared = cells();
    const thread = new CommandThread(shared, false);
    expect(thread.signal()).toBeUndefined();
    expect(() => thread.check()).not.toThrow();
    shared[CELL.signal] = 2;
    expect(thread.signal()).toBe('SIGINT');
    expect(() => thread.check()).toThrow(new CommandInterrupted('SIGINT'));
    shared[CELL.signal] = 15;
    expect(thread.signal()).toBe('SIGTERM');
    shared[CELL.signal] = 9;
    expect(thread.signal()).toBeUndefined();
    expect(() => thread.check()).not.toThrow();
  });

  it('a stage begun: its counts start again, its stage and whether it is shown set, the stages counted', () => {
    const shared = cells({ entries: 4, read: 5, scanned: 6, written: 7, stage: 3, show: 1, stages: 2 });
    const thread = new CommandThread(shared, true);
    thread.begin('mv: writing', false);
    expect(Array.from(shared)).toEqual([0, STAGES.indexOf('mv: writing'), 0, 0, 0, 0, 0, 3]);
    thread.begin('validating', true);
    expect(Array.from(shared)).toEqual([0, 1, 1, 0, 0, 0, 0, 4]);
    thread.begin('mv: planning', true);
    expect(shared[CELL.stage]).toBe(2);
    thread.begin('mv: checking', true);
    expect(shared[CELL.stage]).toBe(3);
    thread.begin('mv: checking again', true);
    expect(shared[CELL.stage]).toBe(5);
    expect(shared[CELL.stages]).toBe(7);
  });

  it('counts told are shared and read back; steps written add one each', () => {
    const shared = cells();
    const thread = new CommandThread(shared, false);
    expect(thread.progress()).toEqual({ entries: 0, read: 0, scanned: 0 });
    thread.onProgress({ entries: 3, read: 8, scanned: 5 });
    expect(thread.progress()).toEqual({ entries: 3, read: 8, scanned: 5 });
    expect(Array.from(shared.slice(CELL.entries, CELL.scanned + 1))).toEqual([3, 8, 5]);
    thread.onStep();
    thread.onStep();
    expect(shared[CELL.written]).toBe(2);
    expect(thread.progress()).toEqual({ entries: 3, read: 8, scanned: 5 });
    // A signal that came: the counts are still stored, then the step throws.
    shared[CELL.signal] = 2;
    expect(() => thread.onProgress({ entries: 9, read: 9, scanned: 9 })).toThrow(CommandInterrupted);
    expect(thread.progress()).toEqual({ entries: 9, read: 9, scanned: 9 });
  });

  it('a line is wanted only when every condition holds', () => {
    const tty = new CommandThread(cells(), true);
    expect(tty.showsProgress([], {})).toBe(true);
    expect(tty.showsProgress(['pretty'], { TERM: 'xterm-256color' })).toBe(true);
    expect(tty.showsProgress(['sarif'], {})).toBe(false);
    expect(tty.showsProgress(['json', 'github'], {})).toBe(false);
    expect(tty.showsProgress(['pretty'], { TERM: 'dumb' })).toBe(false);
    expect(new CommandThread(cells(), false).showsProgress([], {})).toBe(false);
  });
});

describe('which commands run on a thread, and after how long the line is drawn', () => {
  it('standard input named before `--` keeps the command in process, for mv as for validate', () => {
    expect(runsOnThread(['mv', '-', 'b'], true)).toBe(false);
    expect(runsOnThread(['mv', 'a', 'b', '--stdin'], false)).toBe(false);
    expect(runsOnThread(['mv', '--', '-', 'b'], false)).toBe(true);
    expect(runsOnThread(['validate', '--', '--stdin'], true)).toBe(true);
    expect(runsOnThread(['validate', '--', 'docs.json'], false)).toBe(false);
    expect(runsOnThread(['lsp'], true)).toBe(false);
    expect(runsOnThread(['daemon', 'start'], true)).toBe(false);
  });

  it('DOCSNAV_PROGRESS_AFTER: up to nine digits', () => {
    expect(progressAfter({ DOCSNAV_PROGRESS_AFTER: '123456789' })).toBe(123456789);
    expect(progressAfter({ DOCSNAV_PROGRESS_AFTER: '1234567890' })).toBe(2000);
    expect(progressAfter({ DOCSNAV_PROGRESS_AFTER: '007' })).toBe(7);
    expect(progressAfter({ DOCSNAV_PROGRESS_AFTER: ' 5' })).toBe(2000);
    expect(progressAfter({ DOCSNAV_PROGRESS_AFTER: '5 ' })).toBe(2000);
    expect(progressAfter({ DOCSNAV_PROGRESS_AFTER: 'x5' })).toBe(2000);
  });
});

describe('the progress line', () => {
  it('names each stage, with the counts that stage has', () => {
    expect(progressText(cells({ stage: STAGES.indexOf('mv: checking'), entries: 2, read: 1, scanned: 1 }))).toBe(
      'docsnav: mv: checking… 2 entries, 1 file read, 1 page checked',
    );
    expect(progressText(cells({ stage: STAGES.indexOf('mv: checking again'), entries: 1000, read: 0, scanned: 2 }))).toBe(
      'docsnav: mv: checking again… 1,000 entries, 0 files read, 2 pages checked',
    );
    expect(progressText(cells({ stage: STAGES.indexOf('mv: writing'), written: 0 }))).toBe('docsnav: mv: writing… 0 steps done');
    expect(progressText(cells({ stage: STAGES.indexOf('mv: writing'), written: 2500 }))).toBe('docsnav: mv: writing… 2,500 steps done');
    // A stage's number past the table: no line.
    expect(progressText(cells({ stage: STAGES.length }))).toBeUndefined();
  });

  it('fits its terminal: cut with an ellipsis only when longer, never narrower than 20, 80 columns when unknown', () => {
    const shared = cells({ stage: STAGES.indexOf('mv: planning'), show: 1 });
    const text = 'docsnav: mv: planning…';
    const drawnAt = (columns: number | undefined) => {
      const written: string[] = [];
      new ProgressLine(shared, (line) => written.push(line), 0, columns, 0).draw(0);
      return written;
    };
    // Exactly as wide as the terminal less one column: whole.
    expect(drawnAt(text.length + 1)).toEqual([`\r\x1b[K${text}`]);
    expect(drawnAt(text.length)).toEqual([`\r\x1b[K${text.slice(0, text.length - 2)}…`]);
    expect(drawnAt(5)).toEqual([`\r\x1b[K${text.slice(0, 19)}…`]);
    expect(drawnAt(0)).toEqual([`\r\x1b[K${text}`]);
    const long = cells({ stage: STAGES.indexOf('validating'), show: 1, entries: 1234567, read: 1234567, scanned: 1234567 });
    const written: string[] = [];
    new ProgressLine(long, (line) => written.push(line), 0, undefined, 0).draw(0);
    const whole = progressText(long) ?? '';
    expect(whole.length).toBeGreaterThan(79);
    expect(written).toEqual([`\r\x1b[K${whole.slice(0, 78)}…`]);
  });

  it('not drawn before any stage, nor when the command asked for none; drawn at its delay exactly', () => {
    const written: string[] = [];
    const none = cells({ show: 1 });
    new ProgressLine(none, (line) => written.push(line), 0, 80, 0).draw(10);
    expect(written).toEqual([]);
    const shared = cells({ stage: STAGES.indexOf('mv: planning'), show: 2 });
    const line = new ProgressLine(shared, (text) => written.push(text), 100, 80, 50);
    line.draw(500);
    expect(written).toEqual([]);
    shared[CELL.show] = 1;
    line.draw(149);
    expect(written).toEqual([]);
    line.draw(150);
    expect(written).toEqual(['\r\x1b[Kdocsnav: mv: planning…']);
    // Cleared, then a new stage (the stages' count moves): drawn again, then cleared once only.
    line.clear();
    line.clear();
    expect(written).toEqual(['\r\x1b[Kdocsnav: mv: planning…', '\r\x1b[K']);
    line.draw(151);
    expect(written).toHaveLength(2);
    shared[CELL.stages] = 1;
    line.draw(152);
    expect(written).toHaveLength(3);
  });

  it('starts its delay at construction when no time is given', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const written: string[] = [];
      const line = new ProgressLine(cells({ stage: 2, show: 1 }), (text) => written.push(text), 10, 80);
      line.draw(1_000_009);
      expect(written).toEqual([]);
      line.draw(1_000_010);
      expect(written).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('hostCommand, in process, over a worker of the test', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-host-in-process-'));
  const channelName = `docsnav-host-${process.pid}-${Math.random()}`;
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  /** A worker entry: `body` runs with `cells` (the shared integers) and `go(name)`, which waits for the test to post `name`. */
  function entry(name: string, body: string): string {
    const file = path.join(folder, `${name}.mjs`);
    writeFileSync(
      file,
      [
        "import { workerData } from 'node:worker_threads';",
        'const { cells, stdoutIsTTY, stderrIsTTY } = workerData.docsnavCommand;',
        `const channel = new BroadcastChannel(${JSON.stringify(channelName)});`,
        'const go = (name) => new Promise((resolve, reject) => {',
        `  const guard = setTimeout(() => reject(new Error('no ' + name)), ${hangGuard(20_000)});`,
        '  channel.onmessage = (event) => { if (event.data === name) { clearTimeout(guard); resolve(); } };',
        '});',
        'try {',
        body,
        '} finally { channel.close(); }',
      ].join('\n'),
    );
    return file;
  }

  /** process.stdout and process.stderr as the host writes them (`log`: both, in order); `seen(text)` resolves once stderr holds it. */
  function captured() {
    const out: string[] = [];
    const err: string[] = [];
    const log: string[] = [];
    const waiting: Array<() => void> = [];
    const take = (into: string[], name: string) => (chunk: string | Uint8Array) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      into.push(text);
      log.push(`${name} ${text}`);
      waiting.splice(0).forEach((wake) => wake());
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(take(out, 'out'));
    vi.spyOn(process.stderr, 'write').mockImplementation(take(err, 'err'));
    const until = async (done: () => boolean, what: string) => {
      const guard = Date.now() + hangGuard(20_000);
      while (!done()) {
        if (Date.now() > guard) throw new Error(`no ${what} in ${JSON.stringify(log)}`);
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 200);
        });
      }
    };
    const seen = (text: string) => until(() => err.join('').includes(text), JSON.stringify(text));
    const said = () => until(() => out.length > 0, 'output');
    return { out, err, log, seen, said };
  }

  const post = (name: string) => {
    const channel = new BroadcastChannel(channelName);
    channel.postMessage(name);
    channel.close();
  };

  it("forwards the command's output, tells it the streams, and resolves with its exit code", async () => {
    const file = entry(
      'plain',
      [
        "process.stdout.write(`out ${process.argv.slice(2).join(' ')} ${stdoutIsTTY} ${stderrIsTTY} ${cells.length}\\n`);",
        "process.stderr.write('err\\n');",
        'process.exitCode = 5;',
      ].join('\n'),
    );
    const io = captured();
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const code = await hostCommand(file, ['validate', 'x']);
    expect(code).toBe(5);
    expect(io.out.join('')).toBe(`out validate x ${Boolean(process.stdout.isTTY)} ${Boolean(process.stderr.isTTY)} ${CELL_COUNT}\n`);
    expect(io.err.join('')).toBe('err\n');
    // Its signal handlers are gone with it.
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });

  it('resolves only once all the output the command wrote has been forwarded', async () => {
    const file = entry('chatty', ['for (let i = 0; i < 200; i++) process.stdout.write(`line ${i}\\n`);', "process.stderr.write('last\\n');"].join('\n'));
    const io = captured();
    const seen = await hostCommand(file, []).then((code) => ({ code, out: io.out.join(''), err: io.err.join('') }));
    expect(seen.code).toBe(0);
    expect(seen.out.split('\n')).toHaveLength(201);
    expect(seen.err).toBe('last\n');
  });

  it('draws the progress line past DOCSNAV_PROGRESS_AFTER, clears it before output, and at the end', async () => {
    vi.stubEnv('DOCSNAV_PROGRESS_AFTER', '0');
    const file = entry(
      'progress',
      [
        `Atomics.store(cells, ${CELL.show}, 1);`,
        `Atomics.store(cells, ${CELL.stage}, ${STAGES.indexOf('validating')});`,
        `Atomics.store(cells, ${CELL.read}, 3);`,
        "await go('drawn');",
        "process.stdout.write('report\\n');",
        "await go('reported');",
        `Atomics.store(cells, ${CELL.read}, 4);`,
        "await go('drawn again');",
      ].join('\n'),
    );
    const io = captured();
    const ended = hostCommand(file, []);
    const line = (read: number) => `\r\x1b[Kdocsnav: validating… 0 entries, ${read} files read, 0 pages checked`;
    await io.seen(line(3));
    post('drawn');
    await io.said();
    // The line (drawn over itself while the counts stand), cleared before the report.
    const drawn = io.log.filter((entry) => entry === `err ${line(3)}`).length;
    expect(drawn).toBeGreaterThan(0);
    expect(io.log).toEqual([...Array<string>(drawn).fill(`err ${line(3)}`), 'err \r\x1b[K', 'out report\n']);
    post('reported');
    await io.seen(line(4));
    post('drawn again');
    expect(await ended).toBe(0);
    // Not drawn over the report until the counts moved; taken away at the end.
    const after = io.log.slice(drawn + 2);
    expect(after.at(-1)).toBe('err \r\x1b[K');
    expect(new Set(after.slice(0, -1))).toEqual(new Set([`err ${line(4)}`]));
  });

  it('a first signal goes to the cell and the command ends with its own code; SIGINT 2, SIGTERM 15', async () => {
    for (const [signal, number] of [
      ['SIGINT', 2],
      ['SIGTERM', 15],
    ] as const) {
      const file = entry(
        `asks-${signal}`,
        [
          "process.stdout.write('working\\n');",
          `Atomics.wait(cells, ${CELL.signal}, 0, ${hangGuard(20_000)});`,
          `process.stderr.write(\`saw \${Atomics.load(cells, ${CELL.signal})}\\n\`);`,
          'process.exitCode = 7;',
        ].join('\n'),
      );
      const io = captured();
      const before = process.listeners(signal);
      const ended = hostCommand(file, []);
      const handler = process.listeners(signal).find((listener) => !before.includes(listener));
      expect(handler).toBeDefined();
      await io.said();
      (handler as (signal: NodeJS.Signals) => void)(signal);
      expect(await ended).toBe(7);
      expect(io.out.join('')).toBe('working\n');
      expect(io.err.join('')).toBe(`saw ${number}\n`);
      expect(process.listeners(signal)).toEqual(before);
      vi.restoreAllMocks();
    }
  });

  /**
   * hostCommand over `file`, the notice's timer under the test's hand (only setTimeout is faked: the
   * progress line's interval and the worker's timers run); `run` gets the run's end and its SIGINT.
   */
  async function timerInHand(file: string, run: (ended: Promise<number>, interrupt: () => void) => Promise<void>): Promise<void> {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const before = process.listeners('SIGINT');
      const ended = hostCommand(file, []);
      const handler = process.listeners('SIGINT').find((listener) => !before.includes(listener)) as (signal: NodeJS.Signals) => void;
      await run(ended, () => handler('SIGINT'));
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  }

  it('a command that has answered the signal is not said to be stopping, however long it takes to end after (stderr, stdout)', async () => {
    // CI saw it once: the command's last line forwarded, its thread slow to end on a busy machine, and the
    // notice ("stopping at the next step") written after the line that said it had stopped.
    for (const stream of ['stderr', 'stdout'] as const) {
      const file = entry(
        `answers-on-${stream}`,
        [
          `Atomics.wait(cells, ${CELL.signal}, 0, ${hangGuard(20_000)});`,
          `process.${stream}.write('docsnav: interrupted (SIGINT): nothing was changed\\n');`,
          "await go('end');",
          'process.exitCode = 130;',
        ].join('\n'),
      );
      const io = captured();
      await timerInHand(file, async (ended, interrupt) => {
        interrupt();
        await (stream === 'stderr' ? io.seen('nothing was changed') : io.said());
        // Long past the moment the notice would be said, the command still running.
        vi.advanceTimersByTime(60_000);
        post('end');
        expect(await ended).toBe(130);
        expect([...io.out, ...io.err]).toEqual(['docsnav: interrupted (SIGINT): nothing was changed\n']);
      });
    }
  });

  it('a command that wrote before the signal but not since is said to be stopping once the moment has passed', async () => {
    const file = entry(
      'quiet-since',
      ["process.stdout.write('working\\n');", `Atomics.wait(cells, ${CELL.signal}, 0, ${hangGuard(20_000)});`, "await go('end');"].join('\n'),
    );
    const io = captured();
    await timerInHand(file, async (ended, interrupt) => {
      await io.said();
      interrupt();
      vi.advanceTimersByTime(499);
      expect(io.err).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(io.err).toEqual(['docsnav: SIGINT: stopping at the next step (send it again to stop at once)\n']);
      post('end');
      expect(await ended).toBe(0);
    });
  });

  it('a command that does not stop: said after a moment; a second signal stops it at once (130, 143)', async () => {
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      // Waits on a cell of its own: the signal's cell does not reach it.
      const file = entry(
        `stuck-${signal}`,
        ["process.stdout.write('working\\n');", `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${hangGuard(60_000)});`].join('\n'),
      );
      const io = captured();
      const before = process.listeners(signal);
      const ended = hostCommand(file, []);
      const handler = process.listeners(signal).find((listener) => !before.includes(listener)) as (signal: NodeJS.Signals) => void;
      await io.said();
      handler(signal);
      await io.seen(`docsnav: ${signal}: stopping at the next step (send it again to stop at once)\n`);
      handler(signal);
      expect(await ended).toBe(code);
      expect(io.err).toEqual([
        `docsnav: ${signal}: stopping at the next step (send it again to stop at once)\n`,
        `docsnav: stopped at once (${signal} again): if a move was being written, docsnav mv --continue finishes it and docsnav mv --abort undoes it\n`,
      ]);
      vi.restoreAllMocks();
    }
  });
});
