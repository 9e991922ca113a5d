import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { encoder, negotiateProtocol, PROTOCOL_HEADERS, STREAM_PROTOCOLS } from '../../assistant/protocols.js';
import type { Assistant } from '../../assistant/service.js';
import { LimitError } from '../../assistant/limits.js';
import { ownedBy, requestKey } from './auth.js';
import { domainSchema, errorSchema, type Api } from './schemas.js';

const part = {
  type: 'object',
  properties: { type: { type: 'string' }, text: { type: 'string' } },
  required: ['type'],
  description:
    'A message part: text, reasoning, step-start, source, tool-invocation, … (AI SDK v4); text, reasoning, step-start, source-url, source-document, file, tool-*, data-*, … (AI SDK 5). Only text parts are read.',
} as const;

const assistantRequestSchema = {
  type: 'object',
  description:
    'The conversation, as the chat client sends it (AI SDK v4 `useChat`: messages with `content`; AI SDK 5 `DefaultChatTransport`: messages with `parts` only, and `trigger`); unknown keys are accepted.',
  properties: {
    fp: { type: 'string', minLength: 1, maxLength: 200, description: '"anonymous" or an identifier of the user.' },
    threadId: {
      type: ['string', 'null'],
      minLength: 1,
      maxLength: 100,
      description:
        'Continue this thread (from the `X-Thread-Id` header, the `threadId` annotation of an earlier answer (v4), or its `metadata.threadId` (v5)).',
    },
    messages: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          role: { type: 'string', enum: ['system', 'assistant', 'data', 'user'] },
          content: { type: 'string', maxLength: 100_000, description: 'The text (AI SDK v4; AI SDK 5 messages have only `parts`).' },
          parts: { type: 'array', maxItems: 1000, items: part },
        },
        required: ['role'],
      },
    },
    retrievalPageSize: { type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'How many documentation passages the answer is built from.' },
    filter: {
      type: ['object', 'null'],
      description: 'Only pages under this version and/or language of the navigation.',
      properties: { version: { type: 'string', maxLength: 200 }, language: { type: 'string', maxLength: 50 } },
    },
    currentPath: { type: 'string', maxLength: 200 },
    trigger: {
      type: 'string',
      maxLength: 100,
      description:
        'Sent by AI SDK 5 clients (`submit-message`, `regenerate-message`): the answer comes as a UI message stream unless `?protocol=` says otherwise.',
    },
  },
  required: ['fp', 'messages'],
} as const;

const protocolQuery = {
  type: 'object',
  properties: {
    protocol: {
      type: 'string',
      enum: [...STREAM_PROTOCOLS],
      description:
        'The stream protocol of the answer: `data-stream` (AI SDK v4, `X-Vercel-AI-Data-Stream: v1`, text/plain) or `ui-message-stream` (AI SDK 5, `x-vercel-ai-ui-message-stream: v1`, text/event-stream). Without it: `ui-message-stream` for a request an AI SDK 5 client sends (a `trigger` in the body, or a last message with `parts` and no `content`), `data-stream` otherwise.',
    },
  },
} as const;

const header = (description: string, values?: string[]) => ({ type: 'string', ...(values ? { enum: values } : {}), description });

