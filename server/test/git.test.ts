/**
 * Two guards of the repository access (src/repository/), with real git: a local repository is read only inside the allowed
 * folders (a sibling whose name extends an allowed folder's is outside; no link in its objects), and a push never
 * overwrites someone else's commit — only a retried repair job may replace its own branch.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { GitError } from '../src/repository/errors.js';
import { blobSizes, listFiles } from '../src/repository/operations/commits.js';
import { fetchBlobs, fetchBranch } from '../src/repository/operations/fetch.js';
import { DEFAULT_GIT_LIMITS, type GitLimits } from '../src/repository/operations/limits.js';
import { pushHead } from '../src/repository/operations/push.js';
import { runGit } from '../src/repository/operations/run-git.js';
import { writeBlobs } from '../src/repository/operations/write-blobs.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { JobRunner } from '../src/jobs/queue.js';
import { workerSettings } from '../src/jobs/settings.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { commitFile, exampleRepo, git, LOCAL_ROOTS, tempDir, waitFor, writeLooseObject } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const BROKEN = JSON.stringify(
  { name: 'Acme', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Start', expand: true, pages: ['index'] }] } },
  null,
  2,
);

/** A bare remote holding `main` with a site whose docs.json has a safe fix, and a clone of it. */
function remoteWithClone(dir: string): { remote: string; clone: string } {
  const seed = path.join(dir, 'seed');
  git(dir, 'init', '-q', seed);
  commitFile(seed, 'docs/index.mdx', '---\ntitle: Home\n---\n# Home\n');
  commitFile(seed, 'docs/docs.json', BROKEN);
  const remote = path.join(dir, 'remote.git');
  git(dir, 'clone', '-q', '--bare', seed, remote);
  const clone = path.join(dir, 'clone');
  git(dir, 'clone', '-q', remote, clone);
  return { remote, clone };
}

