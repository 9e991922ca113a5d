/**
 * The navigation upgrade (src/mint/navigation.ts) on the shapes the rule-by-rule cases leave out:
 * which kind of division goes on top, divisions nested in the other kind, global tabs and anchors
 * beside local ones, versions and languages with versioned divisions, icons with styles, hidden
 * divisions, groups nested past the depth docsnav follows. For each: the docs.json navigation (keys
 * in the platform's order), the mint.json value every part of it goes back to, and how many parts
 * each navigation value of the mint.json is the source of.
 */
import { describe, expect, it } from 'vitest';
import { MAX_NAVIGATION_DEPTH } from '../../src/limits.js';
import { upgradeMintConfig } from '../../src/mint/upgrade.js';
import { mintOf } from './cases.js';

/** Every pointer into a value, parents first, keys in order. */
function pointersOf(value: unknown, at = ''): string[] {
  const out = [at];
  if (typeof value === 'object' && value !== null) for (const [key, child] of Object.entries(value)) out.push(...pointersOf(child, `${at}/${key}`));
  return out;
}

/** The lines of a table cell written between two line breaks (a line may end in a space). */
const lines = (text: string) => text.slice(1, -1).split('\n');

/** The mint.json keys the navigation is made of. */
const NAVIGATION_SOURCE = /^\/(navigation|tabs|anchors|versions|primaryTab|topAnchor)(\/|$)/;

interface NavigationCase {
  name: string;
  mint: Record<string, unknown>;
  navigation: Record<string, unknown>;
  /** `docs.json pointer <- mint.json pointer`, for every part of the navigation. */
  origins: string;
  /** `mint.json pointer uses`, for every navigation value of the mint.json. */
  uses: string;
}

