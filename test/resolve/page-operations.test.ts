import { describe, expect, it } from 'vitest';
import { described, json, resolveSite, spec } from './site.js';

/**
 * Which OpenAPI file a page's `openapi` front matter finds its operation in
 * (src/resolve/page-operations.ts): every OpenAPI 3 file of the root, nearest the page first,
 * narrowed to one file when the reference names it.
 */

/** A spec whose GET /users is summarised as `summary` (the page takes it as its title). */
const usersIn = (summary: string) => spec({ '/users': { get: { summary } } });

/** The title and operation a page `page` (at `file`) gets from its `openapi: reference`, and what is said. */
async function lookUp(reference: string, specs: Record<string, string>, page = 'page') {
  const { tree, problems } = await resolveSite({ navigation: { pages: [page] } }, { [`${page}.mdx`]: `---\nopenapi: ${json(reference)}\n---\n`, ...specs });
  return { title: tree.pages[0].title, file: tree.pages[0].openapi?.file, problems: problems.map(described) };
}

describe('the OpenAPI file a front-matter reference is found in', () => {
  it('the one sharing the most folders with the page', async () => {
    const specs = {
      'api.json': usersIn('Root'),
      'guide/api.json': usersIn('Guide'),
      'guide/v2/api.json': usersIn('Guide v2'),
      'guide/v2/deeper/api.json': usersIn('Deeper'),
      'other/v2/api.json': usersIn('Other v2'),
    };
    expect(await lookUp('GET /users', specs, 'guide/v2/page')).toEqual({ title: 'Guide v2', file: 'guide/v2/api.json', problems: [] });
    expect(await lookUp('GET /users', specs, 'guide/other/page')).toEqual({ title: 'Guide', file: 'guide/api.json', problems: [] });
  });

  it('among files as near, the first by path; a page at the root is as near to every file', async () => {
    expect((await lookUp('GET /users', { 'b.json': usersIn('B'), 'a.json': usersIn('A'), 'c.json': usersIn('C') })).file).toBe('a.json');
    expect((await lookUp('GET /users', { 'api.json': usersIn('Root'), 'a/api.json': usersIn('In a') })).file).toBe('a/api.json');
    expect((await lookUp('GET /users', { 'z/api.json': usersIn('In z'), 'api.json': usersIn('Root') })).file).toBe('api.json');
  });

  it('a nearer file without the operation is passed over for one that has it', async () => {
    const specs = { 'guide/api.json': spec({ '/pets': { get: {} } }), 'api.json': usersIn('Root') };
    expect(await lookUp('GET /users', specs, 'guide/page')).toEqual({ title: 'Root', file: 'api.json', problems: [] });
  });

  it('webhooks are looked up by name, not as paths', async () => {
    const specs = { 'hooks.json': spec({ '/petDeleted': { get: { summary: 'A path' } } }, { webhooks: { petDeleted: { post: { summary: 'Pet deleted' } } } }) };
    expect(await lookUp('webhook petDeleted', specs)).toEqual({ title: 'Pet deleted', file: 'hooks.json', problems: [] });
    expect((await lookUp('webhook petAdded', specs)).problems).toEqual([
      'endpoint-not-found warning page.mdx:2:1 `openapi: "webhook petAdded"` in "page.mdx": no OpenAPI file of the docs root defines it (looked in hooks.json), so the page shows no API reference.',
    ]);
  });

  it('blanks around the reference do not matter', async () => {
    expect(await lookUp('  GET /users  ', { 'api.json': usersIn('Users') })).toEqual({ title: 'Users', file: 'api.json', problems: [] });
  });
});

describe('a reference that names its spec file', () => {
  const specs = { 'api.json': usersIn('Root'), 'specs/api.yaml': usersIn('Specs'), 'specs/other.json': usersIn('Other') };

  it('by its root-relative path, with or without a leading slash', async () => {
    expect((await lookUp('specs/api.yaml GET /users', specs)).title).toBe('Specs');
    expect((await lookUp('/specs/other.json GET /users', specs)).title).toBe('Other');
  });

  it('by its name without the extension (the nearest such file)', async () => {
    expect((await lookUp('other GET /users', specs)).title).toBe('Other');
    expect((await lookUp('api GET /users', specs)).file).toBe('api.json');
    expect((await lookUp('api GET /users', specs, 'specs/page')).file).toBe('specs/api.yaml');
  });

  it('the named file only: an operation elsewhere is not found', async () => {
    const only = { 'api.json': spec({ '/pets': { get: {} } }), 'more.json': usersIn('More') };
    expect((await lookUp('api.json GET /users', only)).problems).toEqual([
      'endpoint-not-found warning page.mdx:2:1 `openapi: "api.json GET /users"` in "page.mdx": no OpenAPI file of the docs root defines it (looked in api.json), so the page shows no API reference.',
    ]);
  });
});

describe('what is not an OpenAPI file of the root', () => {
  const missing = (searched: string) =>
    `endpoint-not-found warning page.mdx:2:1 \`openapi: "GET /users"\` in "page.mdx": ${searched}, so the page shows no API reference.`;

  it.each([
    ['a Swagger 2.0 file', { 'swagger.json': json({ swagger: '2.0', info: { title: 'x', version: '1' }, paths: { '/users': { get: {} } } }) }],
    ['a spec with an external $ref (the platform refuses it)', { 'api.json': spec({ '/users': { get: { responses: { 200: { $ref: 'other.json#/x' } } } } }) }],
    ['a file that is not JSON or YAML by name', { 'api.txt': usersIn('Text') }],
    ['JSON or YAML without `openapi`', { 'data.yaml': 'paths:\n  /users:\n    get: {}\n' }],
    ['a file that does not parse', { 'broken.json': '{"openapi": "3.1.0", ' }],
  ])('%s', async (_name, files) => {
    expect((await lookUp('GET /users', files)).problems).toEqual([missing('the docs root has no OpenAPI file')]);
  });

  it('a file among them that does not define the operation is listed as looked in', async () => {
    expect((await lookUp('GET /users', { 'swagger.json': json({ swagger: '2.0', info: {}, paths: {} }), 'api.yml': spec({}) })).problems).toEqual([
      missing('no OpenAPI file of the docs root defines it (looked in api.yml)'),
    ]);
  });

  it('a named file that is not an OpenAPI file is not found', async () => {
    expect(
      (await lookUp('swagger.json GET /users', { 'swagger.json': json({ swagger: '2.0', info: {}, paths: { '/users': { get: {} } } }) })).problems,
    ).toEqual([
      'openapi-not-found warning page.mdx:2:1 `openapi: "swagger.json GET /users"` in "page.mdx" names "swagger.json", which is not an OpenAPI file under the docs root.',
    ]);
  });
});
