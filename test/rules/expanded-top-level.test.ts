import { expandedTopLevel } from '../../src/rules/expanded-top-level.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const group = (extra: Record<string, unknown> = {}) => ({ group: 'G', pages: ['a'], ...extra });
const nested = (extra: Record<string, unknown> = {}) => ({ group: 'Outer', pages: ['a', group(extra)] });
const five = (leaf: Record<string, unknown>) => ({
  products: [
    {
      product: 'P',
      dropdowns: [{ dropdown: 'D', anchors: [{ anchor: 'A', versions: [{ version: 'v1', languages: [{ language: 'en', groups: [leaf] }] }] }] }],
    },
  ],
});
const FIVE = '/navigation/products/0/dropdowns/0/anchors/0/versions/0/languages/0/groups/0';
const deepNested = nestedGroups(5000, { expanded: true, pages: ['a'] });
const deepTop = (() => {
  const built = nestedGroups(5000, { expanded: false, pages: ['a'] });
  (built.navigation as { groups: Array<Record<string, unknown>> }).groups[0].expanded = true;
  return built;
})();

const cases: RuleCase[] = [
  // Valid.
  { name: 'top-level group without `expanded`', navigation: { groups: [group()] }, expected: [] },
  { name: 'nested group with `expanded: true`', navigation: { groups: [nested({ expanded: true })] }, expected: [] },
  { name: 'nested group with `expanded: false`', navigation: { pages: [nested({ expanded: false })] }, expected: [] },
  { name: 'nested through a group’s `groups`', navigation: { groups: [{ group: 'Outer', groups: [group({ expanded: true })] }] }, expected: [] },
  {
    name: '`expanded` on other elements is not this rule',
    navigation: {
      tabs: [{ tab: 'T', expanded: true, menu: [{ item: 'I', expanded: true }] }],
      global: { anchors: [{ anchor: 'A', href: 'https://x.example', expanded: true }] },
    },
    expected: [],
  },
  { name: 'nested, five levels down', navigation: five(nested({ expanded: true })), expected: [] },
  { name: 'junk in pages', navigation: { pages: [...JUNK] }, expected: [] },
  { name: 'innermost of 5,000 nested groups', navigation: deepNested.navigation, expected: [] },

  // Invalid: at the `expanded` key of a group whose parent is not a group.
  {
    name: 'under the root’s groups',
    navigation: { groups: [group(), group({ expanded: true })] },
    expected: [{ pointer: '/navigation/groups/1/expanded', at: 'key' }],
  },
  { name: '`expanded: false` too', navigation: { groups: [group({ expanded: false })] }, expected: [{ pointer: '/navigation/groups/0/expanded', at: 'key' }] },
  { name: 'non-boolean value too', navigation: { groups: [group({ expanded: 'yes' })] }, expected: [{ pointer: '/navigation/groups/0/expanded', at: 'key' }] },
  {
    name: 'under the root’s pages',
    navigation: { pages: ['a', group({ expanded: true })] },
    expected: [{ pointer: '/navigation/pages/1/expanded', at: 'key' }],
  },
  {
    name: 'under a tab’s groups',
    navigation: { tabs: [{ tab: 'T', groups: [group({ expanded: true })] }] },
    expected: [{ pointer: '/navigation/tabs/0/groups/0/expanded', at: 'key' }],
  },
  {
    name: 'under a tab’s pages',
    navigation: { tabs: [{ tab: 'T', pages: ['x', group({ expanded: true })] }] },
    expected: [{ pointer: '/navigation/tabs/0/pages/1/expanded', at: 'key' }],
  },
  {
    name: 'under a menu item',
    navigation: { tabs: [{ tab: 'T', menu: [{ item: 'I', groups: [group({ expanded: true })] }] }] },
    expected: [{ pointer: '/navigation/tabs/0/menu/0/groups/0/expanded', at: 'key' }],
  },
  {
    name: 'under an anchor, a dropdown, a version, a language',
    navigation: {
      anchors: [
        { anchor: 'A', groups: [group({ expanded: true })] },
        { anchor: 'B', dropdowns: [{ dropdown: 'D', pages: [group({ expanded: true })] }] },
        { anchor: 'C', versions: [{ version: 'v1', languages: [{ language: 'en', groups: [group({ expanded: false })] }] }] },
      ],
    },
    expected: [
      { pointer: '/navigation/anchors/0/groups/0/expanded', at: 'key' },
      { pointer: '/navigation/anchors/1/dropdowns/0/pages/0/expanded', at: 'key' },
      { pointer: '/navigation/anchors/2/versions/0/languages/0/groups/0/expanded', at: 'key' },
    ],
  },
  {
    name: 'top-level five levels down; its nested group is fine',
    navigation: five({ group: 'Top', expanded: true, pages: [group({ expanded: true })] }),
    expected: [{ pointer: `${FIVE}/expanded`, at: 'key' }],
  },
  {
    name: 'a group after junk',
    navigation: { pages: [...JUNK, group({ expanded: true })] },
    expected: [{ pointer: `/navigation/pages/${JUNK.length}/expanded`, at: 'key' }],
  },
  {
    name: 'top of 5,000 nested groups, not the innermost',
    navigation: deepTop.navigation,
    expected: [{ pointer: '/navigation/groups/0/expanded', at: 'key' }],
  },
];

testRule(expandedTopLevel, cases, /`expanded` has no effect on a top-level group/);