/** Someone else: a clone of `remote` that commits `file` on `branch` (on top of it, or of main when it is new) and pushes it. */
function pushAsSomeoneElse(dir: string, remote: string, branch: string, file: string): string {
  const other = path.join(dir, `other-${file.replace(/\W/g, '-')}`);
  git(dir, 'clone', '-q', remote, other);
  const exists = git(other, 'ls-remote', '--heads', 'origin', branch).trim() !== '';
  git(other, 'checkout', '-q', '-B', branch, exists ? `origin/${branch}` : 'HEAD');
  const sha = commitFile(other, file, 'theirs\n', 'Their commit');
  git(other, 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
  return sha;
}

const tip = (remote: string, branch: string) => git(remote, 'rev-parse', '--verify', `refs/heads/${branch}`).trim();

describe('a local repository: the allowed folders are compared with a separator', () => {
  it('a sibling folder whose name extends an allowed folder is refused; the folder itself and its insides are allowed', async () => {
    const dir = tempDir('git-roots');
    const allowed = path.join(dir, 'repos');
    for (const repo of ['repos/site', 'repos-evil/site']) exampleRepo(path.join(dir, repo));
    const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, localRoots: [allowed], timeoutMs: 30_000 };
    await expect(fetchBranch(path.join(dir, 'ok.git'), path.join(dir, 'repos', 'site'), 'main', limits)).resolves.toMatch(/^[0-9a-f]{40}$/);
    for (const repo of [path.join(dir, 'repos-evil', 'site'), `file://${path.join(dir, 'repos-evil', 'site')}`])
      await expect(fetchBranch(path.join(dir, 'evil.git'), repo, 'main', limits)).rejects.toThrow(/outside the folders this server may read/);
    // The allowed folder itself may be the repository.
    await expect(
      fetchBranch(path.join(dir, 'root.git'), path.join(dir, 'repos', 'site'), 'main', { ...limits, localRoots: [path.join(allowed, 'site')] }),
    ).resolves.toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('a local repository: the objects folder, copied', () => {
  it("a loose object that is a symbolic link (to another repository's object) is refused", async () => {
    const dir = tempDir('git-object-link');
    const repo = path.join(dir, 'repos', 'site.git');
    const other = path.join(dir, 'elsewhere.git');
    git(dir, 'clone', '-q', '--bare', exampleRepo(path.join(dir, 'seed')), repo);
    git(dir, 'init', '-q', '--bare', other);
    const id = writeLooseObject(other, 'the private roadmap\n');
    mkdirSync(path.join(repo, 'objects', id.slice(0, 2)), { recursive: true });
    symlinkSync(path.join(other, 'objects', id.slice(0, 2), id.slice(2)), path.join(repo, 'objects', id.slice(0, 2), id.slice(2)));
    const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, localRoots: [path.join(dir, 'repos')], timeoutMs: 30_000 };
    await expect(fetchBranch(path.join(dir, 'cache.git'), repo, 'main', limits)).rejects.toThrow(
      /^the repository's objects\/[0-9a-f]{2}\/[0-9a-f]{38} is a symbolic link; docsnav follows no link in a local repository$/,
    );
  });

  it(
    'a repository of 20,000 loose objects is copied with the event loop turning (the copy holds no thread that answers requests)',
    async () => {
      const dir = tempDir('git-loose');
      const repo = path.join(dir, 'repos', 'site.git');
      git(dir, 'clone', '-q', '--bare', exampleRepo(path.join(dir, 'seed')), repo);
      for (let i = 0; i < 20_000; i++) writeLooseObject(repo, `page ${i}\n`);
      const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, localRoots: [path.join(dir, 'repos')], timeoutMs: 120_000 };
      let turns = 0;
      const ticker = setInterval(() => turns++, 0);
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      let copied = 0;
      try {
        await expect(
          fetchBranch(path.join(dir, 'cache.git'), repo, 'main', limits, undefined, { onCopied: (copy) => (copied = copy.copied) }),
        ).resolves.toMatch(/^[0-9a-f]{40}$/);
      } finally {
        delay.disable();
        clearInterval(ticker);
      }
      expect(copied).toBeGreaterThan(20_000);
      // Timers are served while the thread copies: a copy on the main thread finishes before any timer runs.
      expect(turns).toBeGreaterThan(10);
      expect(delay.max).toBeLessThan(1e9);
    },
    hangGuard(180_000),
  );
});

/** A repository `repo` whose main is one commit of `files` (path -> text), made by git fast-import (no working tree, fast); its commit. */
function committed(repo: string, files: ReadonlyMap<string, string>): string {
  mkdirSync(repo, { recursive: true });
  git(repo, 'init', '-q');
  const stream = ['commit refs/heads/main', 'committer Test <test@example.com> 0 +0000', 'data 5', 'files'];
  for (const [file, text] of files) stream.push(`M 100644 inline ${file}`, `data ${Buffer.byteLength(text)}`, text);
  execFileSync('git', ['fast-import', '--quiet'], { cwd: repo, input: `${stream.join('\n')}\n` });
  return git(repo, 'rev-parse', 'main').trim();
}

describe("git's output read as it comes, record by record (issue 61: read whole, a 40,000-file commit's listings held the main thread)", () => {
  const dir = tempDir('git-records');
  const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, localRoots: [path.join(dir, 'repos')], timeoutMs: 60_000 };
  /** 4,000 names of three-byte characters (~750 KB of listing: many output chunks, characters split between two of them). */
  const wide = new Map(Array.from({ length: 4000 }, (_, index) => [`docs/${'文'.repeat(40)}-${index}.mdx`, `page ${index}\n`]));
  const wideRepo = path.join(dir, 'repos', 'wide');
  const wideSha = committed(wideRepo, wide);

  it('listFiles: every name whole, with its mode, type, id and size', async () => {
    const entries = await listFiles(wideRepo, wideSha, limits);
    expect(entries.map((entry) => entry.path).sort()).toEqual([...wide.keys()].sort());
    const ids = git(wideRepo, 'ls-tree', '-r', '--format=%(objectname)', wideSha).trim().split('\n');
    expect(entries.map((entry) => entry.id).sort()).toEqual(ids.sort());
    expect(entries.filter((entry) => entry.mode !== '100644' || entry.type !== 'blob')).toEqual([]);
    expect(entries.find((entry) => entry.path === `docs/${'文'.repeat(40)}-1234.mdx`)?.size).toBe('page 1234\n'.length);
  });

  it('listFiles: a submodule (a commit in the tree, no size of its own) has size 0', async () => {
    const repo = path.join(dir, 'repos', 'submodule');
    mkdirSync(repo, { recursive: true });
    git(repo, 'init', '-q');
    const stream = [
      'commit refs/heads/main',
      'committer Test <test@example.com> 0 +0000',
      'data 3',
      'sub',
      `M 160000 ${'a'.repeat(40)} vendor/lib`,
      'M 100644 inline docs/a.md',
      'data 2',
      'a',
    ];
    execFileSync('git', ['fast-import', '--quiet'], { cwd: repo, input: `${stream.join('\n')}\n` });
    const entries = await listFiles(repo, git(repo, 'rev-parse', 'main').trim(), limits);
    expect(entries).toEqual([
      { mode: '100644', type: 'blob', id: git(repo, 'rev-parse', 'main:docs/a.md').trim(), size: 2, path: 'docs/a.md' },
      { mode: '160000', type: 'commit', id: 'a'.repeat(40), size: 0, path: 'vendor/lib' },
    ]);
  });

  it('fetchBlobs: of the 4,000 blobs a partial cache lacks, the 2,500 asked for, then the other 1,500, then none; blobSizes reads their sizes in order', async () => {
    const cache = path.join(dir, 'partial.git');
    const sha = await fetchBranch(cache, wideRepo, 'main', limits, undefined, { partial: true });
    const entries = await listFiles(cache, sha, limits, { sizes: false });
    const ids = entries.map((entry) => entry.id);
    expect(await fetchBlobs(cache, wideRepo, sha, ids.slice(0, 2500), limits)).toBe(2500);
    expect(await fetchBlobs(cache, wideRepo, sha, ids, limits)).toBe(1500);
    expect(await fetchBlobs(cache, wideRepo, sha, ids, limits)).toBe(0);
    expect(await blobSizes(cache, ids, limits)).toEqual(entries.map((entry) => Buffer.byteLength(wide.get(entry.path)!)));
    await expect(blobSizes(cache, [...ids.slice(0, 2), '0'.repeat(40)], limits)).rejects.toThrow(/^the git cache lacks files of the commit$/);
  });

  it('runGit: output handed on as it comes stops git past maxOutput, the limit named; at it, every byte comes', async () => {
    const args = ['ls-tree', '-r', '-z', '--full-tree', wideSha];
    const total = execFileSync('git', args, { cwd: wideRepo, maxBuffer: 64 * 1024 * 1024 }).length;
    let bytes = 0;
    const read = (maxOutput: number) => runGit(args, { cwd: wideRepo, timeoutMs: 60_000, maxOutput, onData: (chunk) => void (bytes += chunk.length) });
    await expect(read(total)).resolves.toBe('');
    expect(bytes).toBe(total);
    bytes = 0;
    await expect(read(total - 1)).rejects.toThrow(new RegExp(`^git ls-tree printed more than ${total - 1} bytes$`));
    expect(bytes).toBeLessThan(total);
  });
});

describe('writeBlobs: every file written byte for byte', () => {
  it(
    "empty, small, and larger than git's output chunks (one file over many of them), and 2,000 small ones",
    async () => {
      const dir = tempDir('git-write-blobs');
      const repo = path.join(dir, 'repos', 'site');
      git(dir, 'init', '-q', repo);
      const contents = new Map<string, Buffer>([
        ['empty.mdx', Buffer.alloc(0)],
        ['one.mdx', Buffer.from('x')],
        ['newline.mdx', Buffer.from('\n')],
      ]);
      for (const size of [65_535, 65_536, 200_003, 3_000_000]) {
        const bytes = Buffer.alloc(size);
        for (let at = 0; at < size; at++) bytes[at] = (at * 31 + size) % 256;
        contents.set(`big-${size}.bin`, bytes);
      }
      for (let i = 0; i < 2000; i++) contents.set(`pages/page-${i}.mdx`, Buffer.from(`# Page ${i}\n${'text '.repeat(i % 50)}\n`));
      for (const [file, bytes] of contents) {
        mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
        writeFileSync(path.join(repo, file), bytes);
      }
      git(repo, 'add', '-A');
      git(repo, 'commit', '-qm', 'files');
      const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, localRoots: [path.join(dir, 'repos')], timeoutMs: 60_000 };
      const cache = path.join(dir, 'cache.git');
      const sha = await fetchBranch(cache, repo, 'main', limits);
      const entries = await listFiles(cache, sha, limits);
      const out = path.join(dir, 'out');
      expect(await writeBlobs(cache, entries, out, limits)).toBe(contents.size);
      // Each file whole once writeBlobs is done (a write still under way left an empty file).
      for (const [file, bytes] of contents) expect(Buffer.compare(readFileSync(path.join(out, file)), bytes), file).toBe(0);
    },
    hangGuard(60_000),
  );
});

