/**
 * A deployment's sections embedded (issue 69): in batches, within a time budget, resumed where the
 * last pass stopped, copied from the project's earlier deployments where a section's text and the
 * model are unchanged, and read from the endpoint within the chat model's bounds. Against the
 * scripted OpenAI-compatible server (eval/hashed-embeddings.mjs, deterministic hashed word
 * vectors) on 127.0.0.1, through the real AI SDK client, stored in PGlite.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelResponseError } from '../src/assistant/model-fetch.js';
import { Embedder, embeddingText, embedSections, EmbeddingsShapeError, textHash } from '../src/search/embeddings.js';
import { retrieve, SearchIndexes } from '../src/search/retrieve.js';
import { insertDeployment, insertPageSections } from '../src/store/deployments.js';
import { insertProject } from '../src/store/projects.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
// @ts-expect-error: a plain ES module of the eval, without types
import { startHashedEmbeddings } from '../eval/hashed-embeddings.mjs';
import { tempDir } from './helpers.js';
import { section } from './sections.js';
import { hangGuard } from '../../test/time-scale.mjs';

interface Scripted {
  baseUrl: string;
  behaviour: { mode: string; redirectTo: string; delayMs: number; floodBytes: number; failAfterInputs: number };
  requests: Array<{ path: string; model: string; inputs: number }>;
  embedded: number;
  close: () => Promise<void>;
}

/** `count` sections over pages of three sections each; `changed` positions get other text. */
const sectionsOf = (count: number, changed: ReadonlySet<number> = new Set()) =>
  Array.from({ length: count }, (_, i) =>
    section({
      pagePath: `page-${Math.floor(i / 3)}`,
      pageTitle: `Page ${Math.floor(i / 3)}`,
      heading: `Part ${i}`,
      anchor: `part-${i}`,
      body: changed.has(i) ? `Rewritten text ${i} about rotating credentials.` : `Text of part ${i}: the quick brown fox ${i % 7} jumps.`,
    }),
  );

let store: Store;
let endpoint: Scripted;
let deployments = 0;
const inputs = () => endpoint.requests.map((request) => request.inputs);

/** A new deployment of `project` holding `sections`. */
async function deployment(project: string, sections: ReturnType<typeof sectionsOf>): Promise<string> {
  const id = `d${++deployments}`;
  await insertDeployment(store, { id, projectId: project, ref: 'main', source: 'api' });
  await insertPageSections(store, id, sections);
  return id;
}

const embedder = (model = 'hashed') => new Embedder({ baseUrl: endpoint.baseUrl, model });

beforeAll(async () => {
  store = await openStore({ data: path.join(tempDir('embeddings-pass'), 'data') });
  for (const id of ['acme', 'other']) await insertProject(store, { id, repo: '/tmp', branch: 'main', docsDir: '.', domain: id });
  endpoint = (await startHashedEmbeddings({ dimensions: 64, synonyms: [['rotate', 'renew', 'rotating']] })) as Scripted;
}, hangGuard(120_000));
afterAll(async () => {
  await endpoint?.close();
  await store?.close();
});

const reset = () => {
  endpoint.requests.length = 0;
  Object.assign(endpoint.behaviour, { mode: 'ok', redirectTo: '', delayMs: 0, failAfterInputs: Infinity });
};

