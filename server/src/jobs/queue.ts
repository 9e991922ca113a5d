/**
 * The job queue's worker side: claims jobs (`FOR UPDATE SKIP LOCKED`), holds a lease while a
 * job runs, sweeps leases that ran out (a dead or hung worker) back onto the queue, and wakes
 * on NOTIFY with polling as the fallback.
 *
 * A run never outlives its lease. The lease is renewed every third of it; the deadline is
 * counted on this machine from before each successful renewal was sent, so it passes before
 * the database's `locked_until` does. When the database cannot be reached until then (an
 * outage longer than the lease), the run is aborted here, before the sweep can give the job
 * to anyone else, this process included; and every write of a run is fenced on its lease in
 * the database, so whatever a late run still tries is refused. A job this process is still
 * stopping is never claimed by it again meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { claimJob, completeJob, expireLease, JOBS_CHANNEL, releaseJob, renewLease, sweepExpired, type ClaimedJob, type JobKindName } from '../store/jobs.js';
import { isConnectionLost, type Queryable, type Store } from '../store/store.js';
import { silentLogger, type Logger } from '../host/log.js';
import { LeaseLost, type JobKind, type JobKinds, type JobOf, type JobOutcome } from './kind.js';
import type { WorkerSettings } from './settings.js';

/** Told when each run ends (the metrics). */
export interface JobObserver {
  jobEnded(kind: string, outcome: string, seconds: number): void;
}

/** How a run ended: the kind's outcome, or none (aborted, or crashed with this message). */
interface RunEnd {
  outcome: JobOutcome | undefined;
  crashed?: string;
  /** It crashed because the database connection was lost (a restart, an outage): it runs again. */
  connectionLost?: boolean;
}

/** How often a job whose run lost the database is offered back to the queue while the database is away. */
const HAND_BACK_MS = 500;

interface Running {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
}

