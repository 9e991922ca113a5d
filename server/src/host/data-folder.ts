/**
 * A process's data folder (`--data`): the embedded database, the git caches and the worktrees.
 * It belongs to one process at a time. The lock is an exclusive `flock` on the folder itself,
 * held on an open descriptor for the process's life: the kernel drops it with the process (a
 * crash, `kill -9`, pid 1 in a container), and no file removed from the folder can defeat it
 * (an earlier lock was the socket file: `rm docsnav.sock` let a second process open the same
 * database). A pid in a file could name another process by then (or be pid 1 in every container).
 * The socket, `docsnav.sock`, only carries management commands (project and key commands) to a
 * running server, so they work while it serves; only the folder's owner can reach it: a folder
 * (or socket) another user owns or may write is refused, since its owner could listen in their
 * own socket and receive repository URLs with their credentials, or the tokens `key create` prints.
 */
import { createRequire } from 'node:module';
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, realpathSync, rmSync, statSync, type Stats } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { StoreError } from '../store/store.js';

const SOCKET_NAME = 'docsnav.sock';
/** Longest socket path the kernel takes (sun_path is 108 bytes on Linux, 104 on macOS, with its NUL). */
const MAX_SOCKET_PATH = 103;
/** Longest a management request may take to be answered. */
const REQUEST_TIMEOUT_MS = 60_000;
/**
 * Longest a management client may take to send its request line, from its connection (a
 * deadline, not an idle time: a byte now and then does not extend it); then it is closed.
 */
const CLIENT_DEADLINE_MS = 30_000;
/** Longest request line taken. */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** One management request over the socket, and its answer. */
export interface ControlRequest {
  op: string;
  args?: unknown;
}
export type ControlResponse = { ok: true; result: unknown } | { ok: false; error: string; usage?: boolean };
export type ControlHandler = (request: ControlRequest) => Promise<ControlResponse>;

/** The folder is another live process's. */
class DataFolderBusy extends StoreError {
  override name = 'DataFolderBusy';
}

/** `flock(2)` through fs-ext (Node has no file locks of its own). */
interface Flock {
  flockSync(fd: number, flags: 'exnb' | 'un'): void;
}
let flock: Flock | undefined;
function flocks(): Flock {
  return (flock ??= createRequire(import.meta.url)('fs-ext') as Flock);
}

export class DataFolder {
  private handler: ControlHandler | undefined;
  private closed = false;
  /** Management connections that have not sent their request: closed at once when the folder is given up. */
  private readonly idleClients = new Set<net.Socket>();

  private constructor(
    /** Absolute (real) path of the folder. */
    readonly dir: string,
    /** The descriptor the folder's lock is held on. */
    private readonly lockFd: number,
    private readonly server: net.Server,
  ) {}

  /** The embedded database's folder. */
  get dbDir(): string {
    return path.join(this.dir, 'db');
  }

  get gitDir(): string {
    return path.join(this.dir, 'git');
  }

  get worktreesDir(): string {
    return path.join(this.dir, 'worktrees');
  }

  /** Takes the folder (creating it, owner-only, when new), or fails with one line saying why. */
  static async open(dir: string): Promise<DataFolder> {
    const given = path.resolve(dir);
    try {
      statSync(given);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new StoreError(`cannot use ${given}: ${describeError(error)}`);
      try {
        mkdirSync(given, { recursive: true, mode: 0o700 });
      } catch (mkdirError) {
        throw new StoreError(`cannot create ${given}: ${describeError(mkdirError)}`);
      }
    }
    const absolute = checkedFolder(given);
    const socketPath = path.join(absolute, SOCKET_NAME);
    if (socketPath.length > MAX_SOCKET_PATH)
      throw new StoreError(`the path of ${absolute} is too long for its socket (${socketPath.length} bytes, at most ${MAX_SOCKET_PATH}): use a shorter --data`);
    const ours = isOurs(absolute); // a folder just made is empty, so ours
    const lockFd = lockFolder(absolute);
    const folder = new DataFolder(absolute, lockFd, net.createServer());
    try {
      await folder.listen(socketPath);
    } catch (error) {
      await folder.close();
      throw error;
    }
    if (ours) {
      try {
        chmodSync(absolute, 0o700); // the database's files are world-writable as PGlite makes them
      } catch {
        // not ours to change (a mounted folder): the files keep their own permissions
      }
    }
    return folder;
  }

