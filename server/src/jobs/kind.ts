import type { ClaimedJob, JobKindName, JobPayloads } from '../store/jobs.js';
import type { Queryable } from '../store/store.js';
import type { Logger } from '../host/log.js';
import type { WorkerSettings } from './settings.js';

/** A claimed job of a known kind, its payload typed. */
export type JobOf<K extends JobKindName> = Omit<ClaimedJob, 'kind' | 'payload'> & { kind: K; payload: JobPayloads[K] };

/** What a job kind's run gets from the queue. */
export interface JobContext<K extends JobKindName = JobKindName> {
  job: JobOf<K>;
  /** For reads. Every write goes through `write` or `complete`, which are fenced on the lease. */
  db: Queryable;
  /** The database runs on this process's main thread (the embedded one): each write must be short, or requests wait for it. */
  embedded: boolean;
  settings: WorkerSettings;
  /** Aborted when the lease is lost or about to run out, or the worker stops: stop work, write nothing more. */
  signal: AbortSignal;
  /** The server's log, with the job's id, project and kind on every line. */
  log: Logger;
  /**
   * Runs `work` in a transaction that first renews this run's lease, which also makes sure it
   * still holds it (and holds the job's row until it commits, so it cannot be swept meanwhile). When
   * the lease is gone, nothing is written, the run is aborted and this throws `LeaseLost`.
   */
  write<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Stores the job's result and marks it finished in one transaction, only if this run still
   * holds the lease. Returns false (and writes nothing) when another worker took the job over.
   */
  complete(state: 'done' | 'failed', write: (tx: Queryable) => Promise<void>): Promise<boolean>;
}

/** How a run ended, for the log and the metrics: `success`, `failure`, `completed`, `error`, … */
export interface JobOutcome {
  outcome: string;
  /** One line on why it failed (already free of secrets and local paths). */
  error?: string;
}

/** One kind of job on the queue (a deployment, a repair job). */
export interface JobKind<K extends JobKindName = JobKindName> {
  readonly kind: K;
  /** Resolves to how the run ended; undefined when it was cut off (the lease lost, the worker stopping). */
  run(context: JobContext<K>): Promise<JobOutcome | undefined>;
  /** The job ran out of attempts (its workers kept dying): record why. `mergedIds` were folded into it. */
  abandoned(db: Queryable, jobId: string, mergedIds: readonly string[]): Promise<void>;
}

/** The registry's type: one entry per kind name, each under its own name. */
export type JobKinds = { readonly [K in JobKindName]: JobKind<K> };

/** This run no longer holds the job's lease: another worker has it, or will. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}
