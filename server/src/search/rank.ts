/**
 * Ranking a question's terms over a deployment's section index: BM25F over the fields
 * (index-fields.ts), with inverse document frequency counted over pages, so a rare word outweighs
 * a common one whichever words a question has; a page scored by its best section and a share of
 * its second; fused with MiniSearch's ranking of the question (library-rank.ts), when it is given,
 * and the sections' own ranking of its words (section-rank.ts),
 * and with the nearest sections by embedding when there are some; then one page per
 * copy group, the copy kept the question's language's, then the version it names, then the
 * default version's. No I/O.
 */
import { baseLanguage } from './language.js';
import { idfOf, maxIdf, postingsOf, type IndexData, type IndexedPage } from './index-data.js';
import { FIELD_COUNT, FIELDS, PAIR, type Field } from './index-fields.js';
import { sectionRanking } from './section-rank.js';
import { fold } from './tokenize.js';

/**
 * How much the words of the links into a page count (issue 60 item 1): other pages name a page in
 * their own words ("rotate your keys" links to *API keys*), often the words a reader uses.
 */
const ANCHOR_WEIGHT = 1;
/** How much a match in each field counts, and how much the field's length discounts it (BM25F). */
const WEIGHT: Record<Field, number> = { title: 3, heading: 2, description: 1.5, trail: 1, path: 1.2, body: 1, anchors: ANCHOR_WEIGHT };
const LENGTH_NORM: Record<Field, number> = { title: 0.4, heading: 0.4, description: 0.5, trail: 0.3, path: 0.3, body: 0.75, anchors: 0.5 };
const K1 = 1.2;
/**
 * The share of a page's second best section added to its best's: a page two of whose sections
 * hold the question (the page about it) comes before a page that mentions its words in one.
 * Measured on the eval's eight sites (260 questions, threads left out): hit@1 0.594 → 0.624,
 * MRR 0.703 → 0.718, hit@5 0.876 → 0.872 at 0.3 (0.15 and 0.5: less, the same); on crewai, not
 * used to choose it (35 questions): hit@1 0.514 → 0.543, hit@5 0.714 → 0.743, MRR 0.600 → 0.630.
 */
const SECOND_SECTION = 0.3;
/** Reciprocal rank fusion: its usual constant, and how deep each list is read. */
const RRF_K = 60;
const FUSED_DEPTH = 50;
/**
 * The fusion with MiniSearch's ranking and the sections' own (section-rank.ts) (issue 69): each
 * page scores weight/(k + its rank) in each list, the index's ranking weighing twice each of the
 * others, k = 10 (a page first in any list stays near the top). Chosen on the reader eval's tune
 * sites only (hanko, checkly: hit@5 0.50 / 0.59 alone → 0.52 / 0.62 with MiniSearch at weights 1:1
 * and k 60 → 0.52 / 0.62 at 2:1 and k 10; the sections' own ranking added as a third list at the
 * weight of MiniSearch's: 0.55 / 0.67, MRR 0.38 / 0.40 → 0.40 / 0.44); the confirm and fresh sites
 * are reported by eval/run.mjs as measured.
 */
const LIBRARY_FUSION = { k: 10, lexicalWeight: 2 };

export interface SearchTerm {
  term: string;
  /** How much the term counts (1 for the question's own words; less for context and expansions). */
  weight: number;
  /**
   * Not a word the thread has as written but one found from it (a spelling correction, a synonym,
   * a relative): the sections' own ranking (section-rank.ts) leaves it out.
   */
  expansion?: boolean;
}

export interface RankedPage {
  page: IndexedPage;
  /** The best section (an index into `sections`). */
  section: number;
  score: number;
  /** Share (0–1) of the question's weighted term mass that the page matches. */
  coverage: number;
}

