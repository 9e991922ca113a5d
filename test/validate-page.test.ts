/**
 * validatePage (src/validate-page.ts), an editor's check of one page against the last check of its
 * site, on real docs roots: which front matter check a page file gets (a listed page's, or the one
 * the platform's build makes of every other page file), by extension, folder and twin; the spec
 * lookups of a listed page's `openapi`, and none with `specs: false`; what the result names (its
 * file, its sources). The link checks themselves are test/site/editor-checks.test.ts's.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateText, ValidationCache, type ValidateOptions } from '../src/index.js';
import { validatePage } from '../src/validate-page.js';
import { docsRoot } from './site/site-helpers.js';

/** An empty `title:`: a listed page's check says so, the unlisted pages' check does not look. */
const EMPTY_TITLE = '---\ntitle: ""\n---\n\n# Page\n';

const FILES = {
  'index.mdx': '# Home\n\nSee [the guide](/guide/intro).\n',
  'guide/intro.mdx': '---\ntitle: ""\n---\n\n# Intro\n\n[gone](/gone)\n',
  'notes.md': EMPTY_TITLE,
  'changelog/v1.md-archive.mdx': EMPTY_TITLE,
  'twin.mdx': EMPTY_TITLE,
  'twin.md': EMPTY_TITLE,
  'api.mdx': '---\nopenapi: GET /pets\n---\n\n# API\n',
  'loose.mdx': EMPTY_TITLE,
  'broken.mdx': '---\ntitle: [\n---\n\n# Broken\n',
};
const DOCS = { name: 'Site', navigation: { pages: ['index', 'guide/intro', 'notes', 'changelog/v1.md-archive', 'twin', 'api'] } };

/** The root checked once as an editor checks it; `page` checks one file of it again: code and line:column of each problem. */
function checkedRoot(options: Partial<ValidateOptions> = {}) {
  const root = docsRoot(FILES, DOCS);
  const cache = new ValidationCache();
  validateText(JSON.stringify(DOCS), { file: path.join(root, 'docs.json'), root, cache, ...options });
  const result = (file: string, more: Partial<ValidateOptions> = {}) => validatePage(path.join(root, file), { root, cache, ...options, ...more });
  const page = (file: string, more: Partial<ValidateOptions> = {}) =>
    result(file, more)?.problems.map((problem) => `${problem.code} ${problem.line}:${problem.column}`);
  return { root, result, page };
}

describe("validatePage: a page file's front matter, checked as the site's check checks it", () => {
  it.each([
    { name: 'a listed .mdx page in a folder', file: 'guide/intro.mdx', expected: ['front-matter-invalid 2:1', 'link-not-found 7:8'] },
    { name: 'a listed .md page', file: 'notes.md', expected: ['front-matter-invalid 2:1'] },
    { name: 'a listed page whose name holds ".md" before its extension', file: 'changelog/v1.md-archive.mdx', expected: ['front-matter-invalid 2:1'] },
    {
      name: 'the .mdx of a page with a .md twin (the file the page is read from)',
      file: 'twin.mdx',
      expected: ['slug-collision 1:1', 'front-matter-invalid 2:1'],
    },
    { name: 'the .md twin of a listed .mdx page (not the page: checked as an unlisted file)', file: 'twin.md', expected: [] },
    { name: 'an unlisted page: its empty title is not looked at', file: 'loose.mdx', expected: [] },
    { name: 'an unlisted page whose front matter is not YAML', file: 'broken.mdx', expected: ['front-matter-invalid 3:1'] },
  ])('$name', ({ file, expected }) => {
    const { page } = checkedRoot();
    expect(page(file)).toEqual(expected);
  });

  it('the unlisted check is left out with front-matter-invalid off; a listed page still gets its other checks', () => {
    const { page } = checkedRoot({ rules: { 'front-matter-invalid': 'off' } });
    expect(page('broken.mdx')).toEqual([]);
    expect(page('twin.mdx')).toEqual(['slug-collision 1:1']);
  });

  it("a listed page's `openapi` is looked up in the root's specs, and not with `specs: false`", () => {
    expect(checkedRoot().page('api.mdx')).toEqual(['endpoint-not-found 2:1']);
    expect(checkedRoot({ specs: false }).page('api.mdx')).toEqual([]);
  });
});

describe('validatePage: the result', () => {
  it("names docs.json, or the options' file, and holds the text of the page it reports in", () => {
    const { root, result } = checkedRoot();
    const checked = result('guide/intro.mdx');
    expect(checked?.file).toBe('docs.json');
    expect(checked?.problems.map((problem) => problem.file)).toEqual([path.join(root, 'guide/intro.mdx'), path.join(root, 'guide/intro.mdx')]);
    expect(checked?.sources).toStrictEqual({ [path.join(root, 'guide/intro.mdx')]: FILES['guide/intro.mdx'] });
    expect(result('guide/intro.mdx', { file: 'docs.yaml' })?.file).toBe('docs.yaml');
  });

  it('holds no source for a page with no problem', () => {
    const { result } = checkedRoot();
    expect(result('loose.mdx')).toStrictEqual({ file: 'docs.json', problems: [], sources: {} });
  });

  it('is undefined before any check of the root, and for a file the last check did not read', () => {
    const root = docsRoot(FILES, DOCS);
    expect(validatePage(path.join(root, 'index.mdx'), { root, cache: new ValidationCache() })).toBeUndefined();
    expect(checkedRoot().result('docs.json')).toBeUndefined();
  });
});
