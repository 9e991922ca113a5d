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
 *
 * This class is the index's door; each job is a module of its own, none doing I/O: what the
 * index holds (index-data.ts), its fields and their texts (index-fields.ts), building it
 * (index-build.ts), finding copies (copies.ts), its bytes (index-bytes.ts), ranking (rank.ts),
 * MiniSearch's ranking fused with it (library-rank.ts).
 */
import type { PageSection } from '../store/deployments.js';
import { buildIndex } from './index-build.js';
import { heldBytes, restoreIndex, serializeIndex } from './index-bytes.js';
import { idfOf, maxIdf, pagesWith, postingsOf, type IndexData, type IndexedPage } from './index-data.js';
import { PAIR } from './index-fields.js';
import { LibraryRanking } from './library-rank.js';
import { rankPages, resolveFilter, sectionBoost, type RankedPage, type RankOptions, type SearchTerm } from './rank.js';

export class SectionIndex {
  readonly pages: IndexedPage[];
  readonly sections: PageSection[];
  /** Languages and versions of the navigation, in order of first appearance. */
  readonly languages: string[];
  readonly versions: string[];

  /** MiniSearch's ranking of the same sections (`withLibrary`), fused with the index's when a question's text is given. */
  private library?: LibraryRanking;

  private constructor(private readonly data: IndexData) {
    this.pages = data.pages;
    this.sections = data.sections;
    this.languages = data.languages;
    this.versions = data.versions;
  }

  /** The index of `sections`, with MiniSearch's ranking of them (`withLibrary`). */
  static async build(sections: readonly PageSection[], yieldToLoop = true): Promise<SectionIndex> {
    return new SectionIndex(await buildIndex(sections, yieldToLoop)).withLibrary(yieldToLoop);
  }

  /** Builds MiniSearch's ranking of the sections (not stored: a restored index builds it again), once. */
  async withLibrary(yieldToLoop = true): Promise<this> {
    this.library ??= await LibraryRanking.build(this.data.sections, yieldToLoop);
    return this;
  }

  /**
   * The index as bytes, to be stored and `restore`d by any process: its terms and numbers, not
   * the sections (they are the deployment's stored texts, read again in the same order). The
   * stored bytes are the pieces' concatenation; made in slices, `between` awaited after each
   * (serializeIndex).
   */
  serialize(between?: () => Promise<void>): Promise<Uint8Array[]> {
    return serializeIndex(this.data, between);
  }

  /**
   * The index `serialize` wrote, over the same sections in the same order, without building it
   * again (no text is tokenized); undefined when the bytes are of another format or do not fit
   * the sections (then the caller builds it).
   */
  static restore(sections: readonly PageSection[], bytes: Uint8Array): SectionIndex | undefined {
    const data = restoreIndex(sections, bytes);
    return data && new SectionIndex(data);
  }

  /** About how many bytes the index holds (its arrays, terms and section texts, and MiniSearch's ranking once built): what the cache of indexes counts. */
  get bytes(): number {
    return heldBytes(this.data) + (this.library?.bytes ?? 0);
  }

  /** Inverse document frequency over pages (BM25's, never negative). */
  idf(term: string): number {
    return idfOf(this.data, term);
  }

  /** The largest idf a term can have here (a word no page holds). */
  get maxIdf(): number {
    return maxIdf(this.data);
  }

  has(term: string): boolean {
    return this.data.termIds.has(term);
  }

  /** How many pages hold the term. */
  pagesWith(term: string): number {
    return pagesWith(this.data, term);
  }

  /** Whether any section of the page holds the term. */
  pageHolds(pagePath: string, term: string): boolean {
    const pageId = this.data.byPath.get(pagePath);
    const postings = postingsOf(this.data, term);
    if (pageId === undefined || !postings) return false;
    for (let p = postings.start; p < postings.end; p++) if (this.data.sectionPages.at(this.data.postingSections[p]) === pageId) return true;
    return false;
  }

  /** The sections of a page, in order. */
  sectionsOf(pagePath: string): PageSection[] {
    const pageId = this.data.byPath.get(pagePath);
    return pageId === undefined ? [] : this.pages[pageId].sections.map((id) => this.sections[id]);
  }

  /** Every word of the index, pairs left out (for spelling correction). */
  *words(): IterableIterator<string> {
    for (const term of this.data.termIds.keys()) if (!term.includes(PAIR)) yield term;
  }

  /** The filter's version and language as this deployment's labels (undefined: not filtered). */
  resolveFilter(options: Pick<RankOptions, 'version' | 'language'>): { version?: string; language?: string } {
    return resolveFilter(this.data, options);
  }

  /** Pages by score, one per copy group, after the filter (a page outside any version passes a version filter). */
  rank(query: readonly SearchTerm[], options: RankOptions): RankedPage[] {
    const library = options.text && this.library ? this.library.sections(options.text, sectionBoost(this.data, options.boost)) : undefined;
    return rankPages(this.data, query, options, library);
  }
}
