/**
 * POST /v1/assistant/{domain}/message without the HTTP: checks (thread, limits; the route checked the key and the domain),
 * retrieval from the project's current deployment, then the answer as protocol-neutral events
 * (events.ts): `start` (message and thread ids), one `source` per passage, `text`, at most one
 * `error`, `finish`. The route writes them in the protocol the client speaks (protocols.ts: the
 * AI SDK v4 data stream or the AI SDK 5 UI message stream). An error after the stream started
 * (model down, deadline) is an `error` event; the thread keeps both sides and the sources.
 */
import { randomUUID } from 'node:crypto';
import type { CoreMessage } from 'ai';
import { HttpError } from '../http/errors.js';
import { DEFAULT_LIMITS, useAssistant, type Limits } from './limits.js';
import { Embedder, messageText, retrieve, SearchIndexes, type EmbeddingSettings, type Passage, type SearchFilter } from '../search/retrieve.js';
import type { PageTree } from 'docsnav';
import { appendMessages, insertThread } from '../store/assistant.js';
import { deploymentTree, findDeployment, type Deployment } from '../store/deployments.js';
import type { ApiKey } from '../store/keys.js';
import type { Project } from '../store/projects.js';
import type { Store } from '../store/store.js';
import { answerEvents, type AnswerEvent, type AnswerUsage } from './events.js';
import { extractiveAnswer, NOT_FOUND_LINE } from './extractive.js';
import { movedSourcesNotice } from './moved-sources.js';
import { MAX_ANSWER_BYTES, streamAnswer, type ModelProblem, type ModelSettings } from './model.js';
import { responseErrorIn } from './model-fetch.js';
import { rewriteQuestion } from './rewrite.js';

export interface AssistantOptions {
  model?: ModelSettings;
  limits?: Limits;
  /** Longest time one answer may take, from the request to the last byte (ms). */
  deadlineMs?: number;
  /** Index hidden pages too (the site's `seo.indexing: all`). */
  includeHidden?: boolean;
  /** An OpenAI-compatible embeddings endpoint: dense retrieval joins the lexical one. */
  embeddings?: EmbeddingSettings;
  /** Most bytes the loaded search indexes hold together (`--index-memory`). */
  indexMemoryBytes?: number;
  /** Longest an answer waits for the model's rewriting of the question (ms; search/retrieve.ts's REWRITE_DEADLINE_MS by default). */
  rewriteDeadlineMs?: number;
}

const DEFAULT_DEADLINE_MS = 60_000;

export interface AssistantRequest {
  fp: string;
  messages: Array<{ role: string; content?: unknown; parts?: unknown; [key: string]: unknown }>;
  threadId?: string | null;
  retrievalPageSize?: number;
  filter?: SearchFilter | null;
}

export interface PreparedAnswer {
  threadId: string;
  /** The answer's events (already running; protocols.ts encodes them); cancel with `abort`. */
  events: ReadableStream<AnswerEvent>;
  abort: (reason: string) => void;
}

/** The most messages of the conversation passed on to the model. */
const MAX_HISTORY = 20;

export class Assistant {
  readonly limits: Limits;
  /** Answers streaming now: a stopping server ends them (`abortAll`). */
  private readonly live = new Set<(reason: string) => void>();
  /** Told of each refusal by a limit (the metrics). */
  onRefused?: (scope: string) => void;

  constructor(
    readonly store: Store,
    readonly options: AssistantOptions = {},
  ) {
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.indexes = new SearchIndexes(
      store,
      options.indexMemoryBytes,
      options.embeddings ? new Embedder(options.embeddings, (message, details) => this.modelProblem(message, details)) : undefined,
    );
  }

  /**
   * The search indexes of the deployments asked about: each loaded on its deployment's first
   * question (built and stored by the first process asked), not at start nor after each
   * deployment (an index nobody asks for is neither held nor stored), within a memory budget.
   */
  readonly indexes: SearchIndexes;

