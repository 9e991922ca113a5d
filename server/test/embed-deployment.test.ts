/**
 * A deployment's embedding pass as the deployment job runs it (src/jobs/deployment-embeddings.ts,
 * issue 69), in process: what it writes to the deployment's log, what it tells the server's log,
 * and which failures it keeps to itself (the endpoint's: the deployment goes live, lexical only)
 * and which it passes on to the job (the worker stopping, the database gone: the job runs again).
 * Against the scripted OpenAI-compatible server (eval/hashed-embeddings.mjs) on 127.0.0.1, stored
 * in PGlite.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedDeployment } from '../src/jobs/deployment-embeddings.js';
import type { JobContext } from '../src/jobs/kind.js';
import { workerSettings } from '../src/jobs/settings.js';
import { insertDeployment, insertPageSections } from '../src/store/deployments.js';
import { insertProject } from '../src/store/projects.js';
import { openStore } from '../src/store/open.js';
import type { Queryable, Store } from '../src/store/store.js';
// @ts-expect-error: a plain ES module of the eval, without types
import { startHashedEmbeddings } from '../eval/hashed-embeddings.mjs';
import { tempDir } from './helpers.js';
import { section } from './sections.js';
import { hangGuard } from '../../test/time-scale.mjs';

interface Scripted {
  baseUrl: string;
  requests: Array<{ path: string; model: string; inputs: number }>;
  behaviour: { mode: string; delayMs: number; failAfterInputs: number };
  close: () => Promise<void>;
}

let store: Store;
let endpoint: Scripted;
let deployments = 0;

beforeAll(async () => {
  store = await openStore({ data: path.join(tempDir('embed-deployment'), 'data') });
  await insertProject(store, { id: 'acme', repo: '/tmp', branch: 'main', docsDir: '.', domain: 'acme' });
  endpoint = (await startHashedEmbeddings({ dimensions: 32 })) as Scripted;
}, hangGuard(120_000));
afterAll(async () => {
  await endpoint?.close();
  await store?.close();
});

/** A new deployment of ten sections. */
async function deployment(): Promise<string> {
  const id = `e${++deployments}`;
  await insertDeployment(store, { id, projectId: 'acme', ref: 'main', source: 'api' });
  await insertPageSections(
    store,
    id,
    Array.from({ length: 10 }, (_, i) =>
      section({ pagePath: `p${i}`, pageTitle: `Page ${i}`, heading: `Part ${i}`, anchor: `part-${i}`, body: `Text ${i} of the page of deployment ${id}.` }),
    ),
  );
  return id;
}

/** The job's context as the queue gives it, with the server's warnings kept, and `write` as given (the lease's fence). */
function contextOf(
  options: { signal?: AbortSignal; write?: (work: (tx: Queryable) => Promise<unknown>) => Promise<unknown>; budgetMs?: number; maxSections?: number } = {},
) {
  const warnings: Array<{ details: unknown; message: string }> = [];
  const log = { warn: (details: unknown, message: string) => warnings.push({ details, message }) };
  const context = {
    db: store,
    settings: workerSettings('/tmp/unused', {
      embeddings: { baseUrl: endpoint.baseUrl, model: 'hashed', ...(options.maxSections === undefined ? {} : { maxSections: options.maxSections }) },
      ...(options.budgetMs === undefined ? {} : { embeddingsBudgetMs: options.budgetMs }),
    }),
    signal: options.signal ?? new AbortController().signal,
    log,
    write: options.write ?? ((work: (tx: Queryable) => Promise<unknown>) => work(store)),
  } as unknown as JobContext<'deployment'>;
  return { context, warnings };
}

const logged = () => {
  const lines: string[] = [];
  return { lines, log: (line: string) => Promise.resolve(void lines.push(line)) };
};

/** The pass of a deployment as its job runs it (contextOf's options): what it said in the deployment's log and to the server's. */
async function passOf(id: string, options: Parameters<typeof contextOf>[0] = {}) {
  const { context, warnings } = contextOf(options);
  const { lines, log } = logged();
  await embedDeployment(context, id, log);
  return { lines, warnings };
}

