/**
 * How src/move/write.ts holds the lock of a site's moves and says what it does, in process so that
 * a mutant of it is seen (test/cli/mv-lock.test.ts races CLI processes, where no mutant reaches):
 * the holder's note names the move while it writes and is gone once it ends (written, refused or
 * finished); a lock held by another process refuses `applyMove`, `--continue` and `--abort`
 * (`busy`), naming the holder, and nothing moves. With no user key, the move is made and says its
 * journal was unsealed; that journal is no one's to finish later.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMove } from '../../src/index.js';
import { finishMove, applyMoveInterruptibly, prepareMove, unfinishedMove } from '../../src/move/write.js';
import { repoWith } from '../history/repo.js';
import { docsJson, planOn, refusalOf, siteWith } from './harness.js';

function files(): Record<string, string> {
  return {
    'docs.json': docsJson(['index', 'guides/a']),
    'index.mdx': '# Home\n\n[A](/guides/a)\n',
    'guides/a.mdx': '# A\n',
  };
}

/** The holder's note of a site outside git (its journal is `.docsnav-mv` in the root). */
const noteOf = (root: string) => path.join(root, '.docsnav-mv.lock');

describe('the lock a move holds, and its note', () => {
  it('names the move while it writes (every request, in order), and is gone when it ends', async () => {
    const root = siteWith({ ...files(), 'b.mdx': '# B\n', 'docs.json': docsJson(['index', 'guides/a', 'b']) });
    const seen: string[] = [];
    await applyMoveInterruptibly(
      planOn(root, [
        { from: 'guides/a.mdx', to: 'start/a.mdx' },
        { from: 'b.mdx', to: 'c.mdx' },
      ]),
      { interrupted: () => undefined, onStep: () => seen.push((JSON.parse(readFileSync(noteOf(root), 'utf8')) as { what: string }).what) },
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['mv guides/a.mdx → start/a.mdx, b.mdx → c.mdx']));
    expect(existsSync(noteOf(root))).toBe(false);
  });

  it('says at most 200 characters of a long move', async () => {
    const long = `${'g'.repeat(120)}.mdx`;
    const root = siteWith({ ...files(), [long]: '# G\n', 'docs.json': docsJson(['index', 'guides/a', long.slice(0, -4)]) });
    const seen: string[] = [];
    await applyMoveInterruptibly(planOn(root, { from: long, to: `${'h'.repeat(120)}.mdx` }), {
      interrupted: () => undefined,
      onStep: () => seen.push((JSON.parse(readFileSync(noteOf(root), 'utf8')) as { what: string }).what),
    });
    expect(seen[0]).toBe(`mv ${long} → ${'h'.repeat(120)}.mdx`.slice(0, 200));
    expect(seen[0]).toHaveLength(200);
  });

  it('is let go by applyMove when it moves and when it refuses, and by --continue and --abort', () => {
    const root = siteWith(files());
    applyMove(planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' }));
    expect(existsSync(noteOf(root))).toBe(false);
    const plan = planOn(root, { from: 'index.mdx', to: 'home.mdx' });
    writeFileSync(path.join(root, 'home.mdx'), '# Someone else\n');
    expect(refusalOf(() => applyMove(plan)).reason).toBe('targetExists');
    expect(existsSync(noteOf(root))).toBe(false);
    // Undone first: the page is then where the second move takes it from.
    for (const how of ['abort', 'continue'] as const) {
      prepareMove(planOn(root, { from: 'start/a.mdx', to: 'again/a.mdx' }));
      expect(finishMove(root, how)).toMatchObject({ moves: 'start/a.mdx → again/a.mdx', done: how === 'continue' ? 'finished' : 'undone' });
      expect(existsSync(noteOf(root))).toBe(false);
    }
    expect(finishMove(root, 'abort')).toBeUndefined();
    expect(existsSync(noteOf(root))).toBe(false);
  });
});

