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
  private trigrams: Map<number, Posting> | undefined;
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
    const out = new Set<string>(this.withNormal(normal));
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

  /** The names equal to `name` once normalized, in their order. */
  equalOnceNormal(name: string): readonly string[] {
    return this.withNormal(this.normal(name));
  }

  /** The names whose normal form is `normal`, in their order. */
  private withNormal(normal: string): readonly string[] {
    if (!this.byNormal) {
      this.byNormal = new Map();
      for (const candidate of this.names) {
        const key = this.normal(candidate);
        const list = this.byNormal.get(key);
        if (list) list.push(candidate);
        else this.byNormal.set(key, [candidate]);
      }
    }
    return this.byNormal.get(normal) ?? [];
  }

  private candidates(normal: string): readonly string[] {
    if (this.names.length <= FULL_SCAN_LIMIT) return this.names;
    const trigrams = this.trigramIndex();
    const postings: Posting[] = [];
    const seen = new Set<number>();
    forEachGram(normal, (gram) => {
      if (seen.has(gram)) return;
      seen.add(gram);
      const posting = trigrams.get(gram);
      if (posting) postings.push(posting);
    });
    if (postings.length === 0) return [];
    let useful = postings.filter((posting) => posting.count <= COMMON_TRIGRAM).map((posting) => posting.names);
    if (useful.length === 0) {
      // Every trigram is common: the rarest one still narrows things down.
      const rarest = postings.reduce((a, b) => (b.count < a.count ? b : a));
      useful = [rarest.names];
    }
    // Shared-trigram counts in a reused typed array: no Map, no sort over all touched names.
    const counts = (this.counts ??= new Uint32Array(this.names.length));
    // Stryker disable next-line ArrayDeclaration: an entry that is no index reads counts[entry] as undefined and files itself under buckets's named property "undefined", which the loop over counts 1 and up never reads.
    const touched: number[] = [];
    for (const list of useful) {
      for (const i of list) if (counts[i]++ === 0) touched.push(i);
    }
    // Stryker disable next-line ArrayDeclaration: bucket 0 is never read (count > 0) nor written (a touched name shares at least one trigram), and a one-slot array leaves the loop as an empty one does.
    const buckets: number[][] = [];
    for (const i of touched) {
      (buckets[counts[i]] ??= []).push(i);
      counts[i] = 0;
    }
    const out: string[] = [];
    // Stryker disable next-line ArithmeticOperator: starting two counts higher visits two empty buckets first (`?? []`), the same candidates in the same order.
    for (let count = buckets.length - 1; count > 0 && out.length < CANDIDATE_LIMIT; count--) {
      for (const i of buckets[count] ?? []) {
        out.push(this.names[i]);
        if (out.length === CANDIDATE_LIMIT) break;
      }
    }
    return out;
  }

  private trigramIndex(): Map<number, Posting> {
    if (this.trigrams) return this.trigrams;
    const trigrams = new Map<number, Posting>();
    this.names.forEach((name, i) => {
      forEachGram(this.normal(name), (gram) => {
        const posting = trigrams.get(gram);
        if (posting === undefined) trigrams.set(gram, { count: 1, names: [i], last: i });
        else if (posting.last !== i) {
          // A trigram twice in one name counts once.
          posting.last = i;
          if (++posting.count <= COMMON_TRIGRAM) posting.names.push(i);
        }
      });
    });
    return (this.trigrams = trigrams);
  }
}

/**
 * The names with a trigram: how many, and the first COMMON_TRIGRAM of them (the index), which is
 * all a common trigram is ever read for (its count says it is common). Every name of 134,000 anchors shared `sec`, `ect`, …:
 * their full lists were most of the index (issue 66).
 */
interface Posting {
  count: number;
  names: number[];
  /** The last name counted. */
  last: number;
}

/**
 * Each trigram of a string, as a number (three UTF-16 units: no string made per trigram), repeats
 * included; a string shorter than three is one, numbered apart (below zero).
 */
function forEachGram(s: string, gram: (key: number) => void): void {
  if (s.length < 3) {
    gram(-1 - (s.length === 0 ? 0 : s.length === 1 ? 1 + s.charCodeAt(0) : 65_537 + s.charCodeAt(0) * 65_536 + s.charCodeAt(1)));
    return;
  }
  for (let i = 0; i + 3 <= s.length; i++) gram(s.charCodeAt(i) * 4_294_967_296 + s.charCodeAt(i + 1) * 65_536 + s.charCodeAt(i + 2));
}
