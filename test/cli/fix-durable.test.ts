/**
 * `docsnav validate --fix` writes the user's docs.json as every command writes a user's file
 * (src/write-file.ts, issue 66 item 6): a new file beside it, synced, renamed over it. On a real
 * full file system (a small tmpfs, mounted here as root, as mv-full-disk.test.ts does) and under a
 * real SIGKILL or SIGTERM sent as the write starts, docs.json is the old file or the fixed one,
 * never a mix; a link there is replaced, never written through; the file's mode is kept.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  lstatSync,
  unlinkSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hangGuard } from '../time-scale.mjs';
import { fillUntil, smallDisk } from './small-disk.js';

const cli = path.resolve('dist/cli/main.js');
const root = process.getuid?.() === 0;
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', CI: 'true' };

function docsnav(args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env });
}

/** The broken fixture in `folder`, its docs.json padded with `padding` bytes of trailing spaces (valid JSON, kept by the fix). */
function brokenSite(folder: string, padding: number): string {
  cpSync(path.join('fixtures', 'broken'), folder, { recursive: true });
  const file = path.join(folder, 'docs.json');
  writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()}${' '.repeat(padding)}\n`);
  return file;
}

/** docs.json fixed with room to spare: the bytes a complete fix writes. */
function fixedBytes(padding: number): { before: string; after: string } {
  const folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-fix-expected-')));
  try {
    const file = brokenSite(folder, padding);
    const before = readFileSync(file, 'utf8');
    expect(docsnav(['validate', folder, '--fix']).status).toBe(1);
    const after = readFileSync(file, 'utf8');
    expect(after).not.toBe(before);
    return { before, after };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Names docsnav's temporary files have (`.docs.json.docsnav-<pid>-<hex>.tmp`). */
const temporaries = (folder: string) => readdirSync(folder).filter((name) => name.includes('.docsnav-'));

describe('docsnav validate --fix writes whole files', () => {
  it(
    'keeps the mode of docs.json, and writes nothing through a link there',
    () => {
      const folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-fix-link-')));
      const outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-fix-outside-')));
      try {
        const file = brokenSite(folder, 0);
        chmodSync(file, 0o640);
        expect(docsnav(['validate', folder, '--fix']).status).toBe(1);
        expect(statSync(file).mode & 0o777).toBe(0o640);
        expect(temporaries(folder)).toEqual([]);
        // docs.json a link to a file elsewhere: refused in one line (docsnav follows no link to the file it checks); nothing written.
        const target = path.join(outside, 'docs.json');
        const original = readFileSync(path.join('fixtures', 'broken', 'docs.json'), 'utf8');
        writeFileSync(target, original);
        unlinkSync(file);
        symlinkSync(target, file);
        const run = docsnav(['validate', folder, '--fix']);
        expect(run.status, run.stderr).toBe(2);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
        expect(readFileSync(target, 'utf8')).toBe(original);
        expect(lstatSync(file).isSymbolicLink()).toBe(true);
      } finally {
        rmSync(folder, { recursive: true, force: true });
        rmSync(outside, { recursive: true, force: true });
      }
    },
    hangGuard(120_000),
  );

  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(
      `${signal} as the write starts leaves the old docs.json or the fixed one (5 runs)`,
      async () => {
        const padding = 16 * 1024 * 1024;
        const { before, after } = fixedBytes(padding);
        const outcomes: string[] = [];
        for (let round = 0; round < 5; round++) {
          const folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-fix-signal-')));
          try {
            const file = brokenSite(folder, padding);
            // The first change in the folder (the temporary file made, or docs.json opened for writing) is the write starting.
            const watcher = watch(folder);
            const child = spawn(process.execPath, [cli, 'validate', folder, '--fix'], { env, stdio: 'ignore' });
            const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
            await new Promise<void>((resolve) => {
              watcher.once('change', () => {
                child.kill(signal);
                resolve();
              });
              void exited.then(resolve);
            });
            watcher.close();
            await exited;
            const now = readFileSync(file, 'utf8');
            outcomes.push(now === before ? 'old' : now === after ? 'new' : `a mix of ${now.length} bytes`);
          } finally {
            rmSync(folder, { recursive: true, force: true });
          }
        }
        console.log(`--fix under ${signal}: ${outcomes.join(', ')}`);
        expect(outcomes.filter((outcome) => outcome !== 'old' && outcome !== 'new')).toEqual([]);
      },
      hangGuard(300_000),
    );
  }
});

const disk = smallDisk(root, 'docsnav-fix-full-');

describe.runIf(root)('docsnav validate --fix on a full disk', () => {
  it(
    'with any space left, it fixes or refuses in one line, and docs.json is the old or the fixed one',
    () => {
      const padding = 1024 * 1024;
      const { before, after } = fixedBytes(padding);
      const seen = new Set<string>();
      for (const left of [0, 4096, 64 * 1024, 512 * 1024, 1024 * 1024 - 4096, 2 * 1024 * 1024]) {
        const folder = path.join(disk.path, 'site');
        const file = brokenSite(folder, padding);
        fillUntil(disk.path, path.join(disk.path, 'filler'), left);
        const run = docsnav(['validate', folder, '--fix']);
        const now = readFileSync(file, 'utf8');
        const state = now === before ? 'old' : now === after ? 'new' : `a mix of ${now.length} bytes`;
        seen.add(state);
        expect(state, `${left} bytes left`).toMatch(/^(old|new)$/);
        if (state === 'old') {
          expect(run.status, run.stderr).toBe(2);
          expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
          expect(run.stderr).toMatch(/the disk is full/);
        } else expect(run.status).toBe(1);
        expect(temporaries(folder), `${left} bytes left`).toEqual([]);
        rmSync(folder, { recursive: true, force: true });
        rmSync(path.join(disk.path, 'filler'), { force: true });
        mkdirSync(folder, { recursive: false });
        rmSync(folder, { recursive: true, force: true });
      }
      // The disk was full for some runs and had room for others.
      expect([...seen].sort()).toEqual(['new', 'old']);
    },
    hangGuard(600_000),
  );
});
