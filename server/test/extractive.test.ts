import { describe, expect, it } from 'vitest';
import { extractiveAnswer, NO_MODEL_LINE, sentences } from '../src/assistant/extractive.js';
import type { Passage } from '../src/search.js';
import { pageUrl, questionOf } from '../src/search.js';

const passage = (over: Partial<Passage>): Passage => ({
  pagePath: 'p',
  pageKind: 'page',
  pageTitle: 'Page',
  pageDescription: '',
  heading: null,
  anchor: null,
  body: '',
  rank: 1,
  url: '/p',
  title: 'Page',
  ...over,
});

describe('extractive answer', () => {
  it('quotes the sentences sharing the most words with the question, each cited, and says no model is configured', () => {
    const { lines, cited } = extractiveAnswer('How do I rotate an API key?', [
      passage({ title: 'Keys', body: 'Keys belong to a project. To rotate a key, create a new key and delete the old one. Keys never expire.' }),
      passage({ title: 'Endpoint', pageKind: 'endpoint', body: 'POST /keys\n\nCreate a key' }),
    ]);
    expect(lines[0]).toBe('**Keys**: To rotate a key, create a new key and delete the old one. [1]');
    expect(lines[1]).toBe('**Endpoint**: POST /keys — Create a key [2]');
    expect(lines.at(-1)).toBe(NO_MODEL_LINE);
    expect(cited).toEqual([1, 2]);
  });

  it('says when nothing was found', () => {
    expect(extractiveAnswer('anything', []).lines[0]).toMatch(/could not find/);
  });

  it('splits sentences at line breaks and sentence ends', () => {
    expect(sentences('One two three. Four five six!\nSeven')).toEqual(['One two three.', 'Four five six!', 'Seven']);
  });
});

describe('the question and URLs', () => {
  it('uses the last user message, plus the previous one for a short follow-up', () => {
    const user = (content: string) => ({ role: 'user', content });
    expect(questionOf([user('How do I deploy?')])).toBe('How do I deploy?');
    expect(questionOf([user('How do I deploy?'), { role: 'assistant', content: 'Like so.' }, user('and roll back?')])).toBe('How do I deploy?\nand roll back?');
    expect(questionOf([user('How do I deploy?'), user('What limits apply to the assistant endpoint per month?')])).toBe(
      'What limits apply to the assistant endpoint per month?',
    );
    expect(questionOf([{ role: 'user', parts: [{ type: 'text', text: 'from parts' }] }])).toBe('from parts');
  });

  it('maps page paths to site URLs', () => {
    expect(pageUrl('index')).toBe('/');
    expect(pageUrl('api/index')).toBe('/api');
    expect(pageUrl('quickstart')).toBe('/quickstart');
  });
});
