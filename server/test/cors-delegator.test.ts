/**
 * The CORS answer of each request (http/app.ts, allowOrigins), condition by condition: the
 * assistant's routes of a project with its own origins grant those; a request with no Origin (no
 * browser's) gets the server's without its domain looked up; a domain no project has, a path the
 * pattern does not match and every other route keep the server's; a project that cannot be read
 * grants none. Each case is one where a single condition differs from its neighbour's, on a
 * store of its own (no deployment is needed: the headers are set before any route runs).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { openStore } from '../src/store/open.js';
import { insertProject } from '../src/store/projects.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const SITE = 'https://docs.acme.example';
const OTHER = 'https://evil.example';

let store: Store;
let app: FastifyInstance;
/** The store's reads of the projects table while a test runs. */
let lookups: string[] = [];
/** When set, every read of the projects table fails (the database gone for that query). */
let failLookups = false;

beforeAll(async () => {
  store = await openStore({ data: path.join(tempDir('cors-delegator'), 'data') });
  const base = { branch: 'main', docsDir: 'docs', compareUrl: null, autoFix: false, repo: 'https://example.com/acme/docs.git' };
  await insertProject(store, { ...base, id: 'acme', domain: 'acme', corsOrigins: [SITE] });
  await insertProject(store, { ...base, id: 'open', domain: 'open', corsOrigins: null });
  const query = store.query.bind(store);
  store.query = async (sql: string, params?: readonly unknown[]) => {
    if (/\bFROM projects\b/i.test(sql)) {
      lookups.push(String(params?.[0]));
      if (failLookups) throw new Error('connection terminated');
    }
    return query(sql, params);
  };
  app = await buildApp(new Core(store));
}, hangGuard(60_000));

afterAll(async () => {
  await app?.close();
  await store?.close();
});

/** The Access-Control-Allow-Origin of a request, and the domains looked up to answer it. */
async function grant(url: string, origin?: string, method: 'OPTIONS' | 'POST' = origin === undefined ? 'POST' : 'OPTIONS') {
  lookups = [];
  const headers: Record<string, string> = method === 'OPTIONS' ? { 'access-control-request-method': 'POST' } : { 'content-type': 'application/json' };
  if (origin !== undefined) headers.origin = origin;
  const response = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: '{}' } : {}) });
  return { allowed: response.headers['access-control-allow-origin'], lookups: [...lookups] };
}

describe("the CORS answer: a project's origins on its assistant's routes, the server's elsewhere", () => {
  it("a project's own origin is granted on its assistant's route; another origin is not", async () => {
    expect(await grant('/v1/assistant/acme/message', SITE)).toEqual({ allowed: SITE, lookups: ['acme'] });
    expect(await grant('/v1/assistant/acme/message', OTHER)).toEqual({ allowed: undefined, lookups: ['acme'] });
  });

  it("a request with no Origin gets the server's grant, and its domain is not looked up", async () => {
    expect(await grant('/v1/assistant/acme/message')).toEqual({ allowed: '*', lookups: [] });
    expect(await grant('/v1/assistant/nobody/message')).toEqual({ allowed: '*', lookups: [] });
  });

  it("the server's grant is its own origins and headers: a no-Origin request to a server with listed origins gets no wildcard", async () => {
    const listed = await buildApp(new Core(store), { corsOrigins: ['https://widget.example'] });
    try {
      const plain = await listed.inject({ method: 'POST', url: '/v1/assistant/acme/message', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(plain.headers['access-control-allow-origin']).toBeUndefined();
      const widget = await listed.inject({
        method: 'OPTIONS',
        url: '/v1/project/update/acme',
        headers: { origin: 'https://widget.example', 'access-control-request-method': 'POST' },
      });
      expect(widget.headers['access-control-allow-origin']).toBe('https://widget.example');
      expect(widget.headers['access-control-allow-methods']).toBe('GET, POST, DELETE, OPTIONS');
    } finally {
      await listed.close();
    }
    const open = await app.inject({ method: 'POST', url: '/v1/assistant/acme/message', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(open.headers['access-control-expose-headers']).toContain('x-thread-id');
  });

  it("a project with no origins of its own, or a domain no project has, keeps the server's", async () => {
    expect(await grant('/v1/assistant/open/message', OTHER)).toEqual({ allowed: '*', lookups: ['open'] });
    expect(await grant('/v1/assistant/nobody/message', OTHER)).toEqual({ allowed: '*', lookups: ['nobody'] });
  });

  it("a path outside the assistant's routes, or one the domain pattern does not match, keeps the server's without a lookup", async () => {
    expect(await grant('/v1/project/update/acme', OTHER)).toEqual({ allowed: '*', lookups: [] });
    expect(await grant('/v1/assistant/acme', OTHER)).toEqual({ allowed: '*', lookups: [] });
    expect(await grant('/v1/assistant/ACME/message', OTHER)).toEqual({ allowed: '*', lookups: [] });
    expect(await grant(`/v1/assistant/${'a'.repeat(64)}/message`, OTHER)).toEqual({ allowed: '*', lookups: [] });
    expect(await grant('/x/v1/assistant/acme/message', OTHER)).toEqual({ allowed: '*', lookups: [] });
  });

  it('a project that cannot be read grants no origin (with an Origin); with none, the lookup is never made', async () => {
    failLookups = true;
    try {
      expect(await grant('/v1/assistant/acme/message', SITE)).toEqual({ allowed: undefined, lookups: ['acme'] });
      expect(await grant('/v1/assistant/open/message', OTHER)).toEqual({ allowed: undefined, lookups: ['open'] });
      expect((await grant('/v1/assistant/acme/message')).lookups).toEqual([]);
    } finally {
      failLookups = false;
    }
  });
});
