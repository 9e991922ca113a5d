/**
 * The real thing: `docsnav serve` (the built CLI) against real local git repositories, on
 * PGlite and, when one is available, on a real PostgreSQL server with separate
 * `docsnav worker` processes: a worker SIGKILLed mid-deployment, a burst of 200 updates,
 * restarts that keep queued and finished deployments.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exampleRepo,
  gitHttpServer,
  postgresUnavailable,
  runCli,
  startCli,
  startPostgres,
  startServe,
  stopProc,
  tempDir,
  waitFor,
  type Proc,
  type TestPostgres,
} from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

interface Status {
  _id: string;
  status: string;
  summary: string;
  logs: string[];
  endedAt: string | null;
  commit: { sha: string | null };
}

class Client {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  async post(projectId: string, token = this.token): Promise<{ status: number; body: { statusId?: string; error?: string } }> {
    const response = await fetch(`${this.base}/v1/project/update/${projectId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as { statusId?: string; error?: string } };
  }

  async status(statusId: string, token = this.token): Promise<Status> {
    const response = await fetch(`${this.base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${token}` } });
    return response.json() as Promise<Status>;
  }

  finished(statusId: string, timeoutMs = 90_000, token = this.token): Promise<Status> {
    return waitFor(
      async () => {
        const body = await this.status(statusId, token).catch(() => undefined);
        return body && (body.status === 'success' || body.status === 'failure') ? body : undefined;
      },
      timeoutMs,
      `update ${statusId}`,
    );
  }
}

function cli(cwd: string, args: string[]): string {
  const result = runCli(args, cwd);
  if (result.status !== 0) throw new Error(`docsnav ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout.trim();
}

describe('docsnav serve on PGlite', () => {
  let dir: string;
  const procs: Proc[] = [];
  afterAll(async () => {
    for (const proc of procs) await stopProc(proc);
  });

  it(
    'registers a project, deploys it over HTTP, refuses a second process, and keeps everything across a restart',
    async () => {
      dir = tempDir('serve-pglite');
      const repo = exampleRepo(path.join(dir, 'site'));
      expect(cli(dir, ['project', 'add', 'acme', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--domain', 'acme'])).toBe(
        `added project acme: ${repo} branch main, docs in docs, domain acme`,
      );
      const token = cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'admin']);
      expect(token).toMatch(/^dn_admin_[A-Za-z0-9_-]{43}$/);

      let serve = await startServe(dir, ['--lease', '2']);
      procs.push(serve.proc);
      // Managed while it serves (through its data folder's socket); a second serve is refused.
      expect(cli(dir, ['project', 'list'])).toMatch(/^acme\t/);
      const second = runCli(['serve', '--port', '0'], dir);
      expect(second.status).toBe(2);
      expect(second.stderr.trim().split('\n')).toHaveLength(1);
      expect(second.stderr).toMatch(/is in use by another docsnav process, which holds its lock \(manage it through docsnav\.sock\)/);
      expect(runCli(['worker'], dir).stderr).toMatch(/^docsnav: docsnav worker needs --database postgres:\/\//);

      let client = new Client(serve.base, token);
      const first = await client.post('acme');
      expect(first.status).toBe(202);
      const done = await client.finished(first.body.statusId!);
      expect(done.status, done.summary).toBe('success');

      // Three more, and a clean stop at once: the running one goes back to the queue.
      const pending = [];
      for (let i = 0; i < 3; i++) pending.push((await client.post('acme')).body.statusId!);
      expect(await stopProc(serve.proc)).toBe(0);
      serve = await startServe(dir, ['--lease', '2']);
      procs.push(serve.proc);
      client = new Client(serve.base, token);
      expect((await client.status(first.body.statusId!)).status).toBe('success');
      for (const id of pending) expect((await client.finished(id)).status).toBe('success');
      expect(await stopProc(serve.proc)).toBe(0);
      expect(cli(dir, ['project', 'list'])).toMatch(/^acme\t.*\tmain\tdocs\tacme\t[0-9a-f-]{36}$/);
    },
    hangGuard(240_000),
  );
});

const noPostgres = postgresUnavailable();
if (noPostgres) console.warn(`SKIPPED the PostgreSQL server tests: ${noPostgres}`);

describe.skipIf(noPostgres !== undefined)('docsnav serve and workers on PostgreSQL', () => {
  let dir: string;
  let pg: TestPostgres;
  let slowGit: Awaited<ReturnType<typeof gitHttpServer>>;
  let serve: { proc: Proc; base: string };
  const workers: Proc[] = [];
  let client: Client;
  let otherToken: string;

  const db = () => ['--database', pg.url];
  const startWorker = (name: string) => {
    const proc = startCli(['worker', ...db(), '--data', path.join(dir, name), '--lease', '2'], dir);
    workers.push(proc);
    return proc;
  };

  beforeAll(async () => {
    dir = tempDir('serve-pg');
    pg = await startPostgres();
    exampleRepo(path.join(dir, 'repos', 'slow'));
    slowGit = await gitHttpServer(path.join(dir, 'repos'), { delayMs: 1500 });
    cli(dir, ['project', 'add', 'slow', '--repo', `${slowGit.url}/slow/.git`, '--branch', 'main', '--docs-dir', 'docs', ...db()]);
    cli(dir, ['project', 'add', 'fast', '--repo', exampleRepo(path.join(dir, 'repos', 'fast')), '--branch', 'main', '--docs-dir', 'docs', ...db()]);
    const token = cli(dir, ['key', 'create', '--project', 'slow', '--kind', 'admin', ...db()]);
    otherToken = cli(dir, ['key', 'create', '--project', 'fast', '--kind', 'admin', ...db()]);
    // 200 requests at once from one address: over the per-address cap (100 by default), which has a test of its own.
    serve = await startServe(dir, [...db(), '--jobs', '0', '--data', path.join(dir, 'api'), '--max-connections-per-ip', '0']);
    startWorker('w1');
    startWorker('w2');
    client = new Client(serve.base, token);
  }, hangGuard(120_000));

  afterAll(async () => {
    for (const proc of [...workers, serve?.proc].filter(Boolean)) await stopProc(proc);
    await slowGit?.close();
    await pg?.stop();
  });

  it('management commands work while the server runs', () => {
    expect(
      cli(dir, ['project', 'list', ...db()])
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(['fast', 'slow']);
  });

  it(
    'a worker SIGKILLed mid-deployment: another finishes it after the lease expires, once',
    async () => {
      const { body } = await client.post('slow');
      const id = body.statusId!;
      const pgModule = (await import('pg')).default;
      const sql = new pgModule.Client({ connectionString: pg.url });
      await sql.connect();
      try {
        const owner = await waitFor(
          async () => {
            const rows = (await sql.query(`SELECT locked_by FROM jobs WHERE id = $1 AND state = 'running'`, [id])).rows;
            const status = await client.status(id);
            return status.status === 'in_progress' && status.logs.some((line) => line.startsWith('fetching'))
              ? (rows[0]?.locked_by as string | undefined)
              : undefined;
          },
          30_000,
          'a worker to start the deployment',
        );
        const pid = Number(owner.split(':')[1]);
        const victim = workers.find((worker) => worker.child.pid === pid)!;
        expect(victim).toBeDefined();
        victim.child.kill('SIGKILL');
        await victim.exited;
        const result = await client.finished(id, 60_000);
        expect(result.status, result.summary).toBe('success');
        expect(result.logs.filter((line) => line.startsWith('attempt 2: the previous worker stopped'))).toHaveLength(1);
        expect(result.logs.filter((line) => line.startsWith('stored '))).toHaveLength(1);
        const job = (await sql.query(`SELECT state, attempts, locked_by FROM jobs WHERE id = $1`, [id])).rows[0];
        expect(job.state).toBe('done');
        expect(job.attempts).toBe(2);
      } finally {
        await sql.end();
      }
      startWorker('w3');
    },
    hangGuard(120_000),
  );

  it(
    '200 update requests in a burst: each gets a statusId, they run in order, other projects are not blocked',
    async () => {
      const ids: string[] = [];
      const responses = await Promise.all(Array.from({ length: 200 }, () => client.post('slow')));
      for (const response of responses) {
        expect(response.status).toBe(202);
        ids.push(response.body.statusId!);
      }
      expect(new Set(ids).size).toBe(200);
      const other = await client.post('fast', otherToken);
      const otherDone = await client.finished(other.body.statusId!, 60_000, otherToken);
      expect(otherDone.status).toBe('success');

      const pgModule = (await import('pg')).default;
      const sql = new pgModule.Client({ connectionString: pg.url });
      await sql.connect();
      try {
        await waitFor(
          async () => {
            const rows = (await sql.query(`SELECT count(*)::integer AS n FROM deployments WHERE id = ANY($1::text[]) AND status = 'success'`, [ids])).rows;
            return rows[0].n === 200 || undefined;
          },
          120_000,
          'all 200 deployments',
        );
        const rows = (
          await sql.query(
            `SELECT d.id, d.ended_at, d.deployed_by, j.seq FROM deployments d JOIN jobs j ON j.id = d.id WHERE d.id = ANY($1::text[]) ORDER BY j.seq`,
            [ids],
          )
        ).rows as Array<{ id: string; ended_at: Date; deployed_by: string }>;
        for (let i = 1; i < rows.length; i++) expect(rows[i].ended_at.getTime()).toBeGreaterThanOrEqual(rows[i - 1].ended_at.getTime());
        const runs = new Set(rows.map((row) => row.deployed_by));
        expect(runs.size).toBeLessThan(200);
        expect(rows.at(-1)!.ended_at.getTime()).toBeGreaterThan(new Date((await client.status(other.body.statusId!, otherToken)).endedAt!).getTime());
      } finally {
        await sql.end();
      }
    },
    hangGuard(240_000),
  );

  it(
    'a restart of every process keeps queued and finished deployments',
    async () => {
      const earlier = (await client.post('slow')).body.statusId!;
      expect((await client.finished(earlier)).status).toBe('success');
      const queued = [];
      for (let i = 0; i < 3; i++) queued.push((await client.post('slow')).body.statusId!);
      for (const proc of [...workers, serve.proc]) {
        proc.child.kill('SIGKILL');
        await proc.exited;
      }
      workers.length = 0;
      serve = await startServe(dir, [...db(), '--lease', '2', '--data', path.join(dir, 'api2')]);
      client = new Client(serve.base, client.token);
      expect((await client.status(earlier)).status).toBe('success');
      for (const id of queued) expect((await client.finished(id, 90_000)).status).toBe('success');
    },
    hangGuard(240_000),
  );

  it(
    'stopping serve and two workers at once, 5 times: every running job is handed back, none waits for its lease (issue 40 item 4)',
    async () => {
      for (const proc of [serve.proc, ...workers]) await stopProc(proc);
      workers.length = 0;
      const projects = ['r1', 'r2', 'r3', 'r4', 'r5'];
      for (const id of projects)
        cli(dir, ['project', 'add', id, '--repo', exampleRepo(path.join(dir, 'repos', id)), '--branch', 'main', '--docs-dir', 'docs', ...db()]);
      const token = Object.fromEntries(projects.map((id) => [id, cli(dir, ['key', 'create', '--project', id, '--kind', 'admin', ...db()])]));
      const pgModule = (await import('pg')).default;
      const sql = new pgModule.Client({ connectionString: pg.url });
      await sql.connect();
      try {
        for (let round = 0; round < 5; round++) {
          // The default lease (30 s): a job left to it would still be running when all three have exited.
          serve = await startServe(dir, [...db(), '--data', path.join(dir, `api-${round}`)]);
          const procs = [serve.proc, ...['a', 'b'].map((name) => startCli(['worker', ...db(), '--data', path.join(dir, `w-${round}-${name}`)], dir))];
          for (const proc of procs.slice(1))
            await waitFor(() => (proc.output().includes('docsnav worker: running') ? true : undefined), 30_000, 'a worker to run');
          client = new Client(serve.base, token.r1);
          for (const id of projects) for (let i = 0; i < 2; i++) await client.post(id, token[id]);
          await waitFor(
            async () => ((await sql.query(`SELECT count(*)::integer AS n FROM jobs WHERE state = 'running'`)).rows[0].n >= 2 ? true : undefined),
            30_000,
            'jobs to run',
          );
          // All three at once (one SIGTERM each), as systemctl stop or docker compose down does.
          const codes = await Promise.all(procs.map((proc) => stopProc(proc)));
          expect(codes, procs.map((proc) => proc.output().slice(-1000)).join('\n')).toEqual([0, 0, 0]);
          const held = (await sql.query(`SELECT id, locked_by FROM jobs WHERE state = 'running'`)).rows;
          expect(held, `round ${round + 1}: jobs left to their lease`).toEqual([]);
        }
      } finally {
        await sql.end();
      }
    },
    hangGuard(300_000),
  );
});
