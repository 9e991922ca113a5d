import { describe, expect, it } from 'vitest';
import { graphqlSource } from '../../src/navigation/graphql.js';
import { graphqlRouteKey, parseGraphqlText } from '../../src/resolve/graphql.js';
import { resolveSite } from './site.js';

/**
 * A tab's GraphQL pages, as @mintlify/prebuild 1.0.1341 makes them (generateGraphqlDivisions,
 * @mintlify/scraping's parseGraphqlSdl): the cases of test/resolve/build-cases.ts hold what its
 * build serves; these hold the rest of a page (tag, description, deprecation, trail, hidden), the
 * value's reading, and what is said where the build fails.
 */

const SCHEMA = [
  '"The queries."\ntype Query {\n  "One user."\n  user(id: ID!): User\n  old: Int @deprecated(reason: "gone")\n}',
  'type Mutation {\n  addUser: User\n}',
  'type Subscription {\n  added: User\n}',
  '"A person."\ntype User {\n  id: ID!\n}',
  'enum Role {\n  ADMIN\n}',
  'scalar Date',
].join('\n\n');

const tabs = (...tab: unknown[]) => ({ navigation: { tabs: tab } });

describe('reading a graphql value as the platform does', () => {
  it.each([
    ['schema.graphql', 'schema.graphql', 'graphql-reference', []],
    [' /api/schema.graphql ', 'api/schema.graphql', 'graphql-reference', []],
    ['../../schema.graphql', 'schema.graphql', 'graphql-reference', []],
    [{ source: './a/../s.graphql', directory: ' /Ref/API/ ' }, 's.graphql', 'Ref/API', ['source']],
    [{ source: 'https://example.com/s.graphql', directory: '.' }, 'https://example.com/s.graphql', '', ['source']],
  ] as const)('%j: the schema %j, the pages under %j', (value, source, directory, at) => {
    expect(graphqlSource(value)).toEqual({ source, directory, at });
  });

  it.each([[''], ['  '], [5], [{ directory: 'x' }], [{ source: 'a', directory: ' ' }]])('%j names no schema', (value) => {
    expect(graphqlSource(value)).toBeUndefined();
  });

  it('collides routes as the platform does: case, NFC and backslashes', () => {
    expect(graphqlRouteKey('Ref\\types/Café')).toBe(graphqlRouteKey('ref/types/cafe\u0301'));
    expect(graphqlRouteKey('ref/types/a')).not.toBe(graphqlRouteKey('ref/types/b'));
    // Lower case, not upper: `ß` stays itself, where upper case would make it `SS` and collide with `ss`.
    expect(graphqlRouteKey('ref/types/Straße')).toBe('ref/types/straße');
    expect(graphqlRouteKey('ref/types/Straße')).not.toBe(graphqlRouteKey('ref/types/strasse'));
  });
});

