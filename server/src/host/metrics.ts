/**
 * Prometheus metrics (prom-client), one registry per process: request latency by route and
 * status, the queue's depth (read from the database at each scrape), job durations and
 * outcomes, assistant refusals by limit, the data folder's size (as `du` counts it), and the
 * process's own (memory, event-loop lag).
 */
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobObserver } from '../jobs/queue.js';
import { FOLDER_PARTS, type DataFolderSize } from './folder-size.js';
import { ACTIVE_JOB_STATES, countJobs, JOB_KIND_NAMES } from '../store/jobs.js';
import type { Queryable } from '../store/store.js';

export class Metrics implements JobObserver {
  readonly registry = new Registry();
  readonly requests: Histogram<'method' | 'route' | 'status'>;
  readonly jobs: Histogram<'kind' | 'outcome'>;
  readonly refusals: Counter<'limit'>;

  constructor(db: Queryable, options: { process?: boolean; folder?: DataFolderSize } = {}) {
    if (options.process !== false) collectDefaultMetrics({ register: this.registry, prefix: 'docsnav_' });
    this.requests = new Histogram({
      name: 'docsnav_http_request_duration_seconds',
      help: 'HTTP requests by route and status: how long until the response ended',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [this.registry],
    });
    this.jobs = new Histogram({
      name: 'docsnav_job_duration_seconds',
      help: 'Jobs run by this process, by kind and outcome (success, failure, interrupted, crashed, …)',
      labelNames: ['kind', 'outcome'],
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
      registers: [this.registry],
    });
    this.refusals = new Counter({
      name: 'docsnav_assistant_refusals_total',
      help: 'Assistant requests refused by a rate limit, by limit (key, organization, ip)',
      labelNames: ['limit'],
      registers: [this.registry],
    });
    if (options.folder) this.folderGauges(options.folder);
    new Gauge({
      name: 'docsnav_jobs',
      help: 'Jobs on the queue (all processes), by kind and state (queued, running)',
      labelNames: ['kind', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          const counts = await countJobs(db);
          // Every kind and state has its sample, 0 when none is there: a dashboard shows 0, not "no data".
          for (const kind of JOB_KIND_NAMES) for (const state of ACTIVE_JOB_STATES) this.set({ kind, state }, 0);
          for (const row of counts) this.set({ kind: row.kind, state: row.state }, row.count);
        } catch {
          // the database is away: the gauge stays empty for this scrape
        }
      },
    });
  }

  /** The data folder's size, in all and by part, as `du` counts it (folder-size.ts: walked at most every 30 s). */
  private folderGauges(folder: DataFolderSize): void {
    const reading = async () => folder.latest() ?? (await folder.read());
    new Gauge({
      name: 'docsnav_data_folder_bytes',
      help: "Bytes this process's data folder (--data) holds on disk, as du counts them (measured at most every 30 s)",
      registers: [this.registry],
      async collect() {
        this.set((await reading()).bytes);
      },
    });
    new Gauge({
      name: 'docsnav_data_folder_part_bytes',
      help: 'The same by part: db (the embedded database), pg_wal (its write-ahead log), git (caches), checkouts, worktrees, scans, other',
      labelNames: ['part'],
      registers: [this.registry],
      async collect() {
        const { parts } = await reading();
        for (const part of FOLDER_PARTS) this.set({ part }, parts[part]);
      },
    });
  }

  jobEnded(kind: string, outcome: string, seconds: number): void {
    this.jobs.observe({ kind, outcome }, seconds);
  }

  /** The text a scrape gets, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Serves GET /metrics on its own port (a worker, or serve with --metrics-port). */
  async listen(host: string, port: number): Promise<Server> {
    const server = createServer((request, response) => {
      // Stryker disable next-line OptionalChaining: a server's request always has its url (undefined only on a client's response)
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'only GET /metrics here' }));
        return;
      }
      this.scrape().then(
        ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
        () => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'metrics failed' })),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return server;
  }
}
