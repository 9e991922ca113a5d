/**
 * Many pages scanned on several cores, synchronously (validation is synchronous): the calling
 * thread starts helper threads on this very file, which take pages from one shared counter until
 * none is left, so a long page on one thread does not hold up the rest. The calling thread
 * collects their scans without returning to its event loop (an `Atomics.wait` on a counter of
 * scans posted, `receiveMessageOnPort`). A helper that stops answering (it could not start, it
 * crashed) costs time, never a page: after STALL_MS with no scan posted, the calling thread scans
 * the pages nobody took, then those taken and never answered.
 *
 * Helpers run only from the built file (dist/cli/pages.js); from the TypeScript sources (tests
 * run there) every page is scanned on the calling thread.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, MessageChannel, receiveMessageOnPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import type { PageScan } from './types.js';

export interface ScanJob {
  text: string;
  /** Parse as MDX (false: Markdown). */
  mdx: boolean;
}

/** Page text per helper thread at least (below it, starting a thread costs more than it saves). */
const BYTES_PER_HELPER = 512 * 1024;
/** Helper threads at most. */
const MAX_HELPERS = 7;
/** No scan posted by any helper for this long: the calling thread scans a missing page itself. */
const STALL_MS = 2000;
/**
 * A helper's young generation (the objects just made). Parsing makes many short-lived objects:
 * with Node's default, a quarter of the time went to collecting them (1.6 s of 6.5 s on the
 * largest docs repository here); 96 MB was the fastest of 16, 48, 96 and 160.
 */
const YOUNG_GENERATION_MB = 96;

/** What a helper is started with. */
interface HelperData {
  docsnavPageScans: true;
  jobs: ScanJob[];
  /** [0]: the next unclaimed job; [1]: scans posted by all helpers. */
  counters: Int32Array;
  port: MessagePort;
}

/** A helper's answer: job index and its scan. */
type Answer = [number, PageScan];

const thisFile = import.meta.url;

/**
 * Scans every job with `scan`, on up to `threads` helper threads (`'auto'`: the cores there are,
 * one per BYTES_PER_HELPER of text), or on this thread when there is too little text for a thread
 * to pay for its start; the scans in job order.
 */
export function scanInParallel(jobs: readonly ScanJob[], scan: (job: ScanJob) => PageScan, threads: number | 'auto' = 'auto'): PageScan[] {
  const helpers = helperCount(jobs, threads);
  lastHelpers = 0;
  if (helpers === 0) return jobs.map(scan);
  const counters = new Int32Array(new SharedArrayBuffer(8));
  const started = startHelpers(helpers, jobs, counters);
  lastHelpers = started.length;
  try {
    return collect(
      started.map((helper) => helper.port),
      counters,
      jobs.length,
      (index) => scan(jobs[index]),
    );
  } finally {
    for (const { worker, port } of started) {
      port.close();
      void worker.terminate();
    }
  }
}

let lastHelpers = 0;

/** How many helper threads the last `scanInParallel` started (for the bench and the tests). */
export function helpersOfLastScan(): number {
  return lastHelpers;
}

function helperCount(jobs: readonly ScanJob[], threads: number | 'auto'): number {
  if (!thisFile.endsWith('.js') || !isMainThreadOrOurs()) return 0;
  const cores = threads === 'auto' ? availableParallelism() : Math.max(1, Math.floor(threads));
  let bytes = 0;
  for (const job of jobs) bytes += job.text.length;
  return Math.max(0, Math.min(cores, MAX_HELPERS, Math.floor(bytes / BYTES_PER_HELPER), jobs.length));
}

/** Helpers do not start helpers of their own. */
function isMainThreadOrOurs(): boolean {
  return isMainThread || !isHelperData(workerData);
}

function startHelpers(count: number, jobs: readonly ScanJob[], counters: Int32Array): { worker: Worker; port: MessagePort }[] {
  const started: { worker: Worker; port: MessagePort }[] = [];
  for (let i = 0; i < count; i++) {
    const { port1, port2 } = new MessageChannel();
    try {
      const data: HelperData = { docsnavPageScans: true, jobs: jobs as ScanJob[], counters, port: port2 };
      const worker = new Worker(fileURLToPath(thisFile), {
        workerData: data,
        transferList: [port2],
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      // A helper that fails is found out by its silence (STALL_MS), not by an event nobody waits for.
      worker.on('error', () => {});
      worker.unref();
      started.push({ worker, port: port1 });
    } catch {
      // No thread could be started (a limit of the process): fewer helpers, or none.
      port1.close();
      break;
    }
  }
  return started;
}

/**
 * The helpers' scans, taken as they come. Should none come for STALL_MS (a helper could not
 * start, or died), this thread scans from then on: the pages nobody took, then those a helper
 * took and never answered.
 */
export function collect(
  ports: MessagePort[],
  counters: Int32Array,
  count: number,
  scanHere: (index: number) => PageScan,
  stallMs: number = STALL_MS,
): PageScan[] {
  const scans = Array.from<PageScan | undefined>({ length: count });
  let missing = count;
  let received = 0;
  let stalled = ports.length === 0;
  while (missing > 0) {
    for (const port of ports) {
      for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
        received++;
        const [index, scan] = message.message as Answer;
        if (scans[index] === undefined) {
          scans[index] = scan;
          missing--;
        }
      }
    }
    if (missing === 0) break;
    if (!stalled && Atomics.wait(counters, 1, received, stallMs) !== 'timed-out') continue;
    stalled = true;
    const unclaimed = Atomics.add(counters, 0, 1);
    const index = unclaimed < count ? unclaimed : scans.indexOf(undefined);
    if (scans[index] === undefined) {
      scans[index] = scanHere(index);
      missing--;
    }
  }
  return scans as PageScan[];
}

function isHelperData(data: unknown): data is HelperData {
  return typeof data === 'object' && data !== null && (data as Partial<HelperData>).docsnavPageScans === true;
}

/** In a helper thread started by scanInParallel: take jobs until none is left, posting each scan. */
export function serveIfHelper(scan: (job: ScanJob) => PageScan): void {
  if (isMainThread || !isHelperData(workerData)) return;
  const { jobs, counters, port } = workerData;
  for (let index = Atomics.add(counters, 0, 1); index < jobs.length; index = Atomics.add(counters, 0, 1)) {
    port.postMessage([index, scan(jobs[index])] satisfies Answer);
    Atomics.add(counters, 1, 1);
    Atomics.notify(counters, 1);
  }
  port.close();
}
