import type { ClaimedJob } from '../store/jobs.js';
import type { Queryable, Store } from '../store/store.js';
import type { WorkerSettings } from './settings.js';

/** What a job kind's run gets from the queue. */
export interface JobContext {
  job: ClaimedJob;
  store: Store;
  settings: WorkerSettings;
  /** Aborted when the lease is lost or the worker stops: stop work, write nothing more. */
  signal: AbortSignal;
  /**
   * Stores the job's result and marks it finished in one transaction, only if this run still
   * holds the lease. Returns false (and writes nothing) when another worker took the job over.
   */
  complete(state: 'done' | 'failed', write: (tx: Queryable) => Promise<void>): Promise<boolean>;
}

/** One kind of job on the queue (a deployment; later: a repair job). */
export interface JobKind {
  readonly kind: string;
  run(context: JobContext): Promise<void>;
  /** The job ran out of attempts (its workers kept dying): record why. `mergedIds` were folded into it. */
  abandoned(store: Queryable, jobId: string, mergedIds: readonly string[]): Promise<void>;
}
