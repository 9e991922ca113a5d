/**
 * Small sites on which docsnav once disagreed with the platform's build (issue 65's eight causes,
 * each as a class), with what the build does: whether it passes, and the pages it serves (URL and
 * title, in navigation order). The same table is checked against the platform's own build
 * (test/build-cases.prebuild.corpus.test.ts, @mintlify/prebuild installed on demand) and against
 * docsnav (test/resolve/build-cases.test.ts: its tree holds the build's pages, and it reports the
 * errors and warnings written here), so the expectations are the build's, not docsnav's.
 */

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const HEAD = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Case', colors: { primary: '#0D9373' } };

/** A docs.json with this navigation. */
const docsJson = (navigation: unknown): string => JSON.stringify({ ...HEAD, navigation }, null, 2);

const page = (title: string) => `---\ntitle: ${title}\n---\n\n${title}.\n`;

/** An OpenAPI 3.0 spec (YAML) with one operation, `GET <route>`, summarised. */
const openapi = (route: string, summary: string, extra = '') =>
  `openapi: 3.0.3\ninfo:\n  title: API\n  version: "1"\npaths:\n  ${route}:\n    get:\n      summary: ${summary}\n${extra}      responses:\n        "200":\n          description: OK\n`;

/** The same operation in a Swagger 2.0 document. */
const swagger = (json: boolean) =>
  json
    ? JSON.stringify({
        swagger: '2.0',
        info: { title: 'S', version: '1' },
        paths: { '/users': { get: { summary: 'List users', responses: { 200: { description: 'OK' } } } } },
      })
    : 'swagger: "2.0"\ninfo:\n  title: S\n  version: "1"\npaths:\n  /users:\n    get:\n      summary: List users\n      responses:\n        "200":\n          description: OK\n';

/** A GraphQL schema with two queries and a type. */
const GRAPHQL = 'type Query {\n  users: [User]\n  user(id: ID!): User\n}\n\ntype User {\n  id: ID!\n  name: String\n}\n';

/** A GraphQL schema of every kind of type, its roots named in `schema`, names in mixed case. */
const GRAPHQL_KINDS = [
  'schema {\n  query: Root\n  mutation: Change\n  subscription: Events\n}',
  '"Everything one can ask."\ntype Root {\n  cherry: Int\n  "A fruit."\n  Banana: Role\n  apple(input: UserInput): SearchResult\n}',
  'type Change {\n  addUser(input: UserInput!): User @deprecated(reason: "use createUser")\n}',
  'type Events {\n  userAdded: User\n}',
  'scalar Date',
  'interface Node {\n  id: ID!\n}',
  '"A person."\ntype User implements Node {\n  id: ID!\n  born: Date\n}',
  'input UserInput {\n  name: String\n}',
  'enum Role {\n  ADMIN\n  MEMBER\n}',
  'union SearchResult = User',
].join('\n\n');

/** An AsyncAPI 3.0 spec with one channel. */
const asyncapi = 'asyncapi: 3.0.0\ninfo:\n  title: Events\n  version: "1"\nchannels:\n  chat:\n    title: Chat\n    address: /chat\n';

export interface BuildCase {
  name: string;
  /** The cause it belongs to (1-8), or 9: found by the rebuilt differential (bench/differential.mjs). */
  cause: number;
  files: Record<string, string>;
  /** Whether the platform's build passes. */
  builds: boolean;
  /**
   * The pages the build serves, `[url, title]` in navigation order (when it builds); a title of
   * `null` is either of two (the build's pick between `x.md` and `x.mdx` is a race).
   */
  pages?: Array<[string, string | null]>;
  /** What docsnav (default settings) reports: `severity code pointer` (the file, when not docs.json, before the pointer: `guide.mdx:`). */
  problems: string[];
  /** Why docsnav's tree does not hold the build's pages yet (its verdict and problems do agree): a known gap, said aloud. */
  treeGap?: string;
  /**
   * The build lists the entry of an operation that lost its URL to another page of the same
   * generation (each entry shows the page served there): `pages` holds those entries too, and
   * docsnav's tree holds them marked `lostTo`. Without it, pages marked `lostTo` are left out.
   */
  lostListed?: boolean;
}

