/**
 * Where links arrive on a site (src/site/links.ts), on its own: a page, a file, a folder, or through
 * redirects (to a page, or out of the site); a page's links resolved once and handed out in order;
 * and the navigation's internal hrefs, a global anchor's only where the profile lets it link in.
 */
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../src/config/profiles.js';
import type { PageLink } from '../../src/pages/types.js';
import type { PageTree } from '../../src/resolve/types.js';
import { RedirectTable, redirectsOf } from '../../src/redirects/table.js';
import { arrive, direct, hasNavigationLinks, linkResolver, navigationLinks } from '../../src/site/links.js';
import type { PageBody } from '../../src/site/pages.js';
import { buildSite } from '../../src/site/site.js';

const tree = {
  pages: [
    { path: 'index', kind: 'page', file: 'index.mdx' },
    { path: 'quickstart', kind: 'page', file: 'quickstart.mdx' },
    { path: 'api/get', kind: 'endpoint' },
  ],
} as unknown as PageTree;
const LISTING = ['index.mdx', 'quickstart.mdx', 'guides/setup.mdx', 'images/logo.png'];
const site = buildSite(tree, { hasFile: (file) => LISTING.includes(file), list: () => LISTING }, () => false);

const DOCUMENT = {
  redirects: [
    { source: '/old', destination: '/quickstart' },
    { source: '/ext', destination: 'https://example.com/docs' },
    { source: '/img', destination: '/images/logo.png' },
    { source: '/dir', destination: '/guides' },
    { source: '/chain/one', destination: '/chain/two' },
    { source: '/chain/two', destination: 'quickstart#install' },
    { source: '/loop/a', destination: '/loop/b' },
    { source: '/loop/b', destination: '/loop/a' },
    { source: '/lost', destination: '/nowhere' },
  ],
};
const redirects = new RedirectTable(redirectsOf(DOCUMENT));
const page = (path: string) => site.pages.get(path)!;

describe('arrive', () => {
  it.each([
    ['quickstart', { to: 'page', page: page('quickstart') }],
    ['quickstart.mdx', { to: 'page', page: page('quickstart') }],
    ['', { to: 'page', page: page('index') }],
    ['api/get', { to: 'page', page: page('api/get') }],
    ['images/logo.png', { to: 'file' }],
    ['guides', { to: 'folder' }],
    ['old', { to: 'redirect', destination: '/quickstart', page: page('quickstart') }],
    ['ext', { to: 'redirect', destination: 'https://example.com/docs' }],
    ['img', { to: 'redirect', destination: '/images/logo.png' }],
    ['dir', { to: 'redirect', destination: '/guides' }],
    ['chain/one', { to: 'redirect', destination: 'quickstart#install', page: page('quickstart') }],
    ['loop/a', undefined],
    ['lost', undefined],
    ['nothing', undefined],
  ])('%j', (urlPath, arrival) => {
    expect(arrive(site, redirects, urlPath)).toStrictEqual(arrival);
  });

  it('direct: no redirect followed', () => {
    expect(direct(site, 'images/logo.png')).toStrictEqual({ to: 'file' });
    expect(direct(site, 'guides')).toStrictEqual({ to: 'folder' });
    expect(direct(site, 'old')).toBeUndefined();
  });
});

describe('linkResolver', () => {
  const link = (url: string, at: number): PageLink => ({ url, kind: 'link', span: [at, at + url.length], verbatim: true });
  const links = [link('/quickstart', 3), link('https://example.com', 20), link('missing#x', 40), link('/quickstart', 60)];
  const body: PageBody = { file: 'guides/setup.mdx', text: '', scan: { links, anchors: new Set() } };

  it('each link of a page in order, with where it leads (an external one: nowhere to resolve), asked twice alike', () => {
    const linksOf = linkResolver(site, redirects);
    const expected = [
      { link: links[0], resolved: { target: { path: 'quickstart', base: 'root' }, arrival: { to: 'page', page: page('quickstart') } } },
      { link: links[1], resolved: undefined },
      {
        link: links[2],
        resolved: { target: { path: 'guides/missing', fragment: 'x', base: 'relative', fromRoot: 'missing' }, arrival: undefined },
      },
      { link: links[3], resolved: { target: { path: 'quickstart', base: 'root' }, arrival: { to: 'page', page: page('quickstart') } } },
    ];
    expect([...linksOf(body)]).toStrictEqual(expected);
    expect([...linksOf(body)]).toStrictEqual(expected);
  });
});

describe('the navigation links', () => {
  const platform = PROFILES.platform;
  const spec = PROFILES.spec;
  const NAVIGATION = {
    navigation: {
      global: { anchors: [{ anchor: 'Blog', href: '/old', icon: null }] },
      tabs: [
        { tab: 'Guides', href: 'guides', icon: null, pages: ['quickstart'] },
        { tab: 'Out', href: 'https://example.com' },
        { tab: 'Blank', href: '   ' },
        { tab: 'Images', href: ' /images/logo.png ', menu: [{ item: 'Nowhere', href: 'nowhere' }] },
      ],
    },
  };

  it("under the platform: every internal href in order, a global anchor's too, from the root, redirects followed", () => {
    expect(navigationLinks(NAVIGATION, site, redirects, platform)).toStrictEqual([
      {
        href: '/old',
        pointer: '/navigation/global/anchors/0/href',
        resolved: { target: { path: 'old', base: 'root' }, arrival: { to: 'redirect', destination: '/quickstart', page: page('quickstart') } },
      },
      { href: 'guides', pointer: '/navigation/tabs/0/href', resolved: { target: { path: 'guides', base: 'root' }, arrival: { to: 'folder' } } },
      {
        href: '/images/logo.png',
        pointer: '/navigation/tabs/3/href',
        resolved: { target: { path: 'images/logo.png', base: 'root' }, arrival: { to: 'file' } },
      },
      { href: 'nowhere', pointer: '/navigation/tabs/3/menu/0/href', resolved: { target: { path: 'nowhere', base: 'root' }, arrival: undefined } },
    ]);
  });

  it("under the spec: a global anchor's href links out, not in", () => {
    expect(navigationLinks(NAVIGATION, site, redirects, spec).map((link) => link.pointer)).toStrictEqual([
      '/navigation/tabs/0/href',
      '/navigation/tabs/3/href',
      '/navigation/tabs/3/menu/0/href',
    ]);
  });

  const onlyGlobal = { navigation: { global: { anchors: [{ anchor: 'Blog', href: 'blog' }] }, groups: [{ group: 'G', pages: ['a'] }] } };
  const onlyTab = { navigation: { tabs: [{ tab: 'A', href: '/a', icon: null }] } };
  const onlyOut = {
    navigation: {
      tabs: [
        { tab: 'A', href: 'mailto:a@example.com' },
        { tab: 'B', href: ' ' },
        { tab: 'C', href: 7 },
      ],
    },
  };
  it.each([
    ['no document', null, false, false],
    ['no navigation', { name: 'x' }, false, false],
    ['a navigation that is no object', { navigation: 'pages' }, false, false],
    ['an empty navigation', { navigation: {} }, false, false],
    ['a global anchor only', onlyGlobal, true, false],
    ['a tab', onlyTab, true, true],
    ['external, blank and non-string hrefs only', onlyOut, false, false],
    ['the whole navigation', NAVIGATION, true, true],
  ])('has navigation links: %s (platform %s, spec %s)', (_what, document, underPlatform, underSpec) => {
    expect(hasNavigationLinks(document, platform)).toBe(underPlatform);
    expect(hasNavigationLinks(document, spec)).toBe(underSpec);
  });
});
