/**
 * Copies of one document across versions: found by content (a page renamed and moved in one
 * version is still a copy), shown once, the default version's copy (`default: true` in the
 * navigation, not the first version) when nothing else is asked, the filtered or named version's
 * when it is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedVersion } from '../src/search/retrieve.js';
import { SectionIndex } from '../src/search/section-index.js';
import { analyzerFor } from '../src/search/language.js';
import { tokenize } from '../src/search/tokenize.js';
import type { PageSection } from '../src/store/deployments.js';
import { analyzeAll, tempDir } from './helpers.js';
import { section } from './sections.js';

const version = (label: string, isDefault: boolean) => ({ kind: 'version', label, default: isDefault });
const group = (label: string) => ({ kind: 'group', label });

const RETRIES =
  'A job that throws is retried with exponential backoff. Set maxAttempts on the job to change how many times it runs before it is marked failed. ' +
  'Each attempt waits twice as long as the one before, starting at one second and never longer than ten minutes. ' +
  'A failed job keeps its last error and its attempt count, and the dashboard lists it under failures until you retry it by hand or delete it.';

/** Three versions of one page: 3.0 first in the navigation, 2.0 the default, 1.0 renamed and moved (its wording a little older). */
const SECTIONS: PageSection[] = [
  section({ pagePath: 'v3/guides/retries', pageTitle: 'Retrying failed jobs', body: RETRIES, trail: [version('v3.0', false), group('Guides')] }),
  section({
    pagePath: 'v3/guides/queues',
    pageTitle: 'Queues',
    body: 'Jobs wait in a queue until a worker is free.',
    trail: [version('v3.0', false), group('Guides')],
  }),
  section({ pagePath: 'guides/retries', pageTitle: 'Retrying failed jobs', body: RETRIES, trail: [version('v2.0', true), group('Guides')] }),
  section({
    pagePath: 'guides/queues',
    pageTitle: 'Queues',
    body: 'Jobs wait in a queue until a worker is free.',
    trail: [version('v2.0', true), group('Guides')],
  }),
  section({
    pagePath: 'v1/reliability/retry-policy',
    pageTitle: 'Retry policy',
    body: RETRIES.replace('ten minutes', 'five minutes'),
    trail: [version('v1.0', false), group('Reliability')],
  }),
  section({
    pagePath: 'v1/reliability/timeouts',
    pageTitle: 'Timeouts',
    body: 'A job running longer than its timeout is stopped.',
    trail: [version('v1.0', false), group('Reliability')],
  }),
];

const terms = (text: string) => tokenize(text, analyzerFor('en')).map((term) => ({ term, weight: 1 }));
const RETRY_PAGES = new Set(['v3/guides/retries', 'guides/retries', 'v1/reliability/retry-policy']);

