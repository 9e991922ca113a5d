/**
 * The checker (src/daemon/checker.ts) started in a test's own process: serveDaemon on a runtime
 * folder of the test's, its process.exit caught (the codes kept, a wait for the next), the signal
 * listeners it adds found and taken off after, every checker still listening stopped after its
 * test. Stryker's vitest runner runs the tests on worker threads, where a process's umask cannot be
 * set: there a stand-in keeps the mask the checker sets and puts back, and the socket is given the
 * mode that umask would have (its mode is checked only in a process of its own, as the default
 * suite runs).
 */
import { EventEmitter, once } from 'node:events';
import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { serveDaemon, type DaemonOptions } from '../../src/daemon/checker.js';
import { PROTOCOL, type RunRequest } from '../../src/daemon/protocol.js';

export const BUILD = 'test-build';
export const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** The codes the checker called process.exit with (caught: the test's process goes on). */
export const exits: number[] = [];
const exitEvents = new EventEmitter();
/** Waits for the `count`th call of process.exit. */
export async function exited(count: number): Promise<void> {
  while (exits.length < count) await once(exitEvents, 'exit');
}

export interface Checker {
  /** The socket's path, as `ready` was told it. */
  shown: string;
  /** The listener serveDaemon added for the signal (its stop). */
  on: Record<(typeof SIGNALS)[number], () => void>;
}
const checkers: Checker[] = [];

/** serveDaemon on `root` (15 idle minutes, build BUILD, every run answered empty unless `options.run`), once it listens. */
export async function startChecker(root: string, options: Partial<DaemonOptions> = {}): Promise<Checker> {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const ready: string[] = [];
  await serveDaemon({
    root,
    idleMinutes: 15,
    build: BUILD,
    run: () => Promise.resolve({ stdout: '', stderr: '', code: 0 }),
    ...options,
    ready: (socket) => ready.push(socket),
  });
  expect(ready).toHaveLength(1);
  if (!isMainThread) chmodSync(ready[0], 0o700);
  const added = (signal: (typeof SIGNALS)[number]) => {
    const listeners = process.listeners(signal).filter((listener) => !before.get(signal)!.includes(listener));
    expect(listeners).toHaveLength(1);
    return listeners[0] as () => void;
  };
  const checker = { shown: ready[0], on: { SIGTERM: added('SIGTERM'), SIGINT: added('SIGINT') } };
  checkers.push(checker);
  return checker;
}

export const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
export const json = (text: string): unknown => JSON.parse(text);
export const runRequest = (extra: Partial<RunRequest> = {}): RunRequest => ({
  docsnav: PROTOCOL,
  op: 'run',
  build: BUILD,
  argv: ['validate'],
  cwd: '/srv/docs',
  env: {},
  isTTY: false,
  colorSupported: false,
  ...extra,
});
export const statusOf = (root: string, served: number) => ({ pid: process.pid, root, build: BUILD, idleMinutes: 15, served });

/**
 * The hooks of a file that starts checkers: each test gets a runtime folder of its own
 * (XDG_RUNTIME_DIR; `sockets()` is the socket folder the checker makes in it) and the umask spy.
 */
export function useCheckers(ownFolder: () => string): { sockets: () => string; umask: () => MockInstance<typeof process.umask> } {
  let runtimeFolder = '';
  let umask: MockInstance<typeof process.umask> | undefined;
  beforeEach(() => {
    umask = vi.spyOn(process, 'umask');
    if (!isMainThread) {
      let mask = 0o022;
      umask.mockImplementation(((next?: number) => {
        const was = mask;
        if (next !== undefined) mask = next;
        return was;
      }) as typeof process.umask);
    }
    exits.length = 0;
    vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      exits.push(code ?? -1);
      exitEvents.emit('exit');
    }) as typeof process.exit);
    runtimeFolder = ownFolder();
    vi.stubEnv('XDG_RUNTIME_DIR', runtimeFolder);
  });
  afterEach(async () => {
    vi.useRealTimers();
    // A checker still listening (its test failed) is stopped; every listener the checkers added goes.
    for (const checker of checkers.splice(0)) {
      if (existsSync(checker.shown)) {
        const count = exits.length + 1;
        checker.on.SIGTERM();
        await exited(count);
      }
      for (const signal of SIGNALS) process.removeListener(signal, checker.on[signal]);
    }
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });
  return { sockets: () => path.join(runtimeFolder, 'docsnav'), umask: () => umask! };
}
