import { describe, expect, it } from 'vitest';
import { collisionCases, SPECS } from '../../bench/openapi-collision-cases.mjs';
import type { ResolvedPage } from '../../src/resolve/types.js';
import { resolveSite } from './site.js';

/**
 * Generated pages that want one path, and which operation the platform serves at each URL: what
 * @mintlify/prebuild 1.0.1341 built from each site of bench/openapi-collision-cases.mjs
 * (`node bench/openapi-collisions.mjs --json`, whose `platform` column this table is). Its rule:
 * every generated page is written into one map by its path, the later write kept, whichever
 * version, language or tab it is in; endpoint entries are written first, in navigation order, then
 * each bulk generation, an element's own before those of the elements below it; only one bulk
 * generation suffixes its own clashing pages (`-1`). Every entry naming a contested path links to
 * the page kept there. Under `--profile platform`, docsnav's tree serves the same: the others are
 * marked lost (`lostTo`).
 */
const PLATFORM: Readonly<Record<string, string>> = {
  'one group, named entries ab': 'api-reference/same=b.json GET /x',
  'one group, bulk a and a named entry of b': 'api-reference/same=a.json GET /x',
  'sibling groups, bulk a then bulk b': 'api-reference/same=b.json GET /x',
  'sibling groups, bulk a then entry b': 'api-reference/same=a.json GET /x',
  'sibling groups, bulk a then named b': 'api-reference/same=a.json GET /x',
  'nested: bulk a holding a bulk group of b': 'api-reference/same=b.json GET /x',
  'sibling tabs, bulk a then bulk b': 'api-reference/same=b.json GET /x',
  'sibling groups, entry a then bulk b': 'api-reference/same=b.json GET /x',
  'sibling groups, entry a then entry b': 'api-reference/same=b.json GET /x',
  'sibling groups, entry a then named b': 'api-reference/same=b.json GET /x',
  'nested: entry a holding a bulk group of b': 'api-reference/same=b.json GET /x',
  'sibling tabs, entry a then bulk b': 'api-reference/same=b.json GET /x',
  'sibling tabs, bulk a then entry b': 'api-reference/same=a.json GET /x',
  'versions, entry a then bulk b': 'api-reference/same=b.json GET /x',
  'versions, bulk a then entry b': 'api-reference/same=a.json GET /x',
  'versions, entry a then entry b': 'api-reference/same=b.json GET /x',
  'sibling groups, named a then bulk b': 'api-reference/same=b.json GET /x',
  'sibling groups, named a then entry b': 'api-reference/same=b.json GET /x',
  'sibling groups, named a then named b': 'api-reference/same=b.json GET /x',
  'nested: named a holding a bulk group of b': 'api-reference/same=b.json GET /x',
  'sibling tabs, named a then bulk b': 'api-reference/same=b.json GET /x',
  'sibling tabs, bulk a then named b': 'api-reference/same=a.json GET /x',
  'versions, named a then bulk b': 'api-reference/same=b.json GET /x',
  'versions, bulk a then named b': 'api-reference/same=a.json GET /x',
  'versions, named a then named b': 'api-reference/same=b.json GET /x',
  'tabs with their own openapi, bulk ab': 'api-reference/same=b.json GET /x',
  'languages, bulk ab': 'api-reference/same=b.json GET /x',
  'versions, bulk ab': 'api-reference/same=b.json GET /x',
  "tabs, an entry a in groups then a tab's own entry b": 'api-reference/same=b.json GET /x',
  'tabs, an entry a two groups deep then an entry b': 'api-reference/same=b.json GET /x',
  'x-mint.href, sibling groups, entry a then bulk b': 'same=b.json GET /x',
  'x-mint.href, sibling groups, bulk a then entry b': 'same=a.json GET /x',
  'one group, named entries ba': 'api-reference/same=a.json GET /x',
  'one group, bulk b and a named entry of a': 'api-reference/same=b.json GET /x',
  'sibling groups, bulk b then bulk a': 'api-reference/same=a.json GET /x',
  'sibling groups, bulk b then entry a': 'api-reference/same=b.json GET /x',
  'sibling groups, bulk b then named a': 'api-reference/same=b.json GET /x',
  'nested: bulk b holding a bulk group of a': 'api-reference/same=a.json GET /x',
  'sibling tabs, bulk b then bulk a': 'api-reference/same=a.json GET /x',
  'sibling groups, entry b then bulk a': 'api-reference/same=a.json GET /x',
  'sibling groups, entry b then entry a': 'api-reference/same=a.json GET /x',
  'sibling groups, entry b then named a': 'api-reference/same=a.json GET /x',
  'nested: entry b holding a bulk group of a': 'api-reference/same=a.json GET /x',
  'sibling tabs, entry b then bulk a': 'api-reference/same=a.json GET /x',
  'sibling tabs, bulk b then entry a': 'api-reference/same=b.json GET /x',
  'versions, entry b then bulk a': 'api-reference/same=a.json GET /x',
  'versions, bulk b then entry a': 'api-reference/same=b.json GET /x',
  'versions, entry b then entry a': 'api-reference/same=a.json GET /x',
  'sibling groups, named b then bulk a': 'api-reference/same=a.json GET /x',
  'sibling groups, named b then entry a': 'api-reference/same=a.json GET /x',
  'sibling groups, named b then named a': 'api-reference/same=a.json GET /x',
  'nested: named b holding a bulk group of a': 'api-reference/same=a.json GET /x',
  'sibling tabs, named b then bulk a': 'api-reference/same=a.json GET /x',
  'sibling tabs, bulk b then named a': 'api-reference/same=b.json GET /x',
  'versions, named b then bulk a': 'api-reference/same=a.json GET /x',
  'versions, bulk b then named a': 'api-reference/same=b.json GET /x',
  'versions, named b then named a': 'api-reference/same=a.json GET /x',
  'tabs with their own openapi, bulk ba': 'api-reference/same=a.json GET /x',
  'languages, bulk ba': 'api-reference/same=a.json GET /x',
  'versions, bulk ba': 'api-reference/same=a.json GET /x',
  "tabs, an entry b in groups then a tab's own entry a": 'api-reference/same=a.json GET /x',
  'tabs, an entry b two groups deep then an entry a': 'api-reference/same=a.json GET /x',
  'x-mint.href, sibling groups, entry b then bulk a': 'same=a.json GET /x',
  'x-mint.href, sibling groups, bulk b then entry a': 'same=b.json GET /x',
  'one spec, two entries in one group': 'api-reference/get-health=h.json GET /health/{x}',
  'one spec, two entries in one group, reversed': 'api-reference/get-health=h.json GET /health',
  'one spec, entries in two groups': 'api-reference/get-health=h.json GET /health/{x}',
  'one spec in bulk': 'api-reference/get-health=h.json GET /health; api-reference/get-health-1=h.json GET /health/{x}',
};

