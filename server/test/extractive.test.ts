/** The answer without a model: quoted sentences with their citation, a hedge when the match is weak. */
import { describe, expect, it } from 'vitest';
import { extractiveAnswer, NO_MODEL_LINE, NOT_DIRECT_LINE, NOT_FOUND_LINE, sentences } from '../src/assistant/extractive.js';
import { pageText } from '../src/page-text.js';
import { pageUrl, retrieve, type Retrieval } from '../src/search.js';
import { analyzerFor } from '../src/search/language.js';
import { SectionIndex } from '../src/search/section-index.js';
import { section } from './sections.js';

const SITE = [
  section({ pagePath: 'keys', pageTitle: 'Keys', body: 'Keys belong to a project. Keys never expire.' }),
  section({
    pagePath: 'keys',
    pageTitle: 'Keys',
    heading: 'Rotate a key',
    anchor: 'rotate-a-key',
    body: 'To rotate a key, create a new key first.\nThen delete the old one within 24 hours.\nUnrelated closing words here.',
  }),
  section({ pagePath: 'api/create-key', pageKind: 'endpoint', pageTitle: 'Create a key', body: 'POST /keys\n\nCreate a key' }),
  section({ pagePath: 'billing', pageTitle: 'Billing', body: 'Invoices arrive monthly.' }),
];

async function answerTo(question: string, site = SITE): Promise<{ retrieval: Retrieval; lines: string[]; cited: number[] }> {
  const index = await SectionIndex.build(site);
  const retrieval = await retrieve({ get: () => Promise.resolve(index) } as never, 'd', [{ role: 'user', content: question }], { limit: 5 });
  return { retrieval, ...extractiveAnswer(retrieval) };
}

