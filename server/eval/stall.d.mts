/** The types of stall.mjs (the eval's modules are plain ES modules). */
export function stallVerdict(rounds: readonly { max: number; idleMax: number }[], limitMs: number): { excesses: number[]; median: number; ok: boolean };