/** The 200 answer: either protocol's stream, with the headers of both (each names its protocol). */
const streamed = {
  description:
    'The answer, streamed: the AI SDK v4 data stream (text/plain) or the AI SDK 5 UI message stream (text/event-stream), as negotiated (`protocol`).',
  headers: {
    'X-Thread-Id': header('The thread of this answer: send it back as `threadId` to continue the conversation.'),
    'X-Vercel-AI-Data-Stream': header('Sent (`v1`) when the body is the AI SDK v4 data stream.', ['v1']),
    'x-vercel-ai-ui-message-stream': header('Sent (`v1`) when the body is the AI SDK 5 UI message stream.', ['v1']),
    'Cache-Control': header('The answer is not to be cached.', ['no-cache']),
  },
  content: {
    'text/plain': {
      schema: {
        type: 'string',
        description:
          'AI SDK v4 data stream, one `CODE:JSON` part a line: `f:` start step, `8:[{"threadId"}]` annotation, `2:[{"threadId"}]` data, one `h:` source per passage, `0:` text, `3:` error, `e:` finish step, `d:` finish message (with `threadId`).',
      },
    },
    'text/event-stream': {
      schema: {
        type: 'string',
        description:
          'AI SDK 5 UI message stream, Server-Sent Events `data: {chunk}`: `start` (`messageId`, `messageMetadata: {threadId}`), `start-step`, one `source-url` per passage (`sourceId`, `url`, `title`), `text-start`/`text-delta`/`text-end`, `error` (`errorText`), `finish-step`, `finish` (`finishReason`, `messageMetadata: {threadId, finishReason, usage}`), then `data: [DONE]`.',
      },
    },
  },
} as const;

export const rateLimited = {
  type: 'object',
  description: 'A usage limit was hit.',
  headers: { 'Retry-After': { type: 'integer', description: "Seconds until the limit's window ends." } },
  properties: { error: { type: 'string' }, limit: { type: 'string', enum: ['key', 'organization', 'ip'], description: 'Which limit was hit.' } },
  required: ['error', 'limit'],
} as const;

/** A request over one of the assistant's limits: the 429 saying which limit and when to come back (counted in the metrics). */
export function refuse(assistant: Assistant, reply: FastifyReply, error: LimitError): FastifyReply {
  assistant.onRefused?.(error.scope);
  return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send({ error: error.message, limit: error.scope });
}

/** POST /v1/assistant/{domain}/message (CORS, preflight included, is app-wide: app.ts). */
export function registerAssistantRoutes(app: Api, assistant: Assistant): void {
  app.post(
    '/v1/assistant/:domain/message',
    {
      config: { auth: { key: 'assistant', owner: 'domain', also: 'threadId' } },
      schema: {
        summary: 'Ask the assistant',
        description:
          "Answers the conversation's last question from the project's current deployment, streamed in the protocol the chat client speaks: the AI SDK v4 data stream (`X-Vercel-AI-Data-Stream: v1`; the default) or the AI SDK 5 UI message stream (`x-vercel-ai-ui-message-stream: v1`; for AI SDK 5 requests, or `?protocol=ui-message-stream`). Either way: one source per documentation passage used (`h:` / `source-url`), the text with numbered citations, and the thread id as the `X-Thread-Id` header and in the stream (v4: an `8:` annotation, `2:` data and the `d:` finish part; v5: the message metadata, `message.metadata.threadId`). An error after the stream started is a `3:` part / an `error` chunk. Needs an assistant key of the project.",
        tags: ['Assistant'],
        operationId: 'assistantMessage',
        params: { type: 'object', properties: { domain: domainSchema }, required: ['domain'] },
        querystring: protocolQuery,
        body: assistantRequestSchema,
        response: {
          200: streamed,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: rateLimited,
        },
      },
    },
    async (request, reply) => {
      let answer;
      try {
        answer = await assistant.answer(requestKey(request), ownedBy(request, 'domain'), request.body, request.ip);
      } catch (error) {
        if (error instanceof LimitError) return refuse(assistant, reply, error);
        throw error;
      }
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) answer.abort('the client disconnected');
      });
      const protocol = negotiateProtocol(request.query, request.body);
      const body = answer.events.pipeThrough(encoder(protocol)).pipeThrough(new TextEncoderStream());
      return (
        reply
          .code(200)
          .headers(PROTOCOL_HEADERS[protocol])
          .header('x-thread-id', answer.threadId)
          .header('cache-control', 'no-cache')
          // The schema's `string`, streamed as it is made.
          .send(Readable.fromWeb(body as import('node:stream/web').ReadableStream) as unknown as string)
      );
    },
  );
}
