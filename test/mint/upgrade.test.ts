/**
 * docsnav's mint.json upgrade (src/mint) rule by rule: each case of the platform's upgrade gives
 * the platform's docs.json (cases.ts, checked against the platform's own upgrade in the corpus
 * suite), keys in its order; the way back from every part of it lands on the mint.json value it came
 * from; and no shape of input makes it throw.
 */
import { MAX_NAVIGATION_DEPTH } from '../../src/limits.js';
import { describe, expect, it } from 'vitest';
import { normalizeRelativePath } from '../../src/mint/parse.js';
import { upgradeMintConfig } from '../../src/mint/upgrade.js';
import { ownChild, parsePointer } from '../../src/source/pointer.js';
import { mintOf, SETTINGS_CASES, SETTINGS_NAVIGATION, UPGRADE_CASES } from './cases.js';

/** Every pointer into a value, with the value there (depth first, parents first). */
function pointersOf(value: unknown, at = ''): Array<{ pointer: string; value: unknown }> {
  const out = [{ pointer: at, value }];
  if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) out.push(...pointersOf(child, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return out;
}

function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const segment of parsePointer(pointer)) value = ownChild(value, segment);
  return value;
}

describe('the navigation, rule by rule', () => {
  it.each(UPGRADE_CASES.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    const { docs } = upgradeMintConfig(mintOf(testCase.mint));
    expect(docs.navigation).toEqual(testCase.navigation);
    // The platform's key order too: docs.json is written as the upgrade orders it.
    expect(JSON.stringify(docs.navigation)).toBe(JSON.stringify(testCase.navigation));
  });
});

describe('the settings, one by one', () => {
  it.each(SETTINGS_CASES.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    const { docs } = upgradeMintConfig(mintOf({ navigation: SETTINGS_NAVIGATION, ...testCase.mint }), { theme: testCase.theme });
    const { navigation, ...settings } = docs;
    expect(navigation).toEqual({ groups: [{ group: 'Start', pages: ['intro'] }] });
    expect(settings).toEqual(testCase.docs);
    expect(Object.keys(docs)).toEqual([...Object.keys(testCase.docs).slice(0, 5), 'navigation', ...Object.keys(testCase.docs).slice(5)]);
  });

  it("leaves the author's value alone", () => {
    const mint = mintOf({ navigation: [{ group: ' Start ', pages: ['./intro'] }], tabs: [{ name: '  API ', url: ' api ' }] });
    const before = JSON.stringify(mint);
    upgradeMintConfig(mint, { theme: true });
    expect(JSON.stringify(mint)).toBe(before);
  });
});

describe('the way back to the mint.json', () => {
  const cases = [...UPGRADE_CASES.map((c) => mintOf(c.mint)), ...SETTINGS_CASES.map((c) => mintOf({ navigation: SETTINGS_NAVIGATION, ...c.mint }))];

  it('every part of every case goes back to a value of the mint.json; a value carried over goes back to itself', () => {
    for (const mint of cases) {
      const upgrade = upgradeMintConfig(mint, { theme: true });
      for (const { pointer, value } of pointersOf(upgrade.docs)) {
        const origin = upgrade.originOf(pointer);
        const source = valueAt(mint, origin);
        expect(source, `${pointer} -> ${origin}`).not.toBeUndefined();
        // A string that came from a string is the same string, or the form the legacy check writes it in.
        if (typeof value === 'string' && typeof source === 'string' && pointer.startsWith('/navigation') && /\/pages\/\d+$/.test(pointer))
          expect(normalizeRelativePath(source), pointer).toBe(value);
      }
    }
  });

  it('a page goes to its own entry, a group to its group, a division to its tab or anchor', () => {
    const upgrade = upgradeMintConfig(mintOf(UPGRADE_CASES.find((c) => c.name.startsWith('tabs take the pages'))!.mint));
    expect(upgrade.originOf('/navigation/tabs/1/groups/0/pages/1')).toBe('/navigation/1/pages/1');
    expect(upgrade.originOf('/navigation/tabs/1/groups/0/group')).toBe('/navigation/1/group');
    expect(upgrade.originOf('/navigation/tabs/1/groups/0')).toBe('/navigation/1');
    expect(upgrade.originOf('/navigation/tabs/1/tab')).toBe('/tabs/0/name');
    expect(upgrade.originOf('/navigation/tabs/1')).toBe('/tabs/0');
  });

  it('a part the upgrade adds goes to the nearest part that has a source', () => {
    const upgrade = upgradeMintConfig(mintOf(UPGRADE_CASES.find((c) => c.name.startsWith('tabs take the pages'))!.mint));
    // The "Documentation" tab is the upgrade's own: its place is the tabs.
    expect(upgrade.originOf('/navigation/tabs/0')).toBe('/tabs');
    expect(upgrade.originOf('/navigation/tabs/0/tab')).toBe('/tabs');
    expect(upgrade.originOf('/navigation/tabs/0/groups/0/pages/0')).toBe('/navigation/0/pages/0');
    // Past the end of the document: the deepest part that exists.
    expect(upgrade.originOf('/navigation/tabs/1/groups/0/pages/9/x')).toBe('/navigation/1/pages');
    expect(upgrade.originOf('/theme')).toBe('');
  });

  it('an icon with a style: its name from `icon`, its style from `iconType`', () => {
    const upgrade = upgradeMintConfig(mintOf(UPGRADE_CASES[0].mint));
    expect(upgrade.originOf('/navigation/groups/0/icon')).toBe('/navigation/0/icon');
    expect(upgrade.originOf('/navigation/groups/0/icon/name')).toBe('/navigation/0/icon');
    expect(upgrade.originOf('/navigation/groups/0/icon/style')).toBe('/navigation/0/iconType');
  });

  it('settings carried over keep their places inside', () => {
    const upgrade = upgradeMintConfig(
      mintOf({ navigation: SETTINGS_NAVIGATION, redirects: [{ source: '/a', destination: '/b' }], api: { baseUrl: 'https://x.example.com' } }),
    );
    expect(upgrade.originOf('/redirects/0/destination')).toBe('/redirects/0/destination');
    expect(upgrade.originOf('/api/mdx/server')).toBe('/api/baseUrl');
  });
});

