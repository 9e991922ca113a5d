import { describe, expect, it } from 'vitest';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';
import type { ProfileName } from '../../src/config/profiles.js';
import { arrayLostTo, childArraysLostToHref, groupSpecValueAt, pageList, pagesInside } from '../../src/navigation/platform-drops.js';

/**
 * Issue 56 (a) and (b): what the hosted platform's validator drops without failing the build
 * (measured against it in platform-drops.corpus.test.ts), said in the problem and left out of
 * the platform profile's tree (the default); the spec profile's tree keeps every page listed.
 */
const SETTINGS = { name: 'Docs', theme: 'mint', colors: { primary: '#0D9373' } };
const text = (navigation: unknown) => JSON.stringify({ ...SETTINGS, navigation }, null, 2);
const paths = async (navigation: unknown, profile?: ProfileName) => (await resolveText(text(navigation), { profile })).tree.pages.map((page) => page.path);

describe('(a) one malformed entry drops its division’s whole array', () => {
  const navigation = {
    tabs: [
      {
        tab: 'Guides',
        groups: [
          { group: 'Start', pages: ['intro', { pages: ['lost'] }, 'setup'] },
          { group: 'More', pages: ['faq'] },
        ],
      },
      { tab: 'Other', pages: ['kept'] },
    ],
  };

  it('the error names the array and the valid pages that go with it', () => {
    const [problem] = validateText(text(navigation)).problems.filter((p) => p.code === 'missing-field');
    expect(problem.pointer).toBe('/navigation/tabs/0/groups/0/pages/1');
    expect(problem.severity).toBe('error');
    expect(problem.message).toMatch(/drops the whole `groups` of a tab "Guides", valid entries too \(4 pages: "intro", "lost", "setup", "faq"\)/);
  });

  it('the platform profile’s tree (the default) drops them; the spec profile’s keeps them', async () => {
    expect(await paths(navigation)).toEqual(['kept']);
    expect(await paths(navigation, 'platform')).toEqual(['kept']);
    expect(await paths(navigation, 'spec')).toEqual(['intro', 'lost', 'setup', 'faq', 'kept']);
  });

  it('only the nearest division’s array: a tab inside a version loses its pages, the version keeps its tabs', async () => {
    const nested = {
      versions: [
        {
          version: 'v1',
          tabs: [
            { tab: 'A', pages: ['a', 7] },
            { tab: 'B', pages: ['b'] },
          ],
        },
      ],
    };
    expect(await paths(nested)).toEqual(['b']);
    const [problem] = validateText(text(nested)).problems.filter((p) => p.code === 'invalid-type');
    expect(problem.message).toMatch(/drops the whole `pages` of a tab "A"/);
  });

  it('an empty entry inside a tab costs the tab’s pages, not the whole file', () => {
    const [problem] = validateText(text({ tabs: [{ tab: 'A', pages: ['a', ''] }] })).problems.filter((p) => p.code === 'invalid-value');
    expect(problem.message).not.toMatch(/rejects the whole docs\.json/);
    expect(problem.message).toMatch(/drops the whole `pages` of a tab "A", valid entries too \(1 page: "a"\)/);
  });

  it('at the root the build fails instead: nothing is said of a dropped array', () => {
    const [problem] = validateText(text({ groups: [{ group: 'G', pages: ['a', { pages: ['b'] }] }] })).problems.filter((p) => p.code === 'missing-field');
    expect(problem.message).not.toMatch(/drops the whole/);
  });

  it('an unknown key is only stripped: no array is dropped', async () => {
    const stripped = { tabs: [{ tab: 'A', groups: [{ group: 'G', pages: ['a'], foo: 1 }] }] };
    expect(await paths(stripped)).toEqual(['a']);
  });
});

