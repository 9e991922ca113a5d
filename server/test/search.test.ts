/** The assistant's retrieval SQL gives the same answers on PGlite and on PostgreSQL. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrieve } from '../src/search.js';
import { insertDeployment, insertPageSections, type PageSection } from '../src/store/deployments.js';
import { insertProject } from '../src/store/projects.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { postgresUnavailable, startPostgres, tempDir, type TestPostgres } from './helpers.js';

const section = (over: Partial<PageSection>): PageSection => ({
  pagePath: 'p',
  pageKind: 'page',
  pageTitle: 'P',
  pageDescription: '',
  hidden: false,
  trail: [],
  heading: null,
  anchor: null,
  depth: 0,
  body: '',
  ...over,
});

const SECTIONS: PageSection[] = [
  section({ pagePath: 'keys', pageTitle: 'API keys', body: 'Create a key in the dashboard.', trail: [{ kind: 'version', label: 'v2' }] }),
  section({
    pagePath: 'keys',
    pageTitle: 'API keys',
    heading: 'Rotate a key',
    anchor: 'rotate-a-key',
    body: 'Rotating replaces the secret; the old key stops working.',
    trail: [{ kind: 'version', label: 'v2' }],
  }),
  section({ pagePath: 'v1/keys', pageTitle: 'API keys (v1)', body: 'Keys of the old API rotate yearly.', trail: [{ kind: 'version', label: 'v1' }] }),
  section({ pagePath: 'webhooks', pageTitle: 'Webhooks', body: 'We POST events to your URL and retry failures.', trail: [{ kind: 'version', label: 'v2' }] }),
  section({ pagePath: 'internal', pageTitle: 'Internal rotation notes', hidden: true, body: 'How we rotate keys internally.' }),
  section({ pagePath: 'index', pageTitle: 'Welcome', body: 'Start here.' }),
];

async function seeded(store: Store): Promise<void> {
  await insertProject(store, { id: 'acme', repo: '/tmp', branch: 'main', docsDir: '.', domain: 'acme' });
  await insertDeployment(store, { id: 'd1', projectId: 'acme', ref: 'main', source: 'api' });
  await insertPageSections(store, 'd1', SECTIONS);
}

async function answers(store: Store) {
  const ask = (question: string, options: Parameters<typeof retrieve>[3] = { limit: 5 }) =>
    retrieve(store, 'd1', question, options).then((hits) => hits.map((hit) => hit.url));
  return {
    rotate: await ask('how do I rotate a key?'),
    rotateV1: await ask('how do I rotate a key?', { limit: 5, filter: { version: 'v1' } }),
    orFallback: await ask('retry rotating'),
    hidden: await ask('internal rotation notes', { limit: 5, includeHidden: true }),
    none: await ask('the and of'),
    index: await ask('welcome'),
  };
}

let pglite: Store;
beforeAll(async () => {
  pglite = await openStore({ data: path.join(tempDir('search'), 'data') });
  await seeded(pglite);
}, 120_000);
afterAll(async () => {
  await pglite?.close();
});

const expected = {
  rotate: ['/keys#rotate-a-key', '/v1/keys'],
  rotateV1: ['/v1/keys'],
  // Every word finds nothing; any word: "retry" (webhooks) and "rotating" (both key pages).
  orFallback: ['/keys#rotate-a-key', '/v1/keys', '/webhooks'],
  // All three words first, then pages with any of them fill the rest.
  hidden: ['/internal', '/keys#rotate-a-key', '/v1/keys'],
  none: [],
  index: ['/'],
};

describe('retrieval on PGlite', () => {
  it('ranks, filters by trail, falls back to any word, keeps hidden pages out unless asked', async () => {
    const got = await answers(pglite);
    expect(got).toEqual(expected);
    // Hidden pages stay out by default.
    expect(await retrieve(pglite, 'd1', 'internal rotation notes', { limit: 5 }).then((hits) => hits.map((hit) => hit.url))).not.toContain('/internal');
  });
});

const noPostgres = postgresUnavailable();
if (noPostgres) console.warn(`assistant search on PostgreSQL: skipped: ${noPostgres}`);

describe.skipIf(noPostgres !== undefined)('retrieval on PostgreSQL', () => {
  let pg: TestPostgres;
  let store: Store;
  beforeAll(async () => {
    pg = await startPostgres();
    store = await openStore({ data: tempDir('search-pg'), database: pg.url });
    await seeded(store);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await pg?.stop();
  });

  it('gives the same answers as PGlite', async () => {
    expect(await answers(store)).toEqual(expected);
  });
});
