/**
 * A PostgreSQL restart (`pg_ctl restart`, fast and immediate) while a deployment stores its page
 * texts, and while retention deletes an older deployment's (issue 52 item 7): nothing is lost,
 * nothing half-written is served, and every job runs once at a time and ends once.
 *
 * On a PostgreSQL server of this test's own (it restarts it); skipped, saying why, where one
 * cannot be started (no binaries, not root, no postgres user).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Core } from '../src/core.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { pruneDeployments } from '../src/store/retention.js';
import { isConnectionLost, type Store } from '../src/store/store.js';
import { bigSiteRepo, capturedLog, commitFile, deploymentEnded, ownPostgresUnavailable, storeOnOwnServer, tempDir, waitFor, LOCAL_ROOTS } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, hangGuard(60_000));

const noOwnServer = ownPostgresUnavailable();
if (noOwnServer) console.warn(`SKIPPED the PostgreSQL restart tests: ${noOwnServer}`);

const PAGES = 6_000;

/** A store and a job runner on a PostgreSQL server of this test's own, and the runner's log lines. */
async function setUp(name: string, keepDeployments = 2) {
  const dir = tempDir(name);
  const { server, store, crashes } = await storeOnOwnServer(cleanups);
  const { log, lines } = capturedLog();
  const runner = new JobRunner(
    store,
    jobKinds,
    workerSettings(path.join(dir, 'data'), { leaseMs: 6_000, pollMs: 200, sweepMs: 500, keepDeployments, git: { localRoots: LOCAL_ROOTS } }),
    log,
  );
  await runner.start();
  cleanups.push(() => runner.stop());
  const repo = bigSiteRepo(path.join(dir, 'site'), PAGES);
  const core = new Core(store);
  await core.addProject({ id: 'big', repo, branch: 'main', docsDir: 'docs' });
  return { server, store, core, runner, lines, repo, crashes };
}

/** Reads that retry while the database comes back. */
const retried = async <T>(read: () => Promise<T>): Promise<T> => waitFor<T>(() => read().catch(() => undefined), 30_000, 'a read');

/** The deployment's stored page texts, counted by page. */
async function storedPages(store: Store, id: string): Promise<{ pages: number; sections: number }> {
  const [row] = await retried(() =>
    store.query<{ pages: number; sections: number }>(
      'SELECT count(DISTINCT page_path)::integer AS pages, count(*)::integer AS sections FROM page_sections WHERE deployment_id = $1',
      [id],
    ),
  );
  return row;
}

/** Every run of a job the log saw: each start and each end (with its attempt), in order. */
const runsOf = (lines: ReadonlyArray<Record<string, unknown>>, jobId: string) =>
  lines
    .filter((line) => line.jobId === jobId && /^job (started|ended|crashed|interrupted)$/.test(String(line.msg)))
    .map((line) => `${String(line.msg)} ${String(line.attempt)}`);