export const BUILD_CASES: readonly BuildCase[] = [
  // 1. An empty name: the element fails; the array around it is dropped, or the build fails at the root.
  {
    name: 'an empty group name in a group at the root fails the build',
    cause: 1,
    files: { 'docs.json': docsJson({ groups: [{ group: 'A', pages: ['a', { group: '', pages: ['b'] }] }] }), 'a.mdx': page('A'), 'b.mdx': page('B') },
    builds: false,
    problems: ['error invalid-value /navigation/groups/0/pages/1/group'],
  },
  {
    name: 'an empty group name in a language drops the language’s groups (every page)',
    cause: 1,
    files: {
      'docs.json': docsJson({
        languages: [
          {
            language: 'en',
            groups: [
              { group: 'A', pages: ['a'] },
              { group: '', pages: ['b'] },
            ],
          },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [],
    problems: ['error invalid-value /navigation/languages/0/groups/1/group'],
  },
  {
    name: 'an empty anchor name in a version drops the version’s anchors',
    cause: 1,
    files: {
      'docs.json': docsJson({
        versions: [
          { version: 'v1', anchors: [{ anchor: '', pages: ['a'] }] },
          { version: 'v2', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/versions/0/anchors/0/anchor'],
  },
  {
    name: 'an empty tab name at the root fails the build',
    cause: 1,
    files: { 'docs.json': docsJson({ tabs: [{ tab: '', pages: ['a'] }] }), 'a.mdx': page('A') },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/tab'],
  },
  {
    name: 'an empty menu item name drops the tab’s menu',
    cause: 1,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', menu: [{ item: '', pages: ['a'] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/tabs/0/menu/0/item'],
  },
  {
    name: '`graphql` on a group (the platform refuses it there) fails the build at the root',
    cause: 1,
    files: { 'docs.json': docsJson({ groups: [{ group: 'A', graphql: 'schema.graphql', pages: ['a'] }] }), 'a.mdx': page('A') },
    builds: false,
    problems: ['error invalid-value /navigation/groups/0/graphql'],
  },
  {
    name: '`sdk` on an anchor drops the anchors of the tab above it',
    cause: 1,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', anchors: [{ anchor: 'A', sdk: { format: 'typedoc', source: 'x.json' }, pages: ['a'] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/tabs/0/anchors/0/sdk'],
  },

  // 2. A spec file the build does not take for a spec: naming it fails the build.
  {
    name: 'a Swagger 2.0 spec (JSON) named by a group’s openapi',
    cause: 2,
    files: { 'docs.json': docsJson({ groups: [{ group: 'A', openapi: 'swagger.json', pages: ['a'] }] }), 'a.mdx': page('A'), 'swagger.json': swagger(true) },
    builds: false,
    problems: ['error openapi-invalid /navigation/groups/0/openapi'],
  },
  {
    name: 'a Swagger 2.0 spec (YAML) named by an endpoint entry',
    cause: 2,
    files: { 'docs.json': docsJson({ groups: [{ group: 'A', pages: ['a', 'swagger.yaml GET /users'] }] }), 'a.mdx': page('A'), 'swagger.yaml': swagger(false) },
    builds: false,
    problems: ['error openapi-invalid /navigation/groups/0/pages/1'],
  },
  {
    name: 'an OpenAPI 3 spec whose extension is in capitals (API.YAML)',
    cause: 2,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'API', openapi: 'API.YAML' }] }), 'API.YAML': openapi('/users', 'List users') },
    builds: false,
    problems: ['error openapi-invalid /navigation/tabs/0/openapi'],
  },
  {
    name: 'an AsyncAPI spec whose extension is in capitals (EVENTS.YAML)',
    cause: 2,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'Events', asyncapi: 'EVENTS.YAML' }] }), 'EVENTS.YAML': asyncapi },
    builds: false,
    problems: ['error asyncapi-invalid /navigation/tabs/0/asyncapi'],
  },
  {
    name: 'a Swagger 2.0 spec named in a page’s front matter builds (the page keeps its title)',
    cause: 2,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'A', pages: ['a'] }] }),
      'a.mdx': '---\ntitle: A\nopenapi: /swagger.json GET /users\n---\n',
      'swagger.json': swagger(true),
    },
    builds: true,
    pages: [['a', 'A']],
    problems: ['warning openapi-not-found a.mdx:'],
  },

  // 3. A page file the build does not read: the page is listed with no content, titled from its path.
  {
    name: 'changelog.md and CHANGELOG.md (the platform’s own ignores), a changelog.mdx is read',
    cause: 3,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'A', pages: ['a', 'changelog', 'guide/CHANGELOG', 'notes/changelog'] }] }),
      'a.mdx': page('A'),
      'changelog.md': page('Release notes'),
      'guide/CHANGELOG.md': page('Guide notes'),
      'notes/changelog.mdx': page('MDX notes'),
    },
    builds: true,
    pages: [
      ['a', 'A'],
      ['changelog', 'Changelog'],
      ['guide/CHANGELOG', 'CHANGELOG'],
      ['notes/changelog', 'MDX notes'],
    ],
    problems: ['error page-not-found /navigation/groups/0/pages/1', 'error page-not-found /navigation/groups/0/pages/2'],
  },
  {
    name: '.md files named readme, license, contributing, contribute (any case, any folder); a readme.mdx is read',
    cause: 3,
    files: {
      'docs.json': docsJson({ pages: ['sub/readme', 'Sub/License', 'x/contribute', 'y/CONTRIBUTING', 'z/readme'] }),
      'sub/readme.md': page('R'),
      'Sub/License.md': page('L'),
      'x/contribute.md': page('C'),
      'y/CONTRIBUTING.md': page('C2'),
      'z/readme.mdx': page('Z'),
    },
    builds: true,
    pages: [
      ['sub/readme', 'Readme'],
      ['Sub/License', 'License'],
      ['x/contribute', 'Contribute'],
      ['y/CONTRIBUTING', 'CONTRIBUTING'],
      ['z/readme', 'Z'],
    ],
    problems: [
      'error page-not-found /navigation/pages/0',
      'error page-not-found /navigation/pages/1',
      'error page-not-found /navigation/pages/2',
      'error page-not-found /navigation/pages/3',
    ],
  },
  {
    name: 'a page under snippets/, under .github/ and in a folder .mintignore leaves out',
    cause: 3,
    files: {
      'docs.json': docsJson({ pages: ['a', 'snippets/s', '.github/g', 'drafts/d'] }),
      '.mintignore': 'drafts/\n',
      'a.mdx': page('A'),
      'snippets/s.mdx': page('Snippet'),
      '.github/g.mdx': page('Gh'),
      'drafts/d.mdx': page('Draft'),
    },
    builds: true,
    pages: [
      ['a', 'A'],
      ['snippets/s', 'S'],
      ['.github/g', 'G'],
      ['drafts/d', 'D'],
    ],
    problems: ['error page-not-found /navigation/pages/1', 'error page-not-found /navigation/pages/2', 'error page-not-found /navigation/pages/3'],
  },

  // 4. A menu item holds any division.
  {
    name: 'a menu item holding anchors (a missing page among them)',
    cause: 4,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'T', menu: [{ item: 'M', anchors: [{ anchor: 'X', pages: ['a', 'missing'] }] }] }] }), 'a.mdx': page('A') },
    builds: true,
    pages: [
      ['a', 'A'],
      ['missing', 'Missing'],
    ],
    problems: ['error page-not-found /navigation/tabs/0/menu/0/anchors/0/pages/1'],
  },
  {
    name: 'menu items holding versions, products, tabs, languages and dropdowns',
    cause: 4,
    files: {
      'docs.json': docsJson({
        products: [
          {
            product: 'P',
            menu: [
              { item: 'V', versions: [{ version: 'v1', groups: [{ group: 'G', pages: ['a'] }] }] },
              { item: 'Q', products: [{ product: 'Inner', pages: ['b'] }] },
              { item: 'T', tabs: [{ tab: 'Tab', pages: ['c'] }] },
              { item: 'L', languages: [{ language: 'fr', pages: ['d'] }] },
              { item: 'D', dropdowns: [{ dropdown: 'Drop', pages: ['e'] }] },
            ],
          },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
      'c.mdx': page('C'),
      'd.mdx': page('D'),
      'e.mdx': page('E'),
    },
    builds: true,
    pages: [
      ['a', 'A'],
      ['b', 'B'],
      ['c', 'C'],
      ['d', 'D'],
      ['e', 'E'],
    ],
    problems: [],
  },

  // 5. A generated page's summary is lost when the spec's path has a space.
  {
    name: 'pages generated (in bulk, by an entry) from a spec whose path has a space lose the summary; unicode, %20 and an x-mint title keep theirs',
    cause: 5,
    files: {
      'docs.json': docsJson({
        groups: [
          { group: 'A', openapi: 'api ref/o.yaml' },
          { group: 'B', openapi: 'spéc/o.yaml', pages: ['GET /items'] },
          { group: 'C', openapi: 'a%20b/o.yaml' },
          { group: 'D', openapi: 'api ref/e.yaml' },
          { group: 'E', openapi: 'api ref/p.yaml', pages: ['GET /people'] },
        ],
      }),
      'api ref/o.yaml': openapi('/users', 'List Users via API'),
      'spéc/o.yaml': openapi('/items', 'Get Items Now'),
      'a%20b/o.yaml': openapi('/things', 'Some Things'),
      'api ref/p.yaml': openapi('/people', 'List People Now'),
      'api ref/e.yaml': openapi('/orders', 'Order List', '      x-mint:\n        metadata:\n          title: Orders (from metadata)\n'),
    },
    builds: true,
    pages: [
      ['api-reference/list-users-via-api', 'List users via api'],
      ['api-reference/get-items-now', 'Get Items Now'],
      ['api-reference/some-things', 'Some Things'],
      ['api-reference/order-list', 'Orders (from metadata)'],
      ['api-reference/list-people-now', 'List people now'],
    ],
    problems: [],
  },

  // 6. An empty spec value: dropped on a group, fatal elsewhere (but the root, which strips it).
  {
    name: 'an empty asyncapi and a blank openapi on groups (dropped), an empty asyncapi on the root (stripped)',
    cause: 6,
    files: {
      'docs.json': docsJson({
        asyncapi: '',
        groups: [
          { group: 'A', asyncapi: '', pages: ['a'] },
          { group: 'B', openapi: '  ', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [
      ['a', 'A'],
      ['b', 'B'],
    ],
    problems: [
      'warning asyncapi-ignored /navigation/asyncapi',
      'warning invalid-value /navigation/asyncapi',
      'warning invalid-value /navigation/groups/0/asyncapi',
      'warning invalid-value /navigation/groups/1/openapi',
    ],
  },
  {
    name: 'an empty asyncapi on a tab fails the build',
    cause: 6,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'T', asyncapi: '', groups: [{ group: 'A', pages: ['a'] }] }] }), 'a.mdx': page('A') },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/asyncapi'],
  },
  {
    name: 'an empty entry beside a spec in a group’s asyncapi: the group’s whole asyncapi is dropped',
    cause: 6,
    files: { 'docs.json': docsJson({ groups: [{ group: 'A', asyncapi: ['events.yaml', ''], pages: ['a'] }] }), 'a.mdx': page('A'), 'events.yaml': asyncapi },
    builds: true,
    pages: [['a', 'A']],
    problems: ['error invalid-value /navigation/groups/0/asyncapi/1'],
  },

  // 7. A page with both an .md and an .mdx file: the build's pick is a race.
  {
    name: 'guide.md beside guide.mdx',
    cause: 7,
    files: { 'docs.json': docsJson({ pages: ['guide'] }), 'guide.md': page('From md'), 'guide.mdx': page('From mdx') },
    builds: true,
    pages: [['guide', null]],
    problems: ['warning slug-collision guide.mdx:'],
  },

  // 9. Found by the differential: empty arrays of divisions, and a language's own settings.
  {
    name: 'an empty tabs at the root fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [] }) },
    builds: false,
    problems: ['error invalid-value /navigation/tabs'],
  },
  {
    name: 'an empty versions beside pages at the root: the build uses the pages',
    cause: 9,
    files: { 'docs.json': docsJson({ pages: ['a'], versions: [] }), 'a.mdx': page('A') },
    builds: true,
    pages: [['a', 'A']],
    problems: ['warning invalid-value /navigation/versions', 'error primary-pattern /navigation/versions'],
  },
  {
    name: 'an empty languages beside pages in a tab: the tab keeps its pages',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'T', languages: [], pages: ['a'] }] }), 'a.mdx': page('A') },
    builds: true,
    pages: [['a', 'A']],
    problems: ['warning invalid-value /navigation/tabs/0/languages', 'error mixed-children /navigation/tabs/0/pages'],
  },
  {
    name: 'a language’s navbar the platform refuses drops the languages of the version holding it',
    cause: 9,
    files: {
      'docs.json': docsJson({
        versions: [
          {
            version: 'v1',
            languages: [
              { language: 'en', navbar: { primary: {} }, pages: ['a'] },
              { language: 'fr', pages: ['b'] },
            ],
          },
          { version: 'v2', pages: ['c'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
      'c.mdx': page('C'),
    },
    builds: true,
    pages: [['c', 'C']],
    problems: ['error missing-field /navigation/versions/0/languages/0/navbar/primary'],
  },
  // A malformed entry fails its array's form of the element: the platform keeps the next array, never the failed one.
  {
    name: 'a malformed tab beside pages in a dropdown: the dropdown keeps its pages',
    cause: 9,
    files: { 'docs.json': docsJson({ products: [{ product: 'P', dropdowns: [{ dropdown: 'D', pages: ['a'], tabs: [{}] }] }] }), 'a.mdx': page('A') },
    builds: true,
    pages: [['a', 'A']],
    problems: ['error mixed-children /navigation/products/0/dropdowns/0/tabs', 'error missing-field /navigation/products/0/dropdowns/0/tabs/0'],
  },
  {
    name: 'a malformed version beside pages at the root: the build uses the pages',
    cause: 9,
    files: { 'docs.json': docsJson({ pages: ['a'], versions: [{}] }), 'a.mdx': page('A') },
    builds: true,
    pages: [['a', 'A']],
    problems: ['error primary-pattern /navigation/versions', 'error missing-field /navigation/versions/0'],
  },
  {
    name: 'a malformed group beside an empty pages at the root: the build uses the pages (none)',
    cause: 9,
    files: { 'docs.json': docsJson({ groups: [{ pages: ['a'] }], pages: [] }), 'a.mdx': page('A') },
    builds: true,
    pages: [],
    problems: ['error missing-field /navigation/groups/0', 'error primary-pattern /navigation/pages'],
  },
  {
    name: 'a malformed version beside a malformed group at the root fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ groups: [{ pages: ['a'] }], versions: [{}] }), 'a.mdx': page('A') },
    builds: false,
    problems: ['error missing-field /navigation/groups/0', 'error primary-pattern /navigation/versions', 'error missing-field /navigation/versions/0'],
  },
  // A group without pages is sound on the platform: its schema defaults them to none.
  {
    name: 'a group without pages beside a group with pages in a tab: the tab keeps both',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'T', groups: [{ group: 'A', pages: ['a'] }, { group: 'B' }] }] }), 'a.mdx': page('A') },
    builds: true,
    pages: [['a', 'A']],
    problems: ['error missing-field /navigation/tabs/0/groups/1'],
  },
  {
    name: 'a group without pages beside pages at the root: the groups are sound, so the build uses them (no page)',
    cause: 9,
    files: { 'docs.json': docsJson({ groups: [{ group: 'G' }], pages: ['a'] }), 'a.mdx': page('A') },
    builds: true,
    pages: [],
    problems: ['error missing-field /navigation/groups/0', 'error primary-pattern /navigation/pages'],
  },
  {
    name: 'a group without pages beside a dropdown without its name at the root: the build uses the groups (no page)',
    cause: 9,
    files: { 'docs.json': docsJson({ groups: [{ group: 'G' }], dropdowns: [{ openapi: 'openapi.yaml' }] }), 'openapi.yaml': openapi('/users', 'List users') },
    builds: true,
    pages: [],
    problems: ['error missing-field /navigation/groups/0', 'error missing-field /navigation/dropdowns/0', 'error primary-pattern /navigation/dropdowns'],
  },
  {
    name: 'a root language’s refused banner beside tabs: the build drops the languages and uses the tabs',
    cause: 9,
    files: {
      'docs.json': docsJson({ tabs: [{ tab: 'A', pages: ['a'] }], languages: [{ language: 'de', banner: { content: 1 }, pages: ['z'] }] }),
      'a.mdx': page('A'),
      'z.mdx': page('Z'),
    },
    builds: true,
    pages: [['a', 'A']],
    problems: ['error primary-pattern /navigation/languages', 'error invalid-type /navigation/languages/0/banner/content'],
  }, // `products` and `dropdowns` may be empty (no min(1) in the platform's schema): sound, and kept as any other array.
  {
    name: 'an empty products at the root builds (a site of no page)',
    cause: 9,
    files: { 'docs.json': docsJson({ products: [] }), 'a.mdx': page('A') },
    builds: true,
    pages: [],
    problems: [],
  },
  {
    name: 'an empty products beside pages in a tab: the platform keeps the products (no page)',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'T', products: [], pages: ['a'] }] }), 'a.mdx': page('A') },
    builds: true,
    pages: [],
    problems: ['error mixed-children /navigation/tabs/0/pages'],
  },
  {
    name: 'an empty dropdowns beside pages at the root: the platform keeps the dropdowns (no page)',
    cause: 9,
    files: { 'docs.json': docsJson({ dropdowns: [], pages: ['a'] }), 'a.mdx': page('A') },
    builds: true,
    pages: [],
    problems: ['error primary-pattern /navigation/pages'],
  },
  // A group's root is a non-empty page path on the platform.
  {
    name: 'an empty root on a group at the root fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ groups: [{ group: 'API', root: '', pages: ['a'] }] }), 'a.mdx': page('A') },
    builds: false,
    problems: ['error invalid-value /navigation/groups/0/root'],
  },
  {
    name: 'an empty root on a group in a tab drops the tab’s groups',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', groups: [{ group: 'G', root: '', pages: ['a'] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/tabs/0/groups/0/root'],
  }, // A global link's href and a global language's own settings are checked by the platform's schema: no form falls back.
  {
    name: 'a global version whose href is a bare relative path fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ global: { versions: [{ version: 'v2', href: 'guides/x' }] }, pages: ['a'] }), 'a.mdx': page('A') },
    builds: false,
    problems: ['error invalid-value /navigation/global/versions/0/href', 'error link-not-found /navigation/global/versions/0/href'],
  },
  {
    name: 'a global language whose banner colour is no hex colour fails the build',
    cause: 9,
    files: {
      'docs.json': docsJson({
        global: { languages: [{ language: 'fr', href: 'https://fr.example.com', banner: { content: 'x', color: { dark: 'text' } } }] },
        pages: ['a'],
      }),
      'a.mdx': page('A'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/global/languages/0/banner/color/dark'],
  },
  {
    name: 'a global version of a tab with an empty href fails the tab, and the tabs at the root: the build fails',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', global: { versions: [{ version: 'v2', href: '' }] }, pages: ['a'] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/global/versions/0/href'],
  },
  {
    name: 'a global dropdown with an https URL and one with a path from the root build',
    cause: 9,
    files: {
      'docs.json': docsJson({
        global: {
          dropdowns: [
            { dropdown: 'Site', href: 'https://example.com/a b' },
            { dropdown: 'Home', href: '/a' },
          ],
        },
        pages: ['a'],
      }),
      'a.mdx': page('A'),
    },
    builds: true,
    pages: [['a', 'A']],
    problems: [],
  },
  // A tab that generates its pages (sdk, graphql) is strict: any other key fails it.
  {
    name: 'a tab with sdk and an href fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'Docs', sdk: { format: 'typedoc', source: 'sdk/typedoc.json' }, href: 'https://example.com' }] }) },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/href'],
  },
  {
    name: 'a tab with graphql and a global fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'API', graphql: 'schema.graphql', global: {} }] }), 'schema.graphql': GRAPHQL },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/global'],
  },
  {
    name: 'a tab with sdk and a key the platform knows nowhere, beside another tab, fails the build',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'Docs', sdk: { format: 'typedoc', source: 'sdk/typedoc.json' }, bogus: 1 },
          { tab: 'U', pages: ['a'] },
        ],
      }),
      'a.mdx': page('A'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/bogus'],
  },
  {
    name: 'a tab with graphql, an icon and groups builds (its pages generated from the schema)',
    cause: 9,
    files: {
      'docs.json': docsJson({ tabs: [{ tab: 'API', graphql: 'schema.graphql', icon: 'code', groups: [{ group: 'G', pages: ['a'] }] }] }),
      'schema.graphql': GRAPHQL,
      'a.mdx': page('A'),
    },
    builds: true,
    pages: [
      ['a', 'A'],
      ['graphql-reference/queries/user', 'user'],
      ['graphql-reference/queries/users', 'users'],
      ['graphql-reference/types/User', 'User'],
    ],
    problems: [],
  },
  // A tab's GraphQL pages: read with graphql-js, as the platform reads them (src/resolve/graphql.ts).
  {
    name: 'a GraphQL schema of every kind: roots named in `schema`, mutations, no scalar, names sorted as the platform sorts them, a directory with capitals',
    cause: 9,
    files: {
      'docs.json': docsJson({ tabs: [{ tab: 'API', graphql: { source: '/api/schema.graphql', directory: '/GraphQL/Ref/' } }] }),
      'api/schema.graphql': GRAPHQL_KINDS,
    },
    builds: true,
    pages: [
      ['GraphQL/Ref/queries/apple', 'apple'],
      ['GraphQL/Ref/queries/Banana', 'Banana'],
      ['GraphQL/Ref/queries/cherry', 'cherry'],
      ['GraphQL/Ref/mutations/addUser', 'addUser'],
      ['GraphQL/Ref/types/Node', 'Node'],
      ['GraphQL/Ref/types/Role', 'Role'],
      ['GraphQL/Ref/types/SearchResult', 'SearchResult'],
      ['GraphQL/Ref/types/User', 'User'],
      ['GraphQL/Ref/types/UserInput', 'UserInput'],
    ],
    problems: [],
  },
  {
    name: 'a GraphQL schema path that climbs is read at the docs root, as the platform resolves it',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'API', graphql: ' ../schema.graphql ' }] }), 'schema.graphql': GRAPHQL },
    builds: true,
    pages: [
      ['graphql-reference/queries/user', 'user'],
      ['graphql-reference/queries/users', 'users'],
      ['graphql-reference/types/User', 'User'],
    ],
    problems: [],
  },
  {
    name: 'a missing GraphQL schema fails the build',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'API', graphql: 'schema.gql' },
          { tab: 'T', pages: ['a'] },
        ],
      }),
      'a.mdx': page('A'),
    },
    builds: false,
    problems: ['error graphql-not-found /navigation/tabs/0/graphql'],
  },
  {
    name: 'a GraphQL schema with a syntax error fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'API', graphql: { source: 'schema.graphql' } }] }), 'schema.graphql': 'type Query {\n  user: User\n' },
    builds: false,
    problems: ['error graphql-invalid /navigation/tabs/0/graphql/source'],
  },
  {
    name: 'a GraphQL schema naming a type it does not define fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'API', graphql: 'schema.graphql' }] }), 'schema.graphql': 'type Query {\n  user: Account\n}\n' },
    builds: false,
    problems: ['error graphql-invalid /navigation/tabs/0/graphql'],
  },
  {
    name: 'a GraphQL schema with no Query type fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'API', graphql: 'schema.graphql' }] }), 'schema.graphql': 'type User {\n  id: ID!\n}\n' },
    builds: false,
    problems: ['error graphql-invalid /navigation/tabs/0/graphql'],
  },
  {
    name: 'two GraphQL types whose names differ only in case fail the build (one route to the platform)',
    cause: 9,
    files: {
      'docs.json': docsJson({ tabs: [{ tab: 'API', graphql: 'schema.graphql' }] }),
      'schema.graphql': 'type Query {\n  a: User\n  b: user\n}\n\ntype User {\n  id: ID\n}\n\ntype user {\n  id: ID\n}\n',
    },
    builds: false,
    problems: ['error graphql-invalid /navigation/tabs/0/graphql'],
  },
  {
    name: 'two GraphQL schemas with a name in common, in one directory, fail the build',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'A', graphql: 'schema.graphql' },
          { tab: 'B', graphql: 'other.graphql' },
        ],
      }),
      'schema.graphql': GRAPHQL,
      'other.graphql': 'type Query {\n  user: ID\n}\n',
    },
    builds: false,
    problems: ['error graphql-invalid /navigation/tabs/1/graphql'],
  },
  {
    name: 'one GraphQL schema named by two tabs builds (one set of pages, in both tabs)',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'A', graphql: 'schema.graphql' },
          { tab: 'B', graphql: { source: 'schema.graphql' } },
        ],
      }),
      'schema.graphql': 'type Query {\n  ping: String\n}\n',
    },
    builds: true,
    pages: [
      ['graphql-reference/queries/ping', 'ping'],
      ['graphql-reference/queries/ping', 'ping'],
    ],
    problems: [],
  },
  // An endpoint entry that names its spec file: its page goes in the directory of the scope it is in, and the bulk pages are still made.
  {
    name: 'entries naming their spec files take the directory in scope, and every openapi in scope still generates its pages',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          {
            tab: 'T',
            openapi: { source: 'a.yaml', directory: 'outer' },
            groups: [
              { group: 'Names the outer spec', openapi: 'b.yaml', pages: ['a.yaml GET /a'] },
              { group: 'Names another spec', openapi: { source: 'c.yaml', directory: 'inner' }, pages: ['/b.yaml GET /b'] },
            ],
          },
        ],
      }),
      'a.yaml': openapi('/a', 'A'),
      'b.yaml': openapi('/b', 'B'),
      'c.yaml': openapi('/c', 'C'),
    },
    builds: true,
    pages: [
      ['api-reference/a', 'A'],
      ['api-reference/b', 'B'],
      ['inner/b', 'B'],
      ['inner/c', 'C'],
      ['outer/a', 'A'],
    ],
    problems: [],
  },
  // Inside a generated group, a clash takes the first suffix no earlier page has: a later page's own path is not looked ahead at.
  {
    name: 'summaries "Thing", "Thing", "Thing 1": thing, thing-1, thing-1-1',
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'o.json' }] }),
      'o.json': JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'API', version: '1' },
        paths: {
          '/a': { get: { summary: 'Thing', responses: { 200: { description: 'OK' } } } },
          '/b': { get: { summary: 'Thing', responses: { 200: { description: 'OK' } } } },
          '/c': { get: { summary: 'Thing 1', responses: { 200: { description: 'OK' } } } },
          '/d': { get: { summary: 'Thing', responses: { 200: { description: 'OK' } } } },
        },
      }),
    },
    builds: true,
    pages: [
      ['api-reference/thing', 'Thing'],
      ['api-reference/thing-1', 'Thing'],
      ['api-reference/thing-1-1', 'Thing 1'],
      ['api-reference/thing-2', 'Thing'],
    ],
    problems: ['warning slug-collision /navigation/groups/0/openapi'],
  },
  // An openapi `directory` written empty (or blank) is no folder: the pages go at the root.
  {
    name: 'an openapi object with an empty directory puts its pages at the root; a blank one and `.` too',
    cause: 9,
    files: {
      'docs.json': docsJson({
        groups: [
          { group: 'G', pages: [{ group: 'Inner', openapi: { source: 'api/spec.yaml', directory: '' } }] },
          { group: 'H', openapi: { source: 'api/other.yaml', directory: '  ' } },
          { group: 'I', openapi: { source: 'api/third.yaml', directory: '.' } },
        ],
      }),
      'api/spec.yaml': openapi('/health', 'Get a user'),
      'api/other.yaml': openapi('/other', 'Other one'),
      'api/third.yaml': openapi('/third', 'Third one'),
    },
    builds: true,
    pages: [
      ['get-a-user', 'Get a user'],
      ['other-one', 'Other one'],
      ['third-one', 'Third one'],
    ],
    problems: [],
  },
  // An icon written with Font Awesome's `fa-` prefix fails the element.
  {
    name: 'a group icon written `fa-book` fails the build at the root',
    cause: 9,
    files: { 'docs.json': docsJson({ groups: [{ group: 'G', icon: 'fa-book', pages: ['a'] }] }), 'a.mdx': page('A') },
    builds: false,
    problems: ['error invalid-value /navigation/groups/0/icon'],
  },
  {
    name: 'an anchor icon object named `fa-book` drops the anchors of the tab above it; `book` and `fab-x` are sound',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', anchors: [{ anchor: 'A', icon: { name: 'fa-book', style: 'solid' }, pages: ['a'] }] },
          { tab: 'U', icon: 'fab-x', groups: [{ group: 'G', icon: { name: 'book' }, pages: ['b'] }] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/tabs/0/anchors/0/icon/name'],
  },
  // A spec with nothing to generate: only `3.0.0` and `3.1.0` written exactly fail the bulk generation.
  {
    name: 'a group’s spec written 3.0.0 with no paths fails the build',
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'o.yaml', pages: ['a'] }] }),
      'o.yaml': 'openapi: 3.0.0\ninfo:\n  title: API\n  version: "1"\npaths: {}\n',
      'a.mdx': page('A'),
    },
    builds: false,
    problems: ['error openapi-invalid /navigation/groups/0/openapi'],
  },
  {
    name: 'a spec written 3.1.0 with neither paths nor webhooks fails the build, and so does one written 3.0.3 without paths (3.0 requires them)',
    cause: 9,
    files: {
      'docs.json': docsJson({
        groups: [
          { group: 'Empty', openapi: 'empty.yaml', pages: ['a'] },
          { group: 'Hooks', openapi: 'hooks.yaml' },
          { group: 'Other', openapi: 'other.yaml', pages: ['b'] },
        ],
      }),
      'empty.yaml': 'openapi: 3.1.0\ninfo:\n  title: API\n  version: "1"\n',
      'hooks.yaml':
        'openapi: 3.1.0\ninfo:\n  title: API\n  version: "1"\nwebhooks:\n  added:\n    post:\n      summary: Added\n      responses:\n        "200":\n          description: OK\n',
      'other.yaml': 'openapi: 3.0.3\ninfo:\n  title: API\n  version: "1"\n',
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: false,
    problems: [
      'error openapi-invalid /navigation/groups/0/openapi',
      'error openapi-invalid /navigation/groups/2/openapi',
      'warning openapi-warning /navigation/groups/0/openapi',
    ],
  },
  {
    name: 'a spec written 3.0.3 with empty paths and one written 3.1.0 with webhooks only build',
    cause: 9,
    files: {
      'docs.json': docsJson({
        groups: [
          { group: 'Hooks', openapi: 'hooks.yaml' },
          { group: 'Other', openapi: 'other.yaml', pages: ['b'] },
        ],
      }),
      'hooks.yaml':
        'openapi: 3.1.0\ninfo:\n  title: API\n  version: "1"\nwebhooks:\n  added:\n    post:\n      summary: Added\n      responses:\n        "200":\n          description: OK\n',
      'other.yaml': 'openapi: 3.0.3\ninfo:\n  title: API\n  version: "1"\npaths: {}\n',
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [
      ['api-reference/added', 'Added'],
      ['b', 'B'],
    ],
    problems: [],
  },
  // An `openapi` of `/` or `./` names the docs root: the platform reads nothing from it, and builds.
  {
    name: 'an openapi of `/` on a group or `./` on a tab names nothing, and the build passes',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', groups: [{ group: 'G', openapi: '/', pages: ['a'] }] },
          { tab: 'U', openapi: './', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [
      ['a', 'A'],
      ['b', 'B'],
    ],
    problems: ['warning openapi-not-found /navigation/tabs/0/groups/0/openapi', 'warning openapi-not-found /navigation/tabs/1/openapi'],
  },
  // An endpoint entry whose scope's only spec is the docs root: no spec, as with none in scope (differential seed 12,000,000).
  {
    name: 'an endpoint entry under an openapi of `/` is served as a page of its own name, as with no spec in scope',
    cause: 9,
    files: {
      'docs.json': docsJson({
        dropdowns: [{ dropdown: 'D', openapi: '/', versions: [{ version: 'A', pages: ['a', 'PUT /items/{itemId}/tags'] }] }],
      }),
      'a.mdx': page('A'),
    },
    builds: true,
    pages: [
      ['a', 'A'],
      ['PUT /items/{itemId}/tags', 'Tags'],
    ],
    problems: ['warning openapi-not-found /navigation/dropdowns/0/openapi', 'error endpoint-no-spec /navigation/dropdowns/0/versions/0/pages/1'],
    treeGap:
      "by design (the differential's endpoint-listed-as-page): the build lists the entry as a page with no file behind it; docsnav's tree has no page for an entry that names none, and reports it (endpoint-no-spec)",
  },
  // A `sourceRef` entry is held to its one key (differential seed 20,000,000, site 20003029, there through a `$ref`).
  {
    name: 'a `sourceRef` entry with another key at the root fails the build',
    cause: 9,
    files: {
      'docs.json': docsJson({ pages: [{ $ref: './parts/ref.json', hidden: true }, 'a'] }),
      'parts/ref.json': JSON.stringify({ sourceRef: 'acme/docs' }),
      'a.mdx': page('A'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/pages/0/hidden'],
  },
  {
    name: 'a `sourceRef` entry with another key in a tab, deep down, fails the build too',
    cause: 9,
    files: {
      'docs.json': docsJson({
        anchors: [
          {
            anchor: 'A',
            tabs: [
              { tab: 'T', pages: [{ sourceRef: 'acme/docs', hidden: true }, 'a'] },
              { tab: 'U', pages: ['b'] },
            ],
          },
          { anchor: 'B', pages: [{ sourceRef: 'acme/other' }, 'c'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
      'c.mdx': page('C'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/anchors/0/tabs/0/pages/0/hidden'],
  },
  {
    name: "a `sourceRef` entry with an element's own name key beside it fails the build too",
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { sourceRef: 'acme/x', tab: 'T', pages: ['a'] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/tab', 'error invalid-value /navigation/tabs/0/pages'],
  },
  // A global anchor's href: the platform takes any string `URL` parses (differential seed 30,000,000, sites 30007313 and 30008527).
  {
    name: "a script URL as a dropdown's global anchor builds, the pages around it kept: a warning",
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', dropdowns: [{ dropdown: 'D', global: { anchors: [{ anchor: 'B', href: 'javascript:alert(1)' }] }, pages: ['a'] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [
      ['a', 'A'],
      ['b', 'B'],
    ],
    problems: ['warning external-href /navigation/tabs/0/dropdowns/0/global/anchors/0/href'],
  },
  {
    name: "a relative path as a tab's anchor's global anchor drops the tab's anchors",
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', anchors: [{ anchor: 'A', global: { anchors: [{ anchor: 'B', href: 'guides/p1' }] }, pages: ['a'] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: [
      'error external-href /navigation/tabs/0/anchors/0/global/anchors/0/href',
      'error link-not-found /navigation/tabs/0/anchors/0/global/anchors/0/href',
    ],
  },
  {
    name: 'a relative path as a global anchor at the root fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ global: { anchors: [{ anchor: 'B', href: 'guides/p1' }] }, pages: ['a'] }), 'a.mdx': page('A') },
    builds: false,
    problems: ['error external-href /navigation/global/anchors/0/href', 'error link-not-found /navigation/global/anchors/0/href'],
  },
  // The platform's sourceRefSchema is any non-empty string (a mount path, not "owner/repo").
  {
    name: 'a `sourceRef` of one word, or of three parts, builds: the entry stands for another source, the pages beside it stay',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', groups: [{ group: 'G', pages: ['a', { sourceRef: 'x' }, { sourceRef: 'a/b/c' }] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [
      ['a', 'A'],
      ['b', 'B'],
    ],
    problems: [],
  },
  {
    name: 'an empty `sourceRef` fails the build',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', groups: [{ group: 'G', pages: ['a', { sourceRef: '' }] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/groups/0/pages/1/sourceRef'],
  },
  {
    name: 'a `sourceRef` that is no string makes the entry an element: the array it is in is dropped',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', groups: [{ group: 'G', pages: ['a', { sourceRef: 5 }] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-type /navigation/tabs/0/groups/0/pages/1/sourceRef'],
  },
  {
    // Differential seed 20,000,000, site 20007270: the anchor's group generates in the second round (its
    // anchor's own generation is awaited first), after the language's in the first.
    name: "an anchor's own openapi pages and a later language's page at the same URL: the build serves the anchor's",
    cause: 9,
    files: {
      'docs.json': docsJson({
        anchors: [
          { anchor: 'Blog', openapi: '/openapi.json', versions: [{ version: 'version B', groups: [{ group: 'Guides', openapi: 'openapi.json' }] }] },
          { anchor: 'Blog', languages: [{ language: 'fr-CA', openapi: ['openapi.yaml'] }] },
        ],
      }),
      'openapi.json': JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'J', version: '1' },
        paths: {
          '/users': {
            get: { responses: { 200: { description: 'OK' } }, summary: 'Ünïcode summary', 'x-excluded': true },
            post: { responses: { 200: { description: 'OK' } }, summary: 'get users' },
          },
          '/users/{id}': { get: { responses: { 200: { description: 'OK' } }, summary: 'Create user' } },
          '/Orders': { patch: { responses: { 200: { description: 'OK' } } } },
        },
      }),
      'openapi.yaml':
        'openapi: 3.1.0\ninfo:\n  title: Y\n  version: "1"\npaths:\n  /users:\n    get:\n      responses:\n        "200":\n          description: OK\n      tags:\n        - Admin\n  /users/{id}:\n    get:\n      responses:\n        "200":\n          description: OK\n      x-hidden: true\n  /items/{itemId}/tags:\n    put:\n      responses:\n        "200":\n          description: OK\n      summary: Create user\n      description: Does the thing.\n',
    },
    builds: true,
    pages: [
      ['api-reference/get-users', 'get users'],
      ['api-reference/create-user', 'Create user'],
      ['api-reference/patch-orders', 'Patch orders'],
      ['api-reference/get-users', 'get users'],
      ['api-reference/create-user', 'Create user'],
      ['api-reference/patch-orders', 'Patch orders'],
      ['api-reference/admin/get-users', 'Get users'],
      ['api-reference/create-user', 'Create user'],
    ],
    problems: ['warning slug-collision /navigation/anchors/1/languages/0/openapi/0'],
    lostListed: true,
  },
  // Differential seed 40,000,000, site 40008314: white space around a page path is part of its URL on the platform.
  {
    name: "a group's root and an entry of its pages that differ by a space are two pages",
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'G', root: 'p4', pages: [' p4', 'x'] }] }),
      'p4.mdx': page('P4'),
      'x.mdx': page('X'),
    },
    builds: true,
    pages: [
      ['p4', 'P4'],
      [' p4', ' p4'],
      ['x', 'X'],
    ],
    problems: ['error page-path /navigation/groups/0/pages/0'],
  },
  {
    name: "a group's root and an entry of its pages that differ by an extension are two pages",
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'G', root: 'p4', pages: ['p4.mdx', 'x'] }] }),
      'p4.mdx': page('P4'),
      'x.mdx': page('X'),
    },
    builds: true,
    pages: [
      ['p4', 'P4'],
      ['p4.mdx', 'P4.mdx'],
      ['x', 'X'],
    ],
    problems: ['error page-path /navigation/groups/0/pages/0'],
  },
  // A GraphQL page at the route of an OpenAPI or AsyncAPI page fails the build (prebuild's assertNoGeneratedRouteCollisions),
  // wherever the two are in the navigation and whatever the case of the two paths.
  {
    name: "an OpenAPI page generated at a GraphQL query's route fails the build",
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'REST', openapi: { source: 'a.yaml', directory: 'graphql-reference' } },
          { tab: 'API', graphql: 'schema.graphql' },
        ],
      }),
      'a.yaml': openapi('/u', 'User', '      tags: [Queries]\n'),
      'schema.graphql': GRAPHQL,
    },
    builds: false,
    problems: ['error graphql-invalid /navigation/tabs/1/graphql'],
  },
  {
    name: "an endpoint entry at a GraphQL type's route, in another case, after the schema's tab, fails the build",
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'API', graphql: 'schema.graphql' },
          { tab: 'REST', openapi: { source: 'a.yaml', directory: 'graphql-reference' }, groups: [{ group: 'G', pages: ['GET /u'] }] },
        ],
      }),
      'a.yaml': openapi('/u', 'User', '      tags: [Types]\n'),
      'schema.graphql': GRAPHQL,
    },
    builds: false,
    problems: ['error graphql-invalid /navigation/tabs/0/graphql'],
  },
  {
    name: "an AsyncAPI channel at a GraphQL query's route fails the build",
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'API', graphql: { source: 'schema.graphql', directory: 'ref' } },
          { tab: 'Events', asyncapi: { source: 'events.yaml', directory: 'ref' } },
        ],
      }),
      'events.yaml':
        'asyncapi: 3.0.0\ninfo:\n  title: Events\n  version: "1"\nchannels:\n  user:\n    title: User\n    address: /user\n    tags:\n      - name: Queries\n',
      'schema.graphql': GRAPHQL,
    },
    builds: false,
    problems: ['error graphql-invalid /navigation/tabs/0/graphql/source'],
  },
  {
    name: "an OpenAPI page at a GraphQL query's route fails the build, though the author lists a page there",
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'REST', openapi: { source: 'a.yaml', directory: 'graphql-reference' }, groups: [{ group: 'G', pages: ['graphql-reference/queries/user'] }] },
          { tab: 'API', graphql: 'schema.graphql' },
        ],
      }),
      'a.yaml': openapi('/u', 'User', '      tags: [Queries]\n'),
      'schema.graphql': GRAPHQL,
      'graphql-reference/queries/user.mdx': page('Mine'),
    },
    builds: false,
    // The author's file replaces the operation's page (the info), but the build fails before it is served.
    problems: ['error graphql-invalid /navigation/tabs/1/graphql', 'info slug-collision /navigation/tabs/0/openapi/source'],
  },
  {
    name: "a page file no entry lists, at a GraphQL type's route in another case, fails the build",
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'Guides', groups: [{ group: 'G', pages: ['index'] }] },
          { tab: 'API', graphql: 'schema.graphql' },
        ],
      }),
      'index.mdx': page('Home'),
      'schema.graphql': GRAPHQL,
      'GraphQL-Reference/Types/USER.mdx': page('Mine'),
    },
    builds: false,
    problems: ['error graphql-invalid /navigation/tabs/1/graphql'],
  },
  {
    name: 'an OpenAPI page beside, not at, a GraphQL route builds: both served',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'REST', openapi: { source: 'a.yaml', directory: 'graphql-reference' } },
          { tab: 'API', graphql: 'schema.graphql' },
        ],
      }),
      'a.yaml': openapi('/u', 'One user', '      tags: [Queries]\n'),
      'schema.graphql': GRAPHQL,
    },
    builds: true,
    pages: [
      ['graphql-reference/queries/one-user', 'One user'],
      ['graphql-reference/queries/user', 'user'],
      ['graphql-reference/queries/users', 'users'],
      ['graphql-reference/types/User', 'User'],
    ],
    problems: [],
  },
  // The rounds of bulk generation (src/resolve/page-urls.ts WriteOrder.round): two specs whose one operation
  // wants api-reference/list-items, titled "List items" and "list items", so the title tells which was written last.
  {
    name: 'two anchors that generate in the same round: the later in the navigation is served',
    cause: 9,
    files: {
      'docs.json': docsJson({
        anchors: [
          { anchor: 'A', openapi: 'a.yaml' },
          { anchor: 'B', languages: [{ language: 'fr', openapi: 'b.yaml' }] },
        ],
      }),
      'a.yaml': openapi('/x', 'List items'),
      'b.yaml': openapi('/x', 'list items'),
    },
    builds: true,
    pages: [
      ['api-reference/list-items', 'list items'],
      ['api-reference/list-items', 'list items'],
    ],
    problems: ['warning slug-collision /navigation/anchors/0/openapi'],
    lostListed: true,
  },
  {
    name: "a group below an anchor that generates writes in the next round: it is served over a later anchor's page",
    cause: 9,
    files: {
      'docs.json': docsJson({
        anchors: [
          { anchor: 'A', openapi: 'a.yaml', groups: [{ group: 'G', openapi: 'a.yaml' }] },
          { anchor: 'B', openapi: 'b.yaml' },
        ],
      }),
      'a.yaml': openapi('/x', 'List items'),
      'b.yaml': openapi('/x', 'list items'),
    },
    builds: true,
    pages: [
      ['api-reference/list-items', 'List items'],
      ['api-reference/list-items', 'List items'],
      ['api-reference/list-items', 'List items'],
    ],
    problems: ['warning slug-collision /navigation/anchors/1/openapi'],
    lostListed: true,
  },
  {
    name: 'rounds count generations, not depth: a group two generations down is served over a later group one down',
    cause: 9,
    files: {
      'docs.json': docsJson({
        anchors: [
          { anchor: 'A', openapi: 'a.yaml', groups: [{ group: 'G1', openapi: 'a.yaml', pages: [{ group: 'G2', openapi: 'a.yaml' }] }] },
          { anchor: 'B', openapi: 'b.yaml', groups: [{ group: 'BG', openapi: 'b.yaml' }] },
        ],
      }),
      'a.yaml': openapi('/x', 'List items'),
      'b.yaml': openapi('/x', 'list items'),
    },
    builds: true,
    pages: [
      ['api-reference/list-items', 'List items'],
      ['api-reference/list-items', 'List items'],
      ['api-reference/list-items', 'List items'],
      ['api-reference/list-items', 'List items'],
      ['api-reference/list-items', 'List items'],
    ],
    problems: ['warning slug-collision /navigation/anchors/1/openapi', 'warning slug-collision /navigation/anchors/1/groups/0/openapi'],
    lostListed: true,
  },
  {
    name: "an anchor whose spec an endpoint entry uses generates nothing and adds no round: a later anchor's group is served",
    cause: 9,
    files: {
      'docs.json': docsJson({
        anchors: [
          { anchor: 'B', openapi: 'd.yaml', groups: [{ group: 'BG', openapi: 'b.yaml' }] },
          {
            anchor: 'A',
            openapi: 'c.yaml',
            groups: [
              { group: 'G0', pages: ['GET /z'] },
              { group: 'G', openapi: 'a.yaml' },
            ],
          },
        ],
      }),
      'a.yaml': openapi('/x', 'List items'),
      'b.yaml': openapi('/x', 'list items'),
      'c.yaml': openapi('/z', 'Zed'),
      'd.yaml': openapi('/d', 'Dee'),
    },
    builds: true,
    pages: [
      ['api-reference/list-items', 'list items'],
      ['api-reference/dee', 'Dee'],
      ['api-reference/zed', 'Zed'],
      ['api-reference/list-items', 'list items'],
    ],
    problems: ['warning slug-collision /navigation/anchors/1/groups/1/openapi'],
    lostListed: true,
  },
  // A language code the platform's enum refuses (case counts) fails the language.
  {
    name: 'a language written `EN` drops the languages of the tab above it; the tab beside keeps its pages',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', languages: [{ language: 'EN', pages: ['a'] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error language-code /navigation/tabs/0/languages/0/language'],
  },
  // The same enum holds a global language's code: a refused one fails the element holding the `global`.
  {
    name: 'a global language written `xx` in a tab drops the tabs around it; the language beside keeps its pages',
    cause: 9,
    files: {
      'docs.json': docsJson({
        languages: [
          { language: 'zh-TW', tabs: [{ tab: 'API', global: { languages: [{ language: 'xx' }] }, pages: ['a'] }] },
          { language: 'en', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error language-code /navigation/languages/0/tabs/0/global/languages/0/language'],
  },
  {
    name: 'a global language written `xx` at the root fails the build',
    cause: 9,
    files: {
      'docs.json': docsJson({ global: { languages: [{ language: 'xx', href: 'https://example.com/xx' }] }, pages: ['a'] }),
      'a.mdx': page('A'),
    },
    builds: false,
    problems: ['error language-code /navigation/global/languages/0/language'],
  },
  // An endpoint entry under an `openapi` array is looked up in the array's first spec only.
  {
    name: 'an endpoint entry whose operation only the second spec of the `openapi` array has fails the build',
    cause: 9,
    files: {
      'docs.json': docsJson({ dropdowns: [{ dropdown: 'API', openapi: ['a.yaml', 'b.yaml'], pages: [{ group: 'G', pages: ['GET /users'] }] }] }),
      'a.yaml': openapi('/orders', 'List orders'),
      'b.yaml': openapi('/users', 'List users'),
    },
    builds: false,
    problems: ['error endpoint-not-found /navigation/dropdowns/0/pages/0/pages/0'],
  },
  {
    name: 'an endpoint entry whose operation the first spec of the `openapi` array has builds from it',
    cause: 9,
    files: {
      'docs.json': docsJson({ dropdowns: [{ dropdown: 'API', openapi: ['a.yaml', 'b.yaml'], pages: [{ group: 'G', pages: ['GET /users'] }] }] }),
      'a.yaml': openapi('/users', 'List users'),
      'b.yaml': openapi('/users', 'All the users'),
    },
    builds: true,
    pages: [['api-reference/list-users', 'List users']],
    problems: [],
  },
  {
    name: 'an endpoint entry under an `openapi` array that names the second spec builds from it (what endpoint-not-found suggests)',
    cause: 9,
    files: {
      'docs.json': docsJson({ dropdowns: [{ dropdown: 'API', openapi: ['a.yaml', 'b.yaml'], pages: [{ group: 'G', pages: ['b.yaml GET /users'] }] }] }),
      'a.yaml': openapi('/orders', 'List orders'),
      'b.yaml': openapi('/users', 'List users'),
    },
    builds: true,
    pages: [
      ['api-reference/list-users', 'List users'],
      ['api-reference/list-orders', 'List orders'],
    ],
    problems: ['warning openapi-warning /navigation/dropdowns/0/openapi/1'],
  },
  // A generating tab's `groups` must hold a group: an empty one fails the tab (an ordinary tab's is only dropped).
  {
    name: 'a graphql tab with empty groups drops the tabs around it; the version beside keeps its pages',
    cause: 9,
    files: {
      'docs.json': docsJson({
        versions: [
          {
            version: 'v1',
            tabs: [
              { tab: 'A', pages: ['a'] },
              { tab: 'API', graphql: { source: 'schema.graphql' }, groups: [] },
            ],
          },
          { version: 'v2', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
      'schema.graphql': GRAPHQL,
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/versions/0/tabs/1/groups'],
  },
  {
    name: 'a graphql tab with empty groups among the top-level tabs fails the build (no other division to build from)',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'A', pages: ['a'] },
          { tab: 'API', graphql: { source: 'schema.graphql' }, groups: [] },
        ],
      }),
      'a.mdx': page('A'),
      'schema.graphql': GRAPHQL,
    },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/1/groups'],
  },
  {
    name: 'a malformed entry in a graphql tab’s group drops the tabs around the tab, not only its groups',
    cause: 9,
    files: {
      'docs.json': docsJson({
        versions: [
          {
            version: 'v1',
            tabs: [
              { tab: 'A', pages: ['a'] },
              { tab: 'API', graphql: 'schema.graphql', groups: [{ group: 'G', pages: ['c', 7] }] },
            ],
          },
          { version: 'v2', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
      'c.mdx': page('C'),
      'schema.graphql': GRAPHQL,
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-type /navigation/versions/0/tabs/1/groups/0/pages/1'],
  },
  {
    name: 'an sdk tab with empty groups drops the tabs around it; the version beside keeps its pages',
    cause: 9,
    files: {
      'docs.json': docsJson({
        versions: [
          {
            version: 'v1',
            tabs: [
              { tab: 'A', pages: ['a'] },
              { tab: 'SDK', sdk: { format: 'typedoc', source: 'sdk/typedoc.json' }, groups: [] },
            ],
          },
          { version: 'v2', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/versions/0/tabs/1/groups'],
  },
  // A generating tab holds only `groups` beside its generator: `pages` fails the tab.
  {
    name: 'a tab with sdk and pages in a version drops the version’s tabs; the version beside keeps its pages',
    cause: 9,
    files: {
      'docs.json': docsJson({
        versions: [
          { version: 'v1', tabs: [{ tab: 'API', sdk: { format: 'typedoc', source: 'sdk/typedoc.json' }, pages: ['a'] }] },
          { version: 'v2', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error mixed-children /navigation/versions/0/tabs/0/pages'],
  },
  // The platform's walk takes only `.json`, `.yaml` and `.yml` as written for specs.
  {
    name: 'a page whose front matter names an operation of a spec ending in `.YAML` keeps the title made from its path',
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'G', pages: ['x/Setup', 'y/Other'] }] }),
      'x/Setup.mdx': '---\nopenapi: POST /users\n---\n',
      'y/Other.mdx': '---\nopenapi: GET /users\n---\n',
      'API.YAML': openapi('/users', 'Health').replace('get:', 'post:'),
      'api.yaml': openapi('/users', 'List users'),
    },
    builds: true,
    pages: [
      ['x/Setup', 'Setup'],
      ['y/Other', 'List users'],
    ],
    problems: ['warning endpoint-not-found x/Setup.mdx:'],
  },
  // A value object the platform holds to its keys (openapi, asyncapi, color, sdk, global): an unknown key fails the element.
  {
    name: 'a key the platform does not know in a tab’s openapi object fails the build at the root',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', openapi: { source: 'o.yaml', bogus: 1 }, pages: ['a'] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'o.yaml': openapi('/users', 'List users'),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/openapi/bogus'],
  },
  {
    name: 'a key the platform does not know in a tab’s asyncapi object drops the tabs of the dropdown above it',
    cause: 9,
    files: {
      'docs.json': docsJson({
        dropdowns: [
          { dropdown: 'D', tabs: [{ tab: 'T', asyncapi: { source: 'e.yaml', bogus: 1 }, pages: ['a'] }] },
          { dropdown: 'E', pages: ['b'] },
        ],
      }),
      'e.yaml': asyncapi,
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/dropdowns/0/tabs/0/asyncapi/bogus'],
  },
  {
    name: 'a key the platform does not know in an object of an anchor’s openapi array drops the anchors of the tab above it',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', anchors: [{ anchor: 'A', openapi: [{ source: 'o.yaml', bogus: 1 }], pages: ['a'] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'o.yaml': openapi('/users', 'List users'),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/tabs/0/anchors/0/openapi/0/bogus'],
  },
  {
    name: 'a key the platform does not know in a dropdown’s color drops the dropdowns of the tab above it',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', dropdowns: [{ dropdown: 'D', color: { mid: '#000' }, pages: ['a'] }] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: true,
    pages: [['b', 'B']],
    problems: ['error invalid-value /navigation/tabs/0/dropdowns/0/color/mid'],
  },
  {
    name: 'a key the platform does not know in a tab’s sdk fails the build at the root',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', pages: ['a'] },
          { tab: 'U', sdk: { format: 'typedoc', source: 'x.json', output: 'y' } },
        ],
      }),
      'a.mdx': page('A'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/1/sdk/output'],
  },
  {
    name: 'a key the platform does not know in a tab’s global fails the build at the root; one in a global anchor is stripped',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'T', global: { links: [] }, pages: ['a'] },
          { tab: 'U', pages: ['b'] },
        ],
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/global/links'],
  },
  {
    name: 'a GraphQL schema at an http URL fails the build (only https is read)',
    cause: 9,
    files: {
      'docs.json': docsJson({
        tabs: [
          { tab: 'API', graphql: 'http://example.com/schema.graphql' },
          { tab: 'T', pages: ['a'] },
        ],
      }),
      'a.mdx': page('A'),
    },
    builds: false,
    problems: ['error invalid-value /navigation/tabs/0/graphql'],
  },
  // A division's href the platform refuses: it drops the href, and the division keeps its children.
  {
    name: 'a tab whose href is a bare relative path keeps its pages (the href is dropped)',
    cause: 9,
    files: { 'docs.json': docsJson({ tabs: [{ tab: 'T', href: 'guides/x', pages: ['a'] }] }), 'a.mdx': page('A') },
    builds: true,
    pages: [['a', 'A']],
    problems: ['error invalid-value /navigation/tabs/0/href', 'error link-not-found /navigation/tabs/0/href'],
  },
  {
    name: 'an anchor whose href is empty keeps its pages (the href is dropped)',
    cause: 9,
    files: { 'docs.json': docsJson({ anchors: [{ anchor: 'A', href: '', pages: ['a'] }] }), 'a.mdx': page('A') },
    builds: true,
    pages: [['a', 'A']],
    problems: ['error invalid-value /navigation/anchors/0/href'],
  },
  // No primary pattern: no form of the navigation matches.
  {
    name: 'a navigation with no primary pattern fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({}), 'a.mdx': page('A') },
    builds: false,
    problems: ['error missing-field /navigation'],
  },
  {
    name: 'a navigation with only global fails the build',
    cause: 9,
    files: { 'docs.json': docsJson({ global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] } }), 'a.mdx': page('A') },
    builds: false,
    problems: ['error missing-field /navigation'],
  },
  // A trailing `/` on a listed page: the platform strips it where it finds the page's file, and keeps it where it finds none.
  {
    name: 'pages listed with a trailing slash: served without it; a folder’s index page is not found through it (a link to `c/`, no page)',
    cause: 9,
    files: { 'docs.json': docsJson({ pages: ['a/', 'g/b/', 'c/'] }), 'a.mdx': page('A'), 'g/b.mdx': page('B'), 'c/index.mdx': page('C') },
    builds: true,
    pages: [
      ['a', 'A'],
      ['g/b', 'B'],
      ['c/', ''],
    ],
    problems: [
      'warning page-path /navigation/pages/0',
      'warning page-path /navigation/pages/1',
      'warning page-path /navigation/pages/2',
      'error page-not-found /navigation/pages/2',
    ],
  },
  // One bulk generation, two operations with one page path: the platform adds `-1` only when the path, as
  // it builds it (the directory and an x-mint.href as written), equals one of the lower-cased paths already
  // in the generated group (visible pages only); otherwise both write one page, and the later one is served.
  {
    name: 'a directory with capitals: two operations with one summary get one page, the later one’s (no `-1`)',
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'API', openapi: { source: 'a%20b/o.yaml', directory: 'API/Ref' } }] }),
      'a%20b/o.yaml': [
        'openapi: 3.1.0',
        'info: { title: API, version: "1" }',
        'paths:',
        '  /users/{id}:',
        '    get: { summary: Get a user, responses: { "200": { description: OK } } }',
        '    delete: { summary: List Users via API, tags: [Admin], responses: { "200": { description: OK } } }',
        '  /Orders:',
        '    patch: { summary: Get a user, responses: { "200": { description: OK } } }',
        '  /health:',
        '    get: { summary: Health, tags: [users], responses: { "200": { description: OK } } }',
        '  /health/{x}:',
        '    get: { responses: { "200": { description: OK } } }',
        'webhooks:',
        '  newUser:',
        '    post: { summary: New user, responses: { "200": { description: OK } } }',
        '',
      ].join('\n'),
    },
    builds: true,
    pages: [
      ['api/ref/get-a-user', 'Get a user'],
      ['api/ref/get-a-user', 'Get a user'],
      ['api/ref/get-health', 'Get health'],
      ['api/ref/new-user', 'New user'],
      ['api/ref/admin/list-users-via-api', 'List Users via API'],
      ['api/ref/users/health', 'Health'],
    ],
    problems: ['warning slug-collision /navigation/groups/0/openapi/source'],
    lostListed: true,
  },
  {
    name: 'a tab’s directory with capitals: two operations and a webhook with one page path get one page, the webhook’s',
    cause: 9,
    files: {
      'docs.json': docsJson({ tabs: [{ tab: 'T', openapi: { source: 'o.json', directory: 'Ref' } }] }),
      'o.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'API', version: '1' },
        paths: {
          '/a': { get: { summary: 'THING', responses: { 200: { description: 'OK' } } } },
          '/b': { post: { summary: 'ThInG', responses: { 200: { description: 'OK' } } } },
        },
        webhooks: { thing: { post: { summary: 'Thing', responses: { 200: { description: 'OK' } } } } },
      }),
    },
    builds: true,
    pages: [
      ['ref/thing', 'Thing'],
      ['ref/thing', 'Thing'],
      ['ref/thing', 'Thing'],
    ],
    problems: ['warning slug-collision /navigation/tabs/0/openapi/source'],
    lostListed: true,
  },
  {
    name: 'an anchor’s `openapi` array whose first spec has a directory with capitals: two operations get one page, the later one’s',
    cause: 9,
    files: {
      'docs.json': docsJson({ anchors: [{ anchor: 'A', openapi: [{ source: 'o.json', directory: 'Docs/API' }] }] }),
      'o.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'API', version: '1' },
        paths: {
          '/users/{id}': { get: { summary: 'Get a user', responses: { 200: { description: 'OK' } } } },
          '/orders': { patch: { summary: 'GET a user', responses: { 200: { description: 'OK' } } } },
        },
      }),
    },
    builds: true,
    pages: [
      ['docs/api/get-a-user', 'GET a user'],
      ['docs/api/get-a-user', 'GET a user'],
    ],
    problems: ['warning slug-collision /navigation/anchors/0/openapi/0/source'],
    lostListed: true,
  },
  {
    name: 'capitals in summaries (none in the directory) still get the `-1`',
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'o.json' }] }),
      'o.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'API', version: '1' },
        paths: {
          '/a': { get: { summary: 'GET A User', responses: { 200: { description: 'OK' } } } },
          '/b': { get: { summary: 'get a user', responses: { 200: { description: 'OK' } } } },
        },
      }),
    },
    builds: true,
    pages: [
      ['api-reference/get-a-user', 'GET A User'],
      ['api-reference/get-a-user-1', 'get a user'],
    ],
    problems: ['warning slug-collision /navigation/groups/0/openapi'],
  },
  {
    name: 'an x-hidden operation’s path is not one the platform suffixes against: the next operation with it shares its page',
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'o.json' }] }),
      'o.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'API', version: '1' },
        paths: {
          '/a': { get: { summary: 'THING', 'x-hidden': true, responses: { 200: { description: 'OK' } } } },
          '/b': { get: { summary: 'Thing', responses: { 200: { description: 'OK' } } } },
          '/c': { get: { summary: 'thing', 'x-hidden': true, responses: { 200: { description: 'OK' } } } },
          '/d': { get: { summary: 'ThIng', responses: { 200: { description: 'OK' } } } },
        },
      }),
    },
    builds: true,
    pages: [
      ['api-reference/thing', 'Thing'],
      ['api-reference/thing-1', 'ThIng'],
    ],
    // One says the hidden /c gets `-1`, the other that /a and /c lose their URLs to /b and /d.
    problems: ['warning slug-collision /navigation/groups/0/openapi', 'warning slug-collision /navigation/groups/0/openapi'],
  },
  {
    name: 'a directory with capitals and an x-hidden operation last with the same path: the hidden one is served there',
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'API', openapi: { source: 'o.json', directory: 'API' } }] }),
      'o.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'API', version: '1' },
        paths: {
          '/a': { get: { summary: 'Thing', responses: { 200: { description: 'OK' } } } },
          '/b': { get: { summary: 'THING', 'x-hidden': true, responses: { 200: { description: 'OK' } } } },
        },
      }),
    },
    builds: true,
    pages: [['api/thing', 'THING']],
    problems: ['warning slug-collision /navigation/groups/0/openapi/source'],
  },
  {
    name: 'two tags with one x-group make one generated group: pages in document order, suffixed across both tags',
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'o.json' }] }),
      'o.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'API', version: '1' },
        tags: [
          { name: 'Users', 'x-group': 'People' },
          { name: 'users', 'x-group': 'People' },
        ],
        paths: {
          '/a': { get: { summary: 'Thing', tags: ['Users'], responses: { 200: { description: 'OK' } } } },
          '/b': { get: { summary: 'Thing', tags: ['users'], responses: { 200: { description: 'OK' } } } },
          '/c': { get: { summary: 'More', tags: ['Users'], responses: { 200: { description: 'OK' } } } },
        },
      }),
    },
    builds: true,
    pages: [
      ['api-reference/users/thing', 'Thing'],
      ['api-reference/users/thing-1', 'Thing'],
      ['api-reference/users/more', 'More'],
    ],
    problems: ['warning slug-collision /navigation/groups/0/openapi'],
  },
  {
    name: 'an x-mint.href with capitals: the platform lower-cases it and adds no `-1`, so two operations get one page',
    cause: 9,
    files: {
      'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'o.json' }] }),
      'o.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'API', version: '1' },
        paths: {
          '/a': { get: { summary: 'Thing', 'x-mint': { href: '/Custom/Page' }, responses: { 200: { description: 'OK' } } } },
          '/b': { get: { summary: 'Other', 'x-mint': { href: '/Custom/Page' }, responses: { 200: { description: 'OK' } } } },
        },
      }),
    },
    builds: true,
    pages: [
      ['custom/page', 'Other'],
      ['custom/page', 'Other'],
    ],
    problems: ['warning slug-collision /navigation/groups/0/openapi'],
    lostListed: true,
  },
];

/** A temporary site of `files` (its root added to `roots`, which the caller removes). */
export function buildCaseSite(files: Record<string, string>, roots: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-build-case-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
