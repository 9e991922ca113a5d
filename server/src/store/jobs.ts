import type { Queryable } from './store.js';
import { json } from './storable.js';

/**
 * Every kind of job the queue runs, by name, with the payload its jobs carry: the one list of
 * names. `jobKinds` (jobs/kinds.ts) must then have the kind's entry, or the build fails.
 */
export interface JobPayloads {
  /** A deployment of the lane's project; the job's id is the deployment's (the statusId). */
  deployment: NoPayload;
  /** A repair (agent) job; the job's id is its agent session's. */
  repair: NoPayload;
}

/** A job kind's name, as the queue's `kind` column holds it. */
export type JobKindName = keyof JobPayloads;

/** Every kind's name, as a value (the metrics report each, 0 when none is queued); complete by its type. */
export const JOB_KIND_NAMES = Object.keys({ deployment: true, repair: true } satisfies Record<JobKindName, true>) as JobKindName[];

/** The states `countJobs` counts. */
export const ACTIVE_JOB_STATES = ['queued', 'running'] as const;

/** The payload of a kind whose job needs nothing beside its id and lane. */
type NoPayload = Record<string, never>;

/** The NOTIFY channel that wakes workers when a job is queued. */
export const JOBS_CHANNEL = 'docsnav_jobs';

/** A job as claimed: its `kind` may be one this docsnav does not know (a newer version queued it). */
export interface ClaimedJob {
  id: string;
  kind: string;
  lane: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  /** Proves the lease: every later write of this run is conditional on it. */
  lockToken: string;
}

export async function enqueueJob<K extends JobKindName>(
  db: Queryable,
  job: { id: string; kind: K; lane: string; payload?: JobPayloads[K]; maxAttempts?: number },
): Promise<void> {
  await db.query('INSERT INTO jobs (id, kind, lane, payload, max_attempts) VALUES ($1, $2, $3, $4::jsonb, $5)', [
    job.id,
    job.kind,
    job.lane,
    json(job.payload ?? {}),
    job.maxAttempts ?? 3,
  ]);
  await db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, job.lane]);
}

/**
 * Claims the oldest job whose lane has nothing running and nothing queued before it.
 * `FOR UPDATE SKIP LOCKED` lets many workers claim at once without waiting on each other;
 * a job another worker is claiming is skipped, and the jobs after it in its lane are not
 * eligible while it is still queued, so a lane never runs two jobs at once.
 */
export async function claimJob(
  db: Queryable,
  worker: {
    id: string;
    lockToken: string;
    leaseMs: number;
    /** Jobs this process is still running (or stopping): never claimed again meanwhile. */ exclude?: readonly string[];
  },
): Promise<ClaimedJob | undefined> {
  const rows = await db.query<{ id: string; kind: string; lane: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }>(
    `UPDATE jobs SET state = 'running', attempts = attempts + 1, lock_token = $1, locked_by = $2,
       locked_until = now() + $3::integer * interval '1 millisecond', started_at = coalesce(started_at, now())
     WHERE state = 'queued' AND id = (
       SELECT j.id FROM jobs j
       WHERE j.state = 'queued' AND NOT (j.id = ANY($4::text[]))
         AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.lane = j.lane AND r.state = 'running')
         AND NOT EXISTS (SELECT 1 FROM jobs e WHERE e.lane = j.lane AND e.state = 'queued' AND e.seq < j.seq)
       ORDER BY j.seq
       LIMIT 1
       FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, lane, payload, attempts, max_attempts`,
    [worker.lockToken, worker.id, worker.leaseMs, worker.exclude ?? []],
  );
  const row = rows[0];
  return (
    row && {
      id: row.id,
      kind: row.kind,
      lane: row.lane,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      lockToken: worker.lockToken,
    }
  );
}

/** Extends the lease; false when it was lost (expired and swept, or taken by another worker). */
export async function renewLease(db: Queryable, job: Pick<ClaimedJob, 'id' | 'lockToken'>, leaseMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET locked_until = now() + $3::integer * interval '1 millisecond' WHERE id = $1 AND lock_token = $2 AND state = 'running' RETURNING id`,
    [job.id, job.lockToken, leaseMs],
  );
  return rows.length > 0;
}

/** Marks the job finished, only if this run still holds its lease. Call inside the transaction that stores the result. */
export async function completeJob(db: Queryable, job: Pick<ClaimedJob, 'id' | 'lockToken'>, state: 'done' | 'failed'): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET state = $3, finished_at = now(), lock_token = NULL, locked_until = NULL WHERE id = $1 AND lock_token = $2 AND state = 'running' RETURNING id`,
    [job.id, job.lockToken, state],
  );
  if (rows.length > 0) await db.query(`UPDATE jobs SET state = $2, finished_at = now() WHERE merged_into = $1 AND state = 'merged'`, [job.id, state]);
  return rows.length > 0;
}

