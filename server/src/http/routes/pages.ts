/**
 * What a docs front end reads of a project's current deployment, with the assistant's key, its
 * limits and its CORS origins (the paths are under `/v1/assistant/{domain}/`): the page tree
 * (`docsnav resolve`'s JSON) with the deployment it came from, and search (the ranked sections
 * the assistant answers from: search/retrieve.ts, called as the assistant calls it).
 */
import type { PageTree } from 'docsnav';
import type { Assistant } from '../../assistant/service.js';
import { LimitError } from '../../assistant/limits.js';
import { retrieve } from '../../search/retrieve.js';
import { rateLimited, refuse } from './assistant.js';
import { ownedBy, requestKey } from './auth.js';
import { commitProperties, domainSchema, errorSchema, integerParam, type Api } from './schemas.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

const params = { type: 'object', properties: { domain: domainSchema }, required: ['domain'] } as const;

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: rateLimited } as const;

const deploymentSchema = {
  type: 'object',
  description: "The project's current deployment: the last successful one (a failed deployment never replaces it).",
  properties: {
    id: { type: 'string', description: 'Its statusId (GET /v1/project/update-status/{statusId} with an admin key).' },
    endedAt: { type: ['string', 'null'], format: 'date-time' },
    commit: { type: 'object', properties: commitProperties, required: ['sha', 'ref', 'message'] },
  },
  required: ['id', 'endedAt', 'commit'],
} as const;

/** Longest search query (characters): a question, not a document. */
const MAX_QUERY = 1000;
/** Most characters of a result's snippet. */
const SNIPPET_CHARS = 200;

/** GET /v1/assistant/{domain}/pages and GET /v1/assistant/{domain}/search. */
export function registerPageRoutes(app: Api, assistant: Assistant): void {
  app.get(
    '/v1/assistant/:domain/pages',
    {
      config: { auth: { key: 'assistant', owner: 'domain' } },
      schema: {
        summary: "The project's page tree",
        description:
          "The page tree of the project's current deployment, as `docsnav resolve --format json` writes it (`version`, `pages`, `groups`, `nav`, `global`), with the deployment it came from. Needs an assistant key of the project; counts against the assistant's limits.",
        tags: ['Assistant'],
        operationId: 'getPages',
        params,
        response: {
          200: {
            type: 'object',
            properties: {
              deployment: deploymentSchema,
              tree: { type: 'object', additionalProperties: true, description: "The page tree (the schema is docsnav's schema/page-tree.schema.json)." },
            },
            required: ['deployment', 'tree'],
          },
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const deploymentId = await counted(assistant, request, reply);
      if (deploymentId === undefined) return reply;
      const { deployment, tree } = await assistant.pageTree(deploymentId);
      return {
        deployment: {
          id: deployment.id,
          endedAt: deployment.endedAt,
          commit: { sha: deployment.commit.sha, ref: deployment.commit.ref, message: deployment.commit.message },
        },
        tree: tree as PageTree & Record<string, unknown>,
      };
    },
  );

  app.get(
    '/v1/assistant/:domain/search',
    {
      config: { auth: { key: 'assistant', owner: 'domain' } },
      schema: {
        summary: 'Search the project',
        description:
          "The sections of the project's current deployment that best match `query`, best first, one per page: what the assistant answers from. Needs an assistant key of the project; counts against the assistant's limits.",
        tags: ['Assistant'],
        operationId: 'search',
        params,
        querystring: {
          type: 'object',
          properties: {
            query: { type: 'string', minLength: 1, maxLength: MAX_QUERY, description: 'What to look for: words or a question.' },
            limit: { type: 'string', description: 'Integer 1–20, default 5: most results.' },
            version: { type: 'string', maxLength: 200, description: 'Only pages under this version of the navigation.' },
            language: { type: 'string', maxLength: 50, description: 'Only pages under this language of the navigation.' },
          },
          required: ['query'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              deployment: { type: 'string', description: 'The id of the deployment searched.' },
              results: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    title: { type: 'string', description: 'The page title, and the section heading when there is one.' },
                    path: { type: 'string', description: 'The page path (as in the page tree).' },
                    anchor: { type: ['string', 'null'], description: "The section's heading anchor; null for the top of the page." },
                    url: { type: 'string', description: 'The URL path on the site, with the anchor: `/quickstart#install`.' },
                    snippet: {
                      type: 'string',
                      description: `At most ${SNIPPET_CHARS} characters of the section's text, around the first word of the query it holds.`,
                    },
                    score: { type: 'number' },
                  },
                  required: ['title', 'path', 'anchor', 'url', 'snippet', 'score'],
                },
              },
            },
            required: ['deployment', 'results'],
          },
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const limit = integerParam(request.query.limit, 'limit', 5, 1, 20);
      const deploymentId = await counted(assistant, request, reply);
      if (deploymentId === undefined) return reply;
      const { query, version, language } = request.query;
      const { passages } = await retrieve(assistant.indexes, deploymentId, [{ role: 'user', content: query }], {
        limit,
        filter: { version, language },
        includeHidden: assistant.options.includeHidden,
      });
      return {
        deployment: deploymentId,
        results: passages.map((passage) => ({
          title: passage.title,
          path: passage.pagePath,
          anchor: passage.anchor,
          url: passage.url,
          snippet: snippet(passage.body, query),
          score: passage.score,
        })),
      };
    },
  );
}

/** The request counted against the assistant's limits, and the deployment it reads; undefined when a limit refused it (the 429 is sent). */
async function counted(assistant: Assistant, request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> {
  try {
    return await assistant.use(requestKey(request), ownedBy(request, 'domain'), request.ip);
  } catch (error) {
    if (!(error instanceof LimitError)) throw error;
    refuse(assistant, reply, error);
    return undefined;
  }
}

/**
 * At most SNIPPET_CHARS of a section's text (white space made single), starting a little before
 * the first word of the query it holds (the start when it holds none), cut at word boundaries,
 * `…` where text was left out.
 */
function snippet(body: string, query: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= SNIPPET_CHARS) return text;
  const lower = text.toLowerCase();
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_-]+/u)
    .filter((word) => word.length >= 3);
  const found = words.map((word) => lower.indexOf(word)).filter((at) => at >= 0);
  let start = found.length > 0 ? Math.max(0, Math.min(...found) - 40) : 0;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space < 0 || space > start + 20 ? start : space + 1;
  }
  start = Math.min(start, Math.max(0, text.length - SNIPPET_CHARS + 2));
  let end = Math.min(text.length, start + SNIPPET_CHARS - (start > 0 ? 1 : 0) - 1);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + SNIPPET_CHARS / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
