import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';
import { mixedChildren } from '../../src/rules/mixed-children.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

/** One group, one anchor: entries for arrays that must not be empty. */
const G = { group: 'G', pages: ['g'] };
const A = { anchor: 'X', pages: ['x'] };

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
const deepOk = nestedGroups(5000, { pages: ['a', { group: 'last', pages: ['b'] }] });
const deepBad = nestedGroups(5000, { pages: ['a'], groups: [] });

const cases: RuleCase[] = [
  // Valid: one child type per level.
  { name: 'tab with groups', navigation: { tabs: [{ tab: 'A', icon: 'x', href: 'https://x.example', groups: [{ group: 'G', pages: ['a'] }] }] }, expected: [] },
  { name: 'tab with pages', navigation: { tabs: [{ tab: 'A', pages: ['a', { group: 'G', pages: ['b'] }] }] }, expected: [] },
  {
    name: 'tab with anchors that hold groups',
    navigation: { tabs: [{ tab: 'A', anchors: [{ anchor: 'B', groups: [{ group: 'G', pages: ['a'] }] }] }] },
    expected: [],
  },
  {
    name: 'tab with a menu of groups',
    navigation: {
      tabs: [
        {
          tab: 'A',
          menu: [
            { item: 'I', groups: [{ group: 'G', pages: ['a'] }] },
            { item: 'J', pages: ['b'] },
          ],
        },
      ],
    },
    expected: [],
  },
  { name: 'the root is primary-pattern’s business', navigation: { pages: ['a'], groups: [] }, expected: [] },
  {
    name: '`global` holds several arrays',
    navigation: { tabs: [], global: { anchors: [{ anchor: 'A', href: 'https://x.example' }], tabs: [], languages: [] } },
    expected: [],
  },
  {
    name: 'non-child fields do not count',
    navigation: { versions: [{ version: 'v1', default: true, openapi: 'a.json', global: { anchors: [] }, tabs: [] }] },
    expected: [],
  },
  { name: 'five levels, one type each', navigation: five({ groups: [{ group: 'G', pages: ['a'] }] }), expected: [] },
  { name: 'junk inside a tab’s pages', navigation: { tabs: [{ tab: 'A', pages: [...JUNK] }] }, expected: [] },
  { name: 'junk child lists', navigation: { tabs: [null, 3, [], { tab: 'A', groups: [null, [1], 'x'] }] }, expected: [] },
  { name: '5,000 nested groups, one type each', navigation: deepOk.navigation, expected: [] },
  // A group holds only `pages`: `groups` (or `tabs`) on a group is stripped by the platform and is the schema's unknown-field.
  { name: 'a group with `groups` 5,000 levels down is the schema’s', navigation: deepBad.navigation, expected: [] },
  {
    name: 'a tab with `tabs` is the schema’s (the platform strips same-kind nesting)',
    navigation: { tabs: [{ tab: 'A', groups: [], tabs: [] }] },
    expected: [],
  },

  // Invalid: reported at the extra keys, as written.
  {
    name: 'tab with anchors and groups',
    navigation: { tabs: [{ tab: 'A', anchors: [], groups: [] }] },
    expected: [{ pointer: '/navigation/tabs/0/groups', at: 'key' }],
  },
  {
    name: 'tab with groups and pages',
    navigation: { tabs: [{ tab: 'A', groups: [{ group: 'G', pages: ['a'] }], pages: ['b'] }] },
    expected: [{ pointer: '/navigation/tabs/0/pages', at: 'key' }],
  },
  {
    name: 'tab with pages and groups',
    navigation: { tabs: [{ tab: 'A', pages: ['b'], groups: [] }] },
    expected: [{ pointer: '/navigation/tabs/0/groups', at: 'key' }],
  },
  {
    name: '`menu` counts as a child type',
    navigation: { tabs: [{ tab: 'A', menu: [{ item: 'I', pages: ['a'] }], groups: [] }] },
    expected: [{ pointer: '/navigation/tabs/0/groups', at: 'key' }],
  },
  {
    name: 'product with menu and pages',
    navigation: { products: [{ product: 'P', pages: ['a'], menu: [] }] },
    expected: [{ pointer: '/navigation/products/0/menu', at: 'key' }],
  },
  {
    name: 'menu item with groups and pages',
    navigation: { tabs: [{ tab: 'A', menu: [{ item: 'I', groups: [], pages: ['a'] }] }] },
    expected: [{ pointer: '/navigation/tabs/0/menu/0/pages', at: 'key' }],
  },
  {
    name: 'version with three child types: both extra keys',
    navigation: { versions: [{ version: 'v1', tabs: [], global: {}, groups: [], pages: [] }] },
    expected: [
      { pointer: '/navigation/versions/0/groups', at: 'key' },
      { pointer: '/navigation/versions/0/pages', at: 'key' },
    ],
  },
  {
    name: 'anchor, dropdown, language: each reported',
    navigation: {
      anchors: [
        { anchor: 'A', groups: [], pages: [] },
        { anchor: 'B', dropdowns: [{ dropdown: 'D', pages: [], tabs: [] }], languages: [{ language: 'en', anchors: [], tabs: [] }] },
      ],
    },
    expected: [
      { pointer: '/navigation/anchors/0/pages', at: 'key' },
      { pointer: '/navigation/anchors/1/languages', at: 'key' },
      { pointer: '/navigation/anchors/1/dropdowns/0/tabs', at: 'key' },
      { pointer: '/navigation/anchors/1/languages/0/tabs', at: 'key' },
    ],
  },
  {
    name: 'menu item six levels down',
    navigation: five({ groups: [{ group: 'G', pages: ['a'] }], pages: ['b'] }),
    expected: [{ pointer: `${FIVE}/pages`, at: 'key' }],
  },
  {
    name: 'a menu item inside junk is still checked',
    navigation: { tabs: [null, ...JUNK, { tab: 'T', menu: [...JUNK, { item: 'I', groups: [], pages: [] }] }] },
    expected: [{ pointer: `/navigation/tabs/${JUNK.length + 1}/menu/${JUNK.length}/pages`, at: 'key' }],
  },

  // The message names the element (by its name when it has one) and says what to do.
  {
    name: 'groups, then pages: put the loose pages into a group',
    navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'G', pages: ['g'] }], pages: ['a'] }] },
    expected: [
      {
        pointer: '/navigation/tabs/0/pages',
        at: 'key',
        message:
          /^The tab "Guides" holds both `groups` and `pages`; an element holds one type of child per level \(spec rule 3\)\. The platform keeps `groups` and silently drops `pages` \(no page of it is built\)\. Put the loose pages into a group\.$/,
      },
    ],
  },
  {
    name: 'pages, then groups: put the loose pages into a group',
    navigation: { anchors: [{ anchor: 'API', pages: ['a'], groups: [{ group: 'G', pages: ['g'] }] }] },
    expected: [
      {
        pointer: '/navigation/anchors/0/groups',
        at: 'key',
        message:
          /^The anchor "API" holds both `pages` and `groups`;.* The platform keeps `groups` and silently drops `pages`.* Put the loose pages into a group\.$/,
      },
    ],
  },
  {
    // Only shapes the platform keeps: a group holds only pages (it strips `tabs` there), and a
    // `pages` entry is a page or a group; the platform's validator keeps one child array per
    // element, the first of its own order (@mintlify/validation 0.1.878, every pair measured).
    name: 'other pairs: nest the one the platform drops inside the entries of the one it keeps',
    navigation: {
      // Arrays of divisions hold one entry each: an empty one is dropped alone, never kept (invalid-value says so).
      tabs: [
        { tab: 'A', groups: [G], anchors: [A] },
        { tab: 'B', pages: [], anchors: [A] },
        { tab: 'C', anchors: [A], pages: [] },
        { tab: 'D', anchors: [A], groups: [G] },
        { tab: 'E', menu: [], anchors: [A] },
      ],
      languages: [{ language: 'en', groups: [G], tabs: [{ tab: 'T', pages: ['t'] }] }],
    },
    expected: [
      {
        pointer: '/navigation/tabs/0/anchors',
        at: 'key',
        message:
          /holds both `groups` and `anchors`;.*\)\. The platform keeps `anchors` and silently drops `groups` \(no page of it is built\)\. Nest the `groups` inside the `anchors` entries\.$/,
      },
      {
        pointer: '/navigation/tabs/1/anchors',
        at: 'key',
        message:
          /holds both `pages` and `anchors`;.* The platform keeps `anchors` and silently drops `pages`.* Nest the `pages` inside the `anchors` entries\.$/,
      },
      {
        pointer: '/navigation/tabs/2/pages',
        at: 'key',
        message:
          /holds both `anchors` and `pages`;.* The platform keeps `anchors` and silently drops `pages`.* Nest the `pages` inside the `anchors` entries\.$/,
      },
      {
        pointer: '/navigation/tabs/3/groups',
        at: 'key',
        message: /holds both `anchors` and `groups`;.* Nest the `groups` inside the `anchors` entries\.$/,
      },
      {
        // A menu item holds any division (issue 65): the anchors can go into the menu's entries.
        pointer: '/navigation/tabs/4/anchors',
        at: 'key',
        message: /holds both `menu` and `anchors`;.* The platform keeps `anchors` and silently drops `menu`.* Nest the `anchors` inside the `menu` entries\.$/,
      },
      {
        pointer: '/navigation/languages/0/tabs',
        at: 'key',
        message:
          /^The language "en" holds both `groups` and `tabs`;.* The platform keeps `tabs` and silently drops `groups` \(no page of it is built\)\. Nest the `groups` inside the `tabs` entries\.$/,
      },
    ],
  },
  {
    name: 'three child arrays: the one the platform keeps, both dropped',
    // Each array holds one entry: an empty array of divisions is dropped alone (invalid-value says so), never kept.
    navigation: { versions: [{ version: 'v1', pages: [], groups: [{ group: 'G', pages: ['g'] }], tabs: [{ tab: 'T', pages: ['t'] }] }] },
    expected: [
      {
        pointer: '/navigation/versions/0/groups',
        at: 'key',
        message: /The platform keeps `tabs` and silently drops `pages` and `groups`.* Put the loose pages into a group\.$/,
      },
      {
        pointer: '/navigation/versions/0/tabs',
        at: 'key',
        message: /The platform keeps `tabs` and silently drops `pages` and `groups`.* Nest the `pages` inside the `tabs` entries\.$/,
      },
    ],
  },
  {
    name: 'an element without a usable name is named by its kind',
    navigation: {
      tabs: [
        { tab: '', groups: [], pages: [] },
        { tab: 7, groups: [], pages: [] },
        { groups: [], pages: [] },
      ],
      anchors: [{ anchor: ['A'], groups: [], pages: [] }],
    },
    expected: [
      { pointer: '/navigation/tabs/0/pages', at: 'key', message: /^A tab holds both `groups` and `pages`;/ },
      { pointer: '/navigation/tabs/1/pages', at: 'key', message: /^A tab holds both/ },
      { pointer: '/navigation/tabs/2/pages', at: 'key', message: /^A tab holds both/ },
      { pointer: '/navigation/anchors/0/pages', at: 'key', message: /^An anchor holds both/ },
    ],
  },

  // A tab with `graphql` or `sdk` generates its pages: no children or only `groups` (platform-facts §1a).
  {
    name: 'tab with graphql and groups',
    navigation: { tabs: [{ tab: 'A', graphql: 'schema.graphql', groups: [{ group: 'G', pages: ['a'] }] }] },
    expected: [],
  },
  { name: 'tab with sdk and no children', navigation: { tabs: [{ tab: 'A', sdk: { format: 'typedoc', source: 'sdk/' } }] }, expected: [] },
  {
    name: 'tab with graphql and pages',
    navigation: { tabs: [{ tab: 'A', graphql: { source: 'schema.graphql' }, pages: ['a'] }] },
    expected: [
      {
        pointer: '/navigation/tabs/0/pages',
        at: 'key',
        message: /^The tab "A" has `graphql`, which generates its pages, so it holds no children or only `groups`; `pages` is not allowed beside it\.$/,
      },
    ],
  },
  {
    name: 'tab with sdk and anchors',
    navigation: { tabs: [{ tab: 'A', sdk: { format: 'javadoc', source: 'x' }, anchors: [] }] },
    expected: [{ pointer: '/navigation/tabs/0/anchors', at: 'key' }],
  },
];

testRule(
  mixedChildren,
  cases,
  /holds both `\w+` and `\w+`; an element holds one type of child per level|has `(graphql|sdk)`, which generates its pages, so it holds no children or only `groups`/i,
);

describe('mixed-children beside an array the platform drops for a malformed entry', () => {
  const said = (groups: unknown[]) =>
    validateText(
      JSON.stringify({
        ...REQUIRED_SETTINGS,
        navigation: {
          tabs: [
            { tab: 'T', groups, pages: ['b'] },
            { tab: 'U', pages: ['c'] },
          ],
        },
      }),
    )
      .problems.filter((p) => p.code === 'mixed-children')
      .map((p) => p.message.split('. ')[1]);
  it('names the array the platform keeps: `pages` when the `groups` are lost, `groups` when they are sound', () => {
    expect(said([{ group: 'G', pages: ['a'] }, { group: 5 }])).toEqual(['The platform keeps `pages` and silently drops `groups` (no page of it is built)']);
    expect(said([{ group: 'G', pages: ['a'] }])).toEqual(['The platform keeps `groups` and silently drops `pages` (no page of it is built)']);
  });
});
