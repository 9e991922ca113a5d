import { pathOutsideRoot } from '../../src/rules/path-outside-root.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const pages = (...list: unknown[]) => ({ pages: list });
const at = (i: number) => ({ pointer: `/navigation/pages/${i}` });
const five = (leaf: Record<string, unknown>) => ({
  products: [
    {
      product: 'P',
      dropdowns: [
        {
          dropdown: 'D',
          anchors: [{ anchor: 'A', versions: [{ version: 'v1', languages: [{ language: 'en', tabs: [{ tab: 'T', menu: [{ item: 'I', ...leaf }] }] }] }] }],
        },
      ],
    },
  ],
});
const FIVE = '/navigation/products/0/dropdowns/0/anchors/0/versions/0/languages/0/tabs/0/menu/0';
const deep = nestedGroups(5000, { openapi: '../spec.json', pages: ['ok', 'a/../../x'] });

const cases: RuleCase[] = [
  // Valid.
  { name: 'paths inside the root', navigation: pages('intro', '/intro', './intro', 'a/../intro', 'a/b/../../c', '..intro', 'a..b/c'), expected: [] },
  {
    name: '`openapi` inside the root',
    navigation: { openapi: ['api.json', '/api/a.json', 'a/../b.json'], tabs: [{ tab: 'T', openapi: { source: './x/../y.yaml' } }] },
    expected: [],
  },
  { name: 'spec files inside the root', navigation: pages('api.json GET /a', 'a/../api.json webhook x'), expected: [] },
  {
    name: 'URLs are not paths',
    navigation: { openapi: 'https://x.example/../../a.json', pages: ['https://x.example/../../p', 'https://x.example/../s.json GET /a'] },
    expected: [],
  },
  { name: 'an endpoint’s path is not a file', navigation: pages('GET /../../x', 'webhook ../x'), expected: [] },
  {
    name: '`openapi` on `global` entries is not checked',
    navigation: { pages: [], global: { anchors: [{ anchor: 'A', href: 'https://x.example', openapi: '../a.json' }] } },
    expected: [],
  },
  { name: 'junk', navigation: { openapi: [null, 3, ['../x']], pages: [...JUNK] }, expected: [] },

  // Invalid: pages.
  { name: 'page ../x', navigation: pages('../x'), expected: [{ ...at(0), message: /^Page path "\.\.\/x" climbs out of the docs root/ }] },
  { name: 'page ../../x and a/../../x', navigation: pages('ok', '../../x', 'a/../../x'), expected: [at(1), at(2)] },
  { name: 'untidy spellings that climb out', navigation: pages('./../x', '/../x.mdx', '..\\x', ' ../x ', '..', '../'), expected: [0, 1, 2, 3, 4, 5].map(at) },
  // Invalid: `openapi` in its three forms.
  { name: '`openapi` string', navigation: { tabs: [{ tab: 'T', openapi: '../spec.json' }] }, expected: [{ pointer: '/navigation/tabs/0/openapi' }] },
  {
    name: '`openapi` array items',
    navigation: { tabs: [{ tab: 'T', openapi: ['ok.json', 'a/../../s.json', '/../t.yaml'] }] },
    expected: [{ pointer: '/navigation/tabs/0/openapi/1' }, { pointer: '/navigation/tabs/0/openapi/2' }],
  },
  {
    name: '`openapi` object',
    navigation: { anchors: [{ anchor: 'A', openapi: { source: '..\\..\\s.yaml', directory: 'api' } }] },
    expected: [{ pointer: '/navigation/anchors/0/openapi/source' }],
  },
  // Invalid: spec files in entries.
  {
    name: 'spec file in an entry',
    navigation: pages('../spec.json GET /a', 'x/../../s.yaml webhook created'),
    expected: [
      { ...at(0), message: /^Spec path "\.\.\/spec\.json" climbs out/ },
      { ...at(1), message: /^Spec path "x\/\.\.\/\.\.\/s\.yaml" climbs out/ },
    ],
  },
  {
    name: 'six levels down: the element’s `openapi`, then its pages',
    navigation: five({ openapi: '../s.json', pages: ['ok', '../../p', '../s.json POST /a'] }),
    expected: [{ pointer: `${FIVE}/openapi` }, { pointer: `${FIVE}/pages/1` }, { pointer: `${FIVE}/pages/2` }],
  },
  { name: 'after junk', navigation: pages(...JUNK, '../x'), expected: [at(JUNK.length)] },
  {
    name: 'a group’s `root` listed in its own `pages` too: once, at the list',
    navigation: { groups: [{ group: 'G', root: '../x', pages: ['../x'] }] },
    expected: [{ pointer: '/navigation/groups/0/pages/0' }],
  },
  { name: '5,000 levels down', navigation: deep.navigation, expected: [{ pointer: `${deep.pointer}/openapi` }, { pointer: `${deep.pointer}/pages/1` }] },
];

