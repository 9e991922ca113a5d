/** Pieces of the assistant tests: a deployed example project, the real chat client, a fake model. */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { callChatApi, type UIMessage } from '@ai-sdk/ui-utils';
import { Core } from '../src/core.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import type { Store } from '../src/store/store.js';
import { deploymentEnded, exampleRepo, LOCAL_ROOTS } from './helpers.js';

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
    const { statusId } = await core.queueUpdate(`Bearer ${admin}`, 'acme');
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
 * chunk and never finishes.
 */
export async function fakeModel(): Promise<{
  baseUrl: string;
  requests: ModelRequest[];
  closedHangs: () => number;
  close: () => Promise<void>;
}> {
  const requests: ModelRequest[] = [];
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
