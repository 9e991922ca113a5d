/**
 * The HTTP side of `docsnav serve`: Fastify with the route families, request ids, JSON errors
 * `{ "error": "…" }` (never a stack), and the OpenAPI 3.1 document generated from the routes'
 * JSON Schemas.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { Assistant, type AssistantOptions } from './assistant/service.js';
import type { Core } from './core.js';
import { HttpError } from './errors.js';
import { registerAgentRoutes } from './routes/agent.js';
import { registerAssistantRoutes } from './routes/assistant.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerProjectRoutes } from './routes/project.js';

export interface AppOptions {
  /** Fastify's logger: `true` for JSON lines on stdout, false for none, or a logger. */
  logger?: boolean | FastifyBaseLogger;
  version?: string;
  /** The assistant endpoint's model, limits and deadline. */
  assistant?: AssistantOptions;
}

export async function buildApp(core: Core, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(typeof options.logger === 'object' ? { loggerInstance: options.logger } : { logger: options.logger ?? false }),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: false, coerceTypes: false } },
  });
  // Clients of the platform's API send `Content-Type: application/json` with no body on POSTs
  // that take none: accept that; a body that is not JSON is still a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'body: not valid JSON'), undefined);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'docsnav server',
        version: options.version ?? '0.0.0',
        description: 'Deployments of documentation sites from their git repositories, checked with docsnav.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key made with `docsnav key create`.' } } },
      security: [{ bearer: [] }],
    },
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ error: error.message });
    if (error.validation) return reply.code(400).send({ error: validationMessage(error) });
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: `internal error (request ${request.id})` });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `no route ${request.method} ${request.url.split('?')[0]}` }));
  // One file per endpoint family in routes/ (agent and assistant routes register here too).
  registerHealthRoutes(app, core);
  registerProjectRoutes(app, core);
  registerAssistantRoutes(app, new Assistant(core.store, options.assistant));
  registerAgentRoutes(app, core);
  return app;
}

/** `projectId: must match pattern …`: the field first, from ajv's error. */
function validationMessage(error: FastifyError): string {
  const first = error.validation![0];
  const where = `${error.validationContext ?? ''}${first.instancePath}`.replace(/^(params|querystring|body|headers)\/?/, '');
  const field = where.split('/').filter(Boolean).at(-1) ?? (first.params as { missingProperty?: string })?.missingProperty ?? error.validationContext;
  return `${field}: ${first.message ?? 'is invalid'}`;
}
