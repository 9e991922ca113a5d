/**
 * The answer stream at the unit level (assistant/events.ts, assistant/protocols.ts): events in,
 * the exact text each protocol writes out. The clients that read these streams (ai@4's and ai@5's)
 * are in assistant.test.ts and assistant-v5.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { answerEvents, type AnswerEvent } from '../src/assistant/events.js';
import { PROTOCOL_HEADERS, STREAM_PROTOCOLS, dataStream, encoder, negotiateProtocol } from '../src/assistant/protocols.js';

const SSE_DONE = 'data: [DONE]\n\n';
const uiMessageStream = () => encoder('ui-message-stream');

/** The text an encoder writes for `events`. */
async function encode(stream: TransformStream<AnswerEvent, string>, events: AnswerEvent[]): Promise<string> {
  const writer = stream.writable.getWriter();
  const reading = collect(stream.readable).then((parts) => parts.join(''));
  for (const event of events) await writer.write(event);
  await writer.close();
  return reading;
}

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const reader = stream.getReader();
  const items: T[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) items.push(read.value);
  return items;
}

const answer: AnswerEvent[] = [
  { type: 'start', messageId: 'm1', threadId: 't1' },
  { type: 'source', id: '1', url: 'https://docs.example.com/a', title: 'A' },
  { type: 'text', delta: 'Hello' },
  { type: 'text', delta: ' world' },
  { type: 'finish', finishReason: 'stop', usage: { promptTokens: 3, completionTokens: 4 }, threadId: 't1' },
];

describe('the v4 data stream', () => {
  it('an answer: one CODE:JSON line per part, the finish step (e:) before the finish message (d:)', async () => {
    expect((await encode(dataStream(), answer)).split('\n')).toEqual([
      'f:{"messageId":"m1"}',
      '8:[{"threadId":"t1"}]',
      '2:[{"threadId":"t1"}]',
      'h:{"sourceType":"url","id":"1","url":"https://docs.example.com/a","title":"A"}',
      '0:"Hello"',
      '0:" world"',
      'e:{"finishReason":"stop","usage":{"promptTokens":3,"completionTokens":4},"isContinued":false}',
      'd:{"finishReason":"stop","usage":{"promptTokens":3,"completionTokens":4},"threadId":"t1"}',
      '',
    ]);
  });

  it('an error is a 3: part with its message', async () => {
    expect(await encode(dataStream(), [{ type: 'error', message: 'model endpoint answered HTTP 500' }])).toBe('3:"model endpoint answered HTTP 500"\n');
  });

  it('a text part is JSON: a newline in it stays on its line', async () => {
    expect(await encode(dataStream(), [{ type: 'text', delta: 'a\nb' }])).toBe('0:"a\\nb"\n');
  });
});

describe('the v5 UI message stream', () => {
  const chunks = (text: string) => {
    expect(text.endsWith(SSE_DONE)).toBe(true);
    return text
      .slice(0, -SSE_DONE.length)
      .split('\n\n')
      .filter(Boolean)
      .map((event) => {
        expect(event.startsWith('data: ')).toBe(true);
        return JSON.parse(event.slice('data: '.length)) as unknown;
      });
  };

  it('an answer: start, start-step, sources, one text part, finish-step, finish with usage in v5 names, [DONE]', async () => {
    expect(chunks(await encode(uiMessageStream(), answer))).toEqual([
      { type: 'start', messageId: 'm1', messageMetadata: { threadId: 't1' } },
      { type: 'start-step' },
      { type: 'source-url', sourceId: '1', url: 'https://docs.example.com/a', title: 'A' },
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Hello' },
      { type: 'text-delta', id: 'text-1', delta: ' world' },
      { type: 'text-end', id: 'text-1' },
      { type: 'finish-step' },
      {
        type: 'finish',
        finishReason: 'stop',
        messageMetadata: { threadId: 't1', finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 } },
      },
    ]);
  });

  it('an error ends the open text part first; text after it opens a new part', async () => {
    const events: AnswerEvent[] = [
      { type: 'text', delta: 'a' },
      { type: 'error', message: 'cut' },
      { type: 'text', delta: 'b' },
      { type: 'error', message: 'again' },
    ];
    expect(chunks(await encode(uiMessageStream(), events))).toEqual([
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'a' },
      { type: 'text-end', id: 'text-1' },
      { type: 'error', errorText: 'cut' },
      { type: 'text-start', id: 'text-2' },
      { type: 'text-delta', id: 'text-2', delta: 'b' },
      { type: 'text-end', id: 'text-2' },
      { type: 'error', errorText: 'again' },
    ]);
  });

  it('a stream that ends inside a text part still closes it before [DONE]; an empty one is [DONE] alone', async () => {
    expect(chunks(await encode(uiMessageStream(), [{ type: 'text', delta: 'a' }]))).toEqual([
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'a' },
      { type: 'text-end', id: 'text-1' },
    ]);
    expect(await encode(uiMessageStream(), [])).toBe('data: [DONE]\n\n');
  });
});

