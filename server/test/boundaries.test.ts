/**
 * Issue 17, what crosses the HTTP boundary: text no database stores (400 with where, never a
 * 500), CORS on every answer (errors included) and configurable origins, a trusted proxy only
 * when configured, request timeouts and a connection cap, and the metrics an operator scrapes.
 */
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../src/http/app.js';
import type { Core } from '../src/core.js';
import { Metrics } from '../src/host/metrics.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { deployedExample } from './assistant-helpers.js';
import { runCli, tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let store: Store;
let core: Core;
let keys: { admin: string; assistant: string };
const apps: FastifyInstance[] = [];

async function app(options: AppOptions = {}): Promise<FastifyInstance> {
  const built = await buildApp(core, options);
  apps.push(built);
  return built;
}

async function listening(options: AppOptions = {}): Promise<{ app: FastifyInstance; port: number }> {
  const built = await app(options);
  await built.listen({ port: 0, host: '127.0.0.1' });
  return { app: built, port: (built.server.address() as net.AddressInfo).port };
}

beforeAll(async () => {
  const dir = tempDir('boundaries');
  store = await openStore({ data: path.join(dir, 'data') });
  ({ core, ...keys } = await deployedExample(store, dir));
}, hangGuard(180_000));

afterAll(async () => {
  for (const built of apps) {
    built.server.closeAllConnections?.();
    await built.close();
  }
  await store?.close();
}, hangGuard(60_000));

const ask = (text: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ fp: 'anonymous', messages: [{ id: 'u1', role: 'user', content: text }], ...extra });

