/**
 * scripts/mulberry32.mjs against the generator as it is published (bryc's "PRNGs" collection, the
 * form with `a |= 0`): the seeded draws (the mutation gate's sample, the differential's sites) must
 * be the same on every machine and across refactors, so one step changed is a different sample.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../scripts/mulberry32.mjs';

function published(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('mulberry32', () => {
  it.each([0, 1, 42, 0x7fffffff, 0xffffffff, -5])('draws the published sequence from seed %d', (seed) => {
    const ours = mulberry32(seed);
    const theirs = published(seed);
    const draws = Array.from({ length: 1000 }, () => ours());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => theirs()));
    expect(draws.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(990);
  });
});
