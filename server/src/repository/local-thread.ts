/**
 * The worker thread of local-worker.ts: runs the tasks on local repositories (local-copy.ts) it is
 * sent, one at a time (local-tasks.ts `runLocalTaskHere`), and posts each one's outcome. Its work
 * is synchronous file access, thousands of opens and reads for a big repository: here it holds no
 * thread that answers requests. It keeps nothing from one task to the next (each opens its
 * repository anew).
 */
import { parentPort } from 'node:worker_threads';
import { runLocalTaskHere, type LocalTaskMessage } from './local-tasks.js';

const port = parentPort!;
port.on('message', (message: LocalTaskMessage) => port.postMessage(runLocalTaskHere(message)));