describe('a pass over a deployment', () => {
  it('embeds in batches of 64, stores each vector with its model and the hash of its text', async () => {
    reset();
    const sections = sectionsOf(150);
    const id = await deployment('acme', sections);
    const { pass } = await embedSections(store, embedder(), id, sections);
    expect(pass).toEqual({ stored: 0, reused: 0, embedded: 150, missing: 0, damaged: 0 });
    expect(inputs()).toEqual([64, 64, 22]);
    const rows = await store.query<{ position: number; model: string; text_hash: string; bytes: number }>(
      'SELECT position, model, text_hash, length(vector) AS bytes FROM section_embeddings WHERE deployment_id = $1 ORDER BY position',
      [id],
    );
    expect(rows).toHaveLength(150);
    expect(rows.every((row, i) => row.model === 'hashed' && row.text_hash === textHash(embeddingText(sections[i])) && Number(row.bytes) === 64 * 4)).toBe(true);
  });

  it('a pass the endpoint stops keeps what it stored; the next one embeds only the rest (a restart continues)', async () => {
    reset();
    const sections = sectionsOf(150);
    const id = await deployment('other', sections);
    endpoint.behaviour.failAfterInputs = endpoint.embedded + 100;
    await expect(embedSections(store, embedder(), id, sections)).rejects.toThrow(/the model is not loaded/);
    expect(inputs()).toEqual([64, 64, 64]);
    const [{ count }] = await store.query<{ count: number }>('SELECT count(*)::int AS count FROM section_embeddings WHERE deployment_id = $1', [id]);
    expect(count).toBe(64);
    reset();
    const { pass } = await embedSections(store, embedder(), id, sections);
    expect(pass).toEqual({ stored: 64, reused: 0, embedded: 86, missing: 0, damaged: 0 });
    expect(inputs()).toEqual([64, 22]);
  });

  it("a new deployment takes the vectors of its project's earlier one where the text is unchanged; another model, or another project, embeds anew", async () => {
    reset();
    // Texts of this test only (the project's other deployments hold the plain ones).
    const tagged = (rows: ReturnType<typeof sectionsOf>) => rows.map((row) => ({ ...row, body: `${row.body} (reuse)` }));
    const first = tagged(sectionsOf(90));
    const before = await deployment('acme', first);
    await embedSections(store, embedder(), before, first);
    reset();
    // Sections 4 and 50 rewritten, and 6 more at the end.
    const next = tagged(sectionsOf(96, new Set([4, 50])));
    const after = await deployment('acme', next);
    const { pass } = await embedSections(store, embedder(), after, next);
    expect(pass).toEqual({ stored: 0, reused: 88, embedded: 8, missing: 0, damaged: 0 });
    expect(inputs()).toEqual([8]);
    // The copies are this deployment's own rows: the earlier deployment can go.
    const [{ count }] = await store.query<{ count: number }>('SELECT count(*)::int AS count FROM section_embeddings WHERE deployment_id = $1', [after]);
    expect(count).toBe(96);

    reset();
    const { pass: otherModel } = await embedSections(store, embedder('hashed-v2'), after, next);
    expect(otherModel).toMatchObject({ stored: 0, reused: 0, embedded: 96 });
    reset();
    const elsewhere = await deployment('other', first);
    const { pass: otherProject } = await embedSections(store, embedder(), elsewhere, first);
    expect(otherProject).toMatchObject({ reused: 0, embedded: 90 });
  });

  it('stops after the batch that spends its budget; what it left, a later pass embeds', async () => {
    reset();
    const sections = sectionsOf(200);
    const id = await deployment(
      'acme',
      sections.map((row) => ({ ...row, body: `${row.body} (budget)` })),
    );
    const stored = sections.map((row) => ({ ...row, body: `${row.body} (budget)` }));
    Object.assign(endpoint.behaviour, { mode: 'slow', delayMs: 50 });
    // Each batch takes 50 ms or more: a budget of 1 ms lets at most the first through.
    const { pass } = await embedSections(store, embedder(), id, stored, { budgetMs: 1 });
    expect(pass.embedded).toBeLessThanOrEqual(64);
    expect(pass.missing).toBe(200 - pass.embedded);
    reset();
    const { pass: rest } = await embedSections(store, embedder(), id, stored);
    expect(rest).toMatchObject({ stored: pass.embedded, embedded: pass.missing, missing: 0 });
  });

  it('a stopping worker (its signal) ends the pass between batches', async () => {
    reset();
    const sections = sectionsOf(130).map((row) => ({ ...row, body: `${row.body} (signal)` }));
    const id = await deployment('acme', sections);
    const controller = new AbortController();
    controller.abort();
    const { pass } = await embedSections(store, embedder(), id, sections, { signal: controller.signal });
    expect(pass).toMatchObject({ embedded: 0, missing: 130 });
    expect(inputs()).toEqual([]);
  });
});

