/**
 * The assistant's three usage limits, counted in the database: exact under concurrency in one
 * process (PGlite), and across several `docsnav serve` processes sharing one PostgreSQL.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { dayWindow, hourWindow, monthWindow } from '../src/assistant/limits.js';
import { postgresUnavailable, runCli, startPostgres, startServe, stopProc, tempDir, type Proc, type TestPostgres } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const body = JSON.stringify({ fp: 'anonymous', messages: [{ id: '1', role: 'user', content: 'hello' }] });

describe('limits in one process (PGlite)', () => {
  let store: Store;
  let core: Core;
  const apps: FastifyInstance[] = [];
  let token: string;

  beforeAll(async () => {
    store = await openStore({ data: path.join(tempDir('limits'), 'data') });
    core = new Core(store);
    await core.addProject({ id: 'acme', repo: '/tmp', branch: 'main', domain: 'acme' });
    token = (await core.createKey('acme', 'assistant')).token;
  }, hangGuard(120_000));

  afterAll(async () => {
    for (const app of apps) await app.close();
    await store?.close();
  });

  async function appWith(limits: { perKeyPerMonth: number; perOrganizationPerHour: number; perIpPerDay: number }) {
    const app = await buildApp(core, { assistant: { limits } });
    apps.push(app);
    return (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/v1/assistant/acme/message',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
        payload: body,
      });
  }

  it('the windows are the calendar month, the hour and the day (UTC)', () => {
    const now = new Date('2026-02-28T23:59:30.000Z');
    expect(monthWindow(now).end.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(hourWindow(now).start.toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(dayWindow(now).end.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('40 concurrent requests under an hourly limit of 7: exactly 7 pass; 429s say which limit and when to retry', async () => {
    await store.query('DELETE FROM usage_counters');
    const post = await appWith({ perKeyPerMonth: 1000, perOrganizationPerHour: 7, perIpPerDay: 1000 });
    const responses = await Promise.all(Array.from({ length: 40 }, () => post()));
    const passed = responses.filter((response) => response.statusCode !== 429);
    expect(passed).toHaveLength(7);
    // Past the limits the project has no deployment: 409, which counted as a use.
    expect(new Set(passed.map((response) => response.statusCode))).toEqual(new Set([409]));
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: expect.stringMatching(/organization's limit of 7 requests per hour/), limit: 'organization' });
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    // A refused request used nothing: the key's and the IP's counters stopped at 7 too.
    const rows = await store.query<{ scope: string; count: number }>('SELECT scope, count FROM usage_counters ORDER BY scope');
    expect(rows.map((row) => [row.scope, Number(row.count)])).toEqual([
      ['assistant:ip:day', 7],
      ['assistant:key:month', 7],
      ['assistant:organization:hour', 7],
    ]);
  });

  it('the key limit and the IP limit are enforced too', async () => {
    await store.query('DELETE FROM usage_counters');
    const byKey = await appWith({ perKeyPerMonth: 3, perOrganizationPerHour: 1000, perIpPerDay: 1000 });
    const keyResponses = await Promise.all(Array.from({ length: 10 }, () => byKey()));
    expect(keyResponses.filter((response) => response.statusCode !== 429)).toHaveLength(3);
    expect(keyResponses.find((response) => response.statusCode === 429)!.json().limit).toBe('key');
    await store.query('DELETE FROM usage_counters');
    const byIp = await appWith({ perKeyPerMonth: 1000, perOrganizationPerHour: 1000, perIpPerDay: 2 });
    const ipResponses = await Promise.all(Array.from({ length: 10 }, () => byIp()));
    expect(ipResponses.filter((response) => response.statusCode !== 429)).toHaveLength(2);
    expect(ipResponses.find((response) => response.statusCode === 429)!.json().limit).toBe('ip');
    // Bad input and bad keys are refused before they count.
    await store.query('DELETE FROM usage_counters');
    expect((await byIp({ authorization: 'Bearer dn_assistant_nope' })).statusCode).toBe(401);
    expect((await store.query('SELECT 1 FROM usage_counters')).length).toBe(0);
  });
});

const noPostgres = postgresUnavailable();
if (noPostgres) console.warn(`assistant limits across processes: PostgreSQL skipped: ${noPostgres}`);

describe.skipIf(noPostgres !== undefined)('limits across three docsnav serve processes on one PostgreSQL', () => {
  let pg: TestPostgres;
  const procs: Proc[] = [];
  const bases: string[] = [];
  let token: string;
  let dir: string;
  const LIMIT = 25;

  beforeAll(async () => {
    pg = await startPostgres();
    dir = tempDir('limits-pg');
    const cli = (args: string[]) => {
      const result = runCli([...args, '--database', pg.url], dir);
      if (result.status !== 0) throw new Error(`docsnav ${args.join(' ')}: ${result.stderr}`);
      return result.stdout.trim();
    };
    cli(['project', 'add', 'acme', '--repo', dir, '--branch', 'main', '--domain', 'acme']);
    token = cli(['key', 'create', '--project', 'acme', '--kind', 'assistant']);
    for (let index = 0; index < 3; index++) {
      const { proc, base } = await startServe(dir, [
        '--database',
        pg.url,
        '--jobs',
        '0',
        '--data',
        path.join(dir, `d${index}`),
        '--limit-org-hour',
        String(LIMIT),
      ]);
      procs.push(proc);
      bases.push(base);
    }
  }, hangGuard(180_000));

  afterAll(async () => {
    for (const proc of procs) await stopProc(proc);
    await pg?.stop();
  });

  it(`3 processes × 20 concurrent requests under a limit of ${LIMIT}: exactly ${LIMIT} pass`, async () => {
    const requests = bases.flatMap((base) =>
      Array.from({ length: 20 }, () =>
        fetch(`${base}/v1/assistant/acme/message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
          signal: AbortSignal.timeout(60_000),
        }).then(async (response) => ({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { limit?: string },
        })),
      ),
    );
    const responses = await Promise.all(requests);
    expect(responses.filter((response) => response.status !== 429)).toHaveLength(LIMIT);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(60 - LIMIT);
    const refused = responses.find((response) => response.status === 429)!;
    expect(refused.body.limit).toBe('organization');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });
});
