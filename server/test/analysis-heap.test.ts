/**
 * The analysis thread's heap bound holds (issue 52 item 7): under a small heap limit a site that
 * fits deploys, and one too big for it fails its deployment with one clear summary (the limit
 * named), once; the server goes on answering and deploys again afterwards.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { pageSections } from '../src/store/deployments.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { bigSiteRepo, deploymentEnded, probeHealth, tempDir, LOCAL_ROOTS } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

/** The analysis thread's heap limit here (MB): the library and a few thousand pages fit. */
const HEAP_MB = 48;

let dir: string;
let store: Store;
let core: Core;
let app: FastifyInstance;
let base: string;
let runner: JobRunner;

beforeAll(async () => {
  dir = tempDir('analysis-heap');
  store = await openStore({ data: path.join(dir, 'data') });
  core = new Core(store);
  app = await buildApp(core);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  runner = new JobRunner(
    store,
    jobKinds,
    workerSettings(path.join(dir, 'work'), { pollMs: 200, sweepMs: 500, git: { localRoots: LOCAL_ROOTS }, check: { maxHeapMb: HEAP_MB } }),
  );
  await runner.start();
}, hangGuard(60_000));

afterAll(async () => {
  await runner?.stop();
  await app?.close();
  await store?.close();
}, hangGuard(60_000));

/**
 * A generated site of `pages` pages, committed in a repository of its own, as project `id`. Made
 * before /healthz is probed: writing and committing 40,000 files holds this process (the server's
 * too) 11-15 s at load ~10, which is the test's work, not the server's.
 */
async function site(id: string, pages: number, filler: string): Promise<string> {
  await core.addProject({ id, repo: bigSiteRepo(path.join(dir, id), pages, filler), branch: 'main', docsDir: 'docs' });
  return id;
}

async function deploy(id: string) {
  const { statusId } = await core.queueUpdate(id);
  return deploymentEnded(store, statusId, 240_000, `the deployment of ${id}`);
}

describe(`the analysis thread under a ${HEAP_MB} MB heap`, () => {
  it(
    'deploys a site that fits; one too big for it fails once, naming the limit, while /healthz answers; then a site deploys again',
    async () => {
      const small = await deploy(await site('fits', 500, ''));
      expect(small.status, small.summary).toBe('success');
      expect(await pageSections(store, small.id)).toHaveLength(500);

      const tooBig = await site('too-big', 40_000, ` ${'word '.repeat(40)}`);
      const health = probeHealth(base);
      const big = await deploy(tooBig);
      const { probes, failures } = await health.stop();
      expect({ status: big.status, summary: big.summary }).toEqual({
        status: 'failure',
        summary: `checking the docs needed more than ${HEAP_MB} MB of memory`,
      });
      expect(await pageSections(store, big.id)).toEqual([]);
      const [job] = await store.query<{ attempts: number; state: string }>('SELECT attempts, state FROM jobs WHERE id = $1', [big.id]);
      expect(job).toEqual({ attempts: 1, state: 'done' });
      expect(probes).toBeGreaterThan(0);
      expect(failures).toEqual([]);

      const again = await deploy(await site('after', 500, ''));
      expect(again.status, again.summary).toBe('success');
    },
    hangGuard(400_000),
  );
});
