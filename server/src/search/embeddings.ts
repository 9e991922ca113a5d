/**
 * Dense retrieval, when the operator configures an OpenAI-compatible embeddings endpoint
 * (`--embeddings-base-url`, `--embeddings-model`; local model servers speak the same
 * `/v1/embeddings`). A deployment's sections are embedded when it is deployed, in batches, within
 * a time budget (`--embeddings-budget`); what the budget (or a failing endpoint) leaves is embedded
 * in the background by the first process asked about the deployment. Every batch is stored as it
 * comes, with the model's name and the SHA-256 of the text it embeds: a restart continues where
 * the last run stopped, and a new deployment copies the vectors of the project's earlier
 * deployments for every section whose text and model are unchanged, embedding only the rest.
 *
 * A question is embedded when it is asked; its nearest sections join the lexical ranking by
 * reciprocal rank fusion (rank.ts). Without an endpoint, while a deployment's vectors are
 * still being made, or when the endpoint fails, retrieval is lexical only: an answer never waits
 * for, or fails on, the embeddings.
 *
 * The endpoint is read with the chat model's bounds (assistant/model-fetch.ts): a response's size,
 * redirects within its own origin only, a body that is not JSON refused; each request has a
 * deadline, and an answer of the wrong shape (not one finite vector per text, of one length) is
 * refused.
 *
 * Vectors are held in memory per deployment (one Float32Array, normalised: a dot product is the
 * cosine) and searched exhaustively: 10,000 sections of 1,536 dimensions take ~15 ms. Past
 * `--embeddings-max-sections` (MAX_DENSE_SECTIONS) sections a deployment's retrieval stays lexical
 * (said once in the log).
 */
import { createHash } from 'node:crypto';
import type { EmbeddingModel } from 'ai';
import { boundedModelFetch, responseErrorIn, type ModelFetchOptions } from '../assistant/model-fetch.js';
import { plural } from '../messages/text.js';
import type { PageSection } from '../store/deployments.js';
import { loadEmbeddings, reusableEmbeddings, storeEmbeddings } from '../store/embeddings.js';
import type { Queryable } from '../store/store.js';

export interface EmbeddingSettings {
  /** `https://api.example.com/v1`: embeddings are POSTed to `<baseUrl>/embeddings`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Most sections of a deployment searched by embedding (`--embeddings-max-sections`; default MAX_DENSE_SECTIONS). */
  maxSections?: number;
}

/** Sections embedded per request. */
const BATCH = 64;
/** Longest text embedded per section (characters). */
const MAX_TEXT = 2000;
/** Longest a question's embedding may take before the answer goes on without it (ms). */
export const QUESTION_TIMEOUT_MS = 3000;
/** Longest one batch of sections may take to embed (ms): past it the pass stops, and is resumed later. */
const BATCH_TIMEOUT_MS = 60_000;
/**
 * Most bytes read of one embeddings response: 64 vectors of 4,096 dimensions written as JSON
 * numbers (~20 characters each) are ~5 MB.
 */
const MAX_RESPONSE_BYTES = 16 * 2 ** 20;
/**
 * Most sections of a deployment searched by embedding. The search is exhaustive, in memory: at
 * 1,024 dimensions 200,000 sections hold 800 MB and take ~0.3 s a question on one core. A bigger
 * deployment's retrieval stays lexical. The default of `--embeddings-max-sections`.
 */
export const MAX_DENSE_SECTIONS = 200_000;

/** Why a deployment of `sections` sections is not searched by embedding (more than `settings.maxSections`), or undefined when it is. */
export function denseRefusal(sections: number, settings: EmbeddingSettings): string | undefined {
  const most = settings.maxSections ?? MAX_DENSE_SECTIONS;
  return sections > most ? `${plural(sections, 'section')}, more than the ${most} searched by embedding: retrieval stays lexical` : undefined;
}

/** An embeddings response that is not one finite vector per text, all of one length. */
export class EmbeddingsShapeError extends Error {
  override name = 'EmbeddingsShapeError';
}

export class Embedder {
  /** The model, made on the first request (the AI SDK is loaded only when embeddings are used). */
  private model?: EmbeddingModel<string>;

  constructor(
    readonly settings: EmbeddingSettings,
    /** Told what the endpoint sent that is not used (the server log): a redirect elsewhere, a body that is not JSON. */
    private readonly onProblem?: ModelFetchOptions['onProblem'],
  ) {}