/** A listed disk root with two symlinks out of it: the folder `ext` and the file `linked.mdx`. */
const LINKS = { ext: 'outside-root', 'linked.mdx': 'outside-root', 'fifo.mdx': 'a FIFO' } as const;
const ROOT_FILES = ['intro.mdx', 'both.md', 'api.json', 'guides/a.mdx'];

const symlinkCases: RuleCase[] = [
  // Valid: regular files, and what is no symlink out.
  {
    name: 'regular files and a FIFO of a listed root',
    navigation: { tabs: [{ tab: 'T', openapi: 'api.json', pages: ['intro', 'guides/a', 'fifo', 'missing', 'api.json GET /a', 'extra/x'] }] },
    files: ROOT_FILES,
    others: LINKS,
    expected: [],
  },
  {
    name: 'a page whose .mdx leads out but whose .md is a regular file is read',
    navigation: pages('both'),
    files: ROOT_FILES,
    others: { 'both.mdx': 'outside-root' },
    expected: [],
  },
  {
    name: 'a root that has no symlink out says so: nothing is asked',
    navigation: pages('linked', 'ext/a'),
    files: ROOT_FILES,
    others: { 'fifo.mdx': 'a FIFO' },
    expected: [],
  },
  {
    name: '`openapi: "/"` names the root itself, not a symlink',
    navigation: { tabs: [{ tab: 'T', openapi: '/', pages: [] }] },
    files: ROOT_FILES,
    others: { '': 'outside-root', ext: 'outside-root' },
    expected: [],
  },

  // Invalid: through a symlink, a file or a folder.
  {
    name: 'page files through a symlinked file and a symlinked folder',
    navigation: pages('intro', 'linked', 'ext/a', '/ext/b/c'),
    files: ROOT_FILES,
    others: LINKS,
    expected: [
      { ...at(1), message: /^Page file "linked\.mdx" is a symlink \(or inside a symlinked folder\) that leads outside the docs root; it is not read\.$/ },
      { ...at(2), message: /^Page file "ext\/a\.mdx" is a symlink/ },
      { ...at(3), message: /^Page file "ext\/b\/c\.mdx" is a symlink/ },
    ],
  },
  {
    name: 'spec files through a symlinked folder, with and without the leading slash',
    navigation: pages('ext/s.json GET /a', '/ext/t.yaml webhook created', 'api.json GET /a'),
    files: ROOT_FILES,
    others: LINKS,
    expected: [
      { ...at(0), message: /^Spec file "ext\/s\.json" is a symlink/ },
      { ...at(1), message: /^Spec file "ext\/t\.yaml" is a symlink/ },
    ],
  },
  {
    name: '`openapi` through a symlinked folder, in its three forms',
    navigation: {
      tabs: [
        { tab: 'S', openapi: ['api.json', 'ext/a.json'] },
        { tab: 'T', openapi: '/ext/b.yaml' },
        { tab: 'U', openapi: { source: 'ext/c.json' } },
      ],
    },
    files: ROOT_FILES,
    others: LINKS,
    expected: [
      {
        pointer: '/navigation/tabs/0/openapi/1',
        message: /^OpenAPI file "ext\/a\.json" is a symlink \(or inside a symlinked folder\) that leads outside the docs root; it is not read\.$/,
      },
      { pointer: '/navigation/tabs/1/openapi', message: /^OpenAPI file "ext\/b\.yaml" is a symlink/ },
      { pointer: '/navigation/tabs/2/openapi/source', message: /^OpenAPI file "ext\/c\.json" is a symlink/ },
    ],
  },
  {
    name: '`asyncapi` through a symlinked folder; climbing out said as AsyncAPI',
    navigation: {
      tabs: [
        { tab: 'S', asyncapi: 'ext/events.yaml' },
        { tab: 'T', asyncapi: ['api.json', '/ext/more.yaml'] },
        { tab: 'U', asyncapi: '../events.yaml' },
      ],
    },
    files: ROOT_FILES,
    others: LINKS,
    expected: [
      {
        pointer: '/navigation/tabs/0/asyncapi',
        message: /^AsyncAPI file "ext\/events\.yaml" is a symlink \(or inside a symlinked folder\) that leads outside the docs root; it is not read\.$/,
      },
      { pointer: '/navigation/tabs/1/asyncapi/1', message: /^AsyncAPI file "ext\/more\.yaml" is a symlink/ },
      { pointer: '/navigation/tabs/2/asyncapi', message: /^AsyncAPI path "\.\.\/events\.yaml" climbs out of the docs root/ },
    ],
  },
  {
    name: 'a tab’s GraphQL schema through a symlink, as a string and as `source`; a regular file and a URL are read',
    navigation: {
      tabs: [
        { tab: 'G', graphql: 'ext/schema.graphql' },
        { tab: 'H', graphql: { source: ' /ext/b/s.graphql ', directory: 'api' } },
        { tab: 'I', graphql: 'guides/a.mdx' },
        { tab: 'J', graphql: 'https://x.example/ext/graphql' },
        { tab: 'K', graphql: 'linked.mdx' },
      ],
    },
    files: ROOT_FILES,
    others: LINKS,
    expected: [
      {
        pointer: '/navigation/tabs/0/graphql',
        message:
          /^GraphQL schema "ext\/schema\.graphql" is a symlink \(or inside a symlinked folder\) that leads outside the docs root; it is not read, and the platform fails the build\.$/,
      },
      { pointer: '/navigation/tabs/1/graphql/source', message: /^GraphQL schema "ext\/b\/s\.graphql" is a symlink/ },
      { pointer: '/navigation/tabs/4/graphql', message: /^GraphQL schema "linked\.mdx" is a symlink/ },
    ],
  },
  {
    name: 'a GraphQL schema on a root with no symlink out, or not on a tab, is not asked about',
    navigation: { tabs: [{ tab: 'G', graphql: 'ext/schema.graphql' }], anchors: [{ anchor: 'A', graphql: 'ext/s.graphql', pages: [] }] },
    files: ROOT_FILES,
    others: { 'fifo.mdx': 'a FIFO' },
    expected: [],
  },
  {
    name: 'a GraphQL schema not on a tab is not the platform’s',
    navigation: { anchors: [{ anchor: 'A', graphql: 'ext/s.graphql', pages: [] }] },
    files: ROOT_FILES,
    others: LINKS,
    expected: [],
  },
  {
    name: 'climbing out is said first, not the symlink',
    navigation: { tabs: [{ tab: 'T', openapi: '../ext/a.json', pages: ['../linked'] }] },
    files: ROOT_FILES,
    others: LINKS,
    expected: [
      { pointer: '/navigation/tabs/0/openapi', message: /^OpenAPI path "\.\.\/ext\/a\.json" climbs out/ },
      { pointer: '/navigation/tabs/0/pages/0', message: /^Page path "\.\.\/linked" climbs out/ },
    ],
  },
  {
    name: 'a root that does not say up front whether a symlink leads out is asked path by path',
    navigation: { tabs: [{ tab: 'T', openapi: 'ext/a.json', pages: ['intro', 'linked'] }] },
    files: ROOT_FILES,
    others: LINKS,
    linksAnswer: false,
    expected: [{ pointer: '/navigation/tabs/0/openapi' }, { pointer: '/navigation/tabs/0/pages/1' }],
  },
];

testRule(
  pathOutsideRoot,
  [...cases, ...symlinkCases],
  /^((OpenAPI|AsyncAPI|Page|Spec) (path "[^"]+" climbs out of the docs root|file "[^"]+" is a symlink)|GraphQL schema "[^"]+" is a symlink)/,
);