describe('text a database cannot store', () => {
  it.each([
    ['a NUL character', 'what\\u0000now', '/messages/0/content', 'a NUL character (U+0000)'],
    ['a lone surrogate', 'half \\ud800 of a pair', '/messages/0/content', 'an unpaired surrogate (U+D800)'],
    ['a NUL in a key', 'fine', '/messages/0/x\\u0000', 'a NUL character (U+0000)'],
  ])('%s in a request is a 400 naming where it is, not a 500', async (_name, text, pointer, what) => {
    const built = await app();
    const body = text === 'fine' ? '{"fp":"a","messages":[{"role":"user","content":"hi","x\\u0000":1}]}' : ask('x').replace('"x"', `"${text}"`);
    const response = await built.inject({
      method: 'POST',
      url: '/v1/assistant/acme/message',
      headers: { authorization: `Bearer ${keys.assistant}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `body${pointer}: holds ${what}, which cannot be stored` });
  });

  it('a paired surrogate (an emoji) is fine', async () => {
    const built = await app();
    const response = await built.inject({
      method: 'POST',
      url: '/v1/assistant/acme/message',
      headers: { authorization: `Bearer ${keys.assistant}`, 'content-type': 'application/json' },
      payload: ask('how do I \\ud83d\\ude80 authenticate?'),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('CORS', () => {
  const origin = 'https://docs.acme.example';

  it('every answer carries Access-Control-Allow-Origin: 400 (schema and parser), 401, 404, 413 and 429 too', async () => {
    await store.query('DELETE FROM usage_counters');
    const built = await app({ assistant: { limits: { perKeyPerMonth: 1000, perOrganizationPerHour: 1000, perIpPerDay: 1 } } });
    const post = (payload: string, headers: Record<string, string> = {}) =>
      built.inject({
        method: 'POST',
        url: '/v1/assistant/acme/message',
        headers: { origin, authorization: `Bearer ${keys.assistant}`, 'content-type': 'application/json', ...headers },
        payload,
      });
    const answers = {
      ok: await post(ask('authentication')),
      limited: await post(ask('authentication')),
      schema: await post('{"messages":[]}'),
      parser: await post('{not json'),
      tooLarge: await post(ask('x'.repeat(1_100_000))),
      noKey: await post(ask('x'), { authorization: '' }),
      noRoute: await built.inject({ method: 'GET', url: '/v9/nothing', headers: { origin } }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, response]) => [name, response.statusCode]))).toEqual({
      ok: 200,
      limited: 429,
      schema: 400,
      parser: 400,
      tooLarge: 413,
      noKey: 401,
      noRoute: 404,
    });
    for (const [name, response] of Object.entries(answers)) expect(response.headers['access-control-allow-origin'], name).toBe('*');
    expect(answers.ok.headers['access-control-expose-headers']).toMatch(/x-thread-id/i);
  });

  it('allowed origins are configurable: a listed origin is echoed, another gets no grant', async () => {
    const built = await app({ corsOrigins: [origin] });
    const preflight = (from: string) =>
      built.inject({
        method: 'OPTIONS',
        url: '/v1/assistant/acme/message',
        headers: { origin: from, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
    const allowed = await preflight(origin);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    expect(allowed.headers['access-control-allow-headers']).toMatch(/authorization/);
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS per project', () => {
  it("a project's own origins win for its assistant; the other routes keep the server's", async () => {
    const site = 'https://docs.acme.example';
    await core.updateProject('acme', { corsOrigins: [site] });
    try {
      const built = await app();
      const preflight = (from: string, url = '/v1/assistant/acme/message') =>
        built.inject({ method: 'OPTIONS', url, headers: { origin: from, 'access-control-request-method': 'POST' } });
      expect((await preflight(site)).headers['access-control-allow-origin']).toBe(site);
      expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
      expect((await preflight('https://evil.example', '/v1/project/update/acme')).headers['access-control-allow-origin']).toBe('*');
      await expect(core.updateProject('acme', { corsOrigins: ['docs.acme.example'] })).rejects.toThrow(
        '--origins takes origins like https://docs.acme.com (comma-separated) or * (got "docs.acme.example")',
      );
    } finally {
      await core.updateProject('acme', { corsOrigins: ['*'] });
    }
  });
});

describe('origins, as browsers send them', () => {
  const preflight = (built: FastifyInstance, from: string, url = '/v1/assistant/acme/message') =>
    built.inject({ method: 'OPTIONS', url, headers: { origin: from, 'access-control-request-method': 'POST' } });

  it("a project's origins are stored with the scheme and host in lower case, no default port or trailing slash, and match the browser's", async () => {
    try {
      const updated = await core.updateProject('acme', {
        corsOrigins: ['HTTPS://Docs.Acme.Example/', 'http://LOCALHOST:3000', 'https://docs.acme.example:443'],
      });
      expect(updated.corsOrigins).toEqual(['https://docs.acme.example', 'http://localhost:3000']);
      const built = await app();
      expect((await preflight(built, 'https://docs.acme.example')).headers['access-control-allow-origin']).toBe('https://docs.acme.example');
      expect((await preflight(built, 'http://localhost:3000')).headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect((await preflight(built, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await core.updateProject('acme', { corsOrigins: ['*'] });
    }
  });

  it.each([
    'docs.acme.example',
    'https://docs.acme.example/guide',
    'https://docs.acme.example?x=1',
    'ftp://docs.acme.example',
    'https://user@docs.acme.example',
    'https://docs.acme.example:99999',
    '',
  ])('refuses %j with one line naming it', async (wrong) => {
    await expect(core.updateProject('acme', { corsOrigins: ['https://ok.example', wrong] })).rejects.toThrow(
      `--origins takes origins like https://docs.acme.com (comma-separated) or * (got "${wrong}")`,
    );
  });

  it("the server's --cors-origins are normalized the same way", async () => {
    const built = await app({ corsOrigins: ['https://Widget.Example/'] });
    expect((await preflight(built, 'https://widget.example', '/v1/project/update/acme')).headers['access-control-allow-origin']).toBe('https://widget.example');
  });

  it('serve refuses a --cors-origins value that is not an origin, with one line and exit 2', () => {
    const result = runCli(['serve', '--port', '0', '--cors-origins', 'https://ok.example,Docs.Acme.Example'], tempDir('cors-origins'));
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('docsnav: --cors-origins takes origins like https://docs.acme.com (comma-separated) or * (got "Docs.Acme.Example")\n');
  });

  it("when the project cannot be read, its assistant route grants no origin (not the server's *)", async () => {
    const built = await app();
    await store.query('ALTER TABLE projects RENAME TO projects_away');
    try {
      const answer = await preflight(built, 'https://evil.example');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      // The other routes keep the server's origins.
      expect((await preflight(built, 'https://evil.example', '/v1/project/update/acme')).headers['access-control-allow-origin']).toBe('*');
    } finally {
      await store.query('ALTER TABLE projects_away RENAME TO projects');
    }
    expect((await preflight(built, 'https://evil.example')).headers['access-control-allow-origin']).toBe('*');
  });
});

describe('behind a reverse proxy', () => {
  const limits = { perKeyPerMonth: 1000, perOrganizationPerHour: 1000, perIpPerDay: 1 };
  const from = (built: FastifyInstance, client: string) =>
    built.inject({
      method: 'POST',
      url: '/v1/assistant/acme/message',
      headers: { authorization: `Bearer ${keys.assistant}`, 'content-type': 'application/json', 'x-forwarded-for': client },
      payload: ask('authentication'),
      remoteAddress: '127.0.0.1',
    });

  it('off by default: X-Forwarded-For is not believed (a client cannot pick its own IP limit)', async () => {
    await store.query('DELETE FROM usage_counters');
    const built = await app({ assistant: { limits } });
    expect((await from(built, '203.0.113.1')).statusCode).toBe(200);
    expect((await from(built, '203.0.113.2')).statusCode).toBe(429);
  });

  it('with the proxy trusted, each client behind it has its own IP limit', async () => {
    await store.query('DELETE FROM usage_counters');
    const built = await app({ assistant: { limits }, trustProxy: ['127.0.0.1'] });
    expect((await from(built, '203.0.113.1')).statusCode).toBe(200);
    expect((await from(built, '203.0.113.2')).statusCode).toBe(200);
    const again = await from(built, '203.0.113.1');
    expect(again.statusCode).toBe(429);
    expect(again.json().limit).toBe('ip');
  });
});

describe('slow and many connections', () => {
  it(
    'a request body sent a byte at a time is cut off at the request timeout',
    async () => {
      const { port } = await listening({ requestTimeoutMs: 1_500 });
      const socket = net.connect(port, '127.0.0.1');
      const started = Date.now();
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.on('error', () => {});
      socket.write(
        `POST /v1/assistant/acme/message HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${keys.assistant}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
      );
      const drip = setInterval(() => socket.write('{'), 300);
      const limit = setTimeout(() => socket.destroy(), 15_000);
      await closed;
      clearInterval(drip);
      clearTimeout(limit);
      const seconds = (Date.now() - started) / 1000;
      expect(seconds).toBeLessThan(6);
      expect(received).toMatch(/^HTTP\/1\.1 408/);
    },
    hangGuard(20_000),
  );

  it(
    'connections past the cap are closed at once; the server still answers',
    async () => {
      const { port } = await listening({ maxConnections: 3 });
      const sockets = await Promise.all(
        Array.from(
          { length: 6 },
          () =>
            new Promise<{ socket: net.Socket; closed: Promise<boolean> }>((resolve) => {
              const socket = net.connect(port, '127.0.0.1', () => resolve({ socket, closed }));
              const closed = new Promise<boolean>((done) => {
                socket.on('close', () => done(true));
                setTimeout(() => done(false), 2_000);
              });
              socket.on('error', () => {});
            }),
        ),
      );
      const closed = await Promise.all(sockets.map((entry) => entry.closed));
      expect(closed.filter(Boolean).length).toBe(3);
      for (const { socket } of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    },
    hangGuard(20_000),
  );
});

describe('metrics', () => {
  it('metrics: request latency by route, the queue, job outcomes and assistant refusals by limit; never GET /metrics on the API', async () => {
    const metrics = new Metrics(store);
    const built = await app({ metrics, assistant: { limits: { perKeyPerMonth: 1000, perOrganizationPerHour: 1000, perIpPerDay: 1 } } });
    await store.query('DELETE FROM usage_counters');
    for (let i = 0; i < 2; i++)
      await built.inject({
        method: 'POST',
        url: '/v1/assistant/acme/message',
        headers: { authorization: `Bearer ${keys.assistant}`, 'content-type': 'application/json' },
        payload: ask('authentication'),
      });
    metrics.jobEnded('deployment', 'success', 1.5);
    // The API's port is public and the metrics count every project: they are only on --metrics-port.
    const onApi = await built.inject({ method: 'GET', url: '/metrics' });
    expect(onApi.statusCode).toBe(404);
    expect(onApi.json()).toEqual({ error: 'no route GET /metrics' });
    const server = await metrics.listen('127.0.0.1', 0);
    const address = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    server.close();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/docsnav_http_request_duration_seconds_count\{method="POST",route="\/v1\/assistant\/:domain\/message",status="200"\} 1/);
    expect(text).toMatch(/docsnav_http_request_duration_seconds_count\{method="POST",route="\/v1\/assistant\/:domain\/message",status="429"\} 1/);
    expect(text).toMatch(/docsnav_assistant_refusals_total\{limit="ip"\} 1/);
    expect(text).toMatch(/docsnav_job_duration_seconds_count\{kind="deployment",outcome="success"\} 1/);
    expect(text).toMatch(/# TYPE docsnav_jobs gauge/);
    // An empty queue has a sample of 0 for each kind and state, not none.
    for (const kind of ['deployment', 'repair'])
      for (const state of ['queued', 'running']) expect(text).toContain(`docsnav_jobs{kind="${kind}",state="${state}"} 0\n`);
    expect(text).toMatch(/docsnav_process_resident_memory_bytes/);
  });
});
