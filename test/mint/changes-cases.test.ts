/**
 * What the upgrade drops or changes (src/mint/changes.ts), each change whole: its kind, its place,
 * where a changed value went and what it is there, and the sentence said of it (the noun of a
 * navigation part, why a tab or an anchor got no page, a pointer as a person reads it, a long value
 * cut short).
 */
import { describe, expect, it } from 'vitest';
import { upgradeMintConfig, type MintChange } from '../../src/mint/upgrade.js';
import { mintOf } from './cases.js';

const CASES: Array<{ name: string; mint: Record<string, unknown>; changes: MintChange[] }> = [
  {
    name: 'topAnchor, when the anchors take every page',
    mint: {
      navigation: [{ group: 'SDKs', pages: ['sdks/node'] }],
      anchors: [{ name: 'SDKs', url: 'sdks', icon: 'code' }],
      topAnchor: { name: 'Guides', icon: 'book' },
    },
    changes: [
      {
        kind: 'setting',
        pointer: '/topAnchor',
        message: '`topAnchor` names the anchor that holds the pages no other takes; every page has one, so it is dropped.',
      },
    ],
  },
  {
    name: 'primaryTab, when the tabs take every page',
    mint: { navigation: [{ group: 'API', pages: ['api/users'] }], tabs: [{ name: 'API', url: 'api' }], primaryTab: { name: 'Guides' } },
    changes: [
      {
        kind: 'setting',
        pointer: '/primaryTab',
        message: '`primaryTab` names the tab that holds the pages no other takes; every page has one, so it is dropped.',
      },
    ],
  },
  {
    name: 'a key the legacy check drops, and a setting docs.json has no place for',
    mint: { navigation: [{ group: 'Get Started', pages: ['introduction', 'quickstart'] }], brandName: 'Acme', feedback: { thumbsRating: true } },
    changes: [
      {
        kind: 'unknown-key',
        pointer: '/brandName',
        message: '`brandName` is not a setting the platform knows here: its legacy check drops it, and the site never sees it.',
      },
      { kind: 'setting', pointer: '/feedback', message: "`feedback` is dropped: the platform's upgrade to docs.json does not carry it over." },
    ],
  },
  {
    name: 'a key dropped deep inside a part the upgrade drops',
    mint: {
      navigation: [{ group: 'Get Started', pages: ['introduction', 'quickstart'] }],
      api: { baseUrl: 'https://api.example.com', request: { example: { showOptionalParams: false, bogus: 1 } } },
    },
    changes: [
      {
        kind: 'setting',
        pointer: '/api/request/example/showOptionalParams',
        message: "`api.request.example.showOptionalParams` is dropped: the platform's upgrade to docs.json does not carry it over.",
      },
      {
        kind: 'unknown-key',
        pointer: '/api/request/example/bogus',
        message: '`api.request.example.bogus` is not a setting the platform knows here: its legacy check drops it, and the site never sees it.',
      },
    ],
  },
  {
    name: 'an anchor with no page, a tab with no name, a tab whose url is no text',
    mint: {
      navigation: [{ group: 'Get Started', pages: ['introduction', 'quickstart'] }],
      anchors: [{ name: 'Changelog', url: 'changelog', icon: 'list' }],
      tabs: [{ url: 'releases' }, { name: 'Odd', url: ['https://x.example.com'] }],
    },
    changes: [
      {
        kind: 'navigation',
        pointer: '/anchors/0',
        message:
          'The anchor "Changelog" is left out of the navigation the platform builds from this mint.json: no page of `navigation` it could hold (those whose path starts with its url "changelog" in its version).',
      },
      {
        kind: 'navigation',
        pointer: '/tabs/0',
        message:
          'The tab is left out of the navigation the platform builds from this mint.json: no page of `navigation` it could hold (those whose path starts with its url "releases" in its version).',
      },
      { kind: 'navigation', pointer: '/tabs/1/url/0', message: '`tabs[1].url[0]` is left out of the navigation the platform builds from this mint.json.' },
    ],
  },
  {
    name: 'groups left out: a group with no page, a nested one, one with no title',
    mint: {
      navigation: [{ group: 'API', pages: ['api/users', { group: 'Empty nested', pages: [] }] }, { group: 'Empty', pages: [] }, { pages: [] }],
      tabs: [{ name: 'API', url: 'api' }],
    },
    changes: [
      {
        kind: 'navigation',
        pointer: '/navigation/0/pages/1',
        message: 'The group "Empty nested" is left out of the navigation the platform builds from this mint.json.',
      },
      { kind: 'navigation', pointer: '/navigation/1', message: 'The group "Empty" is left out of the navigation the platform builds from this mint.json.' },
      { kind: 'navigation', pointer: '/navigation/2', message: '`navigation[2]` is left out of the navigation the platform builds from this mint.json.' },
    ],
  },
  {
    name: 'a page path past the tenth written another way',
    mint: { navigation: [{ group: 'Guides', pages: ['g/1', 'g/2', 'g/3', 'g/4', 'g/5', 'g/6', 'g/7', 'g/8', 'g/9', 'g/10', './g/11'] }] },
    changes: [
      {
        kind: 'changed',
        pointer: '/navigation/0/pages/10',
        docsPointer: '/navigation/groups/0/pages/10',
        to: 'g/11',
        message: '`navigation[0].pages[10]` "./g/11" is "g/11" in docs.json (`navigation.groups[0].pages[10]`).',
      },
    ],
  },
  {
    name: 'keys with digits: named, not indexed',
    mint: { navigation: [{ group: 'Get Started', pages: ['introduction', 'quickstart'] }], web3: true, '3dLogo': '/logo.glb' },
    changes: [
      {
        kind: 'unknown-key',
        pointer: '/web3',
        message: '`web3` is not a setting the platform knows here: its legacy check drops it, and the site never sees it.',
      },
      {
        kind: 'unknown-key',
        pointer: '/3dLogo',
        message: '`3dLogo` is not a setting the platform knows here: its legacy check drops it, and the site never sees it.',
      },
    ],
  },
  {
    name: 'a long value changed: shown cut at 60 characters',
    mint: {
      navigation: [{ group: 'Get Started', pages: ['introduction', 'quickstart'] }],
      tabs: [
        { name: ' Reference for the Acme REST API, every endpoint and webhoo ', url: 'quickstart' },
        { name: ' Status and uptime of every Acme service, region and API version ', url: 'https://x.example.com' },
      ],
    },
    changes: [
      {
        kind: 'changed',
        pointer: '/tabs/0/name',
        docsPointer: '/navigation/tabs/1/tab',
        to: 'Reference for the Acme REST API, every endpoint and webhoo',
        message:
          '`tabs[0].name` " Reference for the Acme REST API, every endpoint and web… is "Reference for the Acme REST API, every endpoint and webhoo" in docs.json (`navigation.tabs[1].tab`).',
      },
      {
        kind: 'changed',
        pointer: '/tabs/1/name',
        docsPointer: '/navigation/tabs/2/tab',
        to: 'Status and uptime of every Acme service, region and API version',
        message:
          '`tabs[1].name` " Status and uptime of every Acme service, region and API… is "Status and uptime of every Acme service, region and API … in docs.json (`navigation.tabs[2].tab`).',
      },
    ],
  },
  {
    name: 'null values: carried as they are; an index setting of null is a change',
    mint: { navigation: [{ group: 'Get Started', pages: ['introduction', 'quickstart'] }], logo: null, seo: { indexHiddenPages: null } },
    changes: [
      {
        kind: 'changed',
        pointer: '/seo/indexHiddenPages',
        docsPointer: '/seo/indexing',
        to: 'navigable',
        message: '`seo.indexHiddenPages` null is "navigable" in docs.json (`seo.indexing`).',
      },
    ],
  },
  {
    name: 'a proxy switch that is an object is no value changed',
    mint: { navigation: [{ group: 'Get Started', pages: ['introduction', 'quickstart'] }], api: { playground: { mode: 'simple', disableProxy: {} } } },
    changes: [],
  },
  {
    name: 'the whole navigation of versions that all link elsewhere',
    mint: {
      navigation: [{ group: 'Get Started', pages: ['introduction', 'quickstart'] }],
      versions: [
        { name: 'v2', url: 'https://v2.example.com' },
        { name: 'v1', url: 'https://v1.example.com' },
      ],
    },
    changes: [{ kind: 'navigation', pointer: '/versions', message: '`versions` is left out of the navigation the platform builds from this mint.json.' }],
  },
];

describe('each change of the upgrade, whole', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    expect(upgradeMintConfig(mintOf(testCase.mint)).changes).toEqual(testCase.changes);
  });

  it("a value the legacy check fills in (a playground mode) is no change of the author's", () => {
    const upgrade = upgradeMintConfig(mintOf({ navigation: [{ group: 'Get Started', pages: ['introduction'] }], api: { playground: { disableProxy: true } } }));
    expect(upgrade.docs.api).toEqual({ playground: { display: 'interactive', proxy: false } });
    expect(upgrade.changes.map((change) => change.pointer)).toEqual(['/api/playground/disableProxy']);
  });
});
