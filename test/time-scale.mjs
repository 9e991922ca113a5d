// How long a test waits before it calls a wait a hang: the one place where the suites' time limits
// scale (plain JavaScript, so that the end-to-end script and the vitest configs can import it).
// A limit here guards against a hang, never checks a speed (that is `npm run bench`): on a busy
// machine every step is slower, so a limit that passes on a quiet machine must grow with the load.
import { availableParallelism, loadavg } from 'node:os';

/**
 * The factor every hang guard is multiplied by: DOCSNAV_TEST_TIME_SCALE when it is set (a number
 * above 0: 3 on a machine you know is busy, 0.5 to find a hang sooner), else the machine's load
 * per core, the highest of its 1-, 5- and 15-minute averages, and never under 1. Measured at each
 * call, so that a file started later on a busier machine waits longer.
 */
export function timeScale(env = process.env, load = loadavg(), cores = availableParallelism()) {
  const given = env.DOCSNAV_TEST_TIME_SCALE;
  if (given !== undefined && given.trim() !== '') {
    const scale = Number(given);
    if (!Number.isFinite(scale) || scale <= 0) throw new Error(`DOCSNAV_TEST_TIME_SCALE must be a number above 0, not ${JSON.stringify(given)}`);
    return scale;
  }
  return Math.max(1, Math.max(...load) / Math.max(1, cores));
}

/** A hang guard of `ms` on a quiet machine, scaled (timeScale), in whole milliseconds. */
export function hangGuard(ms) {
  return Math.ceil(ms * timeScale());
}

/** Vitest's own limits, before any file's own: a test's (its default, 5 s, was passed by whole files at load 20) and a hook's (hooks build fixtures and remove install folders of thousands of files). */
export const TEST_TIMEOUT_MS = 60_000;
export const HOOK_TIMEOUT_MS = 120_000;
