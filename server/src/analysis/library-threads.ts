/**
 * Worker threads for the library's work (worker_threads; the assistant's chat threads are another thing, in store/).
 * The library's work on a repository's content runs in a worker thread with a heap limit and a
 * time limit, never on the server's main thread: a hostile docs.json, spec or config file (a
 * backtracking `ignore` glob, a 100,000-deep nesting) costs that thread, not the server, which
 * keeps answering meanwhile. Two tasks: `analyze` (a deployment: problems, page tree, page
 * texts streamed back in acknowledged batches so memory stays bounded) and `fix` (a repair job).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalyzeInput, AnalyzeOutput } from './analyze.js';
import type { FixInput, FixOutput } from './fix-task.js';
import type { SectionsBatch } from '../store/deployments.js';

export interface ThreadLimits {
  timeoutMs: number;
  /** Heap limit of the thread (MB). */
  maxHeapMb: number;
}

/** The tasks a thread runs: their input and output. */
export interface ThreadTasks {
  analyze: { input: AnalyzeInput; output: AnalyzeOutput };
  fix: { input: FixInput; output: FixOutput };
}
export type TaskName = keyof ThreadTasks;

/** What the main thread sends. */
export type ToThread = { [T in TaskName]: { task: T; input: ThreadTasks[T]['input'] } }[TaskName] | { ack: true };
/** What the thread sends back. */
export type FromThread = { type: 'batch'; batch: SectionsBatch } | { type: 'done'; output: unknown } | { type: 'error'; message: string };

/** Thrown when the work itself fails (time, memory, a crash): the job's summary. */
export class ThreadError extends Error {
  override name = 'ThreadError';
}

/** The compiled worker script (tests run the TypeScript sources, so they use the build's copy). */
function workerScript(): URL {
  const here = new URL('./library-thread-entry.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/analysis/library-thread-entry.js', import.meta.url);
}

/**
 * Threads that finished a task cleanly wait here for the next one: starting a thread and
 * loading the library costs ~1 s, an analysis of a small site ~0.1 s. A thread that timed out,
 * ran out of memory or crashed is never reused. An idle thread holds 15-30 MB (its heap, the
 * library), so one not taken again within `threadPool.idleMs` ends: a burst of deployments reuses
 * its threads, a quiet server gives their memory back.
 */
const idle: Worker[] = [];
const MAX_IDLE = 4;
/** How long a finished thread waits for a next task before it ends (ms; tests shorten it). */
export const threadPool = { idleMs: 30_000 };
const heapLimits = new WeakMap<Worker, number>();
const idleTimers = new WeakMap<Worker, NodeJS.Timeout>();

function takeWorker(limits: ThreadLimits): Worker {
  for (;;) {
    const worker = idle.pop();
    if (!worker) break;
    clearTimeout(idleTimers.get(worker));
    if (heapLimits.get(worker) === limits.maxHeapMb) {
      worker.ref();
      return worker;
    }
    void worker.terminate();
  }
  const worker = new Worker(workerScript(), { resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb }, stdout: true, stderr: true });
  heapLimits.set(worker, limits.maxHeapMb);
  return worker;
}

function returnWorker(worker: Worker): void {
  worker.removeAllListeners('message').removeAllListeners('error').removeAllListeners('exit');
  worker.on('error', () => {});
  worker.on('exit', () => idle.splice(idle.indexOf(worker) >>> 0, 1));
  if (idle.length >= MAX_IDLE) {
    void worker.terminate();
    return;
  }
  worker.unref(); // an idle thread never keeps the process alive
  idle.push(worker);
  idleTimers.set(
    worker,
    setTimeout(() => {
      const at = idle.indexOf(worker);
      if (at < 0) return;
      idle.splice(at, 1);
      void worker.terminate();
    }, threadPool.idleMs).unref(),
  );
}

/** How many finished threads wait for a next task (tests). */
export function idleThreads(): number {
  return idle.length;
}

const WHAT: Record<TaskName, string> = { analyze: 'checking the docs', fix: 'fixing the docs' };

/**
 * Runs `task` in a thread with a time and heap limit. `onBatch` receives the page texts as they
 * come (the thread waits for it before going on); a rejection from it ends the task. The time
 * limit is the thread's own: while the thread waits for its batches to be stored (a batch sent
 * and the one before not yet stored), and once it is done, the clock is stopped. A site of 100,000 pages stores for
 * minutes on a busy embedded database, and that is not the library working on hostile input.
 */
export function runInThread<T extends TaskName>(
  task: T,
  input: ThreadTasks[T]['input'],
  limits: ThreadLimits,
  signal?: AbortSignal,
  onBatch?: (batch: SectionsBatch) => Promise<void>,
): Promise<ThreadTasks[T]['output']> {
  const what = WHAT[task];
  return new Promise((resolve, reject) => {
    const worker = takeWorker(limits);
    let settled = false;
    const settle = (error: Error | undefined, output?: ThreadTasks[T]['output']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) {
        worker.removeAllListeners();
        worker.on('error', () => {});
        void worker.terminate();
        reject(error);
      } else {
        returnWorker(worker);
        resolve(output!);
      }
    };
    // Batches sent and not yet stored; with two, the thread waits (since `blockedSince`).
    let pending = 0;
    let blockedSince: number | undefined;
    let waited = 0;
    const expire = () => {
      if (blockedSince !== undefined) {
        waited += performance.now() - blockedSince;
        blockedSince = performance.now();
      }
      if (waited >= 1) {
        // The time spent waiting for the store is given back, and the limit checked again after it.
        timer = setTimeout(expire, waited);
        waited = 0;
        return;
      }
      settle(new ThreadError(`${what} took longer than ${Math.round(limits.timeoutMs / 1000)} s`));
    };
    let timer = setTimeout(expire, limits.timeoutMs);
    const onAbort = () => settle(new ThreadError('cancelled'));
    if (signal?.aborted) return settle(new ThreadError('cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });
    // Batches are stored one after another, in the order they came.
    let storing: Promise<unknown> = Promise.resolve();
    worker.on('message', (message: FromThread) => {
      if (message.type === 'batch') {
        const { batch } = message;
        if (++pending === 2) blockedSince = performance.now();
        const stored = storing.then(() => (onBatch && !settled ? onBatch(batch) : undefined));
        storing = stored.catch(() => {});
        stored.then(
          () => {
            if (pending-- === 2 && blockedSince !== undefined) {
              waited += performance.now() - blockedSince;
              blockedSince = undefined;
            }
            if (!settled) worker.postMessage({ ack: true } satisfies ToThread);
          },
          (error: unknown) => settle(error instanceof Error ? error : new Error(String(error))),
        );
      } else if (message.type === 'done') {
        // The thread's work is over: no limit on what is left to store; the task ends once it is.
        clearTimeout(timer);
        void storing.then(() => settle(undefined, message.output as ThreadTasks[T]['output']));
      } else settle(new ThreadError(`${what} failed: ${message.message}`));
    });
    worker.on('error', (error) => {
      const memory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(new ThreadError(memory ? `${what} needed more than ${limits.maxHeapMb} MB of memory` : `${what} failed: ${error.message}`));
    });
    worker.on('exit', (code) => settle(new ThreadError(`${what} stopped unexpectedly (exit ${code})`)));
    worker.postMessage({ task, input });
  });
}

/** Ends the idle threads (a stopping process). */
export async function closeThreads(): Promise<void> {
  await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
}
