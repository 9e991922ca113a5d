/**
 * mulberry32: a small, fast generator of numbers in [0, 1) from a 32-bit seed, the same sequence on
 * every machine. The one copy the project's seeded draws use: the mutation gate's sample
 * (scripts/mutate-gate.mjs), the differential's sites (bench/differential/generate.mjs) and the
 * move bench's picks (bench/mv.mjs).
 */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