describe('writeBlobs: a path that could climb out of the folder', () => {
  it('is refused before any file is written (every path is checked first, not as each file is written)', async () => {
    const dir = tempDir('git-write-climb');
    const repo = path.join(dir, 'repos', 'site');
    git(dir, 'init', '-q', repo);
    writeFileSync(path.join(repo, 'a.mdx'), 'a\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'files');
    const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, localRoots: [path.join(dir, 'repos')], timeoutMs: 30_000 };
    const cache = path.join(dir, 'cache.git');
    const sha = await fetchBranch(cache, repo, 'main', limits);
    const [entry] = await listFiles(cache, sha, limits);
    const out = path.join(dir, 'out');
    for (const bad of ['../escaped.mdx', 'x/../../escaped.mdx', '.git/config', 'x\\..\\y.mdx']) {
      // The good file first: a check made only as each file is written would have written it.
      const refused = await writeBlobs(cache, [entry, { ...entry, path: bad }], out, limits).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused, bad).toBeInstanceOf(GitError);
      expect((refused as GitError).message).toBe(`the commit holds a path docsnav does not write: ${JSON.stringify(bad)}`);
      expect(existsSync(path.join(out, 'a.mdx')), bad).toBe(false);
      expect(existsSync(path.join(dir, 'escaped.mdx'))).toBe(false);
    }
  });
});

