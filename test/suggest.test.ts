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

describe('closest: the nearest plausible candidate', () => {
  // The limit: a third of the longer word's length, at least 1.
  it.each([
    { name: 'one edit in a short word (limit 1)', word: 'tab', candidates: ['tabs'], expected: 'tabs' },
    { name: 'two edits in a short word: one past its limit', word: 'tab', candidates: ['tabes'], expected: undefined },
    { name: 'exactly the limit: two edits in six letters', word: 'groups', candidates: ['grapps'], expected: 'grapps' },
    { name: 'one past the limit: three edits in six letters', word: 'groups', candidates: ['xraaps'], expected: undefined },
    { name: 'the longer word sets the limit (6 letters: 2)', word: 'page', candidates: ['pages!'], expected: 'pages!' },
    { name: 'case is ignored, the candidate given as written', word: 'NAVIGATION', candidates: ['Navigaton'], expected: 'Navigaton' },
    { name: 'a tie: the first candidate at that distance', word: 'grup', candidates: ['group', 'grip', 'grupe'], expected: 'group' },
    { name: 'the nearest, not the first plausible', word: 'anchors', candidates: ['anchor--s', 'anchors!', 'anchor'], expected: 'anchors!' },
    { name: 'no candidates', word: 'tabs', candidates: [], expected: undefined },
    { name: 'an empty word: one edit from a one-letter candidate', word: '', candidates: ['a'], expected: 'a' },
    { name: 'multi-byte: one UTF-16 unit apart', word: 'café', candidates: ['cafe'], expected: 'cafe' },
    { name: 'multi-byte: an emoji is two units, two edits in a four-unit word', word: 'ab😀', candidates: ['ab'], expected: undefined },
    { name: 'a word past 1,000 units: no suggestion', word: 'a'.repeat(1001), candidates: ['a'.repeat(1001)], expected: undefined },
  ])('$name', ({ word, candidates, expected }) => {
    expect(closest(word, candidates)).toBe(expected);
  });
});

/** `count` names that share no trigram with the misses below (none holds q, r, s, t, x, y or z). */
const fillers = (count: number) => Array.from({ length: count }, (_, i) => `filler-page-${i}`);

