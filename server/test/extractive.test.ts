/** The answer without a model: quoted sentences with their citation, a hedge when the match is weak. */
import { describe, expect, it } from 'vitest';
import { extractiveAnswer, NO_MODEL_LINE, NOT_DIRECT_LINE, NOT_FOUND_LINE, sentences } from '../src/assistant/extractive.js';
import { pageUrl, retrieve, type Retrieval } from '../src/search.js';
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

async function answerTo(question: string): Promise<{ retrieval: Retrieval; lines: string[]; cited: number[] }> {
  const index = await SectionIndex.build(SITE);
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

  it('maps page paths to site URLs', () => {
    expect(pageUrl('index')).toBe('/');
    expect(pageUrl('api/index')).toBe('/api');
    expect(pageUrl('quickstart')).toBe('/quickstart');
  });
});
