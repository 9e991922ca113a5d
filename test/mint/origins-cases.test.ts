/**
 * The way back from an upgraded docs.json to its mint.json (src/mint/origins.ts,
 * `UpgradeOrigins`), case by case: the first source given to an object or a key is the one kept
 * (an undefined source is none), a value set undefined is not set, a copy keeps the source of
 * every part (nulls, nested lists), a pointer goes back to the deepest part that has a source,
 * and each mint.json pointer is counted once per part made from it.
 */
import { describe, expect, it } from 'vitest';
import { UpgradeOrigins } from '../../src/mint/origins.js';
import { upgradeMintConfig } from '../../src/mint/upgrade.js';

describe('sources of objects and keys', () => {
  it('the first source an object is given is kept; an undefined source is none', () => {
    const o = new UpgradeOrigins();
    const tab = o.object({ tab: 'API' }, undefined);
    expect(o.originOf(tab, '')).toBe('');
    expect(o.object(tab, '/tabs/0')).toBe(tab);
    o.object(tab, '/tabs/1');
    expect(o.originOf(tab, '')).toBe('/tabs/0');
    expect(o.originOf(o.record('/anchors/2'), '')).toBe('/anchors/2');
    expect(o.originOf(o.record(undefined), '')).toBe('');
  });

  it("the first source a key is given is kept; an undefined source is none; another holder's key is its own", () => {
    const o = new UpgradeOrigins();
    const holder = { name: 'Acme', favicon: '/favicon.svg' };
    o.key(holder, 'name', undefined);
    expect(o.keyOrigin(holder, 'name')).toBeUndefined();
    o.key(holder, 'name', '/name');
    o.key(holder, 'name', '/title');
    o.key(holder, 'favicon', '/favicon');
    expect(o.keyOrigin(holder, 'name')).toBe('/name');
    expect(o.keyOrigin(holder, 'favicon')).toBe('/favicon');
    expect(o.keyOrigin({ name: 'Acme' }, 'name')).toBeUndefined();
    const pages = ['intro'];
    o.key(pages, 0, '/navigation/0/pages/0');
    expect(o.keyOrigin(pages, '0')).toBe('/navigation/0/pages/0');
  });

  it('set: an own, enumerable, writable key (even `__proto__`); an undefined value is not set', () => {
    const o = new UpgradeOrigins();
    const docs: Record<string, unknown> = {};
    o.set(docs, 'name', 'Acme', '/name');
    o.set(docs, 'logo', undefined, '/logo');
    o.set(docs, '__proto__', { x: 1 }, '/metadata/__proto__');
    expect(Object.keys(docs)).toEqual(['name', '__proto__']);
    expect(JSON.stringify(docs)).toBe('{"name":"Acme","__proto__":{"x":1}}');
    expect(o.keyOrigin(docs, 'name')).toBe('/name');
    expect(o.keyOrigin(docs, 'logo')).toBeUndefined();
    docs.name = 'Acme Docs';
    expect(docs.name).toBe('Acme Docs');
  });
});

describe('a copy of a mint.json value', () => {
  it.each([['Acme'], [42], [true], [null]])('%j is itself', (value) => {
    const o = new UpgradeOrigins();
    expect(o.copy(value, '/name')).toBe(value);
  });

  const redirects = [
    { source: '/old', destination: '/new', permanent: null },
    { source: '/a', destination: '/b', tags: [['x', 'y'], []] },
  ];

  it('is equal, a new value throughout, nulls and nested lists kept', () => {
    const o = new UpgradeOrigins();
    const copy = o.copy(redirects, '/redirects') as typeof redirects;
    expect(copy).toStrictEqual(redirects);
    expect(copy).not.toBe(redirects);
    expect(copy[1]).not.toBe(redirects[1]);
    expect(copy[1].tags![0]).not.toBe(redirects[1].tags![0]);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(redirects));
  });

  it('every part of it goes back to its place below `from`', () => {
    const o = new UpgradeOrigins();
    const docs = o.record('');
    o.set(docs, 'redirects', o.copy(redirects, '/redirects'), '/redirects');
    const back = (pointer: string) => o.originOf(docs, pointer);
    expect(
      [
        '',
        '/redirects',
        '/redirects/0',
        '/redirects/0/source',
        '/redirects/0/permanent',
        '/redirects/1/tags',
        '/redirects/1/tags/0',
        '/redirects/1/tags/0/1',
        '/redirects/1/tags/1',
      ].map((pointer) => `${pointer} <- ${back(pointer)}`),
    ).toEqual([
      ' <- ',
      '/redirects <- /redirects',
      '/redirects/0 <- /redirects/0',
      '/redirects/0/source <- /redirects/0/source',
      '/redirects/0/permanent <- /redirects/0/permanent',
      '/redirects/1/tags <- /redirects/1/tags',
      '/redirects/1/tags/0 <- /redirects/1/tags/0',
      '/redirects/1/tags/0/1 <- /redirects/1/tags/0/1',
      '/redirects/1/tags/1 <- /redirects/1/tags/1',
    ]);
  });
});

