/**
 * The interruption loop of test/cli/mv-signals.test.ts (50 seeded signals on 150 pages, in the
 * default suite) on a site of 3,000 pages (every page moved and rewritten), as the operator
 * interrupted it: seeded SIGINT, SIGTERM and SIGKILL, 12 rounds within 10 minutes. A round here took
 * about 107 s at load 35-43 (14 rounds in 25 minutes: each is a whole move, its checks and a reset
 * of 3,000 files), so the loop is bounded by time as well, and at least 3 rounds must run; every round run must leave the old or
 * the new site.
 */
import { describe, expect, it } from 'vitest';
import { interruptionLoop } from '../cli/mv-interruptions.js';
import { hangGuard } from '../time-scale.mjs';

const LIMIT_MS = hangGuard(1_200_000);

describe('docsnav mv on 3,000 pages, interrupted', () => {
  it(
    'signals at random points leave the old or the new site, never a mix',
    async () => {
      const result = await interruptionLoop(3000, 12, 5757, LIMIT_MS / 2);
      console.log(`mv signals (3,000 pages): ${JSON.stringify(result)}`);
      expect(result.failures).toEqual([]);
      expect(result.rounds).toBeGreaterThanOrEqual(3);
      expect(result.rolledBack + result.continued + result.aborted).toBeGreaterThan(0);
    },
    LIMIT_MS,
  );
});
