import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ValidationCache } from '../../src/cache/memory.js';
import type { Finding } from '../../src/problem.js';
import { parseFrontMatter } from '../../src/pages/front-matter.js';
import { resolveText } from '../../src/resolve.js';
import { TreeBuilder } from '../../src/resolve/tree.js';
import { described, json, resolveSite, SITE_ROOT, siteOptions, spec } from './site.js';

/**
 * What the page tree takes from page files' front matter, and what it says about it, located
 * in the page (src/resolve/page-front-matter.ts): invalid YAML, an `openapi` that is not a
 * string, and an `openapi` reference that names nothing.
 */

const USERS = spec({ '/users': { get: { summary: 'List users', description: 'Every user.' } } });

/** The problems of a one-page site whose page `page.mdx` has this text (beside these other files). */
async function problemsOfPage(text: string, others: Record<string, string> = {}): Promise<string[]> {
  const { problems } = await resolveSite({ navigation: { pages: ['page'] } }, { 'page.mdx': text, ...others });
  return problems.map(described);
}

describe('front matter that is not valid YAML', () => {
  it('is an error at the line js-yaml names, the whole line, saying the line', async () => {
    const { problems } = await resolveSite({ navigation: { pages: ['bad'] } }, { 'bad.mdx': '---\ntitle: "x\n---\nbody\n' });
    expect(problems.map(described)).toEqual([
      'front-matter-invalid error bad.mdx:3:1 The front matter of "bad.mdx" is not valid YAML (line 3): unexpected end of the stream within a double quoted scalar. The platform\'s build fails on it ("There is a syntax error in your frontmatter").',
    ]);
    expect(problems.map((p) => [p.endLine, p.endColumn])).toEqual([[3, 4]]);
  });

  it('a line further down is counted from the top of the file; the last line of a file without a final newline ends the file', async () => {
    const { problems } = await resolveSite(
      { navigation: { pages: ['down', 'last'] } },
      { 'down.mdx': '---\ntitle: x\n\nlist:\n\t- a\n---\nbody\n', 'last.mdx': '---\ntitle: "x\n---' },
    );
    expect(problems.map((p) => [p.file.endsWith('down.mdx') ? 'down' : 'last', p.code, p.line, p.column, p.endLine, p.endColumn])).toEqual([
      ['down', 'front-matter-invalid', 5, 1, 5, 5],
      ['last', 'front-matter-invalid', 3, 1, 3, 4],
    ]);
  });

  it('the page is in the tree without it (titled from its path), and said once however often it is listed', async () => {
    const { tree, problems } = await resolveSite(
      {
        navigation: {
          groups: [
            { group: 'A', pages: ['guide/bad-page'] },
            { group: 'B', pages: ['guide/bad-page'] },
          ],
        },
      },
      { 'guide/bad-page.mdx': '---\ntitle: "x\n---\n' },
    );
    expect(tree.pages.map((p) => [p.path, p.title, p.file])).toEqual([
      ['guide/bad-page', 'Bad page', 'guide/bad-page.mdx'],
      ['guide/bad-page', 'Bad page', 'guide/bad-page.mdx'],
    ]);
    expect(problems.filter((p) => p.code === 'front-matter-invalid')).toHaveLength(1);
  });
});

describe('`openapi` in front matter that is not a string', () => {
  it.each([
    ['a number', 'openapi: 3', 'a number'],
    ['a boolean', 'openapi: true', 'a boolean'],
    ['a list', 'openapi: [GET /users]', 'a list'],
    ['a mapping', 'openapi: { method: GET }', 'a object'],
  ])('%s: an error at the `openapi:` line', async (_name, line, said) => {
    expect(await problemsOfPage(`---\ntitle: T\n\n${line}\n---\n`, { 'api.json': USERS })).toEqual([
      `front-matter-invalid error page.mdx:4:1 \`openapi\` in the front matter of "page.mdx" is ${said}; it must be one endpoint as a string, such as "GET /users". The platform's build fails on it.`,
    ]);
  });

  it('the span is the `openapi:` line, found also with blanks before the colon', async () => {
    const { problems } = await resolveSite({ navigation: { pages: ['page'] } }, { 'page.mdx': '---\ntitle: T\nopenapi  : 12\n---\n' });
    expect(problems.map((p) => [p.line, p.column, p.endLine, p.endColumn])).toEqual([[3, 1, 3, 14]]);
  });

  it('null, an empty or a blank string say nothing and look nothing up', async () => {
    for (const line of ['openapi: null', 'openapi:', 'openapi: ""', 'openapi: "   "']) {
      const { tree, problems } = await resolveSite({ navigation: { pages: ['page'] } }, { 'page.mdx': `---\ntitle: T\n${line}\n---\n`, 'api.json': USERS });
      expect(problems, line).toEqual([]);
      expect(tree.pages[0].openapi, line).toBeUndefined();
    }
  });
});