describe('extractive answer', () => {
  it('quotes the best section of the first page with the sentence after the match, each source cited, and says no model is configured', async () => {
    const { lines, cited, retrieval } = await answerTo('How do I rotate a key?');
    expect(retrieval.passages.map((passage) => passage.url)).toEqual(['/keys#rotate-a-key', '/api/create-key']);
    expect(lines[0]).toBe(
      '**Keys**: Keys belong to a project. Keys never expire. … To rotate a key, create a new key first. Then delete the old one within 24 hours. Unrelated closing words here. [1]',
    );
    expect(lines[1]).toBe('**Create a key**: POST /keys Create a key [2]');
    expect(lines.at(-1)).toBe(NO_MODEL_LINE);
    expect(cited).toEqual([1, 2]);
  });

  it('says when nothing was found, and hedges when the best page lacks the question’s most specific word', async () => {
    expect((await answerTo('zzzz qqqq')).lines).toEqual([NOT_FOUND_LINE, NO_MODEL_LINE]);
    // "invoices" is on one page of the site, but the best match for the question is not it.
    const weak = await answerTo('Do invoices for rotated keys in the dashboard expire?');
    expect(weak.retrieval.answerable).toBe(weak.lines[0] !== NOT_DIRECT_LINE);
  });

  it('splits sentences at line breaks and sentence ends, joining wrapped lines', () => {
    expect(sentences('One two three. Four five six!\nSeven')).toEqual(['One two three.', 'Four five six!', 'Seven']);
    expect(sentences('Defaults to\nthe first value.\nNext line')).toEqual(['Defaults to the first value.', 'Next line']);
  });

  it('keeps a table row whole: its cells apart, not glued to the header row, not split at a cell’s sentence end', () => {
    expect(pageText('| Parameter | Default | Notes |\n|---|---|---|\n| limit | 100 | Items per page. Maximum 1000. |').sections[0].body).toBe(
      'Parameter | Default | Notes\n\nlimit | 100 | Items per page. Maximum 1000.',
    );
    expect(sentences('Parameter | Default | Notes\nlimit | 100 | Items per page. Maximum 1000.\ncursor | none | Where to start.')).toEqual([
      'Parameter | Default | Notes',
      'limit | 100 | Items per page. Maximum 1000.',
      'cursor | none | Where to start.',
    ]);
  });

  it('keeps each code line its own unit, never joined as if it were wrapped prose (a tiny one, `})`, is dropped)', () => {
    expect(sentences('await client.charge({\nidempotency_key: "order-123",\namount: 100,\n})')).toEqual([
      'await client.charge({',
      'idempotency_key: "order-123",',
      'amount: 100,',
    ]);
  });

  it('keeps a definition whole: the name with what it is, its limit included; wrapped prose is still joined', () => {
    expect(sentences('pageSize Number of results to return. Must be between 1 and 50.\ncursor Where to start.')).toEqual([
      'pageSize Number of results to return. Must be between 1 and 50.',
      'cursor Where to start.',
    ]);
    // Even when its next line starts like a definition.
    expect(sentences('Send the header on\nthe Basic scheme. Then retry.')).toEqual(['Send the header on the Basic scheme.', 'Then retry.']);
  });

  it('quotes the code line, the table row and the definition that hold the question’s key words', async () => {
    const intro =
      'Payments are charged when the order ships. Refunds go back to the card. Each charge has a receipt. Receipts are emailed. Disputes take a week.';
    const site = [
      section({ pagePath: 'charges', pageTitle: 'Charges', body: intro }),
      section({
        pagePath: 'charges',
        pageTitle: 'Charges',
        heading: 'Create a charge',
        anchor: 'create-a-charge',
        body: `${intro}\nawait client.charges.create({\namount: 100,\nidempotency_key: "order-123",\n})`,
      }),
      section({ pagePath: 'auth', pageTitle: 'Authentication', body: 'Every request is authenticated. Keys are secret.' }),
      section({
        pagePath: 'auth',
        pageTitle: 'Authentication',
        heading: 'Headers',
        anchor: 'headers',
        body: 'Scheme | Header | Use\nBearer | Authorization: Bearer <key> | Server keys. Most requests.\nBasic | Authorization: Basic <base64> | Legacy dashboard tokens. Deprecated.',
      }),
      section({
        pagePath: 'search',
        pageTitle: 'Search',
        heading: 'Body',
        anchor: 'body',
        body: 'query The text to search for. Searches titles and bodies.\npageSize Number of results to return. Must be between 1 and 50.',
      }),
    ];
    const code = await answerTo('How do I pass an idempotency key when I create a charge?', site);
    expect(code.lines[0]).toContain('idempotency_key: "order-123",');
    const row = await answerTo('Which header do legacy dashboard tokens use?', site);
    expect(row.lines[0]).toContain('Basic | Authorization: Basic <base64> | Legacy dashboard tokens. Deprecated.');
    expect(row.lines[0]).not.toContain('Every request is authenticated');
    const definition = await answerTo('What is the largest pageSize for search?', site);
    expect(definition.lines[0]).toContain('pageSize Number of results to return. Must be between 1 and 50.');
  });

  it('flags the answer when no unit holds enough of the question’s key words, even on a page retrieval judged answerable', () => {
    const passage = {
      pagePath: 'keys',
      pageKind: 'page' as const,
      pageTitle: 'Keys',
      pageDescription: '',
      heading: null,
      anchor: null,
      body: 'Keys belong to a project. Rotate keys yearly.',
      url: '/keys',
      title: 'Keys',
      score: 1,
      coverage: 1,
    };
    const idf: Record<string, number> = { key: 1, terraform: 5, provid: 5, import: 4 };
    const retrieval = (question: string, words: string[]) => ({
      passages: [passage],
      terms: words.map((term) => ({ term, weight: 1 })),
      analyzer: analyzerFor('en'),
      answerable: true,
      idf: (term: string) => idf[term] ?? 0,
      sectionsOf: () => [],
      question,
    });
    // Only "keys" is on the page: a sixteenth of the question's key words, by idf.
    expect(extractiveAnswer(retrieval('Can a Terraform provider import keys?', ['terraform', 'provid', 'import', 'key'])).lines[0]).toBe(NOT_DIRECT_LINE);
    expect(extractiveAnswer(retrieval('How do I rotate keys?', ['rotat', 'key'])).lines[0]).toMatch(/^\*\*Keys\*\*: /);
  });

  it('maps page paths to site URLs', () => {
    expect(pageUrl('index')).toBe('/');
    expect(pageUrl('api/index')).toBe('/api');
    expect(pageUrl('quickstart')).toBe('/quickstart');
  });
});
