/**
 * The HTTP API through fastify's inject(), on one PGlite database for the whole file, with a
 * real job runner deploying a real local git repository.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFile } from 'docsnav';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { insertDeployment, pageSections } from '../src/store/deployments.js';
import { claimJob, completeJob, renewLease, sweepExpired } from '../src/store/jobs.js';
import { findProject } from '../src/store/projects.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { commitFile, exampleRepo, tempDir, waitFor, LOCAL_ROOTS, docsJson } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let dir: string;
let store: Store;
let core: Core;
let app: FastifyInstance;
let runner: JobRunner;
let repo: string;
const keys: Record<string, string> = {};

beforeAll(async () => {
  dir = tempDir('app');
  store = await openStore({ data: path.join(dir, 'data') });
  core = new Core(store, { maxQueuedPerProject: 1000 });
  app = await buildApp(core);
  app.get('/test/boom', () => {
    throw new Error('secret internals at /srv/app.js:12');
  });
  await app.ready();
  repo = exampleRepo(path.join(dir, 'site'));
  await core.addProject({ id: 'acme', repo, branch: 'main', docsDir: 'docs', domain: 'acme' });
  await core.addProject({ id: 'other', repo, branch: 'main', docsDir: 'docs' });
  keys.admin = (await core.createKey('acme', 'admin')).token;
  keys.assistant = (await core.createKey('acme', 'assistant')).token;
  keys.otherAdmin = (await core.createKey('other', 'admin')).token;
  runner = new JobRunner(store, jobKinds, workerSettings(path.join(dir, 'data'), { pollMs: 200, sweepMs: 500, git: { localRoots: LOCAL_ROOTS } }));
}, hangGuard(120_000));

afterAll(async () => {
  await runner?.stop();
  await app?.close();
  await store?.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function post(projectId: string, token?: string) {
  return app.inject({ method: 'POST', url: `/v1/project/update/${projectId}`, headers: token ? auth(token) : {} });
}

async function status(statusId: string, token = keys.admin) {
  return app.inject({ method: 'GET', url: `/v1/project/update-status/${statusId}`, headers: auth(token) });
}

async function finished(statusId: string) {
  return waitFor(
    async () => {
      const body = (await status(statusId)).json();
      return body.status === 'success' || body.status === 'failure' ? body : undefined;
    },
    60_000,
    `update ${statusId} to finish`,
  );
}

describe('errors', () => {
  it('answers 401 without a key and with an unknown key', async () => {
    const none = await post('acme');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: expect.stringContaining('missing API key') });
    const unknown = await post('acme', 'dn_admin_nope');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('unknown API key');
    expect((await app.inject({ method: 'POST', url: '/v1/project/update/acme', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });

  it("answers 403 for a key of another kind; another project's things look missing (404), so a key cannot enumerate tenants", async () => {
    const assistant = await post('acme', keys.assistant);
    expect(assistant.statusCode).toBe(403);
    expect(assistant.json().error).toMatch(/admin key/);
    // An existing project of another tenant and a missing one: the same status and the same words.
    const other = await post('acme', keys.otherAdmin);
    const missing = await post('ghost', keys.otherAdmin);
    expect([other.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(other.json()).toEqual({ error: 'no project "acme"' });
    expect(missing.json()).toEqual({ error: 'no project "ghost"' });
    // A deployment of another project (made here without queueing it) is not there for this key.
    const foreignId = '00000000-0000-4000-8000-0000000000aa';
    await insertDeployment(store, { id: foreignId, projectId: 'other', ref: 'main', source: 'api' });
    const foreign = await app.inject({ method: 'GET', url: `/v1/project/update-status/${foreignId}`, headers: { authorization: `Bearer ${keys.admin}` } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: `no update "${foreignId}"` });
  });

  it('answers 404 for an unknown project, status or route', async () => {
    expect((await post('nope', keys.admin)).statusCode).toBe(404);
    const missing = await status('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/no update/);
    const route = await app.inject({ method: 'GET', url: '/v2/nothing' });
    expect(route.statusCode).toBe(404);
    expect(route.json()).toEqual({ error: 'no route GET /v2/nothing' });
  });

  it('answers 400 naming the field', async () => {
    const badId = await post('bad%20id', keys.admin);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toMatch(/^projectId: /);
    const badStatus = await status('not-a-uuid');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error).toMatch(/^statusId: /);
  });

  it('accepts a JSON content type with no body, and answers 400 to a body that is not JSON', async () => {
    const empty = await app.inject({ method: 'POST', url: '/v1/project/update/nope', headers: { ...auth(keys.admin), 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(404);
    const broken = await app.inject({
      method: 'POST',
      url: '/v1/project/update/acme',
      headers: { ...auth(keys.admin), 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'body: not valid JSON' });
  });

  it('answers 429 when a project has too many updates waiting', async () => {
    const strict = await buildApp(new Core(store, { maxQueuedPerProject: 0 }));
    const response = await strict.inject({ method: 'POST', url: '/v1/project/update/other', headers: auth(keys.otherAdmin) });
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toMatch(/updates waiting/);
    await strict.close();
  });

  it('answers 500 without a stack trace, with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/secret|srv|at /);
    expect(response.json().error).toBe(`internal error (request ${String(response.headers['x-request-id'])})`);
  });

  it('gives every response an X-Request-Id', async () => {
    const a = await app.inject({ method: 'GET', url: '/healthz' });
    const b = await app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('project add', () => {
  it.each([
    [{ id: 'x1', repo: 'ext::sh -c touch% /tmp/pwned', branch: 'main' }, /unsupported repository URL "ext::sh/],
    [{ id: 'x2', repo: 'fd::17', branch: 'main' }, /unsupported repository URL/],
    [{ id: '-x', repo: '.', branch: 'main' }, /project id "-x" must be/],
    [{ id: 'x3', repo: '.', branch: '--upload-pack=evil' }, /--branch "--upload-pack=evil" is not a valid branch name/],
    [{ id: 'x4', repo: '.', branch: 'main', docsDir: '../outside' }, /--docs-dir "..\/outside" must be a folder inside the repository/],
    [{ id: 'x5', repo: '.', branch: 'main', domain: 'Not A Domain' }, /--domain "Not A Domain" must be/],
    [{ id: 'acme', repo: '.', branch: 'main' }, /a project "acme" already exists/],
  ])('refuses %j', async (input, message) => {
    await expect(core.addProject(input)).rejects.toThrow(message);
  });
});

describe('health and OpenAPI', () => {
  it('GET /healthz', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('GET /openapi.json: an operationId of its own per operation, each path parameter declared and required, /healthz with its two fields, the jobs list with skip and take', async () => {
    interface Operation {
      operationId?: string;
      parameters?: Array<{ name: string; in: string; required?: boolean; description?: string }>;
      responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
    }
    const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
    const ids: string[] = [];
    for (const [url, methods] of Object.entries(spec.paths)) {
      if (url === '/test/boom') continue; // this file's own route
      const inPath = [...url.matchAll(/\{(\w+)\}/g)].map((match) => [match[1], true]);
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${url}`;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        ids.push(operation.operationId!);
        const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, parameter.required]);
        expect(declared, where).toEqual(inPath);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(spec.paths['/healthz'].get.responses['200'].content?.['application/json'].schema.required).toEqual(['status', 'database']);
    const query = (spec.paths['/v1/agent/{projectId}/jobs'].get.parameters ?? []).filter((parameter) => parameter.in === 'query');
    expect(query.map((parameter) => [parameter.name, parameter.description])).toEqual([
      ['skip', expect.stringMatching(/^Integer ≥ 0/)],
      ['take', expect.stringMatching(/^Integer/)],
    ]);
  });

  it('GET /openapi.json is OpenAPI 3.1 that docsnav resolve renders (dogfood)', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths).sort()).toEqual([
      '/assistant/widget.js',
      '/assistant/{domain}',
      '/healthz',
      '/test/boom',
      '/v1/agent/{projectId}/job',
      '/v1/agent/{projectId}/job/{id}',
      '/v1/agent/{projectId}/jobs',
      '/v1/assistant/{domain}/message',
      '/v1/assistant/{domain}/pages',
      '/v1/assistant/{domain}/search',
      '/v1/project/update-status/{statusId}',
      '/v1/project/update/{projectId}',
    ]);
    const site = path.join(dir, 'dogfood');
    mkdirSync(site, { recursive: true });
    writeFileSync(path.join(site, 'openapi.json'), JSON.stringify(spec));
    writeFileSync(
      path.join(site, 'docs.json'),
      JSON.stringify({
        // The settings the platform requires (docsnav's default profile is the platform's since issue 56).
        theme: 'mint',
        name: 'docsnav server',
        colors: { primary: '#0D9373' },
        navigation: {
          tabs: [
            {
              tab: 'API',
              openapi: 'openapi.json',
              groups: [
                {
                  group: 'Projects',
                  pages: ['POST /v1/project/update/{projectId}', 'GET /v1/project/update-status/{statusId}', 'POST /v1/assistant/{domain}/message'],
                },
                { group: 'Agent', pages: ['POST /v1/agent/{projectId}/job', 'GET /v1/agent/{projectId}/jobs', 'GET /v1/agent/{projectId}/job/{id}'] },
              ],
            },
          ],
        },
      }),
    );
    const { tree, problems } = await resolveFile(path.join(site, 'docs.json'));
    expect(problems).toEqual([]);
    expect(tree.pages.map((page) => [page.path, page.title, page.openapi?.method])).toEqual([
      ['api-reference/projects/queue-a-deployment-update', 'Queue a deployment update', 'POST'],
      ['api-reference/projects/get-the-status-of-an-update', 'Get the status of an update', 'GET'],
      ['api-reference/assistant/ask-the-assistant', 'Ask the assistant', 'POST'],
      ['api-reference/agent/start-an-agent-job', 'Start an agent job', 'POST'],
      ['api-reference/agent/list-agent-jobs', 'List agent jobs', 'GET'],
      ['api-reference/agent/get-an-agent-job', 'Get an agent job', 'GET'],
    ]);
  });

  it("GET /openapi.json documents the assistant's two stream protocols: media types, response headers, the protocol parameter", async () => {
    const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = spec.paths['/v1/assistant/{domain}/message'].post;
    const ok = operation.responses['200'];
    expect(Object.keys(ok.content).sort()).toEqual(['text/event-stream', 'text/plain']);
    expect(Object.keys(ok.headers).sort()).toEqual(['Cache-Control', 'X-Thread-Id', 'X-Vercel-AI-Data-Stream', 'x-vercel-ai-ui-message-stream']);
    for (const header of Object.values<{ schema: { type: string }; description: string }>(ok.headers)) {
      expect(header.schema.type).toBe('string');
      expect(header.description).not.toBe('');
    }
    expect(ok.headers['X-Vercel-AI-Data-Stream'].schema.enum).toEqual(['v1']);
    expect(ok.headers['x-vercel-ai-ui-message-stream'].schema.enum).toEqual(['v1']);
    expect(operation.responses['429'].headers['Retry-After']).toMatchObject({ schema: { type: 'integer' }, description: expect.any(String) });
    expect(operation.responses['429'].content['application/json'].schema.required).toEqual(['error', 'limit']);
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'protocol', required: false, schema: { type: 'string', enum: ['data-stream', 'ui-message-stream'] } }),
    );
    expect(operation.requestBody.content['application/json'].schema.properties.trigger.type).toBe('string');
  });
});

describe('the chat page and the widget script (the browser suite runs them in Chromium)', () => {
  const widgetSource = readFileSync(path.resolve(import.meta.dirname, '../src/http/web/widget.js'), 'utf8');

  it('GET /assistant/{domain}: static HTML whose only script is the widget script, under a strict CSP', async () => {
    const response = await app.inject({ method: 'GET', url: '/assistant/acme' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Ask the docs: acme</title>');
    expect([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script src="widget.js" data-mode="page" data-domain="acme" defer>']);
    expect(html).not.toMatch(/<style|style=|\son\w+=/i);
    // Any domain of the right shape gets the page (it holds no project data); another shape is a 400.
    expect((await app.inject({ method: 'GET', url: '/assistant/no-such-project' })).statusCode).toBe(200);
    for (const bad of ['Acme', 'a_b', '-acme', `${'a'.repeat(64)}`, '%3Cscript%3E']) {
      const refused = await app.inject({ method: 'GET', url: `/assistant/${bad}` });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error, bad).toMatch(/^domain: /);
    }
  });

  it('GET /assistant/widget.js: the script as it is in src/web, cacheable, loadable from any site', async () => {
    const response = await app.inject({ method: 'GET', url: '/assistant/widget.js', headers: { origin: 'https://docs.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.body).toBe(widgetSource);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: '/assistant/widget.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/assistant/widget.js', headers: { 'if-none-match': '"old"' } })).statusCode).toBe(200);
  });

  it('both routes are in /openapi.json, with their media types and no key needed', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const page = spec.paths['/assistant/{domain}'].get;
    expect(page.operationId).toBe('assistantPage');
    expect(page.security).toEqual([]);
    expect(Object.keys(page.responses['200'].content)).toEqual(['text/html']);
    const widget = spec.paths['/assistant/widget.js'].get;
    expect(widget.operationId).toBe('assistantWidget');
    expect(widget.security).toEqual([]);
    expect(Object.keys(widget.responses['200'].content)).toEqual(['application/javascript']);
    expect(widget.description).toContain('data-key');
  });
});

describe('queue', () => {
  it('a run whose lease expired and was taken over cannot write its result', async () => {
    // A kind no docsnav runs, written as a newer version would queue it (enqueueJob takes known kinds only).
    await store.query(`INSERT INTO jobs (id, kind, lane) VALUES ('probe-1', 'probe', 'probe-lane')`);
    const first = await claimJob(store, { id: 'worker-a', lockToken: 'token-a', leaseMs: 60_000 });
    expect(first?.id).toBe('probe-1');
    expect(await claimJob(store, { id: 'worker-b', lockToken: 'token-b', leaseMs: 60_000 })).toBeUndefined();
    await store.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = 'probe-1'`);
    expect(await sweepExpired(store)).toEqual([{ id: 'probe-1', kind: 'probe', state: 'queued', mergedIds: [] }]);
    const second = await claimJob(store, { id: 'worker-b', lockToken: 'token-b', leaseMs: 60_000 });
    expect(second).toMatchObject({ id: 'probe-1', attempts: 2 });
    expect(await renewLease(store, first!, 60_000)).toBe(false);
    expect(await completeJob(store, first!, 'done')).toBe(false);
    expect(await completeJob(store, second!, 'done')).toBe(true);
  });

  it('a deployment out of attempts ends as a failure that says why', async () => {
    const { statusId } = await core.queueUpdate('other');
    await store.query(
      `UPDATE jobs SET state = 'running', attempts = max_attempts, lock_token = 'gone', locked_until = now() - interval '1 second' WHERE id = $1`,
      [statusId],
    );
    const sweeper = new JobRunner(store, jobKinds, workerSettings(path.join(dir, 'data'), { git: { localRoots: LOCAL_ROOTS } }));
    await sweeper.sweep();
    const body = (await app.inject({ method: 'GET', url: `/v1/project/update-status/${statusId}`, headers: auth(keys.otherAdmin) })).json();
    expect(body.status).toBe('failure');
    expect(body.summary).toBe('the deployment was interrupted on every attempt (its workers stopped); request a new update');
  });
});

describe('deployments', () => {
  it('deploys the example site: 202, then in_progress/success with the full status shape', async () => {
    const response = await post('acme', keys.admin);
    expect(response.statusCode).toBe(202);
    const { statusId } = response.json();
    expect(statusId).toMatch(/^[0-9a-f-]{36}$/);
    const queued = (await status(statusId)).json();
    expect(queued).toMatchObject({
      _id: statusId,
      projectId: 'acme',
      status: 'queued',
      endedAt: null,
      subdomain: 'acme',
      source: 'api',
      commit: { ref: 'main', sha: null },
    });
    await runner.start();
    const done = await finished(statusId);
    expect(done.status, done.summary).toBe('success');
    expect(done.summary).toMatch(/^deployed [0-9a-f]{12} of main: 19 pages, 0 errors, 0 warnings$/);
    expect(done.commit.sha).toBe(gitHead(repo));
    expect(done.commit.message).toBe('Example docs');
    expect(done.commit.filesChanged.added).toContain('docs.json');
    expect(done.commit.filesChanged.modified).toEqual([]);
    expect(Date.parse(done.endedAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
    const project = await findProject(store, 'acme');
    expect(project?.currentDeploymentId).toBe(statusId);
    const sections = await pageSections(store, statusId);
    const quickstart = sections.filter((section) => section.pagePath === 'quickstart');
    expect(quickstart.length).toBeGreaterThan(0);
    const endpoint = sections.find((section) => section.pagePath === 'api-reference/pets/list-pets');
    expect(endpoint?.body).toMatch(/GET \/pets/);
    expect(new Set(sections.map((section) => section.pagePath)).size).toBe(19);
  });

  it('reports filesChanged against the previous deployment, and keeps it current when the next one has errors', async () => {
    commitFile(repo, 'docs/quickstart.mdx', '---\ntitle: Quick start\n---\n\n# Install\n\nRun the installer.\n', 'Edit quickstart');
    const first = await finished((await post('acme', keys.admin)).json().statusId);
    expect(first.status).toBe('success');
    expect(first.commit.filesChanged).toEqual({ added: [], modified: ['quickstart.mdx'], removed: [] });
    const good = (await findProject(store, 'acme'))!.currentDeploymentId;

    // A spec that is not there fails the platform's build; a field it strips and a page with no file do not.
    // `expand` on a nested group (on a top-level one, `expanded` would do nothing either: no suggestion there).
    commitFile(
      repo,
      'docs/docs.json',
      docsJson({ groups: [{ group: 'A', openapi: 'gone.yaml', pages: ['index', 'missing-page', { group: 'B', expand: true, pages: ['quickstart'] }] }] }),
      'Break docs.json',
    );
    const broken = await finished((await post('acme', keys.admin)).json().statusId);
    expect(broken.status).toBe('failure');
    expect(broken.summary).toMatch(/^1 error, 2 warnings; first: docs\.json:1:\d+ error openapi-not-found/);
    expect(broken.logs.join('\n')).toMatch(/openapi-not-found/);
    // Each problem's line keeps the CLI's suggestion (issue 42 item 12: the log dropped it).
    expect(broken.logs).toContainEqual(
      expect.stringMatching(/^docs\.json:1:\d+ warning unknown-field `expand` is not a field of a group\. Suggestion: use "expanded"\.$/),
    );
    expect(broken.logs.join('\n')).toMatch(/page-not-found/);
    expect(broken.commit.filesChanged).toEqual({ added: [], modified: ['docs.json'], removed: [] });
    expect((await findProject(store, 'acme'))!.currentDeploymentId).toBe(good);
    commitFile(repo, 'docs/docs.json', readFileSync(path.join(import.meta.dirname, '../../fixtures/example/docs.json'), 'utf8'), 'Restore docs.json');
  });

  it('runs a burst of updates in request order, coalescing the waiting ones into one run', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await post('acme', keys.admin);
      expect(response.statusCode).toBe(202);
      ids.push(response.json().statusId);
    }
    expect(new Set(ids).size).toBe(20);
    const results = [];
    for (const id of ids) results.push(await finished(id));
    expect(results.every((result) => result.status === 'success')).toBe(true);
    const ended = results.map((result) => Date.parse(result.endedAt));
    for (let i = 1; i < ended.length; i++) expect(ended[i]).toBeGreaterThanOrEqual(ended[i - 1]);
    expect(results.some((result) => /\(\d+ update requests coalesced into this run\)$/.test(result.summary))).toBe(true);
    const folded = results.filter((result) => /\(this request was coalesced into deployment [0-9a-f-]{36}\)$/.test(result.summary));
    expect(folded.length).toBeGreaterThan(0);
    expect(new Set(results.map((result) => result.commit.sha)).size).toBe(1);
    expect((await findProject(store, 'acme'))!.currentDeploymentId).toBe(await deployedBy(ids.at(-1)!));
  });
});

function gitHead(repository: string): string {
  return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repository, encoding: 'utf8' }).trim();
}

async function deployedBy(id: string): Promise<string> {
  const rows = await store.query<{ deployed_by: string }>('SELECT deployed_by FROM deployments WHERE id = $1', [id]);
  return rows[0].deployed_by;
}
