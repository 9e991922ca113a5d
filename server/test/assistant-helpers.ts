/** Pieces of the assistant tests: a deployed example project, the real chat client, a fake model. */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { callChatApi, processDataStream, type UIMessage } from '@ai-sdk/ui-utils';
import { AbstractChat, DefaultChatTransport, type ChatInit, type ChatState, type ChatStatus, type UIMessage as UIMessageV5 } from 'ai-v5';
import type { AnswerMetadata } from '../src/assistant/protocols.js';
import { Core } from '../src/core.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import type { Store } from '../src/store/store.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/http/app.js';
import type { AssistantOptions } from '../src/assistant/service.js';
import { openStore } from '../src/store/open.js';
import { deploymentEnded, exampleRepo, LOCAL_ROOTS, tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

/** Adds project `acme` (domain `acme`) from a git copy of fixtures/example, deploys it, and returns its keys. */
export async function deployedExample(
  store: Store,
  dir: string,
  repo = exampleRepo(path.join(dir, 'site')),
): Promise<{ core: Core; admin: string; assistant: string }> {
  const core = new Core(store);
  await core.addProject({ id: 'acme', repo, branch: 'main', docsDir: 'docs', domain: 'acme' });
  const admin = (await core.createKey('acme', 'admin')).token;
  const assistant = (await core.createKey('acme', 'assistant')).token;
  const runner = new JobRunner(store, jobKinds, workerSettings(path.join(dir, 'data'), { pollMs: 200, sweepMs: 500, git: { localRoots: LOCAL_ROOTS } }));
  await runner.start();
  try {
    const { statusId } = await core.queueUpdate('acme');
    const done = await deploymentEnded(store, statusId, 90_000, 'the example deployment');
    if (done.status !== 'success') throw new Error(`deployment failed: ${done.summary}\n${done.logs.join('\n')}`);
  } finally {
    await runner.stop();
  }
  return { core, admin, assistant };
}

export interface ChatResult {
  message: UIMessage | undefined;
  threadIdHeader: string | null;
  /** The response's headers (names in lower case). */
  headers?: Record<string, string>;
  status: number;
  error?: Error;
  finishReason?: string;
  usage?: unknown;
  data: unknown[] | undefined;
}

/**
 * One turn of `useChat` (AI SDK v4) as the spec configures it: the code `useChat` runs
 * (`callChatApi`, `streamProtocol: 'data'`), with `sendExtraMessageFields: true` (whole
 * messages are sent) and `body: { fp, retrievalPageSize }`.
 */
export async function chat(url: string, token: string, messages: UIMessage[], body: Record<string, unknown> = {}): Promise<ChatResult> {
  const result: ChatResult = { message: undefined, threadIdHeader: null, status: 0, data: undefined };
  let counter = 0;
  try {
    await callChatApi({
      api: url,
      body: { id: 'chat-1', messages, fp: 'anonymous', retrievalPageSize: 5, ...body },
      streamProtocol: 'data',
      credentials: undefined,
      headers: { Authorization: `Bearer ${token}` },
      abortController: () => null,
      restoreMessagesOnFailure: () => {},
      onResponse: (response) => {
        result.status = response.status;
        result.threadIdHeader = response.headers.get('x-thread-id');
        result.headers = headersOf(response.headers);
      },
      onUpdate: ({ message, data }) => {
        result.message = message;
        result.data = data;
      },
      onFinish: (message, options) => {
        result.message = message as UIMessage;
        result.finishReason = options.finishReason;
        result.usage = options.usage;
      },
      onToolCall: undefined,
      generateId: () => `gen-${++counter}`,
      fetch: undefined,
      lastMessage: undefined,
    });
  } catch (error) {
    result.error = error as Error;
  }
  return result;
}

export function userMessage(id: string, text: string): UIMessage {
  return { id, role: 'user', content: text, parts: [{ type: 'text', text }], createdAt: new Date() };
}

/** A chat completions request as the fake model received it, with its headers' bits the tests check. */
export interface ModelRequest {
  url?: string;
  authorization?: string;
  model?: string;
  stream?: boolean;
  messages: Array<{ role: string; content: string }>;
  [field: string]: unknown;
}

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1 that streams SSE. The model name
 * picks the behaviour: `good` answers from the request, `fail` is HTTP 500, `hang` sends one
 * chunk and never finishes. A request that does not stream (the question's rewriting,
 * src/assistant/rewrite.ts) is answered with one JSON completion: the reply scripted in `rewrites`
 * for a question its last message holds, else an empty one; `hang` never answers it, `fail` is 500.
 */
export async function fakeModel(): Promise<{
  baseUrl: string;
  requests: ModelRequest[];
  /** Scripted replies to rewriting requests: question (a part of the request's last message) → reply. */
  rewrites: Map<string, string>;
  closedHangs: () => number;
  close: () => Promise<void>;
}> {
  const requests: ModelRequest[] = [];
  const rewrites = new Map<string, string>();
  const held = new Set<ServerResponse>();
  let closedHangs = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw) as ModelRequest;
      requests.push({ ...body, authorization: request.headers.authorization, url: request.url });
      if (body.model === 'fail') {
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'the model is down' } }));
        return;
      }
      if (body.stream !== true) {
        if (body.model === 'hang') {
          held.add(response);
          response.on('close', () => held.delete(response));
          return;
        }
        const asked = contentText(body.messages.at(-1)?.content);
        const reply = [...rewrites].find(([question]) => asked.includes(question))?.[1] ?? '';
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'c2',
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage?: Record<string, number>) =>
        response.write(
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`,
        );
      chunk({ role: 'assistant', content: '' });
      if (body.model === 'hang') {
        chunk({ content: 'Let me think' });
        held.add(response);
        response.on('close', () => {
          closedHangs++;
          held.delete(response);
        });
        return;
      }
      // Cites the first passage of the passages message (a user message of its own).
      const passages = body.messages.map((m: { content?: unknown }) => contentText(m.content)).find((text: string) => text.includes('<passage number=')) ?? '';
      const cited = /<passage number="1" title="([^"]+)"/.exec(passages)?.[1]?.trim() ?? 'nothing';
      for (const piece of ['From the docs: ', `see "${cited}"`, ' [1].']) chunk({ content: piece });
      chunk({}, 'stop', { prompt_tokens: 120, completion_tokens: 9 });
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    rewrites,
    closedHangs: () => closedHangs,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A chat completions message's text: a string, or the text of its parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: { text?: string }) => part.text ?? '').join('');
  return '';
}

/** A message of an AI SDK 5 chat with this server: `metadata` is what the UI message stream sets. */
export type V5Message = UIMessageV5<AnswerMetadata>;

/** The chat state `useChat` of `@ai-sdk/react` 2 keeps in React, kept in plain fields. */
class PlainChatState implements ChatState<V5Message> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: V5Message[] = [];
  pushMessage = (message: V5Message) => void this.messages.push(message);
  popMessage = () => void this.messages.pop();
  replaceMessage = (index: number, message: V5Message) => void (this.messages[index] = message);
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

/** AI SDK 5's chat (`AbstractChat`: what `useChat` of `@ai-sdk/react` 2 runs) without a UI framework. */
export class V5Chat extends AbstractChat<V5Message> {
  constructor(init: Omit<ChatInit<V5Message>, 'messages'>) {
    super({ ...init, state: new PlainChatState() });
  }
}

/** The thread of a v5 conversation: the `threadId` metadata of its last assistant message. */
export function threadIdOf(messages: readonly V5Message[]): string | null {
  return messages.findLast((message) => message.role === 'assistant' && message.metadata?.threadId)?.metadata?.threadId ?? null;
}

/** What a v5 client sent and got, seen by the fetch it uses (the real one). */
export interface Exchange {
  body: Record<string, unknown>;
  status: number;
  headers: Record<string, string>;
}

/**
 * AI SDK 5's `DefaultChatTransport` as the README configures it: the assistant key as a header,
 * `fp` in the body, and `prepareSendMessagesRequest` sending the conversation's thread (from the
 * last answer's metadata) back as `threadId`. `exchanges` records each request and response.
 */
export function v5Transport(
  api: string,
  token: string,
  options: { body?: Record<string, unknown>; withoutTrigger?: boolean } = {},
): { transport: DefaultChatTransport<V5Message>; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const transport = new DefaultChatTransport<V5Message>({
    api,
    headers: { Authorization: `Bearer ${token}` },
    body: { fp: 'anonymous', retrievalPageSize: 5, ...options.body },
    prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => ({
      body: options.withoutTrigger
        ? { ...body, id, messages, threadId: threadIdOf(messages) }
        : { ...body, id, messages, trigger, messageId, threadId: threadIdOf(messages) },
    }),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      exchanges.push({
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : {},
        status: response.status,
        headers: headersOf(response.headers),
      });
      return response;
    },
  });
  return { transport, exchanges };
}

/** The text of a v5 message (its text parts). */
export const textOfV5 = (message: V5Message | undefined): string => (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

/** The `source-url` parts of a v5 message. */
export const sourcesOfV5 = (message: V5Message | undefined) =>
  (message?.parts ?? []).flatMap((part) => (part.type === 'source-url' ? [{ sourceId: part.sourceId, url: part.url, title: part.title }] : []));

/** A response's headers as a plain object (forEach: the DOM typings in scope lack Headers' iterator). */
function headersOf(headers: Headers): Record<string, string> {
  const plain: Record<string, string> = {};
  headers.forEach((value, key) => (plain[key] = value));
  return plain;
}

export interface DeployedAssistant {
  store: Store;
  core: Core;
  keys: { admin: string; assistant: string };
  model: Awaited<ReturnType<typeof fakeModel>>;
  /** A server listening with the default assistant options. */
  plain: { app: FastifyInstance; url: string };
  /** Another listening server with these assistant options (closed after the file's tests). */
  listen: (options?: AssistantOptions) => Promise<{ app: FastifyInstance; url: string }>;
}

/**
 * A test file's assistant: the deployed example (`deployedExample`), a fake model and listening
 * servers on 127.0.0.1, set up before the file's tests and closed after them. Its fields are
 * filled in its `beforeAll`, which runs before the file's own.
 */
export function deployedAssistant(name: string): DeployedAssistant {
  const apps: FastifyInstance[] = [];
  const fixture = {} as DeployedAssistant;
  fixture.listen = async (options: AssistantOptions = {}) => {
    const app = await buildApp(fixture.core, { assistant: options });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    const address = app.server.address() as { port: number };
    return { app, url: `http://127.0.0.1:${address.port}/v1/assistant/acme/message` };
  };
  beforeAll(async () => {
    const dir = tempDir(name);
    fixture.store = await openStore({ data: path.join(dir, 'data') });
    const deployed = await deployedExample(fixture.store, dir);
    fixture.core = deployed.core;
    fixture.keys = deployed;
    fixture.model = await fakeModel();
    fixture.plain = await fixture.listen();
  }, hangGuard(180_000));
  afterAll(async () => {
    for (const app of apps) {
      // The client's aborted fetch leaves its keep-alive socket to the server open.
      app.server.closeAllConnections();
      await app.close();
    }
    await fixture.model?.close();
    await fixture.store?.close();
  }, hangGuard(60_000));
  return fixture;
}

/** A part as the client parser hands it over: its callback's name and its value. */
export type ParsedPart = [string, unknown];

/** Reads an encoded body with the real client parser, recording every part in order. */
export async function clientParts(body: ReadableStream<Uint8Array>): Promise<ParsedPart[]> {
  const parts: ParsedPart[] = [];
  const record = (name: string) => (value: unknown) => void parts.push([name, value]);
  await processDataStream({
    stream: body,
    onStartStepPart: record('start_step'),
    onMessageAnnotationsPart: record('message_annotations'),
    onDataPart: record('data'),
    onSourcePart: record('source'),
    onTextPart: record('text'),
    onErrorPart: record('error'),
    onFinishStepPart: record('finish_step'),
    onFinishMessagePart: record('finish_message'),
  });
  return parts;
}
