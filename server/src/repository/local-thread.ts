/**
 * The worker thread of local-worker.ts: runs one task on a local repository (local-copy.ts) and
 * posts its outcome. Its work is synchronous file access, thousands of opens and reads for a big
 * repository: here it holds no thread that answers requests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LocalRepoError, GitError } from './errors.js';
import { localTasks, type LocalTaskMessage, type LocalTaskResult } from './local-tasks.js';

const { task, input } = workerData as LocalTaskMessage;
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
parentPort!.postMessage(result);
