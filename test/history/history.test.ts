import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixFile } from '../../src/fix.js';
import { readSiteBase } from '../../src/history/base.js';
import { diffSite } from '../../src/history/diff.js';
import { GitError } from '../../src/git.js';
import { validateFile } from '../../src/validate.js';
import { docsJson, git, repoWith, write } from './repo.js';

const PAGES = { 'index.mdx': '# Home\n', 'quickstart.mdx': '# Quickstart\n', 'guides/one.mdx': '# One\n', 'guides/two.mdx': '# Two\n' };
const LISTED = ['index', 'quickstart', 'guides/one', 'guides/two'];

/** A repository whose first commit is the four-page site; returns it and its docs.json. */
function site(files: Record<string, string> = {}) {
  const repo = repoWith({ 'docs.json': docsJson(LISTED), ...PAGES, ...files });
  return { repo, docs: path.join(repo, 'docs.json') };
}

/** redirect-missing problems of validating `docs` against `ref`: pointer, suggestion and message. */
function missing(docs: string, ref = 'HEAD') {
  return validateFile(docs, { since: readSiteBase(docs, ref) })
    .problems.filter((p) => p.code === 'redirect-missing')
    .map(({ pointer, suggest, message }) => ({ pointer, suggest, message }));
}

describe('diffSite and redirect-missing', () => {
  it('a page moved with git mv: moved in the diff, reported at its new entry with the redirect to add', () => {
    const { repo, docs } = site({ 'start/.keep': '' });
    git(repo, 'mv', 'quickstart.mdx', 'start/quickstart.mdx');
    writeFileSync(docs, docsJson(['index', 'start/quickstart', 'guides/one', 'guides/two']));
    expect(diffSite(docs, 'HEAD')).toMatchObject({ ref: 'HEAD', added: [], removed: [], moved: [{ from: '/quickstart', to: '/start/quickstart' }] });
    const [problem, ...rest] = missing(docs);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ pointer: '/navigation/pages/1', suggest: '/start/quickstart' });
    expect(problem.message).toContain('"/quickstart" was served at HEAD');
  });

  it('a removed page: removed in the diff, reported at the navigation with the closest page', () => {
    const { repo, docs } = site();
    git(repo, 'rm', '-q', 'guides/two.mdx');
    writeFileSync(docs, docsJson(['index', 'quickstart', 'guides/one']));
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: [], removed: ['/guides/two'], moved: [] });
    expect(missing(docs)).toEqual([expect.objectContaining({ pointer: '/navigation', suggest: '/guides/one' })]);
  });

  it('a removed page with a redirects array is reported there', () => {
    const { repo, docs } = site();
    git(repo, 'rm', '-q', 'guides/two.mdx');
    writeFileSync(docs, docsJson(['index', 'quickstart', 'guides/one'], [{ source: '/elsewhere', destination: '/index' }]));
    expect(missing(docs).map((p) => p.pointer)).toEqual(['/redirects']);
  });

  it('a moved page with its redirect, and a moved folder under a wildcard or :param redirect, are not reported', () => {
    for (const source of ['/guides/:slug', '/guides/*']) {
      const { repo, docs } = site();
      git(repo, 'mv', 'guides', 'tutorials');
      git(repo, 'mv', 'quickstart.mdx', 'start.mdx');
      const destination = source.endsWith('*') ? '/tutorials/*' : '/tutorials/:slug';
      writeFileSync(
        docs,
        docsJson(
          ['index', 'start', 'tutorials/one', 'tutorials/two'],
          [
            { source: '/quickstart', destination: '/start' },
            { source, destination },
          ],
        ),
      );
      expect(diffSite(docs, 'HEAD').moved).toHaveLength(3);
      expect(missing(docs)).toEqual([]);
    }
  });

  it('an untracked move (mv, no git add) is matched to the removed file by content', () => {
    const { repo, docs } = site();
    renameSync(path.join(repo, 'quickstart.mdx'), path.join(repo, 'get-started.mdx'));
    writeFileSync(docs, docsJson(['index', 'get-started', 'guides/one', 'guides/two']));
    expect(diffSite(docs, 'HEAD').moved).toEqual([{ from: '/quickstart', to: '/get-started' }]);
    expect(missing(docs)).toEqual([expect.objectContaining({ pointer: '/navigation/pages/1', suggest: '/get-started' })]);
  });

  it('an untracked move that also edits the file is a removal and an addition (no partial similarity for untracked files)', () => {
    const { repo, docs } = site();
    rmSync(path.join(repo, 'quickstart.mdx'));
    write(repo, { 'get-started.mdx': '# Quickstart, edited\n' });
    writeFileSync(docs, docsJson(['index', 'get-started', 'guides/one', 'guides/two']));
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: ['/get-started'], removed: ['/quickstart'], moved: [] });
  });

  it('hidden pages count: an unlisted page file that disappears is reported too', () => {
    const { repo, docs } = site({ 'hidden/secret.mdx': '# Secret\n' });
    git(repo, 'rm', '-q', 'hidden/secret.mdx');
    expect(diffSite(docs, 'HEAD').removed).toEqual(['/hidden/secret']);
    expect(missing(docs)).toHaveLength(1);
  });

  it('a docs root in a subfolder of the repository: only that folder is read, pages are its URLs', () => {
    const repo = repoWith({
      'site/docs.json': docsJson(['index', 'a']),
      'site/index.mdx': '# Home\n',
      'site/a.mdx': '# A\n',
      'other/b.mdx': '# B\n',
      'README.md': '# repo\n',
    });
    const docs = path.join(repo, 'site', 'docs.json');
    git(repo, 'mv', 'site/a.mdx', 'site/b.mdx');
    git(repo, 'rm', '-q', 'other/b.mdx');
    writeFileSync(docs, docsJson(['index', 'b']));
    expect(readSiteBase(docs, 'HEAD').pages).toEqual(
      new Map([
        ['index', 'index.mdx'],
        ['a', 'a.mdx'],
      ]),
    );
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: [], removed: [], moved: [{ from: '/a', to: '/b' }] });
  });

  it('compares with an older commit (HEAD~1) after the move is committed', () => {
    const { repo, docs } = site();
    git(repo, 'mv', 'guides/one.mdx', 'guides/first.mdx');
    writeFileSync(docs, docsJson(['index', 'quickstart', 'guides/first', 'guides/two']));
    git(repo, 'commit', '-qam', 'move');
    expect(diffSite(docs, 'HEAD').moved).toEqual([]);
    expect(diffSite(docs, 'HEAD~1').moved).toEqual([{ from: '/guides/one', to: '/guides/first' }]);
  });

  it('git problems are one line: an unknown ref, a folder outside any repository, hostile refs', () => {
    const { repo, docs } = site();
    const failure = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(GitError);
        expect((error as Error).message).not.toContain('\n');
        return (error as Error).message;
      }
      throw new Error('did not fail');
    };
    expect(failure(() => diffSite(docs, 'no-such-branch'))).toMatch(/unknown git ref "no-such-branch"/);
    const outside = repoWith({});
    rmSync(path.join(outside, '.git'), { recursive: true });
    write(outside, { 'docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    expect(failure(() => readSiteBase(path.join(outside, 'docs.json'), 'HEAD'))).toMatch(/not in a git repository/);
    for (const hostile of ['--output=x', '-x', '--exec=touch pwned', '']) {
      expect(failure(() => diffSite(docs, hostile))).toMatch(/is not a git ref/);
    }
    // A name that only becomes an option after a `^{commit}` would still be refused by rev-parse.
    expect(failure(() => diffSite(docs, 'HEAD --output=x'))).toMatch(/unknown git ref/);
    expect(existsSync(path.join(repo, 'x'))).toBe(false);
    expect(existsSync(path.join(repo, 'pwned'))).toBe(false);
  });

  it('a ref whose docs file did not exist yet: every page is added, nothing is missing', () => {
    const repo = repoWith({ 'README.md': '# repo\n' });
    write(repo, { 'docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    const docs = path.join(repo, 'docs.json');
    expect(diffSite(docs, 'HEAD')).toMatchObject({ added: ['/index'], removed: [], moved: [] });
    expect(missing(docs)).toEqual([]);
  });
});

