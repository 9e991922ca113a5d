/**
 * `docsnav mv` interrupted for real (mv-interruptions.ts): 50 seeded SIGINT, SIGTERM and SIGKILL
 * on a generated site of 150 pages, all moved. After each, the tree and the git index are the
 * old site or the new one (after --continue / --abort where kill -9 left a journal), never a mix.
 * The slow suite runs the same loop on 3,000 pages (test/robustness/mv-signals.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { interruptionLoop } from './mv-interruptions.js';
import { hangGuard } from '../time-scale.mjs';

// The loop's budget and the test's limit, scaled together (a budget passed at load 20 ran fewer than 50 rounds).
const LIMIT_MS = hangGuard(600_000);

describe('docsnav mv, interrupted', () => {
  it(
    '50 signals at random points leave the old or the new site, never a mix',
    async () => {
      const result = await interruptionLoop(150, 50, 57, LIMIT_MS * 0.9);
      console.log(`mv signals (150 pages): ${JSON.stringify(result)}`);
      expect(result.failures).toEqual([]);
      expect(result.rounds).toBe(50);
      // Some signals came while it wrote: rolled back in the process, or recovered from the journal.
      expect(result.rolledBack + result.continued + result.aborted).toBeGreaterThan(0);
    },
    LIMIT_MS,
  );
});
