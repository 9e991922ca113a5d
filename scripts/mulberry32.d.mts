// Types of mulberry32.mjs (plain JavaScript: the scripts and benches draw from it without a build).

/** A generator of numbers in [0, 1) from a 32-bit seed, the same sequence on every machine. */
export function mulberry32(seed: number): () => number;