  /** With the lock held, whatever is at the socket's path is a stopped process's: replaced. */
  private async listen(socketPath: string): Promise<void> {
    // What earlier versions left: a pid lock file, sockets moved aside.
    for (const name of readdirSync(this.dir))
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: the name was listed just before, so the file is there (force spares only a race)
      if (name === 'docsnav.lock' || name.startsWith(`${SOCKET_NAME}.stale-`)) rmSync(path.join(this.dir, name), { force: true });
    try {
      rmSync(socketPath, { force: true });
    } catch (error) {
      // A folder (or anything rm will not remove) in the socket's place: one line, not an internal error.
      const what = (error as NodeJS.ErrnoException).code === 'ERR_FS_EISDIR' ? 'a folder is in its place' : describeError(error);
      throw new StoreError(`cannot open ${socketPath}: ${what}`);
    }
    this.server.on('connection', (socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', (error: NodeJS.ErrnoException) => reject(new StoreError(`cannot open ${socketPath}: ${describeError(error)}`)));
      this.server.listen(socketPath, () => resolve());
    });
    chmodSync(socketPath, 0o600);
  }

  /** Answers management requests on the socket with `handler` (before it is set: "starting"). */
  serveControl(handler: ControlHandler): void {
    this.handler = handler;
  }

  /**
   * One request per connection: a line of JSON, answered with a line of JSON, then the connection
   * ends. Whatever arrives (not JSON, not UTF-8, not an object, too long, nothing at all) gets an
   * error answer or a closed connection, never an exception: nothing on the socket ends the process.
   */
  private serve(socket: net.Socket): void {
    socket.on('error', () => {});
    if (this.closed) {
      socket.destroy();
      return;
    }
    this.idleClients.add(socket);
    // Stryker disable next-line StringLiteral,ArrowFunction: only frees the set's entry (a leak otherwise, not visible through the API): close() destroying a closed client does nothing
    socket.once('close', () => this.idleClients.delete(socket));
    const chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    // Answered, the connection is closed once the answer is out (a client that never closes its
    // side would keep it, and a stopping serve, open).
    const reply = (response: ControlResponse) => {
      // Stryker disable next-line ConditionalExpression: end on a destroyed socket only emits an error, which the listener above takes
      if (!socket.destroyed) socket.end(`${JSON.stringify(response)}\n`, () => socket.destroy());
    };
    // A client that sends no whole line in time is let go (idle clients kept a stopping serve up).
    const deadline = setTimeout(() => socket.destroy(), CLIENT_DEADLINE_MS);
    deadline.unref();
    // Stryker disable next-line StringLiteral,ArrowFunction: the deadline is unref'd, and destroying a closed socket does nothing: clearing it only frees it sooner
    socket.once('close', () => clearTimeout(deadline));
    socket.on('data', (chunk: Buffer) => {
      if (answered) return;
      const end = chunk.indexOf(0x0a);
      const part = end < 0 ? chunk : chunk.subarray(0, end);
      size += part.length;
      if (size > MAX_REQUEST_BYTES) {
        // Stryker disable next-line BooleanLiteral: the socket is paused at once, so no more data arrives to be read
        answered = true;
        socket.pause(); // nothing more is read; the deadline ends the connection if the answer is not taken
        reply({ ok: false, error: `request longer than ${MAX_REQUEST_BYTES} bytes` });
        return;
      }
      chunks.push(part);
      if (end < 0) return;
      answered = true;
      this.idleClients.delete(socket);
      clearTimeout(deadline);
      this.answer(Buffer.concat(chunks)).then(reply, (error: unknown) => reply({ ok: false, error: `request failed: ${describeError(error)}` }));
    });
  }

  private async answer(line: Buffer): Promise<ControlResponse> {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(line);
    } catch {
      return { ok: false, error: 'not a UTF-8 request' };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, error: 'not a JSON request' };
    }
    const request = controlRequest(parsed);
    if (typeof request === 'string') return { ok: false, error: request };
    if (request.op === 'ping') return { ok: true, result: 'pong' };
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,BooleanLiteral,StringLiteral: unreachable today (close() destroys every connection without a whole line, and this runs in the turn its line arrived); kept for when an await comes before it
    if (this.closed) return { ok: false, error: 'the server is stopping; try again when it has restarted' };
    if (!this.handler) return { ok: false, error: 'the server is starting; try again in a moment' };
    try {
      return await this.handler(request);
    } catch (error) {
      return { ok: false, error: describeError(error) };
    }
  }

  /** Gives the folder up: the socket (and its clients still silent; requests under way are answered), then the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const closing = this.server.listening ? new Promise<void>((resolve) => this.server.close(() => resolve())) : Promise.resolve();
    for (const client of this.idleClients) client.destroy();
    await closing;
    try {
      flocks().flockSync(this.lockFd, 'un');
    } finally {
      closeSync(this.lockFd);
    }
  }
}

/** A request's shape (an object with a string `op`, `args` an object when given), or what is wrong with it. */
function controlRequest(value: unknown): ControlRequest | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `a request is a JSON object with "op" (got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value})`;
  const { op, args } = value as { op?: unknown; args?: unknown };
  if (typeof op !== 'string') return 'a request needs "op", a string';
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) return `"args" of ${op} must be an object`;
  return { op, args: args ?? {} };
}

function describeError(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error);
}

