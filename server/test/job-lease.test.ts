/**
 * The lease fence through its caller (issue 39): a run of the real JobRunner whose job another
 * worker took over writes nothing more. Each `write` renews the lease in its own transaction
 * and must give up when the renewal finds the lease gone; a runner that ignored the renewal's
 * answer kept writing beside the new owner (every other test passed).
 *
 * On the embedded database, and on a real PostgreSQL (DOCSNAV_TEST_DATABASE_URL, or one started
 * for this file when it can be).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LeaseLost, type JobContext, type JobKind, type JobKinds } from '../src/jobs/kind.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { JobRunner } from '../src/jobs/queue.js';
import { workerSettings } from '../src/jobs/settings.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { postgresUnavailable, startPostgres, tempDir, waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, hangGuard(60_000));

const noPostgres = postgresUnavailable();
if (noPostgres) console.warn(`SKIPPED the job lease test on PostgreSQL: ${noPostgres}`);

/** What the probe's run saw: each write's outcome, the signal, and complete's answer. */
interface Seen {
  /** 'written', 'lease-lost', or the other error's text. */
  writes: string[];
  abortedAfterLoss: boolean;
  completed?: boolean;
}

/**
 * A repair job's stand-in: writes once holding its lease, then another worker takes the job
 * over (its lock token replaced, as the sweep and a new claim do), then it writes again and
 * tries to complete.
 */
function stolenLeaseKind(seen: Seen, ended: () => void): JobKind<'repair'> {
  const attempt = async (context: JobContext<'repair'>, label: string) => {
    try {
      await context.write((tx) => tx.query('INSERT INTO lease_probe (label) VALUES ($1)', [label]));
      seen.writes.push('written');
    } catch (error) {
      seen.writes.push(error instanceof LeaseLost ? 'lease-lost' : String(error));
    }
  };
  return {
    kind: 'repair',
    async run(context) {
      try {
        await attempt(context, 'while held');
        await context.db.query(`UPDATE jobs SET lock_token = 'another-worker', locked_until = now() + interval '1 hour' WHERE id = $1`, [context.job.id]);
        await attempt(context, 'after the takeover');
        seen.abortedAfterLoss = context.signal.aborted;
        seen.completed = await context.complete('done', (tx) => tx.query('INSERT INTO lease_probe (label) VALUES ($1)', ['completed']).then(() => {}));
        return { outcome: 'completed' };
      } finally {
        ended();
      }
    },
    async abandoned() {},
  };
}

async function runStolenLease(store: Store, dataDir: string): Promise<{ seen: Seen; labels: string[]; token: string | null; state: string }> {
  await store.query('CREATE TABLE lease_probe (label text NOT NULL)');
  await store.query(`INSERT INTO jobs (id, kind, lane) VALUES ('stolen', 'repair', 'lane')`);
  const seen: Seen = { writes: [], abortedAfterLoss: false };
  let done = false;
  const kinds: JobKinds = { deployment: jobKinds.deployment, repair: stolenLeaseKind(seen, () => (done = true)) };
  // A lease far longer than the test: only the fenced write can notice the takeover, not the renewal timer.
  const runner = new JobRunner(store, kinds, workerSettings(dataDir, { leaseMs: 600_000, pollMs: 100, sweepMs: 600_000 }));
  await runner.start();
  try {
    await waitFor(() => done || undefined, 20_000, 'the run to end');
  } finally {
    await runner.stop();
  }
  const labels = (await store.query<{ label: string }>('SELECT label FROM lease_probe ORDER BY label')).map((row) => row.label);
  const [job] = await store.query<{ lock_token: string | null; state: string }>(`SELECT lock_token, state FROM jobs WHERE id = 'stolen'`);
  return { seen, labels, token: job.lock_token, state: job.state };
}

const expectFenced = (result: Awaited<ReturnType<typeof runStolenLease>>) => {
  expect(result.seen.writes).toEqual(['written', 'lease-lost']);
  expect(result.seen.abortedAfterLoss).toBe(true);
  expect(result.seen.completed).toBe(false);
  // Only the write made while the lease was held; the new owner's lease and state untouched.
  expect(result.labels).toEqual(['while held']);
  expect(result).toMatchObject({ token: 'another-worker', state: 'running' });
};

describe('a run whose job another worker took over', () => {
  it('writes nothing more, is aborted, and cannot complete the job (embedded database)', async () => {
    const dir = tempDir('job-lease');
    const store = await openStore({ data: path.join(dir, 'data') });
    cleanups.push(() => store.close());
    expectFenced(await runStolenLease(store, path.join(dir, 'work')));
  });

  it.skipIf(noPostgres !== undefined)('writes nothing more, is aborted, and cannot complete the job (PostgreSQL)', async () => {
    const postgres = await startPostgres();
    cleanups.push(() => postgres.stop());
    const store = await openStore({ database: postgres.url });
    cleanups.push(() => store.close());
    expectFenced(await runStolenLease(store, tempDir('job-lease-pg')));
  });
});