describe('copies of a document across versions', () => {
  it('shows one copy, the default version’s, with no filter; the filtered or named version’s otherwise', async () => {
    const index = await SectionIndex.build(SECTIONS);
    const query = terms('how many times is a failed job retried, and how long does each attempt wait?');
    const paths = (options: { version?: string; preferVersion?: string }) => index.rank(query, { limit: 5, ...options }).map((entry) => entry.page.path);

    const plain = paths({});
    expect(plain[0]).toBe('guides/retries');
    expect(plain.filter((path) => RETRY_PAGES.has(path))).toEqual(['guides/retries']);
    expect(paths({ version: 'v1.0' })[0]).toBe('v1/reliability/retry-policy');
    expect(paths({ version: 'v3.0' })[0]).toBe('v3/guides/retries');
    expect(paths({ preferVersion: 'v1.0' })).toEqual(expect.arrayContaining(['v1/reliability/retry-policy']));
    expect(paths({ preferVersion: 'v1.0' }).filter((path) => RETRY_PAGES.has(path))).toEqual(['v1/reliability/retry-policy']);
  });

  it('an index stored and restored (another process, a restart) keeps the copies it found by content', async () => {
    const built = await SectionIndex.build(SECTIONS);
    const restored = SectionIndex.restore(SECTIONS, Buffer.concat(await built.serialize()));
    expect(restored).toBeDefined();
    const query = terms('how many times is a failed job retried, and how long does each attempt wait?');
    const paths = (index: SectionIndex) =>
      index
        .rank(query, { limit: 5 })
        .map((entry) => entry.page.path)
        .filter((path) => RETRY_PAGES.has(path));
    // The renamed v1 copy is joined by content only: restored without it, it would be listed beside the default's.
    expect(paths(restored!)).toEqual(['guides/retries']);
    expect(paths(restored!)).toEqual(paths(built));
  });

  it('without default flags in the trail (a deployment stored before them), the navigation’s first version is the default', async () => {
    const bare = SECTIONS.map((row) => ({
      ...row,
      trail: row.trail.map((item) => ({ kind: (item as { kind: string }).kind, label: (item as { label: string }).label })),
    }));
    const index = await SectionIndex.build(bare);
    const ranked = index.rank(terms('failed job retried attempt wait'), { limit: 5 }).map((entry) => entry.page.path);
    expect(ranked.filter((path) => RETRY_PAGES.has(path))).toEqual(['v3/guides/retries']);
  });

  it('joins one path and title across versions as one page, however rewritten and wherever it sits in the navigation', async () => {
    const index = await SectionIndex.build([
      section({
        pagePath: 'v1/setup',
        pageTitle: 'Setup',
        body: 'Install the command line tool with npm, then run its init command to create a project folder.',
        trail: [version('v1', false), group('Getting started')],
      }),
      section({
        pagePath: 'v2/setup',
        pageTitle: 'Setup',
        body: 'Download the desktop application, sign in with your account and pick a workspace to begin.',
        trail: [version('v2', true), group('Installation')],
      }),
      section({ pagePath: 'v2/billing', pageTitle: 'Billing', body: 'Invoices are sent monthly.', trail: [version('v2', true), group('Account')] }),
    ]);
    const ranked = index.rank(terms('setup'), { limit: 5 }).map((entry) => entry.page.path);
    expect(ranked).toEqual(['v2/setup']);
  });

  it('never joins two pages of one version, however alike', async () => {
    const index = await SectionIndex.build([
      section({ pagePath: 'a', pageTitle: 'Retries', body: RETRIES, trail: [version('v2.0', true)] }),
      section({ pagePath: 'b', pageTitle: 'Retries again', body: RETRIES, trail: [version('v2.0', true)] }),
      section({ pagePath: 'v1/a', pageTitle: 'Retries', body: RETRIES, trail: [version('v1.0', false)] }),
    ]);
    const ranked = index.rank(terms('failed job retried'), { limit: 5 }).map((entry) => entry.page.path);
    expect(ranked.sort()).toEqual(['a', 'b']);
  });

  it('from a deployment: the version and its default come from the navigation (default: true on the second version), not from folders', async () => {
    const root = tempDir('search-copies');
    const versions = [
      { version: '3.0', pages: ['next/guides/retries', 'next/guides/queues'] },
      { version: '2.0', default: true, pages: ['guides/retries', 'guides/queues'] },
      { version: '1.0', pages: ['old/retry-policy', 'old/timeouts'] },
    ];
    const docs = {
      theme: 'mint',
      name: 'Test docs',
      colors: { primary: '#0D9373' },
      navigation: { versions: versions.map(({ pages, ...rest }) => ({ ...rest, groups: [{ group: 'Guides', pages }] })) },
    };
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs));
    const text: Record<string, [string, string]> = {
      retries: ['Retrying failed jobs', RETRIES],
      'retry-policy': ['Retry policy', RETRIES.replace('ten minutes', 'five minutes')],
      queues: ['Queues', 'Jobs wait in a queue until a worker is free.'],
      timeouts: ['Timeouts', 'A job running longer than its timeout is stopped.'],
    };
    for (const page of versions.flatMap((entry) => entry.pages)) {
      mkdirSync(path.dirname(path.join(root, page)), { recursive: true });
      const [title, body] = text[path.basename(page)];
      writeFileSync(path.join(root, `${page}.mdx`), `---\ntitle: ${title}\n---\n\n${body}\n`);
    }
    const { sections, problems } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(sections.find((row) => row.pagePath === 'guides/retries')!.trail).toEqual([version('2.0', true), group('Guides')]);
    expect(sections.find((row) => row.pagePath === 'next/guides/retries')!.trail).toEqual([version('3.0', false), group('Guides')]);
    const index = await SectionIndex.build(sections);
    const query = terms('how many times is a failed job retried, and how long does each attempt wait?');
    const retryPages = new Set(['next/guides/retries', 'guides/retries', 'old/retry-policy']);
    const plain = index.rank(query, { limit: 5 }).map((entry) => entry.page.path);
    expect(plain.filter((page) => retryPages.has(page))).toEqual(['guides/retries']);
    expect(plain[0]).toBe('guides/retries');
    expect(index.rank(query, { limit: 5, version: '1.0' })[0].page.path).toBe('old/retry-policy');
  });

  it('joins the translations of a page in each version: one copy for an English question, not one per language', async () => {
    const language = (label: string, isDefault: boolean) => ({ kind: 'language', label, default: isDefault });
    // Languages around versions (firecrawl's layout): each translation keeps the path less its
    // language segment, but not the title, and its text shares no shingle with the English page.
    const rows = [
      ['en', 'v2', 'features/parse', 'Document parsing', 'Parse PDF, Word and Excel files into markdown with the parse endpoint.'],
      ['es', 'v2', 'es/features/parse', 'Análisis de documentos', 'Convierte archivos PDF, Word y Excel en markdown con el endpoint parse.'],
      ['fr', 'v2', 'fr/features/parse', 'Analyse de documents', 'Convertissez des fichiers PDF, Word et Excel en markdown avec le endpoint parse.'],
      ['en', 'v1', 'v1/features/parse', 'Document parsing', 'Parse PDF files into markdown (Word and Excel in v2).'],
      ['es', 'v1', 'es/v1/features/parse', 'Análisis de documentos', 'Convierte archivos PDF en markdown (Word y Excel en v2).'],
      ['en', 'v2', 'features/map', 'Map', 'List every URL of a site without its content.'],
    ].map(([lang, ver, pagePath, pageTitle, body]) =>
      section({ pagePath, pageTitle, body, trail: [language(lang, lang === 'en'), version(ver, ver === 'v2')] }),
    );
    const index = await SectionIndex.build(rows);
    const parse = (options: { language?: string; version?: string; preferLanguage?: string } = {}) =>
      index
        .rank(terms('can it parse excel and word files into markdown?'), { limit: 5, ...options })
        .map((entry) => entry.page.path)
        .filter((page) => page.includes('parse'));
    expect(parse()).toEqual(['features/parse']);
    expect(parse({ language: 'es' })).toEqual(['es/features/parse']);
    expect(parse({ preferLanguage: 'fr' })).toEqual(['fr/features/parse']);
    expect(parse({ version: 'v1' })).toEqual(['v1/features/parse']);
    // Two pages of one version and language stay two.
    expect(index.rank(terms('markdown or every URL'), { limit: 10 }).map((entry) => entry.page.path)).toEqual(['features/map', 'features/parse']);
  });

  it('reads the version a question names', () => {
    const versions = ['Edge', 'v1.15.17', 'v1.11.0', 'v1.10.0', '0.21.x'];
    expect(namedVersion('On crewai 1.10.0, can `crewai create` scaffold a tool?', versions)).toBe('v1.10.0');
    expect(namedVersion('In 1.11, how do I hand off work?', versions)).toBe('v1.11.0');
    expect(namedVersion('does this work in v1.10?', versions)).toBe('v1.10.0');
    expect(namedVersion('on 0.21 what changed', versions)).toBe('0.21.x');
    expect(namedVersion('how do I run 3 agents at once?', versions)).toBeUndefined();
    expect(namedVersion('python 3.12 support', versions)).toBeUndefined();
    expect(namedVersion('the 2025-06-18 spec', ['2025-06-18', 'draft'])).toBe('2025-06-18');
  });
});
