/** The worker-thread side of `analyzeInThread`: analyses one request at a time, as long as the thread lives. */
import { parentPort } from 'node:worker_threads';
import { analyzeCheckout, type AnalyzeInput } from './analyze.js';

parentPort!.on('message', (input: AnalyzeInput) => {
  analyzeCheckout(input).then(
    (output) => parentPort!.postMessage({ ok: true, output }),
    (error: unknown) => parentPort!.postMessage({ ok: false, message: (error as Error)?.message ?? String(error) }),
  );
});