export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, Running>();
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = true;
  private claiming = false;
  /** Told when a job ended with an outcome (a succeeded deployment: the assistant builds its index). */
  onEnded?: (job: { id: string; kind: string; lane: string }, outcome: string) => void;
  private again = false;
  /** The claims under way (stop() waits for them: a job they claim is handed back, not left to its lease). */
  private claimLoop: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly kinds: JobKinds,
    readonly settings: WorkerSettings,
    private readonly log: Logger = silentLogger(),
    private readonly observer?: JobObserver,
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
    // A claim writes: on a full disk nothing is claimed (the database takes no write), until space is back.
    if (this.settings.disk?.check().state === 'full') return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = true;
    this.claimLoop = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && this.running.size < this.settings.concurrency) {
            const sentAt = performance.now();
            const job = await claimJob(this.store, {
              id: this.workerId,
              lockToken: randomUUID(),
              leaseMs: this.settings.leaseMs,
              exclude: [...this.running.keys()],
            });
            if (!job) break;
            // A claim answered after stop() began: handed straight back, never run (the pool closes next).
            if (this.stopped) {
              await releaseJob(this.store, job);
              break;
            }
            this.launch(job, sentAt);
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        this.log.warn({ err: (error as Error).message }, 'claiming a job failed');
      } finally {
        this.claiming = false;
      }
    })();
  }

  async sweep(): Promise<void> {
    if (this.settings.disk?.check().state === 'full') return;
    try {
      const swept = await sweepExpired(this.store);
      for (const job of swept) {
        this.log.warn(
          { jobId: job.id, kind: job.kind, state: job.state },
          job.state === 'queued' ? 'lease expired: job re-queued' : 'lease expired: job out of attempts',
        );
        if (job.state === 'failed') await this.kindOf(job.kind)?.abandoned(this.store, job.id, job.mergedIds);
      }
    } catch (error) {
      this.log.warn({ err: (error as Error).message }, 'sweeping leases failed');
    }
  }

  /** The registry's entry for a kind name from the queue; undefined for a kind this docsnav does not know. */
  private kindOf(name: string): JobKind | undefined {
    return Object.hasOwn(this.kinds, name) ? this.kinds[name as JobKindName] : undefined;
  }

  /** The local deadline's safety margin: the abort must reach the run's steps before the database's lease ends. */
  private get margin(): number {
    return Math.min(2_000, Math.floor(this.settings.leaseMs / 5));
  }

  /**
   * Runs a claimed job: its lease held (renewed, watched), the kind's run, then its end logged and
   * counted and the next claim made — each a step below.
   */
  private launch(job: ClaimedJob, claimSentAt: number): void {
    const controller = new AbortController();
    const lease = this.holdLease(job, claimSentAt, controller);
    const log = this.log.child({ jobId: job.id, project: job.lane, kind: job.kind });
    log.info({ attempt: job.attempts }, 'job started');
    const started = performance.now();
    const done = (async () => {
      let ended: RunEnd = { outcome: undefined };
      try {
        ended = await this.run(job, controller, lease.renewed, log);
      } finally {
        lease.release();
        this.running.delete(job.id);
        this.reportEnd(job, controller, ended, log, (performance.now() - started) / 1000);
        if (ended.connectionLost) void this.handBack(job);
        this.wake();
      }
    })();
    this.running.set(job.id, { job, controller, done });
  }

  /**
   * Keeps a job's lease: renewed every third of it, and the run aborted when it is taken over or
   * the database cannot be reached before it runs out (less a margin, so the abort reaches the
   * run's steps first). `renewed(sentAt)`: a renewal, or a fenced write, sent then succeeded.
   */
  private holdLease(job: ClaimedJob, claimSentAt: number, controller: AbortController): { renewed: (sentAt: number) => void; release: () => void } {
    const leaseMs = this.settings.leaseMs;
    let deadline = claimSentAt + leaseMs - this.margin;
    const abort = (reason: string) => {
      if (!controller.signal.aborted) controller.abort(new LeaseLost(reason));
    };
    // A renewal sent at `sentAt` that succeeded moves the deadline on. Each fenced write renews
    // the lease too: a run that keeps writing keeps its lease even when the renewal timer's
    // statements wait behind its writes.
    const renewed = (sentAt: number) => {
      deadline = Math.max(deadline, sentAt + leaseMs - this.margin);
    };
    let renewing = false;
    const renew = setInterval(
      () => {
        if (renewing) return;
        renewing = true;
        const sentAt = performance.now();
        renewLease(this.store, job, leaseMs)
          .then(
            (held) => {
              if (held) renewed(sentAt);
              else abort('the lease was taken over');
            },
            () => {}, // the database is away: the lease holds until the deadline below
          )
          .finally(() => (renewing = false));
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    const watchdog = setInterval(
      () => {
        if (performance.now() > deadline) abort(`the lease ran out: the database could not be reached for ${Math.round(leaseMs / 1000)} s`);
      },
      Math.max(50, Math.min(1_000, Math.floor(leaseMs / 10))),
    );
    return {
      renewed,
      release: () => {
        clearInterval(renew);
        clearInterval(watchdog);
      },
    };
  }

  /** The kind's run of a job, its writes fenced on the lease; a crash is caught here, an abort is not a crash. */
  private async run(job: ClaimedJob, controller: AbortController, renewed: (sentAt: number) => void, log: Logger): Promise<RunEnd> {
    const kind = this.kindOf(job.kind);
    try {
      if (!kind) {
        await this.complete(job, controller, 'failed', async () => {});
        return { outcome: { outcome: 'failure', error: `no job kind "${job.kind}" in this docsnav` } };
      }
      const outcome = await kind.run({
        // The payload is as `enqueueJob` wrote it for this kind.
        job: job as JobOf<JobKindName>,
        db: this.store,
        embedded: this.store.driver === 'pglite',
        settings: this.settings,
        signal: controller.signal,
        log,
        write: (work) => this.write(job, controller, work, renewed),
        complete: (state, write) => this.complete(job, controller, state, write),
      });
      return { outcome };
    } catch (error) {
      if (controller.signal.aborted) return { outcome: undefined };
      return { outcome: undefined, crashed: (error as Error)?.message ?? String(error), connectionLost: isConnectionLost(error) };
    }
  }

  /**
   * A run that lost the database goes back to the queue as soon as the database is back (its
   * lease ended and swept: the attempt counts, and a job out of attempts fails as a dead
   * worker's does), not after its lease runs out. Offered every `HAND_BACK_MS` until the lease
   * would have ended anyway; then the sweep does it.
   */
  private async handBack(job: ClaimedJob): Promise<void> {
    const until = performance.now() + this.settings.leaseMs;
    let failures = 0;
    while (!this.stopped && performance.now() < until) {
      try {
        await expireLease(this.store, job);
        await this.sweep();
        if (failures > 0) this.log.info({ jobId: job.id, failures }, 'handed the job back to the queue once the database answered');
        return;
      } catch (error) {
        // The database is still away: told once, tried again until the lease would have ended (then the sweep does it).
        if (failures++ === 0)
          this.log.warn(
            { jobId: job.id, err: (error as Error)?.message ?? String(error) },
            `handing the job back to the queue failed: tried again every ${HAND_BACK_MS} ms until its lease ends`,
          );
        await new Promise((resolve) => setTimeout(resolve, HAND_BACK_MS));
      }
    }
  }

  /** A job's end in the log and the metrics: interrupted (its lease lost or the worker stopping), crashed, or its outcome. */
  private reportEnd(job: ClaimedJob, controller: AbortController, { outcome, crashed, connectionLost }: RunEnd, log: Logger, seconds: number): void {
    const durationMs = Math.round(seconds * 1000);
    if (connectionLost) {
      const reason = `the database connection was lost (${crashed}); the job runs again from the start once the database is back`;
      log.warn({ attempt: job.attempts, outcome: 'interrupted', durationMs, reason }, 'job interrupted');
      this.observer?.jobEnded(job.kind, 'interrupted', seconds);
    } else if (controller.signal.aborted && !outcome) {
      const reason = (controller.signal.reason as Error)?.message ?? 'stopped';
      log.warn({ attempt: job.attempts, outcome: 'interrupted', durationMs, reason }, 'job interrupted');
      this.observer?.jobEnded(job.kind, 'interrupted', seconds);
    } else if (crashed !== undefined || !outcome) {
      log.error({ attempt: job.attempts, outcome: 'crashed', durationMs, err: crashed }, 'job crashed');
      this.observer?.jobEnded(job.kind, 'crashed', seconds);
    } else {
      const level = outcome.error ? 'warn' : 'info';
      log[level]({ attempt: job.attempts, outcome: outcome.outcome, durationMs, ...(outcome.error ? { error: outcome.error } : {}) }, 'job ended');
      this.observer?.jobEnded(job.kind, outcome.outcome, seconds);
      this.onEnded?.({ id: job.id, kind: job.kind, lane: job.lane }, outcome.outcome);
    }
  }

  private async write<T>(job: ClaimedJob, controller: AbortController, work: (tx: Queryable) => Promise<T>, renewed: (sentAt: number) => void): Promise<T> {
    if (controller.signal.aborted) throw new LeaseLost('the run was stopped');
    const sentAt = performance.now();
    const result = await this.store.transaction(async (tx) => {
      // Renewing takes the job's row: the sweep cannot re-queue it until this commits.
      if (!(await renewLease(tx, job, this.settings.leaseMs))) return { lost: true as const };
      return { lost: false as const, value: await work(tx) };
    });
    if (result.lost) {
      controller.abort(new LeaseLost('the lease was taken over'));
      throw new LeaseLost('the lease was taken over');
    }
    renewed(sentAt);
    return result.value;
  }

  private async complete(job: ClaimedJob, controller: AbortController, state: 'done' | 'failed', write: (tx: Queryable) => Promise<void>): Promise<boolean> {
    if (controller.signal.aborted) return false;
    try {
      return await this.store.transaction(async (tx) => {
        if (!(await completeJob(tx, job, state))) throw new LeaseLost('the lease was taken over');
        await write(tx);
        return true;
      });
    } catch (error) {
      if (error instanceof LeaseLost) {
        controller.abort(error);
        return false;
      }
      throw error;
    }
  }

  /** How many jobs this process runs now. */
  get busy(): number {
    return this.running.size;
  }

  /**
   * Stops claiming (a claim already sent hands its job straight back); running jobs are cancelled
   * and handed back to the queue at once (their lease released), so another worker picks them up
   * without waiting for it to expire. All of it before the caller closes the store.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.unlisten?.().catch((error: unknown) =>
      this.log.warn({ err: (error as Error)?.message ?? String(error) }, 'stopping: could not stop listening for new jobs'),
    );
    // A claim in flight ends first: what it claimed is released by it, or is running below.
    await this.claimLoop;
    const jobs = [...this.running.values()];
    for (const entry of jobs) entry.controller.abort(new LeaseLost('the worker is stopping'));
    await Promise.allSettled(jobs.map((entry) => entry.done));
    for (const entry of jobs)
      await releaseJob(this.store, entry.job).catch((error: unknown) =>
        this.log.warn(
          { jobId: entry.job.id, err: (error as Error)?.message ?? String(error) },
          'stopping: could not hand the job back; it runs again once its lease ends',
        ),
      );
  }
}