export interface RankOptions {
  limit: number;
  version?: string | null;
  language?: string | null;
  includeHidden?: boolean;
  /** The question's language: its copy of a page is preferred. */
  preferLanguage?: string;
  /** A version the question names (one of `versions`): its copy of a page is preferred next. */
  preferVersion?: string;
  /** Multiplies the score of these pages (the pages an earlier answer in the thread cited). */
  boost?: ReadonlyMap<string, number>;
  /** The question as written (earlier questions of the thread first): MiniSearch's ranking of it is fused with the index's. */
  text?: string;
  /** The question's cosine similarity with each section (by position), when embeddings are configured and ready. */
  dense?: Float32Array;
  /** Multiplies the score of endpoint pages (below 1: a conceptual question, which prose answers first). */
  endpointWeight?: number;
}

/**
 * Pages by score, one per copy group, after the filter (a page outside any version passes a
 * version filter). `library`: MiniSearch's sections for the question, best first, fused in.
 */
export function rankPages(data: IndexData, query: readonly SearchTerm[], options: RankOptions, library?: readonly number[]): RankedPage[] {
  const filter = resolveFilter(data, options);
  const sectionScores = new Map<number, number>();
  // What the section itself (heading and body) holds: which section of a page answers.
  const ownScores = new Map<number, number>();
  const matched = new Map<number, Set<number>>();
  let total = 0;
  query.forEach(({ term, weight }, q) => {
    const idf = data.termIds.has(term) ? idfOf(data, term) : maxIdf(data);
    // Coverage counts words, not pairs (an unmatched pair is not a missing word).
    if (!term.includes(PAIR)) total += weight * idf;
    const postings = postingsOf(data, term);
    if (!postings) return;
    const lengths = data.fieldLengths.view();
    for (let p = postings.start; p < postings.end; p++) {
      const section = data.postingSections[p];
      let tf = 0;
      let own = 0;
      for (let f = 0; f < FIELD_COUNT; f++) {
        const raw = data.postingFrequencies[p * FIELD_COUNT + f];
        if (raw === 0) continue;
        const field = FIELDS[f];
        const norm = 1 - LENGTH_NORM[field] + (LENGTH_NORM[field] * lengths[section * FIELD_COUNT + f]) / data.averages[f];
        tf += (WEIGHT[field] * raw) / norm;
        if (field === 'heading' || field === 'body') own += (WEIGHT[field] * raw) / norm;
      }
      sectionScores.set(section, (sectionScores.get(section) ?? 0) + (weight * idf * tf * (K1 + 1)) / (tf + K1));
      if (own > 0) ownScores.set(section, (ownScores.get(section) ?? 0) + (weight * idf * own * (K1 + 1)) / (own + K1));
      const page = data.sectionPages.at(section);
      let terms = matched.get(page);
      if (!terms) matched.set(page, (terms = new Set()));
      terms.add(q);
    }
  });
  // A page scores its best section's score and a share of its second best's (SECOND_SECTION);
  // it is shown by the section whose own text (heading, body) matches best, the page's first on a tie.
  const best = new Map<number, { section: number; score: number; second: number; own: number }>();
  for (const [section, score] of sectionScores) {
    const page = data.sectionPages.at(section);
    const own = ownScores.get(section) ?? 0;
    const current = best.get(page);
    if (!current) best.set(page, { section, score, second: 0, own });
    else {
      if (score > current.score) {
        current.second = current.score;
        current.score = score;
      } else current.second = Math.max(current.second, score);
      if (own > current.own || (own === current.own && section < current.section)) {
        current.section = section;
        current.own = own;
      }
    }
  }
  const passes = (page: IndexedPage) =>
    (!page.hidden || options.includeHidden === true) &&
    !(filter.version && page.versions.length > 0 && !page.versions.includes(filter.version)) &&
    !(filter.language && page.languages.length > 0 && !page.languages.includes(filter.language));
  const coverageOf = (pageId: number) => {
    let covered = 0;
    for (const q of matched.get(pageId) ?? []) if (!query[q].term.includes(PAIR)) covered += query[q].weight * idfOf(data, query[q].term);
    return total > 0 ? covered / total : 0;
  };
  let ranked: RankedPage[] = [];
  for (const [pageId, { section, score: first, second }] of best) {
    const page = data.pages[pageId];
    if (!passes(page)) continue;
    const score = first + SECOND_SECTION * second;
    const weight = (options.boost?.get(page.path) ?? 1) * (page.kind === 'endpoint' ? (options.endpointWeight ?? 1) : 1);
    ranked.push({ page, section, score: score * weight, coverage: coverageOf(pageId) });
  }
  ranked.sort((a, b) => b.score - a.score || a.page.position - b.page.position);
  const boostOf = sectionBoost(data, options.boost);
  if (library) {
    const others = [pagesOf(data, library, passes), pagesOf(data, sectionRanking(data, query, boostOf), passes)];
    ranked = fuse(data, ranked, others, coverageOf, LIBRARY_FUSION);
  }
  if (options.dense) ranked = fuse(data, ranked, [nearestPages(data, options.dense, passes, boostOf)], coverageOf);
  return oneCopyEach(data, ranked, options.preferLanguage, filter.version ?? matchLabel(options.preferVersion, data.versions)).slice(0, options.limit);
}

