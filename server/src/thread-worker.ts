/** The worker-thread side of `runInThread`: one task at a time, as long as the thread lives. */
import { parentPort } from 'node:worker_threads';
import { analyzeCheckout } from './analyze.js';
import { fixCheckout } from './fix-task.js';
import type { SectionsBatch } from './store/deployments.js';
import type { FromThread, ToThread } from './thread.js';

const port = parentPort!;
let acknowledged: (() => void) | undefined;

/** Sends a batch of page texts and waits until the main thread has stored it. */
function emit(batch: SectionsBatch): Promise<void> {
  return new Promise((resolve) => {
    acknowledged = resolve;
    port.postMessage({ type: 'batch', batch } satisfies FromThread);
  });
}

port.on('message', (message: ToThread) => {
  if ('ack' in message) {
    const resolve = acknowledged;
    acknowledged = undefined;
    resolve?.();
    return;
  }
  const work = message.task === 'analyze' ? analyzeCheckout(message.input, emit) : Promise.resolve(fixCheckout(message.input));
  work.then(
    (output) => port.postMessage({ type: 'done', output } satisfies FromThread),
    (error: unknown) => port.postMessage({ type: 'error', message: (error as Error)?.message ?? String(error) } satisfies FromThread),
  );
});
