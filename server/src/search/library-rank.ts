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
  private constructor(private readonly engine: MiniSearch<LibraryDocument>) {}

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
    return new LibraryRanking(engine);
  }

  /** The sections matching `text`, best first (their ids: positions in the index's sections). */
  sections(text: string): number[] {
    return this.engine.search(text, { boost: BOOST }).map((result) => result.id as number);
  }
}
