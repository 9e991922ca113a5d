/** The worker-thread side of `analyzeInThread`: one analysis per thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeCheckout, type AnalyzeInput } from './analyze.js';

analyzeCheckout(workerData as AnalyzeInput).then(
  (output) => parentPort!.postMessage({ ok: true, output }),
  (error: unknown) => parentPort!.postMessage({ ok: false, message: (error as Error)?.message ?? String(error) }),
);
