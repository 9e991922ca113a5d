/**
 * The search indexes of the deployments being asked about, built on first use from the stored
 * page sections and kept while they fit (a deployment's pages never change, so an index is never
 * stale; a new deployment is a new index, built aside while the old one still answers). Rows
 * are read in pages and the build yields between slices, so a big site's first question does
 * not hold up other projects' answers on the same (embedded, single-threaded) database.
 */
import { pageSectionsPage, type PageSection } from '../store/deployments.js';
import type { Queryable } from '../store/store.js';
import { deploymentVectors, type DenseVectors, type Embedder } from './embeddings.js';
import { SectionIndex } from './section-index.js';

/** Rows read per query. */
const ROWS_PER_READ = 200;
/** After the embeddings endpoint failed for a deployment, the wait before trying again (ms). */
const DENSE_RETRY_MS = 60_000;

interface Entry {
  index: Promise<SectionIndex>;
  sections: number;
  /** The sections' vectors once made (embeddings configured), the run making them, and when a failed run may be tried again. */
  dense?: DenseVectors;
  densePending?: Promise<void>;
  denseRetryAt?: number;
}

export class SearchIndexes {
  private readonly ready = new Map<string, Entry>();

  constructor(
    private readonly db: Queryable,
    /** Most sections held in memory over all cached indexes (the newest index is always kept). */
    private readonly maxSections = 500_000,
    /** The embeddings endpoint, when one is configured: dense vectors join the lexical ranking. */
    readonly embedder?: Embedder,
  ) {}

  /**
   * The section vectors of a deployment, if they are ready; otherwise undefined, and (with an
   * embedder) they are made in the background for the questions that follow.
   */
  dense(deploymentId: string): DenseVectors | undefined {
    const entry = this.ready.get(deploymentId);
    if (!this.embedder || !entry) return undefined;
    if (entry.dense || entry.densePending || (entry.denseRetryAt ?? 0) > Date.now()) return entry.dense;
    const embedder = this.embedder;
    entry.densePending = entry.index
      .then((index) => deploymentVectors(this.db, embedder, deploymentId, index.sections))
      .then(
        (vectors) => {
          entry.dense = vectors;
        },
        (error: unknown) => {
          entry.denseRetryAt = Date.now() + DENSE_RETRY_MS;
          this.onDenseFailed?.(deploymentId, (error as Error)?.message ?? String(error));
        },
      )
      .finally(() => {
        entry.densePending = undefined;
      });
    return undefined;
  }

  /** Told when a deployment's sections could not be embedded (the server log); retrieval stays lexical. */
  onDenseFailed?: (deploymentId: string, error: string) => void;

  /** Waits for the vectors being made for a deployment, if any (tests, warming). */
  async denseReady(deploymentId: string): Promise<DenseVectors | undefined> {
    this.dense(deploymentId);
    await this.ready.get(deploymentId)?.densePending;
    return this.ready.get(deploymentId)?.dense;
  }

  get(deploymentId: string): Promise<SectionIndex> {
    const known = this.ready.get(deploymentId);
    if (known) {
      // Most recently used last.
      this.ready.delete(deploymentId);
      this.ready.set(deploymentId, known);
      return known.index;
    }
    const entry: Entry = { index: this.load(deploymentId), sections: 0 };
    this.ready.set(deploymentId, entry);
    entry.index.then(
      (index) => {
        entry.sections = index.sections.length;
        this.evict();
      },
      () => this.ready.delete(deploymentId),
    );
    return entry.index;
  }

  private async load(deploymentId: string): Promise<SectionIndex> {
    const rows: PageSection[] = [];
    let previous: PageSection | undefined;
    for (let after = -1; ;) {
      const page = await pageSectionsPage(this.db, deploymentId, after, ROWS_PER_READ);
      for (const row of page.sections) {
        // The sections of a page, held for the whole life of the index, share one copy of its
        // title, description and navigation trail (the rows read are this index's own).
        if (previous && samePage(previous, row))
          Object.assign(row, { pageTitle: previous.pageTitle, pageDescription: previous.pageDescription, trail: previous.trail });
        rows.push(row);
        previous = row;
      }
      if (page.sections.length < ROWS_PER_READ) break;
      after = page.last;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return SectionIndex.build(rows);
  }

  private evict(): void {
    let total = 0;
    for (const entry of this.ready.values()) total += entry.sections;
    for (const [id, entry] of this.ready) {
      if (total <= this.maxSections || this.ready.size <= 1) break;
      total -= entry.sections;
      this.ready.delete(id);
    }
  }
}

/** Whether two sections, one after the other, are of the same page with the same title, description and trail. */
function samePage(a: PageSection, b: PageSection): boolean {
  return (
    a.pagePath === b.pagePath && a.pageTitle === b.pageTitle && a.pageDescription === b.pageDescription && JSON.stringify(a.trail) === JSON.stringify(b.trail)
  );
}
