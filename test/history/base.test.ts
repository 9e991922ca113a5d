import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteBase } from '../../src/history/base.js';
import { diffSite } from '../../src/history/diff.js';
import { GitError } from '../../src/git.js';
import { docsJson, git, repoWith, write } from './repo.js';

/** The GitError a call throws (one line), or a test failure when it does not throw one. */
function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GitError);
    expect((error as Error).name).toBe('GitError');
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error('did not fail');
}

/** A blob's or tree's object file in the repository (loose, as a first commit's are). */
const objectFile = (repo: string, id: string) => path.join(repo, '.git', 'objects', id.slice(0, 2), id.slice(2));

describe('the site at the ref, as the commit holds it', () => {
  it('added, removed and moved are each sorted by URL (the site gives endpoint pages first, then page files in git order: a-b.mdx, a.mdx, a0.mdx)', () => {
    const spec = (summary: string) =>
      JSON.stringify({
        openapi: '3.0.0',
        info: { title: 'T', version: '1' },
        paths: { '/users': { get: { summary, responses: { 200: { description: 'ok' } } } } },
      });
    const nav = (pages: string[]) =>
      JSON.stringify({
        navigation: {
          groups: [
            { group: 'Docs', pages },
            { group: 'API', openapi: 'openapi.json' },
          ],
        },
      });
    const repo = repoWith({
      'docs.json': nav(['index', 'a', 'a-b', 'a0', 'about', 'abc']),
      'openapi.json': spec('List users'),
      'index.mdx': '# Home\n',
      'a.mdx': '# A, the first page\n',
      'a-b.mdx': '# A-B, the second page\n',
      'a0.mdx': '# A0, the third page\n',
      'about.mdx': '# About\n',
      'abc.mdx': '# ABC\n',
    });
    const docs = path.join(repo, 'docs.json');
    git(repo, 'mv', 'a.mdx', 'x.mdx');
    git(repo, 'mv', 'a-b.mdx', 'x-b.mdx');
    git(repo, 'mv', 'a0.mdx', 'x0.mdx');
    git(repo, 'rm', '-q', 'about.mdx', 'abc.mdx');
    write(repo, {
      'aaa.mdx': '# AAA\n',
      'aab.mdx': '# AAB\n',
      'openapi.json': spec('List people'),
      'docs.json': nav(['index', 'aaa', 'aab', 'x', 'x-b', 'x0']),
    });
    expect(diffSite(docs, 'HEAD')).toMatchObject({
      added: ['/aaa', '/aab', '/api-reference/list-people'],
      removed: ['/abc', '/about', '/api-reference/list-users'],
      moved: [
        { from: '/a', to: '/x' },
        { from: '/a-b', to: '/x-b' },
        { from: '/a0', to: '/x0' },
      ],
    });
  });

  it('its $ref-ed files, its OpenAPI spec, its .mintignore and a byte order mark are read from the commit, not from the disk', () => {
    const spec = (summary: string) =>
      JSON.stringify({
        openapi: '3.0.0',
        info: { title: 'T', version: '1' },
        paths: { '/users': { get: { summary, responses: { 200: { description: 'ok' } } } } },
      });
    // Two JSON files of 600 KB the site does not use: the commit's reads (git cat-file) are more than 1 MB.
    const padded = (name: string) => `{ "name": "${name}" ${' '.repeat(600_000)}}\n`;
    const repo = repoWith({
      'docs.json': '\uFEFF{ "navigation": { "$ref": "nav.json" } }\n',
      'nav.json': '{ "groups": [{ "group": "Docs", "pages": ["index", "old"] }, { "group": "API", "openapi": "openapi.json" }] }\n',
      'openapi.json': spec('List users'),
      '.mintignore': 'drafts/\n',
      'index.mdx': '# Home\n',
      'old.mdx': '# Old\n',
      'drafts/wip.mdx': '# Work in progress\n',
      'assets/one.json': padded('one'),
      'assets/two.json': padded('two'),
    });
    const docs = path.join(repo, 'docs.json');
    git(repo, 'mv', 'old.mdx', 'new.mdx');
    git(repo, 'rm', '-q', 'drafts/wip.mdx');
    writeFileSync(
      path.join(repo, 'nav.json'),
      '{ "groups": [{ "group": "Docs", "pages": ["index", "new"] }, { "group": "API", "openapi": "openapi.json" }] }\n',
    );
    writeFileSync(path.join(repo, 'openapi.json'), spec('List people'));
    const base = readSiteBase(docs, 'HEAD');
    expect([...base.pages]).toEqual([
      ['api-reference/list-users', undefined],
      ['index', 'index.mdx'],
      ['old', 'old.mdx'],
    ]);
    expect(diffSite(docs, 'HEAD')).toMatchObject({
      added: ['/api-reference/list-people'],
      removed: ['/api-reference/list-users'],
      moved: [{ from: '/old', to: '/new' }],
    });
  });

  it('the site now is read from the disk: its $ref-ed navigation (a missing one serves no page of it), and its .mintignore', () => {
    const repo = repoWith({ 'docs.json': docsJson(['index', 'a']), 'index.mdx': '# Home\n', 'a.mdx': '# A\n' });
    const docs = path.join(repo, 'docs.json');
    write(repo, { 'nav.json': '{ "pages": ["index", "a", "b"] }\n', 'b.mdx': '# B\n', 'drafts/wip.mdx': '# WIP\n', '.mintignore': 'drafts/\n' });
    writeFileSync(docs, '{ "navigation": { "$ref": "nav.json" } }\n');
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: ['/b'], removed: [], moved: [] });
    rmSync(path.join(repo, 'nav.json'));
    // The page files still make pages (hidden ones); the navigation's listing is gone with its file.
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: ['/b'], removed: [], moved: [] });
  });

  it('a .md alone is its page; a backup copy, node_modules, a symlink and a submodule make no page', () => {
    const repo = repoWith({
      'docs.json': docsJson(['index', 'both', 'guides/only']),
      'index.mdx': '# Home\n',
      'index.mdx.orig': '# Home, before\n',
      'both.md': '# Both (md)\n',
      'both.mdx': '# Both (mdx)\n',
      'guides/only.md': '# Only\n',
      'node_modules/pkg/readme.md': '# A package\n',
    });
    symlinkSync('index.mdx', path.join(repo, 'alias.mdx'));
    git(repo, 'add', 'alias.mdx');
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    git(repo, 'update-index', '--add', '--cacheinfo', `160000,${head},vendor.mdx`);
    git(repo, 'commit', '-qm', 'a symlink and a submodule');
    const pages = readSiteBase(path.join(repo, 'docs.json'), 'HEAD').pages;
    expect([...pages.keys()].sort()).toEqual(['both', 'guides/only', 'index']);
    expect(pages.get('guides/only')).toBe('guides/only.md');
    // Both: the .mdx, as on the disk (docs-root.ts) and as page-not-found finds it.
    expect(pages.get('both')).toBe('both.mdx');
    expect(pages.get('index')).toBe('index.mdx');
  });

  it('the docs file at the ref under its other name: a site moved from docs.yaml to docs.json', () => {
    const repo = repoWith({ 'docs.yaml': 'navigation:\n  pages:\n    - index\n    - old\n', 'index.mdx': '# Home\n', 'old.mdx': '# Old\n' });
    git(repo, 'rm', '-q', 'docs.yaml');
    git(repo, 'mv', 'old.mdx', 'new.mdx');
    const docs = path.join(repo, 'docs.json');
    writeFileSync(docs, docsJson(['index', 'new']));
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: [], removed: [], moved: [{ from: '/old', to: '/new' }] });
  });

  it('a docs root in a folder whose name is a git pathspec (":(glob)site") is read literally', () => {
    const repo = repoWith({
      ':(glob)site/docs.json': docsJson(['index', 'a']),
      ':(glob)site/index.mdx': '# Home\n',
      ':(glob)site/a.mdx': '# A\n',
      'site/c.mdx': '# C\n',
    });
    const docs = path.join(repo, ':(glob)site', 'docs.json');
    git(repo, 'mv', ':(glob)site/a.mdx', ':(glob)site/b.mdx');
    writeFileSync(docs, docsJson(['index', 'b']));
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: [], removed: [], moved: [{ from: '/a', to: '/b' }] });
  });
});

