/**
 * What the upgrade drops or changes (src/mint/changes.ts), found from the upgraded document's
 * origins: each kind on a small mint.json, each at its place, in the file's order; nothing said of
 * what is carried over as it is.
 */
import { describe, expect, it } from 'vitest';
import { upgradeMintConfig, type MintChange } from '../../src/mint/upgrade.js';
import { mintOf } from './cases.js';

const changesOf = (mint: Record<string, unknown>, theme = false) =>
  upgradeMintConfig(mintOf(mint), { theme }).changes.map((change: MintChange) => `${change.kind} ${change.pointer}`);

describe('what the upgrade drops or changes', () => {
  const cases: Array<{ name: string; mint: Record<string, unknown>; theme?: boolean; changes: string[] }> = [
    { name: 'nothing, for a mint.json carried over whole', mint: { navigation: [{ group: 'Start', pages: ['intro'] }] }, changes: [] },
    {
      name: 'settings docs.json has no place for',
      mint: {
        navigation: [{ group: 'Start', pages: ['intro'] }],
        feedback: { thumbsRating: true },
        topbar: { style: 'gradient' },
        rounded: 'sharp',
        isWhiteLabeled: true,
      },
      changes: ['setting /feedback', 'setting /topbar', 'setting /rounded', 'setting /isWhiteLabeled'],
    },
    {
      name: 'parts of settings: a colour, a CTA style, an example option',
      mint: {
        colors: { primary: '#0D9373', anchors: '#111111' },
        navigation: [{ group: 'Start', pages: ['intro'] }],
        topbarCtaButton: { name: 'Go', url: 'https://x.example.com', arrow: true },
        api: { baseUrl: 'https://api.example.com', request: { example: { showOptionalParams: false } } },
      },
      changes: ['setting /colors/anchors', 'setting /topbarCtaButton/arrow', 'setting /api/request'],
    },
    {
      name: 'values in another form: a mode, an inverted switch, a trimmed name, a normalized path',
      mint: {
        navigation: [{ group: 'Start', pages: ['./intro'] }],
        codeBlock: { mode: 'auto' },
        api: { playground: { mode: 'show', disableProxy: true } },
        tabs: [{ name: ' Start ', url: 'intro' }],
      },
      changes: [
        'changed /navigation/0/pages/0',
        'changed /codeBlock/mode',
        'changed /api/playground/mode',
        'changed /api/playground/disableProxy',
        'changed /tabs/0/name',
      ],
    },
    {
      name: 'the build gives every site the mint theme; mint upgrade picks one from theme and layout',
      mint: { navigation: [{ group: 'Start', pages: ['intro'] }], theme: 'venus', layout: 'sidenav' },
      changes: ['setting /theme', 'setting /layout'],
    },
    {
      name: 'with the theme upgrade, the layout decides and the theme is dropped',
      mint: { navigation: [{ group: 'Start', pages: ['intro'] }], theme: 'venus', layout: 'sidenav' },
      theme: true,
      changes: ['setting /theme', 'changed /layout'],
    },
    {
      name: 'navigation the upgrade leaves out: a tab with no page, versions that all link elsewhere',
      mint: {
        navigation: [{ group: 'Start', pages: ['intro'] }],
        tabs: [{ name: 'Changelog', url: 'changelog' }],
        versions: [{ name: 'v2', url: 'https://v2.example.com' }],
      },
      changes: ['navigation /tabs/0', 'navigation /versions'],
    },
    {
      name: 'a primary tab that holds nothing, because every page has a tab',
      mint: { navigation: [{ group: 'API', pages: ['api/users'] }], tabs: [{ name: 'API', url: 'api' }], primaryTab: { name: 'Guides' } },
      changes: ['setting /primaryTab'],
    },
    {
      name: 'keys the legacy check drops, each on its own even inside a part dropped whole',
      mint: { navigation: [{ group: 'Start', pages: ['intro'] }], seo: { metatags: { a: 'b' }, indexing: 'all' }, brandName: 'Acme' },
      changes: ['unknown-key /seo/metatags', 'unknown-key /seo/indexing', 'unknown-key /brandName'],
    },
    { name: 'empty lists lose nothing', mint: { navigation: [{ group: 'Start', pages: ['intro'] }], tabs: [], anchors: [] }, changes: [] },
    {
      name: "what the version split reads is not dropped: a group's and a tab's version",
      mint: { navigation: [{ group: 'Old', pages: ['v1/a'], version: 'v1' }], versions: ['v1'], tabs: [{ name: 'T', url: 'v1', version: 'v1' }] },
      changes: [],
    },
  ];
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    expect(changesOf(testCase.mint, testCase.theme)).toEqual(testCase.changes);
  });

  it('says where a changed value went and what it is there', () => {
    const [change] = upgradeMintConfig(mintOf({ navigation: [{ group: 'Start', pages: ['intro'] }], codeBlock: { mode: 'auto' } })).changes;
    expect(change).toEqual({
      kind: 'changed',
      pointer: '/codeBlock/mode',
      docsPointer: '/styling/codeblocks',
      to: 'system',
      message: '`codeBlock.mode` "auto" is "system" in docs.json (`styling.codeblocks`).',
    });
  });

  it("gives no url's reason to a part of an anchor dropped, though the part holds a url: only a whole tab or anchor wanted pages by it", () => {
    const mint = mintOf({ navigation: [{ group: 'Start', pages: ['intro'] }], anchors: [{ name: 'A', url: 'https://x.com', version: { url: 'y' } }] });
    expect(upgradeMintConfig(mint).changes.map(({ kind, pointer, message }) => ({ kind, pointer, message }))).toEqual([
      {
        kind: 'navigation',
        pointer: '/anchors/0/version',
        message: '`anchors[0].version` is left out of the navigation the platform builds from this mint.json.',
      },
    ]);
  });

  it('names a dropped tab and why', () => {
    const [change] = upgradeMintConfig(mintOf({ navigation: [{ group: 'Start', pages: ['intro'] }], tabs: [{ name: 'Changelog', url: 'changelog' }] })).changes;
    expect(change.message).toBe(
      'The tab "Changelog" is left out of the navigation the platform builds from this mint.json: no page of `navigation` it could hold (those whose path starts with its url "changelog" in its version).',
    );
  });
});
