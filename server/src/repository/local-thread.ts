/**
 * The worker thread of local-worker.ts: runs the tasks on local repositories (local-copy.ts) it is
 * sent, one at a time, and posts each one's outcome. Its work is synchronous file access,
 * thousands of opens and reads for a big repository: here it holds no thread that answers
 * requests. It keeps nothing from one task to the next (each opens its repository anew).
 */
import { parentPort } from 'node:worker_threads';
import { LocalRepoError, GitError } from './errors.js';
import { localTasks, type LocalTaskMessage, type LocalTaskResult } from './local-tasks.js';

const port = parentPort!;
port.on('message', ({ task, input }: LocalTaskMessage) => {
  let result: LocalTaskResult;
  try {
    result = { ok: true, output: (localTasks[task] as (input: unknown) => unknown)(input) };
  } catch (error) {
    result = {
      ok: false,
      kind: error instanceof LocalRepoError ? 'refused' : error instanceof GitError ? 'git' : 'other',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  port.postMessage(result);
});
