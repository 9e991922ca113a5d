/**
 * The lock of a site's moves: one `docsnav mv` (or `--continue`, `--abort`) at a time writes a
 * site's journal and files. Two at once would each take the other's half-written journal for one
 * left by a move cut short, and remove it.
 *
 * The lock lives in the kernel, as the house's locks do (server/src/host/data-folder.ts holds a
 * flock): a listening socket bound to a name made from the journal folder's real path, held by the
 * process for as long as it moves, and dropped by the kernel when the process ends, kill -9 and a
 * crash included. No file stands for it, so none left behind can keep a later move out, and none
 * removed lets two in. On Linux the name is in the abstract socket namespace (no file at all); on
 * Windows it is a named pipe; elsewhere a socket file in the temporary folder, removed by a later
 * move when the process recorded as its holder has ended (see `listen`).
 *
 * Node has no flock(2) of its own, and the lean package takes no native module (the server's
 * fs-ext is one), so a socket it is. Who holds the lock is recorded beside the journal
 * (`<journal>.lock`: process, user, host, start, what it moves) for the refusal to name; that file
 * is a note, never the lock: one left by a process that ended is stale, and replaced.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isUnwalkablePath } from '../io-error.js';
import { refuse } from './messages.js';

/** What the holder file records. */
interface Holder {
  pid: number;
  user: string;
  host: string;
  started: string;
  what: string;
}

/** Locks this process holds, by name: a move inside a move (the CLI's, then the library's) takes the lock it has. */
const held = new Map<string, { count: number; server: net.Server; note: string }>();

/** The most bytes of a holder file read: it is a line of JSON. */
const MAX_NOTE_BYTES = 4096;

/**
 * Takes the lock of the moves whose journal is `journal` (a folder that need not exist), or
 * refuses (`busy`) naming the process that has it. `what` says what this process does (recorded
 * for the refusal another process would give). Returns the release. `platform` is the system
 * whose kind of lock is taken (this one's; a test takes the socket file of the systems with no
 * abstract names, which Linux binds too).
 */
export function lockMoves(journal: string, what: string, platform: NodeJS.Platform = process.platform): () => void {
  const parent = realFolder(path.dirname(journal));
  const real = path.join(parent, path.basename(journal));
  const name = lockName(real, platform);
  const note = `${real}.lock`;
  const mine = held.get(name);
  if (mine) {
    mine.count++;
    return once(() => release(name));
  }
  const server = listen(name, note, platform);
  if (server === undefined) refuse('busy', { holder: holderText(note) });
  writeNote(note, { pid: process.pid, user: userName(), host: os.hostname(), started: new Date().toISOString(), what });
  held.set(name, { count: 1, server, note });
  return once(() => release(name));
}

function once(run: () => void): () => void {
  let done = false;
  return () => {
    if (!done) run();
    done = true;
  };
}

function release(name: string): void {
  const lock = held.get(name)!;
  if (--lock.count > 0) return;
  held.delete(name);
  // The note first: once the socket is closed, another process may write its own.
  removeNote(lock.note);
  lock.server.close();
}

/** The real path of a folder (the same journal reached by two paths is one lock); the path itself when it does not exist yet. */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}

/** The kernel name of the lock: the abstract socket (Linux), the pipe (Windows) or the socket file (elsewhere). */
export function lockName(journal: string, platform: NodeJS.Platform): string {
  const id = createHash('sha256').update(journal).digest('hex').slice(0, 32);
  if (platform === 'linux') return `\0docsnav-mv-${id}`;
  if (platform === 'win32') return `\\\\.\\pipe\\docsnav-mv-${id}`;
  return path.join(os.tmpdir(), `docsnav-mv-${id}.sock`);
}

/**
 * A server listening on `name`, or undefined when another process listens there. The bind is
 * synchronous (a Unix socket or a pipe), so `listening` says at once whether it was taken; the
 * error of a failed one comes later and is dropped. The server never keeps the process alive and
 * closes every connection made to it. A socket file (neither Linux nor Windows) outlives its
 * process: when the note says that process ended, the file is removed and bound once more (two
 * processes finding one stale file at the same moment could both take it: the one race left
 * where the kernel has no abstract names).
 */
function listen(name: string, note: string, platform: NodeJS.Platform): net.Server | undefined {
  // Stryker disable next-line EqualityOperator: a second attempt that fails returns below, so a third is never reached.
  for (let attempt = 0; attempt < 2; attempt++) {
    const server = net.createServer((socket) => socket.destroy());
    server.on('error', () => {});
    server.listen({ path: name, exclusive: true });
    if (server.listening) {
      server.unref();
      return server;
    }
    server.close();
    if (attempt > 0 || platform === 'linux' || platform === 'win32' || !ended(readNote(note)?.pid)) return undefined;
    rmSync(name, { force: true });
  }
  return undefined;
}

/** Whether the process `pid` has ended (signal 0 finds none); false when unknown. */
function ended(pid: number | undefined): boolean {
  if (pid === undefined || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return String(process.getuid?.() ?? 'unknown');
  }
}

/** Removes a note, if it is there and its folder can be reached (a loop of links on the way, a file for a folder, no permission: there is none to remove). */
function removeNote(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch (error) {
    if (!isUnwalkablePath(error)) throw error;
  }
}

/** Writes the holder file (a temporary file renamed over any stale one). */
function writeNote(note: string, holder: Holder): void {
  const temporary = `${note}.${randomBytes(4).toString('hex')}.tmp`;
  // The note only names the holder in another process's refusal: without it, the refusal says less.
  try {
    writeFileSync(temporary, `${JSON.stringify(holder)}\n`, { flag: 'wx', mode: 0o600 });
  } catch {
    // Not written (a full disk, a folder that cannot be written or reached: a loop of links on the way): nothing to remove.
    return;
  }
  try {
    renameSync(temporary, note);
  } catch {
    removeNote(temporary);
  }
}

/**
 * The holder as the refusal names it, from its note (untrusted: a few known fields, bounded). The
 * holder writes its note just after it takes the lock: one taken a moment ago may have none yet,
 * so a missing note is looked for again, a few times over at most 200 ms (20 pauses; `pause` waits
 * 10 ms, a test's stands in).
 */
export function holderText(note: string, pause: () => void = tenMilliseconds): string {
  let holder = readNote(note);
  for (let tries = 0; holder === undefined && tries < 20; tries++) {
    pause();
    holder = readNote(note);
  }
  if (holder === undefined) return 'a process that recorded no more';
  return `process ${holder.pid} of ${holder.user} on ${holder.host}, started ${holder.started}: ${holder.what}`;
}

/** The wait between two looks for a holder's note. */
function tenMilliseconds(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
}

function readNote(note: string): Holder | undefined {
  let fd: number;
  try {
    fd = openSync(note, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const bytes = Buffer.alloc(MAX_NOTE_BYTES);
    const length = readSync(fd, bytes, 0, bytes.length, 0);
    const value = JSON.parse(bytes.subarray(0, length).toString('utf8')) as Partial<Record<keyof Holder, unknown>>;
    const text = (field: unknown) => (typeof field === 'string' ? field.replace(/[\0-\x1f\x7f]/g, '?').slice(0, 200) : '?');
    return {
      pid: typeof value.pid === 'number' && Number.isSafeInteger(value.pid) ? value.pid : -1,
      user: text(value.user),
      host: text(value.host),
      started: text(value.started),
      what: text(value.what),
    };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
