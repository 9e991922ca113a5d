/**
 * The agent endpoints (issue 12 §2, service-facts §1): POST /v1/agent/{projectId}/job starts a
 * repair job; GET /v1/agent/{projectId}/jobs lists the sessions, newest first; GET
 * /v1/agent/{projectId}/job/{id} shows one. Admin key of the project.
 */
import type { Core } from '../../core.js';
import { HttpError } from '../errors.js';
import { isValidBranch } from '../../repository/guards.js';
import { fixBranchName, queueRepair } from '../../jobs/repair-kind.js';
import { findSession, listSessions, type AgentSessionRecord, type HaltReason } from '../../store/agent.js';
import { countQueued } from '../../store/jobs.js';
import type { Project } from '../../store/projects.js';
import { ownedBy } from './auth.js';
import { errorResponses as errors, errorSchema, integerParam, projectIdSchema as projectId, type Api } from './schemas.js';

/**
 * The platform's spellings of why a session stopped (`github_missconfigured`, sic), which its
 * clients read: the API sends these; everything behind the routes uses the right words.
 */
const WIRE_HALT_REASONS = {
  completed: 'completed',
  github_misconfigured: 'github_missconfigured',
  error: 'error',
  processing: 'processing',
  interrupted: 'interrupted',
} as const satisfies Record<HaltReason, string>;

const sessionSchema = {
  type: 'object',
  description: 'An agent session: one repair job.',
  properties: {
    sessionId: { type: 'string' },
    subdomain: { type: ['string', 'null'], description: "The project's domain." },
    branch: { type: ['string', 'null'], description: 'The branch the fix is pushed to (docsnav/fix-…).' },
    haulted: { type: 'boolean', description: 'Whether the session stopped (spelled as on the platform).' },
    haultReason: { type: 'string', enum: Object.values(WIRE_HALT_REASONS) },
    pullRequestLink: { type: ['string', 'null'] },
    messageToUser: { type: 'string' },
    todos: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          content: { type: 'string' },
          status: { type: 'string', enum: ['pending', 'in_progress', 'completed', 'cancelled'] },
          priority: { type: 'string', enum: ['high', 'medium', 'low'] },
          id: { type: 'string' },
        },
        required: ['content', 'status', 'priority', 'id'],
      },
    },
    title: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['sessionId', 'subdomain', 'branch', 'haulted', 'haultReason', 'pullRequestLink', 'messageToUser', 'todos', 'title', 'createdAt'],
} as const;

/** A session as the platform's API shows it: its field names and values spelled as there (`haulted`, `haultReason`). */
function toApi(session: AgentSessionRecord, project: Project) {
  return {
    sessionId: session.id,
    subdomain: project.domain,
    branch: session.branch,
    haulted: session.halted,
    haultReason: WIRE_HALT_REASONS[session.haltReason],
    pullRequestLink: session.pullRequestLink,
    messageToUser: session.messageToUser,
    todos: session.todos,
    title: session.title,
    createdAt: session.createdAt,
  };
}

export function registerAgentRoutes(app: Api, core: Core): void {
  app.post(
    '/v1/agent/:projectId/job',
    {
      config: { auth: { key: 'admin', owner: 'projectId' } },
      schema: {
        summary: 'Start an agent job',
        description:
          "Starts a job that checks out the branch (the project's deployment branch unless `branch` is given), applies docsnav's safe fixes to its docs.json and pushes them to a new branch `docsnav/fix-<id>`. Answers with the session; its id is also in `X-Session-Id` and the fix branch in `X-Branch-Name`.",
        tags: ['Agent'],
        operationId: 'createAgentJob',
        params: { type: 'object', properties: { projectId }, required: ['projectId'] },
        body: {
          type: ['object', 'null'],
          properties: {
            branch: { type: 'string', minLength: 1, maxLength: 250, description: 'The branch to repair (default: the deployment branch).' },
            messages: { type: 'array', maxItems: 100, items: { type: 'object' }, description: 'Kept with the session; the repair does not depend on them.' },
            asDraft: { type: 'boolean' },
            model: { type: 'string' },
          },
        },
        response: { 202: sessionSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const project = ownedBy(request, 'projectId');
      const body = request.body ?? {};
      const sourceBranch = body.branch ?? project.branch;
      if (!isValidBranch(sourceBranch)) throw new HttpError(400, `branch: "${sourceBranch}" is not a valid branch name`);
      const session = await core.store.transaction(async (tx) => {
        if ((await countQueued(tx, project.id)) >= core.options.maxQueuedPerProject) {
          throw new HttpError(429, `project "${project.id}" already has ${core.options.maxQueuedPerProject} jobs waiting; try again when they have run`);
        }
        return queueRepair(tx, {
          projectId: project.id,
          sourceBranch,
          title: `Repair the docs navigation of ${sourceBranch}`,
          messages: body.messages,
          asDraft: body.asDraft,
        });
      });
      reply.header('X-Session-Id', session.id).header('X-Branch-Name', fixBranchName(session.id));
      return reply.code(202).send(toApi(session, project));
    },
  );

  app.get(
    '/v1/agent/:projectId/jobs',
    {
      config: { auth: { key: 'admin', owner: 'projectId' } },
      schema: {
        summary: 'List agent jobs',
        description: "The project's agent sessions, newest first.",
        tags: ['Agent'],
        operationId: 'listAgentJobs',
        params: { type: 'object', properties: { projectId }, required: ['projectId'] },
        querystring: {
          type: 'object',
          properties: { skip: { type: 'string', description: 'Integer ≥ 0, default 0.' }, take: { type: 'string', description: 'Integer 1–100, default 12.' } },
        },
        response: { 200: { type: 'object', properties: { allSessions: { type: 'array', items: sessionSchema } }, required: ['allSessions'] }, ...errors },
      },
    },
    async (request) => {
      const project = ownedBy(request, 'projectId');
      const skip = integerParam(request.query.skip, 'skip', 0, 0, 1_000_000_000);
      const take = integerParam(request.query.take, 'take', 12, 1, 100);
      const sessions = await listSessions(core.store, project.id, skip, take);
      return { allSessions: sessions.map((session) => toApi(session, project)) };
    },
  );

  app.get(
    '/v1/agent/:projectId/job/:id',
    {
      config: { auth: { key: 'admin', owner: 'projectId' } },
      schema: {
        summary: 'Get an agent job',
        tags: ['Agent'],
        operationId: 'getAgentJob',
        params: { type: 'object', properties: { projectId, id: { type: 'string', maxLength: 100 } }, required: ['projectId', 'id'] },
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request) => {
      const project = ownedBy(request, 'projectId');
      const session = /^[0-9a-f-]{36}$/.test(request.params.id) ? await findSession(core.store, request.params.id) : undefined;
      if (!session || session.projectId !== project.id) throw new HttpError(404, `no agent job "${request.params.id}" in project "${project.id}"`);
      return toApi(session, project);
    },
  );
}
