/** The pool of library threads: a finished thread waits for the next task, then ends when none comes. */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeThreads, idleThreads, runInThread, threadPool } from '../src/analysis/library-threads.js';
import { REPO_ROOT, tempDir, waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

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

  it(
    "counts only the thread's own time against the limit, not the time its batches wait to be stored",
    async () => {
      // 1,500 pages: a few batches of texts and tree parts, each stored slower than the whole limit.
      const dir = tempDir('thread-slow-store');
      const pages = Array.from({ length: 1500 }, (_, i) => `p/page-${i}`);
      mkdirSync(path.join(dir, 'p'));
      for (const page of pages) writeFileSync(path.join(dir, `${page}.mdx`), `---\ntitle: Page ${page}\n---\n\nText of ${page}.\n`);
      writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Slow', colors: { primary: '#000000' }, navigation: { pages } }));
      const input = { docsRoot: dir, docsFile: path.join(dir, 'docs.json'), checkoutRoot: dir, maxPages: 10_000 };
      const limits = { timeoutMs: 6_000, maxHeapMb: 256 };
      let batches = 0;
      const output = await runInThread('analyze', input, limits, undefined, async () => {
        batches++;
        await new Promise((resolve) => setTimeout(resolve, limits.timeoutMs));
      });
      expect(output.pages).toBe(1500);
      expect(batches).toBeGreaterThanOrEqual(3);
    },
    hangGuard(120_000),
  );
});
