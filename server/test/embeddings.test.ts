/**
 * Dense retrieval with an OpenAI-compatible embeddings endpoint: a real HTTP server on
 * 127.0.0.1 speaking the embeddings API (its vectors are bags of concepts, so that "car" and
 * "automobile" are near), the real AI SDK client, the vectors stored in PGlite and reused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Embedder, retrieve, SearchIndexes } from '../src/search/retrieve.js';
import { denseRefusal, MAX_DENSE_SECTIONS } from '../src/search/embeddings.js';
import { insertDeployment, insertPageSections } from '../src/store/deployments.js';
import { insertProject } from '../src/store/projects.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from './helpers.js';
import { section } from './sections.js';
import { hangGuard } from '../../test/time-scale.mjs';

const CONCEPTS: Record<string, number> = {
  car: 0,
  automobile: 0,
  automobiles: 0,
  vehicle: 0,
  coverage: 1,
  insurance: 1,
  policy: 1,
  policies: 1,
  bake: 2,
  bread: 2,
  oven: 2,
};
const DIMENSIONS = 24;

/** A bag of concepts: known words by meaning, others hashed into the remaining dimensions. */
function embedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const concept = CONCEPTS[word];
    if (concept !== undefined) vector[concept] += 1;
    else vector[3 + ([...word].reduce((sum, c) => sum + c.charCodeAt(0), 0) % (DIMENSIONS - 3))] += 0.2;
  }
  return vector;
}

interface FakeEndpoint {
  url: string;
  inputs: number;
  failing: boolean;
  close: () => Promise<void>;
}

async function embeddingsEndpoint(): Promise<FakeEndpoint> {
  const state = { inputs: 0, failing: false };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url !== '/v1/embeddings' || state.failing) {
        response.writeHead(state.failing ? 500 : 404, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
        return;
      }
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      state.inputs += input.length;
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: embedding(text) })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get inputs() {
      return state.inputs;
    },
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const SECTIONS = [
  section({ pagePath: 'teams', pageTitle: 'Teams', body: 'Invite people to your team.' }),
  section({ pagePath: 'vehicles', pageTitle: 'Automobiles', body: 'Each automobile needs a policy before it is driven.' }),
  section({ pagePath: 'bread', pageTitle: 'Baking', body: 'Bake bread in the oven.' }),
];

let store: Store;
let endpoint: FakeEndpoint;
beforeAll(async () => {
  store = await openStore({ data: path.join(tempDir('embeddings'), 'data') });
  await insertProject(store, { id: 'acme', repo: '/tmp', branch: 'main', docsDir: '.', domain: 'acme' });
  await insertDeployment(store, { id: 'd1', projectId: 'acme', ref: 'main', source: 'api' });
  await insertPageSections(store, 'd1', SECTIONS);
  endpoint = await embeddingsEndpoint();
}, hangGuard(120_000));
afterAll(async () => {
  await endpoint?.close();
  await store?.close();
});

const ask = async (indexes: SearchIndexes, question: string) =>
  (await retrieve(indexes, 'd1', [{ role: 'user', content: question }], { limit: 3 })).passages.map((passage) => passage.url);