describe.skipIf(noOwnServer !== undefined)('a PostgreSQL restart', () => {
  for (const mode of ['fast', 'immediate'] as const) {
    it(
      `(${mode}) while a deployment stores its texts: the deployment ends once, whole, and its job never runs twice at once`,
      async () => {
        const { server, store, core, lines, crashes } = await setUp(`pg-restart-deploy-${mode}`);
        const { statusId } = await core.queueUpdate('big');
        // The texts are being stored: some are in, the deployment has not ended.
        await waitFor(async () => ((await storedPages(store, statusId)).sections > 0 ? true : undefined), 120_000, 'the first texts stored');
        await server.restart(mode);
        const [{ status: restartedDuring }] = await retried(() => store.query<{ status: string }>('SELECT status FROM deployments WHERE id = $1', [statusId]));
        const done = await deploymentEnded(store, statusId, 180_000, 'the deployment to end', true);
        expect(restartedDuring).toBe('in_progress');
        // Ended once, whole: a success serving every page (a retried run started over), or a failure
        // that says the database went away, its texts deleted and the project serving nothing half-written.
        const [job] = await retried(() => store.query<{ state: string; attempts: number }>('SELECT state, attempts FROM jobs WHERE id = $1', [statusId]));
        const runs = runsOf(lines, statusId);
        const interrupted = lines.filter((line) => line.jobId === statusId && line.msg === 'job interrupted');
        // One line says why the first run ended.
        expect(interrupted.map((line) => line.reason)).toEqual(
          runs.length > 2
            ? [expect.stringMatching(/^the database connection was lost \(.+\); the job runs again from the start once the database is back$/)]
            : [],
        );
        expect(crashes).toEqual([]);
        const [project] = await retried(() =>
          store.query<{ current: string | null }>("SELECT current_deployment_id AS current FROM projects WHERE id = 'big'"),
        );
        const stored = await storedPages(store, statusId);
        expect({ status: done.status, summary: done.summary, state: job.state }).toEqual({
          status: 'success',
          summary: expect.stringMatching(new RegExp(`: ${PAGES} pages, 0 errors`)),
          state: 'done',
        });
        expect(project.current).toBe(statusId);
        expect(stored.pages).toBe(PAGES);
        // One run after the other: each start followed by its end before the next start, at most two.
        expect(runs.length % 2, runs.join(', ')).toBe(0);
        for (let index = 0; index < runs.length; index += 2) {
          expect(runs[index]).toBe(`job started ${index / 2 + 1}`);
          expect(runs[index + 1]).toMatch(new RegExp(`^job (ended|interrupted) ${index / 2 + 1}$`));
        }
        expect(job.attempts).toBe(runs.length / 2);
        expect(job.attempts).toBeLessThanOrEqual(2);
        expect(runs.at(-1)).toBe(`job ended ${job.attempts}`);
      },
      hangGuard(300_000),
    );
  }

  for (const mode of ['fast', 'immediate'] as const) {
    it(
      `(${mode}) while retention deletes an older deployment: the kept deployment keeps every text; the pass, or the next, deletes the rest once`,
      async () => {
        const { server, store, core, repo, crashes } = await setUp(`pg-restart-retention-${mode}`, 1);
        const deploy = async () => {
          const { statusId } = await core.queueUpdate('big');
          const done = await deploymentEnded(store, statusId, 180_000, 'a deployment', true);
          expect(done.status, done.summary).toBe('success');
          return statusId;
        };
        const first = await deploy();
        commitFile(repo, 'docs/p/page-0.mdx', '---\ntitle: Changed\n---\n\nChanged.\n');
        // The second deployment's own retention pass deleted the first's texts: they are put back as
        // a pass finds them (what a pass past its bound, or one cut off, leaves).
        const second = await deploy();
        const pruned = async (id: string) =>
          (await store.query<{ pruned: boolean }>('SELECT pruned_at IS NOT NULL AS pruned FROM deployments WHERE id = $1', [id]))[0].pruned;
        // (It runs after the deployment is marked ended: waited for, so that it has nothing left to do.)
        await waitFor(() => pruned(first), 60_000, "the second deployment's retention pass");
        await store.query('UPDATE deployments SET pruned_at = NULL WHERE id = $1', [first]);
        await store.query(
          `INSERT INTO page_sections
         SELECT (jsonb_populate_record(NULL::page_sections, to_jsonb(s) || jsonb_build_object('deployment_id', $1::text))).* FROM page_sections s WHERE deployment_id = $2`,
          [first, second],
        );
        expect((await storedPages(store, first)).pages).toBe(PAGES);
        const kept = await storedPages(store, second);
        // The database restarts after the pass's first statement: `fast` waited for (the next
        // statement finds a new server), `immediate` not (the next statement meets it going away).
        let restarting: Promise<void> | undefined;
        const pass = await pruneDeployments(store, 'big', 1, async () => {
          if (restarting) return;
          restarting = server.restart(mode);
          if (mode === 'fast') await restarting;
        }).then(
          (result) => ({ pruned: result.deployments, error: undefined }),
          (error: Error) => ({ pruned: [] as string[], error }),
        );
        await restarting;
        expect(restarting).toBeDefined();
        // Cut off, it fails as a lost connection (a terminated session, or a reset socket when the
        // server goes away mid-read), the kind the queue runs again, never as a wrong statement.
        if (pass.error !== undefined) expect(isConnectionLost(pass.error), pass.error.message).toBe(true);
        expect(await storedPages(store, second)).toEqual(kept);
        // The next pass (the next deployment's) deletes what is left, and only that.
        const next = await retried(() => pruneDeployments(store, 'big', 1));
        expect([...pass.pruned, ...next.deployments]).toEqual([first]);
        expect(await storedPages(store, first)).toEqual({ pages: 0, sections: 0 });
        expect(await storedPages(store, second)).toEqual(kept);
        expect(await pruned(first)).toBe(true);
        expect(crashes).toEqual([]);
      },
      hangGuard(300_000),
    );
  }
});
