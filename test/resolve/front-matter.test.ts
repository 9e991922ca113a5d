import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseMarkdown } from '../../src/pages/markdown.js';
import { mdxBlock, parseFrontMatter } from '../../src/pages/front-matter.js';
import { resolveText } from '../../src/resolve.js';
import type { DocsFiles } from '../../src/docs-root.js';
import { resolveSite } from './site.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

describe("parseFrontMatter: the platform's reading (front-matter over js-yaml)", () => {
  it.each([
    ['a quoted value continued on a less indented line', "---\ntitle: 'Code Tool'\ndescription: 'One.\nTwo.'\n---\nbody", { ok: true, title: 'Code Tool' }],
    ['no block: the first line is not ---', '# Title\n---\ntitle: x\n---\n', undefined],
    // js-yaml finds an unclosed quote where the block runs out: the closing line, line 4 of the file.
    ['an unclosed quote, with its line in the file', '---\ntitle: "open\ndescription: x\n---\n', { ok: false, line: 4 }],
    ['a tab in indentation, on its own line', '---\ntitle: x\nlist:\n\t- a\n---\n', { ok: false, line: 4 }],
  ])('%s', (_name, text, expected) => {
    const front = parseFrontMatter(text);
    if (expected === undefined) return expect(front).toBeUndefined();
    expect(front?.ok).toBe(expected.ok);
    if (front?.ok && 'title' in expected) expect(front.data.title).toBe(expected.title);
    if (front && !front.ok && 'line' in expected) expect(front.line).toBe(expected.line);
  });
});

describe('front-matter openapi references', () => {
  const root = path.resolve('/docs-in-memory');
  const texts: Record<string, string> = {
    'users.mdx': '---\nopenapi: GET /users\n---\n',
    'api.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } }),
  };
  const readFile = (absolute: string) => texts[path.relative(root, absolute).split(path.sep).join('/')];
  const docs = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['users'] } });
  const inMemory = (list: boolean): DocsFiles => ({
    root: 'docs',
    hasFile: (p) => p in texts,
    filesIn: (dir) => (dir === '' ? Object.keys(texts) : []),
    ...(list && { list: () => Object.keys(texts) }),
  });

  it("are looked up in the root's OpenAPI files: the page is titled by the operation", async () => {
    const { tree, problems } = await resolveText(docs, { file: path.join(root, 'docs.json'), root, readFile, files: inMemory(true) });
    expect(problems).toEqual([]);
    expect(tree.pages.map((p) => [p.path, p.title, p.openapi])).toEqual([['users', 'List users', { file: 'api.json', method: 'GET', path: '/users' }]]);
  });

  it('a root that cannot be listed looks nothing up and reports nothing (not "no OpenAPI file")', async () => {
    const { tree, problems } = await resolveText(docs, { file: path.join(root, 'docs.json'), root, readFile, files: inMemory(false) });
    expect(problems).toEqual([]);
    expect(tree.pages.map((p) => [p.path, p.title, p.openapi])).toEqual([['users', 'Users', undefined]]);
  });
});

/**
 * Front matter MDX reads and the front-matter package does not (`--- ` with a trailing space, a
 * tab), and the reverse (`= yaml =`): the platform reads the page's own text without imports, the
 * page as MDX parsed it with them. Each row is what @mintlify/prebuild 1.0.1341 titled that page
 * (bench/prebuild.mjs on a site of these pages, /snippets/x.mdx beside them).
 */
