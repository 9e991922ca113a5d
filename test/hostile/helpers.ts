/**
 * For the hostile-input tests: the hostile generators of bench/hostile.mjs (typed), temp
 * folders built at test time, and the built CLI run in a child process that is killed after
 * a generous time (a hang guard, not a speed test: speed is measured by `npm run bench`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hangGuard } from '../time-scale.mjs';

export interface HostileGenerators {
  generateDeepProblems: (depth: number) => string;
  generateManyProblems: (count: number) => string;
  generateMissingPages: (count: number) => { docs: string; files: string[] };
  generateAliasBomb: (levels?: number, width?: number) => string;
  generateLongString: (length: number) => string;
}
export const { generateDeepProblems, generateManyProblems, generateMissingPages, generateAliasBomb, generateLongString } = (await import(
  new URL('../../bench/hostile.mjs', import.meta.url).href
)) as HostileGenerators;

/** A fresh folder in os.tmpdir(); `remove()` deletes it. */
export function tempDir(): { dir: string; remove: () => void; folder: () => string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsnav-hostile-'));
  let made = 0;
  return {
    dir,
    remove: () => rmSync(dir, { recursive: true, force: true }),
    /** A new empty folder in it (f0, f1, …). */
    folder: () => {
      const folder = path.join(dir, `f${made++}`);
      mkdirSync(folder);
      return folder;
    },
  };
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the hang guard had to kill it. */
  killed: boolean;
}

/**
 * Runs `node [nodeArgs] dist/cli/main.js args…` from the project folder; kills it after
 * `killAfterMs` (then `killed` is true, and the test fails on that, not on a time).
 */
export function runCli(args: readonly string[], options: { killAfterMs?: number; nodeArgs?: readonly string[] } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/cli/main.js', ...args], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let killed = false;
    const guard = setTimeout(
      () => {
        killed = true;
        child.kill('SIGKILL');
      },
      hangGuard(options.killAfterMs ?? 30_000),
    );
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), killed });
    });
  });
}

/** C0 and C1 control characters but tab and line feed, and bidi overrides and isolates: nothing a terminal should get raw. */
export const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