describe('renames: what git saw move, page files only', () => {
  it('with diff.renames=copies, a copied page is added: -M asks git for renames only', () => {
    const repo = repoWith({
      'docs.json': docsJson(['index', 'a', 'b', 'c']),
      'index.mdx': '# Home\n',
      'a.mdx': '# A, a page long enough to be seen as copied\n',
      'b.mdx': '# B\n',
      'c.mdx': '# C\n',
    });
    git(repo, 'config', 'diff.renames', 'copies');
    cpSync(path.join(repo, 'a.mdx'), path.join(repo, 'a-copy.mdx'));
    write(repo, { 'a.mdx': '# A\n\nEdited after the copy.\n' });
    git(repo, 'add', 'a-copy.mdx', 'a.mdx');
    git(repo, 'mv', 'b.mdx', 'z-b.mdx');
    git(repo, 'rm', '-q', 'c.mdx');
    const docs = path.join(repo, 'docs.json');
    writeFileSync(docs, docsJson(['index', 'a', 'a-copy', 'z-b']));
    expect(git(repo, 'diff', '--name-status', 'HEAD')).toMatch(/^C\d+\ta\.mdx\ta-copy\.mdx$/m);
    expect(git(repo, 'diff', '-M', '--name-status', 'HEAD')).toMatch(/^A\ta-copy\.mdx$/m);
    expect(readSiteBase(docs, 'HEAD').renames).toEqual(new Map([['b.mdx', 'z-b.mdx']]));
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: ['/a-copy'], removed: ['/c'], moved: [{ from: '/b', to: '/z-b' }] });
  });

  it('a page renamed to a non-page file, or a non-page file renamed to a page, is no rename of a page', () => {
    const repo = repoWith({
      'docs.json': docsJson(['index', 'a']),
      'index.mdx': '# Home\n',
      'a.mdx': '# A, a page long enough to be seen as renamed\n',
      'notes.txt': 'notes, long enough to be seen as renamed\n',
    });
    git(repo, 'mv', 'a.mdx', 'a.txt');
    git(repo, 'mv', 'notes.txt', 'notes.mdx');
    const docs = path.join(repo, 'docs.json');
    expect(readSiteBase(docs, 'HEAD').renames).toEqual(new Map());
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: ['/notes'], removed: ['/a'], moved: [] });
  });

  it('a page edited, its old text now in an untracked file, is no move (the page is still there)', () => {
    const repo = repoWith({ 'docs.json': docsJson(['index', 'a']), 'index.mdx': '# Home\n', 'a.mdx': '# A\n', 'gone.mdx': '# Gone\n' });
    git(repo, 'rm', '-q', 'gone.mdx');
    write(repo, { 'a.mdx': '# A, edited\n', 'a-old.mdx': '# A\n' });
    const docs = path.join(repo, 'docs.json');
    expect(readSiteBase(docs, 'HEAD').renames).toEqual(new Map());
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: ['/a-old'], removed: ['/gone'], moved: [] });
  });

  it('untracked copies of a removed page: the first (by path) is its move, the others are added; untracked non-pages and names with a line break are no moves', () => {
    const repo = repoWith({ 'docs.json': docsJson(['index', 'a', 'q']), 'index.mdx': '# Home\n', 'a.mdx': '# A\n', 'q.mdx': '# Q\n' });
    rmSync(path.join(repo, 'a.mdx'));
    rmSync(path.join(repo, 'q.mdx'));
    write(repo, { 'b.mdx': '# A\n', 'c.mdx': '# A\n', 'q.txt': '# Q\n', 'a\nb.mdx': '# Another\n', 'r.mdx': '# Q\n', 'new.mdx': '# New\n' });
    const docs = path.join(repo, 'docs.json');
    expect(readSiteBase(docs, 'HEAD').renames).toEqual(
      new Map([
        ['a.mdx', 'b.mdx'],
        ['q.mdx', 'r.mdx'],
      ]),
    );
  });
});

