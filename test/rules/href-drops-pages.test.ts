/**
 * href-drops-pages: a division with a link `href` and child arrays, which the platform makes a link,
 * dropping the arrays (src/navigation/platform-drops.ts). Said at the `href` key, naming the division,
 * the arrays and the pages lost. (The rules target's whole run on a0bbeba: its only tests were the
 * schema's and the platform drops', outside the target; every mutant of the rule survived.)
 */
import { hrefDropsPages } from '../../src/rules/href-drops-pages.js';
import { testRule, type RuleCase } from './harness.js';

const nine = Array.from({ length: 9 }, (_, i) => `p${i + 1}`);

const cases: RuleCase[] = [
  {
    name: 'a link with no child array, children with no link, an href the platform does not take for a link, a group’s href',
    navigation: {
      tabs: [
        { tab: 'A', href: 'https://x.example' },
        { tab: 'B', pages: ['a'] },
        { tab: 'C', href: 'guides/x', pages: ['a'] },
        { tab: 'D', href: 7, pages: ['a'] },
        { tab: 'E', pages: [{ group: 'G', href: 'https://x.example', pages: ['b'] }] },
      ],
    },
    expected: [],
  },
  {
    name: 'a tab, an anchor, a version and a menu item, with each form of link',
    navigation: {
      tabs: [
        { tab: 'Blog', href: 'https://example.com/blog', pages: ['post-1', 'post-2'] },
        { tab: 'T', menu: [{ item: 'Item', href: '/elsewhere', pages: ['m'] }] },
      ],
      anchors: [{ anchor: 'Mail', href: 'mailto:x@example.com', groups: [{ group: 'G', pages: ['g'] }] }],
      versions: [{ version: 'v1', href: '#top', tabs: [{ tab: 'U', pages: ['u'] }] }],
    },
    expected: [
      {
        pointer: '/navigation/tabs/0/href',
        at: 'key',
        message:
          /^A tab "Blog" has an `href` and `pages`: the platform makes it a link to "https:\/\/example\.com\/blog" and drops `pages` \(2 pages: "post-1", "post-2"\)\. Remove `href` to keep them, or move them elsewhere and keep the link\.$/,
      },
      {
        pointer: '/navigation/tabs/1/menu/0/href',
        at: 'key',
        message: /^A menu item "Item" has an `href` and `pages`: .* link to "\/elsewhere" and drops `pages` \(1 page: "m"\)/,
      },
      {
        pointer: '/navigation/anchors/0/href',
        at: 'key',
        message: /^An anchor "Mail" has an `href` and `groups`: .* link to "mailto:x@example\.com" and drops `groups` \(1 page: "g"\)/,
      },
      {
        pointer: '/navigation/versions/0/href',
        at: 'key',
        message: /^A version "v1" has an `href` and `tabs`: .* link to "#top" and drops `tabs` \(1 page: "u"\)/,
      },
    ],
  },
  {
    name: 'two arrays lost, each named; more than eight pages counted',
    navigation: { dropdowns: [{ dropdown: 'D', href: 'https://x.example', groups: [{ group: 'G', pages: nine }], pages: ['last'] }] },
    expected: [
      {
        pointer: '/navigation/dropdowns/0/href',
        at: 'key',
        message:
          /^A dropdown "D" has an `href` and `pages` and `groups`: the platform makes it a link to "https:\/\/x\.example" and drops `pages` and `groups` \(10 pages: "last", "p1", "p2", "p3", "p4", "p5", "p6", "p7", and 2 more\)\./,
      },
    ],
  },
  {
    name: 'a division whose name is not a string is still said, unnamed; an empty array loses no page',
    navigation: { tabs: [{ tab: 7, href: 'https://x.example', pages: [] }] },
    expected: [
      {
        pointer: '/navigation/tabs/0/href',
        at: 'key',
        message: /^A tab has an `href` and `pages`: the platform makes it a link to "https:\/\/x\.example" and drops `pages` \(no pages\)\./,
      },
    ],
  },
];

testRule(
  hrefDropsPages,
  cases,
  /^An? [a-z ]+( "[^"]*")? has an `href` and .+: the platform makes it a link to ".*" and drops .+\. Remove `href` to keep them, or move them elsewhere and keep the link\.$/,
);
