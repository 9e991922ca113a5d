/**
 * What buildApp (src/http/app.ts) itself adds to every route, seen through fastify's inject() on
 * routes of the test's own: the CORS answer (methods, headers a browser may send and read, its
 * cache time, a configured list of origins as browsers send them), JSON bodies (none, blank, not
 * JSON, text no database stores), errors as `{ "error": … }` by kind, the validation message's
 * field, the request id, the server's limits (timeouts, body size, whose X-Forwarded-For is
 * believed), the OpenAPI document's head and the request metrics. Each expectation fails when the
 * value or condition it names in app.ts is changed.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { DiskFull } from '../src/host/disk.js';
import { HttpError } from '../src/http/errors.js';
import { Metrics } from '../src/host/metrics.js';
import { Assistant } from '../src/assistant/service.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let store: Store;
let core: Core;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  store = await openStore({ data: path.join(tempDir('app-hooks'), 'data') });
  core = new Core(store);
}, hangGuard(60_000));

afterAll(async () => {
  for (const app of apps) await app.close();
  await store?.close();
});

const BODY_SCHEMA = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, nested: { type: 'object', properties: { n: { type: 'integer' } } } },
} as const;

/**
 * The app with the test's routes, built in the test that asks it: what buildApp sets up once (the
 * CORS options, the limits, the OpenAPI head, the error handler) is mutated only in a test's own
 * run (Stryker activates a mutant per test, after `beforeAll`), so an app built there hid them.
 * The test's routes: one that echoes its body and the client's address, one that checks its input, one that throws what it is told. */
async function appWith(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp(core, options);
  app.post('/test/echo', (request, reply) => reply.send({ body: request.body ?? null, ip: request.ip }));
  app.get('/test/ip', (request, reply) => reply.send({ ip: request.ip }));
  app.post(
    '/test/checked',
    {
      schema: { body: BODY_SCHEMA, querystring: { type: 'object', properties: { limit: { type: 'string', pattern: '^[0-9]+$' }, page: { type: 'integer' } } } },
    },
    (_request, reply) => reply.send({ ok: true }),
  );
  app.get('/test/throw/:kind', (request) => {
    const { kind } = request.params as { kind: string };
    if (kind === 'http') throw new HttpError(409, 'already there');
    if (kind === 'busy') throw new HttpError(503, 'busy: try again');
    if (kind === 'disk') throw new DiskFull('the disk is full: writes are refused');
    const status = Number(kind);
    throw Object.assign(new Error(`status ${status} at /srv/internals.js:1`), { statusCode: status });
  });
  await app.ready();
  apps.push(app);
  return app;
}

const json = { 'content-type': 'application/json' };

