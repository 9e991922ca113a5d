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

/** Runs `analyzeCheckout` in a worker thread with a time and heap limit. */
export function analyzeInThread(input: AnalyzeInput, limits: AnalyzeLimits, signal?: AbortSignal): Promise<AnalyzeOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerScript(), { workerData: input, resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb }, stdout: true, stderr: true });
    let settled = false;
    const settle = (error: Error | undefined, output?: AnalyzeOutput) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (error) reject(error);
      else resolve(output!);
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
  });
}
