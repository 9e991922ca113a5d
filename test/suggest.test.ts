/**
 * The "did you mean" of src/suggest.ts. Suggester's trigram index (above 64 names) keeps, of a
 * trigram that more than 512 names share, the count and the first 512 (issue 66: the full lists
 * of 134,000 anchors were most of its memory), and numbers its trigrams instead of making a
 * string each: its suggestions must be those of the plain index, every list whole, every trigram
 * a string. The plain one is written out here, from the documented rule.
 */
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { closest, Suggester } from '../src/suggest.js';

const lower = (name: string) => name.toLowerCase();

/** The documented rule with whole lists: names sharing the most of the miss's trigrams (those of 512 names or fewer, else the rarest's first 512), 48 at most, ranked by distance. */
function plainSuggest(names: readonly string[], name: string): string[] {
  const grams = (s: string) => (s.length < 3 ? [s] : Array.from({ length: s.length - 2 }, (_, i) => s.slice(i, i + 3)));
  const lists = new Map<string, number[]>();
  names.forEach((candidate, i) => {
    for (const gram of new Set(grams(lower(candidate)))) lists.set(gram, [...(lists.get(gram) ?? []), i]);
  });
  const out = new Set(names.filter((candidate) => lower(candidate) === lower(name)));
  let candidates: readonly string[] = names;
  if (names.length > 64) {
    const postings = [...new Set(grams(lower(name)))].flatMap((gram) => (lists.has(gram) ? [lists.get(gram)!] : []));
    let useful = postings.filter((list) => list.length <= 512);
    if (useful.length === 0 && postings.length > 0) useful = [postings.reduce((a, b) => (b.length < a.length ? b : a)).slice(0, 512)];
    const shared = new Map<number, number>();
    for (const list of useful) for (const i of list) shared.set(i, (shared.get(i) ?? 0) + 1);
    // By shared count, most first; within a count, in the order the names were first touched.
    const order = [...shared.keys()];
    candidates = order
      .map((i, at) => ({ i, at, count: shared.get(i)! }))
      .sort((a, b) => b.count - a.count || a.at - b.at)
      .slice(0, 48)
      .map(({ i }) => names[i]);
  }
  const ranked = candidates
    .filter((candidate) => !out.has(candidate))
    .map((candidate) => ({ candidate, d: distance(lower(name), lower(candidate)) }))
    .sort((a, b) => a.d - b.d);
  for (const { candidate } of ranked) {
    if (out.size >= 3 || closest(name, [candidate]) === undefined) break;
    out.add(candidate);
  }
  return [...out].slice(0, 3);
}

describe('Suggester: the plain index’s suggestions', () => {
  it('up to 64 names: the nearest is `closest`’s', () => {
    const names = Array.from({ length: 60 }, (_, i) => `install-step-${i}`);
    for (const miss of ['instal-step-7', 'install-stpe-42', 'INSTALL-STEP-3', 'nothing-like-it']) {
      expect(new Suggester(names, lower).suggest(miss)[0]).toBe(closest(miss, names));
    }
  });

  it('a miss with a trigram twice counts it once: names sharing only that one do not crowd out a nearer name past the 48 candidates', () => {
    // "xyzxyz": xyz (twice), yzx, zxy. 100 names share only xyz; "ayzxy" shares yzx and zxy, two edits away.
    const names = [...Array.from({ length: 100 }, (_, i) => `xyz-decoy-${i}`), 'ayzxy'];
    const suggested = new Suggester(names, lower).suggest('xyzxyz');
    expect(suggested).toEqual(['ayzxy']);
    expect(suggested).toEqual(plainSuggest(names, 'xyzxyz'));
  });

  it('5,000 names sharing common trigrams (every list past 512), misses of one and two edits, and names with a trigram twice', () => {
    const names = [...Array.from({ length: 5000 }, (_, i) => `section-${i}`), 'aaaa-aaaa', 'abcabcabc'];
    const suggester = new Suggester(names, lower);
    for (const miss of ['sectoin-1234', 'section-12345', 'secton-77', 'Section-4999', 'sec', 'aaaa-aaab', 'abcabcabd', 'zz', 'section-']) {
      expect(suggester.suggest(miss), miss).toEqual(plainSuggest(names, miss));
    }
    expect(suggester.suggest('sectoin-1234')[0]).toBe('section-1234');
  });

  it('a trigram twice in a name counts once: 300 names with `qqq` twice keep its list under 512, where the near name is', () => {
    const names = ['qqqwx', ...Array.from({ length: 300 }, (_, i) => `qqqq-${i}`), ...Array.from({ length: 600 }, (_, i) => `xqqww${i}`)];
    const suggester = new Suggester(names, lower);
    expect(suggester.suggest('qqqww')).toEqual(plainSuggest(names, 'qqqww'));
    expect(suggester.suggest('qqqww')[0]).toBe('qqqwx');
  });

  it('names equal once normalized, in their order', () => {
    const suggester = new Suggester(['Intro', 'intro', 'Setup'], lower);
    expect(suggester.equalOnceNormal('INTRO')).toEqual(['Intro', 'intro']);
    expect(suggester.equalOnceNormal('none')).toEqual([]);
  });
});
