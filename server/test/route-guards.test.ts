/**
 * The corners of the route guards (routes/auth.ts) and of the public pages (routes/widget.ts)
 * that the contract tests (auth.test.ts, app.test.ts, assistant.test.ts) leave open, each
 * through fastify's inject() on PGlite: a route added after `seal()` without a key, a
 * `threadId` of null (a new thread, not a lookup) or of another project's thread (404), a body
 * field the guard does not know, the misuse of `requestKey` and `ownedBy` by a route, and the
 * headers of the chat page and widget script.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { ownedBy, registerAuth, requestKey } from '../src/http/routes/auth.js';
import { insertThread } from '../src/store/assistant.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let store: Store;
let core: Core;
let built: FastifyInstance | undefined;
const keys: Record<string, string> = {};
const THEIRS = '33333333-3333-4333-8333-333333333333';

beforeAll(async () => {
  store = await openStore({ data: path.join(tempDir('guards'), 'data') });
  core = new Core(store);
  await core.addProject({ id: 'acme', repo: '/srv/acme.git', branch: 'main', domain: 'acme' });
  keys.admin = (await core.createKey('acme', 'admin')).token;
  keys.assistant = (await core.createKey('acme', 'assistant')).token;
  await core.addProject({ id: 'other', repo: '/srv/other.git', branch: 'main', domain: 'other' });
  keys.otherAssistant = (await core.createKey('other', 'assistant')).token;
}, hangGuard(60_000));

afterAll(async () => {
  await built?.close();
  await store?.close();
});

/**
 * The app, built by the first test that asks, not in beforeAll: a fault in building it (in the
 * hook's registration) then fails the tests, where Stryker's runner counts a beforeAll that
 * throws as no test failed.
 */
