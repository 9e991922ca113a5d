/**
 * Issue 61 item 2: a local repository's tasks run in a thread that is kept for the next task
 * (local-worker.ts), so a first deployment does not wait for a thread to start. Through the code
 * that relies on it (`fetchBranch` copies, `remoteBranches` reads branches), with real git: a
 * thread is reused only once its task answered, never while another task has it, never after a
 * time limit or a cancel (it would still be working, and its late answer would be taken for the
 * next task's).
 */
import { getEventListeners } from 'node:events';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalRepoError } from '../src/repository/errors.js';
import { runLocalTaskHere } from '../src/repository/local-tasks.js';
import { closeLocalThread, runLocalTask, spareLocalThread, warmLocalThread } from '../src/repository/local-worker.js';
import { GitError } from '../src/repository/errors.js';
import { fetchBranch, remoteBranches } from '../src/repository/operations/fetch.js';
import { DEFAULT_GIT_LIMITS, type GitLimits } from '../src/repository/operations/limits.js';
import { exampleRepo, git, tempDir, writeLooseObject } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const dir = tempDir('local-threads');
const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, timeoutMs: 60_000, localRoots: [dir] };
let caches = 0;

/** A repository whose branches are `main` and `names`. */
function repoWithBranches(name: string, ...names: string[]): string {
  const repo = exampleRepo(path.join(dir, name));
  for (const branch of names) git(repo, 'branch', branch);
  return repo;
}

/** A repository with `count` loose objects more than its commit's: a copy of it takes a while. */
function slowToCopy(name: string, count: number): string {
  const repo = exampleRepo(path.join(dir, name));
  for (let index = 0; index < count; index++) writeLooseObject(path.join(repo, '.git'), `${name} object ${index}\n`);
  return repo;
}

afterAll(() => closeLocalThread());

describe('the thread of local tasks', () => {
  it('is kept once a task answered (a refusal too), and runs the next one', async () => {
    await closeLocalThread();
    expect(spareLocalThread()).toBeUndefined();
    warmLocalThread();
    expect(spareLocalThread()).toBeDefined();
    const repo = repoWithBranches('kept', 'kept-one');
    expect(await remoteBranches(repo, limits)).toEqual(['kept-one', 'main']);
    expect(spareLocalThread()).toBeDefined();
    const refused = await remoteBranches(path.join(dir, 'missing'), limits).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LocalRepoError);
    expect((refused as Error).message).toBe('the repository does not exist');
    expect(spareLocalThread()).toBeDefined();
    expect(await remoteBranches(repo, limits)).toEqual(['kept-one', 'main']);
  });

  it('runs task after task: copies and branch reads, each answered', async () => {
    await closeLocalThread();
    const repo = repoWithBranches('in-turn', 'in-turn-branch');
    for (let round = 0; round < 2; round++) {
      const sha = await fetchBranch(path.join(dir, `cache-${++caches}.git`), repo, 'main', limits);
      expect(sha).toBe(git(repo, 'rev-parse', 'main').trim());
      expect(await remoteBranches(repo, limits)).toEqual(['in-turn-branch', 'main']);
    }
    expect(spareLocalThread()).toBeDefined();
  });

  it('is taken by one task at a time: two tasks at once each get their own answer', async () => {
    warmLocalThread();
    const first = repoWithBranches('first', 'only-first');
    const second = repoWithBranches('second', 'only-second');
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([remoteBranches(first, limits), remoteBranches(second, limits)]);
      expect([a, b]).toEqual([
        ['main', 'only-first'],
        ['main', 'only-second'],
      ]);
    }
  });

  it('that ran past its time limit is ended, never given the next task (its late answer is not taken for that task)', async () => {
    const slow = slowToCopy('slow-timeout', 4_000);
    const next = repoWithBranches('after-timeout', 'after-timeout-branch');
    warmLocalThread();
    const thread = spareLocalThread()!;
    const timedOut = await fetchBranch(path.join(dir, `cache-${++caches}.git`), slow, 'main', { ...limits, timeoutMs: 20 }).catch((error: unknown) => error);
    expect((timedOut as Error).message).toBe('the repository could not be copied within 20 ms; docsnav refuses a local repository it cannot read whole');
    expect(spareLocalThread()).toBeUndefined();
    // Ended, not left copying (its answer would come to no one, the thread held for good).
    await vi.waitFor(() => expect(thread.threadId).toBe(-1), { timeout: hangGuard(30_000), interval: 2 });
    expect(await remoteBranches(next, limits)).toEqual(['after-timeout-branch', 'main']);
  });

  it('of a cancelled task is ended, never given the next task', async () => {
    const slow = slowToCopy('slow-cancel', 4_000);
    const next = repoWithBranches('after-cancel', 'after-cancel-branch');
    warmLocalThread();
    const thread = spareLocalThread()!;
    const controller = new AbortController();
    const copying = fetchBranch(path.join(dir, `cache-${++caches}.git`), slow, 'main', limits, controller.signal).catch((error: unknown) => error);
    setTimeout(() => controller.abort(), 20);
    const cancelled = (await copying) as GitError;
    expect([cancelled, cancelled.message, cancelled.killed, cancelled.stderr]).toEqual([expect.any(GitError), 'the job was cancelled', true, '']);
    expect(spareLocalThread()).toBeUndefined();
    await vi.waitFor(() => expect(thread.threadId).toBe(-1), { timeout: hangGuard(30_000), interval: 2 });
    expect(await remoteBranches(next, limits)).toEqual(['after-cancel-branch', 'main']);
  });
});

