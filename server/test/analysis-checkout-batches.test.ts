/**
 * How `analyzeCheckout` hands its work over: the page tree first, in numbered parts; then the
 * sections in batches (500 sections, or 512 KB of text, whichever comes first), each at its
 * position; the sections of pages unchanged since the previous deployment (same key) copied in
 * runs, a run that continues the last one extending it, 2000 copied rows to a batch. A page's key
 * is made of its place, its file's and spec's blobs and the text checks' severities.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCheckout, type AnalyzeInput } from '../src/analysis/analyze.js';
import type { PageRuns, SectionsBatch } from '../src/store/deployments.js';
import { docsJson, tempDir } from './helpers.js';

function site(prefix: string, files: Record<string, string>): string {
  const root = tempDir(prefix);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

async function analyze(root: string, more: Partial<AnalyzeInput> = {}) {
  const batches: SectionsBatch[] = [];
  const output = await analyzeCheckout({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root, maxPages: 1000, ...more }, (batch) => {
    batches.push(structuredClone(batch));
    return Promise.resolve();
  });
  return { output, batches, sections: batches.flatMap((batch) => batch.sections) };
}

/** What a batch holds, in short: its sections' pages and positions, its copy runs, its tree parts. */
const shape = (batch: SectionsBatch) => ({
  sections: batch.sections.map((section) => `${section.pagePath}@${section.position}`),
  copies: batch.copies,
  ...(batch.tree ? { tree: batch.tree.map((part) => part.part) } : {}),
});

/** A page's key as the analysis makes it (SECTIONS_VERSION 4, the severities of the page and spec checks). */
const keyOf = (made: unknown[]) => createHash('sha256').update(JSON.stringify(made)).digest('base64url');
const base = (pagePath: string, pageTitle: string, trail: unknown[] = []) => ({ pagePath, pageKind: 'page', pageTitle, hidden: false, trail });