describe('Suggester above 64 names: the candidates the trigram index picks', () => {
  // "qrst": trigrams qrs and rst. "xrst" shares rst only, one edit away. Decoys share qrs (or both) and are far.
  const shareOne = (count: number) => Array.from({ length: count }, (_, i) => `qrs-decoy-${i}`);
  const shareBoth = (count: number) => Array.from({ length: count }, (_, i) => `qrst-decoy-${i}`);
  it.each([
    { name: 'the near name is the 48th of one shared trigram (after 47 decoys): compared', names: [...shareOne(47), 'xrst'], expected: ['xrst'] },
    { name: 'the near name is the 49th of one shared trigram: not compared', names: [...shareOne(48), 'xrst'], expected: [] },
    { name: '47 names share two trigrams, the near name one: it is the 48th, compared', names: [...shareBoth(47), 'xrst'], expected: ['xrst'] },
    { name: '48 names share two trigrams, the near name one: not compared', names: [...shareBoth(48), 'xrst'], expected: [] },
  ])('$name', ({ names, expected }) => {
    const all = [...fillers(70), ...names];
    expect(new Suggester(all, lower).suggest('qrst')).toEqual(expected);
    expect(plainSuggest(all, 'qrst')).toEqual(expected);
  });

  it.each([
    { name: '64 names: every one compared, a near one sharing no trigram too', count: 64, expected: ['abxd'] },
    { name: '65 names: only those sharing a trigram', count: 65, expected: [] },
  ])('$name', ({ count, expected }) => {
    const names = [...fillers(count - 1), 'abxd'];
    expect(new Suggester(names, lower).suggest('abcd')).toEqual(expected);
    expect(plainSuggest(names, 'abcd')).toEqual(expected);
  });

  it.each([
    // "qrsu" shares qrs only, one edit from "qrst"; three decoys hold rst.
    { name: 'a trigram of exactly 512 names is looked up', qrs: 512, expected: ['qrsu'] },
    { name: 'one of 513 names is skipped while another trigram is not common', qrs: 513, expected: [] },
  ])('$name', ({ qrs, expected }) => {
    const names = ['qrsu', ...Array.from({ length: qrs - 1 }, (_, i) => `qrs-decoy-${i}`), 'rst-decoy-1', 'rst-decoy-2', 'rst-decoy-3'];
    expect(new Suggester(names, lower).suggest('qrst')).toEqual(expected);
    expect(plainSuggest(names, 'qrst')).toEqual(expected);
  });

  it('the 512th name of a trigram is in its list: a name sharing two trigrams after 511 sharing one', () => {
    const names = [...Array.from({ length: 511 }, (_, i) => `qrs-decoy-${i}`), 'qrst-x'];
    expect(new Suggester(names, lower).suggest('qrst')).toEqual(['qrst-x']);
    expect(plainSuggest(names, 'qrst')).toEqual(['qrst-x']);
  });

  it.each([
    { name: 'the rarest in the middle', counts: { pqr: 600, qrs: 530, rst: 560, stu: 700 } },
    { name: 'a tie for the rarest: the first of them', counts: { pqr: 600, qrs: 530, rst: 530, stu: 700 } },
    { name: 'the rarest before larger and smaller-but-common ones', counts: { pqr: 540, qrs: 530, rst: 700, stu: 531 } },
  ])('every trigram common (past 512 names): the rarest one is looked up, $name', ({ counts }) => {
    // "pqrstu": pqr, qrs, rst, stu. "aqrsbu" shares qrs only, two edits away (the limit for six letters).
    const names = ['aqrsbu'];
    for (const [gram, count] of Object.entries(counts)) {
      const own = gram === 'qrs' ? count - 1 : count;
      for (let i = 0; i < own; i++) names.push(`${gram}-decoy-${i}`);
    }
    expect(new Suggester(names, lower).suggest('pqrstu')).toEqual(['aqrsbu']);
    expect(plainSuggest(names, 'pqrstu')).toEqual(['aqrsbu']);
  });

  it.each([
    // A name one or two edits away that shares no trigram (or short gram) with the miss is not compared: the index's limit.
    { name: 'four letters, the third changed', miss: 'abcd', near: 'abxd' },
    { name: 'six letters, the first and fourth changed', miss: 'abcdef', near: 'bbcxef' },
    { name: 'three letters, the third changed (one trigram each)', miss: 'abc', near: 'abd' },
    { name: 'two letters, the second changed', miss: 'ab', near: 'ac' },
    { name: 'two letters against one', miss: 'ab', near: 'a' },
    { name: 'one letter against another', miss: 'a', near: 'b' },
    { name: 'the empty miss against one letter', miss: '', near: 'a' },
    { name: 'two multi-byte units, the second changed', miss: '日本', near: '日米' },
    { name: 'a surrogate pair against its first unit', miss: '😀', near: '😀'.charAt(0) },
    { name: 'the empty miss against a control character', miss: '', near: '\u0001' },
    { name: 'one letter against it after a control character', miss: 'x', near: '\u0001x' },
  ])('no shared trigram, no candidate: $name', ({ miss, near }) => {
    // The near name first: were it a candidate, it would be among the first 48.
    const names = [near, ...fillers(70)];
    expect(closest(miss, [near])).toBe(near);
    expect(new Suggester(names, lower).suggest(miss)).toEqual([]);
    expect(plainSuggest(names, miss)).toEqual([]);
  });

  it.each([
    { name: 'three letters', miss: 'ABC', names: ['abc', 'Abc'] },
    { name: 'two letters', miss: 'Ab', names: ['ab', 'AB'] },
    { name: 'one letter', miss: 'A', names: ['a'] },
    { name: 'multi-byte', miss: 'É', names: ['é'] },
  ])('short names equal once normalized are suggested, in their order: $name', ({ miss, names }) => {
    const all = [...fillers(70), ...names];
    expect(new Suggester(all, lower).suggest(miss)).toEqual(names);
  });
});
