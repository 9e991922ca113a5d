import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Assistant, AssistantRequest } from '../assistant/service.js';
import { LimitError } from '../limits.js';
import { errorSchema } from './schemas.js';

const domain = {
  type: 'string',
  minLength: 1,
  maxLength: 63,
  pattern: '^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$',
  description: "The project's domain (`docsnav project add … --domain`).",
} as const;

const part = {
  type: 'object',
  properties: { type: { type: 'string' }, text: { type: 'string' } },
  required: ['type'],
  description: 'A message part (text, reasoning, step-start, source, tool-invocation, …).',
} as const;

export const assistantRequestSchema = {
  type: 'object',
  description: 'The conversation, as the chat client (AI SDK v4 `useChat`) sends it; unknown keys are accepted.',
  properties: {
    fp: { type: 'string', minLength: 1, maxLength: 200, description: '"anonymous" or an identifier of the user.' },
    threadId: {
      type: ['string', 'null'],
      minLength: 1,
      maxLength: 100,
      description: 'Continue this thread (from the `X-Thread-Id` header or the `threadId` annotation of an earlier answer).',
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
          content: { type: 'string', maxLength: 100_000 },
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
  },
  required: ['fp', 'messages'],
} as const;

const rateLimited = {
  type: 'object',
  properties: { error: { type: 'string' }, limit: { type: 'string', enum: ['key', 'organization', 'ip'], description: 'Which limit was hit.' } },
  required: ['error', 'limit'],
} as const;

/** POST /v1/assistant/{domain}/message (CORS, preflight included, is app-wide: app.ts). */
export function registerAssistantRoutes(app: FastifyInstance, assistant: Assistant): void {
  app.post<{ Params: { domain: string }; Body: AssistantRequest }>(
    '/v1/assistant/:domain/message',
    {
      schema: {
        summary: 'Ask the assistant',
        description:
          "Answers the conversation's last question from the project's current deployment, as a stream in the AI SDK v4 data stream protocol (`X-Vercel-AI-Data-Stream: v1`): one `h:` source part per documentation passage used, `0:` text with numbered citations, the thread id as the `X-Thread-Id` header, an `8:` annotation and in the `d:` finish part. Needs an assistant key of the project.",
        tags: ['Assistant'],
        operationId: 'assistantMessage',
        params: { type: 'object', properties: { domain }, required: ['domain'] },
        body: assistantRequestSchema,
        response: {
          200: { description: 'The answer, streamed (text/plain; the data stream protocol v4).', content: { 'text/plain': { schema: { type: 'string' } } } },
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
        answer = await assistant.answer(request.headers.authorization, request.params.domain, request.body, request.ip);
      } catch (error) {
        if (error instanceof LimitError) {
          assistant.onRefused?.(error.scope);
          return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send({ error: error.message, limit: error.scope });
        }
        throw error;
      }
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) answer.abort('the client disconnected');
      });
      return reply
        .code(200)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('x-vercel-ai-data-stream', 'v1')
        .header('x-thread-id', answer.threadId)
        .header('cache-control', 'no-cache')
        .send(Readable.fromWeb(answer.stream.pipeThrough(new TextEncoderStream()) as import('node:stream/web').ReadableStream));
    },
  );
}