describe('choosing a protocol', () => {
  it('encoder: each protocol its own writer', async () => {
    expect(STREAM_PROTOCOLS).toEqual(['data-stream', 'ui-message-stream']);
    const text: AnswerEvent[] = [{ type: 'text', delta: 'x' }];
    expect(await encode(encoder('data-stream'), text)).toBe('0:"x"\n');
    expect(await encode(encoder('ui-message-stream'), text)).toBe(
      'data: {"type":"text-start","id":"text-1"}\n\ndata: {"type":"text-delta","id":"text-1","delta":"x"}\n\ndata: {"type":"text-end","id":"text-1"}\n\ndata: [DONE]\n\n',
    );
  });

  it('the headers that name each protocol', () => {
    expect(PROTOCOL_HEADERS['data-stream']).toEqual({ 'content-type': 'text/plain; charset=utf-8', 'x-vercel-ai-data-stream': 'v1' });
    expect(PROTOCOL_HEADERS['ui-message-stream']).toEqual({
      'content-type': 'text/event-stream',
      'x-vercel-ai-ui-message-stream': 'v1',
      'x-accel-buffering': 'no',
    });
  });

  const v4 = { role: 'user', content: 'hi', parts: [{ type: 'text', text: 'hi' }] };
  const v5 = { role: 'user', parts: [{ type: 'text', text: 'hi' }] };
  const cases: Array<[name: string, query: { protocol?: unknown } | undefined, body: { trigger?: unknown; messages?: unknown } | undefined, expected: string]> =
    [
      ['nothing at all', undefined, undefined, 'data-stream'],
      ['a v4 message', {}, { messages: [v4] }, 'data-stream'],
      ['a v5 message', {}, { messages: [v5] }, 'ui-message-stream'],
      ['the last message decides', {}, { messages: [v5, v4] }, 'data-stream'],
      ['the last message decides (v5 last)', {}, { messages: [v4, v5] }, 'ui-message-stream'],
      ['a v5 trigger', {}, { messages: [v4], trigger: 'submit-message' }, 'ui-message-stream'],
      ['a trigger that is not a string', {}, { messages: [v4], trigger: 1 }, 'data-stream'],
      ['messages that are not a list', {}, { messages: { parts: [] } }, 'data-stream'],
      ['a last message that is not an object', {}, { messages: ['hi'] }, 'data-stream'],
      ['a last message that is null', {}, { messages: [v5, null] }, 'data-stream'],
      ['a last message with parts that are not a list', {}, { messages: [{ role: 'user', parts: 'hi' }] }, 'data-stream'],
      ['a last message with neither content nor parts', {}, { messages: [{ role: 'user' }] }, 'data-stream'],
      ['the query over a v5 body', { protocol: 'data-stream' }, { messages: [v5], trigger: 'submit-message' }, 'data-stream'],
      ['the query over a v4 body', { protocol: 'ui-message-stream' }, { messages: [v4] }, 'ui-message-stream'],
      ['an unknown protocol in the query falls back to the body', { protocol: 'v6' }, { messages: [v5] }, 'ui-message-stream'],
    ];
  it.each(cases)('negotiateProtocol: %s', (_name, query, body, expected) => {
    expect(negotiateProtocol(query, body)).toBe(expected);
  });
});

describe('answerEvents: what execute emits, then the end', () => {
  it('emitted events in order, and the stream closes when execute settles', async () => {
    const events = answerEvents(
      async (emit) => {
        emit({ type: 'text', delta: 'a' });
        await Promise.resolve();
        emit({ type: 'text', delta: 'b' });
      },
      () => 'never',
    );
    expect(await collect(events)).toEqual([
      { type: 'text', delta: 'a' },
      { type: 'text', delta: 'b' },
    ]);
  });

  it('a throw becomes one error event with onError’s message (not the error’s own text), then the end', async () => {
    const seen: unknown[] = [];
    const events = answerEvents(
      async (emit) => {
        emit({ type: 'text', delta: 'a' });
        await Promise.resolve();
        throw new Error('secret stack detail');
      },
      (error) => {
        seen.push(error);
        return 'the assistant failed';
      },
    );
    expect(await collect(events)).toEqual([
      { type: 'text', delta: 'a' },
      { type: 'error', message: 'the assistant failed' },
    ]);
    expect(seen).toEqual([new Error('secret stack detail')]);
  });

  it('emitting after the reader went away is a no-op, and execute still settles', async () => {
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const events = answerEvents(
      async (emit) => {
        emit({ type: 'text', delta: 'a' });
        await released;
        emit({ type: 'text', delta: 'b' });
        finished();
      },
      () => 'failed',
    );
    const reader = events.getReader();
    expect(await reader.read()).toEqual({ done: false, value: { type: 'text', delta: 'a' } });
    await reader.cancel();
    release();
    await done;
  });
});