/** This process's user id (undefined where there are none: Windows). */
function currentUser(): number | undefined {
  // Stryker disable next-line OptionalChaining: differs only where there are no user ids (Windows)
  return process.getuid?.();
}

/** Why a folder or socket (`stats`) is not safe for this user, or undefined when it is. */
function unsafe(stats: Stats, what: string): string | undefined {
  const me = currentUser();
  // Stryker disable next-line ConditionalExpression: differs only where there are no user ids (Windows)
  if (me === undefined) return undefined;
  if (stats.uid !== me) return `${what} belongs to user ${stats.uid}, not to this process's user (${me})`;
  if ((stats.mode & 0o022) !== 0) return `${what} is writable by other users (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')})`;
  return undefined;
}

/**
 * The folder's real path, when it is this user's alone: owned by the user and not writable by
 * the group or others (a folder others may write holds whatever they put there, a socket too).
 * Refused, not tightened: what another user may have placed in it stays when its mode changes.
 */
function checkedFolder(given: string): string {
  let real: string;
  let stats: Stats;
  try {
    real = realpathSync(given);
    stats = statSync(real);
  } catch (error) {
    throw new StoreError(`cannot use ${given}: ${describeError(error)}`);
  }
  if (!stats.isDirectory()) throw new StoreError(`${given} is not a folder (--data names the folder docsnav keeps its data in)`);
  const link = real === given ? '' : ` (--data ${given} leads there)`;
  const why = unsafe(stats, `${real}${link}`);
  if (why)
    throw new StoreError(
      `${why}: a data folder must be its user's alone (its socket manages the server); use a folder of your own (owned by this user, chmod 700)`,
    );
  return real;
}

/** Takes the folder's exclusive lock on a descriptor of it (kept open), or throws who has it. */
function lockFolder(dir: string): number {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch (error) {
    throw new StoreError(`cannot lock ${dir}: ${describeError(error)}`);
  }
  try {
    flocks().flockSync(fd, 'exnb');
    return fd;
  } catch (error) {
    closeSync(fd);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN' || code === 'EWOULDBLOCK') throw busy(dir);
    throw new StoreError(`cannot lock ${dir}: ${describeError(error)}`);
  }
}

function busy(dir: string): DataFolderBusy {
  const socket = path.join(dir, SOCKET_NAME);
  let reach = `manage it through ${SOCKET_NAME}`;
  try {
    if (!lstatSync(socket).isSocket()) reach = `its ${SOCKET_NAME} is not a socket: restart that process to manage it`;
  } catch {
    reach = `its ${SOCKET_NAME} is gone: restart that process to manage it`;
  }
  return new DataFolderBusy(
    `${dir} is in use by another docsnav process, which holds its lock (${reach}); a data folder belongs to one process: stop it, or give this process its own --data (several processes share a --database postgres://… server)`,
  );
}

/** A folder docsnav made: empty, or holding its database, caches or socket. */
function isOurs(dir: string): boolean {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return false;
  }
  return entries.length === 0 || entries.some((name) => ['db', 'git', 'worktrees', SOCKET_NAME].includes(name));
}

/**
 * Sends one management request to the process that holds `dir`, or resolves undefined when
 * nobody answers on its socket (no socket, or a crashed owner's: then the caller opens the
 * folder itself, which fails with one line when a live process holds its lock). A folder or
 * socket that is not this user's alone is refused: its owner could be the one listening.
 */
export async function sendControl(dir: string, request: ControlRequest): Promise<ControlResponse | undefined> {
  let folder: string;
  try {
    folder = realpathSync(path.resolve(dir));
  } catch {
    return undefined; // no folder yet: the caller makes it
  }
  const socketPath = path.join(folder, SOCKET_NAME);
  let socketStats: Stats;
  try {
    socketStats = lstatSync(socketPath);
  } catch {
    return undefined;
  }
  checkedFolder(path.resolve(dir));
  const why = socketStats.isSocket() ? unsafe(socketStats, socketPath) : `${socketPath} is not a socket`;
  if (why) throw new StoreError(`${why}: refusing to send it a management request (remove it if the folder is yours)`);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffer = '';
    let connected = false;
    // Stryker disable next-line StringLiteral: Node reads an empty encoding as UTF-8
    socket.setEncoding('utf8');
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => {
      socket.destroy();
      reject(new StoreError(`the docsnav process holding ${folder} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`));
    });
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => (buffer += chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected)
        resolve(undefined); // a crashed owner's socket: nobody answers
      else reject(new StoreError(`lost the connection to the docsnav process holding ${folder}: ${describeError(error)}`));
    });
    socket.once('end', () => {
      try {
        resolve(JSON.parse(buffer) as ControlResponse);
      } catch {
        reject(new StoreError(`the docsnav process holding ${folder} gave an unreadable answer`));
      }
    });
  });
}