describe('pushHead: no force unless asked', () => {
  const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, localRoots: LOCAL_ROOTS, timeoutMs: 30_000 };

  it('a branch someone else moved meanwhile: the push is refused and their commit stays; force (a retry of our own branch) replaces it', async () => {
    const dir = tempDir('git-push');
    const { remote, clone } = remoteWithClone(dir);
    git(clone, 'checkout', '-q', '-b', 'feature');
    const ours = commitFile(clone, 'docs/ours.mdx', 'ours\n', 'Our commit');
    await pushHead(clone, remote, 'feature', limits);
    expect(tip(remote, 'feature')).toBe(ours);
    // A fast-forward on top of our own commit is an ordinary push.
    const next = commitFile(clone, 'docs/next.mdx', 'next\n', 'Our next commit');
    await pushHead(clone, remote, 'feature', limits);
    expect(tip(remote, 'feature')).toBe(next);

    const theirs = pushAsSomeoneElse(dir, remote, 'feature', 'docs/theirs.mdx');
    commitFile(clone, 'docs/later.mdx', 'later\n', 'Our later commit');
    const refused = await pushHead(clone, remote, 'feature', limits).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(GitError);
    expect((refused as GitError).message).toMatch(/rejected/);
    expect(tip(remote, 'feature')).toBe(theirs);

    await pushHead(clone, remote, 'feature', limits, undefined, true);
    expect(tip(remote, 'feature')).toBe(git(clone, 'rev-parse', 'HEAD').trim());
  });
});

/**
 * A server on an embedded database for one describe block, whose test queues a repair job of
 * project `acme` with no worker running (so the fix branch is known before the job runs), then
 * runs a worker until the job halts.
 */