describe('page keys', () => {
  const files = {
    'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['index', 'index', 'guide', 'orphan'] }] }),
    'index.mdx': '---\ntitle: Home\ndescription: Start here.\n---\n\nWelcome.\n',
    'guide.mdx': '# Guide\n\nSteps.\n',
    'orphan.mdx': '# Orphan\n\nNo blob.\n',
    'openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'API', version: '1' }, paths: { '/ping': { get: { summary: 'Ping', responses: {} } } } }),
  };
  const blobs = { 'index.mdx': 'b1', 'guide.mdx': 'b2', 'openapi.json': 'b3', 'docs.json': 'b4' };

  it('made of the place, the blobs and the severities; a page listed twice gets a key of its own; a file with no blob, none', async () => {
    const root = site('checkout-keys', files);
    const { output, sections } = await analyze(root, { blobs });
    expect(output.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const trail = [{ kind: 'group', label: 'API' }];
    const home = keyOf([4, ['error', 'warning'], base('index', 'Home', trail), 'index.mdx', 'b1', 'Start here.', null, null]);
    expect(sections.map((section) => [section.pagePath, section.position, section.pageKey])).toEqual([
      ['index', 0, home],
      ['index', 1, `${home}.2`],
      ['guide', 2, keyOf([4, ['error', 'warning'], base('guide', 'Guide', trail), 'guide.mdx', 'b2', null, null, null])],
      ['orphan', 3, null],
      [
        'api-reference/ping',
        4,
        keyOf([
          4,
          ['error', 'warning'],
          { ...base('api-reference/ping', 'Ping', [...trail, { kind: 'group', label: 'API Reference' }]), pageKind: 'endpoint' },
          null,
          null,
          null,
          { file: 'openapi.json', method: 'GET', path: '/ping' },
          'b3',
        ]),
      ],
    ]);
  });

  it('the severities are part of it: a config that changes them changes every key', async () => {
    const root = site('checkout-keys-severity', { ...files, 'docsnav.config.json': JSON.stringify({ rules: { 'invalid-character': 'warning' } }) });
    const { sections } = await analyze(root, { blobs });
    const trail = [{ kind: 'group', label: 'API' }];
    expect(sections[3].pagePath).toBe('orphan');
    expect(sections[2].pageKey).toBe(keyOf([4, ['warning', 'warning'], base('guide', 'Guide', trail), 'guide.mdx', 'b2', null, null, null]));
  });

  it("a channel page's key names its channel; a spec with no blob gives none", async () => {
    const root = site('checkout-keys-channel', {
      'docs.json': docsJson({ groups: [{ group: 'Events', asyncapi: 'events.json' }] }),
      'events.json': JSON.stringify({ asyncapi: '3.0.0', info: { title: 'Events', version: '1' }, channels: { 'orders/{id}': { address: 'orders/{id}' } } }),
    });
    const trail = [
      { kind: 'group', label: 'Events' },
      { kind: 'group', label: 'Websockets' },
    ];
    const withBlob = await analyze(root, { blobs: { 'events.json': 'e1' } });
    expect(withBlob.sections.map((section) => section.pageKey)).toEqual([
      keyOf([
        4,
        ['error', 'warning'],
        { ...base('api-reference/websockets/orders', 'Orders/{id}', trail), pageKind: 'endpoint' },
        null,
        null,
        null,
        null,
        'e1',
        { file: 'events.json', channel: 'orders/{id}' },
      ]),
    ]);
    const without = await analyze(root, { blobs: {} });
    expect(without.sections.map((section) => section.pageKey)).toEqual([null]);
  });
});

describe('copies of unchanged pages', () => {
  const pages = ['a', 'b', 'new', 'c', 'd'];
  const files = {
    'docs.json': docsJson({ pages }),
    ...Object.fromEntries(pages.map((page) => [`${page}.mdx`, `# Page ${page}\n\nText of ${page}.\n`])),
  };
  const blobs = Object.fromEntries(pages.filter((page) => page !== 'new').map((page) => [`${page}.mdx`, `blob-${page}`]));

  /** The keys of a first deployment, by page. */
  async function keys(root: string, more: Partial<AnalyzeInput> = {}): Promise<Record<string, string>> {
    const { sections } = await analyze(root, { blobs, ...more });
    return Object.fromEntries(sections.filter((section) => section.pageKey !== null).map((section) => [section.pagePath, section.pageKey!]));
  }

  it('copied in runs: a run that continues the last one (in both deployments) extends it, else a new run starts', async () => {
    const root = site('checkout-copies', files);
    const key = await keys(root);
    expect(Object.keys(key)).toEqual(['a', 'b', 'c', 'd']);
    const previous: PageRuns = {
      runs: { [key.a]: { first: 10, count: 2 }, [key.b]: { first: 12, count: 1 }, [key.c]: { first: 13, count: 1 }, [key.d]: { first: 30, count: 2 } },
      flagged: [],
    };
    const { output, batches } = await analyze(root, { blobs, previous });
    expect(batches.map(shape)).toEqual([
      { sections: [], copies: [], tree: [0] },
      {
        sections: ['new@3'],
        copies: [
          { from: 10, to: 0, count: 3 },
          // 13 continues the run in the previous deployment, not in this one (`new` is at 3).
          { from: 13, to: 4, count: 1 },
          { from: 30, to: 5, count: 2 },
        ],
      },
    ]);
    expect(output).toMatchObject({ sections: 7, copied: 6, reusedPages: 4, treeParts: 1, overLimit: false });
  });

  it('a page reading a flagged file (an invalid character last time) is made anew; a page with no key never copied', async () => {
    const root = site('checkout-flagged', files);
    const key = await keys(root);
    const previous: PageRuns = {
      runs: {
        [key.a]: { first: 0, count: 1 },
        [key.b]: { first: 1, count: 1 },
        [key.c]: { first: 3, count: 1 },
        [key.d]: { first: 4, count: 1 },
        undefined: { first: 2, count: 1 },
      },
      flagged: ['b.mdx', 'openapi.json'],
    };
    const { output, batches } = await analyze(root, { blobs, previous });
    expect(batches.map(shape)).toEqual([
      { sections: [], copies: [], tree: [0] },
      {
        sections: ['b@1', 'new@2'],
        copies: [
          { from: 0, to: 0, count: 1 },
          { from: 3, to: 3, count: 2 },
        ],
      },
    ]);
    expect(output).toMatchObject({ sections: 5, copied: 3, reusedPages: 3 });
  });

  it('a flagged spec: its endpoint and channel pages are made anew', async () => {
    const root = site('checkout-flagged-spec', {
      'docs.json': docsJson({
        groups: [
          { group: 'API', openapi: 'openapi.json', pages: ['a'] },
          { group: 'Events', asyncapi: 'events.json' },
        ],
      }),
      'a.mdx': '# A\n',
      'openapi.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'API', version: '1' },
        paths: { '/ping': { get: { summary: 'Ping', responses: {} } } },
      }),
      'events.json': JSON.stringify({ asyncapi: '3.0.0', info: { title: 'Events', version: '1' }, channels: { news: { address: 'news' } } }),
    });
    const specBlobs = { 'a.mdx': 'x', 'openapi.json': 'y', 'events.json': 'z' };
    const first = await analyze(root, { blobs: specBlobs });
    const runs = Object.fromEntries(first.sections.map((section) => [section.pageKey!, { first: section.position, count: 1 }]));
    expect(Object.keys(runs)).toHaveLength(3);
    for (const [flagged, made] of [
      [['openapi.json'], ['api-reference/ping@1']],
      [['events.json'], ['api-reference/websockets/news@2']],
    ]) {
      const { batches } = await analyze(root, { blobs: specBlobs, previous: { runs, flagged } });
      expect(batches.slice(1).map(shape), flagged[0]).toEqual([
        {
          sections: made,
          copies:
            made[0] === 'api-reference/ping@1'
              ? [
                  { from: 0, to: 0, count: 1 },
                  { from: 2, to: 2, count: 1 },
                ]
              : [{ from: 0, to: 0, count: 2 }],
        },
      ]);
    }
  });

  it('nothing is copied once a page fails the text check', async () => {
    const root = site('checkout-copy-failed', files);
    const key = await keys(root);
    writeFileSync(path.join(root, 'new.mdx'), '# New\n\nA \u0000 NUL.\n');
    const previous: PageRuns = { runs: { [key.a]: { first: 0, count: 1 }, [key.c]: { first: 3, count: 1 }, [key.d]: { first: 4, count: 1 } }, flagged: [] };
    const { output, batches } = await analyze(root, { blobs, previous });
    expect(output.problems.map((problem) => [problem.code, problem.file])).toEqual([['invalid-character', 'new.mdx']]);
    expect(batches.map(shape)).toEqual([{ sections: [], copies: [], tree: [0] }]);
    // The copies before the failure (a) and the page made (b) are counted, none after.
    expect(output).toMatchObject({ sections: 2, copied: 1, reusedPages: 1 });
  });

  it('2000 copied rows make a batch; the next copies go in the next one, and an empty batch is never sent', async () => {
    const root = site('checkout-copy-batches', files);
    const key = await keys(root);
    const full = await analyze(root, {
      blobs,
      previous: { runs: { [key.a]: { first: 0, count: 1999 }, [key.b]: { first: 5000, count: 1 }, [key.c]: { first: 9000, count: 1 } }, flagged: [] },
    });
    expect(full.batches.map(shape)).toEqual([
      { sections: [], copies: [], tree: [0] },
      {
        sections: [],
        copies: [
          { from: 0, to: 0, count: 1999 },
          { from: 5000, to: 1999, count: 1 },
        ],
      },
      { sections: ['new@2000', 'd@2002'], copies: [{ from: 9000, to: 2001, count: 1 }] },
    ]);
    expect(full.output).toMatchObject({ sections: 2003, copied: 2001, reusedPages: 3 });

    // Every page copied, the last run filling the batch: nothing is left for a last batch.
    const exact = await analyze(root, {
      blobs: { ...blobs, 'new.mdx': 'blob-new' },
      previous: {
        runs: Object.fromEntries(
          Object.values(await keys(root, { blobs: { ...blobs, 'new.mdx': 'blob-new' } })).map((pageKey, index) => [
            pageKey,
            { first: index * 1000, count: 400 },
          ]),
        ),
        flagged: [],
      },
    });
    expect(exact.batches.map(shape)).toEqual([
      { sections: [], copies: [], tree: [0] },
      {
        sections: [],
        copies: [
          { from: 0, to: 0, count: 400 },
          { from: 1000, to: 400, count: 400 },
          { from: 2000, to: 800, count: 400 },
          { from: 3000, to: 1200, count: 400 },
          { from: 4000, to: 1600, count: 400 },
        ],
      },
    ]);
  });

  it('copies and new sections only of pages whose previous deployment is given (no `previous`: every page made)', async () => {
    const root = site('checkout-no-previous', files);
    const { batches } = await analyze(root, { blobs });
    expect(batches.map(shape)).toEqual([
      { sections: [], copies: [], tree: [0] },
      { sections: ['a@0', 'b@1', 'new@2', 'c@3', 'd@4'], copies: [] },
    ]);
  });
});

