/**
 * The checker: one process per user and docs root, listening on the root's socket (place.ts),
 * answering each `docsnav validate` request with what a fresh run would print, byte for byte:
 * the request's argv runs through the CLI's own `run` (given by the command that starts it,
 * src/cli/daemon-command.ts), in the request's folder and environment, one request at a time. What
 * stays warm is the loaded and compiled code and what the library keeps per process; every file
 * is read or stat'ed again as a fresh run would (the page scan cache on disk is the one a fresh
 * run uses), so no answer is stale. It stops after `idleMinutes` without a request, on `stop`, on
 * SIGTERM or SIGINT, and after answering a client of another build (`stale`).
 */
import { unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { checkSocket, openSocketFolder, socketFolder, socketName, type CheckedFolder } from './place.js';
import { MAX_REQUEST_BYTES, PROTOCOL, type ErrorAnswer, type ErrorKind, type Request, type RunAnswer, type RunRequest, type StatusAnswer } from './protocol.js';

export interface DaemonOptions {
  /** The docs root (absolute, real): every request's folder and paths are inside it. */
  root: string;
  idleMinutes: number;
  build: string;
  /** Runs one request in this process (the CLI's run, in the request's folder and environment); why it is refused, or its output. */
  run(request: RunRequest): Promise<RunAnswer | { refused: string; kind: ErrorKind }>;
  /** Called once listening, with the socket's path. */
  ready(socket: string): void;
}

/** Another checker already answers on the root's socket. */
export class AlreadyRunningError extends Error {}

export async function serveDaemon(options: DaemonOptions): Promise<void> {
  const folder = openSocketFolder(socketFolder(), true) as CheckedFolder;
  const name = socketName(options.root);
  const shown = `${folder.folder}/${name}`;
  // A socket left by a checker that crashed is removed; one that answers is another checker's.
  if (checkSocket(folder, name) !== undefined) {
    if (await listening(folder.at(name))) throw new AlreadyRunningError(`a daemon already runs for ${options.root} (${shown})`);
    unlinkSync(folder.at(name));
  }
  let served = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;
  // Half open: the client ends its side once its request is sent, and the answer comes after the
  // run; without it, a run that waits on the event loop (a glob's walk, any I/O) answered into a
  // connection Node had already ended, and the client fell back in process.
  const server = createServer({ allowHalfOpen: true }, (connection) => {
    queue = queue.then(() =>
      handle(connection).catch((error: unknown) => {
        // A bug of the daemon's own: the client hears of it and checks in process; the daemon serves on.
        connection.end(`${JSON.stringify({ error: `internal error: ${(error as Error)?.message ?? error}`, kind: 'internal' })}\n`);
      }),
    );
  });
  const stop = (): void => {
    if (idle) clearTimeout(idle);
    // The process ends here: what the checks left running (the page scanner's worker threads) ends with it.
    server.close(() => process.exit(0));
    try {
      unlinkSync(folder.at(name));
    } catch {
      // Already gone (removed by hand): nothing to clean.
    }
    folder.close();
  };
  const touch = (): void => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(stop, options.idleMinutes * 60_000);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  async function handle(connection: Socket): Promise<void> {
    touch();
    const text = await readRequest(connection);
    const answer = (value: RunAnswer | StatusAnswer | ErrorAnswer | { stopped: true }): Promise<void> =>
      new Promise((resolve) => connection.end(`${JSON.stringify(value)}\n`, () => resolve()));
    if (text === undefined) return answer({ error: `a request is one JSON line of at most ${MAX_REQUEST_BYTES} bytes`, kind: 'bad-request' });
    const request = parseRequest(text);
    if (typeof request === 'string') return answer({ error: request, kind: 'bad-request' });
    if (request.build !== options.build) {
      await answer({ error: `this daemon is build ${options.build}, the client ${request.build}`, kind: 'stale' });
      return stop();
    }
    if (request.op === 'stop') {
      await answer({ stopped: true });
      return stop();
    }
    if (request.op !== 'run') return answer({ pid: process.pid, root: options.root, build: options.build, idleMinutes: options.idleMinutes, served });
    const result = await options.run(request);
    served++;
    touch();
    return answer('refused' in result ? { error: result.refused, kind: result.kind } : result);
  }

  await listen(server, folder.at(name));
  touch();
  options.ready(shown);
}

/** Listens on the socket, made with no group or other bits (the folder already keeps others out). */
function listen(server: Server, socket: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const mask = process.umask(0o077);
    server.listen(socket, () => {
      process.umask(mask);
      resolve();
    });
  });
}

/** The request's text: one line, at most MAX_REQUEST_BYTES; undefined when longer or cut short. */
function readRequest(connection: Socket): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    connection.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        // Paused, the connection emits no more data (no listener to remove, unlike the line's end below, where reading goes on).
        connection.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
      if (chunk.includes(10)) {
        connection.removeAllListeners('data');
        resolve(Buffer.concat(chunks).toString('utf8').split('\n', 1)[0]);
      }
    });
    connection.on('end', () => resolve(size === 0 ? undefined : Buffer.concat(chunks).toString('utf8')));
    connection.on('error', () => resolve(undefined));
  });
}

/** The request, checked field by field; a string says what is wrong. */
function parseRequest(text: string): Request | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the request is not JSON';
  }
  if (typeof value !== 'object' || value === null) return 'the request is not an object';
  const request = value as Record<string, unknown>;
  if (request.docsnav !== PROTOCOL) return `the request's "docsnav" is not ${PROTOCOL}`;
  if (typeof request.build !== 'string') return 'the request has no "build"';
  if (request.op === 'status' || request.op === 'stop') return { docsnav: PROTOCOL, op: request.op, build: request.build };
  if (request.op !== 'run') return 'the request\'s "op" is not run, status or stop';
  const strings = (list: unknown): list is string[] => Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (!strings(request.argv)) return 'the request\'s "argv" is not a list of strings';
  if (typeof request.cwd !== 'string') return 'the request has no "cwd"';
  const env = request.env;
  if (typeof env !== 'object' || env === null || Array.isArray(env) || !Object.values(env).every((item) => typeof item === 'string'))
    return 'the request\'s "env" is not an object of strings';
  return {
    docsnav: PROTOCOL,
    op: 'run',
    build: request.build,
    argv: request.argv,
    cwd: request.cwd,
    env: env as Record<string, string>,
    isTTY: request.isTTY === true,
    colorSupported: request.colorSupported === true,
  };
}

function listening(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(socket);
    probe.on('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}
