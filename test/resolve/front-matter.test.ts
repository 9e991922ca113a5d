import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../src/resolve/front-matter.js';
import { resolveText } from '../../src/resolve/resolve.js';
import type { DocsFiles } from '../../src/rules/types.js';

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
  const docs = JSON.stringify({ navigation: { pages: ['users'] } });
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
