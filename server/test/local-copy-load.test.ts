/**
 * Issue 52 item 1: a large local repository is copied (local-copy.ts) in a thread of its own, so
 * the server answers /healthz promptly meanwhile; and a redeploy copies only what is new. Through
 * the job runner and a listening server, with real git. The bound on /healthz has a margin for a
 * busy shared machine (the target is 0.5 s; the numbers measured are printed).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { commitFile, deploymentEnded, exampleRepo, git, probeHealth, tempDir, writeLooseObject } from './helpers.js';

let dir: string;
let store: Store;
let core: Core;
let app: FastifyInstance;
let base: string;
let runner: JobRunner;

beforeAll(async () => {
  dir = tempDir('local-copy-load');
  store = await openStore({ data: path.join(dir, 'data') });
  core = new Core(store);
  app = await buildApp(core);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  runner = new JobRunner(
    store,
    jobKinds,
    workerSettings(path.join(dir, 'data'), { pollMs: 100, sweepMs: 500, git: { localRoots: [path.join(dir, 'allowed')] } }),
  );
  await runner.start();
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await app?.close();
  await store?.close();
}, 60_000);

/** Loose objects and the bytes of a file no page reads: what makes the copy big. */
const LOOSE = 40_000;
const BIG_FILE_MB = 200;

describe('a large local repository', () => {
  it(`(${LOOSE.toLocaleString('en-US')} loose objects and a ${BIG_FILE_MB} MB file) is copied while /healthz answers; a redeploy copies only what is new`, async () => {
    const repo = exampleRepo(path.join(dir, 'allowed', 'large'));
    writeFileSync(path.join(repo, 'docs', 'video.bin'), randomBytes(BIG_FILE_MB * 1024 * 1024));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'A video no page reads');
    for (let index = 0; index < LOOSE; index++) writeLooseObject(path.join(repo, '.git'), `an object no commit names ${index}\n`);
    await core.addProject({ id: 'large', repo, branch: 'main', docsDir: 'docs' });

    const deploy = async (what: string) => {
      const { statusId } = await core.queueUpdate('large');
      const health = probeHealth(base);
      const started = performance.now();
      const done = await deploymentEnded(store, statusId, 240_000, what);
      const took = performance.now() - started;
      const probed = await health.stop();
      expect(done.status, done.summary).toBe('success');
      const copied = done.logs.find((line) => line.startsWith('copied the local repository'));
      console.log(`${what}: ${Math.round(took)} ms; ${copied}; /healthz: ${probed.probes} probes, slowest ${Math.round(probed.slowest)} ms`);
      expect(probed.failures).toEqual([]);
      expect(probed.probes).toBeGreaterThan(3);
      // The target is 0.5 s; the bound keeps a margin for a busy shared machine.
      expect(probed.slowest).toBeLessThan(1_500);
      return copied ?? '';
    };

    const first = await deploy('first deployment');
    const whole = /^copied the local repository for git to read: its (\d+) files \((\d+)(?:\.\d)? MB\) in \d+ ms$/.exec(first);
    expect(whole, first).not.toBeNull();
    expect(Number(whole![1])).toBeGreaterThan(LOOSE);
    expect(Number(whole![2])).toBeGreaterThanOrEqual(BIG_FILE_MB);
    commitFile(repo, 'docs/quickstart.mdx', '---\ntitle: Quickstart\n---\n# Quickstart\n\nChanged.\n', 'One page changed');
    const again = await deploy('redeploy after one changed page');
    // The new commit's objects (a commit, trees, a blob: loose) and the branch: a handful of files.
    const copied = /: (\d+) new of its (\d+) files/.exec(again);
    expect(copied, again).not.toBeNull();
    expect(Number(copied![1])).toBeLessThan(10);
    expect(Number(copied![2])).toBeGreaterThan(LOOSE);
  }, 600_000);
});
