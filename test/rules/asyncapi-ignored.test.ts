import { describe, expect, it } from 'vitest';
import { asyncapiIgnored } from '../../src/rules/asyncapi-ignored.js';
import { asyncapiNotFound } from '../../src/rules/asyncapi-not-found.js';
import { pathOutsideRoot } from '../../src/rules/path-outside-root.js';
import { runRule, testRule, type RuleCase } from './harness.js';
import { OPENAPI_KEPT, OPENAPI_REJECTED } from './openapi-forms.js';

/**
 * `asyncapi-ignored` (an `asyncapi` the platform never reads) and what the platform reads: a
 * group's `asyncapi` beside its own `openapi` is dropped by the platform's validator
 * (navigation/asyncapi.ts, asyncapiLostToOpenapi), so under the platform profile its file is
 * never looked for, and an `asyncapi` inside that group is read.
 */

const FILES = ['api.json', 'ws.json', 'more.json'];
const G = '/navigation/groups/0';

const cases: RuleCase[] = [
  { name: 'a group with asyncapi only', navigation: { groups: [{ group: 'G', asyncapi: 'ws.json' }] }, expected: [] },
  { name: 'a group with openapi only', navigation: { groups: [{ group: 'G', openapi: 'api.json' }] }, expected: [] },
  {
    name: 'the root',
    navigation: { asyncapi: 'ws.json', groups: [{ group: 'G', pages: ['a'] }] },
    expected: [{ pointer: '/navigation/asyncapi', message: /on the navigation root/ }],
  },
  {
    name: 'a group with both: dropped (string)',
    navigation: { groups: [{ group: 'G', openapi: 'api.json', asyncapi: 'ws.json' }] },
    expected: [{ pointer: `${G}/asyncapi`, severity: 'warning', message: /^The platform drops this `asyncapi`: .*channel pages of "ws\.json" is built/ }],
  },
  {
    name: 'a group with both: an empty asyncapi array is dropped too, and said (nothing dropped in silence)',
    navigation: { groups: [{ group: 'G', openapi: 'api.json', asyncapi: [] }] },
    expected: [{ pointer: `${G}/asyncapi`, severity: 'warning', message: /^The platform drops this empty `asyncapi`/ }],
  },
  { name: 'an empty asyncapi array without an openapi: nothing to say', navigation: { groups: [{ group: 'G', asyncapi: [], pages: ['a'] }] }, expected: [] },
  {
    name: 'a group with both, under spec too (the warning is about the platform)',
    navigation: { groups: [{ group: 'G', openapi: 'api.json', asyncapi: 'ws.json' }] },
    profile: 'spec',
    expected: [{ pointer: `${G}/asyncapi`, message: /^The platform drops this `asyncapi`/ }],
  },
  {
    name: 'a group with both: every spec of an array is named',
    navigation: { groups: [{ group: 'G', openapi: ['api.json'], asyncapi: ['ws.json', { nope: 1 }, 'more.json'] }] },
    expected: [{ pointer: `${G}/asyncapi`, message: /channel pages of "ws\.json", "more\.json" is built/ }],
  },
  {
    name: 'a group with both, {source}',
    navigation: { groups: [{ group: 'G', openapi: { source: 'api.json' }, asyncapi: { source: 'ws.json', directory: 'x' } }] },
    expected: [{ pointer: `${G}/asyncapi`, message: /channel pages of "ws\.json" is built/ }],
  },
  { name: 'a group with both, the asyncapi naming nothing', navigation: { groups: [{ group: 'G', openapi: 'api.json', asyncapi: 5 }] }, expected: [] },
  {
    name: 'a tab, an anchor and a menu item with both: kept',
    navigation: {
      tabs: [
        { tab: 'T', openapi: 'api.json', asyncapi: 'ws.json' },
        { tab: 'U', menu: [{ item: 'I', openapi: 'api.json', asyncapi: 'ws.json' }] },
      ],
      anchors: [{ anchor: 'A', openapi: 'api.json', asyncapi: 'ws.json' }],
    },
    expected: [],
  },
  {
    name: 'an openapi inherited from a tab is not the group’s own',
    navigation: { tabs: [{ tab: 'T', openapi: 'api.json', groups: [{ group: 'G', asyncapi: 'ws.json' }] }] },
    expected: [],
  },
  {
    name: 'a group inside a dropped one is read: no warning there',
    navigation: { groups: [{ group: 'G', openapi: 'api.json', asyncapi: 'ws.json', pages: [{ group: 'H', asyncapi: 'more.json' }] }] },
    expected: [{ pointer: `${G}/asyncapi`, message: /drops this/ }],
  },
  {
    name: 'a group inside a tab whose asyncapi is read',
    navigation: { tabs: [{ tab: 'T', asyncapi: 'ws.json', groups: [{ group: 'G', asyncapi: 'more.json' }] }] },
    expected: [{ pointer: '/navigation/tabs/0/groups/0/asyncapi', message: /the tab's at \/navigation\/tabs\/0\/asyncapi/ }],
  },
  {
    name: 'two above a page, an element without one between: each inner one names the outermost',
    navigation: { tabs: [{ tab: 'T', asyncapi: 'ws.json', groups: [{ group: 'G', pages: [{ group: 'H', asyncapi: 'more.json', pages: ['a'] }] }] }] },
    expected: [{ pointer: '/navigation/tabs/0/groups/0/pages/0/asyncapi', message: /the tab's at \/navigation\/tabs\/0\/asyncapi,/ }],
  },
  {
    name: 'three nested: the two inner ones name the outermost (the tab), not the nearest',
    navigation: {
      tabs: [{ tab: 'T', asyncapi: 'ws.json', groups: [{ group: 'G', asyncapi: 'more.json', pages: [{ group: 'H', asyncapi: 'api.json', pages: ['a'] }] }] }],
    },
    expected: [
      { pointer: '/navigation/tabs/0/groups/0/asyncapi', message: /the tab's at \/navigation\/tabs\/0\/asyncapi,/ },
      { pointer: '/navigation/tabs/0/groups/0/pages/0/asyncapi', message: /the tab's at \/navigation\/tabs\/0\/asyncapi,/ },
    ],
  },
  {
    name: 'three nested under a version: the version is the outermost',
    navigation: {
      versions: [
        { version: 'v1', asyncapi: 'ws.json', tabs: [{ tab: 'T', asyncapi: 'more.json', groups: [{ group: 'G', asyncapi: 'api.json', pages: ['a'] }] }] },
      ],
    },
    expected: [
      { pointer: '/navigation/versions/0/tabs/0/asyncapi', message: /the version's at \/navigation\/versions\/0\/asyncapi,/ },
      { pointer: '/navigation/versions/0/tabs/0/groups/0/asyncapi', message: /the version's at \/navigation\/versions\/0\/asyncapi,/ },
    ],
  },
];

testRule(asyncapiIgnored, cases, /^The platform (drops|makes no pages)/);

const besideOpenapi = (asyncapi: unknown) => ({ groups: [{ group: 'G', openapi: 'api.json', asyncapi }] });

testRule(
  asyncapiNotFound,
  [
    { name: 'beside openapi, a missing file: never read (platform)', navigation: besideOpenapi('gone.json'), files: FILES, expected: [] },
    {
      name: 'beside openapi, a missing file: read under spec',
      navigation: besideOpenapi('gone.json'),
      files: FILES,
      profile: 'spec',
      expected: [{ pointer: `${G}/asyncapi` }],
    },
    {
      name: 'inside a dropped one, a missing file: read (platform)',
      navigation: { groups: [{ group: 'G', openapi: 'api.json', asyncapi: 'ws.json', pages: [{ group: 'H', asyncapi: 'gone.json' }] }] },
      files: FILES,
      expected: [{ pointer: `${G}/pages/0/asyncapi` }],
    },
    {
      name: 'inside a dropped one, a missing file: not read under spec (the outer one is)',
      navigation: { groups: [{ group: 'G', openapi: 'api.json', asyncapi: 'ws.json', pages: [{ group: 'H', asyncapi: 'gone.json' }] }] },
      files: FILES,
      profile: 'spec',
      expected: [],
    },
  ],
  /AsyncAPI file/,
);

testRule(
  pathOutsideRoot,
  [
    { name: 'beside openapi, an asyncapi out of the root: never read (platform)', navigation: besideOpenapi('../ws.json'), files: FILES, expected: [] },
    {
      name: 'beside openapi, an asyncapi out of the root: read under spec',
      navigation: besideOpenapi('../ws.json'),
      files: FILES,
      profile: 'spec',
      expected: [{ pointer: `${G}/asyncapi` }],
    },
  ],
  /climbs out/,
);

describe("the group's own `openapi` decides: only one the platform's validator keeps drops the `asyncapi`", () => {
  const warned = (openapi: unknown) => runRule(asyncapiIgnored, { navigation: { groups: [{ group: 'G', openapi, asyncapi: 'ws.json' }] } }).length;
  it.each(OPENAPI_KEPT)('%s: dropped', (_shown, openapi) => expect(warned(openapi)).toBe(1));
  it.each(OPENAPI_REJECTED)('%s: kept', (_shown, openapi) => expect(warned(openapi)).toBe(0));
});
