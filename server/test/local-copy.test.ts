/**
 * Issue 52 item 1, through the job runner, the HTTP API and the assistant with real git: a tenant
 * who can write inside an allowed folder makes the server read nothing outside it. The two
 * reproducers of the review: the walk cap (junk entries walked before a linked `objects`) and the
 * swap race (the repository folder swapped for a link to a victim while it is read). Each checks
 * that nothing of the victim (page text, commit id, commit message, branch name) reaches the
 * deployment, its logs, the stored pages, the API's answers, the assistant's answers or the log.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { pageSections, type Deployment } from '../src/store/deployments.js';
import { chat, userMessage } from './assistant-helpers.js';
import { commitFile, deploymentEnded, exampleRepo, git, hardLinks } from './helpers.js';
import { listeningServer } from './listening-server.js';
import { hangGuard } from '../../test/time-scale.mjs';

/** What only the victim's repository holds: none of it may appear anywhere the tenant looks. */
const SECRET = 'VICTIM-ROADMAP-5521';
const VICTIM_MESSAGE = 'Victim private commit 8812';
const VICTIM_BRANCH = 'victim-only-branch-3390';
/** Entries a local repository's copy walks at most, in this file (the default is 1,000,000: test/slow/). */
const CAP = 3_000;

const server = listeningServer('local-copy', { timeoutMs: 60_000, maxLocalEntries: CAP });
let victim: string;
let victimSha: string;
const tokens: Record<string, { admin: string; assistant: string }> = {};

/** Every piece of the victim a leak would show. */
function victimPieces(): string[] {
  return [SECRET, VICTIM_MESSAGE, VICTIM_BRANCH, victimSha, victimSha.slice(0, 12)];
}

function leaksIn(text: string): string[] {
  return victimPieces().filter((piece) => text.includes(piece));
}

async function project(id: string, repo: string): Promise<void> {
  await server.core.addProject({ id, repo, branch: 'main', docsDir: 'docs', domain: id });
  tokens[id] = { admin: (await server.core.createKey(id, 'admin')).token, assistant: (await server.core.createKey(id, 'assistant')).token };
}

/**
 * Deploys `id` through the API (POST, then the status as a client polls it), and gathers
 * everything the tenant can see afterwards: the status answer, the stored pages and the
 * assistant's answer to a question about the victim's page.
 */
async function deployAndLook(id: string): Promise<{ deployment: Deployment; seen: string }> {
  const headers = { authorization: `Bearer ${tokens[id].admin}` };
  const queued = await server.app.inject({ method: 'POST', url: `/v1/project/update/${id}`, headers });
  expect(queued.statusCode).toBe(202);
  const { statusId } = queued.json<{ statusId: string }>();
  const deployment = await deploymentEnded(server.store, statusId, 120_000, `deployment of ${id}`);
  const status = await server.app.inject({ method: 'GET', url: `/v1/project/update-status/${statusId}`, headers });
  const sections = await pageSections(server.store, deployment.id);
  const answer = await chat(`${server.base}/v1/assistant/${id}/message`, tokens[id].assistant, [
    userMessage('q1', `What ships next quarter on the roadmap? ${SECRET}`),
  ]);
  const answered = JSON.stringify({ message: answer.message, data: answer.data, status: answer.status, error: String(answer.error ?? '') });
  // The question itself names SECRET: the answer is looked at without the question's echo.
  const seen = [JSON.stringify(deployment), status.body, JSON.stringify(sections), answered.replaceAll(`roadmap? ${SECRET}`, '')].join('\n');
  return { deployment, seen };
}

beforeAll(() => {
  victim = exampleRepo(path.join(server.dir, 'outside', 'victim'));
  victimSha = commitFile(victim, 'docs/index.mdx', `---\ntitle: Roadmap\n---\n# Roadmap\n\n${SECRET} ships next quarter.\n`, VICTIM_MESSAGE);
  git(victim, 'branch', VICTIM_BRANCH);
});

