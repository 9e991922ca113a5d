import { duplicatePage } from '../../src/rules/duplicate-page.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const five = (groups: unknown[]) => ({
  products: [
    { product: 'P', dropdowns: [{ dropdown: 'D', anchors: [{ anchor: 'A', versions: [{ version: 'v1', languages: [{ language: 'en', groups }] }] }] }] },
  ],
});
const FIVE = '/navigation/products/0/dropdowns/0/anchors/0/versions/0/languages/0/groups';
const deep = nestedGroups(5000, { pages: ['intro', 'other', '/intro'] });

const cases: RuleCase[] = [
  // Valid.
  { name: 'distinct pages', navigation: { pages: ['a', 'b', 'guides/a', { group: 'G', pages: ['c'] }] }, expected: [] },
  {
    name: 'distinct endpoints',
    navigation: { openapi: 'a.json', pages: ['GET /a', 'POST /a', 'GET /b', 'webhook a', 'webhook b', 'spec.json GET /a'] },
    expected: [],
  },
  {
    name: 'the same page in two versions',
    navigation: {
      versions: [
        { version: 'v1', pages: ['intro'] },
        { version: 'v2', pages: ['intro'] },
      ],
    },
    expected: [],
  },
  {
    name: 'the same language in two versions',
    navigation: {
      versions: [
        { version: 'v1', languages: [{ language: 'en', pages: ['intro'] }] },
        { version: 'v2', languages: [{ language: 'en', pages: ['intro'] }] },
      ],
    },
    expected: [],
  },
  // Listing a page in two tabs, products, dropdowns, anchors or menu items is deliberate (platform-facts §1a).
  {
    name: 'the same page in two tabs',
    navigation: {
      tabs: [
        { tab: 'A', groups: [{ group: 'G', pages: ['guides/x'] }] },
        { tab: 'B', menu: [{ item: 'I', pages: ['/guides/x'] }] },
      ],
    },
    expected: [],
  },
  {
    name: 'the same page in two products, two anchors, two dropdowns',
    navigation: {
      products: [
        { product: 'P', pages: ['a'] },
        {
          product: 'Q',
          anchors: [
            { anchor: 'A', pages: ['a'] },
            {
              anchor: 'B',
              dropdowns: [
                { dropdown: 'D', pages: ['a'] },
                { dropdown: 'E', pages: ['a'] },
              ],
            },
          ],
        },
      ],
    },
    expected: [],
  },
  {
    name: 'the same page in two menu items',
    navigation: {
      tabs: [
        {
          tab: 'T',
          menu: [
            { item: 'I', pages: ['a'] },
            { item: 'J', groups: [{ group: 'G', pages: ['a'] }] },
          ],
        },
      ],
    },
    expected: [],
  },
  {
    name: 'across tabs of one version',
    navigation: {
      versions: [
        {
          version: 'v1',
          tabs: [
            { tab: 'A', pages: ['a'] },
            { tab: 'B', groups: [{ group: 'G', pages: ['a'] }] },
          ],
        },
        { version: 'v2', pages: ['a'] },
      ],
    },
    expected: [],
  },
  {
    name: 'a page in a version and in a language inside it',
    navigation: {
      versions: [
        {
          version: 'v1',
          tabs: [
            { tab: 'A', pages: ['intro'] },
            { tab: 'B', languages: [{ language: 'en', pages: ['intro'] }] },
          ],
        },
      ],
    },
    expected: [],
  },
  {
    name: 'the same endpoint under two different specs is two pages',
    navigation: {
      groups: [
        { group: 'A', openapi: 'a.json', pages: ['GET /accounts/{id}'] },
        { group: 'B', openapi: 'b.json', pages: ['GET /accounts/{id}'] },
      ],
    },
    expected: [],
  },
  { name: 'a group’s `root` listed in its own `pages` too is one page', navigation: { groups: [{ group: 'G', root: 'a', pages: ['b', 'a'] }] }, expected: [] },
  {
    name: 'a language in one tab, the same page in another tab without one',
    navigation: {
      tabs: [
        { tab: 'A', languages: [{ language: 'en', pages: ['a'] }] },
        { tab: 'B', pages: ['a'] },
      ],
    },
    expected: [],
  },
  {
    name: 'only a language element’s `language` is a language; one that is not a string is none',
    navigation: {
      tabs: [
        { tab: 'A', language: 'en', pages: ['a'] },
        { tab: 'B', language: 'fr', pages: ['a'] },
      ],
      languages: [
        { language: 5, pages: ['b'] },
        { language: 6, pages: ['b'] },
      ],
    },
    expected: [],
  },
  { name: 'case differs: two pages', navigation: { pages: ['Intro', 'intro'] }, expected: [] },
  { name: 'blank entries are page-path’s business', navigation: { pages: ['', '', ' '] }, expected: [] },
  { name: 'junk, including the same page inside nested arrays', navigation: { pages: ['intro', ...JUNK, ['intro'], [['intro']]] }, expected: [] },
  {
    name: 'global anchors are not pages',
    navigation: { pages: ['intro'], global: { anchors: [{ anchor: 'intro', href: 'intro', pages: ['intro'] }] } },
    expected: [],
  },

  // Invalid: at the second (third, …) occurrence.
  {
    name: 'an endpoint named with its spec file and through the spec in scope',
    navigation: { groups: [{ group: 'G', openapi: '/api/a.json', pages: ['GET /a', 'api/a.json GET /a'] }] },
    expected: [
      {
        pointer: '/navigation/groups/0/pages/1',
        message: /^"api\/a\.json GET \/a" is already listed earlier in the same list \(\/navigation\/groups\/0\/pages\/0\)/,
      },
    ],
  },
  {
    name: 'twice in one list',
    navigation: { pages: ['intro', 'a', 'intro'] },
    expected: [
      {
        pointer: '/navigation/pages/2',
        message: /^"intro" is already listed earlier in the same list \(\/navigation\/pages\/0\); the platform would show it twice\.$/,
      },
    ],
  },
  {
    name: 'three times',
    navigation: { pages: ['intro', 'intro', 'intro'] },
    expected: [{ pointer: '/navigation/pages/1' }, { pointer: '/navigation/pages/2' }],
  },
  {
    // One URL on the platform (measured with prebuild 1.0.1341).
    name: '`intro`, `/intro`, `./intro`, `intro/` and `a/../intro` are one page',
    navigation: { pages: ['intro', '/intro', './intro', 'intro/', 'a/../intro'] },
    expected: [1, 2, 3, 4].map((i) => ({ pointer: `/navigation/pages/${i}` })),
  },
  {
    // The platform gives each its own URL (` intro `, `intro.mdx`, `intro.md`): page-path says what is wrong with them.
    name: '` intro `, `intro.mdx` and `./intro.md` are pages of their own, each once',
    navigation: { pages: ['intro', ' intro ', 'intro.mdx', './intro.md', ' intro', '/intro.mdx'] },
    expected: [{ pointer: '/navigation/pages/5' }],
  },
  {
    name: 'across groups',
    navigation: {
      groups: [
        { group: 'A', pages: ['a', 'b'] },
        { group: 'B', pages: ['c', { group: 'C', pages: ['b'] }] },
      ],
    },
    expected: [{ pointer: '/navigation/groups/1/pages/1/pages/0', message: /^"b" is already listed in the group "A" \(\/navigation\/groups\/0\/pages\/1\)/ }],
  },
  {
    name: 'across two groups of one tab',
    navigation: {
      tabs: [
        {
          tab: 'A',
          groups: [
            { group: 'G', pages: ['a'] },
            { group: 'H', pages: [{ group: 'I', pages: ['/a'] }] },
          ],
        },
      ],
    },
    expected: [{ pointer: '/navigation/tabs/0/groups/1/pages/0/pages/0' }],
  },
  {
    name: 'across two groups of one menu item',
    navigation: {
      tabs: [
        {
          tab: 'A',
          menu: [
            {
              item: 'I',
              groups: [
                { group: 'G', pages: ['a'] },
                { group: 'H', pages: ['a'] },
              ],
            },
          ],
        },
      ],
    },
    expected: [{ pointer: '/navigation/tabs/0/menu/0/groups/1/pages/0' }],
  },
  // The same page in two languages: undefined behaviour on the platform.
  {
    name: 'the same page in two languages',
    navigation: {
      languages: [
        { language: 'en', tabs: [{ tab: 'T', pages: ['intro'] }] },
        { language: 'fr', groups: [{ group: 'G', pages: ['intro'] }] },
      ],
    },
    expected: [
      {
        pointer: '/navigation/languages/1/groups/0/pages/0',
        message:
          /^"intro" is also listed in the language "en" \(\/navigation\/languages\/0\/tabs\/0\/pages\/0\); the platform leaves one page in two languages undefined\. Give each language its own page path\.$/,
      },
    ],
  },
  {
    name: 'two languages inside one version; the same language in another version is fine',
    navigation: {
      versions: [
        {
          version: 'v1',
          languages: [
            { language: 'en', pages: ['intro'] },
            { language: 'fr', pages: ['intro'] },
          ],
        },
        { version: 'v2', languages: [{ language: 'en', pages: ['intro'] }] },
      ],
    },
    expected: [{ pointer: '/navigation/versions/0/languages/1/pages/0' }],
  },
  {
    name: 'three languages: each later one once',
    navigation: {
      languages: [
        { language: 'en', pages: ['a'] },
        { language: 'fr', pages: ['a'] },
        {
          language: 'de',
          tabs: [
            { tab: 'T', pages: ['a'] },
            { tab: 'U', pages: ['a'] },
          ],
        },
      ],
    },
    expected: [{ pointer: '/navigation/languages/1/pages/0' }, { pointer: '/navigation/languages/2/tabs/0/pages/0' }],
  },
  {
    name: 'an endpoint twice, method case ignored',
    navigation: { openapi: 'a.json', pages: ['GET /a', 'get /a', '  GET   /a '] },
    expected: [{ pointer: '/navigation/pages/1' }, { pointer: '/navigation/pages/2' }],
  },
  {
    name: 'a language after one in the same language: still the first listing there is named',
    navigation: {
      languages: [
        {
          language: 'en',
          tabs: [
            { tab: 'T', pages: ['a'] },
            { tab: 'U', pages: ['a'] },
          ],
        },
        { language: 'fr', pages: ['a'] },
      ],
    },
    expected: [
      { pointer: '/navigation/languages/1/pages/0', message: /^"a" is also listed in the language "en" \(\/navigation\/languages\/0\/tabs\/0\/pages\/0\)/ },
    ],
  },
  {
    name: 'first listed outside any language, then in two languages: the second language is reported',
    navigation: {
      tabs: [
        { tab: 'A', pages: ['a'] },
        {
          tab: 'B',
          languages: [
            { language: 'en', pages: ['a'] },
            { language: 'fr', pages: ['a'] },
          ],
        },
      ],
    },
    expected: [
      {
        pointer: '/navigation/tabs/1/languages/1/pages/0',
        message: /^"a" is also listed in the language "en" \(\/navigation\/tabs\/1\/languages\/0\/pages\/0\)/,
      },
    ],
  },
  {
    name: 'a group’s `root` is where the page is listed first',
    navigation: {
      groups: [
        { group: 'A', root: '/a', pages: ['b'] },
        { group: 'B', root: 7, pages: ['c', 'a', 'b'] },
      ],
    },
    expected: [
      { pointer: '/navigation/groups/1/pages/1', message: /^"a" is already listed in the group "A" \(\/navigation\/groups\/0\/root\)/ },
      { pointer: '/navigation/groups/1/pages/2', message: /^"b" is already listed in the group "A" \(\/navigation\/groups\/0\/pages\/0\)/ },
    ],
  },
  { name: 'a webhook twice', navigation: { pages: ['webhook created', 'webhook created'] }, expected: [{ pointer: '/navigation/pages/1' }] },
  {
    name: 'the same spec entry twice, `/` before the spec ignored',
    navigation: { pages: ['api.json GET /a', '/api.json GET /a'] },
    expected: [{ pointer: '/navigation/pages/1' }],
  },
  {
    name: 'five levels down, across groups of one language',
    navigation: five([
      { group: 'A', pages: ['x'] },
      { group: 'B', pages: ['y', 'x/'] },
    ]),
    expected: [{ pointer: `${FIVE}/1/pages/1` }],
  },
  {
    name: 'a group’s `root` in its own `pages` and in another group: said once, at the other',
    navigation: {
      groups: [
        { group: 'G', root: 'a', pages: ['b', 'a'] },
        { group: 'H', pages: ['a'] },
      ],
    },
    expected: [{ pointer: '/navigation/groups/1/pages/0', message: /^"a" is already listed in the group "G" \(\/navigation\/groups\/0\/root\)/ }],
  },
  {
    name: 'the first listing found in `pages` past a group and beside another `root`',
    navigation: {
      groups: [
        { group: 'A', root: 'overview', pages: [{ group: 'Sub', pages: ['y'] }, 'x'] },
        { group: 'B', pages: ['x'] },
      ],
    },
    expected: [{ pointer: '/navigation/groups/1/pages/0', message: /^"x" is already listed in the group "A" \(\/navigation\/groups\/0\/pages\/1\)/ }],
  },
  {
    name: 'endpoints of two groups whose specs differ, however their names run together',
    navigation: {
      groups: [
        { group: 'A', openapi: ['a.json', 'b.json'], pages: ['GET /x'] },
        { group: 'B', openapi: 'a.jsonb.json', pages: ['GET /x'] },
      ],
    },
    expected: [],
  },
  { name: 'after junk', navigation: { pages: ['intro', ...JUNK, 'intro'] }, expected: [{ pointer: `/navigation/pages/${JUNK.length + 1}` }] },
  { name: '5,000 levels down', navigation: deep.navigation, expected: [{ pointer: `${deep.pointer}/pages/2` }] },
];

testRule(duplicatePage, cases, /^"[^"]*" is (already listed (earlier in the same list|in .+)|also listed in the language "[^"]+") \(\/navigation\/.*\)/);
