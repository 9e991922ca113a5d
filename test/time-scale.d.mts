// Types of time-scale.mjs (plain JavaScript, so that the end-to-end script and the vitest configs can import it).

/** The factor every hang guard is multiplied by: DOCSNAV_TEST_TIME_SCALE, else the load per core (at least 1). */
export function timeScale(env?: NodeJS.ProcessEnv, load?: number[], cores?: number): number;
/** A hang guard of `ms` on a quiet machine, scaled by timeScale(), in whole milliseconds. */
export function hangGuard(ms: number): number;
export const TEST_TIMEOUT_MS: number;
export const HOOK_TIMEOUT_MS: number;
