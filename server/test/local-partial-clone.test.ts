/**
 * Issue 52 item 1: a local repository that does not hold all its objects, as people make them
 * (`git clone --filter=blob:none`, `git clone --depth=1`), deployed by a listening server. Its
 * copy either deploys or the deployment fails in one line; nothing of the repository it was cloned
 * from (outside the allowed folder) is read; the deployment ends (no lazy fetch waits on anything).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageSections, type Deployment } from '../src/store/deployments.js';
import { commitFile, deploymentEnded, exampleRepo, git } from './helpers.js';
import { listeningServer } from './listening-server.js';

/** What only the source outside the allowed folder holds the text of. */
const SECRET = 'SOURCE-ONLY-ROADMAP-7731';

const server = listeningServer('local-partial-clone', { timeoutMs: 60_000 });
let source: string;
let sourceSha: string;

beforeAll(() => {
  source = exampleRepo(path.join(server.dir, 'outside', 'source'));
  sourceSha = commitFile(source, 'docs/index.mdx', `---\ntitle: Roadmap\n---\n# Roadmap\n\n${SECRET} ships next quarter.\n`, 'Roadmap');
  // A partial clone needs a source that filters (git's default is not to).
  git(source, 'config', 'uploadpack.allowFilter', 'true');
});

/** Deploys `repo` as project `id`: the deployment, and all that it stored (its logs too) and the runner logged. */
async function deploy(id: string, repo: string): Promise<{ deployment: Deployment; seen: string }> {
  await server.core.addProject({ id, repo, branch: 'main', docsDir: 'docs' });
  const { statusId } = await server.core.queueUpdate(id);
  const deployment = await deploymentEnded(server.store, statusId, 120_000, `deployment of ${id}`);
  const seen = JSON.stringify([deployment, await pageSections(server.store, deployment.id), server.logged()]);
  return { deployment, seen };
}

/** The promisor settings taken out of a clone's config: git no longer knows where its missing objects are. */
function forgetPromisor(clone: string): void {
  const config = path.join(clone, '.git', 'config');
  const kept = readFileSync(config, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(promisor|partialclonefilter|partialclone)\s*=/i.test(line))
    .join('\n');
  writeFileSync(config, kept);
  expect(kept).not.toMatch(/promisor|partialclone/i);
}

describe('a partial clone (git clone --filter=blob:none) as the local repository', () => {
  it('refused in one line, at once; nothing of its source shown', async () => {
    const clone = path.join(server.allowed, 'partial');
    git(server.dir, 'clone', '-q', '--filter=blob:none', `file://${source}`, clone);
    const started = performance.now();
    const { deployment, seen } = await deploy('partial', clone);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe(
      "the repository is a partial clone (git fetches its missing objects from another repository); docsnav reads only a repository's own objects",
    );
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(seen).not.toContain(SECRET);
  });

  it('its promisor settings removed, its checked-out tip whole: the copy deploys that commit from the blobs it holds', async () => {
    const clone = path.join(server.allowed, 'partial-checked-out');
    git(server.dir, 'clone', '-q', '--filter=blob:none', `file://${source}`, clone);
    forgetPromisor(clone);
    const { deployment } = await deploy('partial-checked-out', clone);
    expect(deployment.status, deployment.summary).toBe('success');
    expect(deployment.commit.sha).toBe(sourceSha);
  });

  it('its promisor settings removed, its tip never checked out (its blobs only in the source): fails in one line, the source never read', async () => {
    const clone = path.join(server.allowed, 'partial-bare-tip');
    git(server.dir, 'clone', '-q', '--no-checkout', '--filter=blob:none', `file://${source}`, clone);
    forgetPromisor(clone);
    // The page's blob is the source's alone: a lazy fetch from the source is the only way to show it.
    expect(git(clone, 'rev-list', '--objects', '--missing=print', 'HEAD')).toMatch(/^\?[0-9a-f]{40}$/m);
    const started = performance.now();
    const { deployment, seen } = await deploy('partial-bare-tip', clone);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toMatch(
      /^the local repository lacks objects its branch names \(blob [0-9a-f]{12} among them\): a partial or damaged clone; `git fsck` in it lists them, `git fetch --refetch` there brings them$/,
    );
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(seen).not.toContain(SECRET);
  });
});

describe('a shallow clone (git clone --depth=1) as the local repository', () => {
  it('deploys its tip; after a shallow fetch in the clone, the next deployment deploys the new tip', async () => {
    const clone = path.join(server.allowed, 'shallow');
    git(server.dir, 'clone', '-q', '--depth=1', `file://${source}`, clone);
    expect(git(clone, 'rev-parse', '--is-shallow-repository').trim()).toBe('true');
    const first = await deploy('shallow', clone);
    expect(first.deployment.status, first.deployment.summary).toBe('success');
    expect(first.deployment.commit.sha).toBe(sourceSha);

    const next = commitFile(source, 'docs/next.mdx', '---\ntitle: Next\n---\n# Next\n', 'Next page');
    git(clone, 'fetch', '-q', '--depth=1', 'origin', 'main');
    git(clone, 'reset', '-q', '--hard', 'origin/main');
    const { statusId } = await server.core.queueUpdate('shallow');
    const second = await deploymentEnded(server.store, statusId, 120_000, 'redeployment of shallow');
    expect(second.status, second.summary).toBe('success');
    expect(second.commit.sha).toBe(next);
  });
});
