/**
 * One `docsnav mv` of a site at a time (issue 66): two moves started together (two CLI processes)
 * never undo each other's journal; the one that finds the lock taken refuses in one line naming the
 * process that has it (exit 2), and the site is whole after. The lock lives in the kernel: a holder
 * killed with -9 leaves nothing that keeps the next move out (its note and its unfinished journal
 * folder are stale, and recognised as such).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, watch, writeFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockSite } from '../../src/move/write.js';
import { git } from '../history/repo.js';
import { hangGuard } from '../time-scale.mjs';
import { generatedSiteRepo } from './site-repo.js';

const cli = path.resolve('dist/cli/main.js');
const env = { ...process.env, NO_COLOR: '1' };
const BUSY =
  /^docsnav: cannot move [^:]+: another docsnav mv is moving files of this site \(process \d+ of [^ ]+ on [^ ]+, started [^ ]+: mv [^)]*\): wait for it to end, then move again\n$/;

function docsnav(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env });
  return { code: run.status, stderr: run.stderr };
}

/** A process of the CLI, and how it ended. */
function started(args: string[], cwd: string) {
  const child = spawn(process.execPath, [cli, ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, ended };
}

/** A repository holding a generated site of `pages` pages (a move of it takes a while: there is time for a second one to meet it). */
const bigRepo = (pages: number): string => generatedSiteRepo(pages, 'docsnav-mv-lock-');

/** The site whole: no page or link leads nowhere (validate), no journal or lock note left, the index holding renames and edits only. */
function expectWhole(repo: string): void {
  expect(existsSync(path.join(repo, '.git', 'docsnav-mv'))).toBe(false);
  expect(existsSync(path.join(repo, '.git', 'docsnav-mv.lock'))).toBe(false);
  const validate = spawnSync(process.execPath, [cli, 'validate', '--format', 'json'], { cwd: repo, encoding: 'utf8', env });
  const codes = (JSON.parse(validate.stdout) as Array<{ problems: Array<{ code: string }> }>)[0].problems.map((problem) => problem.code);
  expect(codes.filter((code) => code === 'page-not-found' || code === 'link-not-found' || code === 'anchor-not-found')).toEqual([]);
  const status = git(repo, 'status', '--porcelain=v1').split('\n').filter(Boolean);
  expect(status.filter((line) => !/^(R {2}|RM | M )/.test(line))).toEqual([]);
}

describe('two docsnav mv at once', () => {
  it(
    'started together for real: one moves, the other moves after it or refuses naming it; never a broken site',
    async () => {
      const outcomes = { both: 0, refused: 0 };
      for (let round = 0; round < 3; round++) {
        const repo = bigRepo(150);
        const first = started(['mv', 'en/v1/t0/g1', 'en/v1/t0/group-one'], repo);
        const second = started(['mv', 'en/v1/t0/g2', 'en/v1/t0/group-two'], repo);
        const [one, two] = await Promise.all([first.ended, second.ended]);
        const ends = [one, two];
        for (const end of ends) {
          if (end.code !== 0) expect(end.stderr).toMatch(BUSY);
          else expect(end.stderr).not.toMatch(/cannot/);
        }
        expect(ends.some((end) => end.code === 0)).toBe(true);
        if (ends.every((end) => end.code === 0)) outcomes.both++;
        else outcomes.refused++;
        expectWhole(repo);
        // What the exits say is what happened: a refused move moved nothing.
        expect(existsSync(path.join(repo, 'en/v1/t0/group-one'))).toBe(one.code === 0);
        expect(existsSync(path.join(repo, 'en/v1/t0/group-two'))).toBe(two.code === 0);
      }
      // The two met at least once (each round's moves run for seconds; the second starts with the first).
      expect(outcomes.refused).toBeGreaterThan(0);
    },
    hangGuard(600_000),
  );

  it('a move while another process holds the lock is refused in one line naming that process; after it lets go, the move goes', () => {
    const repo = bigRepo(2);
    const release = lockSite(repo, 'mv a b');
    try {
      const run = docsnav(['mv', 'en/v1/t0', 'en/v1/tab-zero'], repo);
      expect(run.stderr).toBe(
        `docsnav: cannot move en/v1/t0: another docsnav mv is moving files of this site (process ${process.pid} of ${userInfo().username} on ${hostname()}, started ${
          /started (\S+): mv a b\)/.exec(run.stderr)?.[1]
        }: mv a b): wait for it to end, then move again\n`,
      );
      expect(run.code).toBe(2);
      expect(docsnav(['mv', '--abort'], repo)).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^docsnav: cannot abort the move: another docsnav mv is moving files of this site/),
      });
    } finally {
      release();
    }
    expect(existsSync(path.join(repo, '.git', 'docsnav-mv.lock'))).toBe(false);
    expect(docsnav(['mv', 'en/v1/t0', 'en/v1/tab-zero'], repo).code).toBe(0);
    expectWhole(repo);
  });
});

describe('a stale lock', () => {
  it(
    'left by a holder killed with -9 (its note, and a journal folder it never finished) keeps no move out',
    async () => {
      const repo = bigRepo(150);
      const gitDir = path.join(repo, '.git');
      // Killed as soon as it holds the lock (its note appears): an event waited for, not a time.
      let noted: () => void = () => {};
      const holding = new Promise<void>((resolve) => (noted = resolve));
      const watcher = watch(gitDir, (_event, name) => {
        if (name === 'docsnav-mv.lock' && existsSync(path.join(gitDir, 'docsnav-mv.lock'))) noted();
      });
      const mover = started(['mv', 'en/v1/t0/g1', 'en/v1/t0/group-one'], repo);
      await Promise.race([holding, mover.ended]);
      mover.child.kill('SIGKILL');
      const end = await mover.ended;
      watcher.close();
      expect(end.signal).toBe('SIGKILL');
      // What it left: the note naming it; and, as a writer killed before its plan would leave it, a journal folder with no plan.
      expect(existsSync(path.join(gitDir, 'docsnav-mv.lock'))).toBe(true);
      if (!existsSync(path.join(gitDir, 'docsnav-mv'))) mkdirSync(path.join(gitDir, 'docsnav-mv'), { mode: 0o700 });
      if (existsSync(path.join(gitDir, 'docsnav-mv', 'plan.json'))) {
        // It got as far as its plan: the next move is told of the unfinished one (not of a lock).
        const next = docsnav(['mv', 'en/v1/t0/g2', 'en/v1/t0/group-two'], repo);
        expect(next.stderr).toMatch(/an unfinished move \(en\/v1\/t0\/g1 → en\/v1\/t0\/group-one/);
        expect(docsnav(['mv', '--abort'], repo).code).toBe(0);
      } else writeFileSync(path.join(gitDir, 'docsnav-mv', 'after'), 'half written');
      const run = docsnav(['mv', 'en/v1/t0/g2', 'en/v1/t0/group-two'], repo);
      expect(run.stderr).not.toMatch(/another docsnav mv/);
      expect(run.stderr).not.toMatch(/cannot/);
      expect(run.code).toBe(0);
      expect(existsSync(path.join(repo, 'en/v1/t0/group-two'))).toBe(true);
      expectWhole(repo);
    },
    hangGuard(300_000),
  );
});