/**
 * The boost of each section's page (`boost`, by page path), for the lists fused with the index's
 * ranking: each list applies it to its own scores, as the index's ranking does, so a cited page
 * is preferred among pages alike in every list without a rank's worth of lead in the fusion.
 * Undefined when no page is boosted.
 */
export function sectionBoost(data: IndexData, boost: ReadonlyMap<string, number> | undefined): ((section: number) => number) | undefined {
  // Stryker disable next-line ConditionalExpression: an empty map boosts no section (every one ×1), the same order; undefined spares the lists a call per section.
  if (!boost || boost.size === 0) return undefined;
  return (section) => boost.get(data.pages[data.sectionPages.at(section)].path) ?? 1;
}

/** The filter's version and language as this deployment's labels (undefined: not filtered). */
export function resolveFilter(data: IndexData, options: Pick<RankOptions, 'version' | 'language'>): { version?: string; language?: string } {
  return {
    version: matchLabel(options.version, data.versions),
    language: matchLabel(options.language, data.languages, baseLanguage),
  };
}

/** The pages of `sections` (best first) that pass the filter, each once, with its best section, FUSED_DEPTH of them. */
function pagesOf(data: IndexData, sections: readonly number[], passes: (page: IndexedPage) => boolean): Array<[number, number]> {
  const pages = new Map<number, number>();
  for (const section of sections) {
    if (section >= data.sections.length) continue;
    const pageId = data.sectionPages.at(section);
    if (pages.has(pageId) || !passes(data.pages[pageId])) continue;
    pages.set(pageId, section);
    if (pages.size === FUSED_DEPTH) break;
  }
  return [...pages];
}

/**
 * The pages of the nearest sections by embedding (`similarities`, one per section), as `pagesOf`
 * gives them, each similarity times `boost` of the section (a cited page's section with a negative
 * similarity, far from the question, goes further down: it is not among the nearest either way).
 */
function nearestPages(
  data: IndexData,
  similarities: Float32Array,
  passes: (page: IndexedPage) => boolean,
  boost?: (section: number) => number,
): Array<[number, number]> {
  const nearest = new Map<number, { section: number; similarity: number }>();
  for (let section = 0; section < similarities.length && section < data.sections.length; section++) {
    const pageId = data.sectionPages.at(section);
    const current = nearest.get(pageId);
    const similarity = similarities[section] * (boost?.(section) ?? 1);
    if (!current || similarity > current.similarity) nearest.set(pageId, { section, similarity });
  }
  return [...nearest]
    .filter(([pageId]) => passes(data.pages[pageId]))
    .sort((a, b) => b[1].similarity - a[1].similarity)
    .slice(0, FUSED_DEPTH)
    .map(([pageId, { section }]) => [pageId, section]);
}