describe('batches of new sections', () => {
  it('500 sections make a batch', async () => {
    const many = Array.from({ length: 499 }, (_, index) => `## Part ${index}\n\nText ${index}.\n`).join('\n');
    const root = site('checkout-500', {
      'docs.json': docsJson({ pages: ['many', 'one', 'last'] }),
      'many.mdx': many,
      'one.mdx': '# One\n',
      'last.mdx': '# Last\n',
    });
    const { output, batches } = await analyze(root);
    expect(batches.map((batch) => [batch.sections.length, batch.sections[0]?.position, batch.sections.at(-1)?.position, batch.tree?.length])).toEqual([
      [0, undefined, undefined, 1],
      [500, 0, 499, undefined],
      [1, 500, 500, undefined],
    ]);
    expect(batches[1].sections.at(-1)?.pagePath).toBe('one');
    expect(batches[2].sections.map((section) => [section.pagePath, section.heading])).toEqual([['last', 'Last']]);
    expect(output.sections).toBe(501);
  });

  it('512 KB of text (bodies, titles and descriptions) make a batch', async () => {
    const root = site('checkout-chars', {
      'docs.json': docsJson({ pages: ['p1', 'p2', 'p3', 'p4'] }),
      'p1.mdx': `---\ntitle: P1\n---\n\n${'a'.repeat(150_000)}\n`,
      'p2.mdx': `---\ntitle: P2\n---\n\n${'b'.repeat(150_000)}\n`,
      // 150,000 + 150,000 + 124,000 of bodies, 6 of titles, 100,282 of description: 524,288.
      'p3.mdx': `---\ntitle: P3\ndescription: ${'d'.repeat(100_282)}\n---\n\n${'c'.repeat(124_000)}\n`,
      'p4.mdx': '---\ntitle: P4\n---\n\nSmall.\n',
    });
    const { batches } = await analyze(root);
    expect(
      batches.map((batch) =>
        batch.sections.map((section) => [section.pagePath, section.body.length + section.pageTitle.length + section.pageDescription.length]),
      ),
    ).toEqual([
      [],
      [
        ['p1', 150_002],
        ['p2', 150_002],
        ['p3', 224_284],
      ],
      [['p4', 8]],
    ]);
  });
});

