/**
 * `applyMoveInterruptibly` in process (the CLI runs it on a thread of its own, out of reach of
 * in-process tests): without options it listens to the process's own SIGINT and SIGTERM while it
 * writes, and only then; with `interrupted` it asks the caller instead, and tells each step to
 * `onStep`. Interrupted, the site is put back as it was, the git index too.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