describe('the thread kept between tasks', () => {
  /** How many listeners of each event the waiting thread has. */
  const listeners = () => Object.fromEntries(['message', 'error', 'exit'].map((event) => [event, spareLocalThread()?.listenerCount(event)]));

  it('holds only its own two listeners (an error, its exit) after task upon task: none of a task stays', async () => {
    await closeLocalThread();
    const repo = repoWithBranches('listeners', 'listeners-branch');
    let thread: unknown;
    for (let round = 0; round < 12; round++) {
      expect(await remoteBranches(repo, limits)).toEqual(['listeners-branch', 'main']);
      expect(listeners()).toEqual({ message: 0, error: 1, exit: 1 });
      if (round === 0) thread = spareLocalThread();
      expect(spareLocalThread()).toBe(thread);
    }
  });

  it('runs under a heap limit of its own (256 MB)', async () => {
    await closeLocalThread();
    warmLocalThread();
    expect(spareLocalThread()?.resourceLimits?.maxOldGenerationSizeMb).toBe(256);
  });

  it('that ended while it waited is not given the next task', async () => {
    warmLocalThread();
    const waiting = spareLocalThread()!;
    await waiting.terminate();
    expect(spareLocalThread()).toBeUndefined();
    expect(await remoteBranches(repoWithBranches('after-end', 'after-end-branch'), limits)).toEqual(['after-end-branch', 'main']);
    expect(spareLocalThread()).not.toBe(waiting);
  });

  it('is not taken by a task cancelled before it starts', async () => {
    warmLocalThread();
    const waiting = spareLocalThread();
    const controller = new AbortController();
    controller.abort();
    const cancelled = (await fetchBranch(path.join(dir, `cache-${++caches}.git`), repoWithBranches('cancelled-first'), 'main', limits, controller.signal).catch(
      (error: unknown) => error,
    )) as GitError;
    expect([cancelled, cancelled.message, cancelled.killed, cancelled.stderr]).toEqual([expect.any(GitError), 'the job was cancelled', true, '']);
    expect(spareLocalThread()).toBe(waiting);
  });

  it('that ends during its task fails that task, saying so, and is not kept', async () => {
    warmLocalThread();
    const thread = spareLocalThread()!;
    const copying = fetchBranch(path.join(dir, `cache-${++caches}.git`), slowToCopy('slow-ended', 4_000), 'main', limits).catch((error: unknown) => error);
    // Once the task has the thread (it is no longer the waiting one), it ends as a thread that crashed does.
    await vi.waitFor(() => expect(spareLocalThread()).toBeUndefined(), { timeout: hangGuard(30_000), interval: 2 });
    await thread.terminate();
    const failed = (await copying) as Error;
    expect([failed, failed.message]).toEqual([expect.any(GitError), 'the local repository could not be read: its thread exited with 1']);
    expect(spareLocalThread()).toBeUndefined();
  });

  /**
   * A message that is no task: the thread's handler destructures it before runLocalTaskHere's `try`,
   * so the thread throws, uncaught, and dies with an 'error' event, as a thread that fails does.
   * Posted to the waiting thread, it comes before the next task's own message.
   */
  const crash = (thread: { postMessage(message: unknown): void }) => thread.postMessage(null);
  const crashMessage = /^the local repository could not be read: Cannot destructure property 'task' of .*null/;

  it('that crashes during its task fails that task with the thread’s own error, and is not kept', async () => {
    await closeLocalThread();
    warmLocalThread();
    const thread = spareLocalThread()!;
    crash(thread);
    const failed = (await remoteBranches(repoWithBranches('crashed', 'crashed-branch'), limits).catch((error: unknown) => error)) as Error;
    expect(failed).toBeInstanceOf(GitError);
    expect(failed.message).toMatch(crashMessage);
    expect(spareLocalThread()).toBeUndefined();
    await vi.waitFor(() => expect(thread.threadId).toBe(-1), { timeout: hangGuard(30_000), interval: 2 });
    expect(await remoteBranches(repoWithBranches('after-crash', 'after-crash-branch'), limits)).toEqual(['after-crash-branch', 'main']);
    expect(spareLocalThread()).toBeDefined();
  });

  it('that crashes while it waits is dropped, the process unharmed, and the next task gets a new thread', async () => {
    const repo = repoWithBranches('crash-waiting', 'crash-waiting-branch');
    expect(await remoteBranches(repo, limits)).toEqual(['crash-waiting-branch', 'main']);
    const thread = spareLocalThread()!;
    // Its error must have a listener: one without would be thrown in the server's own thread.
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      crash(thread);
      await vi.waitFor(() => expect(thread.threadId).toBe(-1), { timeout: hangGuard(30_000), interval: 2 });
    } finally {
      process.off('uncaughtException', record);
    }
    expect(uncaught).toEqual([]);
    expect(spareLocalThread()).toBeUndefined();
    expect(await remoteBranches(repo, limits)).toEqual(['crash-waiting-branch', 'main']);
    expect(spareLocalThread()).not.toBe(thread);
  });

  it('is one at most: a thread that ends its task while another waits is ended, the waiting one kept', async () => {
    await closeLocalThread();
    warmLocalThread();
    const busy = spareLocalThread()!;
    const slow = slowToCopy('slow-two', 4_000);
    const copying = fetchBranch(path.join(dir, `cache-${++caches}.git`), slow, 'main', limits);
    await vi.waitFor(() => expect(spareLocalThread()).toBeUndefined(), { timeout: hangGuard(30_000), interval: 2 });
    // While the copy has `busy`, another thread is kept (as a second task that ended first would be).
    warmLocalThread();
    const waiting = spareLocalThread()!;
    expect(waiting).not.toBe(busy);
    expect(await copying).toBe(git(slow, 'rev-parse', 'main').trim());
    expect(spareLocalThread()).toBe(waiting);
    await vi.waitFor(() => expect(busy.threadId).toBe(-1), { timeout: hangGuard(30_000), interval: 2 });
    expect(waiting.threadId).not.toBe(-1);
    expect(listeners()).toEqual({ message: 0, error: 1, exit: 1 });
  });

  it('is ended when the process stops (closeLocalThread), and a thread kept meanwhile stays kept when the old one’s end comes', async () => {
    warmLocalThread();
    const old = spareLocalThread()!;
    const closing = closeLocalThread();
    expect(spareLocalThread()).toBeUndefined();
    // Kept again before the old thread has ended (a server stopped and started again at once).
    warmLocalThread();
    const kept = spareLocalThread()!;
    await closing;
    await vi.waitFor(() => expect(old.threadId).toBe(-1), { timeout: hangGuard(30_000), interval: 2 });
    expect(spareLocalThread()).toBe(kept);
    expect(await remoteBranches(repoWithBranches('after-close', 'after-close-branch'), limits)).toEqual(['after-close-branch', 'main']);
    expect(spareLocalThread()).toBe(kept);
  });

  it('leaves no listener on the job’s signal once a task ended (answered, refused, crashed): a job runs many', async () => {
    const controller = new AbortController();
    const repo = repoWithBranches('signal', 'signal-branch');
    for (let round = 0; round < 12; round++) {
      expect(await remoteBranches(repo, limits, controller.signal)).toEqual(['main', 'signal-branch']);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    }
    await expect(remoteBranches(path.join(dir, 'missing'), limits, controller.signal)).rejects.toThrow('the repository does not exist');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    crash(spareLocalThread()!);
    await expect(remoteBranches(repo, limits, controller.signal)).rejects.toThrow(crashMessage);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    // Cancelling the job after its tasks ended changes nothing: the next task (another job's) runs.
    controller.abort();
    expect(await remoteBranches(repo, limits)).toEqual(['main', 'signal-branch']);
  });
});

