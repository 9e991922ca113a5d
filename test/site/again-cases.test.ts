/**
 * A site's last check kept between runs (src/site/again.ts), its parts on their own: what makes the
 * site's shape, which files are checked again, what each file's kept check holds (its key, the files
 * its `#fragment` links arrive at, their anchors' digest), and the findings in the order a whole
 * check gives them.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { KeptSiteCheck } from '../../src/pages/kept.js';
import type { PageLink } from '../../src/pages/types.js';
import type { Finding, Range } from '../../src/problem.js';
import { RedirectTable, redirectsOf } from '../../src/redirects/table.js';
import type { PageTree } from '../../src/resolve/types.js';
import { checkToKeep, filesToCheck, inReportOrder, shapeOf } from '../../src/site/again.js';
import { linkResolver } from '../../src/site/links.js';
import type { PageBody } from '../../src/site/pages.js';
import type { SiteInputs } from '../../src/site/reuse.js';
import type { SiteRule } from '../../src/site/rule.js';
import { buildSite } from '../../src/site/site.js';

/** The digest a kept check holds of a file's anchors: sorted, joined by NUL, SHA-256 in base64url. */
const digest = (anchors: string[]) =>
  createHash('sha256')
    .update([...anchors].sort().join('\0'))
    .digest('base64url');

const link = (url: string): PageLink => ({ url, kind: 'link', span: [0, url.length], verbatim: true });

/** A body: its anchors, its links, its key in the page scan store (none: not given). */
function body(file: string, options: { key?: string; anchors?: string[]; links?: string[]; error?: boolean } = {}): PageBody {
  const scan = {
    links: (options.links ?? []).map(link),
    anchors: new Set(options.anchors ?? []),
    ...(options.error && { error: { message: 'Unexpected character', offset: 3 } }),
  };
  return { file, text: '', scan, ...(options.key !== undefined && { key: options.key }) };
}

const rule = (code: 'link-not-found' | 'anchor-not-found') => ({ code, reads: [], messages: {}, checkSite: () => {} }) as unknown as SiteRule;

describe('shapeOf', () => {
  const made = (change: Partial<SiteInputs> = {}): SiteInputs => ({
    treePages: [
      { path: 'index', kind: 'page', file: 'index.mdx' },
      { path: 'api/get', kind: 'endpoint' },
    ] as unknown as SiteInputs['treePages'],
    alsoListed: ['faq'],
    files: {},
    mintignore: 'drafts/\n',
    ignored: () => false,
    redirects: '[{"source":"/old","destination":"/new"}]',
    ...change,
  });
  const input = (change: Record<string, unknown> = {}) => ({
    files: { fingerprint: () => 'listing-1' },
    profile: { name: 'platform' },
    root: '/docs',
    maxPerFile: 1000,
    ...change,
  });
  const rules = [rule('link-not-found'), rule('anchor-not-found')];
  const checked = ['index.mdx', 'guide.mdx'];
  // Made in each test, not once for the block: Stryker activates a mutant only while a test runs.
  const shape = () => shapeOf(made(), rules, input(), checked);

  it('one string of the same inputs, the same each time', () => {
    expect(shape()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shapeOf(made(), [rule('link-not-found'), rule('anchor-not-found')], input(), [...checked])).toBe(shape());
  });

  it('none when the listing cannot be told', () => {
    expect(shapeOf(made(), rules, input({ files: undefined }), checked)).toBeUndefined();
    expect(shapeOf(made(), rules, input({ files: {} }), checked)).toBeUndefined();
  });

  const pages = (file: string | undefined, kind = 'page') =>
    [
      { path: 'index', kind, ...(file !== undefined && { file }) },
      { path: 'api/get', kind: 'endpoint' },
    ] as unknown as SiteInputs['treePages'];
  it.each([
    ["a tree page's file", made({ treePages: pages('home.mdx') }), input(), rules, checked],
    ['a tree page without its file', made({ treePages: pages(undefined) }), input(), rules, checked],
    ["a tree page's kind", made({ treePages: pages('index.mdx', 'endpoint') }), input(), rules, checked],
    ['a tree page more', made({ treePages: [...pages('index.mdx'), { path: 'x' }] as unknown as SiteInputs['treePages'] }), input(), rules, checked],
    ['the listed paths the tree lacks', made({ alsoListed: ['help'] }), input(), rules, checked],
    ['the listing', made(), input({ files: { fingerprint: () => 'listing-2' } }), rules, checked],
    ['.mintignore', made({ mintignore: 'old/\n' }), input(), rules, checked],
    ['no .mintignore', made({ mintignore: undefined }), input(), rules, checked],
    ['the redirects', made({ redirects: '[]' }), input(), rules, checked],
    ['the rules', made(), input(), [rule('anchor-not-found'), rule('link-not-found')], checked],
    ['the profile', made(), input({ profile: { name: 'spec' } }), rules, checked],
    ['the root', made(), input({ root: '/other' }), rules, checked],
    ['no root', made(), input({ root: undefined }), rules, checked],
    ['the cap', made(), input({ maxPerFile: 10 }), rules, checked],
    ['the files checked', made(), input(), rules, ['index.mdx']],
  ])('another shape: %s', (_what, otherMade, otherInput, otherRules, otherChecked) => {
    const other = shapeOf(otherMade, otherRules, otherInput, otherChecked);
    expect(other).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other).not.toBe(shape());
  });

  it('rules of other codes, as many: another shape', () => {
    expect(shapeOf(made(), [rule('link-not-found')], input(), checked)).not.toBe(shapeOf(made(), [rule('anchor-not-found')], input(), checked));
  });
});