describe('`asyncapi` in front matter that is not a string (the build fails: "str.trim is not a function", seen with @mintlify/prebuild 1.0.1341)', () => {
  it.each([
    ['a number', 'asyncapi: 5', 'a number'],
    ['a boolean', 'asyncapi: true', 'a boolean'],
    ['a list', 'asyncapi: [chat]', 'a list'],
    ['an empty list', 'asyncapi: []', 'a list'],
    ['a mapping as docs.json takes', 'asyncapi: { source: ws.json }', 'a object'],
  ])('%s: an error at the `asyncapi:` line', async (_name, line, said) => {
    expect(await problemsOfPage(`---\ntitle: T\n\n${line}\n---\n`)).toEqual([
      `front-matter-invalid error page.mdx:4:1 \`asyncapi\` in the front matter of "page.mdx" is ${said}; it must be one channel as a string, such as "chat" or "events chat". The platform's build fails on it.`,
    ]);
  });

  it('false, zero, null and an empty string say nothing (the build skips them)', async () => {
    for (const line of ['asyncapi: false', 'asyncapi: 0', 'asyncapi: null', 'asyncapi: ""'])
      expect(await problemsOfPage(`---\ntitle: T\n${line}\n---\n`), line).toEqual([]);
  });

  it('both `openapi` and `asyncapi` wrong: an error at each line', async () => {
    expect((await problemsOfPage('---\nopenapi: 1\nasyncapi: 2\n---\n')).map((p) => p.split(' in the front matter')[0])).toEqual([
      'front-matter-invalid error page.mdx:2:1 `openapi`',
      'front-matter-invalid error page.mdx:3:1 `asyncapi`',
    ]);
  });

  it('in a page no entry lists: said as such', async () => {
    const { problems } = await resolveSite(
      { navigation: { pages: ['page'] } },
      { 'page.mdx': '---\ntitle: T\n---\n', 'other.mdx': '---\nasyncapi: { source: ws.json }\n---\n' },
    );
    expect(problems.map(described)).toEqual([
      'front-matter-invalid error other.mdx:2:1 `asyncapi` in the front matter of "other.mdx" is a object; it must be one channel as a string, such as "chat" or "events chat". No navigation entry lists this page, but the platform\'s build reads every page file of the docs root and fails on it. Fix it, or, if the file is not meant to be a page, leave it out with a line in `.mintignore`.',
    ]);
  });
});