/** What a tree serves: each URL with the operations shown there (pages marked lost are served at none). */
function served(pages: readonly ResolvedPage[]): string {
  const byUrl = new Map<string, Set<string>>();
  for (const page of pages) {
    if (page.lostTo !== undefined || !page.openapi) continue;
    byUrl.set(page.path, new Set([...(byUrl.get(page.path) ?? []), `${page.openapi.file} ${page.openapi.method} ${page.openapi.path}`]));
  }
  return [...byUrl.keys()]
    .sort()
    .map((url) => `${url}=${[...byUrl.get(url)!].sort().join('+')}`)
    .join('; ');
}

describe("two generated pages at one path: the one the platform serves (its prebuild's table)", () => {
  const cases = collisionCases();

  it('every case has its platform result, and every result its case', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(PLATFORM).sort());
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const { tree } = await resolveSite({ navigation: testCase.navigation }, SPECS(testCase), { profile: 'platform' });
    expect(served(tree.pages)).toBe(PLATFORM[testCase.name]);
  });
});

describe('what is said where a generated page loses its path', () => {
  it('an endpoint entry that a bulk generation overwrites, earlier or later in the navigation', async () => {
    const testCase = collisionCases().find((c) => c.name === 'sibling groups, bulk a then entry b')!;
    const { tree, problems } = await resolveSite({ navigation: testCase.navigation }, SPECS(testCase), { profile: 'platform' });
    expect(tree.pages.map((p) => `${p.path} ${p.openapi?.file} ${p.lostTo ?? ''}`)).toEqual([
      'api-reference/same a.json ',
      `api-reference/same b.json ${tree.pages[0].id}`,
    ]);
    expect(problems.filter((p) => p.code === 'slug-collision').map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/navigation/groups/1/pages/0 "api-reference/same" is also the path of a.json GET /x, generated in bulk, which the platform does after every endpoint entry; the platform serves that one at this URL and this page at none (the tree marks it lost: `lostTo`).',
    ]);
  });

  it('two languages: one site-wide map of paths, the later generation kept', async () => {
    const testCase = collisionCases().find((c) => c.name === 'languages, bulk ab')!;
    const { tree, problems } = await resolveSite({ navigation: testCase.navigation }, SPECS(testCase), { profile: 'platform' });
    expect(tree.pages.map((p) => `${p.language} ${p.openapi?.file} ${p.lostTo ?? ''}`)).toEqual([`en a.json ${tree.pages[1].id}`, 'fr b.json ']);
    expect(problems.filter((p) => p.code === 'slug-collision').map((p) => p.pointer)).toEqual(['/navigation/languages/0/groups/0/openapi']);
  });

  it("a later anchor's generation loses to a group below an earlier anchor that generates: the round is said", async () => {
    const spec = (summary: string) =>
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: { '/x': { get: { summary, responses: { 200: { description: 'OK' } } } } },
      });
    const navigation = {
      anchors: [
        { anchor: 'A', openapi: 'a.json', groups: [{ group: 'G', openapi: 'a.json' }] },
        { anchor: 'B', openapi: 'b.json' },
      ],
    };
    const { tree, problems } = await resolveSite({ navigation }, { 'a.json': spec('List items'), 'b.json': spec('list items') }, { profile: 'platform' });
    expect(tree.pages.map((p) => `${p.openapi?.file} ${p.title} ${p.lostTo === undefined ? 'served' : 'lost'}`)).toEqual([
      'a.json List items served',
      'a.json List items served',
      'b.json List items lost',
    ]);
    expect(problems.filter((p) => p.code === 'slug-collision').map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/navigation/anchors/1/openapi "api-reference/list-items" is also the path of a.json GET /x, generated in bulk below an element that generates pages itself, which the platform does only once that element has ended, after the generations of the elements beside it; the platform serves that one at this URL and this page at none (the tree marks it lost: `lostTo`).',
    ]);
  });

  it('the spec profile keeps every page at a URL: the one the platform overwrites gets -1', async () => {
    const testCase = collisionCases().find((c) => c.name === 'sibling groups, bulk a then entry b')!;
    const { tree } = await resolveSite({ navigation: testCase.navigation }, SPECS(testCase), { profile: 'spec' });
    expect(tree.pages.map((p) => `${p.path} ${p.openapi?.file}`)).toEqual(['api-reference/same a.json', 'api-reference/same-1 b.json']);
  });
});
