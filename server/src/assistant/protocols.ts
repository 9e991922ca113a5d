/**
 * The two wire protocols of POST /v1/assistant/{domain}/message, chosen per request, and their
 * encoders of the answer's events (events.ts):
 *
 * - `data-stream`, the AI SDK v4 data stream protocol (the default; `useChat` of `ai` 4 /
 *   `@ai-sdk/react` 1, `callChatApi`): `CODE:JSON` lines, `X-Vercel-AI-Data-Stream: v1`.
 * - `ui-message-stream`, the AI SDK 5 UI message stream protocol (`DefaultChatTransport`,
 *   `useChat` of `@ai-sdk/react` 2): Server-Sent Events `data: {chunk}`, ending with
 *   `data: [DONE]`, `x-vercel-ai-ui-message-stream: v1`. The chunk shapes are those of `ai@5`'s
 *   `UIMessageChunk` (test/assistant-v5.test.ts checks them against its types and its client).
 *
 * Which one: the `protocol` query parameter when given; otherwise the UI message stream for a
 * request an AI SDK 5 client sends (a `trigger` in the body, or a last message with `parts` and
 * no `content`, which every v4 message has), and the data stream for anything else.
 */
import type { AnswerEvent } from './events.js';

/**
 * The codes of the v4 data stream parts docsnav writes (`ai`'s `formatDataStreamPart`, kept here
 * so that a server without a model never loads the AI SDK: ~20 MB of a process that idles at 200).
 */
const DATA_STREAM_CODES = {
  text: '0',
  data: '2',
  error: '3',
  message_annotations: '8',
  finish_message: 'd',
  finish_step: 'e',
  start_step: 'f',
  source: 'h',
} as const;

/** One part of the v4 data stream: `CODE:JSON` and a newline. */
function formatDataStreamPart(type: keyof typeof DATA_STREAM_CODES, value: unknown): string {
  return `${DATA_STREAM_CODES[type]}:${JSON.stringify(value)}\n`;
}

export const STREAM_PROTOCOLS = ['data-stream', 'ui-message-stream'] as const;
export type StreamProtocol = (typeof STREAM_PROTOCOLS)[number];

/** The protocol a request gets (see the top of this file). */
export function negotiateProtocol(query: { protocol?: unknown } | undefined, body: { trigger?: unknown; messages?: unknown } | undefined): StreamProtocol {
  const asked = query?.protocol;
  if (asked === 'data-stream' || asked === 'ui-message-stream') return asked;
  if (typeof body?.trigger === 'string') return 'ui-message-stream';
  const last: unknown = Array.isArray(body?.messages) ? body.messages.at(-1) : undefined;
  if (last && typeof last === 'object' && (last as { content?: unknown }).content === undefined && Array.isArray((last as { parts?: unknown }).parts))
    return 'ui-message-stream';
  return 'data-stream';
}

/**
 * The response headers that name each protocol (the route adds `X-Thread-Id` and
 * `Cache-Control: no-cache` to both). The UI message stream's are ai@5's
 * `UI_MESSAGE_STREAM_HEADERS` but `connection` (the server's keep-alive settings decide that).
 */