describe('`openapi` references that name nothing', () => {
  it('not an endpoint: a warning at the `openapi:` line', async () => {
    expect(await problemsOfPage('---\nopenapi: users\n---\n', { 'api.json': USERS })).toEqual([
      'endpoint-not-found warning page.mdx:2:1 `openapi: "users"` in "page.mdx" is not an endpoint ("METHOD /path", "specfile METHOD /path" or "webhook name"), so the page shows no API reference.',
    ]);
  });

  it('a spec file that is not among the OpenAPI files of the root: openapi-not-found, a warning', async () => {
    expect(await problemsOfPage('---\nopenapi: v2 GET /users\n---\n', { 'api.json': USERS })).toEqual([
      'openapi-not-found warning page.mdx:2:1 `openapi: "v2 GET /users"` in "page.mdx" names "v2", which matches no OpenAPI file under the docs root: the platform finds a named spec by its path from the root with a leading slash ("/v2") or by its file name without the extension ("v2").',
    ]);
  });

  it('a root without OpenAPI files', async () => {
    expect(await problemsOfPage('---\nopenapi: GET /users\n---\n', { 'notes.json': '{"a": 1}' })).toEqual([
      'endpoint-not-found warning page.mdx:2:1 `openapi: "GET /users"` in "page.mdx": the docs root has no OpenAPI file, so the page shows no API reference.',
    ]);
  });

  it('lists up to three files looked in, nearest the page first, then how many more', async () => {
    const specs = (names: string[]) => Object.fromEntries(names.map((name) => [name, spec({ '/other': { get: {} } })]));
    const missing = '---\nopenapi: GET /users\n---\n';
    const message = async (names: string[]) => (await problemsOfPage(missing, specs(names)))[0]?.replace(/^.*?"page\.mdx": /, '');
    expect(await message(['b.json', 'a.yaml'])).toBe(
      'no OpenAPI file of the docs root defines it (looked in a.yaml, b.json), so the page shows no API reference.',
    );
    expect(await message(['c.json', 'b.json', 'a.json'])).toBe(
      'no OpenAPI file of the docs root defines it (looked in a.json, b.json, c.json), so the page shows no API reference.',
    );
    expect(await message(['e.json', 'd.json', 'c.json', 'b.json', 'a.json'])).toBe(
      'no OpenAPI file of the docs root defines it (looked in a.json, b.json, c.json, and 2 more), so the page shows no API reference.',
    );
  });

  it('a root that cannot be listed, or specs not read: nothing is looked up and nothing said', async () => {
    const texts = { 'page.mdx': '---\nopenapi: GET /missing\n---\n', 'api.json': USERS };
    expect((await resolveSite({ navigation: { pages: ['page'] } }, texts, { list: false })).problems).toEqual([]);
    const noSpecs = await resolveSite({ navigation: { pages: ['page'] } }, texts, { specs: false });
    expect(noSpecs.problems).toEqual([]);
    expect(noSpecs.tree.pages[0].openapi).toBeUndefined();
  });
});

describe('what a page takes from its front matter', () => {
  it('title, sidebar title, icon, tag and description; no key for what it does not say', async () => {
    const { tree } = await resolveSite(
      { navigation: { pages: ['full', 'icon-object', 'bare', 'blank'] } },
      {
        'full.mdx': '---\ntitle: Full\nsidebarTitle: Short\nicon: rocket\ntag: NEW\ndescription: All of it.\n---\n',
        'icon-object.mdx': '---\nicon: { name: star, style: solid, library: lucide }\n---\n',
        'bare.mdx': '# no front matter\n',
        'blank.mdx': '---\ntitle: "  "\nsidebarTitle: ""\ntag: 3\ndescription: []\n---\n',
      },
    );
    const [full, iconObject, bare, blank] = tree.pages;
    expect(full).toEqual({
      id: '/navigation/pages/0',
      path: 'full',
      kind: 'page',
      title: 'Full',
      sidebarTitle: 'Short',
      icon: 'rocket',
      tag: 'NEW',
      description: 'All of it.',
      trail: [],
      hidden: false,
      source: '/navigation/pages/0',
      file: 'full.mdx',
    });
    expect(iconObject.icon).toEqual({ name: 'star', style: 'solid', library: 'lucide' });
    expect(iconObject.title).toBe('Icon object');
    for (const page of [bare, blank]) expect(Object.keys(page).sort()).toEqual(['file', 'hidden', 'id', 'kind', 'path', 'source', 'title', 'trail']);
    expect([bare.title, blank.title]).toEqual(['Bare', 'Blank']);
  });

  it("a found operation gives the page its summary and description, under the front matter's own", async () => {
    const { tree, problems } = await resolveSite(
      { navigation: { pages: ['from-spec', 'own'] } },
      {
        'from-spec.mdx': '---\nopenapi: get /users\n---\n',
        'own.mdx': '---\nopenapi: GET /users\ntitle: Mine\ndescription: My words.\n---\n',
        'api.json': USERS,
      },
    );
    expect(problems).toEqual([]);
    expect(tree.pages.map((p) => [p.title, p.description, p.openapi])).toEqual([
      ['List users', 'Every user.', { file: 'api.json', method: 'GET', path: '/users' }],
      ['Mine', 'My words.', { file: 'api.json', method: 'GET', path: '/users' }],
    ]);
  });

  it('an operation without summary or description leaves the title from the path and no description', async () => {
    const { tree } = await resolveSite(
      { navigation: { pages: ['plain-page'] } },
      { 'plain-page.mdx': '---\nopenapi: DELETE /users\n---\n', 'api.json': spec({ '/users': { delete: { operationId: 'drop' } } }) },
    );
    expect(tree.pages[0].title).toBe('Plain page');
    expect('description' in tree.pages[0]).toBe(false);
    expect(tree.pages[0].openapi).toEqual({ file: 'api.json', method: 'DELETE', path: '/users', operationId: 'drop' });
  });
});