describe('any value', () => {
  const shapes: unknown[] = [
    undefined,
    null,
    7,
    'mint',
    [],
    {},
    { navigation: 'x' },
    { navigation: [null, 7, 'page', [], { group: 'G' }, { group: 'G', pages: 'x' }, { group: 'G', pages: [null, 3, { pages: [{}] }] }] },
    { navigation: [{ group: 'G', pages: ['a'] }], tabs: [null, 'x', { url: 7 }, { name: 'T' }], anchors: 'x', versions: [null, 7, [], { name: 7 }] },
    {
      navigation: [{ group: 'G', pages: ['a'], version: 'v' }],
      versions: [{ locale: 'en' }, { locale: 'fr', url: 'https://x' }],
      tabs: [{ name: 'T', url: 'a', version: 7 }],
    },
    {
      navigation: [{ group: 'G', pages: ['a'] }],
      anchors: [
        { name: 'A', url: '__proto__', color: 7 },
        { name: 'B', url: 'constructor', icon: 'x', iconType: 'y' },
      ],
    },
    {
      colors: 'x',
      api: 'x',
      font: 'x',
      topbarLinks: 'x',
      footer: { socials: [null, 7], links: [null, { links: 'x' }] },
      analytics: 'x',
      modeToggle: 'x',
      seo: 'x',
    },
    { colors: { background: 'x' }, api: { playground: 'x', auth: 7 }, font: { headings: 'x' }, footerSocials: [{ type: '__proto__', url: 'x' }] },
    // A key named like Object.prototype's own (as JSON.parse makes it): once a crash in ordering keys as the legacy check does.
    JSON.parse('{ "topbarCtaButton": { "__proto__": null }, "logo": { "constructor": 1, "light": "l", "dark": "d" } }'),
  ];
  it.each(shapes.map((shape) => [JSON.stringify(shape) ?? 'undefined', shape] as const))('%s: no throw, every part goes back somewhere', (_name, shape) => {
    for (const theme of [false, true]) {
      const upgrade = upgradeMintConfig(shape, { theme });
      for (const { pointer } of pointersOf(upgrade.docs)) expect(typeof upgrade.originOf(pointer)).toBe('string');
      expect(Array.isArray(upgrade.changes)).toBe(true);
    }
  });

  it('groups nested thousands deep: no stack overflow; those past the limit are reported, not followed', () => {
    let deepest: Record<string, unknown> = { group: 'G', pages: ['leaf'] };
    for (let i = 0; i < 5000; i++) deepest = { group: `G${i}`, pages: [deepest] };
    const upgrade = upgradeMintConfig(mintOf({ navigation: [deepest], tabs: [{ name: 'T', url: 'leaf' }] }));
    expect(upgrade.tooDeep).toHaveLength(1);
    // Followed as deep as a docs.json's navigation (issue 57: one limit for both).
    expect(parsePointer(upgrade.tooDeep[0]).filter((segment) => segment === 'pages')).toHaveLength(MAX_NAVIGATION_DEPTH + 1);
  });
});
