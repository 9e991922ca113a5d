/**
 * Dense retrieval, when the operator configures an OpenAI-compatible embeddings endpoint
 * (`--embeddings-base-url`, `--embeddings-model`): every section of a deployment is embedded once
 * (in batches, in the background, after its lexical index answers) and the vectors are stored, so
 * a restart or another server process reuses them. A question is embedded when it is asked; its
 * nearest sections join the lexical ranking by reciprocal rank fusion (rank.ts). Without
 * an endpoint, or while a deployment's vectors are still being made, or when the endpoint fails,
 * retrieval is lexical only: an answer never waits for, or fails on, the embeddings.
 *
 * Vectors are held in memory per deployment (one Float32Array, normalised: a dot product is the
 * cosine) and searched exhaustively: 10,000 sections of 1,536 dimensions take ~15 ms, and no
 * database extension is needed on either PGlite or PostgreSQL.
 */
import type { EmbeddingModel } from 'ai';
import type { PageSection } from '../store/deployments.js';
import { loadEmbeddings, storeEmbeddings } from '../store/embeddings.js';
import type { Queryable } from '../store/store.js';

export interface EmbeddingSettings {
  /** `https://api.example.com/v1`: embeddings are POSTed to `<baseUrl>/embeddings`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
}

/** Sections embedded per request. */
const BATCH = 64;
/** Longest text embedded per section (characters). */
const MAX_TEXT = 2000;
/** Longest a question's embedding may take before the answer goes on without it (ms). */
export const QUESTION_TIMEOUT_MS = 3000;

export class Embedder {
  /** The model, made on the first request (the AI SDK is loaded only when embeddings are used). */
  private model?: EmbeddingModel<string>;

  constructor(readonly settings: EmbeddingSettings) {}

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const [{ createOpenAICompatible }, { embedMany }] = await Promise.all([import('@ai-sdk/openai-compatible'), import('ai')]);
    const { baseUrl, apiKey, model } = this.settings;
    this.model ??= createOpenAICompatible({ name: 'docsnav-embeddings', baseURL: baseUrl.replace(/\/+$/, ''), apiKey }).textEmbeddingModel(model);
    const { embeddings } = await embedMany({ model: this.model, values: [...texts], maxRetries: 1, abortSignal: signal });
    return embeddings.map(normalised);
  }
}

function normalised(vector: readonly number[]): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (const value of out) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i] /= norm;
  return out;
}

/** The text of a section that is embedded: where it is, then what it says. */
function embeddingText(section: PageSection): string {
  return [
    section.heading && section.heading !== section.pageTitle ? `${section.pageTitle}: ${section.heading}` : section.pageTitle,
    section.pageDescription,
    section.body,
  ]
    .filter(Boolean)
    .join('\n')
    .slice(0, MAX_TEXT);
}

/** A deployment's section vectors, row by row (section position = row). */
export class DenseVectors {
  constructor(
    readonly dimensions: number,
    private readonly vectors: Float32Array,
    readonly count: number,
  ) {}

  /** Cosine similarity of every section with the (normalised) query. */
  similarities(query: Float32Array): Float32Array {
    const out = new Float32Array(this.count);
    if (query.length !== this.dimensions) return out;
    for (let row = 0; row < this.count; row++) {
      let dot = 0;
      const base = row * this.dimensions;
      for (let i = 0; i < this.dimensions; i++) dot += this.vectors[base + i] * query[i];
      out[row] = dot;
    }
    return out;
  }
}

/**
 * The vectors of a deployment's sections: the stored ones, the missing (or damaged) ones
 * embedded in batches (each batch stored as it comes). Rejects when the endpoint fails (the caller goes on
 * lexically and tries again later).
 */
export async function deploymentVectors(
  db: Queryable,
  embedder: Embedder,
  deploymentId: string,
  sections: readonly PageSection[],
  /** Told how many stored vectors were damaged (they are embedded again with the missing ones). */
  onDamaged?: (count: number) => void,
): Promise<DenseVectors> {
  const model = embedder.settings.model;
  const { vectors: stored, damaged } = await loadEmbeddings(db, deploymentId, model);
  if (damaged > 0) onDamaged?.(damaged);
  const missing = sections.map((_, position) => position).filter((position) => !stored.has(position));
  for (let start = 0; start < missing.length; start += BATCH) {
    const positions = missing.slice(start, start + BATCH);
    const vectors = await embedder.embed(positions.map((position) => embeddingText(sections[position])));
    await storeEmbeddings(
      db,
      deploymentId,
      model,
      positions.map((position, index) => ({ position, vector: vectors[index] })),
    );
    positions.forEach((position, index) => stored.set(position, vectors[index]));
  }
  const dimensions = stored.values().next().value?.length ?? 0;
  const all = new Float32Array(sections.length * dimensions);
  for (const [position, vector] of stored) if (position < sections.length && vector.length === dimensions) all.set(vector, position * dimensions);
  return new DenseVectors(dimensions, all, sections.length);
}