describe('parsing a schema with graphql-js', () => {
  it('gives each root field and each named type but a scalar, with its tag, description and deprecation', () => {
    const result = parseGraphqlText('s.graphql', SCHEMA);
    expect(result.ok && result.reference).toStrictEqual({
      queries: [
        { name: 'old', tag: 'QUERY', deprecated: true },
        { name: 'user', tag: 'QUERY', description: 'One user.' },
      ],
      mutations: [{ name: 'addUser', tag: 'MUTATION' }],
      types: [
        { name: 'Role', tag: 'ENUM' },
        { name: 'User', tag: 'OBJECT', description: 'A person.' },
      ],
    });
  });

  it.each([
    ['a syntax error', 'type Query {', /Syntax Error/],
    ['an unknown type', 'type Query {\n  a: Nope\n}', /Unknown type "Nope"/],
    ['no query type', 'type User {\n  id: ID\n}', /Query root type must be provided/],
    ['a type nested past the parser’s stack', `type Query {\n  a: ${'['.repeat(200_000)}Int${']'.repeat(200_000)}\n}`, /nested too deep to parse/],
    [
      'an interface not implemented in full',
      'type Query {\n  a: A\n}\ninterface I {\n  x: Int\n}\ntype A implements I {\n  y: Int\n}',
      /Interface field I.x expected/,
    ],
  ])('refuses %s, with graphql-js’s message', (_name, text, message) => {
    const result = parseGraphqlText('s.graphql', text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(message);
    expect(!result.ok && result.message).toContain('the platform fails the build');
    // graphql-js's sentence inside docsnav's, without its full stop.
    expect(!result.ok && result.message).not.toMatch(/\.;/);
  });
});

describe('a tab’s GraphQL pages in the tree', () => {
  it('are endpoint pages after the tab’s own groups, in Queries, Mutations and Types, with tag, description and deprecation', async () => {
    const { tree, problems } = await resolveSite(tabs({ tab: 'API', graphql: 'schema.graphql', groups: [{ group: 'Intro', pages: ['index'] }] }), {
      'schema.graphql': SCHEMA,
      'index.mdx': '---\ntitle: Home\n---\n',
    });
    expect(problems).toEqual([]);
    expect(tree.pages.map((p) => [p.path, p.title, p.trail.map((t) => t.label).join(' > ')])).toEqual([
      ['index', 'Home', 'API > Intro'],
      ['graphql-reference/queries/old', 'old', 'API > Queries'],
      ['graphql-reference/queries/user', 'user', 'API > Queries'],
      ['graphql-reference/mutations/addUser', 'addUser', 'API > Mutations'],
      ['graphql-reference/types/Role', 'Role', 'API > Types'],
      ['graphql-reference/types/User', 'User', 'API > Types'],
    ]);
    const user = tree.pages.find((p) => p.path.endsWith('queries/user'))!;
    expect(user).toMatchObject({ kind: 'endpoint', tag: 'QUERY', description: 'One user.', graphql: { file: 'schema.graphql', kind: 'query', name: 'user' } });
    expect(tree.pages.find((p) => p.path.endsWith('queries/old'))!.deprecated).toBe(true);
    expect(tree.groups.filter((g) => g.generated).map((g) => g.label)).toEqual(['Queries', 'Mutations', 'Types']);
  });

  it('are hidden under a hidden tab, and in the language above the tab', async () => {
    const { tree } = await resolveSite(
      { navigation: { languages: [{ language: 'fr', tabs: [{ tab: 'API', hidden: true, graphql: { source: 's.graphql', directory: 'fr/gql' } }] }] } },
      { 's.graphql': 'type Query {\n  ping: Int\n}\n' },
    );
    expect(tree.pages.map((p) => [p.path, p.hidden, p.language])).toEqual([['fr/gql/queries/ping', true, 'fr']]);
  });

  it('one schema named by two tabs with one directory is one set of pages, and nothing is said', async () => {
    const { tree, problems } = await resolveSite(tabs({ tab: 'A', graphql: 's.graphql' }, { tab: 'B', graphql: { source: '/s.graphql' } }), {
      's.graphql': 'type Query {\n  ping: Int\n}\n',
    });
    expect(problems).toEqual([]);
    expect(tree.pages.map((p) => p.path)).toEqual(['graphql-reference/queries/ping', 'graphql-reference/queries/ping']);
  });

  it.each([
    ['two schemas with a page in common', tabs({ tab: 'A', graphql: 'a.graphql' }, { tab: 'B', graphql: 'b.graphql' }), '/navigation/tabs/1/graphql'],
    ['one schema with types differing in case', tabs({ tab: 'A', graphql: 'case.graphql' }), '/navigation/tabs/0/graphql'],
    [
      'one schema twice, in directories differing in case',
      tabs({ tab: 'A', graphql: 'a.graphql' }, { tab: 'B', graphql: { source: 'a.graphql', directory: 'GraphQL-Reference' } }),
      '/navigation/tabs/1/graphql/source',
    ],
  ])('%s: graphql-invalid, once, and no page at the contested URL', async (_name, docs, pointer) => {
    const { tree, problems } = await resolveSite(docs, {
      'a.graphql': 'type Query {\n  ping: Int\n}\n',
      'b.graphql': 'type Query {\n  ping: String\n}\n',
      'case.graphql': 'type Query {\n  a: User\n  b: user\n}\ntype User {\n  id: ID\n}\ntype user {\n  id: ID\n}\n',
    });
    expect(problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([['graphql-invalid', 'error', pointer]]);
    expect(problems[0].message).toMatch(/one URL to the platform, whose routes ignore case; it fails the build/);
    const paths = tree.pages.map((p) => p.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('a schema over the platform’s 5 MB is graphql-invalid', async () => {
    const big = `type Query {\n  ping: Int\n}\n${'# filler\n'.repeat(600_000)}`;
    const { tree, problems } = await resolveSite(tabs({ tab: 'A', graphql: 's.graphql' }), { 's.graphql': big });
    expect(problems.map((p) => p.code)).toEqual(['graphql-invalid']);
    expect(problems[0].message).toMatch(/over the platform's limit of 5 MB/);
    expect(tree.pages).toEqual([]);
  });

  it('an https schema is not fetched unless asked: openapi-remote, and no pages', async () => {
    const { tree, problems } = await resolveSite(tabs({ tab: 'A', graphql: 'https://example.com/s.graphql' }), {});
    expect(problems.map((p) => [p.code, p.severity])).toEqual([['openapi-remote', 'info']]);
    expect(problems[0].message).toMatch(/remote GraphQL schemas are fetched only with allowRemote/);
    expect(tree.pages).toEqual([]);
  });

  it('a missing schema is graphql-not-found; a folder is said as a folder', async () => {
    const missing = await resolveSite(tabs({ tab: 'A', graphql: 'nope.graphql' }), {});
    expect(missing.problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([['graphql-not-found', 'error', '/navigation/tabs/0/graphql']]);
    const folder = await resolveSite(tabs({ tab: 'A', graphql: { source: 'api' } }), { 'api/s.graphql': 'type Query {\n  a: Int\n}\n' });
    expect(folder.problems.map((p) => [p.code, p.pointer, p.message])).toEqual([
      ['graphql-not-found', '/navigation/tabs/0/graphql/source', '"api" is a folder, not a GraphQL schema file; the platform fails the build.'],
    ]);
  });

  it('a FIFO is said as what it is; `/` names the root, a folder', async () => {
    const fifo = await resolveSite(tabs({ tab: 'A', graphql: 'pipe.graphql' }), {}, { kinds: { 'pipe.graphql': 'a FIFO' } });
    expect(fifo.problems.map((p) => [p.code, p.message])).toEqual([
      ['graphql-not-found', '"pipe.graphql" is a FIFO, not a GraphQL schema file; the platform fails the build.'],
    ]);
    const root = await resolveSite(tabs({ tab: 'A', graphql: '/' }), {});
    expect(root.problems.map((p) => [p.code, p.message])).toEqual([
      ['graphql-not-found', '"/" is a folder, not a GraphQL schema file; the platform fails the build.'],
    ]);
  });

  it('a schema of exactly 5 MB is read; one byte more is graphql-invalid', async () => {
    const head = 'type Query {\n  ping: Int\n}\n';
    const exact = head + '#'.repeat(5 * 1024 * 1024 - head.length);
    expect((await resolveSite(tabs({ tab: 'A', graphql: 's.graphql' }), { 's.graphql': exact })).tree.pages.map((p) => p.path)).toEqual([
      'graphql-reference/queries/ping',
    ]);
    const over = await resolveSite(tabs({ tab: 'A', graphql: 's.graphql' }), { 's.graphql': `${exact}#` });
    expect(over.problems.map((p) => p.code)).toEqual(['graphql-invalid']);
  });

  it('a tab whose graphql the platform refuses (an http URL) generates nothing and reads nothing', async () => {
    const { tree, problems } = await resolveSite(tabs({ tab: 'A', graphql: 'http://example.com/s.graphql' }), {});
    expect(problems.map((p) => p.code)).toEqual(['invalid-value']);
    expect(tree.pages).toEqual([]);
  });

  it('a schema behind a symlink out of the root is path-outside-root, and not read', async () => {
    const { tree, problems } = await resolveSite(tabs({ tab: 'A', graphql: 'linked.graphql' }), {}, { kinds: { 'linked.graphql': 'outside-root' } });
    expect(problems.map((p) => [p.code, p.pointer])).toEqual([['path-outside-root', '/navigation/tabs/0/graphql']]);
    expect(tree.pages).toEqual([]);
  });

  it('a graphql on an element that is not a tab generates nothing', async () => {
    const { tree } = await resolveSite(
      { navigation: { anchors: [{ anchor: 'A', graphql: 's.graphql', pages: ['index'] }] } },
      {
        's.graphql': 'type Query {\n  ping: Int\n}\n',
        'index.mdx': '---\ntitle: Home\n---\n',
      },
    );
    expect(tree.pages.map((p) => p.path)).toEqual(['index']);
  });
});

describe('a GraphQL page and a generated OpenAPI page at one route', () => {
  // The platform fails the build (its routes ignore case): test/resolve/build-cases.ts holds the
  // cases its build was seen failing on. Under the spec profile, where paths clash only within a
  // section, the GraphQL page is written last and the other suffixed.
  const openapi = (summary: string) =>
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/u': { get: { tags: ['Queries'], summary, responses: { 200: { description: 'OK' } } } } },
    });
  const files = (summary: string) => ({ 'a.json': openapi(summary), 'schema.graphql': SCHEMA, 'index.mdx': '---\ntitle: Home\n---\n' });

  it('in another tab, at the route of a query: an error at the schema, naming both', async () => {
    const { problems } = await resolveSite(
      tabs({ tab: 'REST', openapi: { source: 'a.json', directory: 'graphql-reference' } }, { tab: 'API', graphql: 'schema.graphql' }),
      files('user'),
      { profile: 'platform' },
    );
    expect(problems.filter((p) => p.code !== 'missing-field').map((p) => `${p.severity} ${p.code} ${p.pointer} ${p.message}`)).toEqual([
      'error graphql-invalid /navigation/tabs/1/graphql The GraphQL page "graphql-reference/queries/user" (schema.graphql query user) and the OpenAPI page "graphql-reference/queries/user" (a.json GET /u, at /navigation/tabs/0/openapi/source) are one route to the platform, whose routes ignore case; it fails the build.',
    ]);
  });

  it.each([
    [
      'a channel page of an AsyncAPI spec (its tag and title)',
      { tab: 'WS', asyncapi: { source: 'ws.json', directory: 'graphql-reference' } },
      'AsyncAPI',
      'ws.json',
    ],
    [
      'an OpenAPI page (after an AsyncAPI spec elsewhere)',
      { tab: 'REST', openapi: { source: 'a.json', directory: 'graphql-reference' } },
      'OpenAPI',
      'a.json GET /u',
    ],
  ])('at the route of %s: the message names its kind', async (_name, tab, kind, owner) => {
    const ws = JSON.stringify({
      asyncapi: '3.0.0',
      info: { title: 'Events', version: '1' },
      channels: { user: { address: 'user', title: 'User', tags: [{ name: 'Queries' }] }, other: { address: 'other' } },
    });
    const { problems } = await resolveSite(
      tabs({ tab: 'Events', asyncapi: { source: 'ws.json', directory: 'events' } }, tab, { tab: 'API', graphql: 'schema.graphql' }),
      { ...files('user'), 'ws.json': ws },
      { profile: 'platform' },
    );
    const messages = problems.filter((p) => p.code === 'graphql-invalid').map((p) => p.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`(schema.graphql query user) and the ${kind} page "graphql-reference/queries/user" (${owner}`);
  });

  it('under the spec profile too, in another language (another section, where it keeps both paths): the same error', async () => {
    const { tree, problems } = await resolveSite(
      {
        navigation: {
          languages: [
            { language: 'en', tabs: [{ tab: 'REST', openapi: { source: 'a.json', directory: 'graphql-reference' } }] },
            { language: 'fr', tabs: [{ tab: 'API', graphql: 'schema.graphql' }] },
          ],
        },
      },
      files('user'),
      { profile: 'spec' },
    );
    expect(tree.pages.filter((p) => p.path === 'graphql-reference/queries/user')).toHaveLength(2);
    expect(problems.filter((p) => p.code === 'graphql-invalid').map((p) => `${p.severity} ${p.pointer}`)).toEqual([
      'error /navigation/languages/1/tabs/0/graphql',
    ]);
  });

  it('a page the author lists there changes nothing, and a page file at a GraphQL route, listed or not, fails the build too', async () => {
    const { problems } = await resolveSite(
      tabs(
        { tab: 'REST', openapi: { source: 'a.json', directory: 'graphql-reference' }, groups: [{ group: 'G', pages: ['graphql-reference/queries/user'] }] },
        { tab: 'API', graphql: 'schema.graphql' },
      ),
      { ...files('user'), 'graphql-reference/queries/user.mdx': '---\ntitle: Mine\n---\n', 'GraphQL-Reference/Types/USER.md': '# Not listed\n' },
      { profile: 'platform' },
    );
    // One finding at the schema: its pages' clashes with the operation's page and with the two page files.
    const messages = problems.filter((p) => p.code === 'graphql-invalid').map((p) => p.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('The GraphQL page "graphql-reference/queries/user" (schema.graphql query user) and the OpenAPI page');
    expect(messages[0]).toContain('The page file "GraphQL-Reference/Types/USER.md" is at the route of the GraphQL page "graphql-reference/types/User"');
    expect(messages[0]).toContain('The page file "graphql-reference/queries/user.mdx" is at the route of the GraphQL page "graphql-reference/queries/user"');
    // The page files in the order of their paths (code units: upper case first), not the listing's (the second was listed first).
    expect(messages[0].indexOf('"GraphQL-Reference/Types/USER.md"')).toBeLessThan(messages[0].indexOf('"graphql-reference/queries/user.mdx"'));
  });

  it('under the spec profile, in one section: the GraphQL page keeps the path, the operation is suffixed, and the reason is said', async () => {
    const { tree, problems } = await resolveSite(
      tabs({ tab: 'API', graphql: 'schema.graphql', groups: [{ group: 'REST', openapi: { source: 'a.json', directory: 'graphql-reference' } }] }),
      files('user'),
      { profile: 'spec' },
    );
    expect(tree.pages.filter((p) => p.path.startsWith('graphql-reference/queries/user')).map((p) => `${p.path} ${p.graphql ? 'graphql' : 'openapi'}`)).toEqual([
      'graphql-reference/queries/user-1 openapi',
      'graphql-reference/queries/user graphql',
    ]);
    expect(problems.filter((p) => p.code === 'slug-collision').map((p) => p.message)).toEqual([
      expect.stringContaining('a page of a GraphQL schema, which the platform writes after every OpenAPI and AsyncAPI page'),
    ]);
  });
});
