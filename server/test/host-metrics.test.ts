/**
 * The Prometheus registry (src/host/metrics.ts) in-process: the text a scrape gets after
 * observations, the queue gauge read from a database (a real embedded one, and one that fails),
 * the data folder's gauges, and the port of its own (`listen`). operate.test.ts scrapes a built
 * `docsnav serve`, which a mutant never reaches.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataFolderSize, FolderSize } from '../src/host/folder-size.js';
import { Metrics } from '../src/host/metrics.js';
import { enqueueJob } from '../src/store/jobs.js';
import { openStore } from '../src/store/open.js';
import type { Queryable } from '../src/store/store.js';
import { tempDir } from './helpers.js';

/** A database whose job counts are `rows` (or whose query fails when `rows` is an Error). */
const dbOf = (rows: () => Array<{ kind: string; state: string; count: number | string }> | Error): Queryable => ({
  query: <Row>() => {
    const result = rows();
    return result instanceof Error ? Promise.reject(result) : Promise.resolve(result as Row[]);
  },
});
const noJobs = dbOf(() => []);

/** The lines of a scrape about `name` (its HELP, TYPE and samples). */
async function linesOf(metrics: Metrics, name: string): Promise<string[]> {
  const { body } = await metrics.scrape();
  return body
    .split('\n')
    .filter(
      (line) =>
        /^[a-z_]+/.exec(line)?.[0].replace(/_(bucket|sum|count)$/, '') === name || line.startsWith(`# HELP ${name} `) || line.startsWith(`# TYPE ${name} `),
    );
}

const JOBS_HEAD = ['# HELP docsnav_jobs Jobs on the queue (all processes), by kind and state (queued, running)', '# TYPE docsnav_jobs gauge'];

