/**
 * A second ranking of a question's sections, by MiniSearch (issue 69): its defaults (BM25 over
 * the page title ×2, the section heading ×1.5, the page description and the body, the question's
 * words as written, any of them), on the same sections as the index. rank.ts fuses it with the
 * index's own ranking by reciprocal rank, the index's counting twice.
 *
 * Why (issue 69): on the reader eval MiniSearch alone ranked in the top 5 pages the index ranked
 * lower (its per-field length normalisation and its plain query, unweighted and unexpanded, favour
 * the short section holding the reader's rarest word), and the index found pages MiniSearch
 * missed (word pairs, expansions, link texts, navigation labels, copies). Fused (rank.ts's
 * LIBRARY_FUSION), the tune sites' hit@5 rose; eval/run.mjs reports every site as measured.
 *
 * Built in memory when a deployment's index is loaded (not stored: it is built from the stored
 * texts in a few seconds for 10,000 sections), in chunks that yield to the event loop.
 */
import MiniSearch from 'minisearch';
import type { PageSection } from '../store/deployments.js';

/** Sections indexed between two yields to the event loop. */
const CHUNK = 50;
/**
 * What MiniSearch's index holds on the heap, about: per distinct term and per character of the
 * sections' indexed text. Measured (`node --expose-gc`, the heap after a full collection, before
 * and after the build) on the three corpus docs repositories, MiniSearch 7.2.0 on Node 20:
 * mintlify 9,848 sections, 48,131 terms, 6.5 M characters: 55.9 MB; modelcontextprotocol 6,114,
 * 9,415, 4.4 M: 22.3 MB; runpod 2,422, 7,670, 1.6 M: 11.3 MB. 700 bytes a term and 3.84 a
 * character fit the first two and are 3.5% under the third; these round them up, so that the
 * estimate is 2-6% over each (server/test/library-rank-memory.test.ts holds it to the heap).
 */
const BYTES_PER_TERM = 750;
const BYTES_PER_CHARACTER = 4;
/** The boosts of MiniSearch's configuration the eval measures (eval/baselines.mjs's "defaults, title ×2, heading ×1.5"). */
const BOOST = { pageTitle: 2, heading: 1.5 };

interface LibraryDocument {
  id: number;
  pageTitle: string;
  heading: string;
  pageDescription: string;
  body: string;
}

export class LibraryRanking {
  private constructor(
    private readonly engine: MiniSearch<LibraryDocument>,
    /** About how many bytes the engine holds (BYTES_PER_TERM, BYTES_PER_CHARACTER): what the cache of indexes counts with the index's own. */
    readonly bytes: number,
  ) {}

  static async build(sections: readonly PageSection[], yieldToLoop: boolean): Promise<LibraryRanking> {
    const engine = new MiniSearch<LibraryDocument>({ fields: ['pageTitle', 'heading', 'pageDescription', 'body'] });
    const documents = sections.map((section, id) => ({
      id,
      pageTitle: section.pageTitle,
      heading: section.heading ?? '',
      pageDescription: section.pageDescription,
      body: section.body,
    }));
    if (yieldToLoop) await engine.addAllAsync(documents, { chunkSize: CHUNK });
    else engine.addAll(documents);
    let characters = 0;
    for (const document of documents)
      characters += document.pageTitle.length + document.heading.length + document.pageDescription.length + document.body.length;
    return new LibraryRanking(engine, BYTES_PER_TERM * engine.termCount + BYTES_PER_CHARACTER * characters);
  }

  /**
   * The sections matching `text`, best first (their ids: positions in the index's sections), each
   * score times `boost` of the section when given (the pages an earlier answer cited).
   */
  sections(text: string, boost?: (section: number) => number): number[] {
    const options = boost ? { boost: BOOST, boostDocument: (id: unknown) => boost(id as number) } : { boost: BOOST };
    return this.engine.search(text, options).map((result) => result.id as number);
  }
}