export const PROTOCOL_HEADERS: Record<StreamProtocol, Record<string, string>> = {
  'data-stream': { 'content-type': 'text/plain; charset=utf-8', 'x-vercel-ai-data-stream': 'v1' },
  'ui-message-stream': { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1', 'x-accel-buffering': 'no' },
};

/** The encoder of a protocol: events in, the response body's text out. */
export function encoder(protocol: StreamProtocol): TransformStream<AnswerEvent, string> {
  return protocol === 'ui-message-stream' ? uiMessageStream() : dataStream();
}

/**
 * v4 data stream: `f:` start step, the threadId as an `8:` annotation (what the real client's
 * `onFinish` sees) and `2:` data, `h:` sources, `0:` text, `3:` error, `e:` finish step, `d:`
 * finish message (with the threadId too, for raw readers: the real client drops it).
 */
export function dataStream(): TransformStream<AnswerEvent, string> {
  return new TransformStream({
    transform(event, controller) {
      const write = (part: string) => controller.enqueue(part);
      switch (event.type) {
        case 'start':
          write(formatDataStreamPart('start_step', { messageId: event.messageId }));
          write(formatDataStreamPart('message_annotations', [{ threadId: event.threadId }]));
          write(formatDataStreamPart('data', [{ threadId: event.threadId }]));
          break;
        case 'source':
          write(formatDataStreamPart('source', { sourceType: 'url', id: event.id, url: event.url, title: event.title }));
          break;
        case 'text':
          write(formatDataStreamPart('text', event.delta));
          break;
        case 'error':
          write(formatDataStreamPart('error', event.message));
          break;
        case 'finish': {
          const { finishReason, usage, threadId } = event;
          write(formatDataStreamPart('finish_step', { finishReason, usage, isContinued: false }));
          const finish = { finishReason, usage, threadId };
          write(formatDataStreamPart('finish_message', finish));
          break;
        }
      }
    },
  });
}

/** What a v5 client reads from `message.metadata` (set on `start`, completed on `finish`). */
export interface AnswerMetadata {
  threadId: string;
  finishReason?: 'stop' | 'error';
  usage?: { inputTokens: number; outputTokens: number; totalTokens: number };
}

/** The chunks of ai@5's `UIMessageChunk` this server writes, in their exact shapes. */
export type UIMessageStreamChunk =
  | { type: 'start'; messageId: string; messageMetadata: AnswerMetadata }
  | { type: 'start-step' }
  | { type: 'source-url'; sourceId: string; url: string; title: string }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'error'; errorText: string }
  | { type: 'finish-step' }
  | { type: 'finish'; finishReason: 'stop' | 'error'; messageMetadata: AnswerMetadata };

/** One Server-Sent Event, as ai@5's `JsonToSseTransformStream` writes it. */
const sseEvent = (chunk: UIMessageStreamChunk): string => `data: ${JSON.stringify(chunk)}\n\n`;
const SSE_DONE = 'data: [DONE]\n\n';

/**
 * v5 UI message stream: `start` (messageId, metadata `{threadId}`) and `start-step`, a
 * `source-url` per passage, the text as one `text-start`/`text-delta`…/`text-end` part, an
 * `error` chunk (the client surfaces it), `finish-step`, `finish` (finishReason, metadata with
 * threadId, finishReason and usage), then `[DONE]`.
 */
function uiMessageStream(): TransformStream<AnswerEvent, string> {
  let textId: string | undefined;
  let texts = 0;
  const endText = (write: (chunk: UIMessageStreamChunk) => void) => {
    if (textId === undefined) return;
    write({ type: 'text-end', id: textId });
    textId = undefined;
  };
  return new TransformStream({
    transform(event, controller) {
      const write = (chunk: UIMessageStreamChunk) => controller.enqueue(sseEvent(chunk));
      switch (event.type) {
        case 'start':
          write({ type: 'start', messageId: event.messageId, messageMetadata: { threadId: event.threadId } });
          write({ type: 'start-step' });
          break;
        case 'source':
          write({ type: 'source-url', sourceId: event.id, url: event.url, title: event.title });
          break;
        case 'text':
          if (textId === undefined) {
            textId = `text-${++texts}`;
            write({ type: 'text-start', id: textId });
          }
          write({ type: 'text-delta', id: textId, delta: event.delta });
          break;
        case 'error':
          endText(write);
          write({ type: 'error', errorText: event.message });
          break;
        case 'finish': {
          endText(write);
          write({ type: 'finish-step' });
          const { promptTokens, completionTokens } = event.usage;
          const usage = { inputTokens: promptTokens, outputTokens: completionTokens, totalTokens: promptTokens + completionTokens };
          write({ type: 'finish', finishReason: event.finishReason, messageMetadata: { threadId: event.threadId, finishReason: event.finishReason, usage } });
          break;
        }
      }
    },
    flush(controller) {
      endText((chunk) => controller.enqueue(sseEvent(chunk)));
      controller.enqueue(SSE_DONE);
    },
  });
}