describe('(b) a division with a link href drops its pages', () => {
  const navigation = {
    tabs: [
      { tab: 'Blog', href: 'https://example.com/blog', pages: ['post-1', 'post-2'] },
      { tab: 'Status', href: '/status', groups: [{ group: 'G', pages: ['status'] }] },
      { tab: 'Not a link', href: 'relative', pages: ['kept-1'] },
      { tab: 'Docs', pages: ['kept-2'] },
    ],
  };

  it('says so at the href, naming the pages lost', () => {
    const problems = validateText(text(navigation)).problems.filter((p) => p.code === 'href-drops-pages');
    expect(problems.map((p) => p.pointer)).toEqual(['/navigation/tabs/0/href', '/navigation/tabs/1/href']);
    expect(problems[0].severity).toBe('error');
    expect(problems[0].message).toMatch(
      /A tab "Blog" has an `href` and `pages`: the platform makes it a link to "https:\/\/example\.com\/blog" and drops `pages` \(2 pages: "post-1", "post-2"\)/,
    );
  });

  it('the platform profile’s tree drops them; the spec profile’s keeps them', async () => {
    expect(await paths(navigation)).toEqual(['kept-1', 'kept-2']);
    expect(await paths(navigation, 'spec')).toEqual(['post-1', 'post-2', 'status', 'kept-1', 'kept-2']);
  });

  it('anchors, versions and menu items too', () => {
    const codes = (nav: unknown) =>
      validateText(text(nav))
        .problems.filter((p) => p.code === 'href-drops-pages')
        .map((p) => p.pointer);
    expect(codes({ anchors: [{ anchor: 'A', href: 'mailto:x@example.com', pages: ['a'] }] })).toEqual(['/navigation/anchors/0/href']);
    expect(codes({ versions: [{ version: 'v1', href: '#top', tabs: [{ tab: 'T', pages: ['a'] }] }] })).toEqual(['/navigation/versions/0/href']);
    expect(codes({ tabs: [{ tab: 'T', menu: [{ item: 'I', href: 'https://x.example', pages: ['a'] }] }] })).toEqual(['/navigation/tabs/0/menu/0/href']);
    expect(codes({ tabs: [{ tab: 'T', href: 'https://x.example' }] })).toEqual([]);
  });
});

describe('(a) several dropped arrays: each finding names its own array, the tree drops each', () => {
  const lostIn = (navigation: unknown) =>
    validateText(text(navigation))
      .problems.filter((p) => p.code === 'invalid-type')
      .map((p) => [p.pointer, /drops the whole `(\w+)` of a tab "(\w+)", valid entries too \(([^)]*)\)/.exec(p.message)?.slice(1)]);

  it('two divisions, each with a malformed entry: the second is named as itself, not as the first', async () => {
    const navigation = {
      tabs: [
        { tab: 'A', pages: ['a', 7] },
        { tab: 'B', groups: [{ group: 'G', pages: ['b', 8] }] },
        { tab: 'C', pages: ['c'] },
      ],
    };
    expect(lostIn(navigation)).toEqual([
      ['/navigation/tabs/0/pages/1', ['pages', 'A', '1 page: "a"']],
      ['/navigation/tabs/1/groups/0/pages/1', ['groups', 'B', '1 page: "b"']],
    ]);
    expect(await paths(navigation)).toEqual(['c']);
    expect(await paths(navigation, 'spec')).toEqual(['a', 'b', 'c']);
  });

  it('three divisions: each its own, the one left whole kept', async () => {
    const navigation = {
      tabs: [
        { tab: 'A', pages: ['a1', 'a2', 7] },
        { tab: 'B', pages: [8, 'b'] },
        { tab: 'K', pages: ['kept'] },
        {
          tab: 'C',
          groups: [
            { group: 'G', pages: ['c'] },
            { group: 'H', pages: [9] },
          ],
        },
      ],
    };
    expect(lostIn(navigation)).toEqual([
      ['/navigation/tabs/0/pages/2', ['pages', 'A', '2 pages: "a1", "a2"']],
      ['/navigation/tabs/1/pages/0', ['pages', 'B', '1 page: "b"']],
      ['/navigation/tabs/3/groups/1/pages/0', ['groups', 'C', '1 page: "c"']],
    ]);
    expect(await paths(navigation)).toEqual(['kept']);
    expect(await paths(navigation, 'spec')).toEqual(['a1', 'a2', 'b', 'kept', 'c']);
  });

  it('two malformed entries in one array: one array dropped, both findings name it, its pages listed once', async () => {
    const navigation = {
      tabs: [
        { tab: 'A', pages: ['a', 7, 'x', 8] },
        { tab: 'K', pages: ['kept'] },
      ],
    };
    expect(lostIn(navigation)).toEqual([
      ['/navigation/tabs/0/pages/1', ['pages', 'A', '2 pages: "a", "x"']],
      ['/navigation/tabs/0/pages/3', ['pages', 'A', '2 pages: "a", "x"']],
    ]);
    expect(await paths(navigation)).toEqual(['kept']);
  });
});

