/**
 * Runs a local repository's task (local-tasks.ts) in a worker thread: the walk and the copy are
 * thousands of synchronous opens and reads (a million entries take seconds), which on the main
 * thread would hold every request meanwhile (/healthz took 3.9 s during a walk of a million
 * entries). A task has a thread to itself while it runs. A task that runs past its time limit is
 * stopped (its thread terminated) and the repository refused; a cancelled job stops it too.
 *
 * A thread that ended its task cleanly is kept for the next one (one at most, `spare`): starting a
 * thread cost 50-300 ms on a busy 2-core machine, more than copying a docs repository of 400
 * files, and a first deployment of a local repository paid it every time. `warmLocalThread`
 * starts the spare before any task (a server that allows local repositories, when it starts). A
 * thread that timed out, was cancelled or failed is never reused; a task's error (a refusal) is
 * its answer, not the thread's failure, and the thread is kept. An idle thread holds ~10 MB.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GitError, LocalRepoError } from './errors.js';
import type { LocalTaskInput, LocalTaskMessage, LocalTaskName, LocalTaskOutput, LocalTaskResult } from './local-tasks.js';

/** The compiled thread script (tests run the TypeScript sources, so they use the build's copy). */
function threadScript(): URL {
  const here = new URL('./local-thread.js', import.meta.url);
  // Stryker disable next-line ConditionalExpression: the tests run the sources, beside which no compiled thread script sits (the built server's tests take this branch).
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

/** The thread that waits for the next task, if one does. */
let spare: Worker | undefined;

function newThread(): Worker {
  return new Worker(threadScript(), { resourceLimits: { maxOldGenerationSizeMb: 256 } });
}

/** Removes the listeners a task or the wait added (only those: a worker's own listeners stay, or its next message is lost). */
function forget(worker: Worker): void {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
}

/** The spare thread (it stops waiting), or a new one. */
function takeThread(): Worker {
  const worker = spare ?? newThread();
  spare = undefined;
  forget(worker);
  worker.ref();
  return worker;
}

/** Keeps `worker`, whose task ended cleanly, for the next task; ends it when one is kept already. */
function keepThread(worker: Worker): void {
  forget(worker);
  worker.on('error', () => {});
  if (spare) {
    void worker.terminate();
    return;
  }
  worker.on('exit', () => {
    if (spare === worker) spare = undefined;
  });
  worker.unref(); // a waiting thread never keeps the process alive
  spare = worker;
}

/** Starts the thread the next local task will run in (when none waits), so that the task does not wait for it to start. */
export function warmLocalThread(): void {
  // Stryker disable next-line ConditionalExpression: a thread started when one waits is ended by keepThread (one kept at most): only its start is spared.
  if (!spare) keepThread(newThread());
}

/** Ends the waiting thread (a stopping process). */
export async function closeLocalThread(): Promise<void> {
  const worker = spare;
  spare = undefined;
  await worker?.terminate();
}

/** The thread that waits for the next task, if one does (tests: whether one waits, its listeners, its limits, its end). */
export function spareLocalThread(): Worker | undefined {
  return spare;
}

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
    const worker = takeThread();
    let settled = false;
    /** Ends the task: its thread kept when it answered (`answered`), terminated otherwise (a time limit, a cancel, a crash). */
    const finish = (answered: boolean, settle: () => void) => {
      // Stryker disable next-line ConditionalExpression: finish removes every way back in (the thread's listeners, the timer, the abort listener) before it settles: no second call comes; kept as the promise's own guard.
      if (settled) return;
      // Stryker disable next-line BooleanLiteral: as above.
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (answered) keepThread(worker);
      else {
        forget(worker);
        worker.on('error', () => {});
        void worker.terminate();
      }
      settle();
    };
    const timer = setTimeout(
      () =>
        finish(false, () =>
          reject(
            new LocalRepoError(
              `the repository could not be ${DOING[task]} within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}; docsnav refuses a local repository it cannot read whole`,
            ),
          ),
        ),
      timeoutMs,
    );
    const onAbort = () => finish(false, () => reject(new GitError('the job was cancelled', '', true)));
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: finish removes the listener whichever way the task ends, the abort's own included.
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (result: LocalTaskResult) =>
      finish(true, () => {
        if (result.ok) resolve(result.output as LocalTaskOutput<T>);
        else if (result.kind === 'refused') reject(new LocalRepoError(result.message));
        else reject(new GitError(result.kind === 'git' ? result.message : `the local repository could not be read: ${result.message}`));
      }),
    );
    // Stryker disable next-line BooleanLiteral: a thread's error comes with its exit (Node drains a thread's messages when it exits): kept, it would be dropped by its exit listener in the same turn, before any task could take it.
    worker.on('error', (error) => finish(false, () => reject(new GitError(`the local repository could not be read: ${error.message}`))));
    worker.on('exit', (code) => finish(false, () => reject(new GitError(`the local repository could not be read: its thread exited with ${code}`))));
    worker.postMessage({ task, input } satisfies LocalTaskMessage);
  });
}
