/**
 * The site check (src/site/check.ts) driven directly, over a docs root the test's reader serves:
 * which rules have something to read, the files whose bodies are checked, a page's findings past
 * the cap counted into one, pages scanned in batches of text, and a page scan store's pages (read
 * once, scanned again when their scan is gone) with the check it keeps for the next run.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../src/config/profiles.js';
import type { DocsFiles } from '../../src/docs-root.js';
import type { ReadOutcome } from '../../src/files.js';
import type { KeptPages, KeptSiteCheck, PageText } from '../../src/pages/kept.js';
import type { PageScan } from '../../src/pages/types.js';
import type { Finding, Range } from '../../src/problem.js';
import type { PageTree } from '../../src/resolve/types.js';
import { checkSite, rulesWithInput, type SiteCheckInput } from '../../src/site/check.js';
import type { FindingInPage, SiteInput, SiteRule } from '../../src/site/rule.js';

const ROOT = path.join(path.sep, 'virtual-docs');
const at = (file: string) => path.join(ROOT, file);

/** A docs root of these files (null: listed, but cannot be read), its reads counted by file. */
function rootOf(texts: Record<string, string | null>, fingerprint?: string) {
  const reads = new Map<string, number>();
  const files = {
    hasFile: (file: string) => file in texts,
    list: () => Object.keys(texts),
    ...(fingerprint !== undefined && { fingerprint: () => fingerprint }),
  } as unknown as DocsFiles;
  const reader = (absolute: string): ReadOutcome => {
    const file = path.relative(ROOT, absolute).split(path.sep).join('/');
    reads.set(file, (reads.get(file) ?? 0) + 1);
    const text = texts[file];
    return typeof text === 'string' ? { ok: true, bytes: Buffer.from(text) } : { ok: false, reason: 'missing', detail: 'no such file' };
  };
  return { files, reader, reads };
}

type Reported = { file: string; text: string; finding: Finding; place: Range };

/** What checkSite needs, over `root`, the findings in pages collected. */
function inputOf(root: ReturnType<typeof rootOf>, change: Partial<SiteCheckInput> = {}) {
  const reported: Reported[] = [];
  const scanned: number[] = [];
  const input: SiteCheckInput = {
    tree: { pages: [] } as unknown as PageTree,
    alsoListed: [],
    document: { name: 'Site' },
    files: root.files,
    root: ROOT,
    reader: root.reader,
    profile: PROFILES.platform,
    concurrency: 1,
    maxPerFile: 1000,
    report: () => {},
    reportIn: (file, text, finding, place) => reported.push({ file, text, finding, place }),
    scanned: (count) => scanned.push(count),
    ...change,
  };
  return { input, reported, scanned };
}

type InPage = FindingInPage | (() => Omit<FindingInPage, 'severity'>);

/** A page rule that reports `findings` in each page it reads (asking each page's anchors first). */
function pageRule(code: 'link-not-found' | 'anchor-not-found', findings: (file: string) => InPage[] = () => []): SiteRule {
  return {
    code,
    messages: {},
    readsPages: true,
    reads: ['pages'],
    checkSite({ pages, reportInPage }: Parameters<SiteRule['checkSite']>[0]) {
      for (const file of pages.files) {
        const body = pages.get(file);
        if (!body || body.scan.anchors.size < 0) continue;
        for (const finding of findings(file)) reportInPage(body, finding);
      }
    },
  } as unknown as SiteRule;
}

const noPageRule = { code: 'external-href', messages: {}, reads: ['navigation-links'], checkSite: () => {} } as unknown as SiteRule;

