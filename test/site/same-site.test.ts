/**
 * src/site/reuse.ts's comparisons on their own: two checks' sites are the same only when every
 * input buildSite reads is the same. In validation the tree holds only generated pages (no file,
 * all of kind `endpoint`), so a tree page's kind or file never differs there between two checks;
 * these say what a caller keeping the whole tree may rely on.
 */
import { describe, expect, it } from 'vitest';
import { sameFindingInputs, sameSite, sameStrings, type FindingInputs, type SiteInputs } from '../../src/site/reuse.js';

const files = { list: () => [] };
const ignored = (): boolean => false;

function inputs(change: Partial<SiteInputs> = {}): SiteInputs {
  return {
    treePages: [
      { id: '/a', path: 'api/get-users', kind: 'endpoint', title: 'Get users', trail: [], hidden: false, source: '/a' },
      { id: '/b', path: 'guide', kind: 'page', title: 'Guide', trail: [], hidden: false, source: '/b', file: 'guide.mdx' },
    ],
    alsoListed: ['index'],
    files,
    mintignore: undefined,
    ignored,
    redirects: '[]',
    ...change,
  };
}

describe('sameSite', () => {
  it('is true for the same inputs, other objects (a new tree of the same pages, a new alsoListed)', () => {
    expect(sameSite(inputs(), inputs())).toBe(true);
  });

  it('is false when a tree page differs in path, kind or file only', () => {
    const [endpoint, page] = inputs().treePages;
    const other = (changed: typeof page) => inputs({ treePages: [endpoint, changed] });
    expect(sameSite(inputs(), other({ ...page, path: 'guides' }))).toBe(false);
    expect(sameSite(inputs(), other({ ...page, kind: 'endpoint' }))).toBe(false);
    expect(sameSite(inputs(), other({ ...page, file: 'guide.md' }))).toBe(false);
    expect(sameSite(inputs(), other({ ...page, file: undefined }))).toBe(false);
    // What buildSite does not read (the title, the trail) makes no other site.
    expect(sameSite(inputs(), other({ ...page, title: 'Another', trail: [{ kind: 'group', label: 'G' }] }))).toBe(true);
  });

  it('is false when the tree has another number of pages, or another page listed beside it', () => {
    const [endpoint] = inputs().treePages;
    expect(sameSite(inputs(), inputs({ treePages: [endpoint] }))).toBe(false);
    expect(sameSite(inputs({ treePages: [endpoint] }), inputs())).toBe(false);
    expect(sameSite(inputs(), inputs({ alsoListed: ['index', 'faq'] }))).toBe(false);
    expect(sameSite(inputs(), inputs({ alsoListed: ['home'] }))).toBe(false);
  });

  it('is false for another listing, .mintignore test or redirects', () => {
    expect(sameSite(inputs(), inputs({ files: { list: () => [] } }))).toBe(false);
    expect(sameSite(inputs(), inputs({ ignored: () => false }))).toBe(false);
    expect(sameSite(inputs(), inputs({ redirects: '[{"source":"/a","destination":"/b"}]' }))).toBe(false);
  });
});

describe('sameStrings', () => {
  it('compares length and each item in order', () => {
    expect(sameStrings(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameStrings([], [])).toBe(true);
    expect(sameStrings(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameStrings(['a'], ['a', 'b'])).toBe(false);
    expect(sameStrings(['a', 'b'], ['a'])).toBe(false);
  });
});

describe('sameFindingInputs', () => {
  const bodies = new Map();
  const found = (change: Partial<FindingInputs> = {}): FindingInputs => ({
    bodies,
    rules: 'link-not-found',
    profile: 'spec',
    base: undefined,
    maxPerFile: 1000,
    ...change,
  });

  it('is true only for the same bodies, rules, profile and cap, with no base either side', () => {
    expect(sameFindingInputs(found(), found({ maxPerFile: 2000 }))).toBe(false);
    expect(sameFindingInputs(found(), found())).toBe(true);
    expect(sameFindingInputs(found(), found({ bodies: new Map() }))).toBe(false);
    expect(sameFindingInputs(found(), found({ rules: 'link-not-found,anchor-not-found' }))).toBe(false);
    expect(sameFindingInputs(found(), found({ profile: 'platform' }))).toBe(false);
    expect(sameFindingInputs(found({ base: {} }), found())).toBe(false);
    expect(sameFindingInputs(found(), found({ base: {} }))).toBe(false);
  });
});
