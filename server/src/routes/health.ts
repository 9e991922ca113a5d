import type { FastifyInstance } from 'fastify';
import type { Core } from '../core.js';

/** GET /healthz and GET /openapi.json. */
export function registerHealthRoutes(app: FastifyInstance, core: Core): void {
  app.get(
    '/healthz',
    {
      // Probes every few seconds: not in the log at the default level.
      logLevel: 'warn',
      schema: {
        summary: 'Health check',
        description: 'Whether the server and its database answer.',
        tags: ['Server'],
        operationId: 'healthz',
        security: [],
        response: {
          200: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] }, database: { type: 'string' } }, required: ['status', 'database'] },
          503: { type: 'object', properties: { status: { type: 'string' }, error: { type: 'string' } }, required: ['error'] },
        },
      },
    },
    async (_request, reply) => {
      if (!(await core.healthy())) return reply.code(503).send({ status: 'unavailable', error: 'the database does not answer' });
      return { status: 'ok', database: core.store.driver };
    },
  );
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
