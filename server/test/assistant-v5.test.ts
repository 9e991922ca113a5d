/**
 * The assistant for AI SDK 5 clients: the UI message stream protocol (Server-Sent Events), on
 * real listening servers (127.0.0.1) over a real deployment of fixtures/example, read with the
 * real client of `ai@5` (`DefaultChatTransport`, the `AbstractChat` that `useChat` of
 * `@ai-sdk/react` 2 runs, `readUIMessageStream`), and next to it the AI SDK v4 client, which
 * must still get the data stream.
 */
import { readUIMessageStream, type UIMessageChunk } from 'ai-v5';
import { beforeAll, describe, expect, it } from 'vitest';
import { negotiateProtocol, type AnswerMetadata, type UIMessageStreamChunk } from '../src/assistant/protocols.js';
import type { Core } from '../src/core.js';
import { threadMessages } from '../src/store/assistant.js';
import type { Store } from '../src/store/store.js';
import {
  chat,
  deployedAssistant,
  sourcesOfV5,
  textOfV5,
  threadIdOf,
  userMessage,
  V5Chat,
  v5Transport,
  type DeployedAssistant,
  type V5Message,
} from './assistant-helpers.js';

// Compile-time: every chunk this server writes is one of ai@5's own UIMessageChunk shapes.
export const isUIMessageChunk = (chunk: UIMessageStreamChunk): UIMessageChunk<AnswerMetadata> => chunk;

const fixture = deployedAssistant('assistant-v5');
const { listen } = fixture;
let store: Store;
let core: Core;
let keys: DeployedAssistant['keys'];
let model: DeployedAssistant['model'];
let plain: DeployedAssistant['plain'];
beforeAll(() => {
  ({ store, core, keys, model, plain } = fixture);
});

/** A chat as `useChat` of `@ai-sdk/react` 2 holds it, with what its callbacks reported. */
function newChat(url: string, token = keys.assistant, options: Parameters<typeof v5Transport>[2] = {}) {
  const { transport, exchanges } = v5Transport(url, token, options);
  const seen: { errors: Error[]; finishes: Array<{ finishReason?: string; isError: boolean; message: V5Message }> } = { errors: [], finishes: [] };
  let ids = 0;
  const chat = new V5Chat({
    id: 'chat-v5',
    transport,
    generateId: () => `gen-${++ids}`,
    onError: (error) => seen.errors.push(error),
    onFinish: ({ message, finishReason, isError }) => seen.finishes.push({ message, finishReason, isError }),
  });
  return { chat, exchanges, seen, last: () => chat.messages.at(-1) };
}

/** The chunks of a raw UI message stream body; checks the SSE framing and the closing [DONE]. */
function sseChunks(text: string): Array<Record<string, unknown> & { type: string }> {
  const events = text.split('\n\n');
  expect(events.pop()).toBe('');
  expect(events.pop()).toBe('data: [DONE]');
  return events.map((event) => {
    expect(event).toMatch(/^data: \{/);
    return JSON.parse(event.slice('data: '.length));
  });
}

/** The stored messages' ids and errors (threadMessages shows neither). */
const storedRows = (threadId: string) =>
  store.query<{ id: string; role: string; error: string | null }>('SELECT id, role, error FROM assistant_messages WHERE thread_id = $1 ORDER BY seq', [
    threadId,
  ]);

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.assistant}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });

describe('the real AI SDK 5 client (DefaultChatTransport, the chat useChat runs), without a model', () => {
  it('streams the answer text, source-url parts, the thread id in metadata; a follow-up continues the thread', async () => {
    const { chat, exchanges, seen, last } = newChat(plain.url);
    await chat.sendMessage({ text: 'How do I authenticate API requests?' });
    expect(chat.error).toBeUndefined();
    expect(chat.status).toBe('ready');
    expect(seen.errors).toEqual([]);

    // What the v5 client sent: parts and no content, a trigger; and what it got.
    const [first] = exchanges;
    expect(first.body).toMatchObject({ id: 'chat-v5', trigger: 'submit-message', fp: 'anonymous', threadId: null });
    expect(first.body.messages).toEqual([{ id: 'gen-1', role: 'user', parts: [{ type: 'text', text: 'How do I authenticate API requests?' }] }]);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/event-stream');
    expect(first.headers['x-vercel-ai-ui-message-stream']).toBe('v1');
    expect(first.headers['x-vercel-ai-data-stream']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-cache');
    const threadId = first.headers['x-thread-id'];
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);

    const answer = last()!;
    expect(answer.role).toBe('assistant');
    expect(answer.id).toMatch(/^msg-/);
    expect(textOfV5(answer)).toMatch(/\[1\]/);
    expect(textOfV5(answer)).toMatch(/No language model is configured/);
    expect(answer.parts[0]).toEqual({ type: 'step-start' });
    const sources = sourcesOfV5(answer);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.length).toBeLessThanOrEqual(5);
    expect(sources[0]).toMatchObject({ sourceId: '1', url: expect.stringMatching(/^\/api\/authentication/), title: expect.stringMatching(/Authentication/) });
    expect(answer.metadata).toEqual({ threadId, finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } });
    expect(seen.finishes).toEqual([{ message: answer, finishReason: 'stop', isError: false }]);

    // The follow-up sends the whole conversation back (the answer with its source-url, step-start
    // and text parts) and, through prepareSendMessagesRequest, the thread from the metadata.
    await chat.sendMessage({ text: 'and list pets?' });
    expect(chat.error).toBeUndefined();
    const second = exchanges[1];
    expect(second.body.threadId).toBe(threadId);
    expect((second.body.messages as V5Message[]).map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect((second.body.messages as V5Message[])[1].parts.map((part) => part.type)).toEqual(expect.arrayContaining(['step-start', 'source-url', 'text']));
    expect(second.status).toBe(200);
    expect(second.headers['x-thread-id']).toBe(threadId);
    expect(last()!.metadata?.threadId).toBe(threadId);
    expect(threadIdOf(chat.messages)).toBe(threadId);
    // The page (its best section's anchor may follow).
    expect(sourcesOfV5(last()).map((source) => source.url.split('#')[0])).toContain('/api-reference/pets/list-pets');

    const stored = await threadMessages(store, threadId);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(stored[0].content).toBe('How do I authenticate API requests?');
    expect(stored[2].content).toBe('and list pets?');
    // The message id the client shows is the stored answer's.
    expect(await storedRows(threadId)).toEqual([
      { id: expect.any(String), role: 'user', error: null },
      { id: answer.id, role: 'assistant', error: null },
      { id: expect.any(String), role: 'user', error: null },
      { id: last()!.id, role: 'assistant', error: null },
    ]);
    expect(stored[1].content).toBe(textOfV5(answer));
    expect(stored[1].sources.map((source) => source.url)).toEqual(sources.map((source) => source.url));
  });

  it('DefaultChatTransport.sendMessages read with readUIMessageStream: the same message, chunk by chunk', async () => {
    const { transport } = v5Transport(plain.url, keys.assistant, { body: { retrievalPageSize: 1 } });
    const stream = await transport.sendMessages({
      chatId: 'raw-v5',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'create a new pet in the store' }] }],
      trigger: 'submit-message',
      messageId: undefined,
      abortSignal: undefined,
    });
    const snapshots: V5Message[] = [];
    for await (const message of readUIMessageStream<V5Message>({ stream, terminateOnError: true })) snapshots.push(message);
    expect(snapshots.length).toBeGreaterThan(2);
    const message = snapshots.at(-1)!;
    expect(sourcesOfV5(message)).toHaveLength(1);
    expect(sourcesOfV5(message)[0].url).toMatch(/^\/api-reference\/pets\/create-a-pet(#|$)/);
    expect(textOfV5(message)).toMatch(/Create a pet/);
    expect(message.metadata?.threadId).toMatch(/^[0-9a-f-]{36}$/);
    // The metadata arrived with `start`, before any text.
    expect(snapshots.find((snapshot) => snapshot.metadata?.threadId)!.parts.some((part) => part.type === 'text')).toBe(false);
  });

  it('raw stream: SSE framing, chunk order, headers and CORS exposure', async () => {
    const response = await post(
      plain.url,
      { fp: 'anonymous', id: 'c', trigger: 'submit-message', messages: [{ id: 'x', role: 'user', parts: [{ type: 'text', text: 'quickstart' }] }] },
      { origin: 'https://docs.example.com' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    for (const name of ['x-thread-id', 'x-vercel-ai-ui-message-stream', 'x-vercel-ai-data-stream', 'retry-after']) expect(exposed).toContain(name);
    const threadId = response.headers.get('x-thread-id');
    const chunks = sseChunks(await response.text());
    const types = chunks.map((chunk) => chunk.type);
    const texts = types.filter((type) => type === 'text-delta').length;
    const sources = types.filter((type) => type === 'source-url').length;
    expect(sources).toBeGreaterThan(0);
    expect(texts).toBeGreaterThan(0);
    expect(types).toEqual([
      'start',
      'start-step',
      ...Array(sources).fill('source-url'),
      'text-start',
      ...Array(texts).fill('text-delta'),
      'text-end',
      'finish-step',
      'finish',
    ]);
    expect(chunks[0]).toEqual({ type: 'start', messageId: expect.stringMatching(/^msg-/), messageMetadata: { threadId } });
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', messageMetadata: { threadId, finishReason: 'stop', usage: expect.any(Object) } });
    const ids = new Set(chunks.filter((chunk) => chunk.type.startsWith('text-')).map((chunk) => chunk.id));
    expect(ids.size).toBe(1);
  });
});