describe('a lock another process holds', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });

  /** A process of node holding the lock of the journal `journal` (Linux's abstract name) until it is killed; its pid. */
  async function holdElsewhere(journal: string): Promise<number> {
    const id = createHash('sha256').update(journal).digest('hex').slice(0, 32);
    const child = spawn(
      process.execPath,
      ['-e', `require('node:net').createServer().listen({ path: '\\0docsnav-mv-' + process.argv[1] }, () => console.log('ready'))`, id],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (data: Buffer) => {
        if (data.toString().includes('ready')) resolve();
      });
      child.on('exit', () => reject(new Error('the holder ended before it listened')));
    });
    return child.pid!;
  }

  it.runIf(process.platform === 'linux')('refuses the move, --continue and --abort (busy), naming the holder its note records, and moves nothing', async () => {
    const root = siteWith(files());
    const pid = await holdElsewhere(path.join(root, '.docsnav-mv'));
    writeFileSync(noteOf(root), JSON.stringify({ pid, user: 'ann', host: 'box', started: '2026-11-27T12:00:00Z', what: 'mv x.mdx → y.mdx' }));
    const holder = `process ${pid} of ann on box, started 2026-11-27T12:00:00Z: mv x.mdx → y.mdx`;
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' });
    expect(refusalOf(() => applyMove(plan))).toMatchObject({ reason: 'busy', data: { holder } });
    await expect(applyMoveInterruptibly(plan, { interrupted: () => undefined })).rejects.toMatchObject({ reason: 'busy', data: { holder } });
    for (const how of ['continue', 'abort'] as const) expect(refusalOf(() => finishMove(root, how))).toMatchObject({ reason: 'busy', data: { holder } });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(files()['index.mdx']);
    expect(existsSync(path.join(root, 'guides', 'a.mdx'))).toBe(true);
    expect(existsSync(path.join(root, '.docsnav-mv'))).toBe(false);
    // The holder's note is its own: left as it was.
    expect(JSON.parse(readFileSync(noteOf(root), 'utf8'))).toMatchObject({ pid, what: 'mv x.mdx → y.mdx' });
  });
});

describe('a move with no user key', () => {
  /** `run` with XDG_CACHE_HOME set to `home`. */
  function withCacheHome<T>(home: string, run: () => T): T {
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = home;
    try {
      return run();
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  }

  it('is made, and says why its journal was unsealed; one with a key says nothing of it', () => {
    const root = siteWith(files());
    const home = path.join(root, '.cache');
    const applied = withCacheHome(home, () => applyMove(planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' })));
    expect(applied).toEqual({
      moved: [{ from: 'guides/a.mdx', to: 'start/a.mdx', git: false }],
      written: ['docs.json', 'index.mdx'],
      unsealed: `the user's key folder ${path.join(home, 'docsnav')} is inside the docs root ${root}`,
    });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/start/a)\n');
    expect(Object.keys(applyMove(planOn(root, { from: 'start/a.mdx', to: 'guides/a.mdx' })))).toEqual(['moved', 'written']);
  });

  it('its journal, cut short, is refused by a later run (it cannot be checked), and the files stay as they are', () => {
    const root = repoWith(files());
    const home = path.join(root, '.cache');
    const { folder } = withCacheHome(home, () => prepareMove(planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' })));
    expect(readFileSync(path.join(folder, 'plan.json'), 'utf8').startsWith('docsnav-mv unsealed\n{')).toBe(true);
    const why = 'it was written with no user key, so it cannot be checked';
    expect(refusalOf(() => unfinishedMove(root))).toMatchObject({ reason: 'notOurs', data: { journal: folder, root, why } });
    expect(refusalOf(() => finishMove(root, 'continue'))).toMatchObject({ reason: 'notOurs', data: { why } });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(files()['index.mdx']);
  });
});

describe('a site reached through a link', () => {
  it('its journal names the real root, and --continue and --abort through the link or not find it theirs', () => {
    for (const how of ['continue', 'abort'] as const) {
      const root = siteWith(files());
      const linked = `${root}-linked`;
      symlinkSync(root, linked);
      const { journal } = prepareMove(planOn(linked, { from: 'guides/a.mdx', to: 'start/a.mdx' }));
      expect(journal.root).toBe(root);
      expect(unfinishedMove(root)).toMatchObject({ moves: 'guides/a.mdx → start/a.mdx' });
      expect(finishMove(how === 'continue' ? linked : root, how)).toMatchObject({ done: how === 'continue' ? 'finished' : 'undone' });
      expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe(how === 'continue' ? '# Home\n\n[A](/start/a)\n' : files()['index.mdx']);
    }
  });
});