/**
 * Reciprocal rank fusion of the lexical ranking and other lists of pages (MiniSearch's and the
 * sections' own, or the nearest by embedding): each page scores 1/(k + its rank) in each other
 * list it is in, and `lexicalWeight`/(k + its rank) in the lexical one (by default 1/(60 + rank)
 * in each). A page only another list found comes with its section there (the first such list's).
 */
function fuse(
  data: IndexData,
  lexical: RankedPage[],
  others: ReadonlyArray<ReadonlyArray<[number, number]>>,
  coverageOf: (pageId: number) => number,
  { k, lexicalWeight } = { k: RRF_K, lexicalWeight: 1 },
): RankedPage[] {
  const fused = new Map<number, RankedPage>();
  lexical.slice(0, FUSED_DEPTH).forEach((entry, rank) => fused.set(entry.page.position, { ...entry, score: lexicalWeight / (k + rank + 1) }));
  for (const other of others)
    other.forEach(([pageId, section], rank) => {
      const known = fused.get(pageId);
      if (known) known.score += 1 / (k + rank + 1);
      else fused.set(pageId, { page: data.pages[pageId], section, score: 1 / (k + rank + 1), coverage: coverageOf(pageId) });
    });
  return [...fused.values()].sort((a, b) => b.score - a.score || a.page.position - b.page.position);
}

/**
 * One page per copy group, scored as its best copy: the copy in the question's language, then
 * in the version asked for (filter, else named in the question), then in the default version,
 * then in the default language; the best scoring among equals.
 */
function oneCopyEach(data: IndexData, ranked: RankedPage[], preferLanguage: string | undefined, preferVersion: string | undefined): RankedPage[] {
  const groups = new Map<string, RankedPage[]>();
  for (const entry of ranked) {
    const list = groups.get(entry.page.copyKey);
    if (list) list.push(entry);
    else groups.set(entry.page.copyKey, [entry]);
  }
  const kept: RankedPage[] = [];
  for (const copies of groups.values()) {
    if (copies.length === 1) {
      kept.push(copies[0]);
      continue;
    }
    const preference = (entry: RankedPage) =>
      (preferLanguage && entry.page.language && baseLanguage(entry.page.language) === preferLanguage ? 8 : 0) +
      (preferVersion && entry.page.version === preferVersion ? 4 : 0) +
      (isDefault(data, entry.page, 'version') ? 2 : 0) +
      (isDefault(data, entry.page, 'language') ? 1 : 0);
    // Copies come best scoring first: the first of the most preferred.
    const chosen = copies.reduce((a, b) => (preference(b) > preference(a) ? b : a));
    kept.push({ ...chosen, score: copies[0].score });
  }
  return kept.sort((a, b) => b.score - a.score || a.page.position - b.page.position);
}

/** Whether the page's version (language) is the default one: as its trail says, else the navigation's first; a page outside any is. */
function isDefault(data: IndexData, page: IndexedPage, kind: 'version' | 'language'): boolean {
  const label = kind === 'version' ? page.version : page.language;
  if (!label) return true;
  const flag = kind === 'version' ? page.defaultVersion : page.defaultLanguage;
  return flag ?? label === (kind === 'version' ? data.versions[0] : data.languages[0]);
}

/** A filter value as one of the deployment's labels: exact, then ignoring case, then as a word of the label. */
function matchLabel(
  value: string | null | undefined,
  labels: readonly string[],
  normalise: (text: string) => string = (text) => fold(text),
): string | undefined {
  if (!value || labels.length === 0) return undefined;
  if (labels.includes(value)) return value;
  const wanted = normalise(value.trim());
  const same = labels.find((label) => normalise(label) === wanted);
  if (same) return same;
  const word = labels.find((label) =>
    fold(label)
      .split(/[\s()]+/)
      .includes(fold(value.trim())),
  );
  // A version or language this deployment does not have filters nothing out (not everything).
  return word;
}