describe('arrayLostTo: the array a malformed value at a pointer costs', () => {
  const bad = { group: 'G', pages: ['ok', 5] };
  const at = (pointer: string) => pointer.split('/').slice(1);
  const lost = (navigation: unknown, pointer: string) => arrayLostTo({ navigation }, at(pointer));

  it("costs the nearest division's array: a tab's groups, past groups nested in it", () => {
    const navigation = { tabs: [{ tab: 'T', groups: [{ group: 'Outer', pages: [bad] }] }] };
    expect(lost(navigation, '/navigation/tabs/0/groups/0/pages/0/pages/1')).toEqual({ division: ['navigation', 'tabs', '0'], kind: 'tab', key: 'groups' });
    expect(lost(navigation, '/navigation/tabs/0/groups/0/group')).toEqual({ division: ['navigation', 'tabs', '0'], kind: 'tab', key: 'groups' });
  });

  it('each division kind that links costs its own array: anchor, dropdown, product, version, language, menu item', () => {
    for (const [key, kind, field] of [
      ['anchors', 'anchor', 'anchor'],
      ['dropdowns', 'dropdown', 'dropdown'],
      ['products', 'product', 'product'],
      ['versions', 'version', 'version'],
      ['languages', 'language', 'language'],
    ] as const) {
      expect(lost({ [key]: [{ [field]: 'x', groups: [bad] }] }, `/navigation/${key}/0/groups/0/pages/1`), kind).toEqual({
        division: ['navigation', key, '0'],
        kind,
        key: 'groups',
      });
    }
    const menu = { tabs: [{ tab: 'T', menu: [{ item: 'I', groups: [bad] }] }] };
    expect(lost(menu, '/navigation/tabs/0/menu/0/groups/0/pages/1')).toEqual({
      division: ['navigation', 'tabs', '0', 'menu', '0'],
      kind: 'item',
      key: 'groups',
    });
  });

  it('costs nothing at the root (the build fails there), nor outside the navigation, nor on a document that is no object', () => {
    expect(lost({ groups: [bad] }, '/navigation/groups/0/pages/1')).toBeUndefined();
    expect(lost({ tabs: [{ tab: 'T', groups: [bad] }] }, '/navigation/tabs/0/tab')).toBeUndefined();
    expect(arrayLostTo({ navigation: { tabs: [{ tab: 'T', groups: [bad] }] } }, at('/global/anchors/0/href'))).toBeUndefined();
    expect(arrayLostTo([{ navigation: {} }], at('/navigation/tabs/0/groups/0'))).toBeUndefined();
    expect(arrayLostTo({ navigation: { tabs: [{ tab: 'T', groups: [bad] }] } }, [])).toBeUndefined();
  });

  it('a tab that generates its pages (graphql, sdk) passes the cost to the division above it; a tab with a spec, or another kind with graphql, does not', () => {
    const anchors = (tab: Record<string, unknown>) => ({ anchors: [{ anchor: 'A', tabs: [{ tab: 'API', ...tab, groups: [bad] }] }] });
    const pointer = '/navigation/anchors/0/tabs/0/groups/0/pages/1';
    const anchorTabs = { division: ['navigation', 'anchors', '0'], kind: 'anchor', key: 'tabs' };
    const tabGroups = { division: ['navigation', 'anchors', '0', 'tabs', '0'], kind: 'tab', key: 'groups' };
    expect(lost(anchors({ graphql: 'schema.graphql' }), pointer)).toEqual(anchorTabs);
    expect(lost(anchors({ sdk: { source: 'sdk.json' } }), pointer)).toEqual(anchorTabs);
    expect(lost(anchors({ openapi: 'api.json' }), pointer)).toEqual(tabGroups);
    expect(lost(anchors({}), pointer)).toEqual(tabGroups);
    const anchorWithGraphql = { anchors: [{ anchor: 'A', graphql: 'schema.graphql', groups: [bad] }] };
    expect(lost(anchorWithGraphql, '/navigation/anchors/0/groups/0/pages/1')).toEqual({
      division: ['navigation', 'anchors', '0'],
      kind: 'anchor',
      key: 'groups',
    });
    // An anchor that also carries a tab's name and a generator is still an anchor: only a tab generates.
    const anchorLikeATab = { anchors: [{ anchor: 'A', tab: 'T', graphql: 'schema.graphql', groups: [bad] }] };
    expect(lost(anchorLikeATab, '/navigation/anchors/0/groups/0/pages/1')).toEqual({ division: ['navigation', 'anchors', '0'], kind: 'anchor', key: 'groups' });
    // A generating tab at the root: nothing above it to cost, the build fails.
    expect(lost({ tabs: [{ tab: 'API', graphql: 'schema.graphql', groups: [bad] }] }, '/navigation/tabs/0/groups/0/pages/1')).toBeUndefined();
  });

  it('stops where the walk leaves the child arrays: an unknown key, a value that is no array, an entry that is a page', () => {
    const anchor = (value: Record<string, unknown>) => ({ anchors: [{ anchor: 'A', tabs: [{ tab: 'T', ...value }] }] });
    const tabs = { division: ['navigation', 'anchors', '0'], kind: 'anchor', key: 'tabs' };
    expect(lost(anchor({ bogus: [bad] }), '/navigation/anchors/0/tabs/0/bogus/0/pages/1')).toEqual(tabs);
    expect(lost(anchor({ groups: { 0: bad } }), '/navigation/anchors/0/tabs/0/groups/0/pages/1')).toEqual(tabs);
    expect(lost(anchor({ pages: ['a', 'b'] }), '/navigation/anchors/0/tabs/0/pages/1/x/0')).toEqual({
      division: ['navigation', 'anchors', '0', 'tabs', '0'],
      kind: 'tab',
      key: 'pages',
    });
    expect(lost({ anchors: { 0: { anchor: 'A', groups: [bad] } } }, '/navigation/anchors/0/groups/0/pages/1')).toBeUndefined();
  });
});