describe('rulesWithInput', () => {
  const rule = (code: string, reads: SiteInput[]) => ({ code, reads }) as unknown as SiteRule;
  const rules = [
    rule('link-not-found', ['pages']),
    rule('redirect-loop', ['redirects']),
    rule('redirect-missing', ['base']),
    rule('external-href', ['navigation-links']),
  ];
  const filesOf = (list: string[]) => ({ hasFile: (file: string) => list.includes(file), list: () => list }) as unknown as DocsFiles;
  const codes = (input: Partial<Parameters<typeof rulesWithInput>[1]>) =>
    rulesWithInput(rules, { document: {}, files: undefined, profile: PROFILES.platform, base: undefined, ...input }).map((one) => one.code);

  it.each([
    ['no listing', undefined, []],
    ['no page file', filesOf(['logo.png', 'notes.mdx.bak', 'README']), []],
    ['a Markdown page', filesOf(['logo.png', 'guide.md']), ['link-not-found']],
    ['an MDX page', filesOf(['Guide.MDX']), ['link-not-found']],
  ])('pages: %s', (_what, files, expected) => {
    expect(codes({ files })).toStrictEqual(expected);
  });

  it('redirects, a git base, internal hrefs: the rules that read them', () => {
    const document = { redirects: [{ source: '/a', destination: '/b' }], navigation: { tabs: [{ tab: 'T', href: '/t' }] } };
    const base = { ref: 'main', commit: 'c', pages: new Map(), renames: new Map() };
    expect(codes({ document, base })).toStrictEqual(['redirect-loop', 'redirect-missing', 'external-href']);
  });
});

describe('checkSite', () => {
  it("the files checked: `ignore`'s pages left out by page path (the extension at the end only); what the findings depend on", () => {
    const root = rootOf({ 'index.mdx': '# Home\n', 'v1.md/page.mdx': '# Old\n', 'drafts/a.md': '# Draft\n', 'logo.png': 'png' });
    const { input } = inputOf(root, { ignoredPage: (page) => page.startsWith('v1.md/') || page === 'drafts/a' });
    const checked = checkSite([pageRule('link-not-found'), pageRule('anchor-not-found')], input);
    expect(checked.checked).toStrictEqual(['index.mdx']);
    expect([...checked.bodies.keys()]).toStrictEqual(['index.mdx']);
    expect(root.reads.get('v1.md/page.mdx')).toBeUndefined();
    expect(checked.found.rules).toBe('link-not-found,anchor-not-found');
    expect(checked.found.profile).toBe('platform');
    expect(checked.made.alsoListed).toStrictEqual([]);
  });

  it("a page's findings past the cap: the first ones passed on, the rest one finding that counts them, at the highest severity among them", () => {
    const text = 'line one\nline two\n';
    const root = rootOf({ 'index.mdx': text });
    const findings = (): InPage[] => [
      { message: 'first', span: [0, 4], severity: 'error' },
      () => ({ message: 'second', span: [9, 13] }),
      { message: 'third', span: [5, 8], severity: 'info' },
      { message: 'fourth', span: [0, 1], severity: 'warning' },
      { message: 'fifth', span: [0, 1], severity: 'info' },
    ];
    const { input, reported } = inputOf(root, { maxPerFile: 2 });
    checkSite([pageRule('link-not-found', findings)], input);
    expect(reported).toStrictEqual([
      {
        file: 'index.mdx',
        text,
        finding: { message: 'first', span: [0, 4], severity: 'error', pointer: '', code: 'link-not-found' },
        place: { line: 1, column: 1, endLine: 1, endColumn: 5 },
      },
      {
        file: 'index.mdx',
        text,
        finding: { message: 'second', span: [9, 13], pointer: '', code: 'link-not-found' },
        place: { line: 2, column: 1, endLine: 2, endColumn: 5 },
      },
      {
        file: 'index.mdx',
        text,
        finding: { code: 'link-not-found', pointer: '', message: 'third', span: [0, 0], more: 3, severity: 'warning' },
        place: { line: 1, column: 1, endLine: 1, endColumn: 2 },
      },
    ]);
  });

  it("past the cap, a function's finding: the code's severity", () => {
    const root = rootOf({ 'index.mdx': 'text\n' });
    const findings = (): InPage[] => [
      { message: 'shown', span: [0, 4], severity: 'info' },
      { message: 'past', span: [0, 4], severity: 'info' },
      () => ({ message: 'made', span: [0, 4] }),
    ];
    const { input, reported } = inputOf(root, { maxPerFile: 1 });
    checkSite([pageRule('anchor-not-found', findings)], input);
    expect(reported.map(({ finding }) => [finding.message, finding.severity, finding.more])).toStrictEqual([
      ['shown', 'info', undefined],
      ['past', 'warning', 2],
    ]);
  });

  // Pages are scanned together once 8 MiB of their text waits (SCAN_BATCH_CHARS).
  const MIB4 = 'x'.repeat(4 * 1024 * 1024);
  it.each([
    ['two pages of 4 MiB: one batch when the second makes 8 MiB, none after', { 'a.mdx': MIB4, 'b.mdx': MIB4 }, [2]],
    ['and one more page: a batch of its own at the end', { 'a.mdx': MIB4, 'b.mdx': MIB4, 'c.mdx': '# C\n' }, [2, 1]],
    ['small pages: one batch', { 'a.mdx': '# A\n', 'b.mdx': '# B\n', 'c.mdx': '# C\n' }, [3]],
  ])('the pages scanned, batch by batch: %s', (_what, texts, batches) => {
    const { input, scanned } = inputOf(rootOf(texts));
    checkSite([pageRule('link-not-found')], input);
    expect(scanned).toStrictEqual(batches);
  });
});

