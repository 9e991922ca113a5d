/**
 * The assistant's search index of one deployment, in memory: BM25F over the page sections
 * (page title, section heading, page description, navigation labels, page path, body), with
 * inverse document frequency counted over pages, so a rare word outweighs a common one whichever
 * words a question has. A page is ranked by its best section. Copies of one document in other
 * versions or languages are one result: copies are found by path, by title and navigation place,
 * and by content (MinHash over word shingles, so a page renamed or moved between versions is
 * still a copy); the copy kept is the question's language's, then the version the question
 * names, then the default version's (`default: true` in the navigation, else the first).
 *
 * Built once per deployment (a deployment's pages never change), in slices that yield to the
 * event loop, so building a big site's index does not hold up other requests.
 */
import type { PageSection } from '../store/deployments.js';
import { analyzerFor, baseLanguage } from './language.js';
import { fold, tokenize } from './tokenize.js';

const FIELDS = ['title', 'heading', 'description', 'trail', 'path', 'body', 'anchors'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_COUNT = FIELDS.length;
/** The layout of `serialize`'s bytes: a stored index of another layout is built again. */
export const INDEX_FORMAT = 4;
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
/**
 * How much the words of the links into a page count (issue 60 item 1): other pages name a page in
 * their own words ("rotate your keys" links to *API keys*), often the words a reader uses.
 */
const ANCHOR_WEIGHT = 1;
/** Most link texts kept per page (distinct ones; a page linked from every page's footer says the same words each time). */
const MAX_ANCHORS = 200;
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
  /** Whether its version (language) is the default of its siblings; undefined when the stored trail does not say. */
  defaultVersion?: boolean;
  defaultLanguage?: boolean;
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
  /** A version the question names (one of `versions`): its copy of a page is preferred next. */
  preferVersion?: string;
  /** Multiplies the score of these pages (the pages an earlier answer in the thread cited). */
  boost?: ReadonlyMap<string, number>;
  /** The question's cosine similarity with each section (by position), when embeddings are configured and ready. */
  dense?: Float32Array;
  /** Multiplies the score of endpoint pages (below 1: a conceptual question, which prose answers first). */
  endpointWeight?: number;
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
    const shingles = new CopyFinder();
    const anchors = anchorTexts(sections);
    for (const section of sections) {
      index.add(section, shingles, anchors.get(section.pagePath) ?? '');
      await maybeYield();
    }
    await index.groupCopies(shingles, maybeYield);
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
        // Which pages are copies of one document (found by content when built: not made again from the texts).
        copyKeys: this.pages.map((page) => page.copyKey),
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
    let header: { format: number; sections: number; pages: number; postings: number; averages: number[]; terms: string[]; copyKeys: string[] };
    try {
      header = JSON.parse(new TextDecoder().decode(own.subarray(4, 4 + headerLength))) as typeof header;
    } catch {
      return undefined;
    }
    if (typeof header !== 'object' || header === null || header.format !== INDEX_FORMAT || header.sections !== sections.length) return undefined;
    if (!wellFormed(header)) return undefined;
    const index = new SectionIndex();
    for (const section of sections) index.register(section);
    if (index.pages.length !== header.pages || !Array.isArray(header.copyKeys) || header.copyKeys.length !== header.pages) return undefined;
    header.copyKeys.forEach((key, pageId) => (index.pages[pageId].copyKey = String(key)));
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
    // Every number that bounds a loop or indexes an array is within bounds: damaged offsets once
    // sent a question through billions of postings, and nothing else on the server was answered.
    if (!index.withinBounds()) return undefined;
    return index;
  }

  /** Whether the restored arrays fit together: offsets rising from 0 to the postings, every section and page id in range (linear, no allocation). */
  private withinBounds(): boolean {
    const { offsets, postingSections, pageFrequency } = this;
    const terms = this.termIds.size;
    if (offsets.length !== terms + 1 || offsets[0] !== 0 || offsets[terms] !== postingSections.length) return false;
    for (let t = 0; t < terms; t++) if (offsets[t + 1] < offsets[t] || pageFrequency[t] > this.pages.length) return false;
    const sections = this.sections.length;
    for (let p = 0; p < postingSections.length; p++) if (postingSections[p] >= sections) return false;
    const sectionPages = this.sectionPages.view();
    for (let section = 0; section < sections; section++) if (sectionPages[section] >= this.pages.length) return false;
    return true;
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
      const item = (kind: string) =>
        trail.find((entry) => entry?.kind === kind && typeof entry.label === 'string') as { label: string; default?: unknown } | undefined;
      const language = item('language')?.label;
      const version = item('version')?.label;
      const isDefault = (kind: string) => {
        const flag = item(kind)?.default;
        return typeof flag === 'boolean' ? flag : undefined;
      };
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
        defaultVersion: isDefault('version'),
        defaultLanguage: isDefault('language'),
        position: pageId,
        sections: [],
      });
    }
    this.pages[pageId].sections.push(id);
    return pageId;
  }

  private add(row: PageSection, shingles: CopyFinder | undefined, anchors: string): void {
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
      anchors,
    };
    // term → its slot in `frequencies` (one count per field), for this section.
    const slots = new Map<string, number>();
    const frequencies: number[] = [];
    FIELDS.forEach((field, f) => {
      const terms = field === 'body' ? tokenize(texts[field], analyzer) : withPairs(tokenize(texts[field], analyzer));
      if (field === 'body') shingles?.add(pageId, terms);
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

  /**
   * Copy groups: pages of one path (less the version or language segment; of one title too, across
   * versions), translations of one path in one version, pages of one title at one place in the
   * navigation (less version and language), and pages whose text is nearly the same (MinHash,
   * banded), never two pages of one version and language in a group.
   */
  private async groupCopies(finder: CopyFinder, maybeYield: () => Promise<void>): Promise<void> {
    const groups = new CopyGroups(this.pages);
    const joinBy = (keyOf: (pageId: number) => string | undefined) => {
      const first = new Map<string, number>();
      this.pages.forEach((_, pageId) => {
        const key = keyOf(pageId);
        if (key === undefined) return;
        const known = first.get(key);
        if (known === undefined) first.set(key, pageId);
        else groups.union(known, pageId);
      });
    };
    // Only a site with versions or languages has copies.
    if (this.versions.length === 0 && this.languages.length === 0) return;
    joinBy((pageId) => this.pages[pageId].copyKey);
    // Translations of a page in one version: its path less the language (and version) segment, in
    // that version. The key above asks versions for the same title too, which a translation changes.
    joinBy((pageId) => {
      const { path: pagePath, language, version } = this.pages[pageId];
      return language && version ? `${copyKey(pagePath, language, version)}\u0000${version}` : undefined;
    });
    joinBy((pageId) => {
      const row = this.sections[this.pages[pageId].sections[0]];
      const title = fold(row.pageTitle);
      if (!title) return undefined;
      const place = (Array.isArray(row.trail) ? (row.trail as Array<{ kind?: unknown; label?: unknown }>) : [])
        .filter((item) => item?.kind !== 'version' && item?.kind !== 'language')
        .map((item) => (typeof item?.label === 'string' ? fold(item.label) : ''));
      return [title, ...place].join('\u0000');
    });
    await maybeYield();
    for (let band = 0; band * BAND_ROWS < MINHASH_SIZE; band++) {
      const first = new Map<string, number>();
      for (const [pageId, { minima, shingles }] of finder.signatures) {
        if (shingles < MIN_SHINGLES) continue;
        const key = minima.subarray(band * BAND_ROWS, (band + 1) * BAND_ROWS).join(',');
        const known = first.get(key);
        if (known === undefined) first.set(key, pageId);
        else if (similarity(finder.signatures.get(known)!.minima, minima) >= COPY_SIMILARITY) groups.union(known, pageId);
      }
      await maybeYield();
    }
    for (const page of this.pages) page.copyKey = `${groups.find(page.position)}`;
  }

  /** Whether the page's version (language) is the default one: as its trail says, else the navigation's first; a page outside any is. */
  private isDefault(page: IndexedPage, kind: 'version' | 'language'): boolean {
    const label = kind === 'version' ? page.version : page.language;
    if (!label) return true;
    const flag = kind === 'version' ? page.defaultVersion : page.defaultLanguage;
    return flag ?? label === (kind === 'version' ? this.versions[0] : this.languages[0]);
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
    // A page scores its best section's score and a share of its second best's (SECOND_SECTION);
    // it is shown by the section whose own text (heading, body) matches best, the page's first on a tie.
    const best = new Map<number, { section: number; score: number; second: number; own: number }>();
    for (const [section, score] of sectionScores) {
      const page = this.sectionPages.at(section);
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
      !(filter.version && page.version && page.version !== filter.version) &&
      !(filter.language && page.language && page.language !== filter.language);
    const coverageOf = (pageId: number) => {
      let covered = 0;
      for (const q of matched.get(pageId) ?? []) if (!query[q].term.includes(PAIR)) covered += query[q].weight * this.idf(query[q].term);
      return total > 0 ? covered / total : 0;
    };
    let ranked: RankedPage[] = [];
    for (const [pageId, { section, score: first, second }] of best) {
      const page = this.pages[pageId];
      if (!passes(page)) continue;
      const score = first + SECOND_SECTION * second;
      const weight = (options.boost?.get(page.path) ?? 1) * (page.kind === 'endpoint' ? (options.endpointWeight ?? 1) : 1);
      ranked.push({ page, section, score: score * weight, coverage: coverageOf(pageId) });
    }
    ranked.sort((a, b) => b.score - a.score || a.page.position - b.page.position);
    if (options.dense) ranked = this.fuse(ranked, options.dense, passes, coverageOf);
    return this.oneCopyEach(ranked, options.preferLanguage, filter.version ?? matchLabel(options.preferVersion, this.versions)).slice(0, options.limit);
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
   * One page per copy group, scored as its best copy: the copy in the question's language, then
   * in the version asked for (filter, else named in the question), then in the default version,
   * then in the default language; the best scoring among equals.
   */
  private oneCopyEach(ranked: RankedPage[], preferLanguage: string | undefined, preferVersion: string | undefined): RankedPage[] {
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
        (this.isDefault(entry.page, 'version') ? 2 : 0) +
        (this.isDefault(entry.page, 'language') ? 1 : 0);
      // Copies come best scoring first: the first of the most preferred.
      const chosen = copies.reduce((a, b) => (preference(b) > preference(a) ? b : a));
      kept.push({ ...chosen, score: copies[0].score });
    }
    return kept.sort((a, b) => b.score - a.score || a.page.position - b.page.position);
  }
}

/** Hashes in a page's MinHash signature (pages in one LSH bucket are compared with its first page only, so a bucket of boilerplate pages costs linear time). */
const MINHASH_SIZE = 32;
/** MinHash rows per LSH band (32 / 4 = 8 bands: pairs of Jaccard similarity ~0.6 and above meet in a band). */
const BAND_ROWS = 4;
/** Estimated Jaccard similarity of word shingles above which two pages are copies of one document. */
const COPY_SIMILARITY = 0.6;
/** Fewest shingles a page needs to be matched by content (short pages are matched by path and title only). */
const MIN_SHINGLES = 20;
/** Words per page read for shingles (the start of a page tells its copies). */
const MAX_SHINGLE_WORDS = 1000;
/** Words per shingle. */
const SHINGLE = 3;
const SEEDS = Uint32Array.from({ length: MINHASH_SIZE }, (_, k) => fmix(0x9e3779b9 ^ Math.imul(k + 1, 0x85ebca6b)));

/** Murmur3's 32-bit finaliser: a well-mixed hash of a 32-bit number. */
function fmix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of a word. */
function wordHash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The MinHash signature of each page's body text (word shingles), made while the index is built. */
class CopyFinder {
  readonly signatures = new Map<number, { minima: Uint32Array; shingles: number; words: number }>();

  /** Adds a section's body words (its index terms) to its page's signature; shingles do not cross sections. */
  add(pageId: number, words: readonly string[]): void {
    let entry = this.signatures.get(pageId);
    if (!entry) this.signatures.set(pageId, (entry = { minima: new Uint32Array(MINHASH_SIZE).fill(0xffffffff), shingles: 0, words: 0 }));
    const minima = entry.minima;
    let a = 0;
    let b = 0;
    for (let i = 0; i < words.length && entry.words < MAX_SHINGLE_WORDS; i++, entry.words++) {
      const c = wordHash(words[i]);
      if (i >= SHINGLE - 1) {
        const shingle = fmix(Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b) ^ c);
        entry.shingles++;
        // One multiply-xorshift per hash (k independent enough for an estimate of similarity).
        for (let k = 0; k < MINHASH_SIZE; k++) {
          let h = Math.imul(shingle ^ SEEDS[k], 0x2c1b3c6d);
          h = (h ^ (h >>> 15)) >>> 0;
          if (h < minima[k]) minima[k] = h;
        }
      }
      a = b;
      b = c;
    }
  }
}

/** Estimated Jaccard similarity of two MinHash signatures. */
function similarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let k = 0; k < MINHASH_SIZE; k++) if (a[k] === b[k]) same++;
  return same / MINHASH_SIZE;
}

