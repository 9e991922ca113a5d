/**
 * The mint.json value as the platform's legacy check outputs it (src/mint/parse.ts,
 * `parseMintConfig`), what the build then upgrades: names, urls and `openapi` values trimmed,
 * paths root-relative, keys in the order of the check's schema (a union's value in the order of
 * the first option that accepts it, the top-bar button's by its `type`), the keys the check
 * drops left out; and values the check would reject passed on as they are, without a crash.
 */
import { describe, expect, it } from 'vitest';
import { normalizeRelativePath, parseMintConfig } from '../../src/mint/parse.js';

/** Every key of a value, in order, with its path: key order is what these cases are about. */
function keyOrder(value: unknown, at = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [`${at}/${key}`, ...keyOrder(child, `${at}/${key}`)]);
}

const SITE = { name: 'Acme', favicon: '/favicon.svg', colors: { primary: '#0D9373' }, navigation: [{ group: 'Start', pages: ['intro'] }] };

describe('what the check trims and normalizes', () => {
  it('the site name, each tab and anchor name, url and openapi, top-level openapi paths (URLs as they are)', () => {
    const parsed = parseMintConfig(
      {
        ...SITE,
        name: ' Acme Docs\t',
        openapi: [' ./specs/a.json ', 'https://api.example.com/openapi.json ', ' ', '/specs/../b.yaml'],
        tabs: [{ name: ' API ', url: ' api-reference ', openapi: ' /openapi.json ' }],
        anchors: [{ name: '\tCommunity', url: 'https://community.example.com ', icon: 'discord', openapi: ' ./anchor.json' }],
      },
      [],
    );
    expect(parsed).toStrictEqual({
      name: 'Acme Docs',
      favicon: '/favicon.svg',
      openapi: ['specs/a.json', 'https://api.example.com/openapi.json', '', 'b.yaml'],
      colors: { primary: '#0D9373' },
      navigation: [{ group: 'Start', pages: ['intro'] }],
      anchors: [{ name: 'Community', url: 'https://community.example.com', icon: 'discord', openapi: './anchor.json' }],
      tabs: [{ name: 'API', url: 'api-reference', openapi: '/openapi.json' }],
    });
  });

  it.each([
    [' /openapi.json ', 'openapi.json'],
    ['./specs/openapi.yaml', 'specs/openapi.yaml'],
    ['  https://api.example.com/openapi.json', 'https://api.example.com/openapi.json'],
    ['', ''],
    ['   ', ''],
  ])('a top-level openapi %j is %j', (openapi, expected) => {
    expect(parseMintConfig({ ...SITE, openapi }, [])).toMatchObject({ openapi: expected });
  });

  it('an openapi list entry that is no string (a docs.json-style object) is passed on as it is', () => {
    const parsed = parseMintConfig({ ...SITE, openapi: ['/specs/a.json', { source: 'specs/b.json', directory: 'api' }] }, []) as Record<string, unknown>;
    expect(parsed.openapi).toStrictEqual(['specs/a.json', { source: 'specs/b.json', directory: 'api' }]);
  });

  it('page paths (nested groups too) root-relative; an empty page and a blank one as they are', () => {
    const parsed = parseMintConfig(
      { ...SITE, navigation: [{ group: 'Start', pages: ['./intro', { group: 'Deep', pages: ['/guides/setup/', 'a/../b'] }, '', '  '] }] },
      [],
    );
    expect(parsed).toMatchObject({ navigation: [{ group: 'Start', pages: ['intro', { group: 'Deep', pages: ['guides/setup/', 'b'] }, '', '  '] }] });
  });

  it.each([
    ['/', ''],
    ['./', ''],
    ['', ''],
    ['api/users/', 'api/users/'],
    ['api//', 'api/'],
    ['./a/../b/', 'b/'],
    ['../../outside', 'outside'],
  ])('normalizeRelativePath(%j) is %j', (value, expected) => {
    expect(normalizeRelativePath(value)).toBe(expected);
  });
});

