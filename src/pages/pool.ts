/**
 * Many pages scanned on several cores, synchronously (validation is synchronous): the calling
 * thread starts helper threads on this very file, and it and they take pages from one shared
 * counter until none is left, so a long page on one thread does not hold up the rest, and a
 * helper that is slow to start takes fewer. The calling thread collects the helpers' scans between
 * its own pages and, once none is left to take, waits for the last without returning to its event
 * loop (an `Atomics.wait` on a counter of scans posted, `receiveMessageOnPort`). A helper that
 * stops answering (it could not start, it crashed) costs time, never a page: after STALL_MS with
 * no scan posted, the calling thread scans the pages taken and never answered.
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

/**
 * When helpers pay for their start: text per helper at least, and cores left to V8's own threads.
 * Measured (bench/helpers.mjs, 2 cores): a helper starts and loads the scanner in some 50 ms of its
 * own core and 1 ms of the calling thread's; but on a cold run V8's background threads (optimizing
 * compiler, garbage collector) take as much CPU as the scanning thread (1.2 s beside 1.1 s on the
 * three docs repositories), and a helper brings its own: on 2 cores a helper made the fast path
 * slower at every size tried (1.7 to 46 MB of pages). So whole pages go to helpers only where a core
 * is left for V8 beside them, from 2 MB of text each (the fast path reads 15-30 MB/s a core).
 * Pages the fast path leaves to micromark (28 times slower, less compiled code) go to helpers from
 * 512 KB each, every core used, as before.
 */
export interface HelperPolicy {
  /** The function helpers run on each job (serveIfHelper's table). */
  kind: HelperScan;
  bytesPerHelper: number;
  /** Cores `'auto'` leaves to V8's background threads. */
  spareCores: number;
}

export type HelperScan = 'page' | 'micromark';

export const WHOLE_PAGES: HelperPolicy = { kind: 'page', bytesPerHelper: 2 * 1024 * 1024, spareCores: 1 };
export const MICROMARK_PAGES: HelperPolicy = { kind: 'micromark', bytesPerHelper: 512 * 1024, spareCores: 0 };

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
  kind: HelperScan;
  jobs: ScanJob[];
  /** [0]: the next unclaimed job; [1]: scans posted by all helpers. */
  counters: Int32Array;
  port: MessagePort;
}

/** A helper's answer: job index and its scan. */
type Answer = [number, PageScan];

const thisFile = import.meta.url;

/**
 * Scans every job with `scan` (helpers with the function `policy.kind` names), on up to `threads`
 * threads, this one included (`'auto'`: the cores there are, but the policy's spare ones; a helper
 * for each `policy.bytesPerHelper` of text), or on this thread alone when there is too little text
 * for a helper to pay for its start; the scans in job order.
 */
export function scanInParallel(
  jobs: readonly ScanJob[],
  scan: (job: ScanJob) => PageScan,
  policy: HelperPolicy,
  threads: number | 'auto' = 'auto',
): PageScan[] {
  const helpers = helperCount(jobs, threads, policy);
  lastHelpers = 0;
  if (helpers === 0) return jobs.map(scan);
  const counters = new Int32Array(new SharedArrayBuffer(8));
  const started = startHelpers(helpers, policy.kind, jobs, counters);
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

/** Helpers `scanInParallel` would start for these jobs (none from the TypeScript sources, nor in a helper). */
export function helperCount(jobs: readonly ScanJob[], threads: number | 'auto', policy: HelperPolicy): number {
  if (!thisFile.endsWith('.js') || !isMainThreadOrOurs()) return 0;
  const cores = threads === 'auto' ? availableParallelism() - policy.spareCores : Math.max(1, Math.floor(threads));
  let bytes = 0;
  for (const job of jobs) bytes += job.text.length;
  // This thread scans too: a helper for each of the other cores.
  return Math.max(0, Math.min(cores - 1, MAX_HELPERS, Math.floor(bytes / policy.bytesPerHelper), jobs.length - 1));
}

/** Helpers do not start helpers of their own. */
function isMainThreadOrOurs(): boolean {
  return isMainThread || !isHelperData(workerData);
}

function startHelpers(count: number, kind: HelperScan, jobs: readonly ScanJob[], counters: Int32Array): { worker: Worker; port: MessagePort }[] {
  const started: { worker: Worker; port: MessagePort }[] = [];
  for (let i = 0; i < count; i++) {
    const { port1, port2 } = new MessageChannel();
    try {
      const data: HelperData = { docsnavPageScans: true, kind, jobs: jobs as ScanJob[], counters, port: port2 };
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
 * The scans: this thread takes pages from the shared counter as the helpers do, and takes their
 * scans as they come, between its own pages. Once no page is left to take, it waits for the
 * helpers' last; should none come for STALL_MS (a helper could not start, or died), it scans
 * those a helper took and never answered.
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
  let unclaimed = true;
  while (missing > 0) {
    for (const port of ports) {
      for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
        received++;
        const [index, scan] = message.message as Answer;
        if (index < count && scans[index] === undefined) {
          scans[index] = scan;
          missing--;
        }
      }
    }
    if (missing === 0) break;
    if (unclaimed) {
      const index = Atomics.add(counters, 0, 1);
      if (index < count) {
        scans[index] = scanHere(index);
        missing--;
        continue;
      }
      unclaimed = false;
    }
    if (!stalled && Atomics.wait(counters, 1, received, stallMs) !== 'timed-out') continue;
    stalled = true;
    const index = scans.indexOf(undefined);
    scans[index] = scanHere(index);
    missing--;
  }
  return scans as PageScan[];
}

function isHelperData(data: unknown): data is HelperData {
  return typeof data === 'object' && data !== null && (data as Partial<HelperData>).docsnavPageScans === true;
}

/** In a helper thread started by scanInParallel: take jobs until none is left, posting each scan. */
export function serveIfHelper(scans: Record<HelperScan, (job: ScanJob) => PageScan>): void {
  if (isMainThread || !isHelperData(workerData)) return;
  const { jobs, counters, port } = workerData;
  const scan = scans[workerData.kind];
  for (let index = Atomics.add(counters, 0, 1); index < jobs.length; index = Atomics.add(counters, 0, 1)) {
    port.postMessage([index, scan(jobs[index])] satisfies Answer);
    Atomics.add(counters, 1, 1);
    Atomics.notify(counters, 1);
  }
  port.close();
}