describe('a failed task, as the thread’s caller words it', () => {
  const input = (repo: string) => ({ repo, roots: [dir], maxEntries: 100_000, maxBytes: 1 << 30 });

  it('a git failure (a checked-out branch written) is a GitError with git’s message as it is', async () => {
    const repo = repoWithBranches('worded-git');
    const failed = (await runLocalTask(
      'writeBranch',
      { ...input(repo), branch: 'main', packFiles: [], expected: null, sha: '0'.repeat(40) },
      { timeoutMs: 60_000 },
    ).catch((error: unknown) => error)) as Error;
    expect([failed, failed.message]).toEqual([
      expect.any(GitError),
      "the branch main is checked out in the repository's working tree; docsnav never pushes into a checked-out branch",
    ]);
    expect(failed).not.toBeInstanceOf(LocalRepoError);
  });

  it('any other error is a GitError saying the repository could not be read, and why', async () => {
    const failed = (await runLocalTask('branches', null as never, { timeoutMs: 60_000 }).catch((error: unknown) => error)) as Error;
    expect(failed).toBeInstanceOf(GitError);
    expect(failed).not.toBeInstanceOf(LocalRepoError);
    expect(failed.message).toMatch(/^the local repository could not be read: .*null/);
    // A task's own error is its answer: the thread is kept.
    expect(spareLocalThread()).toBeDefined();
  });
});

