/**
 * Runs a local repository's task (local-tasks.ts) in a worker thread of its own: the walk and the
 * copy are thousands of synchronous opens and reads (a million entries take seconds), which on the
 * main thread would hold every request meanwhile (/healthz took 3.9 s during a walk of a million
 * entries). A task that runs past its time limit is stopped (the thread terminated) and the
 * repository refused; a cancelled job stops it too.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GitError, LocalRepoError } from './errors.js';
import type { LocalTaskInput, LocalTaskName, LocalTaskOutput, LocalTaskResult } from './local-tasks.js';

/** The compiled thread script (tests run the TypeScript sources, so they use the build's copy). */
function threadScript(): URL {
  const here = new URL('./local-thread.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/repository/local-thread.js', import.meta.url);
}

/** What the task does, for the message when it runs out of time. */
const DOING: Record<LocalTaskName, string> = {
  copy: 'copied',
  branches: 'read',
  readBranch: 'read',
  writeBranch: 'written to',
};

export function runLocalTask<T extends LocalTaskName>(
  task: T,
  input: LocalTaskInput<T>,
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
): Promise<LocalTaskOutput<T>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new GitError('the job was cancelled', '', true));
      return;
    }
    const worker = new Worker(threadScript(), { workerData: { task, input }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new LocalRepoError(
              `the repository could not be ${DOING[task]} within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}; docsnav refuses a local repository it cannot read whole`,
            ),
          ),
        ),
      timeoutMs,
    );
    const onAbort = () => finish(() => reject(new GitError('the job was cancelled', '', true)));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (result: LocalTaskResult) =>
      finish(() => {
        if (result.ok) resolve(result.output as LocalTaskOutput<T>);
        else if (result.kind === 'refused') reject(new LocalRepoError(result.message));
        else reject(new GitError(result.kind === 'git' ? result.message : `the local repository could not be read: ${result.message}`));
      }),
    );
    worker.on('error', (error) => finish(() => reject(new GitError(`the local repository could not be read: ${error.message}`))));
    worker.on('exit', (code) => finish(() => reject(new GitError(`the local repository could not be read: its thread exited with ${code}`))));
  });
}