async function app(): Promise<FastifyInstance> {
  if (!built) {
    const fresh = await buildApp(core);
    await fresh.ready();
    built = fresh;
  }
  return built;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the auth hook', () => {
  it('is in place: a missing key is a 401, a missing project a 404', async () => {
    const none = await (await app()).inject({ method: 'POST', url: '/v1/project/update/acme' });
    expect([none.statusCode, none.json()]).toEqual([401, { error: 'missing API key: send "Authorization: Bearer <key>"' }]);
    const ghost = await (await app()).inject({ method: 'POST', url: '/v1/project/update/ghost', headers: bearer(keys.admin) });
    expect([ghost.statusCode, ghost.json()]).toEqual([404, { error: 'no project "ghost"' }]);
  });

  it("answers a key about another project, by its id or by its domain, with the 404 of one that does not exist (the lookup's owner condition)", async () => {
    const asked = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
      const response = await (await app()).inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
      return [response.statusCode, response.json()];
    };
    // By id: acme's admin key on other's update, as on a project nobody has.
    expect(await asked('POST', '/v1/project/update/other', keys.admin)).toEqual([404, { error: 'no project "other"' }]);
    expect(await asked('POST', '/v1/project/update/nobody', keys.admin)).toEqual([404, { error: 'no project "nobody"' }]);
    // By domain: acme's assistant key on other's pages and message (GET and POST), as on a domain nobody has.
    const message = { fp: 'anonymous', threadId: null, messages: [{ role: 'user', content: 'hello' }] };
    expect(await asked('GET', '/v1/assistant/other/pages', keys.assistant)).toEqual([404, { error: 'no project with the domain "other"' }]);
    expect(await asked('POST', '/v1/assistant/other/message', keys.assistant, message)).toEqual([404, { error: 'no project with the domain "other"' }]);
    expect(await asked('GET', '/v1/assistant/nobody/pages', keys.assistant)).toEqual([404, { error: 'no project with the domain "nobody"' }]);
    // The same key on its own domain passes the guard (and stops at the missing deployment: 409).
    expect((await asked('POST', '/v1/assistant/acme/message', keys.assistant, message))[0]).toBe(409);
  });

  it('lets a route registered after seal() through without a key (a test route, not one of buildApp)', async () => {
    const bare = Fastify();
    const auth = registerAuth(bare, store);
    auth.seal();
    bare.get('/later', () => 'ok');
    const response = await bare.inject({ method: 'GET', url: '/later' });
    expect([response.statusCode, response.body]).toEqual([200, 'ok']);
    await bare.close();
  });

  it("starts a new thread for a threadId of null (acme has no deployment: its 409); a missing thread or another project's is a 404", async () => {
    const message = async (threadId: unknown) =>
      (await app()).inject({
        method: 'POST',
        url: '/v1/assistant/acme/message',
        headers: bearer(keys.assistant),
        payload: { fp: 'anonymous', threadId, messages: [{ role: 'user', content: 'hello' }] },
      });
    const fresh = await message(null);
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().error).toMatch(/no successful deployment/);
    const unknown = await message('22222222-2222-4222-8222-222222222222');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'no thread "22222222-2222-4222-8222-222222222222"' }]);
    // A thread that exists, of another project: the same 404 as a missing one.
    await insertThread(store, { id: THEIRS, projectId: 'other', fp: 'anonymous' });
    const theirs = await message(THEIRS);
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { error: `no thread "${THEIRS}"` }]);
    // Its own project's key on its own domain passes the check (and stops at the missing deployment).
    const own = await (
      await app()
    ).inject({
      method: 'POST',
      url: '/v1/assistant/other/message',
      headers: bearer(keys.otherAssistant),
      payload: { fp: 'anonymous', threadId: THEIRS, messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(own.statusCode).toBe(409);
  });

  it('ignores a body field it does not guard, whatever its name', async () => {
    // A route with no `also`: a body field named "undefined" is not something to look up.
    const response = await (await app()).inject({ method: 'POST', url: '/v1/project/update/acme', headers: bearer(keys.admin), payload: { undefined: 'x' } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ statusId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});

describe('a route that misuses the hook fails loudly', () => {
  const request = (auth: unknown, extra: Partial<FastifyRequest> = {}) =>
    ({ routeOptions: { url: '/v1/x/:projectId', config: { auth } }, apiKey: null, owned: null, ...extra }) as unknown as FastifyRequest;

  it('requestKey on a route that needs no key: no key to give, an error naming the route', () => {
    expect(() => requestKey(request('public'))).toThrow(new Error("route /v1/x/:projectId reads the caller's key but needs none (config.auth)"));
    const key = { id: 'k', projectId: 'acme', kind: 'admin' };
    expect(requestKey(request({ key: 'admin', owner: 'projectId' }, { apiKey: key as never }))).toBe(key);
  });

  it('ownedBy on a public route or for another parameter: an error naming the route and the parameter', () => {
    expect(() => ownedBy(request('public'), 'projectId')).toThrow(new Error('route /v1/x/:projectId is not about its projectId (config.auth)'));
    // A route added after seal() says nothing: the same error, not a TypeError on `undefined`.
    expect(() => ownedBy(request(undefined), 'projectId')).toThrow(new Error('route /v1/x/:projectId is not about its projectId (config.auth)'));
    expect(() => ownedBy(request({ key: 'admin', owner: 'statusId' }), 'projectId')).toThrow(
      new Error('route /v1/x/:projectId is not about its projectId (config.auth)'),
    );
    const project = { id: 'acme' };
    expect(ownedBy(request({ key: 'admin', owner: 'projectId' }, { owned: project }), 'projectId')).toBe(project);
  });
});

describe('the chat page and the widget script', () => {
  const widgetSource = readFileSync(path.resolve(import.meta.dirname, '../src/http/web/widget.js'), 'utf8');

  it('the page is never framed nor cached, and says how to ask without JavaScript', async () => {
    const response = await (await app()).inject({ method: 'GET', url: '/assistant/acme' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<meta name="referrer" content="no-referrer">');
    expect(response.body).toContain(
      '<noscript><p>This chat needs JavaScript. Without it, ask through the API: POST /v1/assistant/acme/message.</p></noscript>',
    );
  });

  it("the script's ETag is the first 27 characters of its SHA-256 (base64url), and one of several If-None-Match tags is enough", async () => {
    const etag = `"${createHash('sha256').update(widgetSource).digest('base64url').slice(0, 27)}"`;
    const response = await (await app()).inject({ method: 'GET', url: '/assistant/widget.js' });
    expect(response.headers.etag).toBe(etag);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const listed = await (await app()).inject({ method: 'GET', url: '/assistant/widget.js', headers: { 'if-none-match': `"old" ,${etag},  "older"` } });
    expect([listed.statusCode, listed.body]).toEqual([304, '']);
    expect(listed.headers.etag).toBe(etag);
    const others = await (await app()).inject({ method: 'GET', url: '/assistant/widget.js', headers: { 'if-none-match': `"old", ${etag}x` } });
    expect([others.statusCode, others.body]).toEqual([200, widgetSource]);
  });
});
