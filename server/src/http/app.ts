/**
 * The HTTP side of `docsnav serve`: Fastify with the route families, request ids, JSON errors
 * `{ "error": "…" }` (never a stack), CORS headers on every response (errors included), the
 * OpenAPI 3.1 document generated from the routes' JSON Schemas, and the limits a public server
 * needs: body and request timeouts, a connection cap, a trusted proxy only when configured.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { Assistant, type AssistantOptions } from '../assistant/service.js';
import type { Core } from '../core.js';
import { limitConnections, type ConnectionLimits } from './connection-limits.js';
import { DiskFull } from '../host/disk.js';
import { HttpError } from './errors.js';
import { normalizeOrigin } from './origins.js';
import { registerAgentRoutes } from './routes/agent.js';
import { registerAssistantRoutes } from './routes/assistant.js';
import { registerAuth } from './routes/auth.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerPageRoutes } from './routes/pages.js';
import { registerProjectRoutes } from './routes/project.js';
import { registerWidgetRoutes } from './routes/widget.js';
import type { Logger } from '../host/log.js';
import type { Metrics } from '../host/metrics.js';
import { findProjectByDomain } from '../store/projects.js';
import { describeInvalidCharacter, invalidCharactersIn } from 'docsnav';

export interface AppOptions {
  /** The server's log (pino); none when absent. */
  logger?: Logger;
  version?: string;
  /** The assistant endpoint's model, limits and deadline, or the assistant itself. */
  assistant?: AssistantOptions | Assistant;
  /**
   * Whose X-Forwarded-For to believe for the client's address (rate limits, logs): false (the
   * default: the connection's address), true (any), a hop count, or addresses and CIDRs.
   */
  trustProxy?: boolean | number | string[];
  /** Origins browsers may call from: `['*']` (the default) or a list. */
  corsOrigins?: string[];
  /** Longest a client may take to send a whole request (ms; default 30 s). */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open (ms; default 5 s). */
  keepAliveTimeoutMs?: number;
  /** Most open connections (default 1000). */
  maxConnections?: number;
  /** Most open connections from one client address (default 100; 0: no cap, for a server behind a proxy). */
  maxConnectionsPerAddress?: number;
  /**
   * Count requests in these metrics. They are served on a port of their own (`--metrics-port`,
   * Metrics.listen), never on this one: the API's port is public, and the metrics count every
   * project's traffic.
   */
  metrics?: Metrics;
}

const DEFAULT_HTTP_LIMITS = { requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 1000, maxConnectionsPerAddress: 100 };
/** Longest a connection may take to send its request's headers; one that sends nothing is closed (408) then. */
const HEADERS_TIMEOUT_MS = 10_000;

/**
 * The server's HTTP app: the Fastify instance and its limits, JSON bodies, CORS, request ids, the
 * one auth hook, metrics, the OpenAPI document, JSON errors, then the routes — in that order, each
 * a step below.
 */
export async function buildApp(core: Core, options: AppOptions = {}): Promise<FastifyInstance> {
  const limits: { connections?: ConnectionLimits } = {};
  const app = createFastify(options, limits);
  acceptJsonBodies(app);
  await allowOrigins(app, core, options.corsOrigins ?? ['*']);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  keepReserveForProbes(app, limits);
  // Who may call each route: one hook; every route below says it in `config.auth`.
  const auth = registerAuth(app, core.store);
  if (options.metrics) countRequests(app, options.metrics);
  await describeApi(app, options.version);
  answerErrorsAsJson(app);
  registerRoutes(app, core, options);
  auth.seal();
  return app;
}

/** Fastify on a Node HTTP server with the limits a public server needs (timeouts, connection caps, a trusted proxy only when configured). */
function createFastify(options: AppOptions, limits: { connections?: ConnectionLimits }): FastifyInstance {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_HTTP_LIMITS.requestTimeoutMs;
  const trustProxy = options.trustProxy ?? false;
  return Fastify({
    // pino's own types and the copy Fastify bundles differ only in declarations.
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: no logger is Fastify's default as well; a logger of its own would only print (the tests give none).
    ...(options.logger ? { loggerInstance: options.logger as unknown as FastifyBaseLogger } : { logger: false }),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies in front of this server.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    ajv: {
      customOptions: {
        // Stryker disable next-line BooleanLiteral: the first error is the same with all errors collected (only it is shown: validationMessage); allErrors is off for the cost a hostile body could make ajv pay.
        allErrors: false,
        coerceTypes: false,
      },
    },
    // Node checks request timeouts every `connectionsCheckingInterval`: a second, not 30, so a
    // client sending a byte every few seconds is cut off near the limit.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout,
          headersTimeout: Math.min(requestTimeout, HEADERS_TIMEOUT_MS),
          keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs,
          connectionsCheckingInterval: Math.min(1_000, requestTimeout),
        },
        handler,
      );
      limits.connections = limitConnections(
        server,
        options.maxConnections ?? DEFAULT_HTTP_LIMITS.maxConnections,
        options.maxConnectionsPerAddress ?? DEFAULT_HTTP_LIMITS.maxConnectionsPerAddress,
      );
      return server;
    },
  });
}

/**
 * A connection in a slot kept for probes (connection-limits.ts) gets `GET /healthz` and is then
 * closed; anything else there is a 503 (with the CORS headers and request id of every answer).
 */