describe('filesToCheck', () => {
  const GUIDE = ['setup', 'install'];
  const last: KeptSiteCheck = {
    shape: 's',
    files: {
      'index.mdx': { key: 'k-index', deps: ['guide.mdx'], findings: [], places: [] },
      'guide.mdx': { key: 'k-guide', anchors: digest(GUIDE), deps: [], findings: [], places: [] },
      'about.mdx': { key: 'k-about', deps: [], findings: [], places: [] },
      'self.mdx': { key: 'k-self', anchors: digest(['top']), deps: ['self.mdx'], findings: [], places: [] },
      'broken.mdx': { key: null, deps: [], findings: [], places: [] },
      'plain.mdx': { key: '', deps: [], findings: [], places: [] },
    },
  };
  const files = Object.keys(last.files);
  const bodies = (change: Record<string, PageBody | undefined> = {}) =>
    new Map<string, PageBody | undefined>([
      ['index.mdx', body('index.mdx', { key: 'k-index' })],
      ['guide.mdx', body('guide.mdx', { key: 'k-guide', anchors: GUIDE })],
      ['about.mdx', body('about.mdx', { key: 'k-about' })],
      ['self.mdx', body('self.mdx', { key: 'k-self', anchors: ['top'] })],
      ['broken.mdx', undefined],
      ['plain.mdx', body('plain.mdx')],
      ...Object.entries(change),
    ]);

  it('every file without a last check', () => {
    expect([...filesToCheck(undefined, files, bodies())]).toStrictEqual(files);
  });

  it('none when no text changed (an unreadable file still unreadable, a body without a key still without)', () => {
    expect([...filesToCheck(last, files, bodies())]).toStrictEqual([]);
  });

  it('a changed text with the same anchors: that file only', () => {
    const now = bodies({ 'guide.mdx': body('guide.mdx', { key: 'k-guide-2', anchors: ['install', 'setup'] }) });
    expect([...filesToCheck(last, files, now)]).toStrictEqual(['guide.mdx']);
  });

  it('changed anchors: the files whose fragments arrive there too', () => {
    const now = bodies({ 'guide.mdx': body('guide.mdx', { key: 'k-guide-2', anchors: ['setup'] }) });
    expect([...filesToCheck(last, files, now)]).toStrictEqual(['index.mdx', 'guide.mdx']);
  });

  it('a file now unreadable, or readable again: changed', () => {
    expect([...filesToCheck(last, files, bodies({ 'about.mdx': undefined }))]).toStrictEqual(['about.mdx']);
    expect([...filesToCheck(last, files, bodies({ 'broken.mdx': body('broken.mdx', { key: 'k-b' }) }))]).toStrictEqual(['broken.mdx']);
    expect([...filesToCheck(last, files, bodies({ 'plain.mdx': body('plain.mdx', { key: 'k-p' }) }))]).toStrictEqual(['plain.mdx']);
  });

  it('a file the last check did not have: checked, and a file whose fragments arrive at it too', () => {
    const kept: KeptSiteCheck = { shape: 's', files: { 'index.mdx': { key: 'k-index', deps: ['new.mdx'], findings: [], places: [] } } };
    const now = new Map([
      ['index.mdx', body('index.mdx', { key: 'k-index' })],
      ['new.mdx', body('new.mdx', { key: 'k-new' })],
    ]);
    expect([...filesToCheck(kept, ['index.mdx', 'new.mdx'], now)]).toStrictEqual(['index.mdx', 'new.mdx']);
  });

  it('a changed file whose anchors were not kept counts as changed anchors', () => {
    const now = bodies({ 'about.mdx': body('about.mdx', { key: 'k-about-2' }) });
    const kept: KeptSiteCheck = { shape: 's', files: { ...last.files, 'index.mdx': { ...last.files['index.mdx'], deps: ['about.mdx'] } } };
    expect([...filesToCheck(kept, files, now)]).toStrictEqual(['index.mdx', 'about.mdx']);
  });
});