/** What the thread posts for each task (local-tasks.ts `runLocalTaskHere`, run here in-process): the output, or the error's kind and message. */
describe('a local task’s outcome, as the thread posts it', () => {
  const input = (repo: string) => ({ repo, roots: [dir], maxEntries: 100_000, maxBytes: 1 << 30 });

  it('the output of a task that ends', () => {
    const repo = repoWithBranches('outcome-ok', 'docs');
    expect(runLocalTaskHere({ task: 'branches', input: input(repo) })).toEqual({ ok: true, output: ['docs', 'main'] });
  });

  it('a refusal (a folder outside the allowed ones), a git failure (a checked-out branch written) and any other error, each its own kind', () => {
    const outside = runLocalTaskHere({ task: 'branches', input: { ...input(path.join(dir, 'outcome-ok')), roots: [path.join(dir, 'elsewhere')] } });
    expect(outside).toMatchObject({ ok: false, kind: 'refused' });
    const repo = repoWithBranches('outcome-git');
    const checkedOut = runLocalTaskHere({ task: 'writeBranch', input: { ...input(repo), branch: 'main', packFiles: [], expected: null, sha: '0'.repeat(40) } });
    expect(checkedOut).toEqual({
      ok: false,
      kind: 'git',
      message: "the branch main is checked out in the repository's working tree; docsnav never pushes into a checked-out branch",
    });
    expect(runLocalTaskHere({ task: 'branches', input: null })).toMatchObject({ ok: false, kind: 'other', message: expect.stringMatching(/null/) });
  });
});