/**
 * Groups of pages under union-find where a group never holds two pages of the same version and
 * language (two pages of one version are two documents, however alike).
 */
class CopyGroups {
  private readonly parent: Uint32Array;
  private readonly slots: Array<Set<string> | undefined>;

  constructor(pages: readonly IndexedPage[]) {
    this.parent = Uint32Array.from(pages, (_, i) => i);
    this.slots = pages.map((page) => new Set([`${page.version ?? ''}\u0000${page.language ?? ''}`]));
  }

  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]];
      i = this.parent[i];
    }
    return i;
  }

  /** Joins the groups of two pages unless they share a version and language. */
  union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    let sa = this.slots[ra]!;
    let sb = this.slots[rb]!;
    if (sa.size < sb.size) [ra, rb, sa, sb] = [rb, ra, sb, sa];
    for (const slot of sb) if (sa.has(slot)) return;
    for (const slot of sb) sa.add(slot);
    this.parent[rb] = ra;
    this.slots[rb] = undefined;
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

/**
 * The words of the links into each page (by the target's path; a link to a folder reaches its
 * `index` page), each distinct text once per page, from other pages only.
 */
function anchorTexts(sections: readonly PageSection[]): Map<string, string> {
  const paths = new Set(sections.map((section) => section.pagePath));
  const texts = new Map<string, Set<string>>();
  for (const section of sections) {
    for (const link of section.links ?? []) {
      const target = paths.has(link.href) ? link.href : paths.has(`${link.href}/index`) ? `${link.href}/index` : undefined;
      if (!target || target === section.pagePath) continue;
      let set = texts.get(target);
      if (!set) texts.set(target, (set = new Set()));
      if (set.size < MAX_ANCHORS) set.add(link.text.toLowerCase());
    }
  }
  return new Map([...texts].map(([target, set]) => [target, [...set].join(' \n ')]));
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

/** A restored header's fields are of the types `serialize` writes (a damaged one is built again, not trusted). */
function wellFormed(header: { pages: unknown; postings: unknown; averages: unknown; terms: unknown; copyKeys: unknown }): boolean {
  return (
    Number.isInteger(header.pages) &&
    Number.isInteger(header.postings) &&
    (header.postings as number) >= 0 &&
    Array.isArray(header.averages) &&
    header.averages.length === FIELD_COUNT &&
    header.averages.every((average) => Number.isFinite(average)) &&
    Array.isArray(header.terms) &&
    header.terms.every((term) => typeof term === 'string') &&
    new Set(header.terms).size === header.terms.length &&
    Array.isArray(header.copyKeys)
  );
}
