/**
 * The assistant's search index of one deployment, in memory: BM25F over the page sections
 * (page title, section heading, page description, navigation labels, page path, body), with
 * inverse document frequency counted over pages, so a rare word outweighs a common one whichever
 * words a question has. A page is ranked by its best section. Copies of one page in other
 * versions or languages are one result (the copy of the question's language, else of the
 * navigation's first version, unless another copy matches clearly better).
 *
 * Built once per deployment (a deployment's pages never change), in slices that yield to the
 * event loop, so building a big site's index does not hold up other requests.
 */
import type { PageSection } from '../store/deployments.js';
import { analyzerFor, baseLanguage } from './language.js';
import { fold, tokenize } from './tokenize.js';

const FIELDS = ['title', 'heading', 'description', 'trail', 'path', 'body'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_COUNT = FIELDS.length;
/** The layout of `serialize`'s bytes: a stored index of another layout is built again. */
export const INDEX_FORMAT = 1;
/**
 * The first size of each array of postings being built (bytes): above the C library's largest
 * threshold for allocating with mmap (32 MB), so the arrays are mapped on their own and given
 * back to the system when the build drops them, and only the pages written count as resident.
 * Smaller arrays came from the process heap, whose freed middle stays resident (~20 MB more RSS
 * after building the three corpus sites: 318 -> 293 MB).
 */
const PENDING_BYTES = 33 * 2 ** 20;
/** Highest term frequency kept (a Uint16): past it BM25's saturation makes no difference. */
const MAX_FREQUENCY = 0xffff;
/** How much a match in each field counts, and how much the field's length discounts it (BM25F). */
const WEIGHT: Record<Field, number> = { title: 3, heading: 2, description: 1.5, trail: 1, path: 1.2, body: 1 };
const LENGTH_NORM: Record<Field, number> = { title: 0.4, heading: 0.4, description: 0.5, trail: 0.3, path: 0.3, body: 0.75 };
const K1 = 1.2;
/** Reciprocal rank fusion: its usual constant, and how deep each list is read. */
const RRF_K = 60;
/** Copies scoring at least this share of the best copy's score count as the same answer. */
const COPY_TOLERANCE = 0.7;
const FUSED_DEPTH = 50;
/** Longest the build runs before it yields to the event loop (ms). */
const SLICE_MS = 10;
/** Longest body text indexed per section (characters). */
const MAX_BODY = 60_000;

export interface IndexedPage {
  path: string;
  kind: PageSection['pageKind'];
  hidden: boolean;
  language: string | undefined;
  version: string | undefined;
  /** Pages sharing it are one page in several versions or languages. */
  copyKey: string;
  /** Order of the page in the navigation. */
  position: number;
  sections: number[];
}

export interface SearchTerm {
  term: string;
  /** How much the term counts (1 for the question's own words; less for context and expansions). */
  weight: number;
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
  /** Multiplies the score of these pages (the pages an earlier answer in the thread cited). */
  boost?: ReadonlyMap<string, number>;
  /** The question's cosine similarity with each section (by position), when embeddings are configured and ready. */
  dense?: Float32Array;
}

export class SectionIndex {
  readonly pages: IndexedPage[] = [];
  readonly sections: PageSection[] = [];
  /**
   * term → its id. Everything else about a term is in typed arrays by id (outside the JS heap,
   * one object each, not one per term): a site has ~100,000 terms, and a Map of arrays per term
   * held 80 MB of heap for the three corpus repositories and grew the heap to 270 MB while built.
   */
  private readonly termIds = new Map<string, number>();
  /**
   * The postings of term `id` are `offsets[id] ..< offsets[id + 1]`: posting `p` is section
   * `postingSections[p]` with its term frequency in field `f` at `postingFrequencies[p * FIELD_COUNT + f]`.
   */
  private offsets = new Uint32Array(1);
  private postingSections = new Uint32Array(0);
  private postingFrequencies = new Uint16Array(0);
  /** term id → number of pages holding it. */
  private pageFrequency = new Uint32Array(0);
  /** While built: one posting per (term, section), in section order: its term id, section and frequencies. */
  private pending: { terms: Growable<Uint32Array>; sections: Growable<Uint32Array>; frequencies: Growable<Uint16Array> } | undefined;
  private readonly fieldLengths = new Growable(Uint32Array);
  private readonly sectionPages = new Growable(Uint32Array);
  private readonly averages = new Array<number>(FIELD_COUNT).fill(0);
  /** Languages and versions of the navigation, in order of first appearance. */
  readonly languages: string[] = [];
  readonly versions: string[] = [];
  private readonly byPath = new Map<string, number>();

  static async build(sections: readonly PageSection[], yieldToLoop = true): Promise<SectionIndex> {
    const index = new SectionIndex();
    const pending = {
      terms: new Growable(Uint32Array, PENDING_BYTES / 4),
      sections: new Growable(Uint32Array, PENDING_BYTES / 4),
      frequencies: new Growable(Uint16Array, PENDING_BYTES / 2),
    };
    index.pending = pending;
    let sliceStart = performance.now();
    const maybeYield = async () => {
      if (!yieldToLoop || performance.now() - sliceStart < SLICE_MS) return;
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    };
    for (const section of sections) {
      index.add(section);
      await maybeYield();
    }
    // Built: the postings, grouped by term (in section order within a term), in slices too: a
    // 9,000-section site has some 1,000,000 postings.
    const pendingTerms = pending.terms.view();
    const pendingSections = pending.sections.view();
    const pendingFrequencies = pending.frequencies.view();
    index.pending = undefined;
    const terms = index.termIds.size;
    const offsets = new Uint32Array(terms + 1);
    for (const term of pendingTerms) offsets[term + 1]++;
    for (let t = 0; t < terms; t++) offsets[t + 1] += offsets[t];
    const postingSections = new Uint32Array(offsets[terms]);
    const postingFrequencies = new Uint16Array(offsets[terms] * FIELD_COUNT);
    const next = offsets.slice(0, terms);
    for (let r = 0; r < pendingTerms.length; r++) {
      const at = next[pendingTerms[r]]++;
      postingSections[at] = pendingSections[r];
      for (let f = 0; f < FIELD_COUNT; f++) postingFrequencies[at * FIELD_COUNT + f] = pendingFrequencies[r * FIELD_COUNT + f];
      if (r % 8192 === 0) await maybeYield();
    }
    // Page frequencies: the distinct pages of each term's sections (a page's sections need not be
    // next to each other: a page listed twice in the navigation comes back later).
    const sectionPages = index.sectionPages.view();
    const pageFrequency = new Uint32Array(terms);
    const counted = new Uint32Array(index.pages.length);
    for (let t = 0; t < terms; t++) {
      for (let p = offsets[t]; p < offsets[t + 1]; p++) {
        const page = sectionPages[postingSections[p]];
        if (counted[page] !== t + 1) {
          counted[page] = t + 1;
          pageFrequency[t]++;
        }
      }
      if (t % 4096 === 0) await maybeYield();
    }
    index.offsets = offsets;
    index.postingSections = postingSections;
    index.postingFrequencies = postingFrequencies;
    index.pageFrequency = pageFrequency;
    index.fieldLengths.trim();
    index.sectionPages.trim();
    index.finishAverages();
    return index;
  }

  /**
   * The index as bytes, to be stored and `restore`d by any process: its terms and numbers, not
   * the sections (they are the deployment's stored texts, read again in the same order). A JSON
   * header (format, counts, averages, the terms in id order), then the typed arrays, each at a
   * multiple of 4 bytes.
   */
  serialize(): Uint8Array {
    const header = new TextEncoder().encode(
      JSON.stringify({
        format: INDEX_FORMAT,
        sections: this.sections.length,
        pages: this.pages.length,
        postings: this.postingSections.length,
        averages: this.averages,
        terms: [...this.termIds.keys()],
      }),
    );
    const headerBytes = 4 + Math.ceil(header.length / 4) * 4;
    const arrays = this.arrays();
    const bytes = new Uint8Array(headerBytes + arrays.reduce((total, array) => total + Math.ceil(array.byteLength / 4) * 4, 0));
    new DataView(bytes.buffer).setUint32(0, header.length, true);
    bytes.set(header, 4);
    let at = headerBytes;
    for (const array of arrays) {
      bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
      at += Math.ceil(array.byteLength / 4) * 4;
    }
    return bytes;
  }

  /** The typed arrays `serialize` writes, in its order. */
  private arrays(): Array<Uint32Array | Uint16Array> {
    return [this.offsets, this.postingSections, this.pageFrequency, this.fieldLengths.view(), this.sectionPages.view(), this.postingFrequencies];
  }

  /**
   * The index `serialize` wrote, over the same sections in the same order, without building it
   * again (no text is tokenized); undefined when the bytes are of another format or do not fit
   * the sections (then the caller builds it).
   */
  static restore(sections: readonly PageSection[], bytes: Uint8Array): SectionIndex | undefined {
    if (bytes.byteLength < 4) return undefined;
    // Aligned for the typed arrays: a copy at offset 0 of a buffer of its own.
    const own = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
    const headerLength = new DataView(own.buffer, own.byteOffset, own.byteLength).getUint32(0, true);
    let header: { format: number; sections: number; pages: number; postings: number; averages: number[]; terms: string[] };
    try {
      header = JSON.parse(new TextDecoder().decode(own.subarray(4, 4 + headerLength))) as typeof header;
    } catch {
      return undefined;
    }
    if (header.format !== INDEX_FORMAT || header.sections !== sections.length) return undefined;
    const index = new SectionIndex();
    for (const section of sections) index.register(section);
    if (index.pages.length !== header.pages) return undefined;
    header.terms.forEach((term, id) => index.termIds.set(term, id));
    const terms = header.terms.length;
    let at = own.byteOffset + 4 + Math.ceil(headerLength / 4) * 4;
    const take = <T extends Uint32Array | Uint16Array>(
      Type: { new (buffer: ArrayBufferLike, offset: number, length: number): T; BYTES_PER_ELEMENT: number },
      length: number,
    ): T => {
      const array = new Type(own.buffer, at, length);
      at += Math.ceil((length * Type.BYTES_PER_ELEMENT) / 4) * 4;
      return array;
    };
    if (
      own.byteOffset + own.byteLength <
      at + 4 * (terms + 1 + header.postings + terms + sections.length * (FIELD_COUNT + 1)) + 2 * header.postings * FIELD_COUNT
    )
      return undefined;
    index.offsets = take(Uint32Array, terms + 1);
    index.postingSections = take(Uint32Array, header.postings);
    index.pageFrequency = take(Uint32Array, terms);
    index.fieldLengths.replace(take(Uint32Array, sections.length * FIELD_COUNT));
    index.sectionPages.replace(take(Uint32Array, sections.length));
    index.postingFrequencies = take(Uint16Array, header.postings * FIELD_COUNT);
    header.averages.forEach((average, f) => (index.averages[f] = average));
    return index;
  }

  /** About how many bytes the index holds (its arrays, terms and section texts): what the cache of indexes counts. */
  get bytes(): number {
    let total = this.arrays().reduce((sum, array) => sum + array.byteLength, 0);
    // A term: its string and its entry in the map.
    for (const term of this.termIds.keys()) total += 40 + 2 * term.length;
    for (const section of this.sections) total += 200 + 2 * (section.body.length + (section.heading?.length ?? 0));
    for (const page of this.pages) total += 300 + 2 * (page.path.length + page.copyKey.length);
    return total;
  }

  /** The postings of a term: `start ..< end` (see `offsets`). */
  private postingsOf(term: string): { start: number; end: number } | undefined {
    const id = this.termIds.get(term);
    return id === undefined ? undefined : { start: this.offsets[id], end: this.offsets[id + 1] };
  }

  /** Files a section under its page (the page made on its first section): everything of the section but its words. */
  private register(row: PageSection): number {
    const id = this.sections.length;
    this.sections.push(row);
    let pageId = this.byPath.get(row.pagePath);
    if (pageId === undefined) {
      pageId = this.pages.length;
      this.byPath.set(row.pagePath, pageId);
      const trail = Array.isArray(row.trail) ? (row.trail as Array<{ kind?: unknown; label?: unknown }>) : [];
      const label = (kind: string) => trail.find((item) => item?.kind === kind && typeof item.label === 'string')?.label as string | undefined;
      const language = label('language');
      const version = label('version');
      if (language && !this.languages.includes(language)) this.languages.push(language);
      if (version && !this.versions.includes(version)) this.versions.push(version);
      this.pages.push({
        path: row.pagePath,
        kind: row.pageKind,
        hidden: row.hidden,
        language,
        version,
        // Versions of a page keep its title; translations do not (so only the path is compared for them).
        copyKey: `${copyKey(row.pagePath, language, version)}${version ? `\u0000${fold(row.pageTitle)}` : ''}`,
        position: pageId,
        sections: [],
      });
    }
    this.pages[pageId].sections.push(id);
    return pageId;
  }

  private add(row: PageSection): void {
    const id = this.sections.length;
    const pageId = this.register(row);
    const page = this.pages[pageId];
    this.sectionPages.push(pageId);
    // The page's language's words (English when it has none).
    const analyzer = analyzerFor(page.language);
    const trail = Array.isArray(row.trail)
      ? (row.trail as Array<{ label?: unknown }>)
          .map((item) => (typeof item?.label === 'string' ? item.label : ''))
          .filter(Boolean)
          .join(' ')
      : '';
    const texts: Record<Field, string> = {
      title: row.pageTitle,
      heading: row.heading ?? '',
      description: row.pageDescription,
      trail,
      path: pathText(row.pagePath),
      body: row.body.length > MAX_BODY ? row.body.slice(0, MAX_BODY) : row.body,
    };
    // term → its slot in `frequencies` (one count per field), for this section.
    const slots = new Map<string, number>();
    const frequencies: number[] = [];
    FIELDS.forEach((field, f) => {
      const terms = field === 'body' ? tokenize(texts[field], analyzer) : withPairs(tokenize(texts[field], analyzer));
      this.fieldLengths.push(terms.length);
      this.averages[f] += terms.length;
      for (const term of terms) {
        let slot = slots.get(term);
        if (slot === undefined) {
          slot = frequencies.length;
          slots.set(term, slot);
          for (let i = 0; i < FIELD_COUNT; i++) frequencies.push(0);
        }
        frequencies[slot + f]++;
      }
    });
    const pending = this.pending!;
    for (const [term, slot] of slots) {
      let termId = this.termIds.get(term);
      if (termId === undefined) {
        termId = this.termIds.size;
        this.termIds.set(term, termId);
      }
      pending.terms.push(termId);
      pending.sections.push(id);
      for (let i = 0; i < FIELD_COUNT; i++) pending.frequencies.push(Math.min(MAX_FREQUENCY, frequencies[slot + i]));
    }
  }

  private finishAverages(): void {
    const count = Math.max(1, this.sections.length);
    for (let f = 0; f < FIELD_COUNT; f++) this.averages[f] = Math.max(1, this.averages[f] / count);
  }

  /** Inverse document frequency over pages (BM25's, never negative). */
  idf(term: string): number {
    const df = this.pagesWith(term);
    const n = this.pages.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The largest idf a term can have here (a word no page holds). */
  get maxIdf(): number {
    return this.idf('\u0000');
  }

  has(term: string): boolean {
    return this.termIds.has(term);
  }

  /** How many pages hold the term. */
  pagesWith(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.pageFrequency[id];
  }

  /** Whether any section of the page holds the term. */
  pageHolds(pagePath: string, term: string): boolean {
    const pageId = this.byPath.get(pagePath);
    const postings = this.postingsOf(term);
    if (pageId === undefined || !postings) return false;
    for (let p = postings.start; p < postings.end; p++) if (this.sectionPages.at(this.postingSections[p]) === pageId) return true;
    return false;
  }

  /** The sections of a page, in order. */
  sectionsOf(pagePath: string): PageSection[] {
    const pageId = this.byPath.get(pagePath);
    return pageId === undefined ? [] : this.pages[pageId].sections.map((id) => this.sections[id]);
  }

  /** Every word of the index, pairs left out (for spelling correction). */
  *words(): IterableIterator<string> {
    for (const term of this.termIds.keys()) if (!term.includes(PAIR)) yield term;
  }

  /** The filter's version and language as this deployment's labels (undefined: not filtered). */
  resolveFilter(options: Pick<RankOptions, 'version' | 'language'>): { version?: string; language?: string } {
    return {
      version: matchLabel(options.version, this.versions),
      language: matchLabel(options.language, this.languages, baseLanguage),
    };
  }

  /** Pages by score, one per copy group, after the filter (a page outside any version passes a version filter). */
  rank(query: readonly SearchTerm[], options: RankOptions): RankedPage[] {
    const filter = this.resolveFilter(options);
    const sectionScores = new Map<number, number>();
    // What the section itself (heading and body) holds: which section of a page answers.
    const ownScores = new Map<number, number>();
    const matched = new Map<number, Set<number>>();
    let total = 0;
    query.forEach(({ term, weight }, q) => {
      const idf = this.termIds.has(term) ? this.idf(term) : this.maxIdf;
      // Coverage counts words, not pairs (an unmatched pair is not a missing word).
      if (!term.includes(PAIR)) total += weight * idf;
      const postings = this.postingsOf(term);
      if (!postings) return;
      const lengths = this.fieldLengths.view();
      for (let p = postings.start; p < postings.end; p++) {
        const section = this.postingSections[p];
        let tf = 0;
        let own = 0;
        for (let f = 0; f < FIELD_COUNT; f++) {
          const raw = this.postingFrequencies[p * FIELD_COUNT + f];
          if (raw === 0) continue;
          const field = FIELDS[f];
          const norm = 1 - LENGTH_NORM[field] + (LENGTH_NORM[field] * lengths[section * FIELD_COUNT + f]) / this.averages[f];
          tf += (WEIGHT[field] * raw) / norm;
          if (field === 'heading' || field === 'body') own += (WEIGHT[field] * raw) / norm;
        }
        sectionScores.set(section, (sectionScores.get(section) ?? 0) + (weight * idf * tf * (K1 + 1)) / (tf + K1));
        if (own > 0) ownScores.set(section, (ownScores.get(section) ?? 0) + (weight * idf * own * (K1 + 1)) / (own + K1));
        const page = this.sectionPages.at(section);
        let terms = matched.get(page);
        if (!terms) matched.set(page, (terms = new Set()));
        terms.add(q);
      }
    });
    // A page scores its best section's score; it is shown by the section whose own text (heading,
    // body) matches best, the page's first on a tie.
    const best = new Map<number, { section: number; score: number; own: number }>();
    for (const [section, score] of sectionScores) {
      const page = this.sectionPages.at(section);
      const own = ownScores.get(section) ?? 0;
      const current = best.get(page);
      if (!current) best.set(page, { section, score, own });
      else {
        current.score = Math.max(current.score, score);
        if (own > current.own || (own === current.own && section < current.section)) {
          current.section = section;
          current.own = own;
        }
      }
    }
    const passes = (page: IndexedPage) =>
      (!page.hidden || options.includeHidden === true) &&
      !(filter.version && page.version && page.version !== filter.version) &&
      !(filter.language && page.language && page.language !== filter.language);
    const coverageOf = (pageId: number) => {
      let covered = 0;
      for (const q of matched.get(pageId) ?? []) if (!query[q].term.includes(PAIR)) covered += query[q].weight * this.idf(query[q].term);
      return total > 0 ? covered / total : 0;
    };
    let ranked: RankedPage[] = [];
    for (const [pageId, { section, score }] of best) {
      const page = this.pages[pageId];
      if (!passes(page)) continue;
      ranked.push({ page, section, score: score * (options.boost?.get(page.path) ?? 1), coverage: coverageOf(pageId) });
    }
    ranked.sort((a, b) => b.score - a.score || a.page.position - b.page.position);
    if (options.dense) ranked = this.fuse(ranked, options.dense, passes, coverageOf);
    return this.oneCopyEach(ranked, options.preferLanguage).slice(0, options.limit);
  }

  /**
   * Reciprocal rank fusion of the lexical ranking and the pages of the nearest sections by
   * embedding (`similarities`, one per section): each page scores 1/(60 + its rank) in each list
   * it is in. A page only the embeddings found comes with its nearest section.
   */
  private fuse(
    lexical: RankedPage[],
    similarities: Float32Array,
    passes: (page: IndexedPage) => boolean,
    coverageOf: (pageId: number) => number,
  ): RankedPage[] {
    const nearest = new Map<number, { section: number; similarity: number }>();
    for (let section = 0; section < similarities.length && section < this.sections.length; section++) {
      const pageId = this.sectionPages.at(section);
      const current = nearest.get(pageId);
      if (!current || similarities[section] > current.similarity) nearest.set(pageId, { section, similarity: similarities[section] });
    }
    const dense = [...nearest]
      .filter(([pageId]) => passes(this.pages[pageId]))
      .sort((a, b) => b[1].similarity - a[1].similarity)
      .slice(0, FUSED_DEPTH);
    const fused = new Map<number, RankedPage>();
    lexical.slice(0, FUSED_DEPTH).forEach((entry, rank) => fused.set(entry.page.position, { ...entry, score: 1 / (RRF_K + rank + 1) }));
    dense.forEach(([pageId, { section }], rank) => {
      const known = fused.get(pageId);
      if (known) known.score += 1 / (RRF_K + rank + 1);
      else fused.set(pageId, { page: this.pages[pageId], section, score: 1 / (RRF_K + rank + 1), coverage: coverageOf(pageId) });
    });
    return [...fused.values()].sort((a, b) => b.score - a.score || a.page.position - b.page.position);
  }

  /**
   * One page per copy group: among the copies scoring near the best one, the copy in the
   * question's language, else in the navigation's first version or language.
   */
  private oneCopyEach(ranked: RankedPage[], preferLanguage: string | undefined): RankedPage[] {
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
      // Near-equal copies (versions of one text; a translation scores far lower for a question in
      // another language): the preferred one. A copy that matches clearly better wins.
      const close = copies.filter((entry) => entry.score >= COPY_TOLERANCE * copies[0].score);
      const preference = (entry: RankedPage) =>
        (preferLanguage && entry.page.language && baseLanguage(entry.page.language) === preferLanguage ? 4 : 0) +
        (entry.page.version === this.versions[0] || !entry.page.version ? 2 : 0) +
        (entry.page.language === this.languages[0] || !entry.page.language ? 1 : 0);
      const chosen = close.reduce((a, b) => (preference(b) > preference(a) ? b : a));
      kept.push({ ...chosen, score: copies[0].score });
    }
    return kept.sort((a, b) => b.score - a.score || a.page.position - b.page.position);
  }
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

/**
 * The path of a page with its version or language segment taken out: `es/quickstart` and
 * `quickstart` share `quickstart`; `specification/2025-06-18/basic` and
 * `specification/draft/basic` share `specification/basic`.
 */
export function copyKey(pagePath: string, language: string | undefined, version: string | undefined): string {
  const marks = new Set<string>();
  if (language) marks.add(fold(language));
  if (version) {
    const label = fold(version);
    marks.add(label.replace(/[^\p{L}\p{N}.]+/gu, '-').replace(/^-|-$/g, ''));
    for (const word of label.split(/[\s()]+/)) if (word.length >= 2) marks.add(word);
  }
  if (marks.size === 0) return pagePath;
  const segments = pagePath.split('/');
  const kept = segments.filter((segment) => !marks.has(fold(segment)));
  return kept.join('/');
}

/** Joins the two words of a pair term (pairs are indexed in the short fields: title, heading, description, labels, path). */
export const PAIR = '\u0001';

/**
 * The terms with each pair of neighbouring words added as a term of its own: a question's
 * "network volume" then outranks a page that says "network" and "volume" apart.
 */
function withPairs(terms: string[]): string[] {
  const n = terms.length;
  for (let i = 0; i + 1 < n; i++) terms.push(`${terms[i]}${PAIR}${terms[i + 1]}`);
  return terms;
}

/**
 * A page path as searchable text: its segments, and each pair of neighbouring segments as one
 * identifier (`server/discover` of `specification/2025-06-18/server/discover`), which a question
 * naming a method or route matches whole.
 */
function pathText(pagePath: string): string {
  const segments = pagePath.split('/').filter(Boolean);
  const pairs = segments.slice(1).map((segment, index) => `${segments[index]}/${segment}`);
  return [...segments.map((segment) => segment.replace(/[_-]+/g, ' ')), ...pairs].join(' ');
}

/** A typed array that grows as numbers are pushed (doubling), then is trimmed to its length. */
class Growable<T extends Uint32Array | Uint16Array> {
  private array: T;
  length = 0;

  constructor(
    private readonly Type: { new (length: number): T },
    capacity = 64,
  ) {
    this.array = new Type(capacity);
  }

  push(value: number): void {
    if (this.length === this.array.length) {
      const larger = new this.Type(this.array.length * 2);
      larger.set(this.array);
      this.array = larger;
    }
    this.array[this.length++] = value;
  }

  at(index: number): number {
    return this.array[index];
  }

  set(index: number, value: number): void {
    this.array[index] = value;
  }

  /** The numbers pushed (a view: valid until the next push). */
  view(): T {
    return this.array.subarray(0, this.length) as T;
  }

  /** Holds these numbers instead (a restored index's). */
  replace(array: T): void {
    this.array = array;
    this.length = array.length;
  }

  /** Gives back the room past the length. */
  trim(): void {
    this.array = this.array.slice(0, this.length) as T;
  }
}
