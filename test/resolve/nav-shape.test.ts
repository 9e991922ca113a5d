import { describe, expect, it } from 'vitest';
import type { NavNode, PageTree } from '../../src/resolve/types.js';
import { resolveSite, spec } from './site.js';

/**
 * The nested navigation (src/resolve/nav.ts) field by field: what a node inherits, which keys it
 * has (an optional key only when it has a value: no key holds `undefined`, so the tree is the
 * same before and after JSON), root pages, global links, and generated ids made unique.
 */

/** Every path to a key whose value is `undefined`, anywhere in the value. */
function undefinedKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => undefinedKeys(item, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => (item === undefined ? [`${at}/${key}`] : undefinedKeys(item, `${at}/${key}`)));
}

/** The nodes of `nav`, depth first, without their children. */
function nodes(tree: PageTree): Array<Omit<NavNode, 'children'>> {
  const out: Array<Omit<NavNode, 'children'>> = [];
  const visit = (node: NavNode) => {
    const { children, ...fields } = node;
    out.push(fields);
    for (const child of children) if (child.kind !== 'page') visit(child);
  };
  visit(tree.nav);
  return out;
}

const SITE = {
  navigation: {
    global: {
      anchors: [
        { anchor: 5, href: 'https://a.example', icon: { name: 'link', style: 3, library: 'lucide' } },
        { anchor: 'Bare', href: 7, icon: { name: 9 } },
      ],
    },
    versions: [
      {
        version: 'v1',
        hidden: true,
        tabs: [
          {
            tab: 'T',
            tag: 'NEW',
            icon: 'star',
            groups: [
              { group: 'G', root: 'intro', pages: ['a'] },
              { group: 'H', root: 'b', pages: ['c', 'b'] },
            ],
          },
        ],
      },
      { version: 'v2', tabs: [{ tab: 'API', openapi: 'api.json', href: 'https://api.example' }] },
    ],
  },
};

const API = spec(
  { '/a': { get: { tags: ['A'] } }, '/b': { get: { tags: ['L~2'] } }, '/c': { get: { tags: ['B'] } } },
  {
    tags: [
      { name: 'A', 'x-group': 'L' },
      { name: 'B', 'x-group': 'L' },
    ],
  },
);

describe('nav, field by field', () => {
  it('each node with its own fields, hidden inherited by every kind below a hidden one', async () => {
    const { tree } = await resolveSite(SITE, { 'api.json': API });
    expect(nodes(tree)).toStrictEqual([
      { id: '/navigation', kind: 'navigation', label: '', hidden: false },
      { id: '/navigation/versions/0', kind: 'version', label: 'v1', hidden: true, default: true },
      { id: '/navigation/versions/0/tabs/0', kind: 'tab', label: 'T', icon: 'star', hidden: true, tag: 'NEW' },
      {
        id: '/navigation/versions/0/tabs/0/groups/0',
        kind: 'group',
        label: 'G',
        hidden: true,
        display: 'expanded',
        root: 'intro',
        rootPage: '/navigation/versions/0/tabs/0/groups/0/root',
        generated: false,
      },
      {
        id: '/navigation/versions/0/tabs/0/groups/1',
        kind: 'group',
        label: 'H',
        hidden: true,
        display: 'expanded',
        root: 'b',
        rootPage: '/navigation/versions/0/tabs/0/groups/1/pages/1',
        generated: false,
      },
      { id: '/navigation/versions/1', kind: 'version', label: 'v2', hidden: false, default: false },
      { id: '/navigation/versions/1/tabs/0', kind: 'tab', label: 'API', href: 'https://api.example', hidden: false },
      { id: '/navigation/versions/1/tabs/0/openapi#group:L', kind: 'group', label: 'L', hidden: false, display: 'expanded', generated: true },
      { id: '/navigation/versions/1/tabs/0/openapi#group:L~2', kind: 'group', label: 'L~2', hidden: false, display: 'expanded', generated: true },
    ]);
  });

  it('a global link: a name that is not a string is labelled "", an icon keeps its string fields, no href or icon key unless given as one', async () => {
    const { tree } = await resolveSite(SITE, { 'api.json': API });
    expect(tree.global).toStrictEqual([
      { id: '/navigation/global/anchors/0', kind: 'anchor', label: '', hidden: false, href: 'https://a.example', icon: { name: 'link', library: 'lucide' } },
      { id: '/navigation/global/anchors/1', kind: 'anchor', label: 'Bare', hidden: false },
    ]);
  });

  it('generated ids are unique: two tags of one x-group are one group (as the platform), a tag written like a suffixed id keeps it; pages by their operation', async () => {
    const { tree } = await resolveSite(SITE, { 'api.json': API });
    expect(tree.groups.filter((g) => g.generated).map((g) => [g.id, g.label])).toEqual([
      ['/navigation/versions/1/tabs/0/openapi#group:L', 'L'],
      ['/navigation/versions/1/tabs/0/openapi#group:L~2', 'L~2'],
    ]);
    expect(tree.pages.filter((p) => p.kind === 'endpoint').map((p) => p.id)).toEqual([
      '/navigation/versions/1/tabs/0/openapi#GET /a',
      '/navigation/versions/1/tabs/0/openapi#GET /c',
      '/navigation/versions/1/tabs/0/openapi#GET /b',
    ]);
  });

  it('no key anywhere in the tree holds undefined', async () => {
    const sites: Array<[unknown, Record<string, string>]> = [
      [SITE, { 'api.json': API }],
      [
        {
          navigation: {
            languages: [
              { language: 'en', icon: { name: 'flag' }, pages: ['index'] },
              {
                language: 'fr',
                default: true,
                hidden: true,
                tabs: [{ tab: 'Guide', groups: [{ group: 'G', expanded: false, pages: [{ group: 'N', pages: ['n'] }] }] }],
              },
            ],
          },
        },
        { 'index.mdx': '---\ntitle: Home\nicon: house\n---\n', 'n.mdx': '' },
      ],
      [{ navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: ['GET /a', 'GET /zzz'] }] } }, { 'api.json': API }],
    ];
    for (const [docs, texts] of sites) {
      const { tree } = await resolveSite(docs, texts);
      expect(undefinedKeys(tree)).toEqual([]);
    }
  });
});
