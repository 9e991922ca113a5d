import { PRIMARY_KEYS } from '../../src/navigation/model.js';
import { primaryPattern } from '../../src/rules/primary-pattern.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const deep = nestedGroups(5000, { pages: ['a'] });

const cases: RuleCase[] = [
  // Valid: exactly one primary pattern.
  ...PRIMARY_KEYS.map((key): RuleCase => ({ name: `only \`${key}\``, navigation: { [key]: [] }, expected: [] })),
  {
    name: '`global` beside the pattern is fine',
    navigation: { global: { anchors: [{ anchor: 'Blog', href: 'https://x.example' }] }, tabs: [{ tab: 'A', pages: ['a'] }] },
    expected: [],
  },
  { name: 'other root fields are not patterns', navigation: { openapi: 'api.json', pages: ['a'], icon: 'x' }, expected: [] },
  {
    name: 'patterns nested below the root are not counted',
    navigation: { tabs: [{ tab: 'A', groups: [{ group: 'G', pages: ['a'] }], anchors: [] }], global: { tabs: [], anchors: [] } },
    expected: [],
  },
  {
    name: 'one pattern five levels deep, each level with one child type',
    navigation: {
      products: [
        { product: 'P', dropdowns: [{ dropdown: 'D', anchors: [{ anchor: 'A', versions: [{ version: 'v1', languages: [{ language: 'en', tabs: [] }] }] }] }] },
      ],
    },
    expected: [],
  },
  { name: 'junk inside the one pattern', navigation: { pages: [...JUNK] }, expected: [] },
  { name: '5,000 nested groups', navigation: deep.navigation, expected: [] },
  { name: 'navigation that is not an object is the schema’s business', navigation: ['pages'], expected: [] },
  { name: 'null navigation', navigation: null, expected: [] },

  // None: the schema's missing-field (test/schema/no-primary-pattern.test.ts), not this rule's.
  { name: 'empty navigation', navigation: {}, expected: [] },
  { name: 'only `global`', navigation: { global: { anchors: [] } }, expected: [] },
  { name: 'a misspelled pattern is no pattern', navigation: { page: ['a'], tab: [] }, expected: [] },

  // Invalid: more than one, reported at the 2nd, 3rd… key as written.
  { name: 'pages and tabs', navigation: { pages: ['a'], tabs: [] }, expected: [{ pointer: '/navigation/tabs', at: 'key' }] },
  {
    name: 'tabs then pages: the later key',
    navigation: { tabs: [{ tab: 'A', pages: ['a'] }], pages: ['stray'] },
    expected: [{ pointer: '/navigation/pages', at: 'key' }],
  },
  {
    name: 'three patterns around `global`',
    navigation: { versions: [], global: {}, anchors: [], languages: [] },
    expected: [
      { pointer: '/navigation/anchors', at: 'key' },
      { pointer: '/navigation/languages', at: 'key' },
    ],
  },
  {
    name: 'all eight',
    navigation: Object.fromEntries(PRIMARY_KEYS.map((key) => [key, []])),
    expected: PRIMARY_KEYS.slice(1).map((key) => ({ pointer: `/navigation/${key}`, at: 'key' as const })),
  },
  {
    // A group holds only pages (the platform strips `tabs` there): the hint names only shapes the platform keeps.
    name: 'groups and tabs: the groups go into the tabs, not the other way',
    navigation: { groups: [{ group: 'G', pages: ['a'] }], tabs: [{ tab: 'T', pages: ['b'] }] },
    expected: [
      {
        pointer: '/navigation/tabs',
        at: 'key',
        message:
          /^`navigation` holds both `groups` and `tabs`; the root holds exactly one primary pattern\. The platform keeps `tabs` and silently drops `groups` \(no page of it is built\)\. Nest the `groups` inside the `tabs` entries\.$/,
      },
    ],
  },
  {
    name: 'pages and groups: put the loose pages into a group',
    navigation: { pages: ['a'], groups: [{ group: 'G', pages: ['g'] }] },
    expected: [
      { pointer: '/navigation/groups', at: 'key', message: /The platform keeps `groups` and silently drops `pages`.* Put the loose pages into a group\.$/ },
    ],
  },
  { name: 'a wrong-typed second pattern still counts', navigation: { groups: [], products: null }, expected: [{ pointer: '/navigation/products', at: 'key' }] },
];

testRule(primaryPattern, cases, /`navigation` holds (no primary pattern|both `\w+` and `\w+`)/);
