/**
 * With a model configured, the model bridges the words (issue 53): the question rewritten into the
 * documentation's vocabulary (src/assistant/rewrite.ts), each query ranked and fused with the
 * question's own ranking (src/search/fusion.ts, src/search/retrieve.ts), bounded in time. The model
 * is a fake OpenAI-compatible server (assistant-helpers.ts) answering scripted rewrites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queriesOf, REWRITE_INSTRUCTIONS, rewriteQuestion } from '../src/assistant/rewrite.js';
import { fuseRankings } from '../src/search/fusion.js';
import { retrieve, type QuestionRewriter } from '../src/search/retrieve.js';
import type { RankedPage } from '../src/search/rank.js';
import { SectionIndex } from '../src/search/section-index.js';
import { contentText, fakeModel } from './assistant-helpers.js';
import { section } from './sections.js';

const SITE = [
  section({ pagePath: 'sessions', pageTitle: 'Sessions', body: 'A session expires after 12 hours. Set the session duration in Settings.' }),
  section({ pagePath: 'users', pageTitle: 'Users', body: 'Users keep their profile. Users can log out after a day of work.' }),
  section({ pagePath: 'billing', pageTitle: 'Billing', body: 'Invoices are monthly.' }),
];
const READER = 'users keep getting kicked out after half a day';

async function ask(rewrite?: QuestionRewriter, rewriteDeadlineMs?: number) {
  const index = await SectionIndex.build(SITE);
  return retrieve({ get: () => Promise.resolve(index) } as never, 'd', [{ role: 'user', content: READER }], { limit: 3, rewrite, rewriteDeadlineMs });
}
const pages = (retrieval: Awaited<ReturnType<typeof ask>>) => retrieval.passages.map((passage) => passage.pagePath);

describe('queriesOf: the model reply read as queries', () => {
  it.each([
    { reply: 'session duration\nsession expiry', queries: ['session duration', 'session expiry'] },
    { reply: '1. session duration\n2) "idle timeout"\n- `cookie`\n• logout', queries: ['session duration', 'idle timeout', 'cookie'] },
    { reply: '\n\nsession duration\nsession duration\n', queries: ['session duration'] },
    { reply: '', queries: [] },
    { reply: 'x'.repeat(500), queries: ['x'.repeat(200)] },
  ])('$reply', ({ reply, queries }) => {
    expect(queriesOf(reply)).toEqual(queries);
  });
});

describe('fuseRankings: reciprocal rank fusion', () => {
  const ranked = (...paths: string[]): RankedPage[] =>
    paths.map((path, rank) => ({ page: { path } as RankedPage['page'], section: rank, score: 10 - rank, coverage: path === 'a' ? 0.9 : 0.1 }));
  it.each([
    { name: 'one ranking keeps its order', lists: [ranked('a', 'b', 'c')], order: ['a', 'b', 'c'] },
    { name: 'a page two rankings find comes first', lists: [ranked('a', 'b', 'c'), ranked('c', 'd')], order: ['c', 'a', 'b', 'd'] },
    { name: 'ties keep the question’s own order first', lists: [ranked('a', 'b'), ranked('d', 'e')], order: ['a', 'd', 'b', 'e'] },
  ])('$name', ({ lists, order }) => {
    expect(fuseRankings(lists, 10).map((entry) => entry.page.path)).toEqual(order);
  });
  it('keeps the entry of the first ranking that has a page (the question’s own section and coverage)', () => {
    const [first] = fuseRankings([ranked('x', 'a'), ranked('a')], 1);
    expect(first).toMatchObject({ page: { path: 'a' }, section: 1, coverage: 0.9 });
  });
});

describe('retrieval with a rewriter', () => {
  it('finds the page the reader’s words miss when the rewritten queries name it, fused with the question’s own ranking', async () => {
    const alone = await ask();
    expect(pages(alone)[0]).toBe('users');
    expect(alone.rewritten).toEqual([]);
    const asked: string[] = [];
    const bridged = await ask((question) => {
      asked.push(question.text);
      return Promise.resolve(['session duration', 'session expiry']);
    });
    expect(asked).toEqual([READER]);
    expect(bridged.rewritten).toEqual(['session duration', 'session expiry']);
    expect(pages(bridged)).toEqual(['sessions', 'users']);
  });

  const failing: QuestionRewriter = () => Promise.reject(new Error('HTTP 500'));
  const empty: QuestionRewriter = () => Promise.resolve([]);
  it.each([
    { name: 'a rewriter that fails', rewrite: failing },
    { name: 'a rewriter that returns nothing', rewrite: empty },
  ])('$name leaves the question’s own ranking', async ({ rewrite }) => {
    expect(pages(await ask(rewrite))).toEqual(pages(await ask()));
  });

  it('ranks the rewritten queries under the question’s filter: a version asked for gives only its pages', async () => {
    const v1 = { kind: 'version', label: 'v1', default: false };
    const v2 = { kind: 'version', label: 'v2', default: true };
    const site = [
      section({ pagePath: 'v1/sessions', pageTitle: 'Sessions', body: 'A session expires after 8 hours. Set the session duration in Settings.', trail: [v1] }),
      section({ pagePath: 'v1/users', pageTitle: 'Users', body: 'Users keep their profile. Users can log out after a day of work.', trail: [v1] }),
      section({ pagePath: 'sessions', pageTitle: 'Sessions', body: 'A session expires after 12 hours. Set the session duration in Settings.', trail: [v2] }),
      section({ pagePath: 'users', pageTitle: 'Users', body: 'Users keep their profile. Users can log out after a day of work.', trail: [v2] }),
    ];
    const index = await SectionIndex.build(site);
    const retrieval = await retrieve({ get: () => Promise.resolve(index) } as never, 'd', [{ role: 'user', content: READER }], {
      limit: 3,
      filter: { version: 'v1' },
      rewrite: () => Promise.resolve(['session duration', 'session expiry']),
    });
    expect(retrieval.rewritten).toEqual(['session duration', 'session expiry']);
    expect(pages(retrieval)).toEqual(['v1/sessions', 'v1/users']);
  });

  it('does not wait past the deadline for a rewriter that never answers, and aborts it', async () => {
    let aborted = false;
    const started = performance.now();
    const late = await ask(
      (_question, signal) =>
        new Promise<string[]>(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
      50,
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expect(aborted).toBe(true);
    expect(late.rewritten).toEqual([]);
    expect(pages(late)).toEqual(pages(await ask()));
  });
});

describe('rewriteQuestion: what the model is sent, and what comes back', () => {
  let model: Awaited<ReturnType<typeof fakeModel>>;
  beforeAll(async () => {
    model = await fakeModel();
  });
  afterAll(async () => {
    await model.close();
  });

  it('sends the question (and the thread, newest first) as a user message, the instructions as the system prompt, without streaming', async () => {
    model.rewrites.set('kicked out', '1. session duration\n2. session expiry');
    const queries = await rewriteQuestion(
      { baseUrl: `${model.baseUrl}/`, model: 'good', apiKey: 'sk-model' },
      { text: 'and they get kicked out', earlier: ['what is a session?', 'how do users sign in?'], cited: [], followUp: true },
      AbortSignal.timeout(5000),
    );
    expect(queries).toEqual(['session duration', 'session expiry']);
    const request = model.requests.at(-1)!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-model');
    expect(request.stream).not.toBe(true);
    expect(request.messages[0]).toEqual({ role: 'system', content: REWRITE_INSTRUCTIONS });
    expect(contentText(request.messages.at(-1)!.content)).toBe(
      'Earlier questions of the conversation, newest first:\n- what is a session?\n- how do users sign in?\n\nQuestion:\nand they get kicked out',
    );
  });

  it('rejects when the model fails, and is cancelled by its signal', async () => {
    const question = { text: 'anything', earlier: [], cited: [], followUp: false };
    await expect(rewriteQuestion({ baseUrl: model.baseUrl, model: 'fail' }, question, AbortSignal.timeout(5000))).rejects.toThrow();
    await expect(rewriteQuestion({ baseUrl: model.baseUrl, model: 'hang' }, question, AbortSignal.timeout(100))).rejects.toThrow();
  });
});