describe('embedding a deployment as its job does', () => {
  it('embeds every section and says so in one line of the deployment’s log', async () => {
    endpoint.behaviour.mode = 'ok';
    const id = await deployment();
    const { context, warnings } = contextOf();
    const { lines, log } = logged();
    await embedDeployment(context, id, log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^embeddings \(hashed\): 10 sections, 10 embedded, 0 unchanged since an earlier deployment in \d+\.\d s$/);
    expect(warnings).toEqual([]);
  });

  it('a pass past its time budget says how many sections are left, and when they are embedded', async () => {
    endpoint.behaviour.mode = 'ok';
    const { lines, warnings } = await passOf(await deployment(), { budgetMs: 0 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^embeddings \(hashed\): 10 sections, 0 embedded, 0 unchanged since an earlier deployment in \d+\.\d s; 10 left past the 0 s budget, embedded when the deployment is first asked about$/,
    );
    expect(warnings).toEqual([]);
  });

  it('the budget it says is the one it had, in seconds (a budget of 1,000 ms spent storing the vectors it could copy)', async () => {
    endpoint.behaviour.mode = 'ok';
    // Five texts an earlier deployment embedded, five new: the five copied are stored first, slowly here, past the budget.
    const sections = (id: string, fresh: number) =>
      Array.from({ length: 10 }, (_, i) =>
        section({ pagePath: `p${i}`, pageTitle: `Page ${i}`, body: i < fresh ? `New text ${i} of ${id}.` : `Shared text ${i}.` }),
      );
    const earlier = `e${++deployments}`;
    await insertDeployment(store, { id: earlier, projectId: 'acme', ref: 'main', source: 'api' });
    await insertPageSections(store, earlier, sections(earlier, 0));
    await embedDeployment(contextOf().context, earlier, logged().log);
    const id = `e${++deployments}`;
    await insertDeployment(store, { id, projectId: 'acme', ref: 'main', source: 'api' });
    await insertPageSections(store, id, sections(id, 5));
    const slowly = async (work: (tx: Queryable) => Promise<unknown>) => {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      return work(store);
    };
    const { lines, warnings } = await passOf(id, { budgetMs: 1_000, write: slowly });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^embeddings \(hashed\): 10 sections, 0 embedded, 5 unchanged since an earlier deployment in \d+\.\d s; 5 left past the 1 s budget, embedded when the deployment is first asked about$/,
    );
    expect(warnings).toEqual([]);
  });

  it('a deployment of more sections than --embeddings-max-sections: said in one line, the endpoint not asked; at the limit it is embedded', async () => {
    endpoint.behaviour.mode = 'ok';
    const asked = endpoint.requests.length;
    const over = await passOf(await deployment(), { maxSections: 9 });
    expect(over.lines).toEqual(['embeddings: 10 sections, more than the 9 searched by embedding: retrieval stays lexical']);
    expect(over.warnings).toEqual([]);
    expect(endpoint.requests.length).toBe(asked);
    const at = await passOf(await deployment(), { maxSections: 10 });
    expect(at.lines).toHaveLength(1);
    expect(at.lines[0]).toMatch(/^embeddings \(hashed\): 10 sections, 10 embedded, 0 unchanged since an earlier deployment in \d+\.\d s$/);
    expect(endpoint.requests.length).toBeGreaterThan(asked);
  });

  it('a deployment of no section: nothing to embed, nothing said, the endpoint not asked', async () => {
    endpoint.behaviour.mode = 'fail';
    const id = `e${++deployments}`;
    await insertDeployment(store, { id, projectId: 'acme', ref: 'main', source: 'api' });
    const { context, warnings } = contextOf();
    const { lines, log } = logged();
    await embedDeployment(context, id, log);
    endpoint.behaviour.mode = 'ok';
    expect(lines).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('a second pass over the same deployment (a job run again) says what was already stored, and asks the endpoint for nothing', async () => {
    endpoint.behaviour.mode = 'ok';
    const id = await deployment();
    await embedDeployment(contextOf().context, id, logged().log);
    const { lines, log } = logged();
    await embedDeployment(contextOf().context, id, log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^embeddings \(hashed\): 10 sections, 0 embedded, 0 unchanged since an earlier deployment, 10 already stored in \d+\.\d s$/);
  });

  it('an endpoint that answers no JSON: the deployment’s log says the pass stopped and why; the server’s log is told what the endpoint sent; nothing is thrown', async () => {
    endpoint.behaviour.mode = 'html';
    const id = await deployment();
    const { context, warnings } = contextOf();
    const { lines, log } = logged();
    await embedDeployment(context, id, log);
    endpoint.behaviour.mode = 'ok';
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^embeddings \(hashed\): stopped: .+; what was embedded is kept, the rest is embedded when the deployment is first asked about$/);
    // The endpoint's own words reach the server's log only (the Embedder's problem, then the failure).
    expect(warnings.length).toBeGreaterThanOrEqual(2);
    expect(warnings.at(-1)?.message).toBe('embedding the sections of a deployment failed');
  });

  it.each([
    ['answers no JSON', 'html', 'the embeddings endpoint answered HTTP 200 with text/html, not JSON; nothing was read of it'],
    ['answers one vector too few', 'short', 'the embeddings endpoint answered 9 vectors for 10 texts'],
    // A failure the server cannot describe without quoting the endpoint: its words go to the server's log only.
    ['fails (HTTP 500)', 'fail', 'the endpoint failed (see the server log)'],
  ])('an endpoint that %s: the deployment’s log says why in one line', async (_, mode, why) => {
    endpoint.behaviour.mode = mode;
    const { lines } = await passOf(await deployment());
    endpoint.behaviour.mode = 'ok';
    expect(lines).toEqual([`embeddings (hashed): stopped: ${why}; what was embedded is kept, the rest is embedded when the deployment is first asked about`]);
  });

  it('the worker stopping (the job’s signal aborted) is passed on: the job runs again, nothing is said in the deployment’s log', async () => {
    endpoint.behaviour.mode = 'slow';
    endpoint.behaviour.delayMs = 200;
    const id = await deployment();
    const controller = new AbortController();
    const { context } = contextOf({ signal: controller.signal });
    const { lines, log } = logged();
    const pass = embedDeployment(context, id, log);
    setTimeout(() => controller.abort(new Error('the worker is stopping')), 20);
    await expect(pass).rejects.toThrow();
    endpoint.behaviour.mode = 'ok';
    expect(lines).toEqual([]);
  });

  it('the database gone while a batch is written (a lost connection) is passed on, the signal not aborted', async () => {
    endpoint.behaviour.mode = 'ok';
    const id = await deployment();
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const { context } = contextOf({ write: () => Promise.reject(lost) });
    const { lines, log } = logged();
    await expect(embedDeployment(context, id, log)).rejects.toBe(lost);
    expect(lines).toEqual([]);
  });

  it('a batch that timed out (a TimeoutError) is said as no answer in time', async () => {
    endpoint.behaviour.mode = 'ok';
    const id = await deployment();
    const timedOut = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const { context } = contextOf({ write: () => Promise.reject(timedOut) });
    const { lines, log } = logged();
    await embedDeployment(context, id, log);
    expect(lines).toEqual([
      'embeddings (hashed): stopped: no answer in time; what was embedded is kept, the rest is embedded when the deployment is first asked about',
    ]);
  });

  it('any other failure while writing (a statement refused) is the deployment’s log’s, not the job’s', async () => {
    endpoint.behaviour.mode = 'ok';
    const id = await deployment();
    const { context, warnings } = contextOf({ write: () => Promise.reject(new Error('value too long for type')) });
    const { lines, log } = logged();
    await embedDeployment(context, id, log);
    expect(lines).toEqual([
      'embeddings (hashed): stopped: the endpoint failed (see the server log); what was embedded is kept, the rest is embedded when the deployment is first asked about',
    ]);
    // The server's log has the error's own message (not its name), as the failure's details.
    expect(warnings).toEqual([{ details: { err: 'value too long for type' }, message: 'embedding the sections of a deployment failed' }]);
  });

  it("the server's log keeps 300 characters of a failure's message; a rejection with no error at all is said, not thrown", async () => {
    endpoint.behaviour.mode = 'ok';
    const long = await deployment();
    const first = contextOf({ write: () => Promise.reject(new Error(`refused: ${'x'.repeat(400)}`)) });
    await embedDeployment(first.context, long, logged().log);
    expect(first.warnings).toEqual([{ details: { err: `refused: ${'x'.repeat(291)}` }, message: 'embedding the sections of a deployment failed' }]);
    const none = await deployment();
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a driver that rejects with no error at all is the case under test
    const second = contextOf({ write: () => Promise.reject(null) });
    const { lines, log } = logged();
    await embedDeployment(second.context, none, log);
    expect(second.warnings).toEqual([{ details: { err: 'null' }, message: 'embedding the sections of a deployment failed' }]);
    expect(lines).toEqual([
      'embeddings (hashed): stopped: the endpoint failed (see the server log); what was embedded is kept, the rest is embedded when the deployment is first asked about',
    ]);
  });
});
