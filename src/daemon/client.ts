/**
 * The client's side: find the checker of a docs root that holds the current folder, check its
 * folder and socket are this user's alone (place.ts), send one request and read one answer. No
 * library code: the client entry (client-main.ts) loads the checker's bundle only when this
 * comes back without an answer.
 */
import { connect } from 'node:net';
import path from 'node:path';
import { checkSocket, NotOwnError, openSocketFolder, socketFolder, socketName } from './place.js';
import { PROTOCOL, type ErrorAnswer, type Request, type RunAnswer, type StatusAnswer } from './protocol.js';

/** No checker to ask: why, in one line (`asked`: one was there or was asked for, so the fallback is said). */
export interface NoAnswer {
  why: string;
  /** A checker's socket was there (or the folder was refused): the user started one. */
  present: boolean;
}

/** The socket of the checker for `root` itself, or for the nearest folder above it that has one. */
export function findSocket(from: string, env: NodeJS.ProcessEnv): { socket: string; root: string; close(): void } | NoAnswer {
  let folder;
  try {
    folder = openSocketFolder(socketFolder(env), false);
  } catch (error) {
    if (error instanceof NotOwnError) return { why: `${error.message}: the daemon is not used`, present: true };
    throw error;
  }
  if (folder === undefined) return { why: 'no daemon runs for this folder', present: false };
  try {
    for (let at = from, depth = 0; depth < 64; at = path.dirname(at), depth++) {
      const socket = checkSocket(folder, socketName(at));
      const checked = folder;
      if (socket !== undefined) return { socket, root: at, close: () => checked.close() };
      if (path.dirname(at) === at) break;
    }
  } catch (error) {
    folder.close();
    if (error instanceof NotOwnError) return { why: `${error.message}: the daemon is not used`, present: true };
    throw error;
  }
  folder.close();
  return { why: 'no daemon runs for this folder', present: false };
}

/**
 * How long a checker may take to answer (seconds) before the client stops waiting and checks in
 * process: a checker that hangs (stopped, stuck in a loop) must not hang the hook. A warm
 * checker answers a large site in seconds; DOCSNAV_DAEMON_TIMEOUT sets another limit.
 */
const DEFAULT_ANSWER_SECONDS = 60;

/** The answer time limit (ms) DOCSNAV_DAEMON_TIMEOUT sets (seconds), or why it sets none. */
function answerLimit(env: NodeJS.ProcessEnv): number | NoAnswer {
  const text = env.DOCSNAV_DAEMON_TIMEOUT;
  if (text === undefined || text === '') return DEFAULT_ANSWER_SECONDS * 1000;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0)
    return { why: `DOCSNAV_DAEMON_TIMEOUT must be a number of seconds above 0 (it is "${text.slice(0, 40)}"): the daemon is not used`, present: true };
  return seconds * 1000;
}

/** Sends one request to a socket; the parsed answer, or why there is none (none within `limitMs`: the connection is dropped). */
export function ask(socket: string, request: Request, limitMs = DEFAULT_ANSWER_SECONDS * 1000): Promise<RunAnswer | StatusAnswer | ErrorAnswer | NoAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const connection = connect(socket);
    const timer = setTimeout(() => {
      resolve({ why: `the daemon did not answer within ${limitMs / 1000} s (docsnav daemon stop ends it)`, present: true });
      connection.destroy();
    }, limitMs);
    connection.on('close', () => clearTimeout(timer));
    connection.on('connect', () => connection.end(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        why:
          error.code === 'ECONNREFUSED'
            ? 'no daemon listens on its socket (it stopped without removing it)'
            : `the daemon cannot be reached (${error.code ?? error.message})`,
        present: true,
      }),
    );
    connection.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(JSON.parse(text) as RunAnswer | StatusAnswer | ErrorAnswer);
      } catch {
        resolve({ why: 'the daemon closed the connection without an answer', present: true });
      }
    });
  });
}

/** `validate`'s arguments through the checker of the current folder's root: its answer, or why not. */
export async function runThroughDaemon(
  argv: string[],
  context: { cwd: string; env: NodeJS.ProcessEnv; isTTY: boolean; colorSupported: boolean; build: string },
): Promise<RunAnswer | NoAnswer> {
  const limit = answerLimit(context.env);
  if (typeof limit !== 'number') return limit;
  const found = findSocket(context.cwd, context.env);
  if ('why' in found) return found;
  try {
    const env = Object.fromEntries(Object.entries(context.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const answer = await ask(
      found.socket,
      {
        docsnav: PROTOCOL,
        op: 'run',
        build: context.build,
        argv,
        cwd: context.cwd,
        env,
        isTTY: context.isTTY,
        colorSupported: context.colorSupported,
      },
      limit,
    );
    if ('why' in answer) return answer;
    if ('error' in answer)
      return {
        why: answer.kind === 'stale' ? 'the daemon is of another build of docsnav (it stops now)' : `the daemon refused: ${answer.error}`,
        present: true,
      };
    if (!('stdout' in answer)) return { why: 'the daemon gave no result', present: true };
    return answer;
  } finally {
    found.close();
  }
}
