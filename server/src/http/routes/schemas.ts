import { HttpError } from '../errors.js';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';

/**
 * The app as the routes see it: its JSON Schemas are the handlers' types (params, query, body,
 * and each status's answer), through json-schema-to-ts; the same schemas validate the requests
 * and make /openapi.json.
 */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, JsonSchemaToTsProvider>;

/** The error body of every non-2xx answer, for the route schemas. */
export const errorSchema = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const;

/** A deployment's commit as the routes show it: its sha, the deployment branch, its message. */
export const commitProperties = {
  sha: { type: ['string', 'null'] },
  ref: { type: ['string', 'null'], description: 'The deployment branch.' },
  message: { type: ['string', 'null'] },
} as const;

/** The 4xx answers every project route can give. */
export const errorResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } as const;

/** A project id in a route's path (core.ts checks the same shape when a project is added). */
export const projectIdSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
  description: 'The project id (as given to `docsnav project add`).',
} as const;

/** A project's domain in a route's path: the assistant endpoint's and the chat page's `{domain}`. */
export const domainSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 63,
  pattern: '^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$',
  description: "The project's domain (`docsnav project add … --domain`).",
} as const;

/** A query parameter that is an integer from `min` to `max` (query strings are not coerced: ajv's `coerceTypes` is off), or `fallback` when absent. */
export function integerParam(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new HttpError(400, `${name}: must be an integer from ${min} to ${max}`);
  const number = Number(value);
  if (number < min || number > max) throw new HttpError(400, `${name}: must be an integer from ${min} to ${max}`);
  return number;
}
