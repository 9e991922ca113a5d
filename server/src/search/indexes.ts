/**
 * The search indexes of the deployments being asked about, loaded on a deployment's first
 * question and kept, most recently used first, while their sizes add up to at most the memory
 * budget (`--index-memory`); past it the least recently used are dropped (a deployment's pages
 * never change, so an index is never stale; a new deployment is a new index, loaded aside while
 * the old one still answers). Loading reads the deployment's sections and its stored index
 * (store/search-indexes.ts); the first process to want an index that was never stored builds it
 * and stores it, for every other process and every restart. Rows are read in pages and the build
 * yields between slices, so a big site's first question does not hold up other projects' answers
 * on the same (embedded, single-threaded) database.
 */
import { pageSectionsPage, type PageSection } from '../store/deployments.js';
import type { Queryable } from '../store/store.js';
import { denseRefusal, deploymentVectors, type DenseVectors, type Embedder } from './embeddings.js';
import { DamagedPart } from '../store/checksum.js';
import { replaceIndex, storedIndex, storeIndex } from '../store/search-indexes.js';
import { INDEX_FORMAT } from './index-bytes.js';
import { SectionIndex } from './section-index.js';

/**
 * The memory the indexes of one process may hold by default (`--index-memory`, MB). With
 * MiniSearch's ranking beside each (issue 69; counted since: it is the larger part), the corpus
 * repositories' indexes count 18 MB (runpod: 341 pages, 2,422 sections; 12 of them MiniSearch's),
 * 41 MB (modelcontextprotocol: 344 pages, 6,114 sections) and 95 MB (the platform docs: 1,116 pages,
 * 9,848 sections), so about a dozen projects of a few hundred pages stay loaded.
 */
const DEFAULT_INDEX_MEMORY_MB = 256;
/**
 * Rows read per query. The embedded database parses a result on the main thread: 200 of the
 * platform docs' sections (long bodies) held it 100-150 ms, in the eval's stall measurement
 * while another project was asked; 50 hold it a quarter of that.
 */
const ROWS_PER_READ = 50;
/** After the embeddings endpoint failed for a deployment, the wait before trying again (ms). */
const DENSE_RETRY_MS = 60_000;

interface Entry {
  index: Promise<SectionIndex>;
  /** About how much memory the index holds (0 while it loads). */
  bytes: number;
  /** The sections' vectors once made (embeddings configured), the run making them, and when a failed run may be tried again. */
  dense?: DenseVectors;
  densePending?: Promise<void>;
  denseRetryAt?: number;
}

export class SearchIndexes {
  private readonly ready = new Map<string, Entry>();

  constructor(
    private readonly db: Queryable,
    /** Most bytes held by the loaded indexes together (the newest index is always kept). */
    private readonly maxBytes = DEFAULT_INDEX_MEMORY_MB * 2 ** 20,
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
      .then((index) => {
        const refused = denseRefusal(index.sections.length, embedder.settings);
        if (refused !== undefined) {
          // Not tried again: the deployment's sections never change.
          entry.denseRetryAt = Infinity;
          throw new Error(`the deployment has ${refused}`);
        }
        return deploymentVectors(this.db, embedder, deploymentId, index.sections, (count) => this.onDenseDamaged?.(deploymentId, count));
      })
      .then(
        (vectors) => {
          entry.dense = vectors;
          // The vectors count against the budget too (float4 each).
          if (entry.bytes > 0) entry.bytes += vectors.count * vectors.dimensions * 4;
          this.evict();
        },
        (error: unknown) => {
          entry.denseRetryAt = Math.max(entry.denseRetryAt ?? 0, Date.now() + DENSE_RETRY_MS);
          this.onDenseFailed?.(deploymentId, (error as Error)?.message ?? String(error));
        },
      )
      .finally(() => {
        entry.densePending = undefined;
      });
    return undefined;
  }

