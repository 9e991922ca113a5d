/**
 * What a move journal read back is checked for as it is used (src/move/journal.ts), in process so
 * that a mutant of the checks is seen (test/cli/mv-journal-trust.test.ts drives some of them
 * through the built CLI, where no mutant reaches): the new bytes are the ones the plan names, an
 * `old/` copy is a file and the file as it was, the journal's `after` is a file, and nothing is
 * written or moved through a folder of the root swapped for a symbolic link since the plan. A file
 * swapped for a link is replaced by its new text, never written through.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forward } from '../../src/move/journal.js';
import { applyMoveInterruptibly, finishMove, prepareMove } from '../../src/move/write.js';
import { docsJson, planOn, refusalOf, siteWith } from './harness.js';

function files(): Record<string, string> {
  return {
    'docs.json': docsJson(['index', 'guides/a']),
    'index.mdx': '# Home\n\n[A](/guides/a)\n',
    'guides/a.mdx': '# A\n\n[Home](../index)\n',
  };
}

const MOVE = { from: 'guides/a.mdx', to: 'start/a.mdx' };

/** Every file of the site (the journal left out), with its text. */
function texts(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of ['docs.json', 'index.mdx', 'guides/a.mdx', 'start/a.mdx']) {
    if (existsSync(path.join(root, name))) found[name] = readFileSync(path.join(root, name), 'utf8');
  }
  return found;
}

/** A journal written and run `steps` steps forward (as kill -9 leaves it). */
function cutShort(steps: number) {
  const root = siteWith(files());
  const { folder, journal } = prepareMove(planOn(root, MOVE));
  const run = forward(folder, journal);
  for (let i = 0; i < steps; i++) run.next();
  return { root, folder, journal };
}

describe('a journal read back is checked as it is used', () => {
  it('new bytes in `after` that are not the ones the plan names: --continue refuses, naming the file, and writes nothing', () => {
    const { root, folder, journal } = cutShort(0);
    const length = readFileSync(path.join(folder, 'after')).length;
    writeFileSync(path.join(folder, 'after'), Buffer.alloc(length, 'x'));
    expect(refusalOf(() => finishMove(root, 'continue'))).toMatchObject({
      reason: 'notOurs',
      data: { journal: folder, root, why: `its new text of ${journal.changes[0].file} is not the one its plan names` },
    });
    expect(texts(root)).toEqual(files());
    expect(existsSync(path.join(folder, 'plan.json'))).toBe(true);
  });

  it('`after` cut short: refused the same way', () => {
    const { root, folder, journal } = cutShort(0);
    writeFileSync(path.join(folder, 'after'), Buffer.alloc(0));
    expect(refusalOf(() => finishMove(root, 'continue')).data.why).toBe(`its new text of ${journal.changes[0].file} is not the one its plan names`);
    expect(texts(root)).toEqual(files());
  });

  it('`after` that is a folder: refused, never read', () => {
    const { root, folder } = cutShort(0);
    rmSync(path.join(folder, 'after'));
    mkdirSync(path.join(folder, 'after'));
    expect(refusalOf(() => finishMove(root, 'continue'))).toMatchObject({ reason: 'notOurs', data: { why: 'its after is not a file' } });
    expect(texts(root)).toEqual(files());
  });

  it('`after` that is a link: not followed; --continue cannot finish (recoveryFailed, saying why), and keeps the journal', () => {
    const { root, folder } = cutShort(0);
    renameSync(path.join(folder, 'after'), path.join(root, 'elsewhere'));
    symlinkSync(path.join(root, 'elsewhere'), path.join(folder, 'after'));
    const refusal = refusalOf(() => finishMove(root, 'continue'));
    expect(refusal).toMatchObject({ reason: 'recoveryFailed', data: { how: 'continue', journal: folder } });
    expect(refusal.data.why).toMatch(/ELOOP/);
    expect(texts(root)).toEqual(files());
    expect(existsSync(path.join(folder, 'plan.json'))).toBe(true);
  });

  it('an old/ copy that is not the file as it was: --abort refuses, naming it, and leaves the new text', () => {
    const { root, folder, journal } = cutShort(journal0Steps());
    const n = journal.changes.findIndex((change) => change.file === 'index.mdx');
    const rewritten = readFileSync(path.join(root, 'index.mdx'), 'utf8');
    expect(rewritten).toBe('# Home\n\n[A](/start/a)\n');
    rmSync(path.join(folder, 'old', String(n)));
    writeFileSync(path.join(folder, 'old', String(n)), 'not the old text\n');
    expect(refusalOf(() => finishMove(root, 'abort'))).toMatchObject({
      reason: 'notOurs',
      data: { journal: folder, root, why: `its old/${n} is not index.mdx as it was` },
    });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(rewritten);
  });

  it('an old/ copy that is a folder: --abort refuses, saying so', () => {
    const { root, folder, journal } = cutShort(journal0Steps());
    const n = journal.changes.findIndex((change) => change.file === 'index.mdx');
    rmSync(path.join(folder, 'old', String(n)));
    mkdirSync(path.join(folder, 'old', String(n)));
    expect(refusalOf(() => finishMove(root, 'abort'))).toMatchObject({ reason: 'notOurs', data: { why: `its old/${n} is not a file` } });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/start/a)\n');
  });

  it('with every old/ copy as it was, --abort from the same point puts each file back', () => {
    const { root, folder } = cutShort(journal0Steps());
    expect(finishMove(root, 'abort')).toMatchObject({ done: 'undone' });
    expect(texts(root)).toEqual(files());
    expect(existsSync(folder)).toBe(false);
  });

  it.each(['continue', 'abort'] as const)('a folder of the root swapped for a link since the plan: --%s refuses, and nothing is written through it', (how) => {
    // To the top: the moved page's own link is rewritten too, so each direction meets the folder.
    const root = siteWith(files());
    const { folder, journal } = prepareMove(planOn(root, { from: 'guides/a.mdx', to: 'top.mdx' }));
    expect(journal.changes.map((change) => change.file)).toContain('guides/a.mdx');
    renameSync(path.join(root, 'guides'), path.join(root, 'real-guides'));
    symlinkSync('real-guides', path.join(root, 'guides'));
    expect(refusalOf(() => finishMove(root, how))).toMatchObject({ reason: 'symlink', data: { path: 'guides' } });
    expect(readFileSync(path.join(root, 'real-guides', 'a.mdx'), 'utf8')).toBe(files()['guides/a.mdx']);
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(files()['index.mdx']);
    expect(existsSync(path.join(root, 'top.mdx'))).toBe(false);
    expect(existsSync(path.join(folder, 'plan.json'))).toBe(true);
  });

  it('a folder deeper down swapped for a link: refused by its whole path', () => {
    const root = siteWith({ ...files(), 'guides/deep/b.mdx': '# B\n\n[A](../a)\n', 'docs.json': docsJson(['index', 'guides/a', 'guides/deep/b']) });
    prepareMove(planOn(root, MOVE));
    renameSync(path.join(root, 'guides', 'deep'), path.join(root, 'real-deep'));
    symlinkSync('../real-deep', path.join(root, 'guides', 'deep'));
    expect(refusalOf(() => finishMove(root, 'continue'))).toMatchObject({ reason: 'symlink', data: { path: 'guides/deep' } });
    expect(readFileSync(path.join(root, 'real-deep', 'b.mdx'), 'utf8')).toBe('# B\n\n[A](../a)\n');
  });

  it('a file to rewrite swapped for a link to the same text: the link is replaced by the new text, and what it led to is left as it was', () => {
    const { root } = cutShort(0);
    writeFileSync(path.join(root, 'shared.txt'), files()['index.mdx']);
    rmSync(path.join(root, 'index.mdx'));
    symlinkSync('shared.txt', path.join(root, 'index.mdx'));
    expect(finishMove(root, 'continue')).toMatchObject({ done: 'finished' });
    expect(readFileSync(path.join(root, 'shared.txt'), 'utf8')).toBe(files()['index.mdx']);
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/start/a)\n');
  });
});