describe('dense retrieval', () => {
  it('finds the page a question names in other words, once the vectors are made; lexical alone finds none', async () => {
    const lexical = new SearchIndexes(store);
    expect(await ask(lexical, 'car coverage')).toEqual([]);

    const indexes = new SearchIndexes(store, undefined, new Embedder({ baseUrl: endpoint.url, model: 'concepts' }));
    await indexes.get('d1');
    // Before the vectors exist the answer does not wait: lexical only.
    expect(await ask(indexes, 'car coverage')).toEqual([]);
    const vectors = await indexes.denseReady('d1');
    expect(vectors?.count).toBe(SECTIONS.length);
    expect((await ask(indexes, 'car coverage'))[0]).toBe('/vehicles');
    // Lexical matches keep their place: fused, not replaced.
    expect((await ask(indexes, 'bake bread'))[0]).toBe('/bread');
  });

  it('stores the vectors: another process embeds only its questions', async () => {
    const before = endpoint.inputs;
    const indexes = new SearchIndexes(store, undefined, new Embedder({ baseUrl: endpoint.url, model: 'concepts' }));
    await indexes.get('d1');
    await indexes.denseReady('d1');
    expect(endpoint.inputs).toBe(before);
    expect((await ask(indexes, 'automobile insurance'))[0]).toBe('/vehicles');
    expect(endpoint.inputs).toBe(before + 1);
  });

  it('damaged stored vectors (bytes, a cut, their checksum, a value not finite with its checksum matching) are embedded again from their texts and stored in their place (issue 52 item 3)', async () => {
    const damages = [
      `UPDATE section_embeddings SET vector = overlay(vector placing '\\x0000c07f'::bytea from 5 for 4) WHERE deployment_id = 'd1' AND model = 'concepts' AND position = 0`,
      `UPDATE section_embeddings SET vector = substr(vector, 1, 10) WHERE deployment_id = 'd1' AND model = 'concepts' AND position = 1`,
      `UPDATE section_embeddings SET checksum = md5('x') WHERE deployment_id = 'd1' AND model = 'concepts' AND position = 2`,
    ];
    const intact = await store.query<{ position: number; vector: Uint8Array; checksum: string }>(
      `SELECT position, vector, checksum FROM section_embeddings WHERE deployment_id = 'd1' AND model = 'concepts' ORDER BY position`,
    );
    expect(intact).toHaveLength(3);
    for (const damage of damages) await store.query(damage);
    const before = endpoint.inputs;
    const indexes = new SearchIndexes(store, undefined, new Embedder({ baseUrl: endpoint.url, model: 'concepts' }));
    const told: number[] = [];
    indexes.onDenseDamaged = (_, count) => told.push(count);
    await indexes.get('d1');
    await indexes.denseReady('d1');
    expect(told).toEqual([3]);
    expect(endpoint.inputs).toBe(before + 3);
    expect((await ask(indexes, 'car coverage'))[0]).toBe('/vehicles');
    const rows = await store.query<{ position: number; vector: Uint8Array; checksum: string }>(
      `SELECT position, vector, checksum FROM section_embeddings WHERE deployment_id = 'd1' AND model = 'concepts' ORDER BY position`,
    );
    expect(rows.map((row) => [row.position, Buffer.from(row.vector).toString('hex'), row.checksum])).toEqual(
      intact.map((row) => [row.position, Buffer.from(row.vector).toString('hex'), row.checksum]),
    );
    // A NaN with its checksum made to match: the values' check alone.
    await store.query(
      `UPDATE section_embeddings SET vector = overlay(vector placing '\\x0000c07f'::bytea from 1 for 4) WHERE deployment_id = 'd1' AND model = 'concepts' AND position = 0`,
    );
    await store.query(`UPDATE section_embeddings SET checksum = md5(vector) WHERE deployment_id = 'd1' AND model = 'concepts' AND position = 0`);
    const again = new SearchIndexes(store, undefined, new Embedder({ baseUrl: endpoint.url, model: 'concepts' }));
    again.onDenseDamaged = (_, count) => told.push(count);
    await again.get('d1');
    await again.denseReady('d1');
    expect(told).toEqual([3, 1]);
  });

  it('an endpoint that fails leaves retrieval lexical, says so once, and is tried again later', async () => {
    endpoint.failing = true;
    try {
      const indexes = new SearchIndexes(store, undefined, new Embedder({ baseUrl: endpoint.url, model: 'other-model' }));
      const failures: string[] = [];
      indexes.onDenseFailed = (_, error) => failures.push(error);
      await indexes.get('d1');
      expect(await indexes.denseReady('d1')).toBeUndefined();
      expect(failures).toHaveLength(1);
      expect(await ask(indexes, 'bake bread')).toEqual(['/bread']);
      // Within the retry wait, no second attempt.
      expect(await indexes.denseReady('d1')).toBeUndefined();
      expect(failures).toHaveLength(1);
    } finally {
      endpoint.failing = false;
    }
  });

  it('a deployment of more sections than the embedder searches (maxSections): lexical, said once with why, the endpoint not asked, never tried again', async () => {
    const asked = endpoint.inputs;
    const indexes = new SearchIndexes(store, undefined, new Embedder({ baseUrl: endpoint.url, model: 'capped', maxSections: SECTIONS.length - 1 }));
    const failures: string[] = [];
    indexes.onDenseFailed = (_, error) => failures.push(error);
    await indexes.get('d1');
    expect(await indexes.denseReady('d1')).toBeUndefined();
    expect(failures).toEqual(['the deployment has 3 sections, more than the 2 searched by embedding: retrieval stays lexical']);
    expect(await ask(indexes, 'bake bread')).toEqual(['/bread']);
    // Not after the wait an endpoint's failure gets either: the deployment's sections never change.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 });
    try {
      expect(await indexes.denseReady('d1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    expect(failures).toHaveLength(1);
    expect(endpoint.inputs).toBe(asked);
    // At the limit the deployment is searched by embedding.
    const at = new SearchIndexes(store, undefined, new Embedder({ baseUrl: endpoint.url, model: 'concepts', maxSections: SECTIONS.length }));
    await at.get('d1');
    expect((await at.denseReady('d1'))?.count).toBe(SECTIONS.length);
  });

  it('a stored vector at a position the deployment has no section for (a stray row) is left out: dense retrieval goes on', async () => {
    // A row past the last section, intact (its bytes and checksum those of section 0's): the deployment has 3 sections.
    await store.query(
      `INSERT INTO section_embeddings (deployment_id, model, position, vector, checksum)
       SELECT deployment_id, model, 3, vector, checksum FROM section_embeddings WHERE deployment_id = 'd1' AND model = 'concepts' AND position = 0`,
    );
    try {
      const indexes = new SearchIndexes(store, undefined, new Embedder({ baseUrl: endpoint.url, model: 'concepts' }));
      const failures: string[] = [];
      indexes.onDenseFailed = (_, error) => failures.push(error);
      await indexes.get('d1');
      expect(await indexes.denseReady('d1')).toBeDefined();
      expect(failures).toEqual([]);
      // Found in other words only by the vectors (lexical alone finds none: the first test).
      expect((await ask(indexes, 'automobile insurance'))[0]).toBe('/vehicles');
    } finally {
      await store.query(`DELETE FROM section_embeddings WHERE deployment_id = 'd1' AND model = 'concepts' AND position = 3`);
    }
  });
});

describe('denseRefusal', () => {
  const settings = { baseUrl: 'http://127.0.0.1:1/v1', model: 'm' };
  it('searches by embedding up to MAX_DENSE_SECTIONS sections by default, and says why not past it', () => {
    expect(MAX_DENSE_SECTIONS).toBe(200_000);
    expect(denseRefusal(0, settings)).toBeUndefined();
    expect(denseRefusal(200_000, settings)).toBeUndefined();
    expect(denseRefusal(200_001, settings)).toBe('200001 sections, more than the 200000 searched by embedding: retrieval stays lexical');
  });

  it('up to the operator’s maxSections when given (smaller or larger)', () => {
    expect(denseRefusal(1, { ...settings, maxSections: 1 })).toBeUndefined();
    expect(denseRefusal(2, { ...settings, maxSections: 1 })).toBe('2 sections, more than the 1 searched by embedding: retrieval stays lexical');
    expect(denseRefusal(300_000, { ...settings, maxSections: 300_000 })).toBeUndefined();
  });
});