describe('front matter opened by `--- `: read as the platform reads it, by whether the page imports something', () => {
  const IMPORT = 'import X from "/snippets/x.mdx"\n';
  const ROWS: Array<[name: string, text: string, title: string | undefined]> = [
    ['a trailing space, an import', `--- \ntitle: AAA\n---\n\n${IMPORT}\n# hi\n`, 'AAA'],
    ['a trailing space, no import', '--- \ntitle: BBB\n---\n\n# hi\n', undefined],
    ['a trailing tab, an import', `---\t\ntitle: CCC\n---\n\n${IMPORT}`, 'CCC'],
    ['a trailing space, an export but no import', '--- \ntitle: DDD\n---\n\nexport const a = 1\n\n# hi\n', undefined],
    ['a trailing space, an import inside a code block only', '--- \ntitle: EEE\n---\n\n```js\nimport X from "y"\n```\n', undefined],
    ['plain fences, the closing one with trailing spaces, an import', `---\ntitle: FFF\n---   \n\n${IMPORT}`, 'FFF'],
    ['a trailing space, an import of a file that does not exist', '--- \ntitle: GGG\n---\n\nimport Y from "/snippets/none.mdx"\n', 'GGG'],
    ['`= yaml =` fences, an import: MDX reads no front matter there', `= yaml =\ntitle: HHH\n= yaml =\n\n${IMPORT}`, undefined],
    ['`= yaml =` fences, no import: the package reads them', '= yaml =\ntitle: III\n= yaml =\n\n# hi\n', 'III'],
    ['a trailing space, CRLF line endings, an import', `--- \r\ntitle: JJJ\r\n---\r\n\r\n${IMPORT}`, 'JJJ'],
    ['a trailing space, an `import` line continuing a paragraph (no ESM)', `--- \ntitle: LAZY\n---\n\ntext\n${IMPORT}`, undefined],
  ];

  it.each(ROWS)('%s', (_name, text, title) => {
    const front = parseFrontMatter(text);
    expect(front?.ok ? front.data.title : undefined).toBe(title);
  });

  it('the import may be past the start given: the whole page is asked for then, and only then', () => {
    const text = `--- \ntitle: KKK\n---\n\n${'text\n\n'.repeat(10)}${IMPORT}`;
    const head = text.slice(0, 40);
    let asked = 0;
    const whole = () => {
      asked++;
      return text;
    };
    expect(parseFrontMatter(head)).toBeUndefined();
    expect(parseFrontMatter(head, whole)).toMatchObject({ ok: true, data: { title: 'KKK' } });
    expect(asked).toBe(1);
    parseFrontMatter(`---\ntitle: x\n---\n\n${IMPORT}`, whole);
    expect(asked).toBe(1);
  });

  it('every field, in the page tree, and a YAML error at its line in the file', async () => {
    const { tree, problems } = await resolveSite(
      { navigation: { pages: ['a', 'b'] } },
      {
        'a.mdx': `--- \ntitle: AAA\nsidebarTitle: SA\nicon: star\ntag: NEW\ndescription: dA\n---\n\n${IMPORT}`,
        'b.mdx': `--- \ntitle: BBB\nbad: "open\n---\n\n${IMPORT}`,
        'snippets/x.mdx': 'x\n',
      },
    );
    expect(tree.pages.map(({ path, title, sidebarTitle, icon, tag, description }) => ({ path, title, sidebarTitle, icon, tag, description }))).toEqual([
      { path: 'a', title: 'AAA', sidebarTitle: 'SA', icon: 'star', tag: 'NEW', description: 'dA' },
      { path: 'b', title: 'B', sidebarTitle: undefined, icon: undefined, tag: undefined, description: undefined },
    ]);
    expect(problems.map((p) => `${p.code} ${path.basename(p.file)}:${p.line}`)).toEqual(['front-matter-invalid b.mdx:4']);
  });
});

describe("mdxBlock: the hand-written fences against micromark's (the oracle)", () => {
  const LINES = ['---', '--- ', '---\t', '--- x', ' ---', '----', '-- -', 'title: x', '', '...', '= yaml =', 'a: 1', '+++', '***'];
  const page = fc
    .tuple(fc.boolean(), fc.array(fc.tuple(fc.constantFrom(...LINES), fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 8 }), fc.boolean())
    .map(([bom, lines, last]) => (bom ? '\ufeff' : '') + lines.map(([line, end]) => line + end).join('') + (last ? 'tail' : ''));

  it('finds the block micromark finds, with the same text', () => {
    fc.assert(
      fc.property(page, (text) => {
        const first = parseMarkdown(text, true).children[0];
        const expected = first?.type === 'yaml' ? first.value.trim() : undefined;
        expect(mdxBlock(text)?.yaml).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
