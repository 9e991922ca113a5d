/**
 * Hostile repositories: each deployment fails with a clear summary, nothing from outside the
 * checkout is stored, and the runner goes on deploying good sites afterwards.
 */
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../src/core.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { pageSections } from '../src/store/deployments.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { commitFile, exampleRepo, git, gitHttpServer, tempDir, LOCAL_ROOTS, deploymentEnded, docsJson } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let dir: string;
let store: Store;
let core: Core;
let runner: JobRunner;
let hanging: Awaited<ReturnType<typeof gitHttpServer>>;

const MB = 1024 * 1024;

async function project(id: string, repo: string, branch = 'main'): Promise<void> {
  await core.addProject({ id, repo, branch, docsDir: 'docs' });
}

async function deploy(id: string) {
  const { statusId } = await core.queueUpdate(id);
  return deploymentEnded(store, statusId, 90_000, `deployment of ${id}`);
}

beforeAll(async () => {
  dir = tempDir('hostile');
  store = await openStore({ data: path.join(dir, 'data') });
  core = new Core(store);

  const symlink = exampleRepo(path.join(dir, 'symlink'));
  symlinkSync('/etc/passwd', path.join(symlink, 'docs', 'secret.mdx'));
  git(symlink, 'add', '-A');
  git(symlink, 'commit', '-qm', 'A link out of the tree');
  await project('symlink', symlink);

  const linkedPage = exampleRepo(path.join(dir, 'linked-page'));
  rmSync(path.join(linkedPage, 'docs', 'quickstart.mdx'));
  symlinkSync('/etc/passwd', path.join(linkedPage, 'docs', 'quickstart.mdx'));
  git(linkedPage, 'add', '-A');
  git(linkedPage, 'commit', '-qm', 'A page that is a link out of the tree');
  await project('linked-page', linkedPage);

  const big = exampleRepo(path.join(dir, 'big'));
  writeFileSync(path.join(big, 'docs', 'openapi.json'), `{"openapi":"3.1.0","x":"${'a'.repeat(8 * MB)}"}`);
  git(big, 'add', '-A');
  git(big, 'commit', '-qm', 'A big file');
  await project('big', big);

  // A file the deployment never reads (a video) is never fetched: its size does not count.
  const video = exampleRepo(path.join(dir, 'video'));
  writeFileSync(path.join(video, 'docs', 'video.bin'), Buffer.alloc(8 * MB));
  git(video, 'add', '-A');
  git(video, 'commit', '-qm', 'A big file no page reads');
  await project('video', video);

  const deep = exampleRepo(path.join(dir, 'deep'));
  const depth = 100_000;
  commitFile(deep, 'docs/docs.json', `{"navigation":{"groups":[${'{"group":"g","pages":['.repeat(depth)}"index"${']}'.repeat(depth)}]}}`, 'Nested 100k deep');
  await project('deep', deep);

  const passwd = exampleRepo(path.join(dir, 'passwd'));
  commitFile(passwd, 'docs/docs.json', docsJson({ $ref: '/etc/passwd' }), 'Absolute $ref');
  await project('passwd', passwd);
  const passwdUp = exampleRepo(path.join(dir, 'passwd-up'));
  commitFile(passwdUp, 'docs/docs.json', docsJson({ groups: [{ group: 'A', pages: [{ $ref: '../../../../../../../../etc/passwd' }] }] }), 'Relative $ref out');
  await project('passwd-up', passwdUp);

  await project('no-branch', exampleRepo(path.join(dir, 'no-branch')), 'release');

  hanging = await gitHttpServer(dir, { hang: true });
  await project('hangs', `${hanging.url}/symlink/.git`);

  await project('good', exampleRepo(path.join(dir, 'good')));

  runner = new JobRunner(
    store,
    jobKinds,
    workerSettings(path.join(dir, 'data'), {
      pollMs: 200,
      sweepMs: 500,
      concurrency: 4,
      git: { timeoutMs: 3_000, maxBytes: 64 * MB, maxFileBytes: 5 * MB, localRoots: LOCAL_ROOTS },
      check: { timeoutMs: 60_000, maxHeapMb: 512 },
    }),
  );
  await runner.start();
}, hangGuard(120_000));

