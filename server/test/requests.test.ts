/**
 * A schema-valid request never gets a 500: requests generated from the route schemas as the
 * server publishes them (its OpenAPI document, `app.swagger()`: path, query and body schemas
 * of every route), with or without a key of each kind, against a real app on PGlite over a real
 * deployment of fixtures/example. Path parameters are sometimes the real ones (the project, its
 * domain, a deployment's and a job's ids), so requests reach the handlers, not only the 404s.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployedAssistant } from './assistant-helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_260_526);
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 400);

/** The subset of JSON Schema the routes use. */
interface Schema {
  type?: string | string[];
  enum?: readonly unknown[];
  properties?: Record<string, Schema>;
  required?: readonly string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

/** Values that satisfy `schema` (arrays and texts kept short: the point is shape, not size). */
function valueOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = schema.type === undefined ? ['object'] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return fc.oneof(...types.map((type) => valueOfType(type, schema)));
}

function valueOfType(type: string, schema: Schema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'string':
      return stringOf(schema);
    case 'array':
      return fc.array(schema.items ? valueOf(schema.items) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
    default: {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, valueOf(property)])), {
        requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
      });
    }
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  const base = schema.pattern
    ? fc.stringMatching(new RegExp(schema.pattern), { maxLength: max })
    : fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
  return base.filter((text) => text.length >= min && text.length <= (schema.maxLength ?? Infinity));
}

/** Real values of path parameters, by name, so that some requests reach the handlers. */
const known: Record<string, string[]> = { projectId: ['acme'], domain: ['acme'] };

interface GeneratedRequest {
  method: string;
  route: string;
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: { value: unknown } | undefined;
  token: string | undefined;
}

/**
 * What a route wants beyond its schema, put into half of its generated bodies (the result still
 * matches the schema): the assistant answers a conversation whose last message is the user's.
 */
const HINTS: Record<string, (body: unknown) => unknown> = {
  '/v1/assistant/{domain}/message': (body) => {
    const value = body as { messages: unknown[] };
    return { ...value, messages: [...value.messages.slice(0, 4), { id: 'q', role: 'user', content: 'How do I authenticate API requests?' }] };
  },
};

/** One request for an operation: its path, query and body from the schemas, and a key of some kind. */
function requestOf(method: string, route: string, operation: Operation, tokens: fc.Arbitrary<string | undefined>): fc.Arbitrary<GeneratedRequest> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const body = operation.requestBody?.content?.['application/json']?.schema;
  return fc.record({
    method: fc.constant(method.toUpperCase()),
    route: fc.constant(route),
    path: fc.record<Record<string, string>>(
      Object.fromEntries(
        pathParameters.map((parameter) => [
          parameter.name,
          known[parameter.name]
            ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known[parameter.name]) }, { weight: 1, arbitrary: stringOf(parameter.schema) })
            : stringOf(parameter.schema),
        ]),
      ),
    ),
    query: fc.record<Record<string, unknown>>(Object.fromEntries(query.map((parameter) => [parameter.name, valueOf(parameter.schema)])), {
      requiredKeys: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    }),
    body: body
      ? fc
          .tuple(valueOf(body), fc.boolean())
          .map(([value, hinted]): { value: unknown } | undefined => ({ value: hinted ? (HINTS[route]?.(value) ?? value) : value }))
      : fc.constant(undefined),
    token: tokens,
  });
}

const fixture = deployedAssistant('requests');
let app: FastifyInstance;
let operations: Array<{ method: string; route: string; operation: Operation }>;

beforeAll(async () => {
  app = fixture.plain.app;
  const headers = { authorization: `Bearer ${fixture.keys.admin}`, 'content-type': 'application/json' };
  const update = await app.inject({ method: 'POST', url: '/v1/project/update/acme', headers });
  known.statusId = [update.json<{ statusId: string }>().statusId];
  const job = await app.inject({ method: 'POST', url: '/v1/agent/acme/job', headers, payload: '{}' });
  known.id = [job.json<{ sessionId: string }>().sessionId];
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, route, operation })),
  );
}, hangGuard(180_000));

function urlOf(request: GeneratedRequest): string {
  const path = request.route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.path[name]));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query))
    if (value !== undefined) query.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  return query.size > 0 ? `${path}?${query}` : path;
}

describe('a schema-valid request never gets a 500', () => {
  it('every route the server publishes, requests generated from its schemas, with and without keys', async () => {
    expect(operations.length).toBeGreaterThan(5);
    const tokens = fc.constantFrom(undefined, fixture.keys.admin, fixture.keys.admin, fixture.keys.assistant, fixture.keys.assistant, 'dn_admin_not-a-key');
    const requestArb = fc.oneof(...operations.map(({ method, route, operation }) => requestOf(method, route, operation, tokens)));
    const statuses = new Map<string, Set<number>>();
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        const response = await app.inject({
          method: request.method as 'GET' | 'POST',
          url: urlOf(request),
          headers: {
            ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
            ...(request.body ? { 'content-type': 'application/json' } : {}),
          },
          ...(request.body ? { payload: JSON.stringify(request.body.value) } : {}),
        });
        const seen = statuses.get(`${request.method} ${request.route}`) ?? new Set();
        statuses.set(`${request.method} ${request.route}`, seen.add(response.statusCode));
        expect(response.statusCode, `${request.method} ${urlOf(request)}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The requests reached the handlers: some route answered 2xx beyond the health check.
    expect([...statuses].filter(([route, seen]) => route !== 'GET /healthz' && [...seen].some((status) => status < 300)).length).toBeGreaterThan(2);
  });
});