describe('the registry', () => {
  it('times requests by method, route and status in its buckets (5 ms to 60 s)', async () => {
    const metrics = new Metrics(noJobs, { process: false });
    metrics.requests.observe({ method: 'GET', route: '/v1/projects/:id', status: '200' }, 0.03);
    metrics.requests.observe({ method: 'GET', route: '/v1/projects/:id', status: '200' }, 7);
    metrics.requests.observe({ method: 'POST', route: '/v1/deployments', status: '507' }, 0.001);
    const labels = (method: string, route: string, status: string) => `method="${method}",route="${route}",status="${status}"`;
    const get = labels('GET', '/v1/projects/:id', '200');
    const post = labels('POST', '/v1/deployments', '507');
    const bounds = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '30', '60', '+Inf'];
    const getCounts = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2];
    expect(await linesOf(metrics, 'docsnav_http_request_duration_seconds')).toEqual([
      '# HELP docsnav_http_request_duration_seconds HTTP requests by route and status: how long until the response ended',
      '# TYPE docsnav_http_request_duration_seconds histogram',
      ...bounds.map((le, i) => `docsnav_http_request_duration_seconds_bucket{le="${le}",${get}} ${getCounts[i]}`),
      `docsnav_http_request_duration_seconds_sum{${get}} 7.03`,
      `docsnav_http_request_duration_seconds_count{${get}} 2`,
      ...bounds.map((le) => `docsnav_http_request_duration_seconds_bucket{le="${le}",${post}} 1`),
      `docsnav_http_request_duration_seconds_sum{${post}} 0.001`,
      `docsnav_http_request_duration_seconds_count{${post}} 1`,
    ]);
  });

  it('times jobs by kind and outcome in their buckets (0.1 s to 10 min), and counts refusals by limit', async () => {
    const metrics = new Metrics(noJobs, { process: false });
    metrics.jobEnded('deployment', 'success', 0.7);
    metrics.jobEnded('repair', 'interrupted', 400);
    metrics.refusals.inc({ limit: 'organization' });
    metrics.refusals.inc({ limit: 'organization' });
    metrics.refusals.inc({ limit: 'ip' });
    const bounds = ['0.1', '0.5', '1', '2.5', '5', '10', '30', '60', '120', '300', '600', '+Inf'];
    const deployment = 'kind="deployment",outcome="success"';
    const repair = 'kind="repair",outcome="interrupted"';
    expect(await linesOf(metrics, 'docsnav_job_duration_seconds')).toEqual([
      '# HELP docsnav_job_duration_seconds Jobs run by this process, by kind and outcome (success, failure, interrupted, crashed, …)',
      '# TYPE docsnav_job_duration_seconds histogram',
      ...bounds.map((le, i) => `docsnav_job_duration_seconds_bucket{le="${le}",${deployment}} ${i < 2 ? 0 : 1}`),
      `docsnav_job_duration_seconds_sum{${deployment}} 0.7`,
      `docsnav_job_duration_seconds_count{${deployment}} 1`,
      ...bounds.map((le, i) => `docsnav_job_duration_seconds_bucket{le="${le}",${repair}} ${i < 10 ? 0 : 1}`),
      `docsnav_job_duration_seconds_sum{${repair}} 400`,
      `docsnav_job_duration_seconds_count{${repair}} 1`,
    ]);
    expect(await linesOf(metrics, 'docsnav_assistant_refusals_total')).toEqual([
      '# HELP docsnav_assistant_refusals_total Assistant requests refused by a rate limit, by limit (key, organization, ip)',
      '# TYPE docsnav_assistant_refusals_total counter',
      'docsnav_assistant_refusals_total{limit="organization"} 2',
      'docsnav_assistant_refusals_total{limit="ip"} 1',
    ]);
  });

  it("has the process's own metrics, prefixed docsnav_, unless told not to", async () => {
    const withProcess = (await new Metrics(noJobs).scrape()).body;
    expect(withProcess).toContain('# TYPE docsnav_process_cpu_user_seconds_total counter');
    expect(withProcess).toContain('# TYPE docsnav_nodejs_eventloop_lag_seconds gauge');
    expect(withProcess).not.toMatch(/^process_cpu/m);
    const without = (await new Metrics(noJobs, { process: false }).scrape()).body;
    expect(without).not.toContain('process_cpu');
    expect(without).not.toContain('nodejs_');
    // Only the four of its own: two histograms, a counter, the queue gauge.
    expect(without.match(/^# TYPE .*$/gm)).toEqual([
      '# TYPE docsnav_http_request_duration_seconds histogram',
      '# TYPE docsnav_job_duration_seconds histogram',
      '# TYPE docsnav_assistant_refusals_total counter',
      '# TYPE docsnav_jobs gauge',
    ]);
  });

  it('scrapes as Prometheus text', async () => {
    expect((await new Metrics(noJobs, { process: false }).scrape()).contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});

describe('the queue gauge (docsnav_jobs)', () => {
  it('has a sample for every kind and state, 0 where there is none, the counts where there are', async () => {
    const metrics = new Metrics(
      dbOf(() => [
        { kind: 'repair', state: 'running', count: 1 },
        { kind: 'deployment', state: 'queued', count: '12' },
      ]),
      { process: false },
    );
    expect(await linesOf(metrics, 'docsnav_jobs')).toEqual([
      ...JOBS_HEAD,
      'docsnav_jobs{kind="deployment",state="queued"} 12',
      'docsnav_jobs{kind="deployment",state="running"} 0',
      'docsnav_jobs{kind="repair",state="queued"} 0',
      'docsnav_jobs{kind="repair",state="running"} 1',
    ]);
  });

  it('counts the jobs queued and running on a real embedded database, not those ended', async () => {
    const store = await openStore({ data: path.join(tempDir('host-metrics'), 'data') });
    try {
      for (const id of ['d1', 'd2', 'd3']) await enqueueJob(store, { id, kind: 'deployment', lane: `lane-${id}` });
      await enqueueJob(store, { id: 'r1', kind: 'repair', lane: 'lane-r' });
      await enqueueJob(store, { id: 'd4', kind: 'deployment', lane: 'lane-d4' });
      await store.query(`UPDATE jobs SET state = 'running' WHERE id IN ('d1', 'r1')`);
      await store.query(`UPDATE jobs SET state = 'done' WHERE id = 'd4'`);
      const metrics = new Metrics(store, { process: false });
      expect(await linesOf(metrics, 'docsnav_jobs')).toEqual([
        ...JOBS_HEAD,
        'docsnav_jobs{kind="deployment",state="queued"} 2',
        'docsnav_jobs{kind="deployment",state="running"} 1',
        'docsnav_jobs{kind="repair",state="queued"} 0',
        'docsnav_jobs{kind="repair",state="running"} 1',
      ]);
    } finally {
      await store.close();
    }
  });

  it('is empty for a scrape while the database is away (the last counts are not kept), and back after', async () => {
    let away = false;
    const metrics = new Metrics(
      dbOf(() => (away ? new Error('connection refused') : [{ kind: 'deployment', state: 'running', count: 2 }])),
      { process: false },
    );
    const counted = [
      ...JOBS_HEAD,
      'docsnav_jobs{kind="deployment",state="queued"} 0',
      'docsnav_jobs{kind="deployment",state="running"} 2',
      'docsnav_jobs{kind="repair",state="queued"} 0',
      'docsnav_jobs{kind="repair",state="running"} 0',
    ];
    expect(await linesOf(metrics, 'docsnav_jobs')).toEqual(counted);
    away = true;
    expect(await linesOf(metrics, 'docsnav_jobs')).toEqual(JOBS_HEAD);
    away = false;
    expect(await linesOf(metrics, 'docsnav_jobs')).toEqual(counted);
  });
});

describe("the data folder's gauges", () => {
  const size = (bytes: number): FolderSize => ({
    bytes,
    parts: { db: bytes - 600, pg_wal: 100, git: 200, checkouts: 0, worktrees: 300, scans: 0, other: 0 },
    measuredAt: 0,
    ms: 3,
  });
  /** A DataFolderSize whose last reading is `latest` and whose walk gives `read`. */
  function folderOf(latest: FolderSize | undefined, read: () => Promise<FolderSize>) {
    const calls = { latest: 0, read: 0 };
    const folder = {
      latest: () => (calls.latest++, latest),
      read: () => (calls.read++, read()),
    } as unknown as DataFolderSize;
    return { folder, calls };
  }
  const gauges = (bytes: number, db: number) => [
    "# HELP docsnav_data_folder_bytes Bytes this process's data folder (--data) holds on disk, as du counts them (measured at most every 30 s)",
    '# TYPE docsnav_data_folder_bytes gauge',
    `docsnav_data_folder_bytes ${bytes}`,
    '',
    '# HELP docsnav_data_folder_part_bytes The same by part: db (the embedded database), pg_wal (its write-ahead log), git (caches), checkouts, worktrees, scans, other',
    '# TYPE docsnav_data_folder_part_bytes gauge',
    `docsnav_data_folder_part_bytes{part="db"} ${db}`,
    'docsnav_data_folder_part_bytes{part="pg_wal"} 100',
    'docsnav_data_folder_part_bytes{part="git"} 200',
    'docsnav_data_folder_part_bytes{part="checkouts"} 0',
    'docsnav_data_folder_part_bytes{part="worktrees"} 300',
    'docsnav_data_folder_part_bytes{part="scans"} 0',
    'docsnav_data_folder_part_bytes{part="other"} 0',
  ];
  const folderText = async (metrics: Metrics) => {
    const { body } = await metrics.scrape();
    const start = body.indexOf('# HELP docsnav_data_folder_bytes');
    expect(start).toBeGreaterThanOrEqual(0);
    return body.slice(start, body.indexOf('\n\n', body.indexOf('# HELP docsnav_data_folder_part_bytes'))).split('\n');
  };

  it('reports the last reading as it is, in all and by part, without walking the folder', async () => {
    const { folder, calls } = folderOf(size(10_000), () => Promise.resolve(size(99_999)));
    expect(await folderText(new Metrics(noJobs, { process: false, folder }))).toEqual(gauges(10_000, 9_400));
    expect(calls).toEqual({ latest: 2, read: 0 });
  });

  it('walks the folder for its first reading', async () => {
    const { folder, calls } = folderOf(undefined, () => Promise.resolve(size(4_096)));
    expect(await folderText(new Metrics(noJobs, { process: false, folder }))).toEqual(gauges(4_096, 3_496));
    expect(calls).toEqual({ latest: 2, read: 2 });
  });

  it('are not there without a folder', async () => {
    expect((await new Metrics(noJobs, { process: false }).scrape()).body).not.toContain('docsnav_data_folder');
  });
});

// A listen that never settles (a mutant) fails in seconds, not at the suite's minute per test.
describe('its own port (listen)', { timeout: 10_000 }, () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });
  async function listening(metrics: Metrics): Promise<string> {
    const server = await metrics.listen('127.0.0.1', 0);
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it.each(['/metrics', '/metrics?name[]=docsnav_jobs'])('answers GET %s with the scrape', async (url) => {
    const metrics = new Metrics(noJobs, { process: false });
    metrics.refusals.inc({ limit: 'key' });
    const response = await fetch(`${await listening(metrics)}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await response.text()).toBe((await metrics.scrape()).body);
  });

  it.each([
    ['POST', '/metrics'],
    ['PUT', '/metrics'],
    ['GET', '/other'],
    ['GET', '/'],
    ['GET', '/metrics/'],
    ['GET', '/metricsx?x=1'],
  ])('answers %s %s with 404 and what it serves', async (method, url) => {
    const response = await fetch(`${await listening(new Metrics(noJobs, { process: false }))}${url}`, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ error: 'only GET /metrics here' });
  });

  it('answers HEAD /metrics with 404 (only GET is served), without a body', async () => {
    const response = await fetch(`${await listening(new Metrics(noJobs, { process: false }))}/metrics`, { method: 'HEAD' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('');
  });

  it('answers 500 when the scrape fails', async () => {
    const folder = { latest: () => undefined, read: () => Promise.reject(new Error('EACCES')) } as unknown as DataFolderSize;
    const response = await fetch(`${await listening(new Metrics(noJobs, { process: false, folder }))}/metrics`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ error: 'metrics failed' });
  });

  it('fails to listen on a port that is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    servers.push(taken);
    const port = (taken.address() as AddressInfo).port;
    await expect(new Metrics(noJobs, { process: false }).listen('127.0.0.1', port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
