import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalyzeInput, AnalyzeOutput } from './analyze.js';

export interface AnalyzeLimits {
  timeoutMs: number;
  /** Heap limit of the thread (MB). */
  maxHeapMb: number;
}

/** Thrown when the analysis itself fails (time, memory, a crash): the deployment's summary. */
export class AnalyzeError extends Error {
  override name = 'AnalyzeError';
}

/** The compiled worker script (tests run the TypeScript sources, so they use the build's copy). */
function workerScript(): URL {
  const here = new URL('./analyze-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/server/analyze-worker.js', import.meta.url);
}

/**
 * Threads that finished an analysis cleanly wait here for the next one: starting a thread and
 * loading the library costs ~1 s, an analysis of a small site ~0.1 s. A thread that timed out,
 * ran out of memory or crashed is never reused.
 */
const idle: Worker[] = [];
const MAX_IDLE = 4;

function takeWorker(limits: AnalyzeLimits): Worker {
  for (;;) {
    const worker = idle.pop();
    if (!worker) break;
    if ((worker as Worker & { heapLimit?: number }).heapLimit === limits.maxHeapMb) {
      worker.ref();
      return worker;
    }
    void worker.terminate();
  }
  const worker = new Worker(workerScript(), { resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb }, stdout: true, stderr: true });
  (worker as Worker & { heapLimit?: number }).heapLimit = limits.maxHeapMb;
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
}

/** Runs `analyzeCheckout` in a worker thread with a time and heap limit. */
export function analyzeInThread(input: AnalyzeInput, limits: AnalyzeLimits, signal?: AbortSignal): Promise<AnalyzeOutput> {
  return new Promise((resolve, reject) => {
    const worker = takeWorker(limits);
    let settled = false;
    const settle = (error: Error | undefined, output?: AnalyzeOutput) => {
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
    const timer = setTimeout(() => settle(new AnalyzeError(`checking the docs took longer than ${Math.round(limits.timeoutMs / 1000)} s`)), limits.timeoutMs);
    const onAbort = () => settle(new AnalyzeError('cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: { ok: true; output: AnalyzeOutput } | { ok: false; message: string }) => {
      if (message.ok) settle(undefined, message.output);
      else settle(new AnalyzeError(`checking the docs failed: ${message.message}`));
    });
    worker.on('error', (error) => {
      const memory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(new AnalyzeError(memory ? `checking the docs needed more than ${limits.maxHeapMb} MB of memory` : `checking the docs failed: ${error.message}`));
    });
    worker.on('exit', (code) => settle(new AnalyzeError(`checking the docs stopped unexpectedly (exit ${code})`)));
    worker.postMessage(input);
  });
}

/** Ends the idle threads (a stopping worker process). */
export async function closeAnalyzeThreads(): Promise<void> {
  await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
}
