/**
 * Issue 17 on a real PostgreSQL: an outage longer than the job lease never runs a deployment
 * twice at once (item 4, on a server of this test's own that it stops and starts); LISTEN
 * comes back after its connection is lost and never releases a connection twice; concurrent
 * follow-ups on one thread all get answers and all are stored (item 6); DATABASE_URL is the
 * database when no flag names one (item 17).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { threadMessages } from '../src/store/assistant.js';
import { insertDeployment } from '../src/store/deployments.js';
import { enqueueJob } from '../src/store/jobs.js';
import { openStore } from '../src/store/open.js';
import type { Queryable, Store } from '../src/store/store.js';
import { deployedExample } from './assistant-helpers.js';
import {
  deploymentEnded,
  exampleRepo,
  gitHttpServer,
  ownPostgresUnavailable,
  postgresUnavailable,
  runCli,
  startPostgres,
  startPostgresServer,
  storeOnOwnServer,
  tempDir,
  waitFor,
  LOCAL_ROOTS,
  type PostgresServer,
  type TestPostgres,
} from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, hangGuard(60_000));

const noOwnServer = ownPostgresUnavailable();
if (noOwnServer) console.warn(`SKIPPED the PostgreSQL outage test: ${noOwnServer}`);

describe.skipIf(noOwnServer !== undefined)('a PostgreSQL outage longer than the job lease', () => {
  it(
    'stops the run before the lease ends; the job runs again once, never twice at the same time',
    async () => {
      const dir = tempDir('pg-outage');
      const server: PostgresServer = await startPostgresServer();
      cleanups.push(() => server.destroy());
      const store = await openStore({ database: server.baseUrl });
      cleanups.push(() => store.close());
      const root = path.join(dir, 'remotes');
      exampleRepo(path.join(root, 'site'));
      // Each git request waits 2.5 s: a fetch takes over 5 s, longer than the 3 s lease.
      const slow = await gitHttpServer(root, { delayMs: 2_500 });
      cleanups.push(() => slow.close());
      const core = new Core(store);
      await core.addProject({ id: 'slow', repo: `${slow.url}/site/.git`, branch: 'main', docsDir: 'docs' });
      const runner = new JobRunner(
        store,
        jobKinds,
        workerSettings(path.join(dir, 'data'), { leaseMs: 3_000, pollMs: 200, sweepMs: 500, git: { localRoots: LOCAL_ROOTS } }),
      );
      await runner.start();
      cleanups.push(() => runner.stop());
      const { statusId } = await core.queueUpdate('slow');
      await waitFor(() => slow.requests() > 0 || undefined, 20_000, 'the fetch to start');
      server.pause();
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      server.resume();
      const done = await deploymentEnded(store, statusId, 90_000, 'the deployment to end', true);
      expect(done.status, done.summary).toBe('success');
      expect(slow.maxInFlight()).toBe(1);
      const job = await store.query<{ attempts: number; state: string }>('SELECT attempts, state FROM jobs WHERE id = $1', [statusId]);
      expect(job[0].state).toBe('done');
      expect(job[0].attempts).toBeGreaterThanOrEqual(2);
      expect(done.logs.join('\n')).toMatch(/attempt 2: the previous worker stopped before finishing/);
    },
    hangGuard(150_000),
  );
});

describe.skipIf(noOwnServer !== undefined)('LISTEN through connection losses', () => {
  it(
    'a listener whose connection is killed, then the database stopped and started, listens again; nothing is released twice',
    async () => {
      const { server, store, crashes } = await storeOnOwnServer(cleanups);
      const heard: string[] = [];
      await store.listen('docsnav_test', (payload) => heard.push(payload));
      // The listener's connection is killed from outside (its 'error' may come more than once) …
      await store.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
      await waitFor(() => heard.includes('reconnected') || undefined, 20_000, 'the listener to come back after its connection was killed');
      // … then the whole database goes away while it listens, and comes back.
      server.pause();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      server.resume();
      const before = heard.filter((payload) => payload === 'reconnected').length;
      await waitFor(
        () => heard.filter((payload) => payload === 'reconnected').length > before || undefined,
        30_000,
        'the listener to come back after the outage',
      );
      await store.query("SELECT pg_notify('docsnav_test', 'hello')");
      await waitFor(() => heard.includes('hello') || undefined, 10_000, 'a notification after the outage');
      expect(crashes).toEqual([]);
    },
    hangGuard(90_000),
  );

  it(
    "a stopped listener's connection, idle in the pool, survives the database stopping: its handler does not release it a second time",
    async () => {
      // Before the fix the listener's 'error' handler stayed on the connection it had handed back to
      // the pool, released it again when the database went away, and pg-pool threw from the event
      // handler: "Release called on client which has already been released to the pool".
      const { server, store, crashes } = await storeOnOwnServer(cleanups);
      const stop = await store.listen('docsnav_test', () => {});
      await stop();
      server.pause();
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.resume();
      expect(await store.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(crashes).toEqual([]);
    },
    hangGuard(60_000),
  );
});

const noPostgres = postgresUnavailable();
if (noPostgres) console.warn(`SKIPPED the PostgreSQL tests: ${noPostgres}`);

describe.skipIf(noPostgres !== undefined)('on a shared PostgreSQL', () => {
  let pg: TestPostgres;
  let store: Store;
  let app: FastifyInstance;

  it(
    'concurrent follow-ups on one thread: every one is answered, and every question and answer stored',
    async () => {
      const dir = tempDir('pg-thread');
      pg = await startPostgres();
      cleanups.push(() => pg.stop());
      store = await openStore({ database: pg.url });
      cleanups.push(() => store.close());
      const { core, assistant } = await deployedExample(store, dir);
      app = await buildApp(core);
      cleanups.push(() => app.close());
      const ask = (text: string, threadId?: string) =>
        app.inject({
          method: 'POST',
          url: '/v1/assistant/acme/message',
          headers: { authorization: `Bearer ${assistant}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ fp: 'anonymous', threadId: threadId ?? null, messages: [{ id: `q-${text}`, role: 'user', content: text }] }),
        });
      const first = await ask('how do I authenticate?');
      expect(first.statusCode).toBe(200);
      const threadId = String(first.headers['x-thread-id']);
      const questions = ['quickstart', 'deployments', 'projects', 'tabs', 'groups', 'navigation', 'admin', 'api keys'];
      const answers = await Promise.all(questions.map((question) => ask(question, threadId)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(questions.map(() => 200));
      const stored = await threadMessages(store, threadId);
      expect(stored).toHaveLength(2 * (questions.length + 1));
      expect(
        stored
          .filter((message) => message.role === 'user')
          .map((message) => message.content)
          .sort(),
      ).toEqual(['how do I authenticate?', ...questions].sort());
      // Each answer names the question it answers.
      const rows = await store.query<{ id: string; role: string; reply_to: string | null }>(
        'SELECT id, role, reply_to FROM assistant_messages WHERE thread_id = $1',
        [threadId],
      );
      const userIds = new Set(rows.filter((row) => row.role === 'user').map((row) => row.id));
      const repliedTo = rows.filter((row) => row.role === 'assistant').map((row) => row.reply_to);
      expect(new Set(repliedTo)).toEqual(userIds);
    },
    hangGuard(180_000),
  );

  it(
    'processes starting together on a new database all migrate it without colliding',
    async () => {
      const fresh = await startPostgres();
      cleanups.push(() => fresh.stop());
      const pg = (await import('pg')).default;
      for (let round = 0; round < 3; round++) {
        const client = new pg.Client({ connectionString: fresh.url });
        await client.connect();
        await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
        await client.end();
        const stores = await Promise.all(Array.from({ length: 4 }, () => openStore({ database: fresh.url })));
        const applied = await stores[0].query<{ n: number }>('SELECT count(*)::integer AS n FROM schema_migrations');
        expect(applied[0].n).toBeGreaterThan(3);
        for (const opened of stores) await opened.close();
      }
    },
    hangGuard(60_000),
  );

  it(
    'DATABASE_URL is the database when no flag names one; no embedded database is made',
    () => {
      const dir = tempDir('pg-env');
      const repo = exampleRepo(path.join(dir, 'site'));
      const env = { DATABASE_URL: pg.url };
      const added = runCli(['project', 'add', 'from-env', '--repo', repo, '--branch', 'main'], dir, env);
      expect(added.status, added.stderr).toBe(0);
      const listed = runCli(['project', 'list', '--database', pg.url], dir);
      expect(listed.stdout).toMatch(/^from-env\t/m);
      expect(existsSync(path.join(dir, '.docsnav'))).toBe(false);
    },
    hangGuard(60_000),
  );
});

describe.skipIf(noOwnServer !== undefined)('connecting to a PostgreSQL that asks a password (issue 40 item 5)', () => {
  it(
    'a missing, a wrong and an unreachable one each fail at once with a line that says what to fix; the right one connects',
    async () => {
      const server = await startPostgresServer({ password: 'right-horse' });
      cleanups.push(() => server.destroy());
      const dir = tempDir('pg-password');
      const url = new URL(server.baseUrl);
      const withPassword = (password: string) => Object.assign(new URL(url), { password }).toString();
      const run = (database: string) => runCli(['project', 'list', '--database', database], dir);
      const cases = [
        {
          // Before: 60 s (the server's authentication_timeout), then "SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string".
          database: server.baseUrl,
          says: `docsnav: cannot connect to ${server.baseUrl}: the server asks a password for user "postgres" and none was given (put it in the URL, postgres://postgres:<password>@${url.host}/postgres, or set PGPASSWORD)`,
        },
        {
          database: withPassword('wrong'),
          says: `docsnav: cannot connect to postgres://postgres:***@${url.host}/postgres: password authentication failed for user "postgres" (the password in the URL or PGPASSWORD is not the role's)`,
        },
      ];
      for (const { database, says } of cases) {
        const result = run(database);
        expect(result.status).toBe(2);
        expect(result.stderr.trim()).toBe(says);
      }
      server.pause();
      const away = run(withPassword('right-horse'));
      expect(away.status).toBe(2);
      expect(away.stderr.trim()).toBe(
        `docsnav: cannot connect to postgres://postgres:***@${url.host}/postgres: connection refused (is PostgreSQL running and listening on ${url.host}?)`,
      );
      server.resume();
      const right = run(withPassword('right-horse'));
      expect(right.status, right.stderr).toBe(0);
      expect(right.stderr).toMatch(/^no projects yet/);
    },
    hangGuard(120_000),
  );
});

describe.skipIf(noPostgres !== undefined)('a worker stopping while a claim of its is in flight (issue 40 item 4)', () => {
  it(
    'hands the job that claim gets straight back, before stop() returns: nothing waits for its lease',
    async () => {
      const pg = await startPostgres();
      cleanups.push(() => pg.stop());
      const dir = tempDir('pg-stop-claim');
      const store = await openStore({ database: pg.url });
      await new Core(store).addProject({ id: 'site', repo: exampleRepo(path.join(dir, 'site')), branch: 'main', docsDir: 'docs' });
      const runner = new JobRunner(store, jobKinds, workerSettings(dir, { pollMs: 60_000, sweepMs: 60_000, git: { localRoots: LOCAL_ROOTS } }));
      await runner.start();
      // Another connection queues a job and holds the queue's table: the runner's claim waits on it.
      const pgModule = (await import('pg')).default;
      const holder = new pgModule.Client({ connectionString: pg.url });
      await holder.connect();
      cleanups.push(() => holder.end());
      const held: Queryable = { query: async <Row>(sql: string, params?: readonly unknown[]) => (await holder.query(sql, params as unknown[])).rows as Row[] };
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE jobs IN ACCESS EXCLUSIVE MODE');
      const id = randomUUID();
      await insertDeployment(held, { id, projectId: 'site', ref: 'main', source: 'api' });
      await enqueueJob(held, { id, kind: 'deployment', lane: 'site' });
      runner.wake();
      await waitFor(
        async () => ((await store.query<{ n: number }>(`SELECT count(*)::integer AS n FROM pg_locks WHERE NOT granted`))[0].n > 0 ? true : undefined),
        10_000,
        'the claim to wait on the lock',
      );
      const stopped = runner.stop();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await holder.query('COMMIT');
      await stopped;
      // Then the process closes its pool (what the claim wrote has ended by then).
      await store.close();
      const rows = await held.query<{ state: string; locked_by: string | null; attempts: number }>(
        'SELECT state, locked_by, attempts FROM jobs WHERE id = $1',
        [id],
      );
      expect(rows).toEqual([{ state: 'queued', locked_by: null, attempts: 0 }]);
    },
    hangGuard(60_000),
  );
});
