import { duplicateDefault } from '../../src/rules/duplicate-default.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const versions = (...defaults: unknown[]) => defaults.map((d, i) => ({ version: `v${i}`, ...(d === undefined ? {} : { default: d }), pages: ['a'] }));
const languages = (...defaults: unknown[]) =>
  defaults.map((d, i) => ({ language: ['en', 'fr', 'de', 'es'][i], ...(d === undefined ? {} : { default: d }), pages: ['a'] }));
const deep = nestedGroups(5000, { pages: ['a'] });

const cases: RuleCase[] = [
  // Valid.
  { name: 'one default version', navigation: { versions: versions(undefined, true, false) }, expected: [] },
  { name: 'no default', navigation: { versions: versions(undefined, false) }, expected: [] },
  { name: 'one default language', navigation: { languages: languages(true, undefined) }, expected: [] },
  { name: 'only `true` counts', navigation: { versions: versions(true, 'true', 1, false, null) }, expected: [] },
  {
    name: 'one default per sibling list, not per file',
    navigation: {
      versions: [
        { version: 'v1', default: true, languages: languages(true, false) },
        { version: 'v2', languages: languages(undefined, true) },
      ],
    },
    expected: [],
  },
  { name: 'junk in the lists', navigation: { versions: [...JUNK, { version: 'v1', default: true }] }, expected: [] },
  { name: 'not a list', navigation: { versions: { version: 'v1', default: true }, languages: 'en' }, expected: [] },
  { name: '5,000 nested groups', navigation: deep.navigation, expected: [] },

  // Invalid: at the 2nd, 3rd… `default` value.
  {
    name: 'two default versions',
    navigation: { versions: versions(true, true) },
    expected: [
      {
        pointer: '/navigation/versions/1/default',
        message: /^More than one version says `default: true` \("v0" already does\); only one can be the default\.$/,
      },
    ],
  },
  {
    name: 'three of four',
    navigation: { versions: versions(true, false, true, true) },
    expected: [{ pointer: '/navigation/versions/2/default' }, { pointer: '/navigation/versions/3/default' }],
  },
  {
    name: 'two default languages',
    navigation: { languages: languages(undefined, true, true) },
    expected: [{ pointer: '/navigation/languages/2/default', message: /^More than one language says `default: true` \("\w+" already does\)/ }],
  },
  {
    name: 'versions first, then languages inside a version, in walk order',
    navigation: {
      versions: [
        { version: 'v1', default: true, languages: languages(true, true) },
        { version: 'v2', default: true },
      ],
    },
    expected: [{ pointer: '/navigation/versions/1/default' }, { pointer: '/navigation/versions/0/languages/1/default' }],
  },
  {
    name: 'junk between the defaults',
    navigation: { languages: [{ language: 'en', default: true }, ...JUNK, { language: 'fr', default: true }] },
    expected: [{ pointer: `/navigation/languages/${JUNK.length + 1}/default` }],
  },
  {
    name: 'five levels down: versions in a tab',
    navigation: {
      products: [{ product: 'P', dropdowns: [{ dropdown: 'D', anchors: [{ anchor: 'A', tabs: [{ tab: 'T', versions: versions(true, true) }] }] }] }],
    },
    expected: [{ pointer: '/navigation/products/0/dropdowns/0/anchors/0/tabs/0/versions/1/default' }],
  },
  {
    name: 'languages inside a menu item',
    navigation: { tabs: [{ tab: 'T', menu: [{ item: 'I', languages: languages(true, true) }] }] },
    expected: [{ pointer: '/navigation/tabs/0/menu/0/languages/1/default' }],
  },
];

testRule(duplicateDefault, cases, /More than one (version|language) says `default: true`/);