  /**
   * Answers `body` for the caller's `key` about its `project`. The route's auth hook checked all
   * three: the key, the project, and that `body.threadId`, when given, is a thread of that project.
   */
  async answer(key: ApiKey, project: Project, body: AssistantRequest, ip: string): Promise<PreparedAnswer> {
    const last = body.messages.at(-1);
    const lastText = last ? messageText(last).trim() : '';
    if (!last || last.role !== 'user' || lastText === '') throw new HttpError(400, 'messages: the last message must be a user message with text');
    const deploymentId = await this.use(key, project, ip);
    const model = this.options.model;
    const retrieval = await retrieve(this.indexes, deploymentId, body.messages, {
      limit: body.retrievalPageSize ?? 5,
      filter: body.filter,
      includeHidden: this.options.includeHidden,
      // With a model, the question is also searched in the documentation's words (bounded by retrieval's deadline).
      rewrite: model ? (question, signal) => rewriteQuestion(model, question, signal, this.modelProblem) : undefined,
      rewriteDeadlineMs: this.options.rewriteDeadlineMs,
    });
    const { passages } = retrieval;
    // An old thread's follow-up is answered from the current deployment; it says so when the last answer's sources moved.
    const moved = body.threadId ? await movedSourcesNotice(this.store, body.threadId, deploymentId, await this.indexes.get(deploymentId)) : undefined;
    const threadId = body.threadId ?? randomUUID();
    const userMessageId = randomUUID();
    await this.store.transaction(async (tx) => {
      if (body.threadId == null) await insertThread(tx, { id: threadId, projectId: project.id, fp: body.fp });
      await appendMessages(tx, threadId, [{ id: userMessageId, role: 'user', content: lastText }]);
    });

    const controller = new AbortController();
    const deadlineMs = this.options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    const timer = setTimeout(() => controller.abort(`no answer within ${Math.round(deadlineMs / 100) / 10} s (the request's deadline)`), deadlineMs);
    timer.unref();
    const abort = (reason: string) => controller.abort(reason);
    this.live.add(abort);
    const messageId = `msg-${randomUUID()}`;
    const sources = passages.map((passage, index) => ({ id: String(index + 1), url: passage.url, title: passage.title }));
    const history: CoreMessage[] = body.messages
      .filter((message) => message.role === 'user' || message.role === 'assistant')
      .slice(-MAX_HISTORY)
      .map((message) => ({ role: message.role as 'user' | 'assistant', content: messageText(message) }))
      .filter((message) => message.content !== '');

    const events = answerEvents(
      async (emit) => {
        let text = moved ? `${moved}\n\n` : '';
        let error: string | null = null;
        let usage: AnswerUsage = { promptTokens: 0, completionTokens: 0 };
        try {
          emit({ type: 'start', messageId, threadId });
          for (const source of sources) emit({ type: 'source', ...source });
          if (moved) emit({ type: 'text', delta: text });
          if (this.options.model && passages.length > 0) {
            const result = await this.modelAnswer(emit, passages, history, controller.signal);
            text += result.text;
            error = result.error;
            usage = result.usage;
          } else {
            // With a model but no passage, nothing is asked: there is no source to answer from.
            const { lines } = this.options.model ? { lines: [NOT_FOUND_LINE] } : extractiveAnswer(retrieval);
            for (const line of lines) {
              if (controller.signal.aborted) break;
              const part = `${line}\n\n`;
              text += part;
              emit({ type: 'text', delta: part });
            }
            if (controller.signal.aborted) error = String(controller.signal.reason);
          }
          if (error) emit({ type: 'error', message: error });
          emit({ type: 'finish', finishReason: error ? 'error' : 'stop', usage, threadId });
        } finally {
          clearTimeout(timer);
          this.live.delete(abort);
          await this.storeAnswer(threadId, { id: messageId, role: 'assistant', content: text, sources, deploymentId, error, replyTo: userMessageId });
        }
      },
      // Only our own code can throw here (model errors are handled above): no internals to the client.
      () => 'the assistant failed while answering; please try again',
    );
    return { threadId, events, abort };
  }

  /**
   * Counts a request of the caller's `key` about its `project` against the limits (a LimitError
   * when one is used up), then the project's current deployment: what every assistant read
   * answers from (a 409 when there is none yet: only a successful deployment becomes current).
   */
  async use(key: ApiKey, project: Project, ip: string): Promise<string> {
    await useAssistant(this.store, this.limits, { keyId: key.id, projectId: project.id, ip });
    if (!project.currentDeploymentId)
      throw new HttpError(409, `project "${project.id}" has no successful deployment yet: POST /v1/project/update/${project.id} first`);
    return project.currentDeploymentId;
  }

  /** A deployment and its page tree (`GET /v1/assistant/{domain}/pages`); a 409 when it stored none. */
  async pageTree(deploymentId: string): Promise<{ deployment: Deployment; tree: PageTree }> {
    const [deployment, tree] = await Promise.all([findDeployment(this.store, deploymentId), deploymentTree(this.store, deploymentId)]);
    if (!deployment || !tree) throw new HttpError(409, `deployment ${deploymentId} has no stored page tree: deploy the project again`);
    return { deployment, tree };
  }

