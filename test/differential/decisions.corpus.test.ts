import { describe, expect, it } from 'vitest';
import { checkSite, judge } from '../../bench/differential.mjs';
import { DECISIONS } from '../../bench/differential/decisions.mjs';
import { skipWithoutPrebuild } from '../platform-packages.js';

/**
 * Each decision of the differential run (bench/differential/decisions.mjs) pinned on its example
 * site, built by the platform's own build (@mintlify/prebuild, installed on demand; never a
 * dependency) and checked by docsnav with its defaults: the example shows the difference the
 * decision explains, the decision explains it from the site's own build or validator, and nothing
 * on the example is left unexplained. A decision whose evidence no longer holds (the platform or
 * docsnav changed) fails here, not silently in the differential.
 */

const skip = skipWithoutPrebuild('differential decisions');

describe.skipIf(skip)('the differential’s decisions, each on its example built by the platform', () => {
  it.each(DECISIONS.map((decision) => [decision.id, decision] as const))('%s', async (_id, decision) => {
    const judged = judge(await checkSite(decision.example));
    const unexplained = judged.filter(({ decision: d }) => d === undefined).map(({ difference }) => difference);
    expect(unexplained).toEqual([]);
    if (!decision.racy) expect(judged.map(({ decision: d }) => d?.id)).toContain(decision.id);
  });
});