describe('CORS on every answer', () => {
  it('a preflight is answered with the methods, the headers a browser may send, and how long it may keep the answer', async () => {
    const plain = await appWith();
    const response = await plain.inject({
      method: 'OPTIONS',
      url: '/test/echo',
      headers: { origin: 'https://docs.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, DELETE, OPTIONS');
    expect(response.headers['access-control-allow-headers']).toBe('authorization, content-type');
    expect(response.headers['access-control-max-age']).toBe('600');
  });

  it('an answer (an error too) tells a browser which headers it may read', async () => {
    const plain = await appWith();
    for (const url of ['/healthz', '/no/such/route']) {
      const response = await plain.inject({ method: 'GET', url, headers: { origin: 'https://docs.example.com' } });
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-expose-headers']).toBe(
        'x-thread-id, x-request-id, retry-after, x-vercel-ai-data-stream, x-vercel-ai-ui-message-stream',
      );
    }
  });

  it('a list of origins is matched as browsers send them (scheme and host in lower case, no default port); another origin gets none', async () => {
    const app = await appWith({ corsOrigins: ['HTTPS://Docs.Example.com:443', 'http://localhost:3000'] });
    const origin = async (value: string) =>
      (await app.inject({ method: 'GET', url: '/healthz', headers: { origin: value } })).headers['access-control-allow-origin'];
    expect(await origin('https://docs.example.com')).toBe('https://docs.example.com');
    expect(await origin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(await origin('https://evil.example')).toBeUndefined();
    expect(await origin('http://docs.example.com')).toBeUndefined();
  });

  it("a list holding '*' allows every origin", async () => {
    const app = await appWith({ corsOrigins: ['https://docs.example.com', '*'] });
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://anywhere.example' } });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('JSON bodies', () => {
  it('no body and a blank body are no body; a body is parsed', async () => {
    const plain = await appWith();
    for (const payload of [undefined, '', '  \n\t ']) {
      const response = await plain.inject({ method: 'POST', url: '/test/echo', headers: json, ...(payload === undefined ? {} : { payload }) });
      expect(response.statusCode).toBe(200);
      expect(response.json().body).toBeNull();
    }
    const response = await plain.inject({ method: 'POST', url: '/test/echo', headers: json, payload: ' {"a": [1, "two"]} ' });
    expect(response.json().body).toEqual({ a: [1, 'two'] });
  });

  it('a body that is not JSON is a 400', async () => {
    const plain = await appWith();
    const response = await plain.inject({ method: 'POST', url: '/test/echo', headers: json, payload: '{"a": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'body: not valid JSON' });
  });

  it('text no database stores is a 400 naming where it is, the character never echoed', async () => {
    const plain = await appWith();
    const cases: [string, string][] = [
      ['{"title": "a\\u0000b"}', 'body/title: holds a NUL character (U+0000), which cannot be stored'],
      ['{"list": ["ok", "\\ud800"]}', 'body/list/1: holds an unpaired surrogate (U+D800), which cannot be stored'],
      // A key holding it: the pointer shows it escaped (and keeps other control characters escaped too).
      ['{"k\\u0001\\u0000": 1}', 'body/k\\u0001\\u0000: holds a NUL character (U+0000), which cannot be stored'],
      ['{"\\udfff": true}', 'body/\\udfff: holds an unpaired surrogate (U+DFFF), which cannot be stored'],
    ];
    for (const [payload, error] of cases) {
      const response = await plain.inject({ method: 'POST', url: '/test/echo', headers: json, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
      expect(response.body).not.toMatch(/[\u0000\u0001\ud800-\udfff]/);
    }
  });

  it('a body of 1 MiB is read; one byte more is refused (413)', async () => {
    const plain = await appWith();
    const body = (size: number) => `"${'x'.repeat(size - 2)}"`;
    expect((await plain.inject({ method: 'POST', url: '/test/echo', headers: json, payload: body(1024 * 1024) })).statusCode).toBe(200);
    const over = await plain.inject({ method: 'POST', url: '/test/echo', headers: json, payload: body(1024 * 1024 + 1) });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: expect.stringMatching(/body/i) });
  });
});

describe('errors as JSON, by kind', () => {
  it("the app's own errors keep their status and words; a full disk is 507", async () => {
    const plain = await appWith();
    const conflict = await plain.inject({ method: 'GET', url: '/test/throw/http' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: 'already there' });
    // Its own status, 503 too (which fastify's own errors get only as an internal error).
    const busy = await plain.inject({ method: 'GET', url: '/test/throw/busy' });
    expect([busy.statusCode, busy.json()]).toEqual([503, { error: 'busy: try again' }]);
    const disk = await plain.inject({ method: 'GET', url: '/test/throw/disk' });
    expect(disk.statusCode).toBe(507);
    expect(disk.json()).toEqual({ error: 'the disk is full: writes are refused' });
  });

  it("a client error of fastify's (400-499) is passed on; from 500 it is an internal error naming the request, never its words", async () => {
    const plain = await appWith();
    for (const status of [400, 418, 499]) {
      const response = await plain.inject({ method: 'GET', url: `/test/throw/${status}` });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: `status ${status} at /srv/internals.js:1` });
    }
    for (const status of [500, 503, 399]) {
      const response = await plain.inject({ method: 'GET', url: `/test/throw/${status}` });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: `internal error (request ${String(response.headers['x-request-id'])})` });
      expect(response.body).not.toMatch(/internals|srv/);
    }
  });

  it('an unknown route names its method and path, without the query', async () => {
    const plain = await appWith();
    const response = await plain.inject({ method: 'DELETE', url: '/v2/nothing?token=secret&x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'no route DELETE /v2/nothing' });
  });

  it('a validation error names the field: the deepest part of its path, the missing property, or the part of the request', async () => {
    const plain = await appWith();
    const checked = async (payload: unknown, query = '') =>
      (await plain.inject({ method: 'POST', url: `/test/checked${query}`, headers: json, payload: JSON.stringify(payload) })).json().error;
    expect(await checked({})).toBe("name: must have required property 'name'");
    expect(await checked({ name: 1 })).toBe('name: must be string');
    expect(await checked({ name: 'a', nested: { n: 'x' } })).toBe('n: must be integer');
    expect(await checked(5)).toBe('body: must be object');
    expect(await checked({ name: 'a' }, '?limit=many')).toBe('limit: must match pattern "^[0-9]+$"');
    expect(await checked({ name: 'a' }, '?limit=3')).toBeUndefined();
    // Nothing is coerced: a query's values are strings, so a route takes numbers as patterns (routes/schemas.ts).
    expect(await checked({ name: 'a' }, '?page=3')).toBe('page: must be integer');
  });
});

describe('request ids and the server', () => {
  it('every answer has its own random request id (a UUID)', async () => {
    const plain = await appWith();
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const id = String((await plain.inject({ method: 'GET', url: i === 2 ? '/nope' : '/healthz' })).headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(3);
  });

  it("the server's timeouts: the defaults, and the headers' limit never above the request's", async () => {
    const plain = await appWith();
    expect(plain.server.requestTimeout).toBe(30_000);
    expect(plain.server.headersTimeout).toBe(10_000);
    expect(plain.server.keepAliveTimeout).toBe(5_000);
    const tight = await appWith({ requestTimeoutMs: 4_000, keepAliveTimeoutMs: 750 });
    expect(tight.server.requestTimeout).toBe(4_000);
    expect(tight.server.headersTimeout).toBe(4_000);
    expect(tight.server.keepAliveTimeout).toBe(750);
    const loose = await appWith({ requestTimeoutMs: 60_000 });
    expect(loose.server.headersTimeout).toBe(10_000);
  });

  it('Node checks request timeouts every second, or sooner when the request timeout is shorter', async () => {
    // The interval's timer, which Node's HTTP server keeps under this symbol once it listens (Node 20).
    const interval = async (app: FastifyInstance) => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const symbol = Object.getOwnPropertySymbols(app.server).find((s) => s.description === 'http.server.connectionsCheckingInterval');
      return (app.server as unknown as Record<symbol, { _idleTimeout: number }>)[symbol!]._idleTimeout;
    };
    expect(await interval(await appWith())).toBe(1_000);
    expect(await interval(await appWith({ requestTimeoutMs: 400 }))).toBe(400);
  });

  it('a cap of one connection leaves it to every request (no slot kept for probes out of one)', async () => {
    const app = await appWith({ maxConnections: 1 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it("whose X-Forwarded-For is believed: no one's by default, any with true, that many hops with a number, listed addresses", async () => {
    const plain = await appWith();
    const headers = { 'x-forwarded-for': '203.0.113.1, 198.51.100.2' };
    const ip = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/test/ip', headers, remoteAddress: '127.0.0.1' })).json().ip;
    expect(await ip(plain)).toBe('127.0.0.1');
    expect(await ip(await appWith({ trustProxy: false }))).toBe('127.0.0.1');
    expect(await ip(await appWith({ trustProxy: true }))).toBe('203.0.113.1');
    expect(await ip(await appWith({ trustProxy: 1 }))).toBe('198.51.100.2');
    expect(await ip(await appWith({ trustProxy: 2 }))).toBe('203.0.113.1');
    expect(await ip(await appWith({ trustProxy: 0 }))).toBe('127.0.0.1');
    expect(await ip(await appWith({ trustProxy: ['127.0.0.1'] }))).toBe('198.51.100.2');
    expect(await ip(await appWith({ trustProxy: ['10.0.0.0/8'] }))).toBe('127.0.0.1');
  });

  it("the OpenAPI document's head: its version (0.0.0 when none is given) and the bearer key every route asks for by default", async () => {
    const plain = await appWith();
    const given = await appWith({ version: '9.8.7' });
    for (const [app, version] of [
      [plain, '0.0.0'],
      [given, '9.8.7'],
    ] as const) {
      const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(document.openapi).toBe('3.1.0');
      expect(document.info).toEqual({
        title: 'docsnav server',
        version,
        description: 'Deployments of documentation sites from their git repositories, checked with docsnav.',
      });
      expect(document.components.securitySchemes).toEqual({
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key made with `docsnav key create`.' },
      });
      expect(document.security).toEqual([{ bearer: [] }]);
    }
  });

  it("metrics count each answer by method, route and status; an unknown route's as unknown", async () => {
    const plain = await appWith();
    const metrics = new Metrics(store, { process: false });
    const app = await appWith({ metrics });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'POST', url: '/test/echo', headers: json, payload: '{' });
    await app.inject({ method: 'GET', url: '/not/a/route' });
    const { body } = await metrics.scrape();
    expect(body).toMatch(/docsnav_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1\n/);
    expect(body).toMatch(/docsnav_http_request_duration_seconds_count\{method="POST",route="\/test\/echo",status="400"\} 1\n/);
    expect(body).toMatch(/docsnav_http_request_duration_seconds_count\{method="GET",route="unknown",status="404"\} 1\n/);
    // In seconds: three answers of a few milliseconds each.
    const sums = [...body.matchAll(/^docsnav_http_request_duration_seconds_sum\{[^}]*\} (\S+)$/gm)].map((match) => Number(match[1]));
    expect(sums).toHaveLength(3);
    for (const sum of sums) {
      expect(sum).toBeGreaterThan(0);
      expect(sum).toBeLessThan(5);
    }
    // Without metrics, nothing is counted (and nothing fails).
    expect((await plain.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it("the assistant's refusals are counted by limit when there are metrics", async () => {
    const metrics = new Metrics(store, { process: false });
    const assistant = new Assistant(store);
    await appWith({ metrics, assistant });
    assistant.onRefused!('ip');
    assistant.onRefused!('ip');
    assistant.onRefused!('key');
    const { body } = await metrics.scrape();
    expect(body).toMatch(/docsnav_assistant_refusals_total\{limit="ip"\} 2\n/);
    expect(body).toMatch(/docsnav_assistant_refusals_total\{limit="key"\} 1\n/);
    const alone = new Assistant(store);
    await appWith({ assistant: alone });
    expect(alone.onRefused).toBeUndefined();
  });

  it('an HttpError is named so in logs', () => {
    expect(new HttpError(404, 'no such thing').name).toBe('HttpError');
  });
});