describe('--fix adds the redirects', () => {
  const moveThree = (repo: string) => {
    git(repo, 'mv', 'quickstart.mdx', 'start.mdx');
    git(repo, 'mv', 'guides', 'tutorials');
  };

  it('docs.json without redirects: several moves make one valid array, and nothing is missing after', () => {
    const { repo, docs } = site();
    moveThree(repo);
    writeFileSync(docs, docsJson(['index', 'start', 'tutorials/one', 'tutorials/two']));
    const since = readSiteBase(docs, 'HEAD');
    const result = fixFile(docs, { since });
    expect(result.introduced).toEqual([]);
    const fixed = JSON.parse(readFileSync(docs, 'utf8'));
    // In the order the problems are reported (by location): the first pass makes the array, the second appends the rest.
    expect([...fixed.redirects].sort((a, b) => a.source.localeCompare(b.source))).toEqual([
      { source: '/guides/one', destination: '/tutorials/one' },
      { source: '/guides/two', destination: '/tutorials/two' },
      { source: '/quickstart', destination: '/start' },
    ]);
    expect(missing(docs)).toEqual([]);
  });

  it('docs.json with redirects: appended after the last one, the rest of the text as written', () => {
    const { repo, docs } = site();
    moveThree(repo);
    const before = docsJson(['index', 'start', 'tutorials/one', 'tutorials/two'], [{ source: '/old', destination: '/index' }]);
    writeFileSync(docs, before);
    fixFile(docs, { since: readSiteBase(docs, 'HEAD') });
    const after = readFileSync(docs, 'utf8');
    expect(after.startsWith(before.slice(0, before.lastIndexOf('}', before.lastIndexOf(']'))))).toBe(true);
    expect(JSON.parse(after).redirects).toHaveLength(4);
    expect(missing(docs)).toEqual([]);
  });

  it('docs.yaml, with and without redirects: valid YAML, one sequence, nothing missing after', () => {
    for (const redirects of ['', 'redirects:\n  - source: /old\n    destination: /index\n']) {
      const repo = repoWith({ ...PAGES, 'docs.yaml': `# the site\nnavigation:\n  pages:\n${LISTED.map((p) => `    - ${p}\n`).join('')}${redirects}` });
      const docs = path.join(repo, 'docs.yaml');
      moveThree(repo);
      writeFileSync(docs, `# the site\nnavigation:\n  pages:\n    - index\n    - start\n    - tutorials/one\n    - tutorials/two\n${redirects}`);
      const result = fixFile(docs, { since: readSiteBase(docs, 'HEAD') });
      expect(result.introduced).toEqual([]);
      const after = readFileSync(docs, 'utf8');
      expect(after.startsWith('# the site\n')).toBe(true);
      expect(after.match(/^redirects:/gm)).toHaveLength(1);
      expect(missing(docs)).toEqual([]);
    }
  });

  it('twelve moves are fixed in two passes (the array made, then eleven insertions stacked at one offset)', () => {
    const many = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const repo = repoWith({ 'docs.json': docsJson(many), ...Object.fromEntries(many.map((p) => [`${p}.mdx`, `# ${p}\n`])), 'moved/.keep': '' });
    const docs = path.join(repo, 'docs.json');
    for (const p of many) git(repo, 'mv', `${p}.mdx`, `moved/${p}.mdx`);
    writeFileSync(docs, docsJson(many.map((p) => `moved/${p}`)));
    const result = fixFile(docs, { since: readSiteBase(docs, 'HEAD') });
    expect(result.passes).toBe(2);
    expect(JSON.parse(readFileSync(docs, 'utf8')).redirects).toHaveLength(12);
    expect(missing(docs)).toEqual([]);
  });

  it('a removed page gets no fix', () => {
    const { repo, docs } = site();
    git(repo, 'rm', '-q', 'quickstart.mdx');
    writeFileSync(docs, docsJson(['index', 'guides/one', 'guides/two']));
    // A navigation-only docs.json: under the spec profile (the default platform one also wants the build's name, theme and colors).
    const problems = validateFile(docs, { since: readSiteBase(docs, 'HEAD'), profile: 'spec' }).problems;
    expect(problems.map((p) => [p.code, p.fix])).toEqual([['redirect-missing', undefined]]);
  });
});