/** The steps after which every new text is written and renamed over its file (and nothing moved yet): two a change. */
function journal0Steps(): number {
  const root = siteWith(files());
  const { journal } = prepareMove(planOn(root, MOVE));
  const steps = journal.changes.length * 2;
  finishMove(root, 'abort');
  return steps;
}

describe('the journal as it is written', () => {
  it("is this user's alone (the folder 0700, its plan and new texts 0600), and a rewritten file keeps its mode", async () => {
    const root = siteWith(files());
    chmodSync(path.join(root, 'index.mdx'), 0o750);
    const folder = path.join(root, '.docsnav-mv');
    const modes = new Set<string>();
    await applyMoveInterruptibly(planOn(root, MOVE), {
      interrupted: () => undefined,
      onStep: () => {
        const mode = (name: string) => (statSync(path.join(folder, name)).mode & 0o777).toString(8);
        modes.add(`folder ${mode('')}, plan.json ${mode('plan.json')}, after ${mode('after')}`);
      },
    });
    expect([...modes]).toEqual(['folder 700, plan.json 600, after 600']);
    expect(statSync(path.join(root, 'index.mdx')).mode & 0o777).toBe(0o750);
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/start/a)\n');
  });

  it('a journal folder with no plan (a move cut short before it changed anything) is cleared and written anew', () => {
    const root = siteWith(files());
    const folder = path.join(root, '.docsnav-mv');
    mkdirSync(path.join(folder, 'old'), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(folder, 'after'), 'left from before\n');
    const { journal } = prepareMove(planOn(root, MOVE));
    expect(readFileSync(path.join(folder, 'after'), 'utf8')).not.toContain('left from before');
    expect(readdirSync(path.join(folder, 'old'))).toHaveLength(journal.changes.length);
    expect(finishMove(root, 'continue')).toMatchObject({ done: 'finished' });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/start/a)\n');
  });
});
