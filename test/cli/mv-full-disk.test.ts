/**
 * `docsnav mv` on a real full file system: a small tmpfs (mounted here, as root) holding a git
 * repository with a generated site, filled so that only so many bytes are left when the move
 * starts, from none to more than it needs. Each run either moves (the new site) or refuses in one
 * line and leaves the old site, the git index included: no page cut short, no journal left.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forward } from '../../src/move/journal.js';
import { finishMove, prepareMove } from '../../src/move/write.js';
import { planOn } from '../move/harness.js';
import { git, write } from '../history/repo.js';
import { stateOf } from './mv-interruptions.js';
import { hangGuard } from '../time-scale.mjs';
import { fillUntil, smallDisk } from './small-disk.js';

const { writeSiteWithPages } = (await import(new URL('../../bench/generate.mjs', import.meta.url).href)) as {
  writeSiteWithPages: (folder: string, pages: number) => { pages: number };
};

const cli = path.resolve('dist/cli/main.js');
const root = process.getuid?.() === 0;
const disk = smallDisk(root, 'docsnav-full-');

describe.runIf(root)('docsnav mv on a full disk', () => {
  it(
    'with any space left, it moves or refuses in one line, and the tree and index are the new or the old site',
    () => {
      const repo = path.join(disk.path, 'repo');
      mkdirSync(repo);
      git(repo, 'init', '-q');
      writeSiteWithPages(repo, 60);
      git(repo, 'add', '-A');
      git(repo, 'commit', '-q', '-m', 'base');
      const move = () => spawnSync(process.execPath, [cli, 'mv', 'en/v1/t0', 'en/v1/tab-zero'], { cwd: repo, encoding: 'utf8' });
      const reset = () => {
        git(repo, 'reset', '-q', '--hard');
        git(repo, 'clean', '-qfdx');
      };
      const old = stateOf(repo).hash;
      expect(move().status).toBe(0);
      const moved = stateOf(repo).hash;
      reset();

      const filler = path.join(disk.path, 'filler');
      const outcomes = { moved: 0, refused: 0 };
      const failures: string[] = [];
      // From no page of space to more than the move needs (its 61 files, the journal, the index), in 4 KiB pages.
      for (let pages = 0; pages <= 120; pages += 4) {
        fillUntil(disk.path, filler, pages * 4096);
        const run = move();
        unlinkSync(filler);
        const state = stateOf(repo);
        const journal = existsSync(path.join(repo, '.git', 'docsnav-mv'));
        if (journal) failures.push(`${pages} pages free: a journal is left (${run.stderr.trim()})`);
        if (state.emptyPages.length > 0) failures.push(`${pages} pages free: empty pages ${state.emptyPages.join(', ')}`);
        if (run.status === 0 && state.hash === moved) outcomes.moved++;
        else if (
          run.status === 2 &&
          state.hash === old &&
          /^docsnav: cannot move en\/v1\/t0: the move failed \(.*\); everything written and moved was put back as it was, the git index too\n$/.test(run.stderr)
        )
          outcomes.refused++;
        else
          failures.push(
            `${pages} pages free: exit ${run.status}, ${state.hash === old ? 'old' : state.hash === moved ? 'new' : 'a mix'}: ${run.stderr.trim()}`,
          );
        rmSync(path.join(repo, '.git', 'docsnav-mv'), { recursive: true, force: true });
        reset();
      }
      expect(failures).toEqual([]);
      expect(outcomes.refused).toBeGreaterThan(0);
      expect(outcomes.moved).toBeGreaterThan(0);
    },
    hangGuard(600_000),
  );
});

describe.runIf(root)('docsnav mv with the git folder on another file system', () => {
  it('keeps copies of the old files (no hard link across file systems), and --abort / --continue from halfway still give the old or the new site', () => {
    const site = {
      'docs.json': `${JSON.stringify({ navigation: { pages: ['index', 'guides/a', 'guides/b'] } })}\n`,
      'index.mdx': '# Home\n\n[A](/guides/a) [B](/guides/b)\n',
      'guides/a.mdx': '# A\n\n[B](./b)\n',
      'guides/b.mdx': '# B\n\n[A](/guides/a)\n',
    };
    const states: string[] = [];
    for (const how of ['none', 'abort', 'continue'] as const) {
      const repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-separate-')));
      const gitDir = path.join(disk.path, `git-${how}`);
      git(repo, 'init', '-q', '--separate-git-dir', gitDir);
      write(repo, site);
      git(repo, 'add', '-A');
      git(repo, 'commit', '-q', '-m', 'base');
      states.push(stateOf(repo).hash);
      const { folder, journal } = prepareMove(planOn(repo, { from: 'guides/a.mdx', to: 'start/a.mdx' }));
      expect(folder).toBe(path.join(gitDir, 'docsnav-mv'));
      expect(journal.changes.map((change) => change.kept)).toEqual(journal.changes.map(() => 'copy'));
      if (how === 'none') {
        for (const _ of forward(folder, journal));
        expect(finishMove(repo, 'continue')).toMatchObject({ done: 'finished' });
        states.push(stateOf(repo).hash);
        continue;
      }
      // Halfway: every new text written and renamed over its file, the page not moved yet.
      const steps = forward(folder, journal);
      for (let i = 0; i < journal.changes.length * 2; i++) steps.next();
      expect(finishMove(repo, how)).toMatchObject({ done: how === 'abort' ? 'undone' : 'finished' });
      expect(stateOf(repo).hash).toBe(how === 'abort' ? states[0] : states[1]);
      expect(existsSync(folder)).toBe(false);
    }
  });
});