describe('choosing the protocol', () => {
  it('a v4 client (callChatApi, as useChat of ai 4) is still served the v4 data stream when nothing asks for v5', async () => {
    const result = await chat(plain.url, keys.assistant, [userMessage('u1', 'How do I authenticate API requests?')]);
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(200);
    expect(result.headers?.['x-vercel-ai-data-stream']).toBe('v1');
    expect(result.headers?.['content-type']).toBe('text/plain; charset=utf-8');
    expect(result.headers?.['x-vercel-ai-ui-message-stream']).toBeUndefined();
    expect(result.message?.content).toMatch(/\[1\]/);
    expect(result.message?.annotations).toContainEqual({ threadId: result.threadIdHeader });
    expect(result.finishReason).toBe('stop');
  });

  it('without a trigger, a v5 conversation (parts, no content) still gets the UI message stream', async () => {
    const { chat, exchanges, last } = newChat(plain.url, keys.assistant, { withoutTrigger: true });
    await chat.sendMessage({ text: 'How do I authenticate?' });
    expect(chat.error).toBeUndefined();
    expect(exchanges[0].body.trigger).toBeUndefined();
    expect(exchanges[0].headers['x-vercel-ai-ui-message-stream']).toBe('v1');
    expect(sourcesOfV5(last()).length).toBeGreaterThan(0);
    expect(last()!.metadata?.threadId).toBe(exchanges[0].headers['x-thread-id']);
  });

  it('why it matters: the v5 client given the v4 data stream (?protocol=data-stream) gets no answer and no error', async () => {
    const { chat, exchanges } = newChat(`${plain.url}?protocol=data-stream`);
    await chat.sendMessage({ text: 'How do I authenticate?' });
    expect(exchanges[0].headers['x-vercel-ai-data-stream']).toBe('v1');
    expect(chat.status).toBe('ready');
    expect(chat.error).toBeUndefined();
    expect(chat.messages.map((message) => message.role)).toEqual(['user']);
  });

  it('?protocol= decides over the body; an unknown protocol is a 400 naming it', async () => {
    const v4Body = { fp: 'anonymous', messages: [{ id: 'x', role: 'user', content: 'quickstart' }] };
    const asV5 = await post(`${plain.url}?protocol=ui-message-stream`, v4Body);
    expect(asV5.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(sseChunks(await asV5.text())[0].type).toBe('start');

    const v5Body = { fp: 'anonymous', trigger: 'submit-message', messages: [{ id: 'x', role: 'user', parts: [{ type: 'text', text: 'quickstart' }] }] };
    const asV4 = await post(`${plain.url}?protocol=data-stream`, v5Body);
    expect(asV4.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    const lines = (await asV4.text()).trim().split('\n');
    expect(lines[0]).toMatch(/^f:/);
    expect(lines.at(-1)).toMatch(/^d:/);

    // The v5 client pointed at ?protocol=ui-message-stream works as without it.
    const { chat } = newChat(`${plain.url}?protocol=ui-message-stream`);
    await chat.sendMessage({ text: 'quickstart' });
    expect(chat.error).toBeUndefined();
    expect(sourcesOfV5(chat.messages.at(-1)).length).toBeGreaterThan(0);

    const bad = await post(`${plain.url}?protocol=v6`, v4Body);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.stringMatching(/^protocol: /) });
  });

  it('negotiateProtocol: the query first, then the v5 signs in the body, else v4', () => {
    const v4 = { messages: [{ role: 'user', content: 'hi', parts: [{ type: 'text', text: 'hi' }] }] };
    const v5 = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] };
    expect(negotiateProtocol({}, v4)).toBe('data-stream');
    expect(negotiateProtocol(undefined, { messages: [] })).toBe('data-stream');
    expect(negotiateProtocol({}, v5)).toBe('ui-message-stream');
    expect(negotiateProtocol({}, { ...v4, trigger: 'regenerate-message' })).toBe('ui-message-stream');
    expect(negotiateProtocol({ protocol: 'data-stream' }, { ...v5, trigger: 'submit-message' })).toBe('data-stream');
    expect(negotiateProtocol({ protocol: 'ui-message-stream' }, v4)).toBe('ui-message-stream');
  });
});