/**
 * Folds the queued jobs of this kind that directly follow `job` in its lane into it (a burst
 * of identical requests runs once). A job of another kind in between stops the fold, so the
 * lane's order holds. Returns the ids merged now and before (after a crash, the re-run keeps them).
 */
export async function mergeFollowing(db: Queryable, job: Pick<ClaimedJob, 'id' | 'lane' | 'kind' | 'lockToken'>): Promise<string[]> {
  await db.query(
    `UPDATE jobs SET state = 'merged', merged_into = $1
     WHERE lane = $2 AND kind = $3 AND state = 'queued'
       AND seq < coalesce((SELECT min(o.seq) FROM jobs o WHERE o.lane = $2 AND o.state = 'queued' AND o.kind <> $3), 9223372036854775807)
       AND EXISTS (SELECT 1 FROM jobs m WHERE m.id = $1 AND m.lock_token = $4 AND m.state = 'running')`,
    [job.id, job.lane, job.kind, job.lockToken],
  );
  const rows = await db.query<{ id: string }>(`SELECT id FROM jobs WHERE merged_into = $1 ORDER BY seq`, [job.id]);
  return rows.map((row) => row.id);
}

/**
 * Re-queues jobs whose lease ran out (their worker died or hung); a job out of attempts is
 * marked failed instead. Returns both lists, so each job kind can record what happened.
 */
export async function sweepExpired(db: Queryable): Promise<Array<{ id: string; kind: string; state: 'queued' | 'failed'; mergedIds: string[] }>> {
  const rows = await db.query<{ id: string; kind: string; state: 'queued' | 'failed' }>(
    `UPDATE jobs SET state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
       lock_token = NULL, locked_by = NULL, locked_until = NULL,
       finished_at = CASE WHEN attempts >= max_attempts THEN now() ELSE NULL END
     WHERE state = 'running' AND locked_until < now()
     RETURNING id, kind, state`,
  );
  const result = [];
  for (const row of rows) {
    let mergedIds: string[] = [];
    if (row.state === 'failed') {
      mergedIds = (
        await db.query<{ id: string }>(`UPDATE jobs SET state = 'failed', finished_at = now() WHERE merged_into = $1 AND state = 'merged' RETURNING id`, [
          row.id,
        ])
      ).map((r) => r.id);
    }
    result.push({ ...row, mergedIds });
  }
  if (rows.some((row) => row.state === 'queued')) await db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, 'sweep']);
  return result;
}

/**
 * Ends a running job's lease now, so that the next sweep hands it back to the queue (or fails it,
 * out of attempts) as it would a dead worker's: the attempt counts. Fenced on the lease.
 */
export async function expireLease(db: Queryable, job: Pick<ClaimedJob, 'id' | 'lockToken'>): Promise<void> {
  await db.query(`UPDATE jobs SET locked_until = now() - interval '1 millisecond' WHERE id = $1 AND lock_token = $2 AND state = 'running'`, [
    job.id,
    job.lockToken,
  ]);
}

/** Hands a running job back to the queue at once (a worker stopping cleanly); the attempt does not count. */
export async function releaseJob(db: Queryable, job: Pick<ClaimedJob, 'id' | 'lockToken'>): Promise<void> {
  await db.query(
    `UPDATE jobs SET state = 'queued', attempts = greatest(attempts - 1, 0), lock_token = NULL, locked_by = NULL, locked_until = NULL
     WHERE id = $1 AND lock_token = $2 AND state = 'running'`,
    [job.id, job.lockToken],
  );
  await db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, 'released']);
}

/** How many jobs are in each state, by kind (the metrics' queue depth). */
export async function countJobs(db: Queryable): Promise<Array<{ kind: string; state: string; count: number }>> {
  const rows = await db.query<{ kind: string; state: string; count: number | string }>(
    `SELECT kind, state, count(*)::integer AS count FROM jobs WHERE state IN ('queued', 'running') GROUP BY kind, state`,
  );
  return rows.map((row) => ({ kind: row.kind, state: row.state, count: Number(row.count) }));
}

/** Jobs waiting in a lane (not counting the one running). */
export async function countQueued(db: Queryable, lane: string): Promise<number> {
  const rows = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM jobs WHERE lane = $1 AND state = 'queued'`, [lane]);
  return Number(rows[0].count);
}
