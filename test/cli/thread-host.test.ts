/**
 * The first thread of a command run on a thread of its own (src/cli/thread-host.ts): which
 * commands run there, the progress line's drawing rules, and the signals. The signals are sent for
 * real to a process running the host (bundled from the sources with esbuild, as the CLI is) over a
 * command thread of the test's own: one that waits for the signal's cell, and one stuck in a step
 * that never asks (the second signal must stop it at once).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { CELL, CELL_COUNT, CommandInterrupted, CommandThread, STAGES } from '../../src/cli/thread.js';
import { ProgressLine, progressAfter, progressText, runsOnThread } from '../../src/cli/thread-host.js';
import { hangGuard } from '../time-scale.mjs';

function cells(values: Partial<Record<keyof typeof CELL, number>> = {}): Int32Array {
  const shared = new Int32Array(new SharedArrayBuffer(CELL_COUNT * 4));
  for (const [name, value] of Object.entries(values)) shared[CELL[name as keyof typeof CELL]] = value;
  return shared;
}

describe('which commands run on a thread', () => {
  it('mv always; validate only with stderr on a terminal; never with standard input', () => {
    expect(runsOnThread(['mv', 'a', 'b'], false)).toBe(true);
    expect(runsOnThread(['validate'], true)).toBe(true);
    expect(runsOnThread(['validate'], false)).toBe(false);
    expect(runsOnThread(['validate', '-'], true)).toBe(false);
    expect(runsOnThread(['validate', '--stdin'], true)).toBe(false);
    // After `--`, `-` is a path, not standard input.
    expect(runsOnThread(['validate', '--', '-'], true)).toBe(true);
    expect(runsOnThread(['resolve'], true)).toBe(false);
    expect(runsOnThread([], true)).toBe(false);
  });

  it('DOCSNAV_PROGRESS_AFTER: a whole number of milliseconds, else 2,000', () => {
    expect(progressAfter({})).toBe(2000);
    expect(progressAfter({ DOCSNAV_PROGRESS_AFTER: '0' })).toBe(0);
    expect(progressAfter({ DOCSNAV_PROGRESS_AFTER: '750' })).toBe(750);
    for (const bad of ['', '-1', '1.5', 'soon', '1e3']) expect(progressAfter({ DOCSNAV_PROGRESS_AFTER: bad })).toBe(2000);
  });
});

describe('the progress line', () => {
  const validating = STAGES.indexOf('validating');

  it('says the stage and its counts, one and many', () => {
    expect(progressText(cells())).toBeUndefined();
    expect(progressText(cells({ stage: validating, entries: 1, read: 12345, scanned: 0 }))).toBe(
      'docsnav: validating… 1 entry, 12,345 files read, 0 pages checked',
    );
    expect(progressText(cells({ stage: STAGES.indexOf('mv: writing'), written: 1 }))).toBe('docsnav: mv: writing… 1 step done');
    expect(progressText(cells({ stage: STAGES.indexOf('mv: planning') }))).toBe('docsnav: mv: planning…');
  });

  it('is drawn only past its delay, when the command wants it, before a signal, and fits the terminal', () => {
    const shared = cells({ stage: validating, show: 1, entries: 5 });
    const written: string[] = [];
    const line = new ProgressLine(shared, (text) => written.push(text), 2000, 40, 1000);
    line.draw(2999);
    expect(written).toEqual([]);
    line.draw(3000);
    expect(written).toEqual(['\r\x1b[Kdocsnav: validating… 5 entries, 0 file…']);
    expect(written[0].length - '\r\x1b[K'.length).toBe(39);
    Atomics.store(shared, CELL.show, 0);
    line.draw(4000);
    expect(written).toHaveLength(1);
    Atomics.store(shared, CELL.show, 1);
    Atomics.store(shared, CELL.signal, 2);
    line.draw(5000);
    expect(written).toHaveLength(1);
  });

  it('is cleared before other output, and drawn again only once the counts move on', () => {
    const shared = cells({ stage: validating, show: 1, read: 3 });
    const written: string[] = [];
    const line = new ProgressLine(shared, (text) => written.push(text), 0, undefined, 0);
    line.draw(1);
    expect(written).toEqual(['\r\x1b[Kdocsnav: validating… 0 entries, 3 files read, 0 pages checked']);
    line.clear();
    expect(written.at(-1)).toBe('\r\x1b[K');
    // The output that came is not drawn over while the counts are those it came with (the report, after the last count).
    line.draw(2);
    expect(written).toHaveLength(2);
    Atomics.store(shared, CELL.read, 4);
    line.draw(3);
    expect(written.at(-1)).toBe('\r\x1b[Kdocsnav: validating… 0 entries, 4 files read, 0 pages checked');
    // Output before any line: nothing to take away, and none drawn over it until the counts move.
    const quiet: string[] = [];
    const fresh = new ProgressLine(shared, (text) => quiet.push(text), 0, undefined, 0);
    fresh.clear();
    fresh.draw(1);
    expect(quiet).toEqual([]);
  });
});

describe("the command's side", () => {
  it('throws CommandInterrupted at its next step once a signal is in the cell', () => {
    const shared = cells();
    const thread = new CommandThread(shared, true);
    thread.begin('validating', true);
    expect(shared[CELL.show]).toBe(1);
    thread.onProgress({ entries: 2, read: 1, scanned: 0 });
    expect(shared[CELL.entries]).toBe(2);
    shared[CELL.signal] = 15;
    expect(() => thread.onProgress({ entries: 3, read: 1, scanned: 0 })).toThrow(CommandInterrupted);
    expect(thread.signal()).toBe('SIGTERM');
    expect(() => thread.begin('mv: writing', false)).toThrow(/interrupted \(SIGTERM\)/);
  });

  it('wants a line only on a terminal, without a CI format, not on a dumb one', () => {
    const thread = new CommandThread(cells(), true);
    expect(thread.showsProgress(['pretty'], {})).toBe(true);
    expect(thread.showsProgress(['json'], {})).toBe(true);
    expect(thread.showsProgress(['github'], {})).toBe(false);
    expect(thread.showsProgress(['pretty', 'sarif'], {})).toBe(false);
    expect(thread.showsProgress(['pretty'], { TERM: 'dumb' })).toBe(false);
    expect(new CommandThread(cells(), false).showsProgress(['pretty'], {})).toBe(false);
  });
});

describe('signals, sent to the host for real', () => {
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'docsnav-thread-host-'));
    await build({
      entryPoints: [path.resolve('src/cli/thread-host.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: path.join(folder, 'host.mjs'),
      logLevel: 'warning',
    });
    writeFileSync(
      path.join(folder, 'driver.mjs'),
      "import { hostCommand } from './host.mjs';\nhostCommand(process.argv[2], []).then((code) => (process.exitCode = code));\n",
    );
    // A step that never asks for a signal (bounded: a minute).
    writeFileSync(
      path.join(folder, 'stuck.mjs'),
      "process.stdout.write('working\\n');\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);\n",
    );
    // A command that asks: it waits for the signal's cell, says what it saw, and ends with its own code.
    writeFileSync(
      path.join(folder, 'asks.mjs'),
      [
        "import { workerData } from 'node:worker_threads';",
        'const { cells } = workerData.docsnavCommand;',
        "process.stdout.write('working\\n');",
        'Atomics.wait(cells, 0, 0, 60_000);',
        'process.stderr.write(`saw ${Atomics.load(cells, 0)}\\n`);',
        'process.exitCode = 7;',
      ].join('\n'),
    );
  });

  function hosted(entry: string) {
    const child = spawn(process.execPath, [path.join(folder, 'driver.mjs'), path.join(folder, entry)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const waiting: Array<() => void> = [];
    const take = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      waiting.splice(0).forEach((wake) => wake());
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const until = async (text: string) => {
      const guard = Date.now() + hangGuard(20_000);
      while (!output.includes(text)) {
        if (Date.now() > guard) throw new Error(`no "${text}" in ${JSON.stringify(output)}`);
        await new Promise<void>((wake) => {
          waiting.push(wake);
          setTimeout(wake, 1000);
        });
      }
    };
    const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    return { child, until, ended, output: () => output };
  }

  it('the first signal is passed on in the cell; the command ends with its own code', async () => {
    for (const [signal, number] of [
      ['SIGINT', 2],
      ['SIGTERM', 15],
    ] as const) {
      const run = hosted('asks.mjs');
      await run.until('working');
      run.child.kill(signal);
      expect(await run.ended).toBe(7);
      expect(run.output()).toBe(`working\nsaw ${number}\n`);
    }
  });

  it('a command that does not stop: said after a moment, then a second signal stops it at once (130, 143)', async () => {
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      const run = hosted('stuck.mjs');
      await run.until('working');
      run.child.kill(signal);
      await run.until(`docsnav: ${signal}: stopping at the next step (send it again to stop at once)\n`);
      run.child.kill(signal);
      expect(await run.ended).toBe(code);
      expect(run.output()).toContain(`docsnav: stopped at once (${signal} again): if a move was being written, docsnav mv --continue finishes it`);
    }
  });
});
