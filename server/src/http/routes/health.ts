import type { Core } from '../../core.js';
import type { Api } from './schemas.js';

/** GET /healthz and GET /openapi.json. */
export function registerHealthRoutes(app: Api, core: Core): void {
  app.get(
    '/healthz',
    {
      // Probes every few seconds: not in the log at the default level.
      logLevel: 'warn',
      config: { auth: 'public' },
      schema: {
        summary: 'Health check',
        description:
          "Whether the server and its database answer. `degraded`: they answer, but the data folder's disk is low (deployments are refused) or full (the embedded database is read-only); `warning` says which.",
        tags: ['Server'],
        operationId: 'healthz',
        security: [],
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string', enum: ['ok', 'degraded'] }, database: { type: 'string' }, warning: { type: 'string' } },
            required: ['status', 'database'],
          },
          503: { type: 'object', properties: { status: { type: 'string' }, error: { type: 'string' } }, required: ['error'] },
        },
      },
    },
    async (_request, reply) => {
      if (!(await core.healthy())) return reply.code(503).send({ status: 'unavailable', error: 'the database does not answer' });
      const disk = core.options.disk;
      if (disk && disk.reading.state !== 'ok') return { status: 'degraded' as const, database: core.store.driver, warning: disk.describe() };
      return { status: 'ok' as const, database: core.store.driver };
    },
  );
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger());
}
