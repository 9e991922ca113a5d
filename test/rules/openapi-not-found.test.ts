import { openapiNotFound } from '../../src/rules/openapi-not-found.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const FILES = ['api/openapi.json', 'specs/admin.yaml', 'index.mdx'];
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
const deep = nestedGroups(5000, { openapi: 'gone.json', pages: ['api/openapi.json GET /a', 'gone.yaml GET /b'] });

const cases: RuleCase[] = [
  // Valid.
  { name: 'no docs root known: nothing checked', navigation: { openapi: 'gone.json', pages: ['gone.json GET /a'] }, expected: [] },
  {
    name: 'string, with or without a leading / or ./',
    navigation: {
      openapi: 'api/openapi.json',
      tabs: [
        { tab: 'A', openapi: '/specs/admin.yaml' },
        { tab: 'B', openapi: './api/openapi.json' },
      ],
    },
    files: FILES,
    expected: [],
  },
  {
    name: 'array and object forms',
    navigation: {
      tabs: [
        { tab: 'A', openapi: ['api/openapi.json', '/specs/admin.yaml'] },
        { tab: 'B', openapi: { source: 'specs/admin.yaml', directory: 'admin' } },
      ],
    },
    files: FILES,
    expected: [],
  },
  {
    name: 'URLs are skipped',
    navigation: {
      openapi: ['https://x.example/openapi.json', 'http://x.example/b.yaml'],
      pages: [{ group: 'G', openapi: { source: 'https://x.example/c.json' }, pages: ['https://x.example/d.json GET /a'] }],
    },
    files: FILES,
    expected: [],
  },
  { name: 'spec file named in entries', navigation: { pages: ['api/openapi.json GET /a', '/specs/admin.yaml webhook created'] }, files: FILES, expected: [] },
  {
    name: 'paths out of the root are path-outside-root’s business',
    navigation: { openapi: '../spec.json', pages: ['../spec.json GET /a', 'a/../../s.yaml webhook x'] },
    files: FILES,
    expected: [],
  },
  {
    name: 'wrong types are the schema’s business',
    navigation: {
      openapi: 5,
      tabs: [
        { tab: 'A', openapi: null },
        { tab: 'B', openapi: { source: 7 } },
        { tab: 'C', openapi: [1, null, [], {}] },
      ],
    },
    files: FILES,
    expected: [],
  },
  {
    name: '`openapi` on `global` entries is not checked',
    navigation: { pages: [], global: { anchors: [{ anchor: 'A', href: 'https://x.example', openapi: 'gone.json' }] } },
    files: FILES,
    expected: [],
  },
  {
    name: 'ordinary pages and endpoints without a spec file are not this rule',
    navigation: { pages: ['gone', 'GET /a', 'webhook x'] },
    files: FILES,
    expected: [],
  },
  { name: 'junk', navigation: { pages: [...JUNK] }, files: FILES, expected: [] },

  // Invalid.
  {
    name: 'string on a tab',
    navigation: { tabs: [{ tab: 'A', openapi: 'openapi.json' }] },
    files: FILES,
    expected: [{ pointer: '/navigation/tabs/0/openapi' }],
  },
  {
    name: 'the root’s `openapi` is stripped by the platform (the schema reports it), not a spec',
    navigation: { openapi: 'openapi.json', pages: [] },
    files: FILES,
    expected: [],
  },
  {
    name: 'leading / means the root',
    navigation: { tabs: [{ tab: 'A', openapi: '/openapi.json' }] },
    files: FILES,
    expected: [{ pointer: '/navigation/tabs/0/openapi' }],
  },
  {
    name: 'array items, URLs skipped',
    navigation: { tabs: [{ tab: 'A', openapi: ['api/openapi.json', 'missing.json', 'https://x.example/a.json', 'gone.yaml'] }] },
    files: FILES,
    expected: [{ pointer: '/navigation/tabs/0/openapi/1' }, { pointer: '/navigation/tabs/0/openapi/3' }],
  },
  {
    name: 'array with junk',
    navigation: { tabs: [{ tab: 'T', openapi: [null, 1, 'gone.json'], pages: [] }] },
    files: FILES,
    expected: [{ pointer: '/navigation/tabs/0/openapi/2' }],
  },
  {
    // The platform's validator drops a group's openapi it refuses, without a word: no file is looked for (the schema says why).
    name: 'a group’s openapi the platform drops (junk beside the path) names no file it reads',
    navigation: { groups: [{ group: 'G', openapi: [null, 1, 'gone.json'], pages: [] }] },
    files: FILES,
    expected: [],
  },
  {
    name: 'a blank openapi names no file (the schema says so)',
    navigation: { tabs: [{ tab: 'T', openapi: '  ', pages: [] }], anchors: [{ anchor: 'A', openapi: { source: '' } }] },
    files: FILES,
    expected: [],
  },
  {
    name: 'object form',
    navigation: { anchors: [{ anchor: 'A', openapi: { source: 'specs/user.yaml', directory: 'api' } }] },
    files: FILES,
    expected: [{ pointer: '/navigation/anchors/0/openapi/source' }],
  },
  {
    name: 'reported once, where set, not at every child that inherits it',
    navigation: { tabs: [{ tab: 'A', openapi: 'gone.json', groups: [{ group: 'G', pages: ['GET /a', { group: 'H', pages: ['GET /b'] }] }] }] },
    files: FILES,
    expected: [{ pointer: '/navigation/tabs/0/openapi' }],
  },
  {
    name: 'spec file in an entry',
    navigation: { pages: ['gone.json GET /a', 'api/openapi.json GET /b', '/specs/gone.yaml webhook x'] },
    files: FILES,
    expected: [{ pointer: '/navigation/pages/0' }, { pointer: '/navigation/pages/2' }],
  },
  {
    name: 'six levels down: the element, then its entries',
    navigation: five({ openapi: 'specs/gone.yaml', pages: ['GET /a', 'specs/adminn.yaml GET /b'] }),
    files: FILES,
    expected: [{ pointer: `${FIVE}/openapi` }, { pointer: `${FIVE}/pages/1` }],
  },
  {
    name: 'a folder of an in-memory root is not a spec',
    navigation: { tabs: [{ tab: 'A', openapi: ['specs', '/'], pages: ['api GET /a'] }] },
    files: FILES,
    expected: [
      { pointer: '/navigation/tabs/0/openapi/0', message: /^"specs" is a folder, not an OpenAPI file\.$/ },
      // The root names nothing to the platform (its build passes: test/resolve/build-cases.ts): a warning.
      {
        pointer: '/navigation/tabs/0/openapi/1',
        severity: 'warning',
        message: /^"\/" names the docs root, not an OpenAPI file: the platform reads no spec from it/,
      },
      { pointer: '/navigation/tabs/0/pages/0', message: /^"api GET \/a" names the spec file "api", which is a folder, not a regular file\.$/ },
    ],
  },
  {
    name: 'a listed root: folders, FIFOs and devices are no specs; symlinks out are path-outside-root’s',
    navigation: {
      tabs: [
        {
          tab: 'A',
          openapi: ['api', 'pipe.json', 'ext/a.json', 'dev.yaml', 'api/openapi.json', 'gone.json'],
          pages: ['api GET /a', '/pipe.json GET /b', 'ext/a.json GET /c', 'api/openapi.json GET /d', 'gone.json GET /e'],
        },
      ],
    },
    files: ['api/openapi.json'],
    others: { 'pipe.json': 'a FIFO', 'dev.yaml': 'a device', ext: 'outside-root' },
    expected: [
      { pointer: '/navigation/tabs/0/openapi/0', message: /^"api" is a folder, not an OpenAPI file\.$/ },
      { pointer: '/navigation/tabs/0/openapi/1', message: /^"pipe\.json" is a FIFO, not a regular file; only regular files are read\.$/ },
      { pointer: '/navigation/tabs/0/openapi/3', message: /^"dev\.yaml" is a device, not a regular file;/ },
      { pointer: '/navigation/tabs/0/openapi/5', message: /^No OpenAPI file "gone\.json" under the docs root \(docs\)\.$/ },
      { pointer: '/navigation/tabs/0/pages/0', message: /^"api GET \/a" names the spec file "api", which is a folder, not a regular file\.$/ },
      { pointer: '/navigation/tabs/0/pages/1', message: /^"\/pipe\.json GET \/b" names the spec file "pipe\.json", which is a FIFO, not a regular file\.$/ },
      {
        pointer: '/navigation/tabs/0/pages/4',
        message: /^"gone\.json GET \/e" names the spec file "gone\.json", which is not under the docs root \(docs\)\.$/,
      },
    ],
  },
  {
    name: 'a tab’s `openapi` that climbs out is path-outside-root’s business',
    navigation: { tabs: [{ tab: 'A', openapi: ['../spec.json', 'a/../../b.yaml'] }] },
    files: FILES,
    expected: [],
  },
  { name: 'after junk', navigation: { pages: [...JUNK, 'gone.json GET /a'] }, files: FILES, expected: [{ pointer: `/navigation/pages/${JUNK.length}` }] },
  {
    name: '5,000 levels down',
    navigation: deep.navigation,
    files: FILES,
    expected: [{ pointer: `${deep.pointer}/openapi` }, { pointer: `${deep.pointer}/pages/1` }],
  },
];

testRule(
  openapiNotFound,
  cases,
  /^No OpenAPI file "[^"]+" under the docs root \(docs\)\.$|names the spec file "[^"]+", which is (not under the docs root \(docs\)|a folder, not a regular file|a \w+, not a regular file)\.$|^"[^"]+" is (a folder, not an OpenAPI file|a \w+, not a regular file; only regular files are read)\.$|^"[^"]+" names the docs root, not an OpenAPI file: .* remove the `openapi`\.$/,
);
