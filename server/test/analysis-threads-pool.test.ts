/**
 * `runInThread`'s endings other than success: a task cancelled before or while it runs, a task
 * that fails in the thread, and the error's name. Real threads (the build's worker script).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeThreads, idleThreads, runInThread, ThreadError } from '../src/analysis/library-threads.js';
import { tempDir } from './helpers.js';

const LIMITS = { timeoutMs: 60_000, maxHeapMb: 256 };

afterAll(async () => {
  await closeThreads();
});

describe('library threads: endings', () => {
  it('names its errors ThreadError', () => {
    const error = new ThreadError('x');
    expect(error.name).toBe('ThreadError');
    expect(String(error)).toBe('ThreadError: x');
  });

  it('a task cancelled before it starts rejects as cancelled, and its thread is not kept', async () => {
    await closeThreads();
    const dir = tempDir('thread-cancelled');
    const controller = new AbortController();
    controller.abort();
    const input = { docsRoot: dir, docsFile: path.join(dir, 'docs.json'), checkoutRoot: dir };
    await expect(runInThread('fix', input, LIMITS, controller.signal)).rejects.toEqual(new ThreadError('cancelled'));
    expect(idleThreads()).toBe(0);
  });

  it('a task cancelled while it runs rejects as cancelled', async () => {
    const dir = tempDir('thread-cancelled-later');
    const controller = new AbortController();
    const input = { docsRoot: dir, docsFile: path.join(dir, 'docs.json'), checkoutRoot: dir };
    const running = runInThread('fix', input, LIMITS, controller.signal);
    controller.abort();
    await expect(running).rejects.toThrow(/^cancelled$/);
    expect(idleThreads()).toBe(0);
  });

  it('a task that fails in the thread rejects with its message, and its thread is not kept', async () => {
    const dir = tempDir('thread-fails');
    const input = { docsRoot: dir, docsFile: path.join(dir, 'docs.json'), checkoutRoot: dir };
    const failure = await runInThread('fix', input, LIMITS).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ThreadError);
    expect((failure as Error).message).toMatch(/^fixing the docs failed: .*docs\.json/);
    expect(idleThreads()).toBe(0);
  });
});
