import type { Core } from '../../core.js';
import { ownedBy } from './auth.js';
import { commitProperties, errorResponses as errors, errorSchema, projectIdSchema as projectId, type Api } from './schemas.js';

const uuid = { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } as const;
const files = { type: 'array', items: { type: 'string' } } as const;

const updateStatusSchema = {
  type: 'object',
  description: 'A deployment update and its progress.',
  properties: {
    _id: { type: 'string', description: 'The statusId.' },
    projectId: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'in_progress', 'success', 'failure'] },
    createdAt: { type: 'string', format: 'date-time' },
    endedAt: { type: ['string', 'null'], format: 'date-time' },
    summary: { type: 'string', description: 'One line: what was deployed, or why it failed.' },
    logs: { type: 'array', items: { type: 'string' }, description: 'Progress, then every problem found in the docs (file:line:column severity code message).' },
    subdomain: { type: ['string', 'null'], description: "The project's domain." },
    commit: {
      type: 'object',
      properties: {
        ...commitProperties,
        filesChanged: {
          type: ['object', 'null'],
          description: 'Files of the docs folder changed since the previous deployment.',
          properties: { added: files, modified: files, removed: files },
          required: ['added', 'modified', 'removed'],
        },
      },
      required: ['sha', 'ref', 'message', 'filesChanged'],
    },
    source: { type: 'string', enum: ['api'] },
  },
  required: ['_id', 'projectId', 'status', 'createdAt', 'endedAt', 'summary', 'logs', 'subdomain', 'commit', 'source'],
} as const;

/** The deployment endpoints: POST /v1/project/update/{projectId}, GET /v1/project/update-status/{statusId}. */
export function registerProjectRoutes(app: Api, core: Core): void {
  app.post(
    '/v1/project/update/:projectId',
    {
      config: { auth: { key: 'admin', owner: 'projectId' } },
      schema: {
        summary: 'Queue a deployment update',
        description: "Queues a deployment of the project's configured deployment branch. Needs an admin key of the project.",
        tags: ['Projects'],
        operationId: 'updateProject',
        params: { type: 'object', properties: { projectId }, required: ['projectId'] },
        response: {
          202: {
            type: 'object',
            description: 'The update is queued.',
            properties: { statusId: { type: 'string', description: 'Follow it with GET /v1/project/update-status/{statusId}.' } },
            required: ['statusId'],
          },
          ...errors,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      return reply.code(202).send(await core.queueUpdate(ownedBy(request, 'projectId').id));
    },
  );

  app.get(
    '/v1/project/update-status/:statusId',
    {
      config: { auth: { key: 'admin', owner: 'statusId' } },
      schema: {
        summary: 'Get the status of an update',
        description: 'The progress of a deployment update: status, summary, logs and the commit deployed.',
        tags: ['Projects'],
        operationId: 'getUpdateStatus',
        params: {
          type: 'object',
          properties: { statusId: { ...uuid, description: 'The statusId from POST /v1/project/update/{projectId}.' } },
          required: ['statusId'],
        },
        response: { 200: updateStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { deployment, project } = await core.updateStatus(ownedBy(request, 'statusId'));
      return {
        _id: deployment.id,
        projectId: deployment.projectId,
        status: deployment.status,
        createdAt: deployment.createdAt,
        endedAt: deployment.endedAt,
        summary: deployment.summary,
        logs: deployment.logs,
        subdomain: project.domain,
        commit: deployment.commit,
        source: 'api' as const,
      };
    },
  );
}
