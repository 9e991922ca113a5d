/**
 * Authentication and authorization of every route, in one hook. A route states who may call it
 * in its config: `auth: 'public'`, or the kind of key it needs and the path parameter naming what
 * it is about (`{ key: 'admin', owner: 'projectId' }`). The hook runs after validation (a
 * malformed request is a 400 whoever sends it, as before) and before the handler: no key or an
 * unknown one → 401, a key of another kind → 403, a thing of another project or none → 404 (the
 * same answer after the same work: one query that finds the thing only when it is the key's
 * project's, so a key cannot enumerate other tenants, by the answer or by its time). A route may also name a body field
 * that continues something of the project's (`also: 'threadId'`: a follow-up on a thread): when
 * the request gives it, it must be the key's project's too, or the answer is the same 404. The
 * handler gets the key and the thing found (`requestKey`, `ownedBy`). A route of buildApp's that
 * states nothing fails at startup.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../auth.js';
import { HttpError } from '../errors.js';
import { findThread, type Thread } from '../../store/assistant.js';
import { findDeployment, type Deployment } from '../../store/deployments.js';
import type { ApiKey, KeyKind } from '../../store/keys.js';
import { findProject, findProjectByDomain, type Project } from '../../store/projects.js';
import type { Queryable } from '../../store/store.js';

interface OwnerLookup<T> {
  /** The thing, only when it is the project's (`projectId`): undefined alike when it does not exist and when it is another project's. */
  find(db: Queryable, value: string, projectId: string): Promise<T | undefined>;
  /** The 404's message when it does not exist or is another project's. */
  notFound(value: string): string;
}

/** The path parameters that name what a route is about, and how each is looked up. */
const OWNERS = {
  projectId: { find: findProject, notFound: (id) => `no project "${id}"` } satisfies OwnerLookup<Project>,
  domain: { find: findProjectByDomain, notFound: (domain) => `no project with the domain "${domain}"` } satisfies OwnerLookup<Project>,
  statusId: { find: findDeployment, notFound: (id) => `no update "${id}"` } satisfies OwnerLookup<Deployment>,
};

/** The body fields that name something a request continues, checked the same way when given. */
const BODY_OWNERS = {
  threadId: { find: findThread, notFound: (id) => `no thread "${id}"` } satisfies OwnerLookup<Thread>,
};

export type OwnerParam = keyof typeof OWNERS;
type BodyOwnerParam = keyof typeof BODY_OWNERS;
type Owned<P extends OwnerParam> = NonNullable<Awaited<ReturnType<(typeof OWNERS)[P]['find']>>>;

/** Who may call a route. */
type RouteAuth = 'public' | { key: KeyKind; owner: OwnerParam; also?: BodyOwnerParam };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The caller's key, on a route that needs one (set by the auth hook). */
    apiKey: ApiKey | null;
    /** What the route's `owner` parameter names, found and checked (set by the auth hook). */
    owned: unknown;
  }
}

/**
 * Registers the hook, and a check that each route registered until `seal()` states its `auth`
 * (the routes of buildApp; a test's own routes come later).
 */
export function registerAuth(app: FastifyInstance, db: Queryable): { seal: () => void } {
  let sealed = false;
  app.decorateRequest('apiKey', null);
  app.decorateRequest('owned', null);
  app.addHook('onRoute', (route) => {
    if (!sealed && route.config?.auth === undefined) throw new Error(`route ${String(route.method)} ${route.url} does not say who may call it (config.auth)`);
  });
  app.addHook('preHandler', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === undefined || auth === 'public') return;
    const key = await authenticate(db, request.headers.authorization);
    if (key.kind !== auth.key) throw new HttpError(403, `this endpoint needs an ${auth.key} key; this is an ${key.kind} key`);
    const value = (request.params as Record<string, string>)[auth.owner];
    const lookup = OWNERS[auth.owner] as OwnerLookup<unknown>;
    const found = await lookup.find(db, value, key.projectId);
    if (found === undefined) throw new HttpError(404, lookup.notFound(value));
    if (auth.also !== undefined) {
      // The schema said what type it is; null or absent starts something new.
      const continued = (request.body as Record<string, unknown> | undefined)?.[auth.also];
      if (typeof continued === 'string') {
        const bodyLookup = BODY_OWNERS[auth.also] as OwnerLookup<unknown>;
        const thing = await bodyLookup.find(db, continued, key.projectId);
        if (thing === undefined) throw new HttpError(404, bodyLookup.notFound(continued));
      }
    }
    request.apiKey = key;
    request.owned = found;
  });
  return { seal: () => (sealed = true) };
}

/** The key of a request to a route that needs one. */
export function requestKey(request: FastifyRequest): ApiKey {
  if (!request.apiKey) throw new Error(`route ${request.routeOptions.url} reads the caller's key but needs none (config.auth)`);
  return request.apiKey;
}

/** What the request's `owner` parameter names, as the hook found it. */
export function ownedBy<P extends OwnerParam>(request: FastifyRequest, owner: P): Owned<P> {
  const auth = request.routeOptions.config.auth;
  if (typeof auth !== 'object' || auth.owner !== owner) throw new Error(`route ${request.routeOptions.url} is not about its ${owner} (config.auth)`);
  return request.owned as Owned<P>;
}
