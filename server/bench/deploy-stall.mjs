/**
 * The server's main thread during one big deployment (issue 61 item 1: /healthz answers within
 * 0.5 s throughout). In this process, as server/test/analysis-heap.test.ts runs it: the embedded
 * database, a job runner whose analysis thread has a small heap (--heap-mb, default 48), and a
 * generated site of --pages pages (default 40,000, each with ~200 bytes of filler) committed in a
 * local repository. Prints the event loop's delay (perf_hooks.monitorEventLoopDelay) and every
 * stretch over --stretch-ms (default 100) in which a 10 ms timer did not run, timed from the
 * moment the deployment was queued, for two phases:
 * - `fixture`: building the site's repository (files and `git add`/`git commit`) in this process,
 *   as the test did before its fix (the test now builds it before it probes);
 * - `deployment`: from queueing the deployment to its end (success or failure).
 * Run it under `node --cpu-prof` to see what a stretch is. Usage (from server/, after
 * `npm run build:server` in the root):
 *   node bench/deploy-stall.mjs [--pages 40000] [--heap-mb 48] [--stretch-ms 100]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Core } from '../dist/core.js';
import { bigSiteRepo } from './big-site.mjs';
import { JobRunner } from '../dist/jobs/queue.js';
import { jobKinds } from '../dist/jobs/kinds.js';
import { workerSettings } from '../dist/jobs/settings.js';
import { findDeployment } from '../dist/store/deployments.js';
import { openStore } from '../dist/store/open.js';

const flag = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PAGES = flag('pages', 40_000);
const HEAP_MB = flag('heap-mb', 48);
const STRETCH_MS = flag('stretch-ms', 100);
/** --clock: each stretch's start also in µs of the monotonic clock a --cpu-prof profile's timestamps use. */
const CLOCK = process.argv.includes('--clock');
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Watches the event loop from now: its delay histogram, and the stretches in which a 10 ms timer did not run. */
function watchLoop() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  const stretches = [];
  let last = started;
  let lastClock = process.hrtime.bigint();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > STRETCH_MS) stretches.push({ at: Math.round(last - started), ms: Math.round(now - last), clock: lastClock / 1000n });
    last = now;
    lastClock = process.hrtime.bigint();
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      histogram.disable();
      return { ms: Math.round(performance.now() - started), maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, stretches };
    },
  };
}

function report(phase, { ms, maxMs, p99Ms, stretches }) {
  console.log(`${phase}: ${ms} ms; event-loop delay max ${maxMs.toFixed(0)} ms, p99 ${p99Ms.toFixed(0)} ms; load ${loadAverage()}`);
  for (const { at, ms: length, clock } of stretches) console.log(`  stretch of ${length} ms at +${at} ms${CLOCK ? ` (clock ${clock} µs)` : ''}`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-bench-stall-'));
const store = await openStore({ data: path.join(dir, 'data') });
const core = new Core(store);
const runner = new JobRunner(
  store,
  jobKinds,
  workerSettings(path.join(dir, 'work'), { pollMs: 200, sweepMs: 500, git: { localRoots: [tmpdir()] }, check: { maxHeapMb: HEAP_MB } }),
);
await runner.start();
try {
  console.log(`${PAGES} pages, analysis heap ${HEAP_MB} MB, stretches over ${STRETCH_MS} ms; load ${loadAverage()}`);
  let watch = watchLoop();
  const repo = bigSiteRepo(path.join(dir, 'site'), PAGES, ` ${'word '.repeat(40)}`);
  // The timer runs once after the synchronous build, so the stretch is seen.
  await new Promise((resolve) => setTimeout(resolve, 50));
  report('fixture (built in this process)', watch.stop());

  await core.addProject({ id: 'big', repo, branch: 'main', docsDir: 'docs' });
  watch = watchLoop();
  const { statusId } = await core.queueUpdate('big');
  let deployment;
  while (!(deployment && (deployment.status === 'success' || deployment.status === 'failure'))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    deployment = await findDeployment(store, statusId);
  }
  report(`deployment (${deployment.status}: ${deployment.summary ?? ''})`, watch.stop());
} finally {
  const stopping = performance.now();
  await runner.stop();
  await store.close();
  console.log(`(stopped in ${Math.round(performance.now() - stopping)} ms)`);
  // 40,000 files and their copies take minutes to delete on a busy disk: left to a process of its own.
  spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
}