describe("keys in the check's order", () => {
  it("each object's fields in its schema's order, fields it does not know after them, none added", () => {
    const parsed = parseMintConfig(
      {
        navigation: [{ pages: ['intro', { pages: ['deep/one'], icon: 'star', group: 'Deep' }], group: 'Start' }],
        colors: { dark: '#111111', primary: '#0D9373' },
        favicon: '/favicon.svg',
        logo: { href: 'https://acme.example.com', dark: '/logo/dark.svg', light: '/logo/light.svg', alt: 'Acme' },
        name: 'Acme',
      },
      [],
    );
    expect(keyOrder(parsed)).toEqual([
      '/name',
      '/logo',
      '/logo/light',
      '/logo/dark',
      '/logo/href',
      '/logo/alt',
      '/favicon',
      '/colors',
      '/colors/primary',
      '/colors/dark',
      '/navigation',
      '/navigation/0',
      '/navigation/0/group',
      '/navigation/0/pages',
      '/navigation/0/pages/0',
      '/navigation/0/pages/1',
      '/navigation/0/pages/1/group',
      '/navigation/0/pages/1/icon',
      '/navigation/0/pages/1/pages',
      '/navigation/0/pages/1/pages/0',
    ]);
  });

  it('the top-bar buttons by their type: a GitHub button, a link (with and without its type); a type that is no string picks the link', () => {
    const parsed = parseMintConfig(
      {
        ...SITE,
        topbarCtaButton: { url: 'https://github.com/acme', type: 'github' },
        topbarLinks: [
          { url: 'https://app.example.com', arrow: true, name: 'Sign in', type: 'link', style: 'pill' },
          { url: 'https://status.example.com', name: 'Status' },
          { url: 'https://github.com/acme', name: 'GitHub', type: ['github'] },
          null,
        ],
      },
      [],
    ) as Record<string, unknown>;
    expect(keyOrder({ cta: parsed.topbarCtaButton, links: parsed.topbarLinks })).toEqual([
      '/cta',
      '/cta/url',
      '/cta/type',
      '/links',
      '/links/0',
      '/links/0/type',
      '/links/0/name',
      '/links/0/url',
      '/links/0/style',
      '/links/0/arrow',
      '/links/1',
      '/links/1/name',
      '/links/1/url',
      '/links/2',
      '/links/2/type',
      '/links/2/type/0',
      '/links/2/name',
      '/links/2/url',
      '/links/3',
    ]);
  });

  it('a value of the wrong form is passed on as it is: an array for an object, an object for a string, null for the button', () => {
    const raw = {
      ...SITE,
      colors: ['#0D9373', '#07C983'],
      name: { en: 'Acme' },
      topbarCtaButton: null,
      api: { playground: { mode: 'hide' }, baseUrl: 'https://api.example.com' },
      footerSocials: { x: 'https://x.com/acme', github: 'https://github.com/acme' },
      metadata: { 'og:title': 'Acme' },
    };
    expect(parseMintConfig(raw, [])).toStrictEqual({
      name: { en: 'Acme' },
      favicon: '/favicon.svg',
      api: { baseUrl: 'https://api.example.com', playground: { mode: 'hide' } },
      metadata: { 'og:title': 'Acme' },
      colors: ['#0D9373', '#07C983'],
      topbarCtaButton: null,
      navigation: [{ group: 'Start', pages: ['intro'] }],
      footerSocials: { x: 'https://x.com/acme', github: 'https://github.com/acme' },
    });
  });

  it('a field the schema takes as anything (colors.ultraLight) is passed on in its own order', () => {
    const parsed = parseMintConfig({ ...SITE, colors: { ultraLight: { to: '#FFFFFF', from: '#EEEEEE' }, primary: '#0D9373' } }, []) as Record<string, unknown>;
    expect(keyOrder(parsed.colors)).toEqual(['/primary', '/ultraLight', '/ultraLight/to', '/ultraLight/from']);
  });

  it('an API playground without a mode gets "show"', () => {
    expect(parseMintConfig({ ...SITE, api: { playground: { disableProxy: true } } }, [])).toMatchObject({
      api: { playground: { mode: 'show', disableProxy: true } },
    });
  });

  it('an API playground written as a list gets no mode', () => {
    const parsed = parseMintConfig({ ...SITE, api: { playground: ['hide'] } }, []) as { api: { playground: unknown[] } };
    expect(Object.keys(parsed.api.playground)).toEqual(['0']);
  });
});

describe('what is not an object at the top', () => {
  it.each([[[{ group: 'Start', pages: ['./intro'] }]], ['mint.json'], [null]])('%j is passed on as it is (a copy)', (raw) => {
    const parsed = parseMintConfig(raw, []);
    expect(parsed).toStrictEqual(raw);
    if (typeof raw === 'object' && raw !== null) expect(parsed).not.toBe(raw);
  });
});

describe('the keys the check drops', () => {
  it('are left out of the copy, at any depth; the raw value is not changed', () => {
    const raw = { ...SITE, 'x-notes': 'draft', redirects: [{ source: '/old', destination: '/new', note: 'moved' }] };
    const parsed = parseMintConfig(raw, ['/x-notes', '/redirects/0/note']);
    expect(parsed).toStrictEqual({ ...SITE, redirects: [{ source: '/old', destination: '/new' }] });
    expect(raw.redirects[0]).toStrictEqual({ source: '/old', destination: '/new', note: 'moved' });
  });
});