describe('pagesInside and pageList: the pages a dropped array or division held, as its message names them', () => {
  it('counts every page path inside, in document order, keeping the first `limit`; blank strings are no page', () => {
    const value = { group: 'G', pages: ['a', ' ', { group: 'Inner', pages: ['b', ''] }, 'c'], groups: [{ pages: ['d'] }] };
    expect(pagesInside(value)).toEqual({ count: 4, first: ['a', 'b', 'c', 'd'] });
    expect(pagesInside(value, 2)).toEqual({ count: 4, first: ['a', 'b'] });
    expect(pagesInside(value, 4)).toEqual({ count: 4, first: ['a', 'b', 'c', 'd'] });
    expect(pagesInside(['\t', '  '])).toEqual({ count: 0, first: [] });
    // Entries of a malformed array (null, numbers, booleans) hold no page and stop nothing.
    expect(pagesInside([null, 1, true, 'a', [null, 'b']])).toEqual({ count: 2, first: ['a', 'b'] });
    // A child key whose value is not an array holds no page, though it is a string.
    expect(pagesInside({ pages: 'a', groups: [{ pages: ['b'] }], tabs: 'c' })).toEqual({ count: 1, first: ['b'] });
    // Strings outside the child keys (a group's name, an icon) are no page.
    expect(pagesInside({ group: 'Name', icon: 'book', pages: ['x'] })).toEqual({ count: 1, first: ['x'] });
  });

  it.each([
    [{ count: 0, first: [] }, 'no pages'],
    [{ count: 1, first: ['a'] }, '1 page: "a"'],
    [{ count: 2, first: ['a', 'b'] }, '2 pages: "a", "b"'],
    [{ count: 11, first: ['a', 'b'] }, '11 pages: "a", "b", and 9 more'],
    [{ count: 3, first: ['a', 'b'] }, '3 pages: "a", "b", and 1 more'],
  ])('%j: "%s"', (pages, said) => {
    expect(pageList(pages)).toBe(said);
  });
});