describe('a page file at a generated page’s path', () => {
  // The summary differs from the title the path would give ("List users").
  const api = spec({ '/users': { get: { summary: 'List Users', description: 'From the spec.' } } });
  const PAGE = 'api-reference/list-users';

  it("replaces the generated page: the file's front matter over the generated title and description", async () => {
    const { tree } = await resolveSite(
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: [] }] } },
      { 'api.json': api, [`${PAGE}.mdx`]: '---\ntitle: Users, listed\n---\n' },
    );
    expect(tree.pages.map((p) => [p.kind, p.path, p.title, p.description, p.file])).toEqual([
      ['endpoint', PAGE, 'Users, listed', 'From the spec.', `${PAGE}.mdx`],
    ]);
  });

  it('a file without front matter keeps what was generated', async () => {
    const { tree } = await resolveSite(
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: [] }] } },
      { 'api.json': api, [`${PAGE}.mdx`]: 'No front matter.\n' },
    );
    expect(tree.pages.map((p) => [p.kind, p.title, p.description, p.file])).toEqual([['endpoint', 'List Users', 'From the spec.', `${PAGE}.mdx`]]);
  });

  it('an ordinary page listed at that path, with no title of its own, takes the generated title (listed before or after)', async () => {
    for (const order of [
      ['GET /users', PAGE],
      [PAGE, 'GET /users'],
    ]) {
      for (const text of ['Plain text.\n', '---\nicon: star\n---\n']) {
        const { tree } = await resolveSite(
          { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: order }] } },
          { 'api.json': api, [`${PAGE}.mdx`]: text },
        );
        const ordinary = tree.pages.find((p) => p.kind === 'page');
        expect(ordinary?.title, `${order.join(', ')} | ${text}`).toBe('List Users');
      }
    }
  });

  it('an ordinary page with its own title keeps it; one without a file keeps its path title', async () => {
    const titled = await resolveSite(
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: ['GET /users', PAGE] }] } },
      { 'api.json': api, [`${PAGE}.mdx`]: '---\ntitle: Mine\n---\n' },
    );
    expect(titled.tree.pages.map((p) => [p.kind, p.title])).toEqual([
      ['endpoint', 'Mine'],
      ['page', 'Mine'],
    ]);
    const fileless = await resolveSite({ navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: ['GET /users', PAGE] }] } }, { 'api.json': api });
    expect(fileless.tree.pages.map((p) => [p.kind, p.title])).toEqual([
      ['endpoint', 'List Users'],
      ['page', 'List users'],
    ]);
  });
});

describe('parseFrontMatter: where the block ends and where an error is', () => {
  it('a block that is not closed is none', () => {
    expect(parseFrontMatter('---\ntitle: x\n')).toBeUndefined();
  });

  it('`end` is where the body starts', () => {
    expect(parseFrontMatter('---\na: 1\n---\nbody')).toEqual({ ok: true, data: { a: 1 }, end: 13 });
  });

  it('blank lines at the top of the block count toward the line of an error', () => {
    expect(parseFrontMatter('---\n\n\ntitle: x\nlist:\n\t- a\n---\n')).toEqual({
      ok: false,
      message: 'tab characters must not be used in indentation',
      line: 6,
      end: 30,
    });
  });
});

describe('page files that cannot be read', () => {
  it('a listed page the reader cannot read keeps its file and its path title', () => {
    const { files } = siteOptions({ 'gone.mdx': '---\ntitle: From the file\n---\n' });
    // The listing says it is there; the reader finds nothing.
    const builder = new TreeBuilder(
      { navigation: { pages: ['gone'] } },
      { files, reader: () => ({ ok: false, reason: 'missing', detail: '' }), absoluteRoot: SITE_ROOT, report: () => undefined },
    );
    expect(builder.build().pages.map((p) => [p.path, p.title, p.file])).toEqual([['gone', 'Gone', 'gone.mdx']]);
  });

  it('without a reader, pages get their file and no front matter', () => {
    const { files } = siteOptions({ 'page.mdx': '---\ntitle: Read\nopenapi: 3\n---\n' });
    const findings: Finding[] = [];
    const builder = new TreeBuilder({ navigation: { pages: ['page'] } }, { files, absoluteRoot: SITE_ROOT, report: (finding) => findings.push(finding) });
    expect(builder.build().pages.map((p) => [p.path, p.title, p.file])).toEqual([['page', 'Page', 'page.mdx']]);
    expect(findings).toEqual([]);
  });

  it('front matter kept by a cache reads the same', async () => {
    const cache = new ValidationCache();
    const texts = { 'page.mdx': '---\ntitle: Cached\n---\n' };
    for (let run = 0; run < 2; run++) {
      const { tree } = await resolveSite({ navigation: { pages: ['page'] } }, texts, { cache });
      expect(tree.pages[0].title).toBe('Cached');
    }
  });
});

