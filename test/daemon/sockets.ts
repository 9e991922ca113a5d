/**
 * Sockets for the daemon's in-process tests (test/daemon/in-process.test.ts, client-main.test.ts):
 * a temporary place of short paths, a socket file someone or no one listens on, a stand-in checker, one
 * exchange on a connection, and the checks that a descriptor was closed.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, renameSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A temporary folder (removed by the caller), new paths in it (short: a socket's path is at most 107 bytes), and folders in it of the user alone. */
export function tempPlace(prefix: string): { temp: string; freshPath: (label?: string) => string; ownFolder: (at?: string) => string } {
  const temp = mkdtempSync(path.join(tmpdir(), prefix));
  let fresh = 0;
  const freshPath = (label = 'f'): string => path.join(temp, `${label}${++fresh}`);
  /** A folder made for the user alone (mode 0700), as the runtime folder is. */
  const ownFolder = (at = freshPath('d')): string => {
    mkdirSync(at, { recursive: true, mode: 0o700 });
    chmodSync(at, 0o700);
    return at;
  };
  return { temp, freshPath, ownFolder };
}

/** The error `action` throws (a test that expects one fails when it throws none). */
export function thrown(action: () => unknown): Error & { code?: string } {
  try {
    action();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('nothing was thrown');
}

/** The descriptors this process holds open on `target` (a refusal or a close that leaks one leaves it here). */
export function descriptorsOn(target: string): string[] {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === target;
    } catch {
      // Closed while listed.
      return false;
    }
  });
}

function listen(server: Server, at: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, () => resolve());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A socket file at `at` that a server listens on (a file no reader may open as a page), and its `close`. */
export async function listeningSocket(at: string): Promise<{ close: () => Promise<void> }> {
  const server = createServer();
  await listen(server, at);
  return { close: () => close(server) };
}

/**
 * A socket file at `at` that no process listens on, as a checker that crashed leaves it: made by a
 * listening server, renamed, the server closed (closing removes only the name it listened on).
 */
export async function deadSocket(at: string, mode = 0o600): Promise<void> {
  const server = createServer();
  const live = path.join(path.dirname(at), 'live.sock');
  await listen(server, live);
  renameSync(live, at);
  await close(server);
  chmodSync(at, mode);
}

/**
 * A stand-in checker on `at`: each connection's request line goes to `respond`, which answers on
 * the connection (or never does). `close` ends every connection and the server.
 */
export async function standIn(
  at: string,
  respond: (line: string, connection: Socket) => void,
): Promise<{ lines: string[]; connections: Socket[]; close(): Promise<void> }> {
  const lines: string[] = [];
  const connections: Socket[] = [];
  // Half open: the client ends its side after its request; a checker answers (or hangs) after that.
  const server = createServer({ allowHalfOpen: true }, (connection) => {
    connections.push(connection);
    let text = '';
    connection.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) {
        const line = text.split('\n', 1)[0];
        lines.push(line);
        respond(line, connection);
      }
    });
    connection.on('error', () => {});
  });
  await listen(server, at);
  chmodSync(at, 0o600);
  return {
    lines,
    connections,
    close: async () => {
      for (const connection of connections) connection.destroy();
      await close(server);
    },
  };
}

/**
 * Sends `payload` on a new connection to `at` (ended after it unless `end` is false) and reads
 * until the other side ends: what came back, as text.
 */
export function exchange(at: string, payload: string | Buffer, end = true): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const connection = connect(at);
    connection.on('connect', () => (end ? connection.end(payload) : connection.write(payload)));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The other side ends: a client that did not end its side ends it now.
    connection.on('end', () => connection.end());
    // An oversized request the checker stops reading: its writes may fail, its answer came before.
    connection.on('error', () => {});
    connection.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