afterAll(async () => {
  await runner?.stop();
  await hanging?.close();
  await store?.close();
});

describe('hostile repositories', () => {
  it('a symbolic link nothing references is skipped with a warning, never followed', async () => {
    const result = await deploy('symlink');
    expect(result.status, result.summary).toBe('success');
    expect(result.logs).toContain('warning: skipped docs/secret.mdx: a symbolic link (docsnav never follows links; commit the file itself if a page needs it)');
    const sections = await pageSections(store, result.id);
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.some((section) => section.pagePath === 'secret' || /root:x?:0:/.test(section.body))).toBe(false);
  });

  it('a page that is a symbolic link is reported missing (the link is not followed)', async () => {
    const result = await deploy('linked-page');
    // A listed page with no file deploys with a warning, as the platform builds it; the link's target is never read.
    expect(result.status, result.summary).toBe('success');
    expect(result.logs).toContain(
      'warning: skipped docs/quickstart.mdx: a symbolic link (docsnav never follows links; commit the file itself if a page needs it)',
    );
    expect(result.logs.some((line) => line.includes('page-not-found') && line.includes('quickstart'))).toBe(true);
    expect(JSON.stringify(result)).not.toMatch(/root:x?:0:/);
    const sections = await pageSections(store, result.id);
    expect(sections.some((section) => section.pagePath === 'quickstart' || /root:x?:0:/.test(section.body))).toBe(false);
  });

  it('a file the deployment reads over the size limit fails before it is written out', async () => {
    const result = await deploy('big');
    expect(result.status).toBe('failure');
    expect(result.summary).toBe('docs/openapi.json is 8 MB, over the limit of 5 MB per file');
  });

  it('a big file the deployment does not read is neither fetched nor counted', async () => {
    const result = await deploy('video');
    expect(result.status, result.summary).toBe('success');
  });

  it('a docs.json nested 100,000 deep fails with located problems, not a crash', async () => {
    const result = await deploy('deep');
    expect(result.status).toBe('failure');
    expect(result.summary).toMatch(/^\d+ errors?, \d+ warnings?; first: docs\.json:1:\d+ error /);
    expect(result.summary).not.toMatch(/\n\s+at /);
  });

  it('a $ref to /etc/passwd (absolute or climbing out) fails, and no byte of it is stored', async () => {
    for (const id of ['passwd', 'passwd-up']) {
      const result = await deploy(id);
      expect(result.status, result.summary).toBe('failure');
      expect(result.summary).toMatch(/path-outside-root|ref-not-found/);
    }
  });

  it('a branch that does not exist fails clearly', async () => {
    const result = await deploy('no-branch');
    expect(result.status).toBe('failure');
    expect(result.summary).toMatch(/^branch "release" does not exist in /);
  });

  it('a repository that hangs fails at the time limit', async () => {
    const result = await deploy('hangs');
    expect(result.status).toBe('failure');
    expect(result.summary).toBe('git fetch timed out after 3 s');
    expect(hanging.requests()).toBeGreaterThan(0);
  });

  it('nothing from outside any checkout was stored, and a good site still deploys', async () => {
    const good = await deploy('good');
    expect(good.status, good.summary).toBe('success');
    const leaks = await store.query<{ n: number }>(
      `SELECT (SELECT count(*)::integer FROM deployments WHERE concat(summary, logs::text, tree::text, problems::text) LIKE '%root:x:0:0%')
            + (SELECT count(*)::integer FROM tree_parts WHERE data LIKE '%root:x:0:0%')
            + (SELECT count(*)::integer FROM page_sections WHERE body LIKE '%root:%' OR page_title LIKE '%root:%') AS n`,
    );
    expect(leaks[0].n).toBe(0);
  });
});
