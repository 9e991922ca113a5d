import { describe, expect, it } from 'vitest';
import { codes } from '../../src/codes.js';
import { openapiRemote } from '../../src/rules/openapi-remote.js';
import { JUNK, nestedGroups, runRule, testRule, type RuleCase } from './harness.js';

const five = (leaf: Record<string, unknown>) => ({
  products: [{ product: 'P', dropdowns: [{ dropdown: 'D', anchors: [{ anchor: 'A', versions: [{ version: 'v1', languages: [{ language: 'en', tabs: [{ tab: 'T', menu: [{ item: 'I', ...leaf }] }] }] }] }] }] }],
});
const FIVE = '/navigation/products/0/dropdowns/0/anchors/0/versions/0/languages/0/tabs/0/menu/0';
const deep = nestedGroups(5000, { openapi: 'https://x.example/deep.json', pages: ['GET /a'] });

const cases: RuleCase[] = [
  // Valid.
  { name: 'no `openapi`', navigation: { pages: ['a'] }, expected: [] },
  { name: 'local files only', navigation: { openapi: 'api.json', tabs: [{ tab: 'A', openapi: ['/a.json', 'b.yaml'] }, { tab: 'B', openapi: { source: 'c.json' } }] }, expected: [] },
  { name: 'a URL as an entry’s spec file is not an `openapi` value', navigation: { pages: ['https://x.example/a.json GET /a'] }, expected: [] },
  { name: 'a URL on a `global` entry is not in navigation’s scope', navigation: { pages: [], global: { anchors: [{ anchor: 'A', href: 'https://x.example', openapi: 'https://x.example/a.json' }] } }, expected: [] },
  { name: 'not a URL: no scheme', navigation: { openapi: ['//x.example/a.json', 'x.example/a.json'] }, expected: [] },
  { name: 'junk', navigation: { openapi: [null, 1, [], {}], pages: [...JUNK] }, expected: [] },

  // Reported: the first URL only.
  { name: 'one URL', navigation: { groups: [{ group: 'G', openapi: 'https://x.example/openapi.json' }] }, expected: [{ pointer: '/navigation/groups/0/openapi' }] },
  { name: 'the first URL in an array', navigation: { tabs: [{ tab: 'A', openapi: ['local.json', 'https://a.example/a.json', 'https://b.example/b.json'] }] }, expected: [{ pointer: '/navigation/tabs/0/openapi/1' }] },
  { name: 'object form', navigation: { anchors: [{ anchor: 'A', openapi: { source: 'HTTP://x.example/a.yaml' } }] }, expected: [{ pointer: '/navigation/anchors/0/openapi/source' }] },
  {
    name: 'many URLs: only the first in document order',
    navigation: {
      tabs: [
        { tab: 'A', openapi: 'local.json', groups: [{ group: 'G', openapi: 'https://first.example/a.json', pages: [{ group: 'H', openapi: 'https://x.example/b.json', pages: [] }] }] },
        { tab: 'B', openapi: ['https://second.example/c.json'] },
      ],
    },
    expected: [{ pointer: '/navigation/tabs/0/groups/0/openapi' }],
  },
  { name: 'six levels down', navigation: five({ openapi: ['a.json', 'https://x.example/a.json'] }), expected: [{ pointer: `${FIVE}/openapi/1` }] },
  { name: '5,000 levels down', navigation: deep.navigation, expected: [{ pointer: `${deep.pointer}/openapi` }] },
];

testRule(openapiRemote, cases, /^"https?:\/\/[^"]+" is a URL: docsnav does not fetch URLs/i);

describe('openapi-remote, once per run', () => {
  it('is an info finding', () => {
    expect(codes['openapi-remote'].severity).toBe('info');
  });

  it('says it once for a hundred URLs, and again in the next run', () => {
    const navigation = { tabs: Array.from({ length: 100 }, (_, i) => ({ tab: `T${i}`, openapi: [`https://x.example/${i}.json`, `https://y.example/${i}.json`] })) };
    expect(runRule(openapiRemote, { navigation }).map((f) => f.pointer)).toEqual(['/navigation/tabs/0/openapi/0']);
    expect(runRule(openapiRemote, { navigation }).map((f) => f.pointer)).toEqual(['/navigation/tabs/0/openapi/0']);
  });
});
