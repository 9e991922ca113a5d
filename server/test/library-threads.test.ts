/** The pool of library threads: a finished thread waits for the next task, then ends when none comes. */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeThreads, idleThreads, runInThread, threadPool } from '../src/library-threads.js';
import { REPO_ROOT, tempDir, waitFor } from './helpers.js';

const LIMITS = { timeoutMs: 60_000, maxHeapMb: 256 };

function exampleCheckout(): string {
  const dir = tempDir('thread');
  cpSync(path.join(REPO_ROOT, 'fixtures/example'), dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}expected`) });
  return dir;
}

afterAll(async () => {
  threadPool.idleMs = 30_000;
  await closeThreads();
});

describe('library threads', () => {
  it('keeps a finished thread for the next task, ends it when none comes within the idle time, and starts a new one after', async () => {
    threadPool.idleMs = 300;
    const dir = exampleCheckout();
    const input = { docsRoot: dir, docsFile: path.join(dir, 'docs.json'), checkoutRoot: dir };
    const first = await runInThread('fix', input, LIMITS);
    expect(Array.isArray(first.fixed)).toBe(true);
    expect(idleThreads()).toBe(1);
    await waitFor(() => (idleThreads() === 0 ? true : undefined), 10_000, 'the idle thread to end');
    const again = await runInThread('fix', input, LIMITS);
    expect(again.written).toEqual([]);
    expect(idleThreads()).toBe(1);
  });

  it('hands a waiting thread to the next task before its idle time ends', async () => {
    threadPool.idleMs = 5_000;
    await closeThreads();
    const dir = exampleCheckout();
    const input = { docsRoot: dir, docsFile: path.join(dir, 'docs.json'), checkoutRoot: dir };
    await runInThread('fix', input, LIMITS);
    await runInThread('fix', input, LIMITS);
    expect(idleThreads()).toBe(1);
  });
});
