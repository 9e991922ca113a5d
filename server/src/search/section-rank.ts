/**
 * A third ranking of a question's sections (issue 69), from the index's own postings: the
 * thread's words as written (the question's, an earlier message's by its weight; no pairs, no
 * expansions, each once) scored in each section by BM25 field
 * by field, summed with the boosts the eval's search libraries use (page title ×2, heading ×1.5,
 * description and body ×1; the navigation labels, the path and the link texts left out), and an
 * idf counted over sections. It is lunr's model: the index's own ranking is BM25F (one saturation
 * over the fields, an idf over pages, weighted expansions and pairs), which lets a page whose
 * many sections each hold a word or two outrank the one section that holds the question. rank.ts
 * fuses it with the index's ranking and MiniSearch's by reciprocal rank.
 *
 * Why (issue 69): on the reader eval's tune sites (hanko, checkly), lunr's own ranking as a third
 * list raised hit@5 from 0.52 / 0.62 to 0.55 / 0.67 (in process, eval/rank-diag.mjs's figures), but
 * lunr's index held 178 MB of heap for the 9,454 sections of the platform's docs repository
 * (MiniSearch's: 56 MB) and took 5 s to build. This list holds nothing of its own (the postings
 * are the index's); measured by eval/run.mjs, hanko 0.55 / MRR 0.40 and checkly 0.67 / 0.44
 * (0.52 / 0.38 and 0.62 / 0.40 with two lists). No I/O.
 */
import { postingsOf, type IndexData } from './index-data.js';
import { FIELD_COUNT, FIELDS, PAIR } from './index-fields.js';

/** The fields read, each by its place in FIELDS, with its boost (the navigation labels, the path and the link texts are not read). */
const READ: ReadonlyArray<readonly [number, number]> = (
  [
    ['title', 2],
    ['heading', 1.5],
    ['description', 1],
    ['body', 1],
  ] as const
).map(([field, fieldBoost]) => [FIELDS.indexOf(field), fieldBoost]);
/** BM25's constants, lunr's and MiniSearch's alike. */
const K1 = 1.2;
const B = 0.75;

/**
 * The sections holding any of the question's own words, best first (a tie: the earlier section
 * first), each score times `boost` of the section (its page's: rank.ts's sectionBoost).
 */
export function sectionRanking(
  data: IndexData,
  // rank.ts's SearchTerm, written out: rank.ts imports this module, and the layers allow no cycle.
  query: ReadonlyArray<{ term: string; weight: number; expansion?: boolean }>,
  boost?: (section: number) => number,
): number[] {
  const sections = data.sections.length;
  const lengths = data.fieldLengths.view();
  const scores = new Map<number, number>();
  const seen = new Set<string>();
  for (const { term, weight, expansion } of query) {
    // The thread's words as written, each by its weight (an earlier message's count less); an expansion or a pair is the index's own ranking's.
    if (expansion === true || term.includes(PAIR) || seen.has(term)) continue;
    seen.add(term);
    const postings = postingsOf(data, term);
    if (!postings) continue;
    // One posting per section that holds the term.
    const holding = postings.end - postings.start;
    const idf = Math.log(1 + (sections - holding + 0.5) / (holding + 0.5));
    for (let p = postings.start; p < postings.end; p++) {
      const section = data.postingSections[p];
      let score = 0;
      for (const [f, fieldBoost] of READ) {
        // A field without the word adds nothing (its length is at least 1 on average: the norm is never 0).
        const tf = data.postingFrequencies[p * FIELD_COUNT + f];
        const norm = 1 - B + (B * lengths[section * FIELD_COUNT + f]) / data.averages[f];
        // BM25's factor of (k1 + 1) over it is left out: it scales every score alike, and only the order is given.
        score += (weight * fieldBoost * idf * tf) / (K1 * norm + tf);
      }
      // A section that holds the word only in a field not read (a label, its path, a link's text) is not found by it.
      if (score > 0) scores.set(section, (scores.get(section) ?? 0) + score);
    }
  }
  if (boost) for (const [section, score] of scores) scores.set(section, score * boost(section));
  return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([section]) => section);
}
