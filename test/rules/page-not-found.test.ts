import { pageNotFound } from '../../src/rules/page-not-found.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const FILES = [
  'index.mdx',
  'quickstart.md',
  'README.txt',
  'guides/setup.mdx',
  'guides/install.md',
  'guides/deep/tuning.mdx',
  'api/openapi.json',
  '.well-known/page.mdx',
];
const five = (list: unknown[]) => ({
  products: [
    {
      product: 'P',
      dropdowns: [
        {
          dropdown: 'D',
          anchors: [{ anchor: 'A', versions: [{ version: 'v1', languages: [{ language: 'en', tabs: [{ tab: 'T', menu: [{ item: 'I', pages: list }] }] }] }] }],
        },
      ],
    },
  ],
});
const FIVE = '/navigation/products/0/dropdowns/0/anchors/0/versions/0/languages/0/tabs/0/menu/0/pages';
const deep = nestedGroups(5000, { pages: ['index', 'guides/setp'] });

const cases: RuleCase[] = [
  // Valid.
  { name: 'no docs root known: nothing checked', navigation: { pages: ['missing', 'guides/nope'] }, expected: [] },
  { name: 'no docs root known, deep', navigation: deep.navigation, expected: [] },
  {
    name: '.mdx and .md pages',
    navigation: { pages: ['index', 'quickstart', 'guides/setup', 'guides/install', 'guides/deep/tuning'] },
    files: FILES,
    expected: [],
  },
  {
    name: 'untidy spellings of existing pages (page-path’s business)',
    navigation: {
      pages: ['/index', './quickstart', 'guides/setup.mdx', 'guides\\install', ' index ', 'guides/deep/tuning/', 'guides/../index', '/.well-known/page'],
    },
    files: FILES,
    expected: [],
  },
  {
    name: 'endpoint and webhook entries are skipped',
    navigation: { openapi: 'api/openapi.json', pages: ['GET /nope', 'nope.json POST /x', 'webhook gone'] },
    files: FILES,
    expected: [],
  },
  { name: 'URLs are skipped', navigation: { pages: ['https://x.example/page', 'http://x.example/'] }, files: FILES, expected: [] },
  { name: 'paths out of the root are path-outside-root’s business', navigation: { pages: ['../outside', 'a/../../b'] }, files: FILES, expected: [] },
  { name: 'blank entries are skipped', navigation: { pages: ['', ' ', '/', './'] }, files: FILES, expected: [] },
  { name: 'junk', navigation: { pages: [...JUNK] }, files: FILES, expected: [] },

  // Invalid.
  { name: 'missing, nothing close', navigation: { pages: ['index', 'changelog'] }, files: FILES, expected: [{ pointer: '/navigation/pages/1' }] },
  {
    // The platform's build does not take these files for pages (issue 65; a CHANGELOG.md, which a listed root ignores, is a build case): each said with its reason.
    name: 'a file the platform does not read as a page: a snippet, a readme',
    navigation: { pages: ['snippets/card', 'guides/readme'] },
    files: ['snippets/card.mdx', 'guides/readme.md'],
    expected: [
      {
        pointer: '/navigation/pages/0',
        message:
          /^"snippets\/card\.mdx" is not a page to the platform: it takes files under snippets\/ for snippets, not pages\. Its build lists "snippets\/card" with no content/,
      },
      { pointer: '/navigation/pages/1', message: /^"guides\/readme\.md" is not a page to the platform: it leaves out \.md files named readme/ },
    ],
  },
  {
    name: 'typo in the root suggests the root page',
    navigation: { pages: ['indx'] },
    files: FILES,
    expected: [{ pointer: '/navigation/pages/0', suggest: 'index' }],
  },
  { name: 'case slip', navigation: { pages: ['Index'] }, files: FILES, expected: [{ pointer: '/navigation/pages/0', suggest: 'index' }] },
  {
    name: 'typo in a folder suggests a page of that folder',
    navigation: { pages: ['guides/setp', 'guides/instal'] },
    files: FILES,
    expected: [
      { pointer: '/navigation/pages/0', suggest: 'guides/setup' },
      { pointer: '/navigation/pages/1', suggest: 'guides/install' },
    ],
  },
  {
    name: 'untidy and missing: the suggestion is clean',
    navigation: { pages: ['/guides/setp.mdx'] },
    files: FILES,
    expected: [{ pointer: '/navigation/pages/0', suggest: 'guides/setup' }],
  },
  {
    name: 'only pages of the same folder are suggested',
    navigation: { pages: ['guides/index', 'setup'] },
    files: FILES,
    expected: [{ pointer: '/navigation/pages/0' }, { pointer: '/navigation/pages/1' }],
  },
  { name: 'wrong folder', navigation: { pages: ['guide/setup'] }, files: FILES, expected: [{ pointer: '/navigation/pages/0' }] },
  {
    name: 'a file that is not a page',
    navigation: { pages: ['README', 'api/openapi'] },
    files: FILES,
    expected: [{ pointer: '/navigation/pages/0' }, { pointer: '/navigation/pages/1' }],
  },
  { name: 'a folder is not a page', navigation: { pages: ['guides'] }, files: FILES, expected: [{ pointer: '/navigation/pages/0' }] },
  {
    name: 'empty docs root',
    navigation: { pages: ['index', { group: 'G', pages: ['a'] }] },
    files: [],
    expected: [{ pointer: '/navigation/pages/0' }, { pointer: '/navigation/pages/1/pages/0' }],
  },
  {
    name: 'six levels down',
    navigation: five(['index', 'guides/deep/tunnig']),
    files: FILES,
    expected: [{ pointer: `${FIVE}/1`, suggest: 'guides/deep/tuning' }],
  },
  {
    name: 'only page files are suggested, not other files of the folder',
    navigation: { pages: ['api/openapi.jsn'] },
    files: FILES,
    expected: [{ pointer: '/navigation/pages/0' }],
  },
  {
    name: 'a group’s `root` listed in its own `pages` too: once, at the list',
    navigation: { groups: [{ group: 'G', root: 'gone', pages: ['index', 'gone'] }] },
    files: FILES,
    expected: [{ pointer: '/navigation/groups/0/pages/1' }],
  },
  { name: 'after junk', navigation: { pages: [...JUNK, 'gone'] }, files: FILES, expected: [{ pointer: `/navigation/pages/${JUNK.length}` }] },
  { name: '5,000 levels down', navigation: deep.navigation, files: FILES, expected: [{ pointer: `${deep.pointer}/pages/1`, suggest: 'guides/setup' }] },
];