describe('the endpoint is read within the chat model’s bounds', () => {
  /** Another port: where a redirect points; it counts what reaches it. */
  let elsewhere: Server;
  const reached: string[] = [];
  beforeAll(async () => {
    elsewhere = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => (raw += chunk));
      request.on('end', () => {
        reached.push(raw);
        response.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    elsewhere.closeAllConnections();
    await new Promise((resolve) => elsewhere.close(resolve));
  });

  const problems: string[] = [];
  const bounded = () => new Embedder({ baseUrl: endpoint.baseUrl, model: 'hashed' }, (message) => problems.push(message));

  it('a body that is not JSON is refused with its kind, its words only in the log', async () => {
    reset();
    problems.length = 0;
    endpoint.behaviour.mode = 'html';
    const error = await bounded()
      .embed(['a'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelResponseError);
    expect((error as Error).message).toBe('the embeddings endpoint answered HTTP 200 with text/html, not JSON; nothing was read of it');
    expect(problems).toEqual(['the embeddings endpoint answered with a body that is not JSON']);
  });

  it('a redirect to another host is not followed: nothing reaches it', async () => {
    reset();
    reached.length = 0;
    Object.assign(endpoint.behaviour, { mode: 'redirect', redirectTo: `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/v1/embeddings` });
    await expect(bounded().embed(['a secret page text'])).rejects.toThrow(/^the embeddings endpoint redirected to another host \(http:\/\/127\.0\.0\.1:\d+\)/);
    expect(reached).toEqual([]);
  });

  // The origin is scheme, host and port: each alone differing is another origin. Another scheme on
  // the same host and port is the redirect that matters most (https to http sends the key and the
  // texts in cleartext); here the endpoint is http and the redirect asks for https on its own port.
  it.each([
    ['another scheme, same host and port', (own: URL) => `https://${own.host}/v1/embeddings`, /\(https:\/\/127\.0\.0\.1:\d+\)/],
    ['another host name, same port', (own: URL) => `http://localhost:${own.port}/v1/embeddings`, /\(http:\/\/localhost:\d+\)/],
  ])('a redirect to %s is not followed', async (_, target, origin) => {
    reset();
    problems.length = 0;
    const own = new URL(endpoint.baseUrl);
    Object.assign(endpoint.behaviour, { mode: 'redirect', redirectTo: target(own) });
    const error = await bounded()
      .embed(['a secret page text'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelResponseError);
    expect((error as Error).message).toMatch(/^the embeddings endpoint redirected to another host /);
    expect((error as Error).message).toMatch(origin);
    expect(problems).toContain('the embeddings endpoint redirected the request elsewhere: not followed');
  });

  it('an answer past 16 MB is stopped', async () => {
    reset();
    Object.assign(endpoint.behaviour, { mode: 'flood', floodBytes: 64 * 2 ** 20 });
    await expect(bounded().embed(['a'])).rejects.toThrow(/the embeddings endpoint sent more than 16384 KB in one response; it was stopped/);
  });

  it('an answer of the wrong shape (a vector missing, a value not a number) is refused', async () => {
    reset();
    endpoint.behaviour.mode = 'short';
    await expect(bounded().embed(['a', 'b'])).rejects.toThrow(new EmbeddingsShapeError('the embeddings endpoint answered 1 vectors for 2 texts'));
    endpoint.behaviour.mode = 'nan';
    await expect(bounded().embed(['a', 'b'])).rejects.toThrow();
  });

  it(
    'a question the endpoint does not embed in time is answered lexically, and said once',
    async () => {
      reset();
      const sections = [
        section({ pagePath: 'keys', pageTitle: 'API keys', body: 'Rotate a key from the dashboard.' }),
        section({ pagePath: 'teams', pageTitle: 'Teams', body: 'Invite people to your team.' }),
      ];
      const id = await deployment('acme', sections);
      const indexes = new SearchIndexes(store, undefined, embedder());
      const fallbacks: string[] = [];
      indexes.onFallback = (what) => fallbacks.push(what);
      await indexes.get(id);
      expect((await indexes.denseReady(id))?.count).toBe(2);
      // Vectors by meaning: "renew" is "rotate" to this endpoint, a word no page holds.
      const ask = async () => (await retrieve(indexes, id, [{ role: 'user', content: 'renew them' }], { limit: 2 })).passages.map((p) => p.url);
      expect(await ask()).toEqual(['/keys', '/teams']);
      Object.assign(endpoint.behaviour, { mode: 'slow', delayMs: 5000 });
      expect(await ask()).toEqual([]);
      expect(fallbacks).toEqual(['question embedding']);
    },
    hangGuard(30_000),
  );
});