describe("git problems are one line with git's reason", () => {
  it('a folder that does not exist, a bare repository (no work tree), refs with a line break or a NUL', () => {
    expect(failure(() => readSiteBase(path.join(tmpdir(), 'docsnav-no-such-folder', 'docs.json'), 'HEAD'))).toMatch(/docsnav-no-such-folder: no such folder$/);
    const bare = mkdtempSync(path.join(tmpdir(), 'docsnav-bare-'));
    execFileSync('git', ['init', '-q', '--bare', bare]);
    writeFileSync(path.join(bare, 'docs.json'), docsJson(['index']));
    const message = failure(() => readSiteBase(path.join(bare, 'docs.json'), 'HEAD'));
    expect(message).toMatch(/work tree/);
    expect(message).not.toMatch(/not in a git repository/);
    const repo = repoWith({ 'docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    for (const ref of ['HEAD\n--output=x', 'HEAD\0x'])
      expect(failure(() => readSiteBase(path.join(repo, 'docs.json'), ref))).toBe(`${JSON.stringify(ref)} is not a git ref`);
  });

  it('an older commit of a shallow clone: says so, and how to fetch the history', () => {
    const origin = repoWith({ 'docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    write(origin, { 'a.mdx': '# A\n' });
    git(origin, 'add', '-A');
    git(origin, 'commit', '-qm', 'second');
    const clone = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-shallow-')), 'clone');
    git(origin, 'clone', '-q', '--depth', '1', `file://${origin}`, clone);
    const docs = path.join(clone, 'docs.json');
    expect(failure(() => readSiteBase(docs, 'HEAD~1'))).toMatch(/^unknown git ref "HEAD~1": .* is a shallow clone, .*fetch-depth: 0/);
    expect(readSiteBase(docs, 'HEAD').pages.has('a')).toBe(true);
    // A full repository's unknown ref is only unknown.
    expect(failure(() => readSiteBase(path.join(origin, 'docs.json'), 'HEAD~5'))).toBe(`unknown git ref "HEAD~5" (no such branch, tag or commit in ${origin})`);
  });

  it('a commit whose tree or docs file is missing from the repository (a broken clone): git\'s reason, without its "error:"', () => {
    const repo = repoWith({ 'site/docs.json': docsJson(['index']), 'site/index.mdx': '# Home\n' });
    const docs = path.join(repo, 'site', 'docs.json');
    const blob = git(repo, 'rev-parse', 'HEAD:site/docs.json').trim();
    rmSync(objectFile(repo, blob), { force: true });
    expect(failure(() => readSiteBase(docs, 'HEAD'))).toBe(`git ls-tree failed: site/docs.json (${blob}) is missing from the repository`);
    const tree = git(repo, 'rev-parse', 'HEAD:site').trim();
    rmSync(objectFile(repo, tree), { force: true });
    expect(failure(() => readSiteBase(docs, 'HEAD'))).toBe(`git ls-tree failed: Could not read ${tree}`);
  });

  it('git not on PATH, or not runnable', () => {
    const repo = repoWith({ 'docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    const empty = mkdtempSync(path.join(tmpdir(), 'docsnav-empty-path-'));
    const saved = process.env.PATH;
    process.env.PATH = empty;
    try {
      expect(failure(() => readSiteBase(path.join(repo, 'docs.json'), 'HEAD'))).toBe('git rev-parse failed: git is not installed (or not on PATH)');
      // A git that cannot be run (no execute permission): no line from git, Node's reason.
      writeFileSync(path.join(empty, 'git'), '#!/bin/sh\n', { mode: 0o644 });
      expect(failure(() => readSiteBase(path.join(repo, 'docs.json'), 'HEAD'))).toBe('git rev-parse failed: spawnSync git EACCES');
    } finally {
      process.env.PATH = saved;
    }
  });
});