const CASES: NavigationCase[] = [
  {
    name: 'no navigation at all: an empty list of groups, from navigation',
    mint: { navigation: [] },
    navigation: { groups: [] },
    origins: `
/navigation <- /navigation
/navigation/groups <- /navigation
`,
    uses: `
/navigation 2
`,
  },
  {
    name: 'a group icon with a style, and one without',
    mint: {
      navigation: [
        { group: 'Get Started', icon: 'rocket', iconType: 'duotone', pages: ['introduction'] },
        { group: 'Guides', icon: 'book', pages: ['guides/setup'] },
      ],
    },
    navigation: {
      groups: [
        { group: 'Get Started', pages: ['introduction'], icon: { name: 'rocket', style: 'duotone' } },
        { group: 'Guides', pages: ['guides/setup'], icon: 'book' },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/groups <- /navigation
/navigation/groups/0 <- /navigation/0
/navigation/groups/0/group <- /navigation/0/group
/navigation/groups/0/pages <- /navigation/0/pages
/navigation/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/groups/0/icon <- /navigation/0/icon
/navigation/groups/0/icon/name <- /navigation/0/icon
/navigation/groups/0/icon/style <- /navigation/0/iconType
/navigation/groups/1 <- /navigation/1
/navigation/groups/1/group <- /navigation/1/group
/navigation/groups/1/pages <- /navigation/1/pages
/navigation/groups/1/pages/0 <- /navigation/1/pages/0
/navigation/groups/1/icon <- /navigation/1/icon
`,
    uses: `
/navigation 2
/navigation/0 1
/navigation/0/group 1
/navigation/0/icon 2
/navigation/0/iconType 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 1
/navigation/1/group 1
/navigation/1/icon 1
/navigation/1/pages 1
/navigation/1/pages/0 1
`,
  },
  {
    name: 'a tab url written with a leading slash matches the pages under it, not those that only start with its letters',
    mint: {
      navigation: [{ group: 'API Reference', icon: 'code', iconType: 'solid', pages: ['api/users', 'apix/intro'] }],
      tabs: [{ name: 'API', url: '/api', isDefaultHidden: true }],
      primaryTab: { name: 'Guides', isDefaultHidden: false },
    },
    navigation: {
      tabs: [
        { tab: 'Guides', hidden: false, groups: [{ group: 'API Reference', icon: { name: 'code', style: 'solid' }, pages: ['apix/intro'] }] },
        { tab: 'API', hidden: true, groups: [{ group: 'API Reference', icon: { name: 'code', style: 'solid' }, pages: ['api/users'] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/tabs <- /tabs
/navigation/tabs/0 <- /primaryTab
/navigation/tabs/0/tab <- /primaryTab/name
/navigation/tabs/0/hidden <- /primaryTab/isDefaultHidden
/navigation/tabs/0/groups <- /primaryTab
/navigation/tabs/0/groups/0 <- /navigation/0
/navigation/tabs/0/groups/0/group <- /navigation/0/group
/navigation/tabs/0/groups/0/icon <- /navigation/0/icon
/navigation/tabs/0/groups/0/icon/name <- /navigation/0/icon
/navigation/tabs/0/groups/0/icon/style <- /navigation/0/iconType
/navigation/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/tabs/0/groups/0/pages/0 <- /navigation/0/pages/1
/navigation/tabs/1 <- /tabs/0
/navigation/tabs/1/tab <- /tabs/0/name
/navigation/tabs/1/hidden <- /tabs/0/isDefaultHidden
/navigation/tabs/1/groups <- /tabs/0
/navigation/tabs/1/groups/0 <- /navigation/0
/navigation/tabs/1/groups/0/group <- /navigation/0/group
/navigation/tabs/1/groups/0/icon <- /navigation/0/icon
/navigation/tabs/1/groups/0/icon/name <- /navigation/0/icon
/navigation/tabs/1/groups/0/icon/style <- /navigation/0/iconType
/navigation/tabs/1/groups/0/pages <- /navigation/0/pages
/navigation/tabs/1/groups/0/pages/0 <- /navigation/0/pages/0
`,
    uses: `
/navigation 1
/navigation/0 2
/navigation/0/group 2
/navigation/0/icon 4
/navigation/0/iconType 2
/navigation/0/pages 2
/navigation/0/pages/0 1
/navigation/0/pages/1 1
/tabs 1
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/tabs/0/isDefaultHidden 1
/primaryTab 1
/primaryTab/name 1
/primaryTab/isDefaultHidden 1
`,
  },
  {
    name: 'http:// tabs are external links too: global tabs (hidden: false kept as written)',
    mint: {
      navigation: [{ group: 'Start', pages: ['intro'] }],
      tabs: [
        { name: 'Blog', url: 'http://blog.example.com', isDefaultHidden: false },
        { name: 'Status', url: 'https://status.example.com' },
      ],
    },
    navigation: {
      tabs: [{ tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] }],
      global: {
        tabs: [
          { tab: 'Blog', href: 'http://blog.example.com' },
          { tab: 'Status', href: 'https://status.example.com' },
        ],
      },
    },
    origins: `
/navigation <- /navigation
/navigation/tabs <- /tabs
/navigation/tabs/0 <- /tabs
/navigation/tabs/0/tab <- /tabs
/navigation/tabs/0/groups <- /tabs
/navigation/tabs/0/groups/0 <- /navigation/0
/navigation/tabs/0/groups/0/group <- /navigation/0/group
/navigation/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/global <- /navigation
/navigation/global/tabs <- /tabs
/navigation/global/tabs/0 <- /tabs/0
/navigation/global/tabs/0/tab <- /tabs/0/name
/navigation/global/tabs/0/href <- /tabs/0/url
/navigation/global/tabs/1 <- /tabs/1
/navigation/global/tabs/1/tab <- /tabs/1/name
/navigation/global/tabs/1/href <- /tabs/1/url
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/tabs 2
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/tabs/0/isDefaultHidden 0
/tabs/1 1
/tabs/1/name 1
/tabs/1/url 1
`,
  },
  {
    name: 'a tab whose url is no string, with no page: left out',
    mint: { navigation: [], tabs: [{ name: 'Odd', url: ['https://x.example.com'] }] },
    navigation: { tabs: [] },
    origins: `
/navigation <- /navigation
/navigation/tabs <- /tabs
`,
    uses: `
/navigation 1
/tabs 1
/tabs/0 0
/tabs/0/name 0
/tabs/0/url 0
/tabs/0/url/0 0
`,
  },
  {
    name: 'anchors, one external and one with pages: no global anchors',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'SDKs', pages: ['sdks/node'] },
      ],
      anchors: [
        { name: 'GitHub', icon: 'github', url: 'https://github.com/acme/acme' },
        { name: 'SDKs', icon: 'code', color: '#0D9373', url: 'sdks', isDefaultHidden: true },
      ],
      topAnchor: { name: 'Docs', icon: 'house', iconType: 'solid' },
    },
    navigation: {
      anchors: [
        { anchor: 'Docs', icon: { name: 'house', style: 'solid' }, groups: [{ group: 'Start', pages: ['intro'] }] },
        { anchor: 'GitHub', href: 'https://github.com/acme/acme', icon: 'github' },
        { anchor: 'SDKs', hidden: true, icon: 'code', color: { light: '#0D9373', dark: '#0D9373' }, groups: [{ group: 'SDKs', pages: ['sdks/node'] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/anchors <- /anchors
/navigation/anchors/0 <- /topAnchor
/navigation/anchors/0/anchor <- /topAnchor/name
/navigation/anchors/0/icon <- /topAnchor/icon
/navigation/anchors/0/icon/name <- /topAnchor/icon
/navigation/anchors/0/icon/style <- /topAnchor/iconType
/navigation/anchors/0/groups <- /topAnchor
/navigation/anchors/0/groups/0 <- /navigation/0
/navigation/anchors/0/groups/0/group <- /navigation/0/group
/navigation/anchors/0/groups/0/pages <- /navigation/0/pages
/navigation/anchors/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/anchors/1 <- /anchors/0
/navigation/anchors/1/anchor <- /anchors/0/name
/navigation/anchors/1/href <- /anchors/0/url
/navigation/anchors/1/icon <- /anchors/0/icon
/navigation/anchors/2 <- /anchors/1
/navigation/anchors/2/anchor <- /anchors/1/name
/navigation/anchors/2/hidden <- /anchors/1/isDefaultHidden
/navigation/anchors/2/icon <- /anchors/1/icon
/navigation/anchors/2/color <- /anchors/1/color
/navigation/anchors/2/color/light <- /anchors/1/color
/navigation/anchors/2/color/dark <- /anchors/1/color
/navigation/anchors/2/groups <- /anchors/1
/navigation/anchors/2/groups/0 <- /navigation/1
/navigation/anchors/2/groups/0/group <- /navigation/1/group
/navigation/anchors/2/groups/0/pages <- /navigation/1/pages
/navigation/anchors/2/groups/0/pages/0 <- /navigation/1/pages/0
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 1
/navigation/1/group 1
/navigation/1/pages 1
/navigation/1/pages/0 1
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/icon 1
/anchors/0/url 1
/anchors/1 1
/anchors/1/name 1
/anchors/1/icon 1
/anchors/1/color 3
/anchors/1/url 1
/anchors/1/isDefaultHidden 1
/topAnchor 1
/topAnchor/name 1
/topAnchor/icon 2
/topAnchor/iconType 1
`,
  },
  {
    name: 'global anchors: a style without an icon, a hidden one, an unhidden one',
    mint: {
      navigation: [{ group: 'Start', pages: ['intro'] }],
      anchors: [
        { name: 'Community', url: 'https://community.example.com', iconType: 'brands', isDefaultHidden: true },
        { name: 'Blog', url: 'https://blog.example.com', icon: 'newspaper', iconType: 'solid', color: '#112233', isDefaultHidden: false },
      ],
    },
    navigation: {
      anchors: [{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'Start', pages: ['intro'] }] }],
      global: {
        anchors: [
          { anchor: 'Community', href: 'https://community.example.com', hidden: true },
          { anchor: 'Blog', href: 'https://blog.example.com', icon: { name: 'newspaper', style: 'solid' }, color: { light: '#112233', dark: '#112233' } },
        ],
      },
    },
    origins: `
/navigation <- /navigation
/navigation/anchors <- /anchors
/navigation/anchors/0 <- /anchors
/navigation/anchors/0/anchor <- /anchors
/navigation/anchors/0/icon <- /anchors
/navigation/anchors/0/groups <- /anchors
/navigation/anchors/0/groups/0 <- /navigation/0
/navigation/anchors/0/groups/0/group <- /navigation/0/group
/navigation/anchors/0/groups/0/pages <- /navigation/0/pages
/navigation/anchors/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/global <- /navigation
/navigation/global/anchors <- /anchors
/navigation/global/anchors/0 <- /anchors/0
/navigation/global/anchors/0/anchor <- /anchors/0/name
/navigation/global/anchors/0/href <- /anchors/0/url
/navigation/global/anchors/0/hidden <- /anchors/0/isDefaultHidden
/navigation/global/anchors/1 <- /anchors/1
/navigation/global/anchors/1/anchor <- /anchors/1/name
/navigation/global/anchors/1/href <- /anchors/1/url
/navigation/global/anchors/1/icon <- /anchors/1/icon
/navigation/global/anchors/1/icon/name <- /anchors/1/icon
/navigation/global/anchors/1/icon/style <- /anchors/1/iconType
/navigation/global/anchors/1/color <- /anchors/1/color
/navigation/global/anchors/1/color/light <- /anchors/1/color
/navigation/global/anchors/1/color/dark <- /anchors/1/color
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/anchors 2
/anchors/0 1
/anchors/0/name 1
/anchors/0/url 1
/anchors/0/iconType 0
/anchors/0/isDefaultHidden 1
/anchors/1 1
/anchors/1/name 1
/anchors/1/url 1
/anchors/1/icon 2
/anchors/1/iconType 1
/anchors/1/color 3
/anchors/1/isDefaultHidden 0
`,
  },
  {
    name: 'global tabs with internal anchors: the anchors stay outside',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'SDKs', pages: ['sdks/node'] },
      ],
      tabs: [{ name: 'Blog', url: 'https://blog.example.com' }],
      anchors: [{ name: 'SDKs', url: 'sdks', icon: 'code' }],
    },
    navigation: {
      anchors: [
        { anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'Start', pages: ['intro'] }] },
        { anchor: 'SDKs', icon: 'code', groups: [{ group: 'SDKs', pages: ['sdks/node'] }] },
      ],
      global: { tabs: [{ tab: 'Blog', href: 'https://blog.example.com' }] },
    },
    origins: `
/navigation <- /navigation
/navigation/anchors <- /anchors
/navigation/anchors/0 <- /anchors
/navigation/anchors/0/anchor <- /anchors
/navigation/anchors/0/icon <- /anchors
/navigation/anchors/0/groups <- /anchors
/navigation/anchors/0/groups/0 <- /navigation/0
/navigation/anchors/0/groups/0/group <- /navigation/0/group
/navigation/anchors/0/groups/0/pages <- /navigation/0/pages
/navigation/anchors/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/anchors/1 <- /anchors/0
/navigation/anchors/1/anchor <- /anchors/0/name
/navigation/anchors/1/icon <- /anchors/0/icon
/navigation/anchors/1/groups <- /anchors/0
/navigation/anchors/1/groups/0 <- /navigation/1
/navigation/anchors/1/groups/0/group <- /navigation/1/group
/navigation/anchors/1/groups/0/pages <- /navigation/1/pages
/navigation/anchors/1/groups/0/pages/0 <- /navigation/1/pages/0
/navigation/global <- /navigation
/navigation/global/tabs <- /tabs
/navigation/global/tabs/0 <- /tabs/0
/navigation/global/tabs/0/tab <- /tabs/0/name
/navigation/global/tabs/0/href <- /tabs/0/url
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 1
/navigation/1/group 1
/navigation/1/pages 1
/navigation/1/pages/0 1
/tabs 1
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/url 1
/anchors/0/icon 1
`,
  },
  {
    name: 'global anchors with internal tabs: the tabs stay outside',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'API', pages: ['api/users'] },
      ],
      anchors: [{ name: 'Blog', url: 'https://blog.example.com' }],
      tabs: [{ name: 'API', url: 'api' }],
    },
    navigation: {
      tabs: [
        { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
        { tab: 'API', groups: [{ group: 'API', pages: ['api/users'] }] },
      ],
      global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] },
    },
    origins: `
/navigation <- /navigation
/navigation/tabs <- /tabs
/navigation/tabs/0 <- /tabs
/navigation/tabs/0/tab <- /tabs
/navigation/tabs/0/groups <- /tabs
/navigation/tabs/0/groups/0 <- /navigation/0
/navigation/tabs/0/groups/0/group <- /navigation/0/group
/navigation/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/tabs/1 <- /tabs/0
/navigation/tabs/1/tab <- /tabs/0/name
/navigation/tabs/1/groups <- /tabs/0
/navigation/tabs/1/groups/0 <- /navigation/1
/navigation/tabs/1/groups/0/group <- /navigation/1/group
/navigation/tabs/1/groups/0/pages <- /navigation/1/pages
/navigation/tabs/1/groups/0/pages/0 <- /navigation/1/pages/0
/navigation/global <- /navigation
/navigation/global/anchors <- /anchors
/navigation/global/anchors/0 <- /anchors/0
/navigation/global/anchors/0/anchor <- /anchors/0/name
/navigation/global/anchors/0/href <- /anchors/0/url
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 1
/navigation/1/group 1
/navigation/1/pages 1
/navigation/1/pages/0 1
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/url 1
/tabs 1
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
`,
  },
  {
    name: 'anchors under a tab: the anchors go on top',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'Users', pages: ['api/users/list'] },
        { group: 'API', pages: ['api/teams'] },
      ],
      tabs: [{ name: 'API', url: 'api' }],
      anchors: [{ name: 'Users', url: 'api/users', icon: 'user' }],
    },
    navigation: {
      anchors: [
        {
          anchor: 'Documentation',
          icon: 'book-open',
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
            { tab: 'API', groups: [{ group: 'API', pages: ['api/teams'] }] },
          ],
        },
        { anchor: 'Users', icon: 'user', groups: [{ group: 'Users', pages: ['api/users/list'] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/anchors <- /anchors
/navigation/anchors/0 <- /anchors
/navigation/anchors/0/anchor <- /anchors
/navigation/anchors/0/icon <- /anchors
/navigation/anchors/0/tabs <- /tabs
/navigation/anchors/0/tabs/0 <- /tabs
/navigation/anchors/0/tabs/0/tab <- /tabs
/navigation/anchors/0/tabs/0/groups <- /tabs
/navigation/anchors/0/tabs/0/groups/0 <- /navigation/0
/navigation/anchors/0/tabs/0/groups/0/group <- /navigation/0/group
/navigation/anchors/0/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/anchors/0/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/anchors/0/tabs/1 <- /tabs/0
/navigation/anchors/0/tabs/1/tab <- /tabs/0/name
/navigation/anchors/0/tabs/1/groups <- /tabs/0
/navigation/anchors/0/tabs/1/groups/0 <- /navigation/2
/navigation/anchors/0/tabs/1/groups/0/group <- /navigation/2/group
/navigation/anchors/0/tabs/1/groups/0/pages <- /navigation/2/pages
/navigation/anchors/0/tabs/1/groups/0/pages/0 <- /navigation/2/pages/0
/navigation/anchors/1 <- /anchors/0
/navigation/anchors/1/anchor <- /anchors/0/name
/navigation/anchors/1/icon <- /anchors/0/icon
/navigation/anchors/1/groups <- /anchors/0
/navigation/anchors/1/groups/0 <- /navigation/1
/navigation/anchors/1/groups/0/group <- /navigation/1/group
/navigation/anchors/1/groups/0/pages <- /navigation/1/pages
/navigation/anchors/1/groups/0/pages/0 <- /navigation/1/pages/0
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 1
/navigation/1/group 1
/navigation/1/pages 1
/navigation/1/pages/0 1
/navigation/2 1
/navigation/2/group 1
/navigation/2/pages 1
/navigation/2/pages/0 1
/tabs 1
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/url 1
/anchors/0/icon 1
`,
  },
  {
    name: 'more tabs under anchors than anchors under tabs: tabs on top, a tab holding the anchor under it',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'A', pages: ['a/x/one', 'a/y/two'] },
        { group: 'C', pages: ['c/z/three', 'c/four'] },
      ],
      tabs: [
        { name: 'AX', url: 'a/x' },
        { name: 'AY', url: 'a/y' },
        { name: 'C', url: 'c' },
      ],
      anchors: [
        { name: 'A', url: 'a' },
        { name: 'CZ', url: 'c/z' },
      ],
    },
    navigation: {
      tabs: [
        { tab: 'Documentation', anchors: [{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'Start', pages: ['intro'] }] }] },
        { tab: 'AX', groups: [{ group: 'A', pages: ['a/x/one'] }] },
        { tab: 'AY', groups: [{ group: 'A', pages: ['a/y/two'] }] },
        { tab: 'C', anchors: [{ anchor: 'CZ', groups: [{ group: 'C', pages: ['c/z/three'] }] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/tabs <- /tabs
/navigation/tabs/0 <- /tabs
/navigation/tabs/0/tab <- /tabs
/navigation/tabs/0/anchors <- /anchors
/navigation/tabs/0/anchors/0 <- /anchors
/navigation/tabs/0/anchors/0/anchor <- /anchors
/navigation/tabs/0/anchors/0/icon <- /anchors
/navigation/tabs/0/anchors/0/groups <- /anchors
/navigation/tabs/0/anchors/0/groups/0 <- /navigation/0
/navigation/tabs/0/anchors/0/groups/0/group <- /navigation/0/group
/navigation/tabs/0/anchors/0/groups/0/pages <- /navigation/0/pages
/navigation/tabs/0/anchors/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/tabs/1 <- /tabs/0
/navigation/tabs/1/tab <- /tabs/0/name
/navigation/tabs/1/groups <- /tabs/0
/navigation/tabs/1/groups/0 <- /navigation/1
/navigation/tabs/1/groups/0/group <- /navigation/1/group
/navigation/tabs/1/groups/0/pages <- /navigation/1/pages
/navigation/tabs/1/groups/0/pages/0 <- /navigation/1/pages/0
/navigation/tabs/2 <- /tabs/1
/navigation/tabs/2/tab <- /tabs/1/name
/navigation/tabs/2/groups <- /tabs/1
/navigation/tabs/2/groups/0 <- /navigation/1
/navigation/tabs/2/groups/0/group <- /navigation/1/group
/navigation/tabs/2/groups/0/pages <- /navigation/1/pages
/navigation/tabs/2/groups/0/pages/0 <- /navigation/1/pages/1
/navigation/tabs/3 <- /tabs/2
/navigation/tabs/3/tab <- /tabs/2/name
/navigation/tabs/3/anchors <- /anchors
/navigation/tabs/3/anchors/0 <- /anchors/1
/navigation/tabs/3/anchors/0/anchor <- /anchors/1/name
/navigation/tabs/3/anchors/0/groups <- /anchors/1
/navigation/tabs/3/anchors/0/groups/0 <- /navigation/2
/navigation/tabs/3/anchors/0/groups/0/group <- /navigation/2/group
/navigation/tabs/3/anchors/0/groups/0/pages <- /navigation/2/pages
/navigation/tabs/3/anchors/0/groups/0/pages/0 <- /navigation/2/pages/0
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 2
/navigation/1/group 2
/navigation/1/pages 2
/navigation/1/pages/0 1
/navigation/1/pages/1 1
/navigation/2 1
/navigation/2/group 1
/navigation/2/pages 1
/navigation/2/pages/0 1
/navigation/2/pages/1 0
/tabs 1
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/tabs/1 1
/tabs/1/name 1
/tabs/1/url 1
/tabs/2 1
/tabs/2/name 1
/tabs/2/url 1
/anchors 2
/anchors/0 0
/anchors/0/name 0
/anchors/0/url 0
/anchors/1 1
/anchors/1/name 1
/anchors/1/url 1
`,
  },
  {
    name: 'more anchors under tabs than tabs under anchors: anchors on top, an anchor holding the tab under it',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'A', pages: ['a/x/one', 'a/y/two'] },
        { group: 'C', pages: ['c/z/three', 'c/four'] },
      ],
      anchors: [
        { name: 'AX', url: 'a/x' },
        { name: 'AY', url: 'a/y' },
        { name: 'C', url: 'c' },
      ],
      tabs: [
        { name: 'A', url: 'a' },
        { name: 'CZ', url: 'c/z' },
      ],
    },
    navigation: {
      anchors: [
        { anchor: 'Documentation', icon: 'book-open', tabs: [{ tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] }] },
        { anchor: 'AX', groups: [{ group: 'A', pages: ['a/x/one'] }] },
        { anchor: 'AY', groups: [{ group: 'A', pages: ['a/y/two'] }] },
        { anchor: 'C', tabs: [{ tab: 'CZ', groups: [{ group: 'C', pages: ['c/z/three'] }] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/anchors <- /anchors
/navigation/anchors/0 <- /anchors
/navigation/anchors/0/anchor <- /anchors
/navigation/anchors/0/icon <- /anchors
/navigation/anchors/0/tabs <- /tabs
/navigation/anchors/0/tabs/0 <- /tabs
/navigation/anchors/0/tabs/0/tab <- /tabs
/navigation/anchors/0/tabs/0/groups <- /tabs
/navigation/anchors/0/tabs/0/groups/0 <- /navigation/0
/navigation/anchors/0/tabs/0/groups/0/group <- /navigation/0/group
/navigation/anchors/0/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/anchors/0/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/anchors/1 <- /anchors/0
/navigation/anchors/1/anchor <- /anchors/0/name
/navigation/anchors/1/groups <- /anchors/0
/navigation/anchors/1/groups/0 <- /navigation/1
/navigation/anchors/1/groups/0/group <- /navigation/1/group
/navigation/anchors/1/groups/0/pages <- /navigation/1/pages
/navigation/anchors/1/groups/0/pages/0 <- /navigation/1/pages/0
/navigation/anchors/2 <- /anchors/1
/navigation/anchors/2/anchor <- /anchors/1/name
/navigation/anchors/2/groups <- /anchors/1
/navigation/anchors/2/groups/0 <- /navigation/1
/navigation/anchors/2/groups/0/group <- /navigation/1/group
/navigation/anchors/2/groups/0/pages <- /navigation/1/pages
/navigation/anchors/2/groups/0/pages/0 <- /navigation/1/pages/1
/navigation/anchors/3 <- /anchors/2
/navigation/anchors/3/anchor <- /anchors/2/name
/navigation/anchors/3/tabs <- /tabs
/navigation/anchors/3/tabs/0 <- /tabs/1
/navigation/anchors/3/tabs/0/tab <- /tabs/1/name
/navigation/anchors/3/tabs/0/groups <- /tabs/1
/navigation/anchors/3/tabs/0/groups/0 <- /navigation/2
/navigation/anchors/3/tabs/0/groups/0/group <- /navigation/2/group
/navigation/anchors/3/tabs/0/groups/0/pages <- /navigation/2/pages
/navigation/anchors/3/tabs/0/groups/0/pages/0 <- /navigation/2/pages/0
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 2
/navigation/1/group 2
/navigation/1/pages 2
/navigation/1/pages/0 1
/navigation/1/pages/1 1
/navigation/2 1
/navigation/2/group 1
/navigation/2/pages 1
/navigation/2/pages/0 1
/navigation/2/pages/1 0
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/url 1
/anchors/1 1
/anchors/1/name 1
/anchors/1/url 1
/anchors/2 1
/anchors/2/name 1
/anchors/2/url 1
/tabs 2
/tabs/0 0
/tabs/0/name 0
/tabs/0/url 0
/tabs/1 1
/tabs/1/name 1
/tabs/1/url 1
`,
  },
  {
    name: 'as many under each other: the anchors go on top',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'All', pages: ['a/x/one', 'c/two', 'c/z/three', 'e/four', 'f/five'] },
      ],
      tabs: [
        { name: 'AX', url: 'a/x' },
        { name: 'C', url: 'c' },
        { name: 'F', url: 'f' },
      ],
      anchors: [
        { name: 'A', url: 'a' },
        { name: 'CZ', url: 'c/z' },
        { name: 'E', url: 'e' },
      ],
    },
    navigation: {
      anchors: [
        {
          anchor: 'Documentation',
          icon: 'book-open',
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
            { tab: 'C', groups: [{ group: 'All', pages: ['c/two'] }] },
            { tab: 'F', groups: [{ group: 'All', pages: ['f/five'] }] },
          ],
        },
        { anchor: 'A', tabs: [{ tab: 'AX', groups: [{ group: 'All', pages: ['a/x/one'] }] }] },
        { anchor: 'CZ', groups: [{ group: 'All', pages: ['c/z/three'] }] },
        { anchor: 'E', groups: [{ group: 'All', pages: ['e/four'] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/anchors <- /anchors
/navigation/anchors/0 <- /anchors
/navigation/anchors/0/anchor <- /anchors
/navigation/anchors/0/icon <- /anchors
/navigation/anchors/0/tabs <- /tabs
/navigation/anchors/0/tabs/0 <- /tabs
/navigation/anchors/0/tabs/0/tab <- /tabs
/navigation/anchors/0/tabs/0/groups <- /tabs
/navigation/anchors/0/tabs/0/groups/0 <- /navigation/0
/navigation/anchors/0/tabs/0/groups/0/group <- /navigation/0/group
/navigation/anchors/0/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/anchors/0/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/anchors/0/tabs/1 <- /tabs/1
/navigation/anchors/0/tabs/1/tab <- /tabs/1/name
/navigation/anchors/0/tabs/1/groups <- /tabs/1
/navigation/anchors/0/tabs/1/groups/0 <- /navigation/1
/navigation/anchors/0/tabs/1/groups/0/group <- /navigation/1/group
/navigation/anchors/0/tabs/1/groups/0/pages <- /navigation/1/pages
/navigation/anchors/0/tabs/1/groups/0/pages/0 <- /navigation/1/pages/1
/navigation/anchors/0/tabs/2 <- /tabs/2
/navigation/anchors/0/tabs/2/tab <- /tabs/2/name
/navigation/anchors/0/tabs/2/groups <- /tabs/2
/navigation/anchors/0/tabs/2/groups/0 <- /navigation/1
/navigation/anchors/0/tabs/2/groups/0/group <- /navigation/1/group
/navigation/anchors/0/tabs/2/groups/0/pages <- /navigation/1/pages
/navigation/anchors/0/tabs/2/groups/0/pages/0 <- /navigation/1/pages/4
/navigation/anchors/1 <- /anchors/0
/navigation/anchors/1/anchor <- /anchors/0/name
/navigation/anchors/1/tabs <- /tabs
/navigation/anchors/1/tabs/0 <- /tabs/0
/navigation/anchors/1/tabs/0/tab <- /tabs/0/name
/navigation/anchors/1/tabs/0/groups <- /tabs/0
/navigation/anchors/1/tabs/0/groups/0 <- /navigation/1
/navigation/anchors/1/tabs/0/groups/0/group <- /navigation/1/group
/navigation/anchors/1/tabs/0/groups/0/pages <- /navigation/1/pages
/navigation/anchors/1/tabs/0/groups/0/pages/0 <- /navigation/1/pages/0
/navigation/anchors/2 <- /anchors/1
/navigation/anchors/2/anchor <- /anchors/1/name
/navigation/anchors/2/groups <- /anchors/1
/navigation/anchors/2/groups/0 <- /navigation/1
/navigation/anchors/2/groups/0/group <- /navigation/1/group
/navigation/anchors/2/groups/0/pages <- /navigation/1/pages
/navigation/anchors/2/groups/0/pages/0 <- /navigation/1/pages/2
/navigation/anchors/3 <- /anchors/2
/navigation/anchors/3/anchor <- /anchors/2/name
/navigation/anchors/3/groups <- /anchors/2
/navigation/anchors/3/groups/0 <- /navigation/1
/navigation/anchors/3/groups/0/group <- /navigation/1/group
/navigation/anchors/3/groups/0/pages <- /navigation/1/pages
/navigation/anchors/3/groups/0/pages/0 <- /navigation/1/pages/3
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 5
/navigation/1/group 5
/navigation/1/pages 5
/navigation/1/pages/0 1
/navigation/1/pages/1 1
/navigation/1/pages/2 1
/navigation/1/pages/3 1
/navigation/1/pages/4 1
/tabs 2
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/tabs/1 1
/tabs/1/name 1
/tabs/1/url 1
/tabs/2 1
/tabs/2/name 1
/tabs/2/url 1
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/url 1
/anchors/1 1
/anchors/1/name 1
/anchors/1/url 1
/anchors/2 1
/anchors/2/name 1
/anchors/2/url 1
`,
  },
  {
    name: 'a tab holding an anchor under it that has no page keeps its own groups',
    mint: {
      navigation: [
        { group: 'A', pages: ['a/x/one', 'a/y/two'] },
        { group: 'C', pages: ['c/four'] },
      ],
      tabs: [
        { name: 'AX', url: 'a/x' },
        { name: 'AY', url: 'a/y' },
        { name: 'C', url: 'c' },
      ],
      anchors: [
        { name: 'A', url: 'a' },
        { name: 'CZ', url: 'c/z' },
      ],
    },
    navigation: {
      tabs: [
        {
          tab: 'Documentation',
          anchors: [
            { anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'C', pages: ['c/four'] }] },
            { anchor: 'A', groups: [{ group: 'A', pages: ['a/x/one', 'a/y/two'] }] },
          ],
        },
        { tab: 'AX', groups: [{ group: 'A', pages: ['a/x/one'] }] },
        { tab: 'AY', groups: [{ group: 'A', pages: ['a/y/two'] }] },
        { tab: 'C', groups: [{ group: 'C', pages: ['c/four'] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/tabs <- /tabs
/navigation/tabs/0 <- /tabs
/navigation/tabs/0/tab <- /tabs
/navigation/tabs/0/anchors <- /anchors
/navigation/tabs/0/anchors/0 <- /anchors
/navigation/tabs/0/anchors/0/anchor <- /anchors
/navigation/tabs/0/anchors/0/icon <- /anchors
/navigation/tabs/0/anchors/0/groups <- /anchors
/navigation/tabs/0/anchors/0/groups/0 <- /navigation/1
/navigation/tabs/0/anchors/0/groups/0/group <- /navigation/1/group
/navigation/tabs/0/anchors/0/groups/0/pages <- /navigation/1/pages
/navigation/tabs/0/anchors/0/groups/0/pages/0 <- /navigation/1/pages/0
/navigation/tabs/0/anchors/1 <- /anchors/0
/navigation/tabs/0/anchors/1/anchor <- /anchors/0/name
/navigation/tabs/0/anchors/1/groups <- /anchors/0
/navigation/tabs/0/anchors/1/groups/0 <- /navigation/0
/navigation/tabs/0/anchors/1/groups/0/group <- /navigation/0/group
/navigation/tabs/0/anchors/1/groups/0/pages <- /navigation/0/pages
/navigation/tabs/0/anchors/1/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/tabs/0/anchors/1/groups/0/pages/1 <- /navigation/0/pages/1
/navigation/tabs/1 <- /tabs/0
/navigation/tabs/1/tab <- /tabs/0/name
/navigation/tabs/1/groups <- /tabs/0
/navigation/tabs/1/groups/0 <- /navigation/0
/navigation/tabs/1/groups/0/group <- /navigation/0/group
/navigation/tabs/1/groups/0/pages <- /navigation/0/pages
/navigation/tabs/1/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/tabs/2 <- /tabs/1
/navigation/tabs/2/tab <- /tabs/1/name
/navigation/tabs/2/groups <- /tabs/1
/navigation/tabs/2/groups/0 <- /navigation/0
/navigation/tabs/2/groups/0/group <- /navigation/0/group
/navigation/tabs/2/groups/0/pages <- /navigation/0/pages
/navigation/tabs/2/groups/0/pages/0 <- /navigation/0/pages/1
/navigation/tabs/3 <- /tabs/2
/navigation/tabs/3/tab <- /tabs/2/name
/navigation/tabs/3/groups <- /tabs/2
/navigation/tabs/3/groups/0 <- /navigation/1
/navigation/tabs/3/groups/0/group <- /navigation/1/group
/navigation/tabs/3/groups/0/pages <- /navigation/1/pages
/navigation/tabs/3/groups/0/pages/0 <- /navigation/1/pages/0
`,
    uses: `
/navigation 1
/navigation/0 3
/navigation/0/group 3
/navigation/0/pages 3
/navigation/0/pages/0 2
/navigation/0/pages/1 2
/navigation/1 2
/navigation/1/group 2
/navigation/1/pages 2
/navigation/1/pages/0 2
/tabs 1
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/tabs/1 1
/tabs/1/name 1
/tabs/1/url 1
/tabs/2 1
/tabs/2/name 1
/tabs/2/url 1
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/url 1
/anchors/1 0
/anchors/1/name 0
/anchors/1/url 0
`,
  },
  {
    name: 'every page under a tab, the anchor above them takes them too: no primary tab pages, no primary anchor',
    mint: {
      navigation: [{ group: 'Users', pages: ['docs/api/users'] }],
      anchors: [{ name: 'Docs', url: 'docs', icon: 'book', color: { from: '#111111', via: '#333333', to: '#222222' } }],
      tabs: [{ name: 'API', url: 'docs/api' }],
    },
    navigation: {
      tabs: [
        {
          tab: 'Documentation',
          anchors: [{ anchor: 'Docs', icon: 'book', color: { light: '#111111', dark: '#111111' }, groups: [{ group: 'Users', pages: ['docs/api/users'] }] }],
        },
        { tab: 'API', groups: [{ group: 'Users', pages: ['docs/api/users'] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/tabs <- /tabs
/navigation/tabs/0 <- /tabs
/navigation/tabs/0/tab <- /tabs
/navigation/tabs/0/anchors <- /anchors
/navigation/tabs/0/anchors/0 <- /anchors/0
/navigation/tabs/0/anchors/0/anchor <- /anchors/0/name
/navigation/tabs/0/anchors/0/icon <- /anchors/0/icon
/navigation/tabs/0/anchors/0/color <- /anchors/0/color/from
/navigation/tabs/0/anchors/0/color/light <- /anchors/0/color/from
/navigation/tabs/0/anchors/0/color/dark <- /anchors/0/color/from
/navigation/tabs/0/anchors/0/groups <- /anchors/0
/navigation/tabs/0/anchors/0/groups/0 <- /navigation/0
/navigation/tabs/0/anchors/0/groups/0/group <- /navigation/0/group
/navigation/tabs/0/anchors/0/groups/0/pages <- /navigation/0/pages
/navigation/tabs/0/anchors/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/tabs/1 <- /tabs/0
/navigation/tabs/1/tab <- /tabs/0/name
/navigation/tabs/1/groups <- /tabs/0
/navigation/tabs/1/groups/0 <- /navigation/0
/navigation/tabs/1/groups/0/group <- /navigation/0/group
/navigation/tabs/1/groups/0/pages <- /navigation/0/pages
/navigation/tabs/1/groups/0/pages/0 <- /navigation/0/pages/0
`,
    uses: `
/navigation 1
/navigation/0 2
/navigation/0/group 2
/navigation/0/pages 2
/navigation/0/pages/0 2
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/url 1
/anchors/0/icon 1
/anchors/0/color 0
/anchors/0/color/from 3
/anchors/0/color/via 0
/anchors/0/color/to 0
/tabs 1
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
`,
  },
  {
    name: 'an anchor with no url holds every tab',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'API', pages: ['api/users'] },
      ],
      tabs: [{ name: 'API', url: 'api' }],
      anchors: [{ name: 'Everything', icon: 'star' }],
    },
    navigation: {
      tabs: [
        { tab: 'Documentation', anchors: [{ anchor: 'Everything', icon: 'star', groups: [{ group: 'Start', pages: ['intro'] }] }] },
        { tab: 'API', groups: [{ group: 'API', pages: ['api/users'] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/tabs <- /tabs
/navigation/tabs/0 <- /tabs
/navigation/tabs/0/tab <- /tabs
/navigation/tabs/0/anchors <- /anchors
/navigation/tabs/0/anchors/0 <- /anchors/0
/navigation/tabs/0/anchors/0/anchor <- /anchors/0/name
/navigation/tabs/0/anchors/0/icon <- /anchors/0/icon
/navigation/tabs/0/anchors/0/groups <- /anchors/0
/navigation/tabs/0/anchors/0/groups/0 <- /navigation/0
/navigation/tabs/0/anchors/0/groups/0/group <- /navigation/0/group
/navigation/tabs/0/anchors/0/groups/0/pages <- /navigation/0/pages
/navigation/tabs/0/anchors/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/tabs/1 <- /tabs/0
/navigation/tabs/1/tab <- /tabs/0/name
/navigation/tabs/1/groups <- /tabs/0
/navigation/tabs/1/groups/0 <- /navigation/1
/navigation/tabs/1/groups/0/group <- /navigation/1/group
/navigation/tabs/1/groups/0/pages <- /navigation/1/pages
/navigation/tabs/1/groups/0/pages/0 <- /navigation/1/pages/0
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 1
/navigation/1/group 1
/navigation/1/pages 1
/navigation/1/pages/0 1
/tabs 1
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/icon 1
`,
  },
  {
    name: 'an anchor at the url of a tab: every anchor is under a tab, so the anchors go on top though more tabs are under anchors',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'Reference', pages: ['reference/overview', 'reference/api/users', 'changelog/2024'] },
      ],
      tabs: [
        { name: 'Reference', url: 'reference' },
        { name: 'API', url: 'reference/api' },
        { name: 'Changelog', url: 'changelog' },
      ],
      anchors: [{ name: 'Reference', url: 'reference', icon: 'book' }],
    },
    navigation: {
      anchors: [
        {
          anchor: 'Documentation',
          icon: 'book-open',
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
            { tab: 'Changelog', groups: [{ group: 'Reference', pages: ['changelog/2024'] }] },
          ],
        },
        {
          anchor: 'Reference',
          icon: 'book',
          tabs: [
            { tab: 'Reference', groups: [{ group: 'Reference', pages: ['reference/overview'] }] },
            { tab: 'API', groups: [{ group: 'Reference', pages: ['reference/api/users'] }] },
          ],
        },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/anchors <- /anchors
/navigation/anchors/0 <- /anchors
/navigation/anchors/0/anchor <- /anchors
/navigation/anchors/0/icon <- /anchors
/navigation/anchors/0/tabs <- /tabs
/navigation/anchors/0/tabs/0 <- /tabs
/navigation/anchors/0/tabs/0/tab <- /tabs
/navigation/anchors/0/tabs/0/groups <- /tabs
/navigation/anchors/0/tabs/0/groups/0 <- /navigation/0
/navigation/anchors/0/tabs/0/groups/0/group <- /navigation/0/group
/navigation/anchors/0/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/anchors/0/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/anchors/0/tabs/1 <- /tabs/2
/navigation/anchors/0/tabs/1/tab <- /tabs/2/name
/navigation/anchors/0/tabs/1/groups <- /tabs/2
/navigation/anchors/0/tabs/1/groups/0 <- /navigation/1
/navigation/anchors/0/tabs/1/groups/0/group <- /navigation/1/group
/navigation/anchors/0/tabs/1/groups/0/pages <- /navigation/1/pages
/navigation/anchors/0/tabs/1/groups/0/pages/0 <- /navigation/1/pages/2
/navigation/anchors/1 <- /anchors/0
/navigation/anchors/1/anchor <- /anchors/0/name
/navigation/anchors/1/icon <- /anchors/0/icon
/navigation/anchors/1/tabs <- /tabs
/navigation/anchors/1/tabs/0 <- /tabs/0
/navigation/anchors/1/tabs/0/tab <- /tabs/0/name
/navigation/anchors/1/tabs/0/groups <- /tabs/0
/navigation/anchors/1/tabs/0/groups/0 <- /navigation/1
/navigation/anchors/1/tabs/0/groups/0/group <- /navigation/1/group
/navigation/anchors/1/tabs/0/groups/0/pages <- /navigation/1/pages
/navigation/anchors/1/tabs/0/groups/0/pages/0 <- /navigation/1/pages/0
/navigation/anchors/1/tabs/1 <- /tabs/1
/navigation/anchors/1/tabs/1/tab <- /tabs/1/name
/navigation/anchors/1/tabs/1/groups <- /tabs/1
/navigation/anchors/1/tabs/1/groups/0 <- /navigation/1
/navigation/anchors/1/tabs/1/groups/0/group <- /navigation/1/group
/navigation/anchors/1/tabs/1/groups/0/pages <- /navigation/1/pages
/navigation/anchors/1/tabs/1/groups/0/pages/0 <- /navigation/1/pages/1
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/1 3
/navigation/1/group 3
/navigation/1/pages 3
/navigation/1/pages/0 1
/navigation/1/pages/1 1
/navigation/1/pages/2 1
/tabs 2
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/tabs/1 1
/tabs/1/name 1
/tabs/1/url 1
/tabs/2 1
/tabs/2/name 1
/tabs/2/url 1
/anchors 1
/anchors/0 1
/anchors/0/name 1
/anchors/0/url 1
/anchors/0/icon 1
`,
  },
  {
    name: 'a group with a version and no versions: kept',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'], version: 'v1' },
        { group: 'API', pages: ['api/users'], version: 'v1' },
      ],
      tabs: [{ name: 'API', url: 'api' }],
    },
    navigation: {
      tabs: [
        { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
        { tab: 'API', groups: [{ group: 'API', pages: ['api/users'] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/tabs <- /tabs
/navigation/tabs/0 <- /tabs
/navigation/tabs/0/tab <- /tabs
/navigation/tabs/0/groups <- /tabs
/navigation/tabs/0/groups/0 <- /navigation/0
/navigation/tabs/0/groups/0/group <- /navigation/0/group
/navigation/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/tabs/1 <- /tabs/0
/navigation/tabs/1/tab <- /tabs/0/name
/navigation/tabs/1/groups <- /tabs/0
/navigation/tabs/1/groups/0 <- /navigation/1
/navigation/tabs/1/groups/0/group <- /navigation/1/group
/navigation/tabs/1/groups/0/pages <- /navigation/1/pages
/navigation/tabs/1/groups/0/pages/0 <- /navigation/1/pages/0
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/0/version 0
/navigation/1 1
/navigation/1/group 1
/navigation/1/pages 1
/navigation/1/pages/0 1
/navigation/1/version 0
/tabs 1
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
`,
  },
  {
    name: 'versions: one with no group of its own gets none',
    mint: { navigation: [{ group: 'Old', pages: ['v1/old'], version: 'v1' }], versions: ['v1', 'v2'] },
    navigation: {
      versions: [
        { version: 'v1', groups: [{ group: 'Old', pages: ['v1/old'] }] },
        { version: 'v2', groups: [] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/versions <- /versions
/navigation/versions/0 <- /versions/0
/navigation/versions/0/version <- /versions/0
/navigation/versions/0/groups <- /navigation
/navigation/versions/0/groups/0 <- /navigation/0
/navigation/versions/0/groups/0/group <- /navigation/0/group
/navigation/versions/0/groups/0/pages <- /navigation/0/pages
/navigation/versions/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/versions/1 <- /versions/1
/navigation/versions/1/version <- /versions/1
/navigation/versions/1/groups <- /navigation
`,
    uses: `
/navigation 3
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/0/version 1
/versions 1
/versions/0 2
/versions/1 2
`,
  },
  {
    name: "versions: a page under another version's tab only, still in the groups of a version with none of its own",
    mint: { navigation: [{ group: 'API', pages: ['api/v1/users'] }], versions: ['v1', 'v2'], tabs: [{ name: 'API v1', url: 'api/v1', version: 'v1' }] },
    navigation: {
      versions: [
        { version: 'v1', tabs: [{ tab: 'API v1', groups: [{ group: 'API', pages: ['api/v1/users'] }] }] },
        { version: 'v2', tabs: [{ tab: 'Documentation', groups: [{ group: 'API', pages: ['api/v1/users'] }] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/versions <- /versions
/navigation/versions/0 <- /versions/0
/navigation/versions/0/version <- /versions/0
/navigation/versions/0/tabs <- /tabs
/navigation/versions/0/tabs/0 <- /tabs/0
/navigation/versions/0/tabs/0/tab <- /tabs/0/name
/navigation/versions/0/tabs/0/groups <- /tabs/0
/navigation/versions/0/tabs/0/groups/0 <- /navigation/0
/navigation/versions/0/tabs/0/groups/0/group <- /navigation/0/group
/navigation/versions/0/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/versions/0/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/versions/1 <- /versions/1
/navigation/versions/1/version <- /versions/1
/navigation/versions/1/tabs <- /tabs
/navigation/versions/1/tabs/0 <- /tabs
/navigation/versions/1/tabs/0/tab <- /tabs
/navigation/versions/1/tabs/0/groups <- /tabs
/navigation/versions/1/tabs/0/groups/0 <- /navigation/0
/navigation/versions/1/tabs/0/groups/0/group <- /navigation/0/group
/navigation/versions/1/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/versions/1/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
`,
    uses: `
/navigation 1
/navigation/0 2
/navigation/0/group 2
/navigation/0/pages 2
/navigation/0/pages/0 2
/versions 1
/versions/0 2
/versions/1 2
/tabs 2
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/tabs/0/version 1
`,
  },
  {
    name: 'version objects with versioned tabs, one an external link of one version',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'API', pages: ['api/v1/users', 'api/v2/users'] },
      ],
      versions: [{ name: 'v1' }, { name: 'v2', default: false }],
      tabs: [
        { name: 'API v1', url: 'api/v1', version: 'v1' },
        { name: 'API v2', url: 'api/v2', version: 'v2' },
        { name: 'Status v2', url: 'https://status.example.com/v2', version: 'v2' },
      ],
    },
    navigation: {
      versions: [
        {
          version: 'v1',
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
            { tab: 'API v1', groups: [{ group: 'API', pages: ['api/v1/users'] }] },
          ],
        },
        {
          version: 'v2',
          default: false,
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
            { tab: 'API v2', groups: [{ group: 'API', pages: ['api/v2/users'] }] },
            { tab: 'Status v2', href: 'https://status.example.com/v2' },
          ],
        },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/versions <- /versions
/navigation/versions/0 <- /versions/0
/navigation/versions/0/version <- /versions/0/name
/navigation/versions/0/tabs <- /tabs
/navigation/versions/0/tabs/0 <- /tabs
/navigation/versions/0/tabs/0/tab <- /tabs
/navigation/versions/0/tabs/0/groups <- /tabs
/navigation/versions/0/tabs/0/groups/0 <- /navigation/0
/navigation/versions/0/tabs/0/groups/0/group <- /navigation/0/group
/navigation/versions/0/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/versions/0/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/versions/0/tabs/1 <- /tabs/0
/navigation/versions/0/tabs/1/tab <- /tabs/0/name
/navigation/versions/0/tabs/1/groups <- /tabs/0
/navigation/versions/0/tabs/1/groups/0 <- /navigation/1
/navigation/versions/0/tabs/1/groups/0/group <- /navigation/1/group
/navigation/versions/0/tabs/1/groups/0/pages <- /navigation/1/pages
/navigation/versions/0/tabs/1/groups/0/pages/0 <- /navigation/1/pages/0
/navigation/versions/1 <- /versions/1
/navigation/versions/1/version <- /versions/1/name
/navigation/versions/1/default <- /versions/1/default
/navigation/versions/1/tabs <- /tabs
/navigation/versions/1/tabs/0 <- /tabs
/navigation/versions/1/tabs/0/tab <- /tabs
/navigation/versions/1/tabs/0/groups <- /tabs
/navigation/versions/1/tabs/0/groups/0 <- /navigation/0
/navigation/versions/1/tabs/0/groups/0/group <- /navigation/0/group
/navigation/versions/1/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/versions/1/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/versions/1/tabs/1 <- /tabs/1
/navigation/versions/1/tabs/1/tab <- /tabs/1/name
/navigation/versions/1/tabs/1/groups <- /tabs/1
/navigation/versions/1/tabs/1/groups/0 <- /navigation/1
/navigation/versions/1/tabs/1/groups/0/group <- /navigation/1/group
/navigation/versions/1/tabs/1/groups/0/pages <- /navigation/1/pages
/navigation/versions/1/tabs/1/groups/0/pages/0 <- /navigation/1/pages/1
/navigation/versions/1/tabs/2 <- /tabs/2
/navigation/versions/1/tabs/2/tab <- /tabs/2/name
/navigation/versions/1/tabs/2/href <- /tabs/2/url
`,
    uses: `
/navigation 1
/navigation/0 2
/navigation/0/group 2
/navigation/0/pages 2
/navigation/0/pages/0 2
/navigation/1 2
/navigation/1/group 2
/navigation/1/pages 2
/navigation/1/pages/0 1
/navigation/1/pages/1 1
/versions 1
/versions/0 1
/versions/0/name 1
/versions/1 1
/versions/1/name 1
/versions/1/default 1
/tabs 2
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/tabs/0/version 1
/tabs/1 1
/tabs/1/name 1
/tabs/1/url 1
/tabs/1/version 1
/tabs/2 1
/tabs/2/name 1
/tabs/2/url 1
/tabs/2/version 1
`,
  },
  {
    name: 'string versions with an external tab of one version',
    mint: {
      navigation: [{ group: 'Start', pages: ['intro'] }],
      versions: ['v1', 'v2'],
      tabs: [{ name: 'Status v2', url: 'https://status.example.com/v2', version: 'v2' }],
    },
    navigation: {
      versions: [
        { version: 'v1', tabs: [{ tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] }] },
        {
          version: 'v2',
          tabs: [
            { tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] },
            { tab: 'Status v2', href: 'https://status.example.com/v2' },
          ],
        },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/versions <- /versions
/navigation/versions/0 <- /versions/0
/navigation/versions/0/version <- /versions/0
/navigation/versions/0/tabs <- /tabs
/navigation/versions/0/tabs/0 <- /tabs
/navigation/versions/0/tabs/0/tab <- /tabs
/navigation/versions/0/tabs/0/groups <- /tabs
/navigation/versions/0/tabs/0/groups/0 <- /navigation/0
/navigation/versions/0/tabs/0/groups/0/group <- /navigation/0/group
/navigation/versions/0/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/versions/0/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/versions/1 <- /versions/1
/navigation/versions/1/version <- /versions/1
/navigation/versions/1/tabs <- /tabs
/navigation/versions/1/tabs/0 <- /tabs
/navigation/versions/1/tabs/0/tab <- /tabs
/navigation/versions/1/tabs/0/groups <- /tabs
/navigation/versions/1/tabs/0/groups/0 <- /navigation/0
/navigation/versions/1/tabs/0/groups/0/group <- /navigation/0/group
/navigation/versions/1/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/versions/1/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/versions/1/tabs/1 <- /tabs/0
/navigation/versions/1/tabs/1/tab <- /tabs/0/name
/navigation/versions/1/tabs/1/href <- /tabs/0/url
`,
    uses: `
/navigation 1
/navigation/0 2
/navigation/0/group 2
/navigation/0/pages 2
/navigation/0/pages/0 2
/versions 1
/versions/0 2
/versions/1 2
/tabs 2
/tabs/0 1
/tabs/0/name 1
/tabs/0/url 1
/tabs/0/version 1
`,
  },
  {
    name: 'locales without names: each language matched by its locale',
    mint: {
      navigation: [
        { group: 'Start', pages: ['intro'], version: 'en' },
        { group: 'Inicio', pages: ['es/intro'], version: 'es' },
      ],
      versions: [{ locale: 'en', default: false }, { locale: 'es' }],
      tabs: [{ name: 'API', url: 'api' }],
    },
    navigation: {
      languages: [
        { language: 'en', tabs: [{ tab: 'Documentation', groups: [{ group: 'Start', pages: ['intro'] }] }] },
        { language: 'es', tabs: [{ tab: 'Documentation', groups: [{ group: 'Inicio', pages: ['es/intro'] }] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/languages <- /versions
/navigation/languages/0 <- /versions/0
/navigation/languages/0/language <- /versions/0/locale
/navigation/languages/0/tabs <- /tabs
/navigation/languages/0/tabs/0 <- /tabs
/navigation/languages/0/tabs/0/tab <- /tabs
/navigation/languages/0/tabs/0/groups <- /tabs
/navigation/languages/0/tabs/0/groups/0 <- /navigation/0
/navigation/languages/0/tabs/0/groups/0/group <- /navigation/0/group
/navigation/languages/0/tabs/0/groups/0/pages <- /navigation/0/pages
/navigation/languages/0/tabs/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/languages/1 <- /versions/1
/navigation/languages/1/language <- /versions/1/locale
/navigation/languages/1/tabs <- /tabs
/navigation/languages/1/tabs/0 <- /tabs
/navigation/languages/1/tabs/0/tab <- /tabs
/navigation/languages/1/tabs/0/groups <- /tabs
/navigation/languages/1/tabs/0/groups/0 <- /navigation/1
/navigation/languages/1/tabs/0/groups/0/group <- /navigation/1/group
/navigation/languages/1/tabs/0/groups/0/pages <- /navigation/1/pages
/navigation/languages/1/tabs/0/groups/0/pages/0 <- /navigation/1/pages/0
`,
    uses: `
/navigation 1
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/0/version 1
/navigation/1 1
/navigation/1/group 1
/navigation/1/pages 1
/navigation/1/pages/0 1
/navigation/1/version 1
/versions 1
/versions/0 1
/versions/0/locale 1
/versions/0/default 0
/versions/1 1
/versions/1/locale 1
/tabs 2
/tabs/0 0
/tabs/0/name 0
/tabs/0/url 0
`,
  },
  {
    name: 'a locale on some versions only: versions, not languages',
    mint: { navigation: [{ group: 'Start', pages: ['intro'] }], versions: [{ name: 'English', locale: 'en' }, { name: 'v2' }] },
    navigation: {
      versions: [
        { version: 'English', groups: [{ group: 'Start', pages: ['intro'] }] },
        { version: 'v2', groups: [{ group: 'Start', pages: ['intro'] }] },
      ],
    },
    origins: `
/navigation <- /navigation
/navigation/versions <- /versions
/navigation/versions/0 <- /versions/0
/navigation/versions/0/version <- /versions/0/name
/navigation/versions/0/groups <- /navigation
/navigation/versions/0/groups/0 <- /navigation/0
/navigation/versions/0/groups/0/group <- /navigation/0/group
/navigation/versions/0/groups/0/pages <- /navigation/0/pages
/navigation/versions/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/versions/1 <- /versions/1
/navigation/versions/1/version <- /versions/1/name
/navigation/versions/1/groups <- /navigation
/navigation/versions/1/groups/0 <- /navigation/0
/navigation/versions/1/groups/0/group <- /navigation/0/group
/navigation/versions/1/groups/0/pages <- /navigation/0/pages
/navigation/versions/1/groups/0/pages/0 <- /navigation/0/pages/0
`,
    uses: `
/navigation 3
/navigation/0 2
/navigation/0/group 2
/navigation/0/pages 2
/navigation/0/pages/0 2
/versions 1
/versions/0 1
/versions/0/name 1
/versions/0/locale 0
/versions/1 1
/versions/1/name 1
`,
  },
  {
    name: 'a nested group of a version, with an icon and a style',
    mint: {
      navigation: [{ group: 'Start', version: 'v1', pages: ['intro', { group: 'More', icon: 'plus', iconType: 'solid', version: 'v1', pages: ['more'] }] }],
      versions: ['v1'],
    },
    navigation: {
      versions: [{ version: 'v1', groups: [{ group: 'Start', pages: ['intro', { group: 'More', icon: { name: 'plus', style: 'solid' }, pages: ['more'] }] }] }],
    },
    origins: `
/navigation <- /navigation
/navigation/versions <- /versions
/navigation/versions/0 <- /versions/0
/navigation/versions/0/version <- /versions/0
/navigation/versions/0/groups <- /navigation
/navigation/versions/0/groups/0 <- /navigation/0
/navigation/versions/0/groups/0/group <- /navigation/0/group
/navigation/versions/0/groups/0/pages <- /navigation/0/pages
/navigation/versions/0/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/versions/0/groups/0/pages/1 <- /navigation/0/pages/1
/navigation/versions/0/groups/0/pages/1/group <- /navigation/0/pages/1/group
/navigation/versions/0/groups/0/pages/1/icon <- /navigation/0/pages/1/icon
/navigation/versions/0/groups/0/pages/1/icon/name <- /navigation/0/pages/1/icon
/navigation/versions/0/groups/0/pages/1/icon/style <- /navigation/0/pages/1/iconType
/navigation/versions/0/groups/0/pages/1/pages <- /navigation/0/pages/1/pages
/navigation/versions/0/groups/0/pages/1/pages/0 <- /navigation/0/pages/1/pages/0
`,
    uses: `
/navigation 2
/navigation/0 1
/navigation/0/group 1
/navigation/0/version 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/0/pages/1 1
/navigation/0/pages/1/group 1
/navigation/0/pages/1/icon 2
/navigation/0/pages/1/iconType 1
/navigation/0/pages/1/version 1
/navigation/0/pages/1/pages 1
/navigation/0/pages/1/pages/0 1
/versions 1
/versions/0 2
`,
  },
  {
    name: 'a nested group passed on as written keeps its pages where they were',
    mint: { navigation: [{ group: 'Start', pages: ['intro', { group: 'More', pages: ['more/one', { group: 'Most', pages: ['more/most'] }] }] }] },
    navigation: { groups: [{ group: 'Start', pages: ['intro', { group: 'More', pages: ['more/one', { group: 'Most', pages: ['more/most'] }] }] }] },
    origins: `
/navigation <- /navigation
/navigation/groups <- /navigation
/navigation/groups/0 <- /navigation/0
/navigation/groups/0/group <- /navigation/0/group
/navigation/groups/0/pages <- /navigation/0/pages
/navigation/groups/0/pages/0 <- /navigation/0/pages/0
/navigation/groups/0/pages/1 <- /navigation/0/pages/1
/navigation/groups/0/pages/1/group <- /navigation/0/pages/1/group
/navigation/groups/0/pages/1/pages <- /navigation/0/pages/1/pages
/navigation/groups/0/pages/1/pages/0 <- /navigation/0/pages/1/pages/0
/navigation/groups/0/pages/1/pages/1 <- /navigation/0/pages/1/pages/1
/navigation/groups/0/pages/1/pages/1/group <- /navigation/0/pages/1/pages/1/group
/navigation/groups/0/pages/1/pages/1/pages <- /navigation/0/pages/1/pages/1/pages
/navigation/groups/0/pages/1/pages/1/pages/0 <- /navigation/0/pages/1/pages/1/pages/0
`,
    uses: `
/navigation 2
/navigation/0 1
/navigation/0/group 1
/navigation/0/pages 1
/navigation/0/pages/0 1
/navigation/0/pages/1 1
/navigation/0/pages/1/group 1
/navigation/0/pages/1/pages 1
/navigation/0/pages/1/pages/0 1
/navigation/0/pages/1/pages/1 1
/navigation/0/pages/1/pages/1/group 1
/navigation/0/pages/1/pages/1/pages 1
/navigation/0/pages/1/pages/1/pages/0 1
`,
  },
];

describe('the navigation upgrade, shape by shape', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    const mint = mintOf(testCase.mint);
    const upgrade = upgradeMintConfig(mint);
    expect(upgrade.docs.navigation).toEqual(testCase.navigation);
    expect(JSON.stringify(upgrade.docs.navigation)).toBe(JSON.stringify(testCase.navigation));
    expect(pointersOf(upgrade.docs.navigation, '/navigation').map((pointer) => `${pointer} <- ${upgrade.originOf(pointer)}`)).toEqual(lines(testCase.origins));
    expect(
      pointersOf(mint)
        .filter((pointer) => NAVIGATION_SOURCE.test(pointer))
        .map((pointer) => `${pointer} ${upgrade.usesOf(pointer)}`),
    ).toEqual(lines(testCase.uses));
    expect(upgrade.tooDeep).toEqual([]);
  });
});

describe('what the version split reads', () => {
  const byName = (name: string) => CASES.find((c) => c.name === name)!.mint;

  it('a version key counts as read only where it is written', () => {
    const locales = upgradeMintConfig(mintOf(byName('locales without names: each language matched by its locale')));
    expect(locales.usesOf('/versions/0/name')).toBe(0);
    expect(locales.usesOf('/tabs/0/version')).toBe(0);
    expect(locales.usesOf('/navigation/0/version')).toBe(1);
    const objects = upgradeMintConfig(mintOf(byName('version objects with versioned tabs, one an external link of one version')));
    expect(objects.usesOf('/navigation/0/version')).toBe(0);
    expect(objects.usesOf('/tabs/2/version')).toBe(1);
  });
});

describe('groups nested deeper than docsnav follows', () => {
  it('are left out, and said, also inside a nested group passed on as written', () => {
    const depth = MAX_NAVIGATION_DEPTH + 2;
    let group: Record<string, unknown> = { group: `G${depth}`, pages: [`deep/p${depth}`] };
    for (let level = depth - 1; level >= 1; level--) group = { group: `G${level}`, pages: [`deep/p${level}`, group] };
    const upgrade = upgradeMintConfig(mintOf({ navigation: [group] }));
    expect(upgrade.tooDeep).toEqual([`/navigation/0${'/pages/1'.repeat(MAX_NAVIGATION_DEPTH + 1)}`]);
    let deepest = (upgrade.docs.navigation as { groups: Array<{ pages: unknown[] }> }).groups[0];
    for (let level = 1; level <= MAX_NAVIGATION_DEPTH; level++) deepest = deepest.pages[1] as { pages: unknown[] };
    expect(deepest).toEqual({ group: `G${MAX_NAVIGATION_DEPTH + 1}`, pages: [`deep/p${MAX_NAVIGATION_DEPTH + 1}`] });
    const path = '/pages/1'.repeat(MAX_NAVIGATION_DEPTH);
    expect(upgrade.originOf(`/navigation/groups/0${path}/pages`)).toBe(`/navigation/0${path}/pages`);
    expect(upgrade.originOf(`/navigation/groups/0${path}/pages/0`)).toBe(`/navigation/0${path}/pages/0`);
  });
});