function keepReserveForProbes(app: FastifyInstance, limits: { connections?: ConnectionLimits }): void {
  app.addHook('onRequest', async (request, reply) => {
    // Set by createFastify's serverFactory, which Fastify calls as it is made.
    if (!limits.connections!.reserved(request.raw.socket)) return;
    reply.header('connection', 'close');
    if ((request.method === 'GET' || request.method === 'HEAD') && request.url.split('?')[0] === '/healthz') return;
    return reply.code(503).header('retry-after', '1').send({
      error: 'the server is at its connection limit (--max-connections): only /healthz is answered on the connections kept for probes; try again shortly',
    });
  });
}

/**
 * JSON bodies. Clients of the platform's API send `Content-Type: application/json` with no body on
 * POSTs that take none: accept that; a body that is not JSON is still a 400, and so is one with
 * text no database stores (a NUL character, a lone surrogate), with where it is.
 */
function acceptJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(body as string);
    } catch {
      return done(new HttpError(400, 'body: not valid JSON'), undefined);
    }
    const [bad] = invalidCharactersIn(value); // the first is enough: the walk stops there
    if (bad) {
      // The pointer may hold the character itself (a key): shown escaped, never echoed.
      const pointer = bad.pointer.replace(/[\u0000-\u001f\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      return done(new HttpError(400, `body${pointer}: holds ${describeInvalidCharacter(bad.character)}, which cannot be stored`), undefined);
    }
    done(null, value);
  });
}

/**
 * CORS, registered first so every answer carries it: 4xx from validation, the parser, the body
 * limit, rate limits and unknown routes too (a browser shows a widget nothing else).
 */
async function allowOrigins(app: FastifyInstance, core: Core, corsOrigins: readonly string[]): Promise<void> {
  const common = {
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['authorization', 'content-type'],
    // What a browser client may read: the thread, the request id, a limit's wait, and which stream protocol it got.
    exposedHeaders: ['x-thread-id', 'x-request-id', 'retry-after', 'x-vercel-ai-data-stream', 'x-vercel-ai-ui-message-stream'],
    maxAge: 600,
  };
  // Written as a browser sends them (a row stored before origins were normalized, too).
  const allowed = (origins: readonly string[]) => (origins.includes('*') ? '*' : origins.map((origin) => normalizeOrigin(origin) ?? origin));
  const serverOrigins = allowed(corsOrigins);
  // The assistant answers a project's site: its own origins (`project add --origins`) win there.
  // When its project cannot be read, no origin is granted: the server's (`*` by default) would
  // open a project that allows only its own site to every page.
  await app.register(cors, {
    delegator: async (request: { url?: string; headers: Record<string, string | string[] | undefined> }) => {
      const domain = /^\/v1\/assistant\/([a-z0-9-]{1,63})\//.exec(request.url ?? '')?.[1];
      // A request with no Origin is no browser's: CORS means nothing to it, and its answer must not
      // depend on whether the domain is a project's (a key of one tenant would learn which domains
      // the others have, from the headers or the time of its 404: issue 66).
      if (!domain || request.headers.origin === undefined) return { ...common, origin: serverOrigins };
      let project;
      try {
        project = await findProjectByDomain(core.store, domain);
      } catch {
        return { ...common, origin: false };
      }
      return { ...common, origin: project?.corsOrigins ? allowed(project.corsOrigins) : serverOrigins };
    },
  });
}

/** Each answered request in the metrics, by method, route and status. */
function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unknown';
    metrics.requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** The OpenAPI 3.1 document, generated from the routes' JSON Schemas. */
async function describeApi(app: FastifyInstance, version = '0.0.0'): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'docsnav server',
        version,
        description: 'Deployments of documentation sites from their git repositories, checked with docsnav.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key made with `docsnav key create`.' } } },
      security: [{ bearer: [] }],
    },
  });
}

/** Errors as JSON `{ "error": … }` with their status; never a stack (a 500 names its request id). */
function answerErrorsAsJson(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ error: error.message });
    // The embedded database refused a write: the disk is full (it answers reads meanwhile).
    if (error instanceof DiskFull) return reply.code(507).send({ error: error.message });
    if (error.validation) return reply.code(400).send({ error: validationMessage(error) });
    const status = error.statusCode ?? 0;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: `internal error (request ${request.id})` });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `no route ${request.method} ${request.url.split('?')[0]}` }));
}

/**
 * One file per endpoint family in routes/ (agent and assistant routes register here too); their
 * JSON Schemas type their handlers.
 */
function registerRoutes(app: FastifyInstance, core: Core, options: AppOptions): void {
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();
  registerHealthRoutes(api, core);
  registerProjectRoutes(api, core);
  const assistant = options.assistant instanceof Assistant ? options.assistant : new Assistant(core.store, options.assistant);
  if (options.metrics) {
    const metrics = options.metrics;
    assistant.onRefused = (scope) => metrics.refusals.inc({ limit: scope });
  }
  registerAssistantRoutes(api, assistant);
  registerPageRoutes(api, assistant);
  registerAgentRoutes(api, core);
  // The chat page and the embeddable widget, both clients of the assistant route above.
  registerWidgetRoutes(api);
}

/** `projectId: must match pattern …`: the field first, from ajv's error (its path is within the part of the request checked). */
function validationMessage(error: FastifyError): string {
  const first = error.validation![0];
  const field =
    first.instancePath.split('/').filter(Boolean).at(-1) ?? (first.params as { missingProperty?: string }).missingProperty ?? error.validationContext;
  return `${field}: ${first.message ?? 'is invalid'}`;
}