describe('errors for the AI SDK 5 client', () => {
  it('a model answering 500 mid-stream reaches the client as an error; the thread keeps the answer', async () => {
    const { url } = await listen({ model: { baseUrl: model.baseUrl, model: 'fail' } });
    const { chat, exchanges, seen, last } = newChat(url);
    await chat.sendMessage({ text: 'How do I authenticate?' });
    expect(exchanges[0].status).toBe(200);
    expect(chat.status).toBe('error');
    expect(chat.error?.message).toMatch(/model endpoint answered HTTP 500/);
    expect(seen.errors.map((error) => error.message)).toEqual([chat.error?.message]);
    expect(seen.finishes.at(-1)?.isError).toBe(true);
    // The sources and the thread id had arrived before the error.
    const threadId = exchanges[0].headers['x-thread-id'];
    expect(last()?.metadata?.threadId).toBe(threadId);
    expect(sourcesOfV5(last()).length).toBeGreaterThan(0);
    const stored = await threadMessages(store, threadId);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect((await storedRows(threadId))[1]).toEqual({ id: last()!.id, role: 'assistant', error: expect.stringMatching(/HTTP 500/) });
  });

  it('a model that hangs is cut at the deadline: text-end, an error chunk, finish with finishReason error, [DONE]', async () => {
    const { url } = await listen({ model: { baseUrl: model.baseUrl, model: 'hang' }, deadlineMs: 1500 });
    const response = await post(url, {
      fp: 'anonymous',
      trigger: 'submit-message',
      messages: [{ id: '1', role: 'user', parts: [{ type: 'text', text: 'How do I authenticate?' }] }],
    });
    const chunks = sseChunks(await response.text());
    const types = chunks.map((chunk) => chunk.type);
    expect(types.slice(-5)).toEqual(['text-delta', 'text-end', 'error', 'finish-step', 'finish']);
    expect(chunks.find((chunk) => chunk.type === 'text-delta')).toMatchObject({ delta: 'Let me think' });
    expect(chunks.find((chunk) => chunk.type === 'error')).toEqual({
      type: 'error',
      errorText: expect.stringMatching(/^the model did not finish: no answer within 1\.5 s/),
    });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'error' });

    const { chat } = newChat(url);
    await chat.sendMessage({ text: 'How do I authenticate?' });
    expect(chat.error?.message).toMatch(/deadline/);
    expect(textOfV5(chat.messages.at(-1))).toBe('Let me think');
  });

  it('with a model: the text streams in, usage reaches the metadata', async () => {
    const { url } = await listen({ model: { baseUrl: model.baseUrl, model: 'good' } });
    const { chat, last } = newChat(url);
    await chat.sendMessage({ text: 'How do I authenticate API requests?' });
    expect(chat.error).toBeUndefined();
    expect(textOfV5(last())).toBe('From the docs: see "Authentication" [1].');
    expect(last()?.metadata).toMatchObject({ finishReason: 'stop', usage: { inputTokens: 120, outputTokens: 9, totalTokens: 129 } });
    // The v5 conversation reached the model as text.
    expect(model.requests.at(-1)!.messages.at(-1)).toEqual({ role: 'user', content: 'How do I authenticate API requests?' });
  });

  it('a 429 is a JSON error with Retry-After, which the client reports', async () => {
    const token = (await core.createKey('acme', 'assistant')).token;
    const { url } = await listen({ limits: { perKeyPerMonth: 1, perOrganizationPerHour: 1_000_000, perIpPerDay: 1_000_000 } });
    const { chat, exchanges } = newChat(url, token);
    await chat.sendMessage({ text: 'quickstart' });
    expect(chat.error).toBeUndefined();
    await chat.sendMessage({ text: 'and the quickstart again?' });
    expect(chat.status).toBe('error');
    expect(exchanges[1].status).toBe(429);
    expect(exchanges[1].headers['content-type']).toMatch(/^application\/json/);
    expect(Number(exchanges[1].headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(chat.error!.message)).toEqual({ error: expect.stringMatching(/^rate limit: /), limit: 'key' });
  });

  it('401 and 404 are JSON errors the client reports as they are', async () => {
    const { chat } = newChat(plain.url, 'dn_assistant_nope');
    await chat.sendMessage({ text: 'quickstart' });
    expect(JSON.parse(chat.error!.message)).toEqual({ error: 'unknown API key' });
    const { chat: other } = newChat(plain.url.replace('/acme/', '/nowhere/'));
    await other.sendMessage({ text: 'quickstart' });
    expect(JSON.parse(other.error!.message)).toEqual({ error: expect.stringMatching(/no project with the domain "nowhere"/) });
  });
});
