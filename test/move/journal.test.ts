/**
 * The move's journal, stopped after every step as kill -9 would stop it: from each point,
 * `finishMove` (`docsnav mv --continue` / `--abort`) leaves the new site or the old one, the git
 * index included, never a mix; a file changed since is never overwritten; an unfinished move is
 * said by the next one; a file to rewrite that is a symlink is refused (nothing written through it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMove } from '../../src/index.js';
import { forward } from '../../src/move/journal.js';
import { finishMove, prepareMove } from '../../src/move/write.js';
import { git, repoWith } from '../history/repo.js';
import { docsJson, planOn, refusalOf, siteWith } from './harness.js';

function files(): Record<string, string> {
  return {
    'docs.json': docsJson(['index', 'guides/a', 'guides/b'], { redirects: [{ source: '/first', destination: '/guides/a' }] }),
    'index.mdx': '# Home\n\n[A](/guides/a) and [B](/guides/b)\n',
    'guides/a.mdx': '# A\n\n[B](./b) and [home](../index)\n',
    'guides/b.mdx': '# B\n\n[A](./a#a)\n',
    'z.mdx': '# Z\n\n[A](/guides/a)\n',
  };
}

/** Every file under the root (the git folder left out) with its bytes' hash, and the index's entries. */
function state(root: string): string {
  const lines: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        lines.push(`${child}/`);
        walk(child);
      } else
        lines.push(
          `${child} ${createHash('sha256')
            .update(readFileSync(path.join(root, child)))
            .digest('hex')}`,
        );
    }
  };
  walk('');
  const index = existsSync(path.join(root, '.git')) ? git(root, 'ls-files', '-s') : '';
  return `${lines.sort().join('\n')}\n${index}`;
}

const MOVE = { from: 'guides', to: 'learn/deep/guides' };

describe('the journal of a move', () => {
  it('stopped after any step (as kill -9 stops it), --continue gives the new site and --abort the old, the git index included', () => {
    const old = repoWith(files());
    const oldState = state(old);
    applyMove(planOn(old, MOVE));
    const newState = state(old);
    expect(newState).not.toBe(oldState);
    expect(git(old, 'status', '--porcelain')).toContain('RM guides/a.mdx -> learn/deep/guides/a.mdx');

    let steps = 0;
    for (let stop = 0; ; stop++) {
      for (const how of ['continue', 'abort'] as const) {
        const root = repoWith(files());
        const { folder, journal } = prepareMove(planOn(root, MOVE));
        const run = forward(folder, journal);
        let finished = false;
        for (let i = 0; i < stop; i++) if (run.next().done) finished = true;
        // The next move is refused with what to do.
        expect(refusalOf(() => applyMove(planOn(root, { from: 'z.mdx', to: 'y.mdx' }))).reason).toBe('unfinished');
        expect(finishMove(root, how)).toMatchObject({ done: how === 'continue' ? 'finished' : 'undone' });
        expect(state(root), `stopped after ${stop} steps, then --${how}`).toBe(how === 'continue' ? newState : oldState);
        expect(existsSync(folder)).toBe(false);
        expect(finishMove(root, how)).toBeUndefined();
        if (finished) steps = stop;
      }
      if (steps > 0) break;
    }
    // Each file rewritten (docs.json, index.mdx, z.mdx, guides/a.mdx) is written, then renamed; the folder
    // moves; the tenth step moves the index entries and ends.
    expect(steps).toBe(10);
  });

  it('a file changed since the move stopped is not overwritten: --abort refuses and keeps the journal', () => {
    const root = repoWith(files());
    const { folder, journal } = prepareMove(planOn(root, { from: 'guides/a.mdx', to: 'start.mdx' }));
    const run = forward(folder, journal);
    for (let i = 0; i < 20 && !run.next().done; i++);
    writeFileSync(path.join(root, 'z.mdx'), 'edited by hand\n');
    expect(refusalOf(() => finishMove(root, 'abort'))).toMatchObject({ reason: 'changedSinceInterrupted', data: { file: 'z.mdx' } });
    expect(readFileSync(path.join(root, 'z.mdx'), 'utf8')).toBe('edited by hand\n');
    expect(existsSync(path.join(folder, 'plan.json'))).toBe(true);
    writeFileSync(path.join(root, 'z.mdx'), files()['z.mdx']);
    expect(finishMove(root, 'abort')).toMatchObject({ done: 'undone' });
    expect(readFileSync(path.join(root, 'guides/a.mdx'), 'utf8')).toBe(files()['guides/a.mdx']);
  });

  it('outside git, the journal is in the docs root and goes with the move', () => {
    const root = siteWith(files());
    const { folder } = prepareMove(planOn(root, { from: 'guides/a.mdx', to: 'start.mdx' }));
    expect(folder).toBe(path.join(root, '.docsnav-mv'));
    expect(finishMove(root, 'continue')).toMatchObject({ done: 'finished' });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/start) and [B](/guides/b)\n');
    expect(existsSync(folder)).toBe(false);
  });

  it('refuses to rewrite a file that is a symlink, and writes nothing through it', () => {
    // The link leads to a file that is no page (a shared text); writing through it would change that file.
    const root = siteWith({ ...files(), 'shared/home.txt': files()['index.mdx'] });
    rmSync(path.join(root, 'index.mdx'));
    symlinkSync('shared/home.txt', path.join(root, 'index.mdx'));
    const outside = path.join(root, 'shared');
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start.mdx' });
    expect(plan.changes.map((change) => change.file)).toContain('index.mdx');
    expect(refusalOf(() => applyMove(plan))).toMatchObject({ reason: 'symlink', data: { path: 'index.mdx' } });
    expect(readFileSync(path.join(outside, 'home.txt'), 'utf8')).toBe('# Home\n\n[A](/guides/a) and [B](/guides/b)\n');
    expect(existsSync(path.join(root, 'guides/a.mdx'))).toBe(true);
  });

  it('refuses a target git still has in its index (deleted from the working tree only), as git mv does, and moves nothing', () => {
    const root = repoWith({ ...files(), 'start.mdx': '# Old start\n' });
    rmSync(path.join(root, 'start.mdx'));
    const before = state(root);
    expect(refusalOf(() => applyMove(planOn(root, { from: 'guides/a.mdx', to: 'start.mdx' })))).toMatchObject({
      reason: 'targetInIndex',
      data: { to: 'start.mdx' },
    });
    expect(state(root)).toBe(before);
  });
});
