/**
 * A division's `href` the platform's hrefSchema refuses (src/settings/index.ts): the platform drops
 * the href and keeps the division's children (test/resolve/build-cases.ts checks it against the
 * build). An error at the href saying so, under the platform profile; a global link's is another
 * finding (it fails the build); nothing for a link the platform accepts.
 */
import { describe, expect, it } from 'vitest';
import { checkDocsSettings } from '../../src/settings/index.js';

const SITE = { name: 'Demo', theme: 'mint', colors: { primary: '#000000' } };
const findingsOf = (navigation: unknown) => checkDocsSettings({ ...SITE, navigation }).filter((finding) => finding.pointer.endsWith('/href'));

describe("a division's href the platform refuses", () => {
  it('a tab with pages: the href is dropped, the tab keeps its children', () => {
    expect(findingsOf({ tabs: [{ tab: 'T', href: 'guides/x', pages: ['a'] }] })).toEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/href',
        message:
          '`href` must be an absolute URL or a path starting with `/` (got "guides/x"). The platform does not fail the build for this: it drops the `href`, and the tab keeps its children, not the link.',
      },
    ]);
  });

  it('an anchor with nothing else: the href is dropped, the anchor shows no link', () => {
    expect(findingsOf({ anchors: [{ anchor: 'Blog', href: '' }] })).toEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/anchors/0/href',
        message:
          '`href` must be an absolute URL or a path starting with `/` (got ""). The platform does not fail the build for this: it drops the `href`, and the anchor shows no link.',
      },
    ]);
  });

  it('an array its kind does not hold is no child: an anchor with a `menu` shows no link', () => {
    expect(findingsOf({ anchors: [{ anchor: 'Blog', href: 'x', menu: [{ item: 'I', pages: ['a'] }] }] })[0].message).toMatch(/the anchor shows no link\.$/);
    expect(findingsOf({ tabs: [{ tab: 'T', href: 'x', menu: [{ item: 'I', pages: ['a'] }] }] })[0].message).toMatch(
      /the tab keeps its children, not the link\.$/,
    );
  });

  it('on every kind of division, at any depth; a menu item too', () => {
    const navigation = {
      products: [
        {
          product: 'P',
          href: 'x y',
          versions: [{ version: 'v1', href: 'v1/home', tabs: [{ tab: 'T', menu: [{ item: 'I', href: 'page' }] }] }],
        },
      ],
    };
    expect(findingsOf(navigation).map((finding) => finding.pointer)).toEqual([
      '/navigation/products/0/href',
      '/navigation/products/0/versions/0/href',
      '/navigation/products/0/versions/0/tabs/0/menu/0/href',
    ]);
  });

  it('nothing for what the platform accepts, for a value that is no string (the schema’s), or on a group (no href there)', () => {
    for (const href of ['https://example.com', '/guides', '#top', 'mailto:docs@example.com'])
      expect(findingsOf({ tabs: [{ tab: 'T', href }] }), href).toEqual([]);
    expect(findingsOf({ tabs: [{ tab: 'T', href: 7 }] })).toEqual([]);
    expect(findingsOf({ groups: [{ group: 'G', href: 'x', pages: ['a'] }] })).toEqual([]);
  });

  it('nothing for a global link the platform accepts, nor for one whose href is no string (the schema’s)', () => {
    const global = {
      versions: [
        { version: 'v2', href: 'https://v2.example.com' },
        { version: 'v3', href: '/v3' },
      ],
      tabs: [{ tab: 'Blog', href: '#blog' }],
      products: [{ product: 'P', href: 'mailto:sales@example.com' }],
      languages: [{ language: 'fr', href: 7 }],
    };
    expect(findingsOf({ global, pages: ['a'] })).toEqual([]);
  });

  it('a global link’s refused href fails the build instead (another finding, said once)', () => {
    const found = findingsOf({ global: { versions: [{ version: 'v2', href: 'guides/x' }] }, pages: ['a'] });
    expect(found).toHaveLength(1);
    expect(found[0].message).toMatch(/the platform rejects the whole docs\.json for it\.$/);
  });
});
