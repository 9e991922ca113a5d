/** The worker-thread side of `runInThread`: one task at a time, as long as the thread lives. */
import { parentPort } from 'node:worker_threads';
import { analyzeCheckout } from './analyze.js';
import { fixCheckout } from './fix-task.js';
import type { SectionsBatch } from '../store/deployments.js';
import type { FromThread, ToThread } from './library-threads.js';

const port = parentPort!;
/** The batches sent and not yet stored, oldest first (the main thread stores them in order). */
const unacknowledged: Array<() => void> = [];
let lastStored: Promise<void> = Promise.resolve();

/**
 * Sends a batch of page texts; resolves once the batch before it is stored. So the next batch
 * is made while this one is stored, and at most two are on their way (memory stays bounded).
 */
function emit(batch: SectionsBatch): Promise<void> {
  const before = lastStored;
  lastStored = new Promise((resolve) => unacknowledged.push(resolve));
  port.postMessage({ type: 'batch', batch } satisfies FromThread);
  return before;
}

port.on('message', (message: ToThread) => {
  if ('ack' in message) {
    unacknowledged.shift()?.();
    return;
  }
  const work = message.task === 'analyze' ? analyzeCheckout(message.input, emit) : Promise.resolve(fixCheckout(message.input));
  work.then(
    // Done: the main thread ends the task once every batch sent is stored.
    (output) => port.postMessage({ type: 'done', output } satisfies FromThread),
    (error: unknown) => port.postMessage({ type: 'error', message: (error as Error)?.message ?? String(error) } satisfies FromThread),
  );
});