describe('the walk-cap reproducer: junk walked first, objects a link to a victim', () => {
  it('more hard links under refs/junk0 than the cap, `objects` linking to the victim and main naming its commit: refused, nothing of the victim shown', async () => {
    const tenant = exampleRepo(path.join(server.allowed, 'walk-cap'));
    const gitDir = path.join(tenant, '.git');
    hardLinks(path.join(gitDir, 'refs', 'junk0'), CAP + 10);
    rmSync(path.join(gitDir, 'objects'), { recursive: true, force: true });
    symlinkSync(path.join(victim, '.git', 'objects'), path.join(gitDir, 'objects'));
    writeFileSync(path.join(gitDir, 'refs', 'heads', 'main'), `${victimSha}\n`);
    await project('walk-cap', tenant);
    const { deployment, seen } = await deployAndLook('walk-cap');
    expect(leaksIn(seen)).toEqual([]);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe("the repository's objects is a symbolic link; docsnav follows no link in a local repository");
    expect(leaksIn(server.logged())).toEqual([]);
  });

  it('a repository whose objects hold more entries than the cap is refused in one line (a walk that cannot finish never passes)', async () => {
    const tenant = exampleRepo(path.join(server.allowed, 'too-many'));
    hardLinks(path.join(tenant, '.git', 'objects', '00'), CAP + 1, 'junk-');
    await project('too-many', tenant);
    const { deployment, seen } = await deployAndLook('too-many');
    expect(leaksIn(seen)).toEqual([]);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe(
      `the repository has more than ${CAP.toLocaleString('en-US')} entries in its objects and branches; docsnav copies at most that many from a local repository`,
    );
  });
});

/** How many times the race test deploys while the folder is swapped (DOCSNAV_SWAP_TRIES to run more). */
const SWAP_TRIES = Number(process.env.DOCSNAV_SWAP_TRIES ?? 20);

describe('the swap race: the repository folder swapped for a link to a victim while it is read', () => {
  it(
    `${SWAP_TRIES} deployments while another process swaps the folder back and forth: none shows anything of the victim`,
    async () => {
      const tenant = exampleRepo(path.join(server.allowed, 'swap'));
      commitFile(tenant, 'docs/index.mdx', '---\ntitle: Tenant home\n---\n# Tenant home\n\nThe tenant ships docs.\n', 'Tenant commit');
      await project('swap', tenant);
      const stop = path.join(server.dir, 'swap-stop');
      // A process of its own swaps the folder (renamed aside, a link to the victim in its place, and
      // back), in storms (a swap every 0-2 ms for 0.3 s) between calms (0.2-1 s left in place, so that
      // some deployments can read it whole), until told to stop (or 10 minutes at most).
      const swapper = spawn(
        process.execPath,
        [
          '-e',
          `const fs = require('node:fs');
         const [folder, victim, stop] = process.argv.slice(1);
         const aside = folder + '.aside';
         const nap = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
         const end = Date.now() + 600000;
         let swaps = 0;
         while (!fs.existsSync(stop) && Date.now() < end) {
           const storm = Date.now() + 300;
           while (Date.now() < storm) {
             fs.renameSync(folder, aside);
             fs.symlinkSync(victim, folder);
             nap(Math.random() * 2);
             fs.unlinkSync(folder);
             fs.renameSync(aside, folder);
             nap(Math.random() * 2);
             swaps++;
           }
           nap(200 + Math.random() * 800);
         }
         console.log(swaps);`,
          tenant,
          victim,
          stop,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let swaps = '';
      swapper.stdout.on('data', (chunk: Buffer) => (swaps += chunk.toString()));
      const exited = new Promise((resolve) => swapper.on('exit', resolve));
      const outcomes: Record<string, number> = {};
      const leaks: string[] = [];
      try {
        for (let attempt = 0; attempt < SWAP_TRIES; attempt++) {
          const { deployment, seen } = await deployAndLook('swap');
          const key = deployment.status === 'success' ? 'success' : deployment.summary;
          outcomes[key] = (outcomes[key] ?? 0) + 1;
          // A deployment that succeeds deploys the tenant's own page.
          if (deployment.status === 'success') expect(seen).toContain('The tenant ships docs.');
          const found = leaksIn(seen);
          if (found.length > 0) leaks.push(`try ${attempt + 1}: ${found.join(', ')}`);
        }
      } finally {
        writeFileSync(stop, '');
        await exited;
      }
      expect(existsSync(path.join(tenant, '.git'))).toBe(true); // the folder is back in place
      console.log(`swap race: ${SWAP_TRIES} tries, ${Number(swaps)} swaps, ${leaks.length} leaks; outcomes ${JSON.stringify(outcomes)}`);
      for (const leak of leaks) console.log(leak);
      expect(Number(swaps)).toBeGreaterThan(SWAP_TRIES);
      expect(leaks).toEqual([]);
      expect(leaksIn(server.logged())).toEqual([]);
    },
    hangGuard(600_000),
  );
});