  /** The texts' vectors, normalised; rejects on a failure, a timeout (`signal`) or an answer of the wrong shape. */
  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const [{ createOpenAICompatible }, { embedMany }] = await Promise.all([import('@ai-sdk/openai-compatible'), import('ai')]);
    const { baseUrl, apiKey, model } = this.settings;
    this.model ??= createOpenAICompatible({
      name: 'docsnav-embeddings',
      baseURL: baseUrl.replace(/\/+$/, ''),
      apiKey,
      fetch: boundedModelFetch({ maxBytes: MAX_RESPONSE_BYTES, onProblem: this.onProblem, endpoint: 'embeddings' }),
    }).textEmbeddingModel(model);
    let embeddings: number[][];
    try {
      ({ embeddings } = await embedMany({ model: this.model, values: [...texts], maxRetries: 1, abortSignal: signal }));
    } catch (error) {
      // What the bounded fetch refused, as it said it (the AI SDK wraps a body that failed while read).
      throw responseErrorIn(error) ?? error;
    }
    return checkedShape(embeddings, texts.length).map(normalised);
  }
}

/** The vectors of an answer when there is one finite vector per text, all of one length; otherwise EmbeddingsShapeError. */
function checkedShape(embeddings: ReadonlyArray<readonly number[]>, texts: number): ReadonlyArray<readonly number[]> {
  if (embeddings.length !== texts) throw new EmbeddingsShapeError(`the embeddings endpoint answered ${embeddings.length} vectors for ${texts} texts`);
  const dimensions = embeddings[0]?.length ?? 0;
  for (const vector of embeddings) {
    if (!Array.isArray(vector) || vector.length === 0 || vector.length !== dimensions)
      throw new EmbeddingsShapeError(`the embeddings endpoint answered vectors of different lengths (${dimensions} and ${vector?.length ?? 0})`);
    if (!vector.every((value) => typeof value === 'number' && Number.isFinite(value)))
      throw new EmbeddingsShapeError('the embeddings endpoint answered a vector with a value that is not a finite number');
  }
  return embeddings;
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
export function embeddingText(section: PageSection): string {
  return [
    section.heading && section.heading !== section.pageTitle ? `${section.pageTitle}: ${section.heading}` : section.pageTitle,
    section.pageDescription,
    section.body,
  ]
    .filter(Boolean)
    .join('\n')
    .slice(0, MAX_TEXT);
}

/** What a stored vector is the vector of: the SHA-256 of the embedded text. */
export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
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

/** What one pass of `embedSections` did. */
export interface EmbeddingPass {
  /** Sections whose vectors this deployment already had. */
  stored: number;
  /** Sections whose vectors were copied from the project's earlier deployments (same text, same model). */
  reused: number;
  /** Sections embedded now. */
  embedded: number;
  /** Sections left without a vector: the budget ran out (embedded on a later pass). */
  missing: number;
  /** Stored rows that were damaged (embedded again). */
  damaged: number;
}

export interface EmbeddingPassOptions {
  /** Longest the pass embeds (ms): it stops after the batch that passes it. Unbounded when unset. */
  budgetMs?: number;
  /** Stops the pass between batches (a stopping worker). */
  signal?: AbortSignal;
  /** Runs each write (a job's are fenced on its lease); on `db` when unset. */
  write?: (work: (tx: Queryable) => Promise<void>) => Promise<void>;
}

/**
 * One pass over a deployment's sections: the vectors it has are kept, those of unchanged texts
 * are copied from the project's earlier deployments, and the rest are embedded in batches (each
 * stored as it comes) until the budget is spent. Rejects when the endpoint fails: what was stored
 * before stays, and the next pass goes on from there.
 */
export async function embedSections(
  db: Queryable,
  embedder: Embedder,
  deploymentId: string,
  sections: readonly PageSection[],
  options: EmbeddingPassOptions = {},
): Promise<{ pass: EmbeddingPass; vectors: Map<number, Float32Array> }> {
  const started = performance.now();
  const model = embedder.settings.model;
  const { vectors, damaged } = await loadEmbeddings(db, deploymentId, model);
  for (const position of [...vectors.keys()]) if (position >= sections.length) vectors.delete(position);
  const stored = vectors.size;
  const texts = new Map<number, { text: string; hash: string }>();
  for (let position = 0; position < sections.length; position++) {
    if (vectors.has(position)) continue;
    const text = embeddingText(sections[position]);
    texts.set(position, { text, hash: textHash(text) });
  }
  // Unchanged texts: the vectors of the project's earlier deployments, stored for this one too.
  const earlier =
    texts.size > 0
      ? await reusableEmbeddings(db, deploymentId, model, [...new Set([...texts.values()].map(({ hash }) => hash))])
      : new Map<string, Float32Array>();
  const copied: Array<{ position: number; vector: Float32Array; textHash: string }> = [];
  for (const [position, { hash }] of texts) {
    const vector = earlier.get(hash);
    if (!vector) continue;
    copied.push({ position, vector, textHash: hash });
    vectors.set(position, vector);
    texts.delete(position);
  }
  const write = options.write ?? ((work) => work(db));
  for (let start = 0; start < copied.length; start += BATCH * 4) {
    const part = copied.slice(start, start + BATCH * 4);
    await write((tx) => storeEmbeddings(tx, deploymentId, model, part));
  }
  const missing = [...texts].map(([position, { text, hash }]) => ({ position, text, hash }));
  const embedded = await embedInBatches(db, embedder, deploymentId, missing, vectors, {
    ...options,
    budgetMs: options.budgetMs === undefined ? undefined : Math.max(0, options.budgetMs - (performance.now() - started)),
  });
  return { pass: { stored, reused: copied.length, embedded, missing: missing.length - embedded, damaged }, vectors };
}

/**
 * Embeds the texts in batches, storing each batch as it comes and setting its vectors in
 * `vectors`, until the budget is spent or the signal stops it; how many were embedded.
 */
async function embedInBatches(
  db: Queryable,
  embedder: Embedder,
  deploymentId: string,
  items: ReadonlyArray<{ position: number; text: string; hash: string }>,
  vectors: Map<number, Float32Array>,
  options: EmbeddingPassOptions,
): Promise<number> {
  const started = performance.now();
  let embedded = 0;
  for (let start = 0; start < items.length; start += BATCH) {
    if (options.signal?.aborted || (options.budgetMs !== undefined && performance.now() - started >= options.budgetMs)) break;
    const batch = items.slice(start, start + BATCH);
    const timeout = AbortSignal.timeout(BATCH_TIMEOUT_MS);
    const made = await embedder.embed(
      batch.map(({ text }) => text),
      options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
    );
    const rows = batch.map(({ position, hash }, index) => ({ position, vector: made[index], textHash: hash }));
    await (options.write ?? ((work) => work(db)))((tx) => storeEmbeddings(tx, deploymentId, embedder.settings.model, rows));
    batch.forEach(({ position }, index) => vectors.set(position, made[index]));
    embedded += batch.length;
  }
  return embedded;
}

/**
 * The vectors of a deployment's sections, every one (a pass without a budget), in one array for
 * the exhaustive search. Vectors of another length than the newest (a model that changed under
 * the same name) are embedded again. Rejects when the endpoint fails (the caller goes on
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
  const { pass, vectors } = await embedSections(db, embedder, deploymentId, sections);
  if (pass.damaged > 0) onDamaged?.(pass.damaged);
  const lengths = new Map<number, number>();
  for (const vector of vectors.values()) lengths.set(vector.length, (lengths.get(vector.length) ?? 0) + 1);
  let dimensions = lengths.size === 1 ? [...lengths.keys()][0] : 0;
  if (lengths.size > 1) {
    // Vectors of two lengths: the model changed under its name. Its length now is what it answers
    // for the first section; the others are embedded again.
    const probe = embeddingText(sections[0]);
    dimensions = (await embedder.embed([probe], AbortSignal.timeout(BATCH_TIMEOUT_MS)))[0].length;
    const stale = [...vectors]
      .filter(([, vector]) => vector.length !== dimensions)
      .map(([position]) => {
        const text = embeddingText(sections[position]);
        return { position, text, hash: textHash(text) };
      });
    await embedInBatches(db, embedder, deploymentId, stale, vectors, {});
  }
  const all = new Float32Array(sections.length * dimensions);
  for (const [position, vector] of vectors) if (position < sections.length && vector.length === dimensions) all.set(vector, position * dimensions);
  return new DenseVectors(dimensions, all, sections.length);
}
