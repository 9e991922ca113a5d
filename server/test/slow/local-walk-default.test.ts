/**
 * Issue 52 item 1 with the real default limits (the server's slow suite, `npm run test:slow` here:
 * it makes two million hard links). The review's reproducer as it was: a million hard links under
 * `refs/junk0` (walked first by the old link check, which stopped at 1,000,000 entries and
 * answered "no link") and `objects` a link to a victim's; and a million and one entries where
 * the copy does walk (`objects/`), past the default cap of 1,000,000: both refused, nothing of
 * the victim shown, /healthz answering throughout (it took 3.9 s during the old walk).
 */
import { spawnSync } from 'node:child_process';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_GIT_LIMITS } from '../../src/repository/operations/limits.js';
import { pageSections } from '../../src/store/deployments.js';
import { commitFile, deploymentEnded, exampleRepo, probeHealth } from '../helpers.js';
import { listeningServer } from '../listening-server.js';
import { hangGuard } from '../../../test/time-scale.mjs';

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

// The default limits, but for the allowed folder.
const server = listeningServer('local-walk-default');

afterAll(() => {
  // The million links removed apart (removed synchronously they held the process 16 s).
  expect(spawnSync('rm', ['-rf', server.allowed]).status).toBe(0);
}, hangGuard(600_000));

async function deployProbed(id: string, repo: string) {
  await server.core.addProject({ id, repo, branch: 'main', docsDir: 'docs' });
  const { statusId } = await server.core.queueUpdate(id);
  const health = probeHealth(server.base);
  const started = performance.now();
  const deployment = await deploymentEnded(server.store, statusId, 600_000, `deployment of ${id}`);
  const took = Math.round(performance.now() - started);
  const probed = await health.stop();
  console.log(`${id}: ${deployment.status} in ${took} ms (${deployment.summary}); /healthz: ${probed.probes} probes, slowest ${Math.round(probed.slowest)} ms`);
  const seen = JSON.stringify([deployment, await pageSections(server.store, deployment.id)]);
  return { deployment, seen, probed };
}

describe('the default entry cap (1,000,000)', () => {
  it(
    'the review reproducer: a million hard links under refs/junk0 and objects linked to a victim: refused at once, nothing of the victim shown',
    async () => {
      expect(DEFAULT_GIT_LIMITS.maxLocalEntries).toBe(MILLION);
      const victim = exampleRepo(path.join(server.dir, 'outside', 'victim'));
      const victimSha = commitFile(victim, 'docs/index.mdx', `---\ntitle: Roadmap\n---\n# Roadmap\n\n${SECRET} ships next quarter.\n`, 'Victim commit');
      const tenant = exampleRepo(path.join(server.allowed, 'junk-refs'));
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
    },
    hangGuard(900_000),
  );

  it(
    'a million and one entries in objects/: the copy walks to the cap and refuses the repository in one line; /healthz answers throughout',
    async () => {
      const tenant = exampleRepo(path.join(server.allowed, 'junk-objects'));
      hardLinksApart(path.join(tenant, '.git', 'objects', '00'), MILLION + 1, 'junk-');
      const { deployment, probed } = await deployProbed('junk-objects', tenant);
      expect(deployment.status).toBe('failure');
      expect(deployment.summary).toBe(
        'the repository has more than 1,000,000 entries in its objects and branches; docsnav copies at most that many from a local repository',
      );
      expect(probed.failures).toEqual([]);
      expect(probed.probes).toBeGreaterThan(3);
      expect(probed.slowest).toBeLessThan(1_500);
    },
    hangGuard(900_000),
  );
});
