import { describe, expect, it } from 'vitest';
import { described, json, resolveSite, spec } from './site.js';

/**
 * Which OpenAPI file a page's `openapi` front matter finds its operation in
 * (src/resolve/page-operations.ts), as the platform's lookup does: of the root's OpenAPI 3 files in
 * its walk order (each folder's names sorted, depth first), narrowed to one when the reference names
 * it, the LAST whose `paths` has the path, whatever its methods. Each case here was built with
 * @mintlify/prebuild 1.0.1341 (test/resolve/page-operations.corpus.test.ts builds them again).
 */

/** A spec whose GET /users is summarised as `summary` (the page takes it as its title). */
const usersIn = (summary: string) => spec({ '/users': { get: { summary } } });

/** The title and operation a page `page` (at `file`) gets from its `openapi: reference`, and what is said. */
async function lookUp(reference: string, specs: Record<string, string>, page = 'page') {
  const { tree, problems } = await resolveSite({ navigation: { pages: [page] } }, { [`${page}.mdx`]: `---\nopenapi: ${json(reference)}\n---\n`, ...specs });
  return { title: tree.pages[0].title, file: tree.pages[0].openapi?.file, problems: problems.map(described) };
}

describe('the OpenAPI file a front-matter reference is found in', () => {
  it('the last in the walk order, wherever the page is', async () => {
    const specs = {
      'api.json': usersIn('Root'),
      'guide/api.json': usersIn('Guide'),
      'guide/v2/api.json': usersIn('Guide v2'),
      'other/v2/api.json': usersIn('Other v2'),
    };
    expect(await lookUp('GET /users', specs, 'guide/v2/page')).toEqual({ title: 'Other v2', file: 'other/v2/api.json', problems: [] });
    expect(await lookUp('GET /users', specs, 'page')).toEqual({ title: 'Other v2', file: 'other/v2/api.json', problems: [] });
  });

  it("each folder's names in byte order, depth first: `a/x.json` before `a.json`, capitals before small letters", async () => {
    expect((await lookUp('GET /users', { 'b.json': usersIn('B'), 'c.json': usersIn('C'), 'a.json': usersIn('A') })).file).toBe('c.json');
    expect((await lookUp('GET /users', { 'a.json': usersIn('Root'), 'a/x.json': usersIn('In a') })).file).toBe('a.json');
    expect((await lookUp('GET /users', { 'a/x.json': usersIn('In a'), 'a.json': usersIn('Root') })).file).toBe('a.json');
    expect((await lookUp('GET /users', { 'a-b.json': usersIn('Dash'), 'a/x.json': usersIn('In a') })).file).toBe('a-b.json');
    expect((await lookUp('GET /users', { 'z/api.json': usersIn('In z'), 'api.json': usersIn('Root') })).file).toBe('z/api.json');
    expect((await lookUp('GET /users', { 'a.json': usersIn('Small'), 'B.json': usersIn('Capital') })).file).toBe('a.json');
    expect((await lookUp('GET /users', { 'a/b/x.json': usersIn('Deep'), 'a/c.json': usersIn('Shallow') })).file).toBe('a/c.json');
  });

  it('only files ending in `.json`, `.yaml` or `.yml` as written are specs; one written otherwise is named in the warning', async () => {
    // Built with @mintlify/prebuild 1.0.1341 too: test/resolve/build-cases.ts, "… a spec ending in `.YAML` …".
    expect(await lookUp('GET /users', { 'API.JSON': usersIn('Upper'), 'api.json': usersIn('Lower') })).toEqual({
      title: 'Lower',
      file: 'api.json',
      problems: [],
    });
    const alone = await lookUp('GET /users', { 'API.JSON': usersIn('Upper'), 'b.Yml': usersIn('Mixed') });
    expect(alone.title).toBe('Page');
    expect(alone.problems).toEqual([
      'endpoint-not-found warning page.mdx:2:1 `openapi: "GET /users"` in "page.mdx": the docs root has no OpenAPI file, so the page shows no API reference. The platform reads only files ending in ".json", ".yaml" or ".yml" (lower case) for specs, so it does not look in "API.JSON", "b.Yml": rename them with a lower-case extension.',
    ]);
    const many = await lookUp('GET /users', { 'a.JSON': usersIn('1'), 'b.JSON': usersIn('2'), 'c.JSON': usersIn('3'), 'd.YAML': usersIn('4') });
    expect(many.problems[0]).toMatch(/does not look in "a\.JSON", "b\.JSON", "c\.JSON", and 1 more: rename them/);
  });

  it('the last file with the path is used even when it lacks the method; an earlier file that has it is named in the warning', async () => {
    const specs = { 'a.json': spec({ '/users': { get: { summary: 'List' }, delete: { summary: 'Delete' } } }), 'b.json': usersIn('Health') };
    expect(await lookUp('DELETE /users', specs)).toEqual({
      title: 'Page',
      file: undefined,
      problems: [
        'endpoint-not-found warning page.mdx:2:1 `openapi: "DELETE /users"` in "page.mdx": the platform looks the operation up in the last OpenAPI file of the docs root (in its order: each folder\'s names sorted, depth first) whose paths have its path, "b.json", which lacks that method; so the page shows no API reference and takes its title from its file name. "a.json" defines it: name it, `openapi: "/a.json DELETE /users"`.',
      ],
    });
    expect(await lookUp('GET /users', specs)).toEqual({ title: 'Health', file: 'b.json', problems: [] });
    expect(await lookUp('/a.json DELETE /users', specs)).toEqual({ title: 'Delete', file: 'a.json', problems: [] });
    // No file has it: the usual warning, naming every file looked in.
    expect((await lookUp('PUT /users', specs)).problems).toEqual([
      'endpoint-not-found warning page.mdx:2:1 `openapi: "PUT /users"` in "page.mdx": no OpenAPI file of the docs root defines it (looked in a.json, b.json), so the page shows no API reference.',
    ]);
  });

  it('a later file without the path is passed over', async () => {
    const specs = { 'a.json': usersIn('Users'), 'b.json': spec({ '/pets': { get: {} } }) };
    expect(await lookUp('GET /users', specs)).toEqual({ title: 'Users', file: 'a.json', problems: [] });
  });

  it('the path as written, else up to one trailing slash, the first such key of the spec', async () => {
    const slashed = spec({ '/users/': { get: { summary: 'Slashed' } }, '/pets': { get: { summary: 'Pets' } } });
    expect((await lookUp('GET /users', { 'a.json': usersIn('Plain'), 'b.json': slashed })).title).toBe('Slashed');
    expect((await lookUp('GET /users/', { 'a.json': slashed, 'b.json': usersIn('Plain') })).title).toBe('Plain');
    expect((await lookUp('GET /pets/', { 'a.json': slashed })).title).toBe('Pets');
    const both = spec({ '/users': { get: { summary: 'Exact' } }, '/users/': { post: { summary: 'Other' } } });
    expect((await lookUp('POST /users', { 'a.json': both })).problems).toHaveLength(1);
    expect((await lookUp('POST /users//', { 'a.json': both })).problems).toHaveLength(1);
  });

  it('webhooks are looked up by name, not as paths', async () => {
    const specs = { 'hooks.json': spec({ '/petDeleted': { get: { summary: 'A path' } } }, { webhooks: { petDeleted: { post: { summary: 'Pet deleted' } } } }) };
    // Found as the webhook (not the path `/petDeleted`), which titles the page under the spec profile;
    // the platform titles it from its file name (front-matter-webhook.test.ts), as is said.
    expect(await lookUp('webhook petDeleted', specs)).toEqual({
      title: 'Pet deleted',
      file: 'hooks.json',
      problems: [
        'front-matter-invalid warning page.mdx:2:1 `openapi: "webhook petDeleted"` in "page.mdx" names a webhook: the platform looks a page\'s operation up among the spec\'s paths only, so it does not give the page its summary "Pet deleted" as the title (its title comes from the file name). Write the title in the front matter.',
      ],
    });
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

  it('by its path from the root with a leading slash', async () => {
    expect((await lookUp('/specs/api.yaml GET /users', specs)).title).toBe('Specs');
    expect((await lookUp('/specs/other.json GET /users', specs)).title).toBe('Other');
  });

  it('not without the slash, nor by its file name with the extension: the platform matches neither', async () => {
    const named = (spec: string, slashed: string, name: string) =>
      `openapi-not-found warning page.mdx:2:1 \`openapi: "${spec} GET /users"\` in "page.mdx" names "${spec}", which matches no OpenAPI file under the docs root: the platform finds a named spec by its path from the root with a leading slash ("${slashed}") or by its file name without the extension ("${name}").`;
    expect((await lookUp('specs/api.yaml GET /users', specs)).problems).toEqual([named('specs/api.yaml', '/specs/api.yaml', 'api')]);
    expect((await lookUp('other.json GET /users', specs)).problems).toEqual([named('other.json', '/other.json', 'other')]);
  });

  it('by its name without the extension (the last such file)', async () => {
    expect((await lookUp('other GET /users', specs)).title).toBe('Other');
    expect((await lookUp('api GET /users', specs)).file).toBe('specs/api.yaml');
    expect((await lookUp('api GET /users', specs, 'specs/page')).file).toBe('specs/api.yaml');
  });

  it('the named file only: an operation elsewhere is not found', async () => {
    const only = { 'api.json': spec({ '/pets': { get: {} } }), 'more.json': usersIn('More') };
    expect((await lookUp('/api.json GET /users', only)).problems).toEqual([
      'endpoint-not-found warning page.mdx:2:1 `openapi: "/api.json GET /users"` in "page.mdx": no OpenAPI file of the docs root defines it (looked in api.json), so the page shows no API reference.',
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
      (await lookUp('/swagger.json GET /users', { 'swagger.json': json({ swagger: '2.0', info: {}, paths: { '/users': { get: {} } } }) })).problems,
    ).toEqual([
      'openapi-not-found warning page.mdx:2:1 `openapi: "/swagger.json GET /users"` in "page.mdx" names "/swagger.json", which matches no OpenAPI file under the docs root: the platform finds a named spec by its path from the root with a leading slash ("/swagger.json") or by its file name without the extension ("swagger").',
    ]);
  });
});
