/**
 * The docs root at a commit (src/history/tree-at.ts), read from a real repository: what is listed
 * (regular files under the root's prefix; not symlinks, not node_modules, not another folder), what
 * is read (docs.json, specs, .mintignore: the JSON and YAML, in any case) and how (a byte-order
 * mark at the start dropped, one inside kept), and the one-line errors of a ref nobody has and of
 * a bad ref. A whole-target run of `history` found these reached by no test.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitOf, docsRepoOf } from '../../src/history/repo.js';
import { rootAtCommit } from '../../src/history/tree-at.js';
import { git, repoWith } from './repo.js';

const BOM = '\uFEFF';

describe('the docs root at a commit', () => {
  const repo = repoWith({
    'site/docs.json': `${BOM}{"navigation":{"pages":["a"]},"name":"x${BOM}y"}`,
    'site/a.mdx': '# A\n',
    'site/snippet.json': `{"a":"x${BOM}y"}`,
    'site/api/OPENAPI.YAML': 'openapi: 3.1.0\n',
    'site/.mintignore': 'drafts/\n',
    'site/node_modules/pkg/package.json': '{}',
    'site/sub/node_modules/x.json': '{}',
    'other/b.json': '{}',
  });
  symlinkSync('docs.json', path.join(repo, 'site', 'link.json'));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'link');
  const docs = () => docsRepoOf(path.join(repo, 'site'));
  const head = () => commitOf(docs(), 'HEAD');
  const at = () => rootAtCommit(docs(), head());
  const read = (relative: string) => at().readFile(path.join(repo, 'site', relative));

  it('lists the regular files under the root, by root-relative path, with their blob ids', () => {
    expect([...at().blobs.keys()].sort()).toEqual(['.mintignore', 'a.mdx', 'api/OPENAPI.YAML', 'docs.json', 'snippet.json']);
    expect(at().blobs.get('docs.json')).toBe(git(repo, 'rev-parse', `${head()}:site/docs.json`).trim());
    expect(at().files.list?.().slice().sort()).toEqual(['.mintignore', 'a.mdx', 'api/OPENAPI.YAML', 'docs.json', 'snippet.json']);
    expect(at().files.hasFile('a.mdx')).toBe(true);
    expect(at().files.hasFile('link.json')).toBe(false);
    expect(at().files.filesIn('')).toEqual([]);
    expect(at().files.root).toBe(path.join(repo, 'site'));
  });

  it('reads docs.json, specs (any case) and .mintignore; drops the byte-order mark at the start only', () => {
    expect(read('docs.json')).toBe(`{"navigation":{"pages":["a"]},"name":"x${BOM}y"}`);
    expect(read('snippet.json')).toBe(`{"a":"x${BOM}y"}`);
    expect(read('api/OPENAPI.YAML')).toBe('openapi: 3.1.0\n');
    expect(read('.mintignore')).toBe('drafts/\n');
    // Listed, not read: a page; not there at the commit: a link, a file outside the root.
    expect(read('a.mdx')).toBeUndefined();
    expect(read('link.json')).toBeUndefined();
    expect(at().readFile(path.join(repo, 'other', 'b.json'))).toBeUndefined();
  });

  it('at the top of the repository the root is every folder but node_modules', () => {
    const top = rootAtCommit(docsRepoOf(repo), head());
    expect([...top.blobs.keys()].sort()).toEqual([
      'other/b.json',
      'site/.mintignore',
      'site/a.mdx',
      'site/api/OPENAPI.YAML',
      'site/docs.json',
      'site/snippet.json',
    ]);
    expect(top.readFile(path.join(repo, 'other', 'b.json'))).toBe('{}');
  });

  it('a commit whose root has nothing to read reads nothing, and lists its pages', () => {
    const pagesOnly = repoWith({ 'index.mdx': '# I\n' });
    const only = rootAtCommit(docsRepoOf(pagesOnly), commitOf(docsRepoOf(pagesOnly), 'HEAD'));
    expect([...only.blobs.keys()]).toEqual(['index.mdx']);
    expect(only.readFile(path.join(pagesOnly, 'docs.json'))).toBeUndefined();
  });
});
