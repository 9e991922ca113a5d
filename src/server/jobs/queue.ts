/**
 * The job queue's worker side: claims jobs (`FOR UPDATE SKIP LOCKED`), holds a lease while a
 * job runs (renewed every third of it), sweeps leases that ran out (a dead or hung worker)
 * back onto the queue, and wakes on NOTIFY with polling as the fallback.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { claimJob, completeJob, JOBS_CHANNEL, releaseJob, renewLease, sweepExpired, type ClaimedJob } from '../store/jobs.js';
import type { Queryable, Store } from '../store/store.js';
import type { JobKind } from './kind.js';
import type { WorkerSettings } from './settings.js';

export interface QueueLogger {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

const silent: QueueLogger = { info() {}, error() {} };

export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = true;
  private claiming = false;
  private again = false;

  constructor(
    private readonly store: Store,
    private readonly kinds: Readonly<Record<string, JobKind>>,
    readonly settings: WorkerSettings,
    private readonly log: QueueLogger = silent,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten = await this.store.listen(JOBS_CHANNEL, () => this.wake());
    this.timers.push(setInterval(() => this.wake(), this.settings.pollMs));
    this.timers.push(setInterval(() => void this.sweep(), this.settings.sweepMs));
    await this.sweep();
    this.wake();
  }

  /** Claims jobs until this process is full or the queue has nothing eligible. */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = true;
    void (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && this.running.size < this.settings.concurrency) {
            const job = await claimJob(this.store, { id: this.workerId, lockToken: randomUUID(), leaseMs: this.settings.leaseMs });
            if (!job) break;
            this.launch(job);
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        this.log.error({ err: (error as Error).message }, 'claiming a job failed');
      } finally {
        this.claiming = false;
      }
    })();
  }

  async sweep(): Promise<void> {
    try {
      const swept = await sweepExpired(this.store);
      for (const job of swept) {
        this.log.info({ jobId: job.id, state: job.state }, job.state === 'queued' ? 'lease expired: job re-queued' : 'lease expired: job out of attempts');
        if (job.state === 'failed') await this.kinds[job.kind]?.abandoned(this.store, job.id, job.mergedIds);
      }
    } catch (error) {
      this.log.error({ err: (error as Error).message }, 'sweeping leases failed');
    }
  }

  private launch(job: ClaimedJob): void {
    const controller = new AbortController();
    const renew = setInterval(
      () => {
        renewLease(this.store, job, this.settings.leaseMs).then(
          (held) => {
            if (!held) controller.abort(new Error('lease lost'));
          },
          () => {}, // the database is briefly away: the lease is still good until it expires
        );
      },
      Math.max(100, Math.floor(this.settings.leaseMs / 3)),
    );
    const kind = this.kinds[job.kind];
    this.log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job started');
    const done = (async () => {
      try {
        if (!kind) {
          await this.complete(job, 'failed', async () => {});
          return;
        }
        await kind.run({
          job,
          store: this.store,
          settings: this.settings,
          signal: controller.signal,
          complete: (state, write) => this.complete(job, state, write),
        });
      } catch (error) {
        if (!controller.signal.aborted) this.log.error({ jobId: job.id, err: (error as Error).message }, 'job crashed');
      } finally {
        clearInterval(renew);
        this.running.delete(job.id);
        this.log.info({ jobId: job.id }, 'job ended');
        this.wake();
      }
    })();
    this.running.set(job.id, { controller, done });
  }

  private async complete(job: ClaimedJob, state: 'done' | 'failed', write: (tx: Queryable) => Promise<void>): Promise<boolean> {
    try {
      return await this.store.transaction(async (tx) => {
        if (!(await completeJob(tx, job, state))) throw new LeaseLost();
        await write(tx);
        return true;
      });
    } catch (error) {
      if (error instanceof LeaseLost) return false;
      throw error;
    }
  }

  /** How many jobs this process runs now. */
  get busy(): number {
    return this.running.size;
  }

  /**
   * Stops claiming; running jobs are cancelled and handed back to the queue at once (their
   * lease released), so another worker picks them up without waiting for it to expire.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.unlisten?.().catch(() => {});
    const jobs = [...this.running.entries()];
    for (const [, entry] of jobs) entry.controller.abort(new Error('worker stopping'));
    await Promise.allSettled(jobs.map(([, entry]) => entry.done));
    for (const [id] of jobs) {
      await releaseJob(this.store, id, this.workerId).catch(() => {});
    }
  }
}

class LeaseLost extends Error {}