  /** Told when stored vectors of a deployment were damaged (the server log): they are embedded again from their texts. */
  onDenseDamaged?: (deploymentId: string, count: number) => void;

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
    const entry: Entry = { index: this.load(deploymentId), bytes: 0 };
    this.ready.set(deploymentId, entry);
    entry.index.then(
      (index) => {
        entry.bytes = index.bytes;
        this.evict();
      },
      () => this.ready.delete(deploymentId),
    );
    return entry.index;
  }

  /**
   * Told of each index loaded: whether it was stored or built (and then stored), its size, how
   * long it took, why storing it failed, what was wrong with the stored one it replaced, and why
   * the stored one could not be read (a database error: it was built instead).
   */
  onLoaded?: (deploymentId: string, how: { built: boolean; bytes: number; ms: number; stored?: string; damaged?: string; unread?: string }) => void;

  /**
   * Told when retrieval answers with less than it could (the server log): the model's rewriting
   * of the question failed, or the embeddings endpoint did not embed the question.
   */
  onFallback?: (what: 'rewrite' | 'question embedding', error: string) => void;

  /** The deployments whose indexes are held (or loading), least recently used first. */
  get loaded(): string[] {
    return [...this.ready.keys()];
  }

  /** The indexes held now, and about how many bytes they hold together. */
  get held(): { indexes: number; bytes: number } {
    let bytes = 0;
    for (const entry of this.ready.values()) bytes += entry.bytes;
    return { indexes: this.ready.size, bytes };
  }

  /**
   * The deployment's index: the stored one when it passes every check (its parts, lengths and
   * checksums: store/search-indexes.ts; its numbers within bounds: `SectionIndex.restore`),
   * otherwise built from the stored texts in slices that yield, and stored, in place of a
   * damaged one (told as `damaged`, once).
   */
  private async load(deploymentId: string): Promise<SectionIndex> {
    const started = performance.now();
    const sections = await this.sections(deploymentId);
    let damaged: string | undefined;
    let unread: string | undefined;
    let stored: Uint8Array | undefined;
    try {
      stored = await storedIndex(this.db, deploymentId, INDEX_FORMAT, yieldToLoop);
    } catch (error) {
      // A damaged index is replaced; a database error is told (`unread`), and the index built (and stored) as if none were.
      if (error instanceof DamagedPart) damaged = error.message;
      else unread = (error as Error)?.message ?? String(error);
    }
    let restored: SectionIndex | undefined;
    if (stored) {
      try {
        restored = SectionIndex.restore(sections, stored);
      } catch {
        restored = undefined;
      }
      if (!restored)
        damaged = `the stored search index of deployment ${deploymentId}: its bytes do not make an index of the deployment's ${sections.length} stored sections`;
    }
    if (restored) {
      await restored.withLibrary();
      this.onLoaded?.(deploymentId, { built: false, bytes: restored.bytes, ms: Math.round(performance.now() - started) });
      return restored;
    }
    const index = await SectionIndex.build(sections);
    // A deployment without sections (its texts deleted meanwhile) is not stored.
    if (sections.length === 0) return index;
    const ms = Math.round(performance.now() - started);
    // Stored in the background: the question that asked for it does not wait.
    const store = damaged ? replaceIndex : storeIndex;
    void index
      .serialize(yieldToLoop)
      .then((bytes) => store(this.db, deploymentId, INDEX_FORMAT, bytes, yieldToLoop))
      .then(
        () => this.onLoaded?.(deploymentId, { built: true, bytes: index.bytes, ms, damaged, unread }),
        (error: unknown) =>
          this.onLoaded?.(deploymentId, { built: true, bytes: index.bytes, ms, damaged, unread, stored: (error as Error)?.message ?? String(error) }),
      );
    return index;
  }

  /** The stored sections of a deployment, in order, read in pages. */
  private async sections(deploymentId: string): Promise<PageSection[]> {
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
      await yieldToLoop();
    }
    return rows;
  }

  /** Drops the least recently used indexes while they hold more than the budget (the newest stays). */
  private evict(): void {
    let total = this.held.bytes;
    for (const [id, entry] of this.ready) {
      if (total <= this.maxBytes || this.ready.size <= 1) break;
      // One still loading counts nothing yet and is wanted now.
      if (entry.bytes === 0) continue;
      total -= entry.bytes;
      this.ready.delete(id);
    }
  }
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether two sections, one after the other, are of the same page with the same title, description and trail. */
function samePage(a: PageSection, b: PageSection): boolean {
  return (
    a.pagePath === b.pagePath && a.pageTitle === b.pageTitle && a.pageDescription === b.pageDescription && JSON.stringify(a.trail) === JSON.stringify(b.trail)
  );
}