  /** Ends every answer streaming now with an error part (a stopping server). */
  abortAll(reason: string): number {
    const count = this.live.size;
    for (const abort of this.live) abort(reason);
    return count;
  }

  /** How many answers are streaming. */
  get streaming(): number {
    return this.live.size;
  }

  /** An answer the user saw is stored: a failed write is tried again (a busy or restarting database). */
  private async storeAnswer(threadId: string, message: Parameters<typeof appendMessages>[2][number]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await appendMessages(this.store, threadId, [message]);
        return;
      } catch (error) {
        if (attempt >= 3) {
          this.onStoreFailed?.(threadId, (error as Error).message);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  /** Told when an answer could not be stored after retries (the server log). */
  onStoreFailed?: (threadId: string, error: string) => void;

  /** Told what a model endpoint did that the answer does not show: a body that is not JSON (its start), a redirect elsewhere, an error's own text (the server log). */
  onModelProblem?: ModelProblem;
  private readonly modelProblem: ModelProblem = (message, details) => this.onModelProblem?.(message, details);

  /**
   * Emits the model's text; returns the text and the error that ended it, if any. Past
   * MAX_ANSWER_BYTES of text the model is stopped: what fits is emitted (and stored) with a line
   * saying the answer was cut.
   */
  private async modelAnswer(
    emit: (event: AnswerEvent) => void,
    passages: Passage[],
    history: CoreMessage[],
    signal: AbortSignal,
  ): Promise<{ text: string; error: string | null; usage: AnswerUsage }> {
    let text = '';
    let bytes = 0;
    let error: string | null = null;
    const usage = { promptTokens: 0, completionTokens: 0 };
    const stop = new AbortController();
    try {
      const result = await streamAnswer(this.options.model!, passages, history, AbortSignal.any([signal, stop.signal]), this.modelProblem);
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          const size = Buffer.byteLength(part.textDelta);
          if (bytes + size > MAX_ANSWER_BYTES) {
            const cut = `${fitting(part.textDelta, MAX_ANSWER_BYTES - bytes)}\n\n${answerCutLine(MAX_ANSWER_BYTES)}`;
            text += cut;
            emit({ type: 'text', delta: cut });
            stop.abort('the answer reached its limit');
            this.modelProblem('a model answer was cut at its limit', { limitBytes: MAX_ANSWER_BYTES });
            break;
          }
          bytes += size;
          text += part.textDelta;
          emit({ type: 'text', delta: part.textDelta });
        } else if (part.type === 'finish') {
          // NaN when the endpoint reports no usage.
          usage.promptTokens = Number.isFinite(part.usage.promptTokens) ? part.usage.promptTokens : 0;
          usage.completionTokens = Number.isFinite(part.usage.completionTokens) ? part.usage.completionTokens : 0;
        } else if (part.type === 'error') {
          error = this.modelError(part.error, signal);
          break;
        }
      }
    } catch (caught) {
      error = this.modelError(caught, signal);
    }
    if (!error && signal.aborted) error = String(signal.reason);
    return { text, error, usage };
  }

  /** A message for a model failure the user can act on (no stack, no key, nothing the endpoint wrote: that goes to the server log). */
  private modelError(error: unknown, signal: AbortSignal): string {
    if (signal.aborted) return `the model did not finish: ${String(signal.reason)}`;
    const refused = responseErrorIn(error);
    if (refused) return refused.message;
    const record = error as { statusCode?: number; message?: string; url?: string; cause?: { code?: string } };
    if (typeof record?.statusCode === 'number') return `the model endpoint answered HTTP ${record.statusCode}; no answer could be generated`;
    const code = record?.cause?.code;
    if (code) return `the model endpoint cannot be reached (${code}); no answer could be generated`;
    // Its message may quote what the endpoint sent (a parse error quotes the text it could not read).
    this.modelProblem('the model failed', { err: (record?.message ?? String(error)).slice(0, 1000) });
    return 'the model failed: its answer could not be read (the server log says more); no answer could be generated';
  }
}

/** The line an answer cut at its limit ends with. */
function answerCutLine(limitBytes: number): string {
  return `(The answer was cut here: it reached the assistant's limit of ${Math.round(limitBytes / 1024)} KB.)`;
}

/** The longest start of `text` of at most `bytes` bytes in UTF-8 (never half a character). */
function fitting(text: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (used + size > bytes) break;
    used += size;
    end += char.length;
  }
  return text.slice(0, end);
}