describe('groupSpecValueAt: the group whose openapi or asyncapi holds a schema problem’s value', () => {
  const docs = {
    navigation: {
      tabs: [
        {
          tab: 'API',
          groups: [
            { group: 'REST', openapi: { source: 42 }, pages: [{ group: 'Nested', asyncapi: ['x', 7], pages: ['p'] }] },
            { group: 'Plain', pages: ['q'] },
          ],
        },
      ],
    },
  };
  const at = (pointer: string) => groupSpecValueAt(docs, pointer.split('/').slice(1));

  it.each([
    ['/navigation/tabs/0/groups/0/openapi/source', { group: ['navigation', 'tabs', '0', 'groups', '0'], field: 'openapi' }],
    ['/navigation/tabs/0/groups/0/openapi', { group: ['navigation', 'tabs', '0', 'groups', '0'], field: 'openapi' }],
    ['/navigation/tabs/0/groups/0/pages/0/asyncapi/1', { group: ['navigation', 'tabs', '0', 'groups', '0', 'pages', '0'], field: 'asyncapi' }],
  ])('%s: %j', (pointer, found) => {
    expect(at(pointer)).toEqual(found);
  });

  it.each([
    // Not under a group's openapi or asyncapi.
    '/navigation/tabs/0/groups/1/pages/0',
    '/navigation/tabs/0/groups/0/pages/0/pages/0',
    '/navigation/tabs/0/tab',
    // A tab's openapi is not a group's: the platform keeps or drops it otherwise.
    '/navigation/tabs/0/openapi/source',
    // Where the document has no such element.
    '/navigation/tabs/5/groups/0/openapi',
    '/navigation/tabs/0/groups/9/openapi',
    '/navigation/tabs/0/nothing/0/openapi',
    '/navigation/tabs/0/groups/0/pages/1/openapi',
    // Outside the navigation.
    '/openapi/source',
    '/navigation',
  ])('%s: none', (pointer) => {
    expect(at(pointer)).toBeUndefined();
  });

  it('a document that is not an object, or a navigation that is not one, holds none', () => {
    expect(groupSpecValueAt([docs], ['navigation', 'groups', '0', 'openapi'])).toBeUndefined();
    expect(groupSpecValueAt({ navigation: [{ group: 'G', openapi: 'x' }] }, ['navigation', 'groups', '0', 'openapi'])).toBeUndefined();
    expect(groupSpecValueAt({ navigation: { groups: [{ group: 'G', openapi: 'x' }] } }, ['navigation', 'groups', '0', 'openapi'])).toEqual({
      group: ['navigation', 'groups', '0'],
      field: 'openapi',
    });
    // A group's children under another key than pages are not groups (a tab under a group is no element).
    expect(
      groupSpecValueAt({ navigation: { groups: [{ group: 'G', tabs: [{ openapi: 'x' }] }] } }, ['navigation', 'groups', '0', 'tabs', '0', 'openapi']),
    ).toBeUndefined();
  });
});

describe('childArraysLostToHref: the child arrays a division with a link href loses', () => {
  it('only the arrays its kind holds (an anchor has no anchors, a version no menu); none without a link or for a kind that links to nothing', () => {
    expect(childArraysLostToHref('anchor', { href: '/x', pages: ['a'], anchors: [{ anchor: 'A' }], menu: [] })).toEqual(['pages']);
    expect(childArraysLostToHref('version', { href: 'https://example.com', groups: [], menu: [{ item: 'M' }] })).toEqual(['groups']);
    expect(childArraysLostToHref('tab', { href: '#top', pages: ['a'], menu: [{ item: 'M' }] })).toEqual(['pages', 'menu']);
    expect(childArraysLostToHref('tab', { href: 'guides/x', pages: ['a'] })).toEqual([]);
    expect(childArraysLostToHref('group', { href: '/x', pages: ['a'] })).toEqual([]);
    // Not an array: nothing to lose.
    expect(childArraysLostToHref('anchor', { href: '/x', pages: 'a' })).toEqual([]);
  });
});

describe('arrayLostTo and groupSpecValueAt read the navigation only, pairs of key and index', () => {
  const docs = { navigation: { tabs: [{ tab: 'T', groups: [{ group: 'G', openapi: 7, pages: ['a'] }] }] } };
  it('a pointer outside the navigation costs nothing, though the navigation has the same path', () => {
    expect(arrayLostTo(docs, ['navigation', 'tabs', '0', 'groups', '0', 'pages', '0'])).toEqual({
      division: ['navigation', 'tabs', '0'],
      kind: 'tab',
      key: 'groups',
    });
    expect(arrayLostTo(docs, ['global', 'tabs', '0', 'groups', '0', 'pages', '0'])).toBeUndefined();
    expect(groupSpecValueAt(docs, ['navigation', 'tabs', '0', 'groups', '0', 'openapi'])).toEqual({
      group: ['navigation', 'tabs', '0', 'groups', '0'],
      field: 'openapi',
    });
    expect(groupSpecValueAt(docs, ['global', 'tabs', '0', 'groups', '0', 'openapi'])).toBeUndefined();
  });

  it('a pointer to a division’s child array itself (not an entry of it) is the division’s own field: nothing lost', () => {
    expect(arrayLostTo(docs, ['navigation', 'tabs', '0', 'groups'])).toBeUndefined();
    expect(arrayLostTo(docs, ['navigation', 'tabs'])).toBeUndefined();
  });
});
