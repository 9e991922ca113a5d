import { distance } from 'fastest-levenshtein';

/**
 * "Did you mean": the candidate nearest to `word` by edit distance (case-insensitive),
 * or undefined when none is close enough to be a plausible typo.
 * Close enough: at most a third of the longer word's length, and at least 1 (2 for long words).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(1, Math.floor(Math.max(word.length, best.length) / 3));
  return bestDistance <= limit ? best : undefined;
}
