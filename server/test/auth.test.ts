/**
 * The auth hook (routes/auth.ts) as a contract over every route of the app: what /openapi.json
 * says (`security: []` for a public route, a bearer key otherwise) is what the hook does; a route
 * that needs a key answers 401 without one, 403 to a key of the other kind and 404 to another
 * project's key, before its handler runs; and a route that says nothing does not start.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { registerAuth } from '../src/http/routes/auth.js';
import { insertDeployment } from '../src/store/deployments.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let store: Store;
let app: FastifyInstance;
const keys: Record<string, string> = {};
const STATUS_ID = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  store = await openStore({ data: path.join(tempDir('auth'), 'data') });
  const core = new Core(store);
  app = await buildApp(core);
  await app.ready();
  await core.addProject({ id: 'acme', repo: '/srv/acme.git', branch: 'main', domain: 'acme' });
  await core.addProject({ id: 'other', repo: '/srv/other.git', branch: 'main', domain: 'other' });
  await insertDeployment(store, { id: STATUS_ID, projectId: 'acme', ref: 'main', source: 'api' });
  keys.admin = (await core.createKey('acme', 'admin')).token;
  keys.assistant = (await core.createKey('acme', 'assistant')).token;
  keys.otherAdmin = (await core.createKey('other', 'admin')).token;
  keys.otherAssistant = (await core.createKey('other', 'assistant')).token;
}, hangGuard(60_000));

afterAll(async () => {
  await app?.close();
  await store?.close();
});

/** A request to `url` (an OpenAPI path) that passes its schema: path parameters of acme's, and a body where one is required. */
function validRequest(method: string, url: string, authorization?: string) {
  const values: Record<string, string> = { projectId: 'acme', statusId: STATUS_ID, domain: 'acme', id: STATUS_ID };
  const filled = url.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x');
  // Search needs its query.
  const query = url.endsWith('/search') ? '?query=x' : '';
  const body = method === 'post' && url.startsWith('/v1/assistant/') ? { fp: 'anonymous', messages: [{ role: 'user', content: '' }] } : undefined;
  return app.inject({
    method: method.toUpperCase() as 'GET' | 'POST',
    url: filled + query,
    headers: authorization ? { authorization: `Bearer ${authorization}` } : {},
    ...(body ? { payload: body } : {}),
  });
}

async function operations(): Promise<Array<{ method: string; url: string; public: boolean; kind: 'admin' | 'assistant' }>> {
  const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
    paths: Record<string, Record<string, { security?: unknown[]; description?: string; tags?: string[] }>>;
  }>();
  return Object.entries(spec.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method,
      url,
      public: Array.isArray(operation.security) && operation.security.length === 0,
      kind: operation.tags?.includes('Assistant') ? ('assistant' as const) : ('admin' as const),
    })),
  );
}

describe('every route of the app', () => {
  it('needs a key exactly when /openapi.json says so', async () => {
    const all = await operations();
    expect(all.filter((operation) => operation.public).length).toBeGreaterThan(0);
    expect(all.filter((operation) => !operation.public).length).toBeGreaterThan(0);
    for (const operation of all) {
      const response = await validRequest(operation.method, operation.url);
      const where = `${operation.method} ${operation.url}`;
      if (operation.public) expect(response.statusCode, where).not.toBe(401);
      else expect([response.statusCode, response.json()], where).toEqual([401, { error: 'missing API key: send "Authorization: Bearer <key>"' }]);
    }
  });

  it('answers 401 to an unknown key, 403 to the other kind, 404 to another project, and goes on with its own', async () => {
    for (const operation of (await operations()).filter((each) => !each.public)) {
      const where = `${operation.method} ${operation.url}`;
      const own = operation.kind === 'admin' ? keys.admin : keys.assistant;
      const otherKind = operation.kind === 'admin' ? keys.assistant : keys.admin;
      const otherProject = operation.kind === 'admin' ? keys.otherAdmin : keys.otherAssistant;
      expect((await validRequest(operation.method, operation.url, 'dn_admin_unknown')).statusCode, where).toBe(401);
      const wrongKind = await validRequest(operation.method, operation.url, otherKind);
      expect([wrongKind.statusCode, wrongKind.json().error], where).toEqual([
        403,
        `this endpoint needs an ${operation.kind} key; this is an ${operation.kind === 'admin' ? 'assistant' : 'admin'} key`,
      ]);
      const elsewhere = await validRequest(operation.method, operation.url, otherProject);
      expect(elsewhere.statusCode, where).toBe(404);
      expect(elsewhere.json().error, where).toMatch(/^no (project|update|agent job)/);
      // Past the hook: the handler answers (a 404 here is the handler's, for a job id that does not exist).
      const allowed = await validRequest(operation.method, operation.url, own);
      expect([401, 403], where).not.toContain(allowed.statusCode);
      if (allowed.statusCode === 404) expect(allowed.json().error, where).toMatch(/^no agent job/);
    }
  });

  it('checks the request against its schema before the key (a malformed request is a 400 for anyone)', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/project/update/not%20an%20id' });
    expect([response.statusCode, response.json().error]).toEqual([400, expect.stringMatching(/^projectId: /)]);
  });
});

describe('registerAuth', () => {
  it('refuses a route that does not say who may call it, until sealed', async () => {
    const bare = Fastify();
    const auth = registerAuth(bare, store);
    bare.get('/open', { config: { auth: 'public' } }, () => 'ok');
    expect(() => bare.get('/unsaid', () => 'ok')).toThrow('route GET /unsaid does not say who may call it (config.auth)');
    auth.seal();
    bare.get('/later', () => 'ok');
    expect((await bare.inject({ method: 'GET', url: '/open' })).body).toBe('ok');
    await bare.close();
  });
});
