/**
 * `applyMoveInterruptibly` in process (the CLI runs it on a thread of its own, out of reach of
 * in-process tests): without options it listens to the process's own SIGINT and SIGTERM while it
 * writes, and only then; with `interrupted` it asks the caller instead, and tells each step to
 * `onStep`. Interrupted, the site is put back as it was, the git index too.
 */
import { chmodSync, existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { git as runGit, GitError } from '../../src/git.js';
import { repositoryOf } from '../../src/move/repository.js';
import { applyMoveInterruptibly } from '../../src/move/write.js';
import { git, repoWith } from '../history/repo.js';
import { docsJson, planOn } from './harness.js';

const MOVE = { from: 'guides', to: 'learn/guides' };

function site(): string {
  return repoWith({
    'docs.json': docsJson(['index', 'guides/a', 'guides/b']),
    'index.mdx': '# Home\n\n[A](/guides/a) and [B](/guides/b)\n',
    'guides/a.mdx': '# A\n\n[B](./b)\n',
    'guides/b.mdx': '# B\n\n[A](./a)\n',
  });
}

/** The working tree and index as git sees them, and whether the pages are where they were. */
function unchanged(root: string): boolean {
  return git(root, 'status', '--porcelain=v1') === '' && existsSync(path.join(root, 'guides', 'a.mdx')) && !existsSync(path.join(root, 'learn'));
}

describe('applyMoveInterruptibly', () => {
  it('without options: moves, and listens to no signal once it is done', async () => {
    const root = site();
    const applied = await applyMoveInterruptibly(planOn(root, MOVE));
    expect(applied.moved.map((move) => `${move.from} → ${move.to}`)).toEqual(['guides → learn/guides']);
    expect(existsSync(path.join(root, 'learn', 'guides', 'a.mdx'))).toBe(true);
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual([0, 0]);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)("without options: the process's own %s while it writes puts everything back", async (signal) => {
    const root = site();
    const pending = applyMoveInterruptibly(planOn(root, MOVE));
    // Between two steps of the write (each step is followed by a turn of the event loop).
    setImmediate(() => process.emit(signal, signal));
    await expect(pending).rejects.toMatchObject({ reason: 'interrupted', data: { signal } });
    expect(unchanged(root)).toBe(true);
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual([0, 0]);
  });

  it("with `interrupted`: the caller is asked before each step, each step is told, and the process's signals are not listened to", async () => {
    const root = site();
    let asked = 0;
    let steps = 0;
    const listening: number[] = [];
    await applyMoveInterruptibly(planOn(root, MOVE), {
      interrupted: () => {
        asked++;
        listening.push(process.listenerCount('SIGINT') + process.listenerCount('SIGTERM'));
        return undefined;
      },
      onStep: () => steps++,
    });
    expect(steps).toBeGreaterThan(2);
    // Asked once more than there are steps: the last answer is the generator's end.
    expect(asked).toBe(steps + 1);
    expect(new Set(listening)).toEqual(new Set([0]));
    expect(existsSync(path.join(root, 'learn', 'guides', 'a.mdx'))).toBe(true);
  });

  it('with `interrupted` answering a signal after two steps: put back, refused as interrupted by it', async () => {
    const root = site();
    let steps = 0;
    const pending = applyMoveInterruptibly(planOn(root, MOVE), { interrupted: () => (steps >= 2 ? 'SIGTERM' : undefined), onStep: () => steps++ });
    await expect(pending).rejects.toMatchObject({ reason: 'interrupted', data: { signal: 'SIGTERM' } });
    expect(steps).toBe(2);
    expect(unchanged(root)).toBe(true);
  });
});

/** Ctrl-C on a terminal reaches git too: a `git` first on PATH that stops itself with SIGINT at its first `<command>` (later ones run the real git). */
const realGit = runGit(['--exec-path'], { cwd: process.cwd() }).toString('utf8').trim() + '/git';
const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

function gitStoppedAt(command: string): void {
  const folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-git-sigint-')));
  const once = path.join(folder, 'stopped');
  writeFileSync(
    path.join(folder, 'git'),
    ['#!/bin/sh', `if [ "$1" = '${command}' ] && [ ! -e '${once}' ]; then : > '${once}'; kill -INT $$; fi`, `exec '${realGit}' "$@"`, ''].join('\n'),
  );
  chmodSync(path.join(folder, 'git'), 0o755);
  process.env.PATH = `${folder}:${savedPath}`;
}

describe('git stopped by a signal', () => {
  it('is a GitError that carries the signal, and says so', () => {
    gitStoppedAt('status');
    let caught: unknown;
    try {
      runGit(['status'], { cwd: process.cwd() });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GitError);
    expect((caught as GitError).signal).toBe('SIGINT');
    expect((caught as GitError).message).toBe('git status failed: stopped by SIGINT');
    // A git that fails on its own carries none.
    process.env.PATH = savedPath;
    expect(() => runGit(['no-such-command'], { cwd: process.cwd() })).toThrow(expect.objectContaining({ signal: undefined }));
  });

  it('asking where the repository is: the GitError itself, not "git cannot read the repository"', () => {
    const root = site();
    gitStoppedAt('rev-parse');
    expect(() => repositoryOf(root)).toThrow(expect.objectContaining({ name: 'GitError', signal: 'SIGINT' }));
    // Without the signal, a git that cannot run there is the refusal it was.
    process.env.PATH = savedPath;
    expect(repositoryOf(root)?.top).toBe(root);
  });

  it('writing the index: the move is interrupted (put back as it was, the git index too), not a failed write', async () => {
    const root = site();
    const plan = planOn(root, MOVE);
    gitStoppedAt('update-index');
    await expect(applyMoveInterruptibly(plan, { interrupted: () => undefined })).rejects.toMatchObject({ reason: 'interrupted', data: { signal: 'SIGINT' } });
    process.env.PATH = savedPath;
    expect(unchanged(root)).toBe(true);
  });
});