function repairServer(prefix: string) {
  let dir = '';
  let store: Store;
  let app: FastifyInstance;
  let runner: JobRunner | undefined;
  let headers: Record<string, string> = {};

  beforeAll(async () => {
    dir = tempDir(prefix);
    mkdirSync(path.join(dir, 'data'));
    store = await openStore({ data: path.join(dir, 'data') });
    app = await buildApp(new Core(store));
    await app.ready();
  }, hangGuard(120_000));

  afterAll(async () => {
    await runner?.stop();
    await app?.close();
    await store?.close();
  });

  return {
    dir: () => dir,
    async queueRepair(repo: string): Promise<{ sessionId: string; branch: string }> {
      const core = new Core(store);
      await core.addProject({ id: 'acme', repo, branch: 'main', docsDir: 'docs' });
      const admin = (await core.createKey('acme', 'admin')).token;
      headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
      const started = await app.inject({ method: 'POST', url: '/v1/agent/acme/job', headers, payload: '{}' });
      expect(started.statusCode).toBe(202);
      return started.json<{ sessionId: string; branch: string }>();
    },
    async runUntilHalted(sessionId: string): Promise<Record<string, unknown>> {
      runner = new JobRunner(store, jobKinds, workerSettings(path.join(dir, 'data'), { pollMs: 100, sweepMs: 500, git: { localRoots: LOCAL_ROOTS } }));
      await runner.start();
      return waitFor(
        async () => {
          const body = (await app.inject({ method: 'GET', url: `/v1/agent/acme/job/${sessionId}`, headers })).json<Record<string, unknown>>();
          return body.haulted ? body : undefined;
        },
        60_000,
        'the repair job',
      );
    },
  };
}

describe('a repair job whose fix branch someone else pushed to meanwhile', () => {
  const server = repairServer('git-repair');

  it('fails on its first attempt with the push refused; their commit is still the branch', async () => {
    const dir = server.dir();
    const { remote } = remoteWithClone(dir);
    const { sessionId, branch } = await server.queueRepair(remote);
    const theirs = pushAsSomeoneElse(dir, remote, branch, 'docs/theirs.mdx');
    const done = await server.runUntilHalted(sessionId);
    expect(done.haultReason).toBe('github_missconfigured');
    expect(done.pullRequestLink).toBeNull();
    expect(done.messageToUser).toMatch(/could not be pushed/);
    expect(tip(remote, branch)).toBe(theirs);
  });
});

describe('a repair job whose repository is a non-bare local one with the fix branch checked out (issue 38 item 3)', () => {
  const server = repairServer('git-repair-checkout');

  it('is refused (no push into a working tree) and runs none of the commands its config names', async () => {
    const dir = server.dir();
    const target = path.join(dir, 'target');
    git(dir, 'init', '-q', target);
    commitFile(target, 'docs/index.mdx', '---\ntitle: Home\n---\n# Home\n');
    commitFile(target, '.gitattributes', '*.json filter=evil\n');
    commitFile(target, 'docs/docs.json', BROKEN);
    const { sessionId, branch } = await server.queueRepair(target);
    // The repository's owner knew the branch name: it is checked out, and pushes to it check out.
    git(target, 'checkout', '-q', '-b', branch);
    const marker = path.join(dir, 'ran');
    const command = path.join(dir, 'command.sh');
    writeFileSync(command, `#!/bin/sh\necho "$0" >> '${marker}'\ncat\n`);
    chmodSync(command, 0o755);
    for (const [key, value] of [
      ['receive.denyCurrentBranch', 'updateInstead'],
      ['core.fsmonitor', command],
      ['filter.evil.smudge', command],
      ['filter.evil.clean', command],
    ])
      git(target, 'config', key, value);

    const done = await server.runUntilHalted(sessionId);
    expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '', 'what the commands of its config wrote').toBe('');
    expect(done.haultReason).toBe('github_missconfigured');
    expect(done.messageToUser).toMatch(/could not be pushed .*checked out in the repository's working tree; docsnav never pushes into a checked-out branch/);
    expect(git(target, 'rev-parse', 'HEAD').trim()).toBe(git(target, 'rev-parse', 'main').trim());
  });
});
