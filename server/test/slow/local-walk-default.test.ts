/**
 * Issue 52 item 1 with the real default limits (the server's slow suite, `npm run test:slow` here:
 * it makes two million hard links). The review's reproducer as it was: a million hard links under
 * `refs/junk0` (walked first by the old link check, which stopped at 1,000,000 entries and
 * answered "no link") and `objects` a link to a victim's; and a million and one entries where
 * the copy does walk (`objects/`), past the default cap of 1,000,000: both refused, nothing of
 * the victim shown, /healthz answering throughout (it took 3.9 s during the old walk).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.js';
import { Core } from '../../src/core.js';
import { JobRunner } from '../../src/jobs/queue.js';
import { jobKinds } from '../../src/jobs/kinds.js';
import { workerSettings } from '../../src/jobs/settings.js';
import { DEFAULT_GIT_LIMITS } from '../../src/repository/operations.js';
import { pageSections } from '../../src/store/deployments.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import { commitFile, deploymentEnded, exampleRepo, probeHealth, tempDir } from '../helpers.js';

const SECRET = 'VICTIM-ROADMAP-0440';
const MILLION = 1_000_000;

/**
 * `count` entries in `folder`, as helpers' `hardLinks` makes them, made by a process of its own:
 * a million synchronous links made in the test's process (the server's) left its main thread
 * stalled for seconds after, which is the fixture's cost, not the server's.
 */
function hardLinksApart(folder: string, count: number, prefix = ''): void {
  const made = spawnSync(
    process.execPath,
    [
      '-e',
      `const fs = require('node:fs'), path = require('node:path');
       const [folder, count, prefix] = process.argv.slice(1);
       fs.mkdirSync(folder, { recursive: true });
       const targets = folder + '-targets';
       fs.mkdirSync(targets, { recursive: true });
       for (let index = 0; index < Number(count); index++) {
         const target = path.join(targets, String(Math.floor(index / 60000)));
         if (index % 60000 === 0) fs.writeFileSync(target, 'junk\\n');
         fs.linkSync(target, path.join(folder, prefix + index));
       }`,
      folder,
      String(count),
      prefix,
    ],
    { stdio: 'inherit' },
  );
  expect(made.status).toBe(0);
}

let dir: string;
let allowed: string;
let store: Store;
let core: Core;
let app: FastifyInstance;
let base: string;
let runner: JobRunner;

beforeAll(async () => {
  dir = tempDir('local-walk-default');
  allowed = path.join(dir, 'allowed');
  mkdirSync(allowed);
  store = await openStore({ data: path.join(dir, 'data') });
  core = new Core(store);
  app = await buildApp(core);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // The default limits, but for the allowed folder.
  runner = new JobRunner(store, jobKinds, workerSettings(path.join(dir, 'data'), { pollMs: 100, sweepMs: 500, git: { localRoots: [allowed] } }));
  await runner.start();
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await app?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
}, 600_000);

async function deployProbed(id: string, repo: string) {
  await core.addProject({ id, repo, branch: 'main', docsDir: 'docs' });
  const { statusId } = await core.queueUpdate(id);
  const health = probeHealth(base);
  const started = performance.now();
  const deployment = await deploymentEnded(store, statusId, 600_000, `deployment of ${id}`);
  const took = Math.round(performance.now() - started);
  const probed = await health.stop();
  console.log(`${id}: ${deployment.status} in ${took} ms (${deployment.summary}); /healthz: ${probed.probes} probes, slowest ${Math.round(probed.slowest)} ms`);
  const seen = JSON.stringify([deployment, await pageSections(store, deployment.id)]);
  return { deployment, seen, probed };
}

describe('the default entry cap (1,000,000)', () => {
  it('the review reproducer: a million hard links under refs/junk0 and objects linked to a victim: refused at once, nothing of the victim shown', async () => {
    expect(DEFAULT_GIT_LIMITS.maxLocalEntries).toBe(MILLION);
    const victim = exampleRepo(path.join(dir, 'outside', 'victim'));
    const victimSha = commitFile(victim, 'docs/index.mdx', `---\ntitle: Roadmap\n---\n# Roadmap\n\n${SECRET} ships next quarter.\n`, 'Victim commit');
    const tenant = exampleRepo(path.join(allowed, 'junk-refs'));
    hardLinksApart(path.join(tenant, '.git', 'refs', 'junk0'), MILLION);
    rmSync(path.join(tenant, '.git', 'objects'), { recursive: true, force: true });
    symlinkSync(path.join(victim, '.git', 'objects'), path.join(tenant, '.git', 'objects'));
    writeFileSync(path.join(tenant, '.git', 'refs', 'heads', 'main'), `${victimSha}\n`);
    const { deployment, seen, probed } = await deployProbed('junk-refs', tenant);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe("the repository's objects is a symbolic link; docsnav follows no link in a local repository");
    for (const piece of [SECRET, victimSha, victimSha.slice(0, 12), 'Victim commit']) expect(seen).not.toContain(piece);
    expect(probed.failures).toEqual([]);
    expect(probed.slowest).toBeLessThan(1_500);
    // Removed apart too (a million links removed synchronously held the process 16 s).
    expect(spawnSync('rm', ['-rf', tenant]).status).toBe(0);
  }, 900_000);

  it('a million and one entries in objects/: the copy walks to the cap and refuses the repository in one line; /healthz answers throughout', async () => {
    const tenant = exampleRepo(path.join(allowed, 'junk-objects'));
    hardLinksApart(path.join(tenant, '.git', 'objects', '00'), MILLION + 1, 'junk-');
    const { deployment, probed } = await deployProbed('junk-objects', tenant);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe(
      'the repository has more than 1,000,000 entries in its objects and branches; docsnav copies at most that many from a local repository',
    );
    expect(probed.failures).toEqual([]);
    expect(probed.probes).toBeGreaterThan(3);
    expect(probed.slowest).toBeLessThan(1_500);
  }, 900_000);
});
