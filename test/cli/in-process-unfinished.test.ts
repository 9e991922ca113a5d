/**
 * unfinishedMoveNote (src/cli/unfinished-move.ts) in process: where there is no journal it looks
 * with a few lstats and never asks git (git is taken off PATH, so a call would show as a note), in
 * a repository, outside one, below a file; where a journal's folder may be (`.docsnav-mv`, the git
 * folder's `docsnav-mv`, a worktree's `.git` file) git is asked. An error it does not name is thrown.
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unfinishedMoveNote } from '../../src/cli/unfinished-move.js';
import { prepareMove } from '../../src/move/write.js';
import { git, repoWith } from '../history/repo.js';
import { docsJson, planOn, siteWith } from '../move/harness.js';

const FILES = {
  'docs.json': docsJson(['index', 'guides/a']),
  'index.mdx': '# Home\n\n[A](/guides/a)\n',
  'guides/a.mdx': '# A\n\n[Home](/index)\n',
};
const NOTE = /^docsnav: note: this site is partly moved: an unfinished move \(guides → learn\/guides, started [^)]+\) is recorded in /;

/** git off PATH: asking it fails, which the note would say. */
function withoutGit(): void {
  vi.stubEnv('PATH', realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-no-git-'))));
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('no journal: nothing said, git not asked', () => {
  it('in a repository, in its top folder and below it', () => {
    const repo = repoWith({ ...FILES, 'docs/docs.json': FILES['docs.json'] });
    withoutGit();
    expect(unfinishedMoveNote(repo)).toBeUndefined();
    expect(unfinishedMoveNote(path.join(repo, 'docs'))).toBeUndefined();
  });

  it('outside any repository, up to the top of the file system', () => {
    const root = siteWith(FILES);
    withoutGit();
    expect(unfinishedMoveNote(root)).toBeUndefined();
  });

  it('a root below a file (a folder on the way is not one): none', () => {
    const root = siteWith(FILES);
    withoutGit();
    expect(unfinishedMoveNote(path.join(root, 'index.mdx', 'docs'))).toBeUndefined();
  });

  it('a root that is a loop of links, or below one: none (before, ELOOP from lstat was an internal error)', () => {
    const root = siteWith(FILES);
    symlinkSync(path.join(root, 'loop-b'), path.join(root, 'loop-a'));
    symlinkSync(path.join(root, 'loop-a'), path.join(root, 'loop-b'));
    withoutGit();
    expect(unfinishedMoveNote(path.join(root, 'loop-a'))).toBeUndefined();
    expect(unfinishedMoveNote(path.join(root, 'loop-a', 'docs'))).toBeUndefined();
  });
});

describe('a journal may be there: git is asked', () => {
  it('.docsnav-mv in the root (a folder, even empty): git off PATH is said in one note', () => {
    const repo = repoWith(FILES);
    mkdirSync(path.join(repo, '.docsnav-mv'));
    withoutGit();
    expect(unfinishedMoveNote(repo)).toMatch(/^docsnav: note: [^\n]+\n$/);
  });

  it("docsnav-mv in the repository's git folder", () => {
    const repo = repoWith(FILES);
    mkdirSync(path.join(repo, '.git', 'docsnav-mv'));
    withoutGit();
    expect(unfinishedMoveNote(repo)).toMatch(/^docsnav: note: [^\n]+\n$/);
  });

  it("a worktree's .git file: git is asked where its git folder is", () => {
    const repo = repoWith(FILES);
    const worktree = path.join(realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-worktree-'))), 'tree');
    git(repo, 'worktree', 'add', '-q', worktree);
    expect(unfinishedMoveNote(worktree)).toBeUndefined();
    prepareMove(planOn(worktree, { from: 'guides', to: 'learn/guides' }));
    expect(unfinishedMoveNote(worktree)).toMatch(NOTE);
    withoutGit();
    expect(unfinishedMoveNote(worktree)).toMatch(/^docsnav: note: [^\n]+\n$/);
  });

  it('a root that is not there (validate of a path that does not exist), in a worktree: nothing said', () => {
    const repo = repoWith(FILES);
    const worktree = path.join(realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-worktree-'))), 'tree');
    git(repo, 'worktree', 'add', '-q', worktree);
    // git was asked in that folder, which is not there: "git is not installed" was said of a missing path.
    expect(unfinishedMoveNote(path.join(worktree, 'nope'))).toBeUndefined();
  });

  it('a move recorded outside git: the note, with git off PATH too', () => {
    const root = siteWith(FILES);
    prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
    withoutGit();
    expect(unfinishedMoveNote(root)).toMatch(NOTE);
  });
});

describe('an error it does not name', () => {
  it('is thrown, not taken for "no journal"', () => {
    const root = siteWith(FILES);
    writeFileSync(path.join(root, 'file'), '');
    expect(() => unfinishedMoveNote(path.join(root, 'x'.repeat(300)))).toThrow(expect.objectContaining({ code: 'ENAMETOOLONG' }));
  });
});