describe("the page files found, kept in an editor's cache", () => {
  it("not through a caller's readFile: the same cache and listing, and the page's new text is read", async () => {
    const cache = new ValidationCache();
    const texts: Record<string, string> = { 'page.mdx': '---\ntitle: First\n---\n' };
    // One listing and one readFile for both checks: only the readFile's answer changes (the cache is not told).
    const options = { ...siteOptions(texts), cache, profile: 'spec' as const };
    const titles: Array<string | null | undefined> = [];
    for (const title of ['First', 'Second']) {
      texts['page.mdx'] = `---\ntitle: ${title}\n---\n`;
      titles.push((await resolveText(json({ navigation: { pages: ['page'] } }), options)).tree.pages[0].title);
    }
    expect(titles).toEqual(['First', 'Second']);
  });

  it("the cache's own reader without a listing: no page file is found, and nothing kept", () => {
    const cache = new ValidationCache();
    const builder = new TreeBuilder(
      { navigation: { pages: ['page'] } },
      { reader: cache.readerFor(SITE_ROOT), cache, absoluteRoot: SITE_ROOT, report: () => undefined },
    );
    expect(builder.build().pages.map((p) => [p.path, p.file])).toEqual([['page', undefined]]);
  });
});

describe('unlisted page files the build fails on', () => {
  it('an `openapi` that is not a string: said as of a page no entry lists', async () => {
    const { problems } = await resolveSite({ navigation: { pages: ['page'] } }, { 'page.mdx': '---\ntitle: T\n---\n', 'other.mdx': '---\nopenapi: 3\n---\n' });
    expect(problems.map(described)).toEqual([
      'front-matter-invalid error other.mdx:2:1 `openapi` in the front matter of "other.mdx" is a number; it must be one endpoint as a string, such as "GET /users". No navigation entry lists this page, but the platform\'s build reads every page file of the docs root and fails on it. Fix it, or, if the file is not meant to be a page, leave it out with a line in `.mintignore`.',
    ]);
  });

  it('a file that may import it but cannot be read is passed over: the broken page is said', async () => {
    // The listing names `gone.mdx`; the reader finds nothing there.
    const texts = { 'page.mdx': '---\ntitle: T\n---\n', 'other.mdx': '---\nopenapi: 3\n---\n', 'gone.mdx': undefined as unknown as string };
    const { problems } = await resolveSite({ navigation: { pages: ['page'] } }, texts);
    expect(problems.map((p) => [p.code, path.basename(p.file)])).toEqual([['front-matter-invalid', 'other.mdx']]);
  });

  it('a root that cannot be listed: none is looked for', async () => {
    const { problems } = await resolveSite(
      { navigation: { pages: ['page'] } },
      { 'page.mdx': '---\ntitle: T\n---\n', 'other.mdx': '---\nopenapi: 3\n---\n' },
      { list: false },
    );
    expect(problems.map(described)).toEqual([]);
  });
});

describe('front matter js-yaml fails on without a line', () => {
  it('(nesting too deep to load, within the 64 KiB read for it) is said without one, at the first line', async () => {
    const deep = `a: ${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const { problems } = await resolveSite({ navigation: { pages: ['deep'] } }, { 'deep.mdx': `---\n${deep}\n---\n` });
    expect(problems.map(described)).toEqual([
      'front-matter-invalid error deep.mdx:1:1 The front matter of "deep.mdx" is not valid YAML: Maximum call stack size exceeded. The platform\'s build fails on it ("There is a syntax error in your frontmatter").',
    ]);
  });
});