describe('a pointer back', () => {
  it('the root: its own source, else none', () => {
    const o = new UpgradeOrigins();
    expect(o.originOf(o.record('/navigation'), '')).toBe('/navigation');
    expect(o.originOf({}, '')).toBe('');
    expect(o.originOf('Acme', '')).toBe('');
    expect(o.originOf(null, '/name')).toBe('');
  });

  it('a part without a source goes back to the nearest that has one; past the end of the value, the last one found', () => {
    const o = new UpgradeOrigins();
    const docs = o.record('');
    const tab = o.record('/tabs/0');
    o.set(tab, 'tab', 'API', '/tabs/0/name');
    const groups = o.object([{ group: 'Start', pages: ['intro'] }], undefined);
    o.set(tab, 'groups', groups, undefined);
    o.set(docs, 'navigation', o.record(undefined), undefined);
    o.set(docs.navigation as Record<string, unknown>, 'tabs', [tab], '/tabs');
    expect(o.originOf(docs, '/navigation')).toBe('');
    expect(o.originOf(docs, '/navigation/tabs')).toBe('/tabs');
    expect(o.originOf(docs, '/navigation/tabs/0')).toBe('/tabs/0');
    expect(o.originOf(docs, '/navigation/tabs/0/tab')).toBe('/tabs/0/name');
    expect(o.originOf(docs, '/navigation/tabs/0/groups/0/pages/0')).toBe('/tabs/0');
    expect(o.originOf(docs, '/navigation/tabs/0/hidden/deeper')).toBe('/tabs/0');
  });
});

describe('counting the uses of each mint.json value', () => {
  it('before the count, nothing is used and there is no source', () => {
    const o = new UpgradeOrigins();
    o.consume('/versions/0');
    expect(o.usesOf('/versions/0')).toBe(0);
    expect([...o.sources()]).toEqual([]);
  });

  it("each object once by its own source, else by its key's; each other value by its key's; consumed values too", () => {
    const o = new UpgradeOrigins();
    const docs = o.record('');
    o.set(docs, 'name', 'Acme', '/name');
    const navbar = o.record('/topbarLinks');
    o.set(docs, 'navbar', navbar, '/topbarCtaButton');
    const links = o.object([o.record('/topbarLinks/0'), o.record(undefined)], undefined);
    o.set(navbar, 'links', links, '/topbarLinks');
    o.key(links, 1, '/topbarLinks/1');
    o.set(links[0], 'label', 'Support', '/topbarLinks/0/name');
    o.set(links[1], 'label', 'Status', '/topbarLinks/1/name');
    o.set(docs, 'theme', 'mint', undefined);
    o.consume('/topbarLinks/0/type');
    o.consume('/name');
    o.count(docs);
    expect(
      [
        '',
        '/name',
        '/topbarLinks',
        '/topbarCtaButton',
        '/topbarLinks/0',
        '/topbarLinks/1',
        '/topbarLinks/0/name',
        '/topbarLinks/0/type',
        '/theme',
        '/nothing',
      ].map((pointer) => `${pointer} ${o.usesOf(pointer)}`),
    ).toEqual([
      ' 1',
      '/name 2',
      '/topbarLinks 2',
      '/topbarCtaButton 0',
      '/topbarLinks/0 1',
      '/topbarLinks/1 1',
      '/topbarLinks/0/name 1',
      '/topbarLinks/0/type 1',
      '/theme 0',
      '/nothing 0',
    ]);
    expect([...o.sources()].sort()).toEqual([
      '',
      '/name',
      '/topbarLinks',
      '/topbarLinks/0',
      '/topbarLinks/0/name',
      '/topbarLinks/0/type',
      '/topbarLinks/1',
      '/topbarLinks/1/name',
    ]);
  });

  it('a part made and then left out counts for nothing; a second count replaces the first', () => {
    const o = new UpgradeOrigins();
    const docs = o.record('');
    const anchor = o.record('/anchors/0');
    o.set(docs, 'anchors', [anchor], '/anchors');
    o.count(docs);
    expect(o.usesOf('/anchors/0')).toBe(1);
    delete docs.anchors;
    o.count(docs);
    expect(o.usesOf('/anchors/0')).toBe(0);
    expect(o.usesOf('/anchors')).toBe(0);
    expect([...o.sources()]).toEqual(['']);
  });
});

describe('through the upgrade', () => {
  it('settings copied as they are (redirects with a list inside) go back to their place, each used once', () => {
    const upgrade = upgradeMintConfig({
      name: 'Acme',
      favicon: '/favicon.svg',
      colors: { primary: '#0D9373' },
      navigation: [{ group: 'Start', pages: ['intro'] }],
      api: { request: { example: { languages: ['curl', 'python'] } } },
      redirects: [{ source: '/old', destination: '/new' }],
    });
    expect(upgrade.docs.api).toEqual({ examples: { languages: ['curl', 'python'] } });
    expect(upgrade.originOf('/api/examples/languages/1')).toBe('/api/request/example/languages/1');
    expect(upgrade.originOf('/redirects/0/destination')).toBe('/redirects/0/destination');
    expect(['/redirects', '/redirects/0', '/redirects/0/source', '/api/request/example/languages/1'].map((pointer) => upgrade.usesOf(pointer))).toEqual([
      1, 1, 1, 1,
    ]);
  });
});