describe('checkToKeep', () => {
  const tree = {
    pages: [
      { path: 'index', kind: 'page', file: 'index.mdx' },
      { path: 'guide', kind: 'page', file: 'guide.mdx' },
      { path: 'api/get', kind: 'endpoint' },
    ],
  } as unknown as PageTree;
  const LISTING = ['index.mdx', 'guide.mdx', 'other.mdx', 'snippets/part.mdx', 'images/logo.png'];
  const site = () => buildSite(tree, { hasFile: (file) => LISTING.includes(file), list: () => LISTING }, () => false);
  const redirects = () =>
    new RedirectTable(
      redirectsOf({
        redirects: [
          { source: '/old', destination: '/guide' },
          { source: '/ext', destination: 'https://example.com' },
        ],
      }),
    );
  // Made in each test, not once for the block: Stryker activates a mutant only while a test runs.
  const linksOf = () => linkResolver(site(), redirects());
  // other.mdx is served but not checked (an `ignore` page glob).
  const checked = ['guide.mdx', 'index.mdx', 'snippets/part.mdx'];
  const INDEX_ANCHORS = ['home', 'top'];
  const bodies = new Map<string, PageBody | undefined>([
    // guide.mdx could not be read.
    ['guide.mdx', undefined],
    [
      'index.mdx',
      body('index.mdx', {
        key: 'k-index',
        anchors: ['top', 'home'],
        links: ['/other#a', '/old#setup', '/api/get#x', '/images/logo.png#x', '/nowhere#x', '/ext#x', 'https://example.com/#y', '/guide', '/index#', '#top'],
      }),
    ],
    // A snippet is no page: a link to its own fragment is checked against its own anchors.
    ['snippets/part.mdx', body('snippets/part.mdx', { anchors: ['part'], links: ['#part'] })],
  ]);
  const found = new Map<string, Finding[]>();
  const placeOf = (): Range => ({ line: 1, column: 1, endLine: 1, endColumn: 2 });

  it('without a last check: each file its key, the files its fragments arrive at (sorted), and their anchors', () => {
    const check = checkToKeep('shape', undefined, checked, new Set(checked), bodies, linksOf(), found, placeOf);
    expect(check).toStrictEqual({
      shape: 'shape',
      files: {
        'guide.mdx': { key: null, deps: [], findings: [], places: [], anchors: '' },
        'index.mdx': { key: 'k-index', deps: ['guide.mdx', 'index.mdx', 'other.mdx'], findings: [], places: [], anchors: digest(INDEX_ANCHORS) },
        'snippets/part.mdx': { key: '', deps: ['snippets/part.mdx'], findings: [], places: [], anchors: digest(['part']) },
      },
    });
  });

  it('with one: a file checked again takes its anchors again, one not keeps them, one new to it has them taken', () => {
    const last: KeptSiteCheck = {
      shape: 'shape',
      files: {
        'index.mdx': { key: 'k-old', anchors: 'OLD', deps: [], findings: [], places: [] },
        'snippets/part.mdx': { key: '', anchors: 'KEPT', deps: ['snippets/part.mdx'], findings: [], places: [] },
      },
    };
    const check = checkToKeep('shape', last, checked, new Set(['guide.mdx', 'index.mdx']), bodies, linksOf(), found, placeOf);
    expect(check.files).toStrictEqual({
      'guide.mdx': { key: null, deps: [], findings: [], places: [], anchors: '' },
      'index.mdx': { key: 'k-index', deps: ['guide.mdx', 'index.mdx', 'other.mdx'], findings: [], places: [], anchors: digest(INDEX_ANCHORS) },
      'snippets/part.mdx': { key: '', deps: ['snippets/part.mdx'], findings: [], places: [], anchors: 'KEPT' },
    });
  });

  it("a file whose scan failed: no anchors (the digest of none is not the failed scan's)", () => {
    const failed = new Map([['a.mdx', body('a.mdx', { key: 'k', anchors: ['x'], links: ['#x'], error: true })]]);
    const check = checkToKeep('shape', undefined, ['a.mdx'], new Set(['a.mdx']), failed, linkResolver(site(), redirects()), found, placeOf);
    expect(check.files['a.mdx']).toStrictEqual({ key: 'k', deps: ['a.mdx'], findings: [], places: [], anchors: '' });
  });

  it('the digest: the anchors as a set, each apart', () => {
    const anchorsOf = (anchors: string[]) => {
      const one = new Map([['a.mdx', body('a.mdx', { key: 'k', anchors, links: ['#x'] })]]);
      return checkToKeep('s', undefined, ['a.mdx'], new Set(['a.mdx']), one, linkResolver(site(), redirects()), found, placeOf).files['a.mdx'].anchors;
    };
    expect(anchorsOf(['b', 'a'])).toBe(anchorsOf(['a', 'b']));
    expect(anchorsOf(['ab', 'c'])).not.toBe(anchorsOf(['a', 'bc']));
    expect(anchorsOf([])).toBe(digest([]));
    expect(anchorsOf([])).not.toBe('');
  });
});

