import { describe, expect, it } from 'vitest';
import { resolveSite } from './site.js';

/**
 * A tab that generates its pages (sdk, graphql) holds only `groups` beside its generator: on the
 * platform a `pages` array beside it fails the tab, and the array around the tab goes with it
 * (build-cases.ts has the site the platform's build agrees on). That loss is the platform's: the
 * spec profile, which reports the same mixed children, keeps every page it lists.
 */
const docs = {
  name: 'Docs',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  navigation: {
    versions: [
      { version: 'v1', tabs: [{ tab: 'API', sdk: { format: 'typedoc', source: 'sdk/typedoc.json' }, pages: ['a'] }] },
      { version: 'v2', pages: ['b'] },
    ],
  },
};
const texts = { 'a.mdx': '---\ntitle: A\n---\n', 'b.mdx': '---\ntitle: B\n---\n' };

describe('a generating tab with pages beside its generator', () => {
  it('under the platform profile: the array around the tab is lost, the version beside keeps its pages', async () => {
    const { tree, problems } = await resolveSite(docs, texts, { profile: 'platform' });
    expect(tree.pages.map((page) => page.path)).toEqual(['b']);
    expect(problems.map((problem) => [problem.code, problem.pointer])).toContainEqual(['mixed-children', '/navigation/versions/0/tabs/0/pages']);
  });

  it('under the spec profile: the same mixed children, and every page kept', async () => {
    const { tree, problems } = await resolveSite(docs, texts, { profile: 'spec' });
    expect(tree.pages.map((page) => page.path)).toEqual(['a', 'b']);
    expect(problems.map((problem) => problem.code)).toContain('mixed-children');
  });
});
