/**
 * `docsnav validate` on a site whose move was cut short (issue 71 item 7): one note on stderr that
 * the site is partly moved and how to finish or undo the move; the exit code is the check's. The
 * journal is left as kill -9 leaves it (`prepareMove`: written, nothing moved yet). Where there is
 * no journal, nothing is said, and git is not even asked (it is taken out of PATH).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unfinishedMoveNote } from '../../src/cli/unfinished-move.js';
import { finishMove, prepareMove } from '../../src/move/write.js';
import { repoWith } from '../history/repo.js';
import { docsJson, planOn, siteWith } from '../move/harness.js';

const cli = path.resolve('dist/cli/main.js');
const FILES = {
  'docs.json': docsJson(['index', 'guides/a']),
  'index.mdx': '# Home\n\n[A](/guides/a)\n',
  'guides/a.mdx': '# A\n\n[Home](/index)\n',
};
const NOTE =
  /^docsnav: note: this site is partly moved: an unfinished move \(guides → learn\/guides, started [^)]+\) is recorded in [^:]+docsnav-mv: run docsnav mv --continue to finish it, or docsnav mv --abort to undo it$/m;

function validate(root: string, env: NodeJS.ProcessEnv = process.env) {
  const run = spawnSync(process.execPath, [cli, 'validate', '--format', 'json'], { cwd: root, encoding: 'utf8', env: { ...env, NO_COLOR: '1' } });
  return { code: run.status, stderr: run.stderr };
}

describe('validate, during a move cut short', () => {
  it('in a git repository: says the site is partly moved until the move is finished or undone', () => {
    for (const how of ['--continue', '--abort']) {
      const root = repoWith(FILES);
      const before = validate(root);
      expect(before.stderr).toBe('');
      prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
      const during = validate(root);
      expect(during.code).toBe(before.code);
      expect(during.stderr).toMatch(NOTE);
      expect(during.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(spawnSync(process.execPath, [cli, 'mv', how], { cwd: root, encoding: 'utf8' }).status).toBe(0);
      expect(validate(root)).toEqual(before);
    }
  });

  it('outside git (the journal in the docs root): the same note', () => {
    const root = siteWith(FILES);
    prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
    expect(validate(root).stderr).toMatch(NOTE);
    expect(spawnSync(process.execPath, [cli, 'mv', '--abort'], { cwd: root, encoding: 'utf8' }).stderr).toBe(
      'docsnav: undone the move guides → learn/guides\n',
    );
  });

  it('with no journal, git is not asked: no note without git on PATH, in a repository or not', () => {
    const noGit = { ...process.env, PATH: realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-no-git-'))) };
    expect(validate(repoWith(FILES), noGit).stderr).toBe('');
    expect(validate(siteWith(FILES), noGit).stderr).toBe('');
    // A journal there, and git not to be found: said in one note, not a stack.
    const root = repoWith(FILES);
    prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
    const run = validate(root, noGit);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^docsnav: note: [^\n]+\n$/);
  });
});

describe('unfinishedMoveNote, in process', () => {
  it('no journal: none, in a repository or not; a journal: the note; once undone: none again', () => {
    for (const root of [repoWith(FILES), siteWith(FILES)]) {
      expect(unfinishedMoveNote(root)).toBeUndefined();
      prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
      expect(unfinishedMoveNote(root)).toMatch(NOTE);
      // A relative root names the same site (the journal's seal binds its absolute path).
      expect(unfinishedMoveNote(path.relative(process.cwd(), root))).toMatch(NOTE);
      finishMove(root, 'abort');
      expect(unfinishedMoveNote(root)).toBeUndefined();
    }
  });

  it('a journal that is not ours: said as mv says it, in one note', () => {
    const root = siteWith(FILES);
    prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
    const plan = path.join(root, '.docsnav-mv', 'plan.json');
    writeFileSync(plan, readFileSync(plan, 'utf8').replace('guides', 'guidez'));
    expect(unfinishedMoveNote(root)).toMatch(
      /^docsnav: note: \S*\.docsnav-mv is not a move journal docsnav wrote for .* as this user \([^)]+\): nothing in it was used; remove it with rm -r \S*\.docsnav-mv\n$/,
    );
  });
});
