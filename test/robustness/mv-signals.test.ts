/**
 * The interruption loop of test/cli/mv-signals.test.ts on a site of 3,000 pages (every page moved
 * and rewritten), as the operator interrupted it: 50 seeded SIGINT, SIGTERM and SIGKILL.
 */
import { describe, expect, it } from 'vitest';
import { interruptionLoop } from '../cli/mv-interruptions.js';

describe('docsnav mv on 3,000 pages, interrupted', () => {
  it('50 signals at random points leave the old or the new site, never a mix', async () => {
    const result = await interruptionLoop(3000, 50, 5757, 1_500_000);
    console.log(`mv signals (3,000 pages): ${JSON.stringify(result)}`);
    expect(result.failures).toEqual([]);
    expect(result.rounds).toBe(50);
    expect(result.rolledBack + result.continued + result.aborted).toBeGreaterThan(0);
  }, 1_800_000);
});