describe('the page tree', () => {
  it('sent first, in parts of 256 KB numbered from 0, which join to its JSON text', async () => {
    // 300 pages with long paths (no files: listed, deployed with a warning): a tree of about 600,000 characters.
    const missing = Array.from({ length: 300 }, (_, index) => `gone/${index}-${'x'.repeat(900)}`);
    const root = site('checkout-tree-parts', { 'docs.json': docsJson({ pages: ['a', ...missing, 'b'] }), 'a.mdx': '# A\n', 'b.mdx': '# B\n' });
    const { output, batches } = await analyze(root);
    const parts = batches.filter((batch) => batch.tree);
    expect(parts.length).toBeGreaterThan(2);
    expect(output.treeParts).toBe(parts.length);
    expect(parts.map((batch) => [batch.sections, batch.copies, batch.tree!.map((part) => part.part)])).toEqual(parts.map((_, index) => [[], [], [index]]));
    expect(batches.slice(parts.length).map(shape)).toEqual([{ sections: ['a@0', 'b@1'], copies: [] }]);
    const tree = JSON.parse(parts.map((batch) => batch.tree![0].data).join('')) as { pages: Array<{ path: string }> };
    expect(tree.pages.map((page) => page.path)).toEqual(['a', ...missing, 'b']);
  });
});

describe('the page limit', () => {
  const files = { 'docs.json': docsJson({ pages: ['a', 'b', 'c'] }), 'a.mdx': '# A\n', 'b.mdx': '# B\n', 'c.mdx': '# C\n' };

  it('as many pages as the limit: stored', async () => {
    const { output, batches } = await analyze(site('checkout-limit', files), { maxPages: 3 });
    expect(output).toMatchObject({ pages: 3, sections: 3, overLimit: false, treeParts: 1 });
    expect(batches.map(shape)).toEqual([
      { sections: [], copies: [], tree: [0] },
      { sections: ['a@0', 'b@1', 'c@2'], copies: [] },
    ]);
  });

  it('one more: nothing is sent, not even the tree', async () => {
    const { output, batches } = await analyze(site('checkout-over-limit', files), { maxPages: 2 });
    expect(output).toEqual({ treeParts: 0, pages: 3, problems: [], sections: 0, copied: 0, reusedPages: 0, overLimit: true, scanned: 0, scansReused: 0 });
    expect(batches).toEqual([]);
  });
});

describe('page scans kept between deployments', () => {
  it('the second deployment reuses the scan of an unchanged page', async () => {
    const root = site('checkout-scans', {
      'docs.json': docsJson({ pages: ['index'] }),
      'index.mdx': '# Home\n\nSee [the guide](/gone).\n',
      'docsnav.config.json': JSON.stringify({ rules: { 'link-not-found': 'warning' } }),
    });
    const scanStore = path.join(root, 'scans.json');
    const first = await analyze(root, { scanStore });
    expect([first.output.scanned, first.output.scansReused]).toEqual([1, 0]);
    const second = await analyze(root, { scanStore });
    expect([second.output.scanned, second.output.scansReused]).toEqual([1, 1]);
  });
});