/** A listed disk root (src/docs-root.ts) with what is not a regular file: a FIFO, a folder named like a page file, symlinks out. */
const listed = {
  files: ['index.mdx', 'odd.mdx/inside.txt', 'half.md'],
  others: { 'pipe.mdx': 'a FIFO', 'dev.md': 'a device', ext: 'outside-root', 'half.mdx': 'outside-root', 'gone.md': 'outside-root' },
} as const;

const listedCases: RuleCase[] = [
  {
    name: 'a listed root: regular files, and symlinks out (path-outside-root’s)',
    navigation: { pages: ['index', 'ext/a', 'half', 'gone'] },
    files: [...listed.files],
    others: listed.others,
    expected: [],
  },
  {
    name: 'a listed root: a page file that is no regular file says what it is',
    navigation: { pages: ['pipe', 'odd', 'dev', 'missing'] },
    files: [...listed.files],
    others: listed.others,
    expected: [
      { pointer: '/navigation/pages/0', message: /^"pipe\.mdx" is a FIFO, not a regular file; only regular files are read as pages\.$/ },
      { pointer: '/navigation/pages/1', message: /^"odd\.mdx" is a folder, not a regular file; only regular files are read as pages\.$/ },
      { pointer: '/navigation/pages/2', message: /^"dev\.md" is a device, not a regular file;/ },
      { pointer: '/navigation/pages/3', message: /^No page file "missing\.mdx" or "missing\.md" under the docs root \(docs\)\.$/ },
    ],
  },
];

testRule(
  pageNotFound,
  [...cases, ...listedCases],
  /^No page file "[^"]+\.mdx" or "[^"]+\.md" under the docs root \(docs\)\.$|^"[^"]+" is not a page to the platform: .+\. Its build lists "[^"]+" with no content \("is referenced in the docs\.json navigation but the file does not exist"\) and titles it from the path\.$|^"[^"]+" is (a folder|a FIFO|a device), not a regular file; only regular files are read as pages\.$/,
);