describe('checkSite with a page scan store', () => {
  /** A store that knows the files named `*-kept.mdx` unchanged, with their scan gone; it keeps no scan of its own. */
  function store() {
    const rescanned: Array<{ page: PageText; scan: PageScan }> = [];
    const asked: string[] = [];
    const kept: KeptSiteCheck[] = [];
    const keptPages = {
      keptBody: (file: string, _parse: unknown, read: () => { text: string }) => {
        if (!file.endsWith('-kept.mdx')) return undefined;
        // The store reads the page once to tell it unchanged.
        read();
        return { key: `key ${path.basename(file)}`, scan: () => undefined, text: () => read().text };
      },
      keepScan: (page: PageText, scan: PageScan) => rescanned.push({ page, scan }),
      keptScan: () => undefined,
      keyOf: () => undefined,
      keptCheck: (shape: string) => {
        asked.push(shape);
        return undefined;
      },
      keepCheck: (check: KeptSiteCheck) => kept.push(check),
    } as unknown as KeptPages;
    return { keptPages, rescanned, asked, kept };
  }

  it('a page it knows: read once however often its text is asked; its scan gone: scanned again and given back to it', () => {
    const root = rootOf({ 'a-kept.mdx': '# A\n\n## Part\n', 'gone-kept.mdx': null, 'b.mdx': null }, 'listing');
    const { keptPages, rescanned, kept } = store();
    const { input } = inputOf(root, { keptPages });
    const checked = checkSite([pageRule('link-not-found')], input);
    const a = checked.bodies.get('a-kept.mdx')!;
    expect([a.text, a.text, a.key]).toStrictEqual(['# A\n\n## Part\n', '# A\n\n## Part\n', 'key a-kept.mdx']);
    expect([...a.scan.anchors]).toStrictEqual(['a', 'part']);
    expect(root.reads.get('a-kept.mdx')).toBe(1);
    // A page it knows that cannot be read now: an empty text.
    expect(checked.bodies.get('gone-kept.mdx')!.text).toBe('');
    expect(checked.bodies.get('b.mdx')).toBeUndefined();
    expect(rescanned.map(({ page, scan }) => [page, [...scan.anchors]])).toStrictEqual([
      [{ text: '# A\n\n## Part\n', mdx: true, variant: 'platform', file: at('a-kept.mdx') }, ['a', 'part']],
      [{ text: '', mdx: true, variant: 'platform', file: at('gone-kept.mdx') }, []],
    ]);
    // Every body keyed (or none at all): the check is kept for the next run.
    expect(kept.map((check) => Object.keys(check.files))).toStrictEqual([['a-kept.mdx', 'b.mdx', 'gone-kept.mdx']]);
    expect(kept[0].files['b.mdx']).toStrictEqual({ key: null, deps: [], findings: [], places: [] });
  });

  it('with a rule that reads no page beside one that does: the check is kept', () => {
    const { keptPages, kept, asked } = store();
    const { input } = inputOf(rootOf({ 'a-kept.mdx': '# A\n' }, 'listing'), { keptPages });
    checkSite([noPageRule, pageRule('link-not-found')], input);
    expect([asked.length, kept.length]).toStrictEqual([1, 1]);
  });

  it.each([
    ['a body without its key', { 'a-kept.mdx': '# A\n', 'b.mdx': '# B\n' }, 'listing'],
    ['a listing that cannot be told', { 'a-kept.mdx': '# A\n' }, undefined],
  ])('no check kept: %s', (_what, texts, fingerprint) => {
    const { keptPages, kept, asked } = store();
    const { input } = inputOf(rootOf(texts, fingerprint), { keptPages });
    checkSite([pageRule('link-not-found')], input);
    expect([asked, kept]).toStrictEqual([[], []]);
  });
});
