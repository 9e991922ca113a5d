/**
 * The temporary folders of test runs that ended without removing them (test/temp-folder.ts).
 *
 * A run holds its folder with a Unix socket in it (`alive.sock`), listening while the run's
 * process lives. The kernel closes it however the process ends (its end, a signal, kill -9, a
 * mutation run's test runner stopped at a mutant's time limit); the socket's file stays, and a
 * connection to it is refused. So a folder is removed only when its socket refuses: its run has
 * ended. No process id is read (ids are reused, and a run in another PID namespace on the same
 * folder has others); a run in another container on the same kernel still answers.
 *
 * A folder is left as it is when:
 * - it holds no socket (a run starting, between making its folder and listening; or a folder an
 *   older version made);
 * - its socket answers (the run is alive, or stopped: a stopped process still accepts), or the
 *   connection fails any other way than a refusal, or does not end in time;
 * - it is not a folder of this user (another user's, or a symbolic link: nothing is followed).
 */
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const RUN_FOLDER_PREFIX = 'docsnav-tests-';
export const ALIVE_SOCKET = 'alive.sock';
/** Unix's limit on a socket's path (sun_path, 108 bytes with its terminating zero). */
const SOCKET_PATH_BYTES = 107;
const CONNECT_LIMIT_MS = 2_000;

export interface HeldFolder {
  /** Stops listening (the socket's file goes with it). */
  release(): Promise<void>;
  /** Why the folder is not held (its socket's path is too long): a later run will not remove it. */
  note?: string;
}

/** Listens on the folder's socket for as long as this process lives (it keeps no process alive). */
export async function holdRunFolder(folder: string): Promise<HeldFolder> {
  const socket = path.join(folder, ALIVE_SOCKET);
  if (Buffer.byteLength(socket) > SOCKET_PATH_BYTES) {
    return {
      release: async () => {},
      note: `${folder} is not held by a socket (its path passes Unix's ${SOCKET_PATH_BYTES} bytes): if this run is killed, no later run removes it`,
    };
  }
  const server = net.createServer((connection) => connection.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Whether the socket at this path is refused (its process has ended), answers, or cannot tell. */
export function probe(socket: string): Promise<'refused' | 'answers' | 'unknown'> {
  return new Promise((resolve) => {
    const connection = net.connect(socket);
    const timer = setTimeout(() => finish('unknown'), CONNECT_LIMIT_MS);
    function finish(result: 'refused' | 'answers' | 'unknown'): void {
      clearTimeout(timer);
      connection.destroy();
      resolve(result);
    }
    connection.once('connect', () => finish('answers'));
    connection.once('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ECONNREFUSED' ? 'refused' : 'unknown'));
  });
}

/**
 * Removes the folders of ended runs in `base` (see above); returns a line for each one removed,
 * and for each that could not be (EACCES or EPERM: a file in it this user may not remove).
 */
export async function removeEndedRuns(base: string): Promise<string[]> {
  const lines: string[] = [];
  const uid = process.getuid?.();
  let names: string[];
  try {
    names = readdirSync(base);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return lines;
    throw error;
  }
  for (const name of names) {
    if (!name.startsWith(RUN_FOLDER_PREFIX)) continue;
    const folder = path.join(base, name);
    const socket = path.join(folder, ALIVE_SOCKET);
    const folderStat = lstatSync(folder, { throwIfNoEntry: false });
    if (!folderStat?.isDirectory() || (uid !== undefined && folderStat.uid !== uid)) continue;
    if (!lstatSync(socket, { throwIfNoEntry: false })?.isSocket()) continue;
    if ((await probe(socket)) !== 'refused') continue;
    try {
      rmSync(folder, { recursive: true, force: true });
      lines.push(`removed ${folder}, left by a run that ended without removing it`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EACCES' && code !== 'EPERM') throw error;
      lines.push(`could not remove ${folder}, left by a run that ended (${code}): remove it by hand`);
    }
  }
  return lines;
}
