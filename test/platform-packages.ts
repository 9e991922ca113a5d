/**
 * The suites that compare docsnav with the platform's own packages (@mintlify/prebuild,
 * @mintlify/validation, the `mint` CLI; installed on demand into bench/, never dependencies) call
 * this with why they could not be installed, if they could not. A local run skips them, saying so
 * in one line; under CI (`CI=true`) the suite fails instead, so CI cannot pass by skipping
 * (test/platform-packages.corpus.test.ts runs every such suite with an install that fails).
 */
import { ensurePrebuild } from '../bench/prebuild.mjs';

/**
 * Whether this run is CI's: `CI` set to `true` or `1`, as CI services set it, when the run started
 * (test/temp-folder.ts sets CI for every run's own processes and keeps the run's value in DOCSNAV_RUN_CI).
 */
export function underCi(): boolean {
  return ['true', '1'].includes((process.env.DOCSNAV_RUN_CI ?? process.env.CI ?? '').toLowerCase());
}

/**
 * `true` when the suite is to be skipped (a local run whose packages are missing: one line on
 * stderr says so); `false` when they are there. Under CI a missing package throws, failing the
 * suite's file with the reason.
 */
export function skipWithoutPlatform(suite: string, reason: string | undefined): boolean {
  if (reason === undefined) return false;
  const line = reason.split('\n')[0];
  if (underCi()) throw new Error(`${suite}: the platform's packages are needed under CI=true and could not be installed: ${reason}`);
  console.warn(`${suite}: skipped (the platform's packages could not be installed: ${line})`);
  return true;
}

/**
 * skipWithoutPlatform for a suite that needs @mintlify/prebuild: installs it on demand
 * (bench/prebuild.mjs) and passes on why it could not, if it could not.
 */
export function skipWithoutPrebuild(suite: string): boolean {
  let reason: string | undefined;
  try {
    ensurePrebuild();
  } catch (error) {
    reason = (error as Error).message;
  }
  return skipWithoutPlatform(suite, reason);
}
