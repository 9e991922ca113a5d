/**
 * What a deployment refuses before it reads a page, and how it reports a site with many problems,
 * through the job runner as `serve` runs it: the page size limit (--max-page-mb) on the docs
 * folder's .md and .mdx files only, a docs folder without a docs.json (or with a link in its place),
 * and the log's cut after 200 problem lines.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../src/core.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { JobRunner } from '../src/jobs/queue.js';
import { workerSettings } from '../src/jobs/settings.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { commitFile, deploymentEnded, exampleRepo, git, tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

/** The page size limit of this file's worker, in bytes. */
const MAX_PAGE_BYTES = 2000;

let dir: string;
let store: Store;
let core: Core;
let runner: JobRunner;

beforeAll(async () => {
  dir = tempDir('deployment-checks');
  store = await openStore({ data: path.join(dir, 'data') });
  core = new Core(store);
  runner = new JobRunner(
    store,
    jobKinds,
    workerSettings(path.join(dir, 'data'), { pollMs: 100, sweepMs: 500, maxPageBytes: MAX_PAGE_BYTES, git: { localRoots: [dir], timeoutMs: 20_000 } }),
  );
  await runner.start();
}, hangGuard(120_000));

afterAll(async () => {
  await runner?.stop();
  await store?.close();
});

let projects = 0;
/** A project on `repo`'s main branch, deployed once: the ended deployment. */
async function deploy(repo: string) {
  const id = `site-${++projects}`;
  await core.addProject({ id, repo, branch: 'main', docsDir: 'docs' });
  const { statusId } = await core.queueUpdate(id);
  return deploymentEnded(store, statusId, 60_000, `deployment of ${id}`);
}

/** `bytes` bytes of page text (front matter and a paragraph). */
function page(bytes: number): string {
  const head = '---\ntitle: Big\n---\n\n';
  return head + 'a'.repeat(bytes - head.length);
}

describe('the page size limit (--max-page-mb)', () => {
  it('counts only the docs folder’s .md and .mdx files, and a page of exactly the limit passes', async () => {
    const repo = exampleRepo(path.join(dir, 'sizes-ok'));
    commitFile(repo, 'docs/at-limit.mdx', page(MAX_PAGE_BYTES));
    commitFile(repo, 'docs/data.json', JSON.stringify({ filler: 'x'.repeat(MAX_PAGE_BYTES * 3) }));
    commitFile(repo, 'docs/examples.mdx.json', JSON.stringify({ filler: 'x'.repeat(MAX_PAGE_BYTES * 3) }));
    commitFile(repo, 'outside/big.mdx', page(MAX_PAGE_BYTES * 3));
    const deployment = await deploy(repo);
    expect(deployment.status, deployment.summary).toBe('success');
  });

  for (const [file, bytes, size] of [
    ['docs/big.mdx', MAX_PAGE_BYTES + 1, '2 KB'],
    ['docs/guides/big.md', MAX_PAGE_BYTES * 3, '6 KB'],
    ['docs/BIG.MDX', MAX_PAGE_BYTES + 1, '2 KB'],
  ] as const) {
    it(`refuses ${file} of ${bytes} bytes, naming it and the limit`, async () => {
      const repo = exampleRepo(path.join(dir, `sizes-${file.replace(/\W/g, '-')}`));
      commitFile(repo, file, page(bytes));
      const deployment = await deploy(repo);
      expect(deployment.status).toBe('failure');
      expect(deployment.summary).toBe(`${file} is ${size}, over the limit of 2 KB per page (--max-page-mb); split it into smaller pages`);
    });
  }
});

describe('a docs folder without its docs.json', () => {
  it('fails, saying which folder has none', async () => {
    const repo = exampleRepo(path.join(dir, 'no-docs-json'));
    git(repo, 'rm', '-q', 'docs/docs.json');
    git(repo, 'commit', '-qm', 'No docs.json');
    const deployment = await deploy(repo);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe('no docs.json in docs/ of the branch');
  });

  it('fails on a docs.json committed as a symbolic link, saying to commit the file', async () => {
    const repo = exampleRepo(path.join(dir, 'linked-docs-json'));
    rmSync(path.join(repo, 'docs', 'docs.json'));
    mkdirSync(path.join(repo, 'config'));
    writeFileSync(path.join(repo, 'config', 'docs.json'), '{}\n');
    symlinkSync('../config/docs.json', path.join(repo, 'docs', 'docs.json'));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'docs.json as a link');
    const deployment = await deploy(repo);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe('docs/docs.json is a symbolic link; docsnav does not follow links (commit the file itself)');
  });
});

/** A deployment of the example whose navigation lists `count` pages that do not exist (a warning each): its problem lines and its log. */
async function missingPages(count: number) {
  const repo = exampleRepo(path.join(dir, `missing-${count}`));
  const pages = Array.from({ length: count }, (_, index) => `missing/page-${index}`);
  const docs = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Many', colors: { primary: '#0D9373' }, navigation: { pages } };
  commitFile(repo, 'docs/docs.json', `${JSON.stringify(docs, null, 2)}\n`);
  const deployment = await deploy(repo);
  expect(deployment.summary).toMatch(new RegExp(` 0 errors, ${count} warnings$`));
  const problemLines = deployment.logs.filter((line) => /^docs\.json:\d+:\d+ (error|warning|info) /.test(line));
  return { logs: deployment.logs, problemLines, counts: deployment.logs.filter((line) => /more problems$/.test(line)) };
}

describe('a deployment with more problems than its log shows', () => {
  it('logs the first 200 problem lines and how many more there are', async () => {
    const { logs, problemLines, counts } = await missingPages(230);
    expect(problemLines).toHaveLength(200);
    expect(problemLines[199]).toMatch(/ page-not-found No page file "missing\/page-199\.mdx"/);
    expect(counts).toEqual(['… and 30 more problems']);
    expect(logs[logs.indexOf(problemLines[199]) + 1]).toBe('… and 30 more problems');
  });

  it('logs every problem line of a deployment with exactly 200 problems, and no count', async () => {
    const { problemLines, counts } = await missingPages(200);
    expect(problemLines).toHaveLength(200);
    expect(counts).toEqual([]);
  });
});
