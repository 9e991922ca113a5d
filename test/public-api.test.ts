/**
 * The small doors of the library's public API and its tables: `diffSite` and `readSiteBase` as
 * src/index.ts loads them (git support on first call), `validateText`'s result's file name, and
 * through the page scan store, the codes table's lookups (`isCode`, `ruleDocPath`), and why the
 * platform does not read a page file (`whyNotAPage`) for each of its reasons.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allCodes, isCode, ruleDocPath } from '../src/codes.js';
import { PageScanStore } from '../src/cache/store.js';
import { diffSite, readSiteBase, validateText } from '../src/index.js';
import { whyNotAPage } from '../src/platform-ignores.js';
import { docsJson, git, repoWith, write } from './history/repo.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('diffSite and readSiteBase from the public API', () => {
  it('a page added and one moved since the commit, and the site as the commit served it', async () => {
    const repo = repoWith({ 'docs.json': docsJson(['index', 'old']), 'index.mdx': '# Home\n', 'old.mdx': '# Old\n' });
    temps.push(repo);
    const commit = git(repo, 'rev-parse', 'HEAD').trim();
    git(repo, 'mv', 'old.mdx', 'new.mdx');
    write(repo, { 'docs.json': docsJson(['index', 'new', 'extra']), 'extra.mdx': '# Extra\n' });
    const docs = path.join(repo, 'docs.json');
    expect(await diffSite(docs, 'HEAD')).toEqual({ ref: 'HEAD', commit, added: ['/extra'], removed: [], moved: [{ from: '/old', to: '/new' }] });
    const base = await readSiteBase(docs, 'HEAD');
    expect(base).toMatchObject({ ref: 'HEAD', commit });
    expect([...base.pages.keys()].sort()).toEqual(['index', 'old']);
    expect([...base.renames]).toEqual([['old.mdx', 'new.mdx']]);
  });

  it('reject with a GitError outside a repository', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-no-git-'));
    temps.push(dir);
    write(dir, { 'docs.json': docsJson(['index']) });
    await expect(diffSite(path.join(dir, 'docs.json'), 'HEAD')).rejects.toMatchObject({ name: 'GitError' });
    await expect(readSiteBase(path.join(dir, 'docs.json'), 'HEAD')).rejects.toMatchObject({ name: 'GitError' });
  });
});

describe("validateText's result names its file", () => {
  it.each([
    { name: 'docs.json when no file is given', options: {}, file: 'docs.json' },
    { name: 'the file given', options: { file: 'site/docs.json' }, file: 'site/docs.json' },
  ])('$name', ({ options, file }) => {
    const result = validateText('{"navigation": {"pages": ["index"]}}', options);
    expect(result.file).toBe(file);
  });

  it('through the page scan store too, with the problems of a run without it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-scans-'));
    temps.push(dir);
    write(dir, { 'index.mdx': '# Home\n\n[gone](/gone)\n' });
    const text = docsJson(['index', 'missing']);
    const plain = validateText(text, { root: dir });
    const stored = validateText(text, { root: dir, pageScans: new PageScanStore(path.join(dir, 'scans.json')) });
    expect(stored.file).toBe('docs.json');
    expect(stored.problems.map((problem) => problem.code)).toContain('link-not-found');
    expect(stored.problems).toEqual(plain.problems);
  });
});

describe('the codes table', () => {
  it.each([
    { value: 'unknown-field', expected: true },
    { value: 'link-not-found', expected: true },
    { value: 'Unknown-Field', expected: false },
    { value: 'not-a-code', expected: false },
    { value: 'toString', expected: false },
    { value: '__proto__', expected: false },
    { value: '', expected: false },
  ])('isCode($value) is $expected', ({ value, expected }) => {
    expect(isCode(value)).toBe(expected);
  });

  it("every code's rule doc is docs/rules/<code>.md, a file of the package", () => {
    expect(ruleDocPath('unknown-field')).toBe('docs/rules/unknown-field.md');
    for (const code of allCodes) expect(existsSync(path.join(__dirname, '..', ruleDocPath(code))), code).toBe(true);
  });
});

describe('whyNotAPage: why the platform does not read a page file', () => {
  const ignoresDrafts = (file: string) => file.startsWith('drafts/');
  it.each([
    { name: 'a snippet', file: 'snippets/note.mdx', ignored: undefined, why: /^it takes files under snippets\// },
    { name: 'a .md readme', file: 'guide/README.md', ignored: undefined, why: /^it leaves out \.md files named readme/ },
    { name: 'an ignored file', file: 'drafts/a.mdx', ignored: ignoresDrafts, why: /^it ignores the file \(its own ignores: README\.md/ },
    { name: 'a page the ignores leave in', file: 'guide/a.mdx', ignored: ignoresDrafts, why: undefined },
    { name: 'a page, no ignores given', file: 'drafts/a.mdx', ignored: undefined, why: undefined },
  ])('$name', ({ file, ignored, why }) => {
    const said = whyNotAPage(file, ignored);
    if (why === undefined) expect(said).toBeUndefined();
    else expect(said).toMatch(why);
  });
});
