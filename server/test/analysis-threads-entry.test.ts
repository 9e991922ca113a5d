/**
 * The worker-thread side of `runInThread` (library-thread-entry.ts), run in-process over a fake
 * parent port: a task's batches are sent and held until acknowledged (at most two on their way),
 * its output or its error is sent back. The real threads run the build's copy of this file, which
 * a mutant of the source never reaches; this drives the source itself.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SectionsBatch } from '../src/store/deployments.js';

const fake = vi.hoisted(() => {
  const listeners = new Map<string, (message: unknown) => void>();
  const posted: unknown[] = [];
  return {
    listeners,
    posted,
    port: {
      on: (event: string, listener: (message: unknown) => void) => listeners.set(event, listener),
      postMessage: (message: unknown) => posted.push(message),
    },
  };
});
const tasks = vi.hoisted(() => ({ analyzeCheckout: vi.fn(), fixCheckout: vi.fn() }));

vi.mock('node:worker_threads', () => ({ parentPort: fake.port }));
vi.mock('../src/analysis/analyze.js', () => ({ analyzeCheckout: tasks.analyzeCheckout }));
vi.mock('../src/analysis/fix-task.js', () => ({ fixCheckout: tasks.fixCheckout }));

/** A message from the main thread. */
const send = (message: unknown) => fake.listeners.get('message')!(message);
/** Lets every settled promise run its reactions. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const batch = (n: number) => ({ sections: [], parts: [], n }) as unknown as SectionsBatch;

beforeAll(async () => {
  await import('../src/analysis/library-thread-entry.js');
});

beforeEach(() => {
  fake.posted.length = 0;
  tasks.analyzeCheckout.mockReset();
  tasks.fixCheckout.mockReset();
});

describe('the library thread', () => {
  it('listens for messages only', () => {
    expect([...fake.listeners.keys()]).toEqual(['message']);
  });

  it('runs a fix task and sends its output', async () => {
    tasks.fixCheckout.mockReturnValue({ written: ['docs.json'] });
    send({ task: 'fix', input: { docsFile: 'docs.json' } });
    await settle();
    expect(tasks.fixCheckout).toHaveBeenCalledWith({ docsFile: 'docs.json' });
    expect(tasks.analyzeCheckout).not.toHaveBeenCalled();
    expect(fake.posted).toEqual([{ type: 'done', output: { written: ['docs.json'] } }]);
  });

  it('runs an analysis: each batch is sent at once, and a batch waits for the one before it to be stored', async () => {
    const resolved: number[] = [];
    let finish: (output: unknown) => void = () => {};
    tasks.analyzeCheckout.mockImplementation((_input: unknown, emit: (batch: SectionsBatch) => Promise<void>) => {
      void emit(batch(1)).then(() => resolved.push(1));
      void emit(batch(2)).then(() => resolved.push(2));
      void emit(batch(3)).then(() => resolved.push(3));
      return new Promise((resolve) => (finish = resolve));
    });
    send({ task: 'analyze', input: { docsRoot: '/docs' } });
    await settle();
    expect(tasks.analyzeCheckout.mock.calls[0][0]).toEqual({ docsRoot: '/docs' });
    expect(tasks.fixCheckout).not.toHaveBeenCalled();
    expect(fake.posted).toEqual([
      { type: 'batch', batch: batch(1) },
      { type: 'batch', batch: batch(2) },
      { type: 'batch', batch: batch(3) },
    ]);
    // The first batch had none before it; the second waits for the first to be stored.
    expect(resolved).toEqual([1]);
    send({ ack: true });
    await settle();
    expect(resolved).toEqual([1, 2]);
    send({ ack: true });
    await settle();
    expect(resolved).toEqual([1, 2, 3]);
    send({ ack: true });
    // An acknowledgement with no batch on its way is ignored.
    send({ ack: true });
    finish({ pages: 3 });
    await settle();
    expect(fake.posted.at(-1)).toEqual({ type: 'done', output: { pages: 3 } });
  });

  it.each([
    ['an Error: its message', new Error('docs.json is not JSON'), 'docs.json is not JSON'],
    ['a string', 'out of pages', 'out of pages'],
    ['null', null, 'null'],
    ['an object with no message', { code: 1 }, '[object Object]'],
  ])('sends a failure of the task (%s)', async (_name, error, message) => {
    tasks.analyzeCheckout.mockRejectedValue(error);
    send({ task: 'analyze', input: {} });
    await settle();
    expect(fake.posted).toEqual([{ type: 'error', message }]);
  });
});
