/**
 * A process's data folder (`--data`): the embedded database, the git caches and the worktrees.
 * It belongs to one process at a time. The lock is a Unix socket, `docsnav.sock`, that the owner
 * listens on: the kernel ends it with the process, so a lock is live exactly when something
 * answers on it. A crashed owner leaves a file nobody answers on, which the next process
 * clears; a pid in a file could name another process by then (or be pid 1 in every container).
 * The same socket carries management commands (project and key commands) to a running server,
 * so they work while it serves; only the folder's owner (its file permissions) can connect.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { StoreError } from './store/store.js';

const SOCKET_NAME = 'docsnav.sock';
/** Longest socket path the kernel takes (sun_path is 108 bytes on Linux, 104 on macOS, with its NUL). */
const MAX_SOCKET_PATH = 103;
/** Longest a management request may take to be answered. */
const REQUEST_TIMEOUT_MS = 60_000;

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

export class DataFolder {
  private handler: ControlHandler | undefined;
  private closed = false;

  private constructor(
    /** Absolute path of the folder. */
    readonly dir: string,
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

  /** Takes the folder (creating it, owner-only, when new), or fails with one line saying who has it. */
  static async open(dir: string): Promise<DataFolder> {
    const absolute = path.resolve(dir);
    let created = false;
    try {
      const stats = statSync(absolute);
      if (!stats.isDirectory()) throw new StoreError(`${absolute} is not a folder (--data names the folder docsnav keeps its data in)`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        if (error instanceof StoreError) throw error;
        throw new StoreError(`cannot use ${absolute}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
      try {
        mkdirSync(absolute, { recursive: true, mode: 0o700 });
        created = true;
      } catch (mkdirError) {
        throw new StoreError(`cannot create ${absolute}: ${(mkdirError as NodeJS.ErrnoException).code ?? (mkdirError as Error).message}`);
      }
    }
    const socketPath = path.join(absolute, SOCKET_NAME);
    if (socketPath.length > MAX_SOCKET_PATH)
      throw new StoreError(`the path of ${absolute} is too long for its lock (${socketPath.length} bytes, at most ${MAX_SOCKET_PATH}): use a shorter --data`);
    const ours = created || isOurs(absolute);
    const folder = new DataFolder(absolute, net.createServer());
    await folder.lock(socketPath);
    // Earlier versions locked with a pid file, which a crash left behind: ours to drop now.
    rmSync(path.join(absolute, 'docsnav.lock'), { force: true });
    if (ours) {
      try {
        chmodSync(absolute, 0o700); // the database's files are world-writable as PGlite makes them
      } catch {
        // not ours to change (a mounted folder): the files keep their own permissions
      }
    }
    return folder;
  }

  private async lock(socketPath: string): Promise<void> {
    this.server.on('connection', (socket) => this.serve(socket));
    for (let attempt = 0; attempt < 5; attempt++) {
      const listening = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
        const onError = (error: NodeJS.ErrnoException) => resolve(error);
        this.server.once('error', onError);
        this.server.listen(socketPath, () => {
          this.server.off('error', onError);
          resolve(undefined);
        });
      });
      if (!listening) {
        chmodSync(socketPath, 0o600);
        return;
      }
      if (listening.code !== 'EADDRINUSE') throw new StoreError(`cannot lock ${this.dir}: ${listening.code ?? listening.message}`);
      if (await answers(socketPath)) throw busy(this.dir);
      // Nobody answers: a crashed owner's socket. Move it aside, then make sure what was moved is
      // dead (another process may have replaced it meanwhile) before deleting it.
      const aside = `${socketPath}.stale-${randomUUID().slice(0, 8)}`;
      try {
        renameSync(socketPath, aside);
      } catch {
        continue; // gone already
      }
      if (await answers(aside)) {
        // A live owner was moved aside: put it back, and give way.
        try {
          renameSync(aside, socketPath);
        } catch {
          rmSync(aside, { force: true });
        }
        throw busy(this.dir);
      }
      rmSync(aside, { force: true });
    }
    throw new StoreError(`cannot lock ${this.dir}: another process keeps taking it`);
  }

  /** Answers management requests on the socket with `handler` (before it is set: "starting"). */
  serveControl(handler: ControlHandler): void {
    this.handler = handler;
  }

  private serve(socket: net.Socket): void {
    socket.setEncoding('utf8');
    let buffer = '';
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 1024 * 1024) {
        socket.destroy();
        return;
      }
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      const line = buffer.slice(0, end);
      buffer = '';
      void this.answer(line).then((response) => socket.end(`${JSON.stringify(response)}\n`));
    });
  }

  private async answer(line: string): Promise<ControlResponse> {
    let request: ControlRequest;
    try {
      request = JSON.parse(line) as ControlRequest;
    } catch {
      return { ok: false, error: 'not a JSON request' };
    }
    if (request.op === 'ping') return { ok: true, result: 'pong' };
    if (this.closed) return { ok: false, error: 'the server is stopping; try again when it has restarted' };
    if (!this.handler) return { ok: false, error: 'the server is starting; try again in a moment' };
    try {
      return await this.handler(request);
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  /** Gives the folder up (the socket goes with it). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function busy(dir: string): DataFolderBusy {
  return new DataFolderBusy(
    `${dir} is in use by another docsnav process (it answers on ${SOCKET_NAME}); a data folder belongs to one process: stop it, or give this process its own --data (several processes share a --database postgres://… server)`,
  );
}

/** True when a process answers on the socket at `socketPath`. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(5_000, () => done(true)); // connected but slow: it is alive
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
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
 * nobody holds it (then the caller opens the folder itself).
 */
export async function sendControl(dir: string, request: ControlRequest): Promise<ControlResponse | undefined> {
  const socketPath = path.join(path.resolve(dir), SOCKET_NAME);
  if (!existsSync(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => {
      socket.destroy();
      reject(new StoreError(`the docsnav process holding ${path.resolve(dir)} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`));
    });
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => (buffer += chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected)
        resolve(undefined); // a crashed owner's socket: nobody holds the folder
      else reject(new StoreError(`lost the connection to the docsnav process holding ${path.resolve(dir)}: ${error.code ?? error.message}`));
    });
    socket.once('end', () => {
      try {
        resolve(JSON.parse(buffer) as ControlResponse);
      } catch {
        reject(new StoreError(`the docsnav process holding ${path.resolve(dir)} gave an unreadable answer`));
      }
    });
  });
}
