import { distance } from 'fastest-levenshtein';

/**
 * "Did you mean": the candidate nearest to `word` by edit distance (case-insensitive),
 * or undefined when none is close enough to be a plausible typo.
 * Close enough: at most a third of the longer word's length, and at least 1 (2 for long words).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length > MAX_WORD) return undefined;
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // The distance is at least the difference in length: too far to be a typo, so not worth computing.
    if (Math.abs(candidate.length - word.length) > limitFor(word, candidate)) continue;
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  if (best === undefined) return undefined;
  return bestDistance <= limitFor(word, best) ? best : undefined;
}

/** The one item that passes `test`; undefined when none does or more than one does (no clear choice). */
export function onlyOne<T>(items: Iterable<T>, test: (item: T) => boolean): T | undefined {
  let found: T | undefined;
  let count = 0;
  for (const item of items) {
    if (!test(item)) continue;
    if (++count > 1) return undefined;
    found = item;
  }
  return found;
}

/** Words longer than this get no suggestion (no name or file name is that long; edit distance is quadratic). */
const MAX_WORD = 1000;

function limitFor(word: string, candidate: string): number {
  return Math.max(1, Math.floor(Math.max(word.length, candidate.length) / 3));
}

/** Up to this many names, a miss is compared with every name. */
const FULL_SCAN_LIMIT = 64;
/** Beyond it, only this many names (the ones sharing the most trigrams) are compared. */
const CANDIDATE_LIMIT = 48;
/** Trigrams shared by more names than this say little and are skipped when looking up candidates. */
const COMMON_TRIGRAM = 512;
const MAX_SUGGESTIONS = 3;

/**
 * "Did you mean" against many names (a spec's paths, a folder's pages), linear in the number
 * of misses. Suggestions for a name not found among `names`: first the names equal to it once
 * normalized (for paths: parameter names and case ignored), then the nearest by edit
 * distance that `closest` finds plausible. Above FULL_SCAN_LIMIT names, a trigram index
 * (built on the first miss) picks a bounded set of candidates, so each miss costs about the
 * same however big the spec is; answers are remembered per missed name.
 */
export class Suggester {
  private byNormal: Map<string, string[]> | undefined;
  private trigrams: Map<string, number[]> | undefined;
  private counts: Uint32Array | undefined;
  private readonly answers = new Map<string, string[]>();

  constructor(
    private readonly names: readonly string[],
    private readonly normal: (name: string) => string,
  ) {}

  suggest(name: string): string[] {
    let answer = this.answers.get(name);
    if (answer) return [...answer];
    answer = this.compute(name);
    this.answers.set(name, answer);
    return [...answer];
  }

  private compute(name: string): string[] {
    if (this.names.length === 0 || name.length > MAX_WORD) return [];
    const normal = this.normal(name);
    if (!this.byNormal) {
      this.byNormal = new Map();
      for (const candidate of this.names) {
        const key = this.normal(candidate);
        const list = this.byNormal.get(key);
        if (list) list.push(candidate);
        else this.byNormal.set(key, [candidate]);
      }
    }
    const out = new Set<string>(this.byNormal.get(normal) ?? []);
    const lower = name.toLowerCase();
    const ranked = this.candidates(normal)
      .filter((candidate) => !out.has(candidate))
      .map((candidate) => ({ candidate, d: distance(lower, candidate.toLowerCase()) }))
      .sort((a, b) => a.d - b.d);
    for (const { candidate } of ranked) {
      if (out.size >= MAX_SUGGESTIONS) break;
      // Ranked by distance, so the first one `closest` rejects ends the list.
      if (closest(name, [candidate]) === undefined) break;
      out.add(candidate);
    }
    return [...out].slice(0, MAX_SUGGESTIONS);
  }

  private candidates(normal: string): readonly string[] {
    if (this.names.length <= FULL_SCAN_LIMIT) return this.names;
    const trigrams = this.trigramIndex();
    const postings: number[][] = [];
    for (const gram of gramsOf(normal)) {
      const list = trigrams.get(gram);
      if (list) postings.push(list);
    }
    if (postings.length === 0) return [];
    let useful = postings.filter((list) => list.length <= COMMON_TRIGRAM);
    if (useful.length === 0) {
      // Every trigram is common: the rarest one still narrows things down.
      const rarest = postings.reduce((a, b) => (b.length < a.length ? b : a));
      useful = [rarest.slice(0, COMMON_TRIGRAM)];
    }
    // Shared-trigram counts in a reused typed array: no Map, no sort over all touched names.
    const counts = (this.counts ??= new Uint32Array(this.names.length));
    const touched: number[] = [];
    for (const list of useful) {
      for (const i of list) if (counts[i]++ === 0) touched.push(i);
    }
    const buckets: number[][] = [];
    for (const i of touched) {
      (buckets[counts[i]] ??= []).push(i);
      counts[i] = 0;
    }
    const out: string[] = [];
    for (let count = buckets.length - 1; count > 0 && out.length < CANDIDATE_LIMIT; count--) {
      for (const i of buckets[count] ?? []) {
        out.push(this.names[i]);
        if (out.length === CANDIDATE_LIMIT) break;
      }
    }
    return out;
  }

  private trigramIndex(): Map<string, number[]> {
    if (this.trigrams) return this.trigrams;
    const trigrams = new Map<string, number[]>();
    this.names.forEach((name, i) => {
      for (const gram of gramsOf(this.normal(name))) {
        const list = trigrams.get(gram);
        if (list) list.push(i);
        else trigrams.set(gram, [i]);
      }
    });
    return (this.trigrams = trigrams);
  }
}

/** The distinct trigrams of a string (the string itself when shorter than three). */
function gramsOf(s: string): Set<string> {
  const grams = new Set<string>();
  if (s.length < 3) grams.add(s);
  for (let i = 0; i + 3 <= s.length; i++) grams.add(s.slice(i, i + 3));
  return grams;
}