describe('inReportOrder', () => {
  const finding = (code: string, message: string): Finding => ({ code, message, pointer: '', span: [0, 1] }) as Finding;
  const rules = [rule('link-not-found'), rule('anchor-not-found')];
  const anchorInA = finding('anchor-not-found', 'anchor a');
  const linkInA = finding('link-not-found', 'link a');
  const linkInB = finding('link-not-found', 'link b');
  const anchorInB = finding('anchor-not-found', 'anchor b');

  it("rule by rule, file by file: the files checked again their findings now, the others the last check's", () => {
    const last: KeptSiteCheck = {
      shape: 's',
      files: {
        'a.mdx': { key: 'ka', deps: [], findings: [finding('link-not-found', 'stale')], places: [[1, 1, 1, 2]] },
        'b.mdx': {
          key: 'kb',
          deps: [],
          findings: [linkInB, anchorInB],
          places: [
            [1, 1, 1, 2],
            [2, 1, 2, 2],
          ],
        },
      },
    };
    const order = inReportOrder(rules, ['a.mdx', 'b.mdx', 'c.mdx'], new Set(['a.mdx']), new Map([['a.mdx', [anchorInA, linkInA]]]), last);
    expect(order).toStrictEqual([
      { file: 'a.mdx', finding: linkInA },
      { file: 'b.mdx', finding: linkInB },
      { file: 'a.mdx', finding: anchorInA },
      { file: 'b.mdx', finding: anchorInB },
    ]);
  });

  it('without a last check, a file not checked again has none', () => {
    expect(inReportOrder(rules, ['a.mdx', 'b.mdx'], new Set(['b.mdx']), new Map([['b.mdx', [linkInB]]]), undefined)).toStrictEqual([
      { file: 'b.mdx', finding: linkInB },
    ]);
  });
});
