/**
 * src/daemon in process (issue 67): where the checker listens and the owner checks both sides make
 * (place.ts), the wire's limits and build id (protocol.ts), the client's search, request and
 * fallbacks (client.ts) and the checker itself (checker.ts), over real unix sockets in a temporary
 * folder. test/daemon/daemon.test.ts drives the built CLI in child processes, which a mutant of
 * src/ never reaches; these import the sources, so that a flipped condition, a changed message or
 * a removed branch fails here. Every server is stopped at the end of its test and every wait is
 * for an event (an answer, a close, the checker's exit): the checker's process.exit is caught, its
 * idle timer runs on Vitest's fake clock.
 */
import { createHash } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/run.js';
import { AlreadyRunningError, serveDaemon, type DaemonOptions } from '../../src/daemon/checker.js';
import { ask, findSocket, runThroughDaemon, type NoAnswer } from '../../src/daemon/client.js';
import { checkSocket, NotOwnError, openSocketFolder, socketFolder, socketName, type CheckedFolder } from '../../src/daemon/place.js';
import { buildId, MAX_REQUEST_BYTES, PROTOCOL, type ErrorKind, type Request, type RunAnswer, type RunRequest } from '../../src/daemon/protocol.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-daemon-in-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Root may give a file to another user (chown); the owner checks are tested with one when it can. */
const ROOT = process.getuid?.() === 0;
const OTHER_UID = 4321;
const me = process.getuid?.() ?? 0;

let fresh = 0;
/** A new, not yet existing path in the temporary folder (short: a socket's path is at most 107 bytes). */
const freshPath = (label = 'f'): string => path.join(temp, `${label}${++fresh}`);

/** A folder made for the user alone (mode 0700), as the runtime folder is. */
function ownFolder(at = freshPath('d')): string {
  mkdirSync(at, { recursive: true, mode: 0o700 });
  chmodSync(at, 0o700);
  return at;
}

/** The error `action` throws (a test that expects one fails when it throws none). */
function thrown(action: () => unknown): Error & { code?: string } {
  try {
    action();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('nothing was thrown');
}

/** The descriptors this process holds open on `target` (a refusal or a close that leaks one leaves it here). */
function descriptorsOn(target: string): string[] {
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

/**
 * A socket file at `at` that no process listens on, as a checker that crashed leaves it: made by a
 * listening server, renamed, the server closed (closing removes only the name it listened on).
 */
async function deadSocket(at: string, mode = 0o600): Promise<void> {
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
async function standIn(
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
function exchange(at: string, payload: string | Buffer, end = true): Promise<string> {
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

const json = (text: string): unknown => JSON.parse(text);

describe('place: socketFolder', () => {
  it('is $XDG_RUNTIME_DIR/docsnav when that is an absolute path', () => {
    expect(socketFolder({ XDG_RUNTIME_DIR: '/run/user/1000', XDG_CACHE_HOME: '/c' })).toBe('/run/user/1000/docsnav');
  });

  it('ignores a relative or empty $XDG_RUNTIME_DIR (the XDG spec) and uses the cache folder: $XDG_CACHE_HOME, else ~/.cache', () => {
    expect(socketFolder({ XDG_RUNTIME_DIR: 'run/user/1000', XDG_CACHE_HOME: '/c' })).toBe('/c/docsnav/daemon');
    expect(socketFolder({ XDG_RUNTIME_DIR: '', XDG_CACHE_HOME: '/c' })).toBe('/c/docsnav/daemon');
    expect(socketFolder({ XDG_CACHE_HOME: '/c' })).toBe('/c/docsnav/daemon');
    expect(socketFolder({})).toBe(path.join(homedir(), '.cache', 'docsnav', 'daemon'));
  });

  it("reads the process's environment when given none", () => {
    vi.stubEnv('XDG_RUNTIME_DIR', '/run/user/77');
    try {
      expect(socketFolder()).toBe('/run/user/77/docsnav');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('place: socketName', () => {
  it('is 16 hex digits of the root\'s sha256 and ".sock": stable, one per root', () => {
    expect(socketName('/srv/docs')).toBe(`${createHash('sha256').update('/srv/docs').digest('hex').slice(0, 16)}.sock`);
    expect(socketName('/srv/docs')).toMatch(/^[0-9a-f]{16}\.sock$/);
    expect(socketName('/srv/docs')).toBe(socketName('/srv/docs'));
    const names = new Set(['/srv/docs', '/srv/docs/', '/srv/doc', '/srv', '/'].map(socketName));
    expect(names.size).toBe(5);
  });
});

describe('place: openSocketFolder (by descriptor, Linux)', () => {
  it('is undefined for a folder that is not there and not asked to be made', () => {
    const missing = freshPath();
    expect(openSocketFolder(missing, false)).toBeUndefined();
    expect(existsSync(missing)).toBe(false);
  });

  it('makes the folder and its missing parents, each mode 0700, and names entries through the descriptor it checked', () => {
    const parent = path.join(freshPath(), 'a', 'b');
    const folder = path.join(parent, 'docsnav');
    const checked = openSocketFolder(folder, true) as CheckedFolder;
    try {
      expect(checked.folder).toBe(folder);
      for (const made of [folder, parent, path.dirname(parent), path.dirname(path.dirname(parent))]) expect(statSync(made).mode & 0o777).toBe(0o700);
      const fd = /^\/proc\/self\/fd\/(\d+)\/entry$/.exec(checked.at('entry'))?.[1];
      expect(fd).toBeDefined();
      expect(readlinkSync(`/proc/self/fd/${fd}`)).toBe(folder);
      writeFileSync(path.join(folder, 'entry'), 'seen through the descriptor');
      expect(readFileSync(checked.at('entry'), 'utf8')).toBe('seen through the descriptor');
      // The folder renamed: the descriptor still names the folder that was checked.
      renameSync(folder, `${folder}-moved`);
      expect(readFileSync(checked.at('entry'), 'utf8')).toBe('seen through the descriptor');
      renameSync(`${folder}-moved`, folder);
    } finally {
      checked.close();
    }
    expect(descriptorsOn(folder)).toEqual([]);
  });

  it('opens a folder already there, made or not', () => {
    const folder = ownFolder();
    for (const make of [true, false]) {
      const checked = openSocketFolder(folder, make) as CheckedFolder;
      expect(checked.folder).toBe(folder);
      checked.close();
    }
    expect(descriptorsOn(folder)).toEqual([]);
  });

  it('passes on an error other than "already there" when making the folder', () => {
    const error = thrown(() => openSocketFolder(path.join(freshPath(), 'x'.repeat(300)), true));
    expect(error.code).toBe('ENAMETOOLONG');
    expect(error).not.toBeInstanceOf(NotOwnError);
  });

  it('passes on an error other than missing, a link or not a folder when opening it', () => {
    const error = thrown(() => openSocketFolder(`/${'x'.repeat(5000)}`, false));
    expect(error.code).toBe('ENAMETOOLONG');
    expect(error).not.toBeInstanceOf(NotOwnError);
  });

  it('refuses a folder others may read, write or enter, made or not, and keeps no descriptor on it', () => {
    for (const mode of [0o750, 0o705, 0o710, 0o701, 0o720]) {
      const folder = ownFolder();
      chmodSync(folder, mode);
      for (const make of [false, true]) {
        const error = thrown(() => openSocketFolder(folder, make));
        expect(error).toBeInstanceOf(NotOwnError);
        expect(error.message).toBe(`the daemon folder ${folder} may be read or written by other users (mode ${`0${mode.toString(8)}`})`);
      }
      expect(statSync(folder).mode & 0o777).toBe(mode);
      expect(descriptorsOn(folder)).toEqual([]);
    }
  });

  it.runIf(ROOT)('refuses a folder another user owns (as root: chown to another uid), and keeps no descriptor on it', () => {
    const folder = ownFolder();
    chownSync(folder, OTHER_UID, OTHER_UID);
    const error = thrown(() => openSocketFolder(folder, false));
    expect(error).toBeInstanceOf(NotOwnError);
    expect(error.message).toBe(`the daemon folder ${folder} belongs to user ${OTHER_UID}, not to this process's user (${me})`);
    expect(descriptorsOn(folder)).toEqual([]);
  });

  it('refuses a symbolic link (even to a folder of the user alone) and a file', () => {
    const target = ownFolder();
    const link = freshPath('l');
    symlinkSync(target, link);
    const file = freshPath('file');
    writeFileSync(file, '');
    for (const [folder, make] of [
      [link, false],
      [link, true],
      [file, false],
    ] as const) {
      const error = thrown(() => openSocketFolder(folder, make));
      expect(error).toBeInstanceOf(NotOwnError);
      expect(error.message).toBe(`the daemon folder ${folder} is not a folder (a symbolic link?)`);
    }
  });
});

describe('place: checkSocket', () => {
  const within = (): { folder: CheckedFolder; at: (name: string) => string } => {
    const folder = openSocketFolder(ownFolder(), false) as CheckedFolder;
    return { folder, at: (name) => path.join(folder.folder, name) };
  };

  it("is undefined when there is no socket, and the path through the folder's descriptor to one that is the user's alone", async () => {
    const { folder, at } = within();
    try {
      expect(checkSocket(folder, 'none.sock')).toBeUndefined();
      await deadSocket(at('s.sock'), 0o700);
      expect(checkSocket(folder, 's.sock')).toBe(folder.at('s.sock'));
      chmodSync(at('s.sock'), 0o600);
      expect(checkSocket(folder, 's.sock')).toBe(folder.at('s.sock'));
    } finally {
      folder.close();
    }
  });

  it('refuses a file that is not a socket, and a symbolic link to a good socket', async () => {
    const { folder, at } = within();
    try {
      writeFileSync(at('file.sock'), '');
      chmodSync(at('file.sock'), 0o600);
      expect(thrown(() => checkSocket(folder, 'file.sock'))).toEqual(new NotOwnError(`${at('file.sock')} is not a socket`));
      await deadSocket(at('good.sock'));
      symlinkSync(at('good.sock'), at('link.sock'));
      const error = thrown(() => checkSocket(folder, 'link.sock'));
      expect(error).toBeInstanceOf(NotOwnError);
      expect(error.message).toBe(`${at('link.sock')} is not a socket`);
    } finally {
      folder.close();
    }
  });

  it('refuses a socket others may open', async () => {
    const { folder, at } = within();
    try {
      for (const mode of [0o660, 0o606, 0o640, 0o602]) {
        await deadSocket(at(`m${mode}.sock`), mode);
        const error = thrown(() => checkSocket(folder, `m${mode}.sock`));
        expect(error).toBeInstanceOf(NotOwnError);
        expect(error.message).toBe(`the daemon socket ${at(`m${mode}.sock`)} may be read or written by other users (mode 0${mode.toString(8)})`);
      }
    } finally {
      folder.close();
    }
  });

  it.runIf(ROOT)('refuses a socket another user owns (as root: chown to another uid)', async () => {
    const { folder, at } = within();
    try {
      await deadSocket(at('other.sock'));
      chownSync(at('other.sock'), OTHER_UID, OTHER_UID);
      const error = thrown(() => checkSocket(folder, 'other.sock'));
      expect(error).toBeInstanceOf(NotOwnError);
      expect(error.message).toBe(`the daemon socket ${at('other.sock')} belongs to user ${OTHER_UID}, not to this process's user (${me})`);
    } finally {
      folder.close();
    }
  });
});

/**
 * place.ts as loaded where /proc is not (macOS): the module loaded again with process.platform
 * set to darwin, the path checked and used, and the folder's parent checked too.
 */
describe('place: by path (macOS)', () => {
  let place: typeof import('../../src/daemon/place.js');
  beforeEach(async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { ...platform, value: 'darwin' });
    try {
      // A module of its own (the query), loaded now; every other module stays as loaded.
      const specifier = `../../src/daemon/place.js?darwin=${++fresh}`;
      place = (await import(/* @vite-ignore */ specifier)) as typeof import('../../src/daemon/place.js');
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });

  it('is undefined for a folder not there; makes it (0700) when asked, and names entries by path', () => {
    const folder = path.join(freshPath(), 'docsnav');
    expect(place.openSocketFolder(folder, false)).toBeUndefined();
    const checked = place.openSocketFolder(folder, true) as CheckedFolder;
    expect(checked.folder).toBe(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(checked.at('a.sock')).toBe(path.join(folder, 'a.sock'));
    checked.close();
    expect(descriptorsOn(folder)).toEqual([]);
  });

  it('refuses a symbolic link, a file and a folder others may use', () => {
    const target = ownFolder();
    const link = freshPath('l');
    symlinkSync(target, link);
    const file = freshPath('file');
    writeFileSync(file, '');
    for (const folder of [link, file]) {
      const error = thrown(() => place.openSocketFolder(folder, false));
      expect(error).toBeInstanceOf(place.NotOwnError);
      expect(error.message).toBe(`the daemon folder ${folder} is not a folder`);
    }
    const open = ownFolder();
    chmodSync(open, 0o710);
    expect(thrown(() => place.openSocketFolder(open, false)).message).toBe(`the daemon folder ${open} may be read or written by other users (mode 0710)`);
  });

  it('refuses a folder whose parent others may write; a parent others may only read passes', () => {
    const parent = ownFolder();
    const folder = ownFolder(path.join(parent, 'docsnav'));
    for (const mode of [0o770, 0o702]) {
      chmodSync(parent, mode);
      const error = thrown(() => place.openSocketFolder(folder, false));
      expect(error).toBeInstanceOf(place.NotOwnError);
      expect(error.message).toBe(`the daemon folder's parent ${parent} may be written by other users (mode 0${mode.toString(8)})`);
    }
    chmodSync(parent, 0o755);
    expect(place.openSocketFolder(folder, false)?.folder).toBe(folder);
  });

  it.runIf(ROOT)('refuses a folder whose parent another user owns (as root: chown to another uid)', () => {
    const parent = ownFolder();
    const folder = ownFolder(path.join(parent, 'docsnav'));
    chownSync(parent, OTHER_UID, OTHER_UID);
    const error = thrown(() => place.openSocketFolder(folder, false));
    expect(error).toBeInstanceOf(place.NotOwnError);
    expect(error.message).toBe(`the daemon folder's parent ${parent} belongs to user ${OTHER_UID}, not to this process's user (${me})`);
  });

  it('checks a socket by its path', async () => {
    const folder = place.openSocketFolder(ownFolder(), false) as CheckedFolder;
    await deadSocket(path.join(folder.folder, 's.sock'));
    expect(place.checkSocket(folder, 's.sock')).toBe(path.join(folder.folder, 's.sock'));
    expect(place.checkSocket(folder, 'none.sock')).toBeUndefined();
  });
});

describe('protocol', () => {
  it('is protocol 1, with requests of at most 1 MiB', () => {
    expect(PROTOCOL).toBe(1);
    expect(MAX_REQUEST_BYTES).toBe(1024 * 1024);
  });

  it('gives "source" as the build id when run from the sources (no build.json beside it)', () => {
    expect(existsSync(new URL('../../src/daemon/build.json', import.meta.url))).toBe(false);
    expect(buildId()).toBe('source');
  });

  it("gives a bundle's build id: 16 characters of the base64url sha256 of the build.json beside it, one per build", async () => {
    // The module copied beside a build.json, as scripts/bundle.mjs lays out dist/cli.
    const ids: string[] = [];
    for (const text of ['{"commit":"a"}\n', '{"commit":"b"}\n']) {
      const bundle = ownFolder();
      copyFileSync(fileURLToPath(new URL('../../src/daemon/protocol.ts', import.meta.url)), path.join(bundle, 'protocol.ts'));
      writeFileSync(path.join(bundle, 'build.json'), text);
      const copy = (await import(path.join(bundle, 'protocol.ts'))) as typeof import('../../src/daemon/protocol.js');
      ids.push(copy.buildId());
    }
    expect(ids).toEqual(['iiQUUNNfcVPKF7hD', 'LCDGtpvwOeXGmssg']);
  });
});

/** A runtime folder of its own (as XDG_RUNTIME_DIR), with its socket folder made: the environment and that folder. */
function runtime(): { env: NodeJS.ProcessEnv; sockets: string } {
  const env = { XDG_RUNTIME_DIR: ownFolder() };
  return { env, sockets: ownFolder(socketFolder(env)) };
}

const statusRequest = (build = 'B'): Request => ({ docsnav: PROTOCOL, op: 'status', build });

describe('client: findSocket', () => {
  it('says no daemon runs when the socket folder is not there, or holds no socket of the folder or above it', () => {
    const none = { why: 'no daemon runs for this folder', present: false };
    expect(findSocket('/srv/docs', { XDG_RUNTIME_DIR: freshPath() })).toEqual(none);
    const { env, sockets } = runtime();
    expect(findSocket('/srv/docs/guide', env)).toEqual(none);
    expect(descriptorsOn(sockets)).toEqual([]);
  });

  it("finds the socket of the folder itself, else of the nearest folder above it that has one (to /), through the checked folder's descriptor", async () => {
    const { env, sockets } = runtime();
    await deadSocket(path.join(sockets, socketName('/srv/docs')));
    for (const from of ['/srv/docs', '/srv/docs/guide', '/srv/docs/guide/deep/er']) {
      const found = findSocket(from, env) as Exclude<ReturnType<typeof findSocket>, NoAnswer>;
      expect(found.root).toBe('/srv/docs');
      expect(found.socket).toMatch(new RegExp(`^/proc/self/fd/\\d+/${socketName('/srv/docs')}$`));
      expect(lstatSync(found.socket).isSocket()).toBe(true);
      found.close();
      expect(descriptorsOn(sockets)).toEqual([]);
    }
    // The nearest: a daemon of the subfolder answers for it, the root's for the rest.
    await deadSocket(path.join(sockets, socketName('/srv/docs/guide')));
    for (const [from, root] of [
      ['/srv/docs/guide/deep', '/srv/docs/guide'],
      ['/srv/docs/other', '/srv/docs'],
    ]) {
      const nearest = findSocket(from, env) as Exclude<ReturnType<typeof findSocket>, NoAnswer>;
      expect(nearest.root).toBe(root);
      nearest.close();
    }
    expect(findSocket('/srv', env)).toEqual({ why: 'no daemon runs for this folder', present: false });
    await deadSocket(path.join(sockets, socketName('/')));
    const top = findSocket('/srv', env) as Exclude<ReturnType<typeof findSocket>, NoAnswer>;
    expect(top.root).toBe('/');
    top.close();
    expect(descriptorsOn(sockets)).toEqual([]);
  });

  it('walks up 64 folders at most: the folder itself and 63 above it', async () => {
    const { env, sockets } = runtime();
    const root = '/r';
    await deadSocket(path.join(sockets, socketName(root)));
    const below = (levels: number): string => `${root}${'/d'.repeat(levels)}`;
    const found = findSocket(below(63), env) as Exclude<ReturnType<typeof findSocket>, NoAnswer>;
    expect(found.root).toBe(root);
    found.close();
    expect(findSocket(below(64), env)).toEqual({ why: 'no daemon runs for this folder', present: false });
    expect(descriptorsOn(sockets)).toEqual([]);
  });

  it("refuses, saying why in one line, a socket folder or a socket that is not the user's alone: the user started a daemon (present)", async () => {
    const { env, sockets } = runtime();
    chmodSync(sockets, 0o750);
    expect(findSocket('/srv/docs', env)).toEqual({
      why: `the daemon folder ${sockets} may be read or written by other users (mode 0750): the daemon is not used`,
      present: true,
    });
    chmodSync(sockets, 0o700);
    const socket = path.join(sockets, socketName('/srv/docs'));
    await deadSocket(socket, 0o666);
    expect(findSocket('/srv/docs/guide', env)).toEqual({
      why: `the daemon socket ${socket} may be read or written by other users (mode 0666): the daemon is not used`,
      present: true,
    });
    expect(descriptorsOn(sockets)).toEqual([]);
  });

  it('passes on an error that is not a refusal', () => {
    const error = thrown(() => findSocket('/srv/docs', { XDG_RUNTIME_DIR: `/${'x'.repeat(5000)}` }));
    expect(error.code).toBe('ENAMETOOLONG');
  });
});

describe('client: ask', () => {
  it('sends the request as one JSON line and gives the answer parsed', async () => {
    const at = freshPath('s');
    const daemon = await standIn(at, (line, connection) => connection.end(`${JSON.stringify({ stdout: 'out', stderr: 'err', code: 1 })}\n`));
    try {
      expect(await ask(at, statusRequest())).toEqual({ stdout: 'out', stderr: 'err', code: 1 });
      expect(daemon.lines).toEqual([JSON.stringify(statusRequest())]);
    } finally {
      await daemon.close();
    }
  });

  it('says the daemon closed without an answer when the connection ends with nothing, or with no JSON', async () => {
    for (const reply of ['', 'not json\n', '{"cut":']) {
      const at = freshPath('s');
      const daemon = await standIn(at, (line, connection) => connection.end(reply));
      try {
        expect(await ask(at, statusRequest())).toEqual({ why: 'the daemon closed the connection without an answer', present: true });
      } finally {
        await daemon.close();
      }
    }
  });

  it('stops waiting after its limit, says so, and drops the connection', async () => {
    const at = freshPath('s');
    const daemon = await standIn(at, () => {});
    try {
      expect(await ask(at, statusRequest(), 50)).toEqual({ why: 'the daemon did not answer within 0.05 s (docsnav daemon stop ends it)', present: true });
      // The client's side is gone: the daemon's late write fails, and its connection closes.
      const late = daemon.connections[0];
      const gone = new Promise((resolve) => late.once('close', resolve));
      late.write('late\n');
      await gone;
    } finally {
      await daemon.close();
    }
  });

  it('says no daemon listens on a socket left behind, and why one cannot be reached', async () => {
    const at = freshPath('s');
    await deadSocket(at);
    expect(await ask(at, statusRequest())).toEqual({ why: 'no daemon listens on its socket (it stopped without removing it)', present: true });
    expect(await ask(freshPath('s'), statusRequest())).toEqual({ why: 'the daemon cannot be reached (ENOENT)', present: true });
  });

  it('leaves no timer behind once answered', async () => {
    const at = freshPath('s');
    const daemon = await standIn(at, (line, connection) => connection.end('{"pid":1}\n'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect(await ask(at, statusRequest())).toEqual({ pid: 1 });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      await daemon.close();
    }
  });
});

describe('client: runThroughDaemon', () => {
  const context = (env: NodeJS.ProcessEnv, cwd = '/srv/docs/guide') => ({ cwd, env, isTTY: true, colorSupported: false, build: 'B1' });

  /** A stand-in daemon for /srv/docs in its own runtime folder, answering `reply`. */
  async function daemonFor(reply: unknown): Promise<{ env: NodeJS.ProcessEnv; sockets: string; daemon: Awaited<ReturnType<typeof standIn>> }> {
    const { env, sockets } = runtime();
    const daemon = await standIn(path.join(sockets, socketName('/srv/docs')), (line, connection) =>
      reply === undefined ? undefined : connection.end(`${JSON.stringify(reply)}\n`),
    );
    return { env, sockets, daemon };
  }

  it("sends validate's arguments with the folder, the environment (its set values), the terminal and the build, and gives the answer", async () => {
    const { env, sockets, daemon } = await daemonFor({ stdout: 'fine\n', stderr: '', code: 0 });
    try {
      const answer = await runThroughDaemon(['validate', '--quiet'], context({ ...env, NO_COLOR: '1', UNSET: undefined, DOCSNAV_DAEMON_TIMEOUT: '' }));
      expect(answer).toEqual({ stdout: 'fine\n', stderr: '', code: 0 });
      expect(daemon.lines.map(json)).toEqual([
        {
          docsnav: 1,
          op: 'run',
          build: 'B1',
          argv: ['validate', '--quiet'],
          cwd: '/srv/docs/guide',
          env: { ...env, NO_COLOR: '1', DOCSNAV_DAEMON_TIMEOUT: '' },
          isTTY: true,
          colorSupported: false,
        },
      ]);
      expect(descriptorsOn(sockets)).toEqual([]);
      const other = await runThroughDaemon(['validate'], { ...context(env), isTTY: false, colorSupported: true });
      expect(other).toEqual({ stdout: 'fine\n', stderr: '', code: 0 });
      expect(daemon.lines.map(json)[1]).toMatchObject({ argv: ['validate'], isTTY: false, colorSupported: true });
    } finally {
      await daemon.close();
    }
  });

  it('says why there is no daemon to ask, from findSocket', async () => {
    expect(await runThroughDaemon(['validate'], context({ XDG_RUNTIME_DIR: freshPath() }))).toEqual({ why: 'no daemon runs for this folder', present: false });
  });

  it('says a stale daemon is of another build, a refusal with its reason, an answer without a result; and closes the folder each time', async () => {
    const cases: [unknown, NoAnswer][] = [
      [
        { error: 'this daemon is build X, the client B1', kind: 'stale' },
        { why: 'the daemon is of another build of docsnav (it stops now)', present: true },
      ],
      [
        { error: "the folder /x is outside the daemon's root /srv/docs", kind: 'outside-root' },
        { why: "the daemon refused: the folder /x is outside the daemon's root /srv/docs", present: true },
      ],
      [
        { error: 'standard input is read in process', kind: 'stdin' },
        { why: 'the daemon refused: standard input is read in process', present: true },
      ],
      [
        { pid: 1, root: '/srv/docs', build: 'B1', idleMinutes: 15, served: 0 },
        { why: 'the daemon gave no result', present: true },
      ],
      [{ stopped: true }, { why: 'the daemon gave no result', present: true }],
    ];
    for (const [reply, expected] of cases) {
      const { env, sockets, daemon } = await daemonFor(reply);
      try {
        expect(await runThroughDaemon(['validate'], context(env))).toEqual(expected);
        expect(descriptorsOn(sockets)).toEqual([]);
      } finally {
        await daemon.close();
      }
    }
  });

  it('waits DOCSNAV_DAEMON_TIMEOUT seconds for an answer, then says so; closes the folder', async () => {
    const { env, sockets, daemon } = await daemonFor(undefined);
    try {
      expect(await runThroughDaemon(['validate'], context({ ...env, DOCSNAV_DAEMON_TIMEOUT: '0.05' }))).toEqual({
        why: 'the daemon did not answer within 0.05 s (docsnav daemon stop ends it)',
        present: true,
      });
      expect(descriptorsOn(sockets)).toEqual([]);
    } finally {
      await daemon.close();
    }
  });

  it('refuses a DOCSNAV_DAEMON_TIMEOUT that is not a number of seconds above 0, showing 40 characters of it, before looking for a daemon', async () => {
    for (const text of ['0', '-1', 'soon', 'Infinity', '-Infinity', `${'9'.repeat(400)}`, `${'x'.repeat(50)}`]) {
      const answer = await runThroughDaemon(['validate'], context({ XDG_RUNTIME_DIR: `/${'x'.repeat(5000)}`, DOCSNAV_DAEMON_TIMEOUT: text }));
      expect(answer).toEqual({
        why: `DOCSNAV_DAEMON_TIMEOUT must be a number of seconds above 0 (it is "${text.slice(0, 40)}"): the daemon is not used`,
        present: true,
      });
    }
    expect('x'.repeat(50).slice(0, 40)).toHaveLength(40);
  });
});

const BUILD = 'test-build';
const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** The codes the checker called process.exit with (caught: the test's process goes on), and a wait for the `count`th. */
let exits: number[] = [];
const exitEvents = new EventEmitter();
async function exited(count: number): Promise<void> {
  while (exits.length < count) await once(exitEvents, 'exit');
}

interface Checker {
  /** The socket's path, as `ready` was told it. */
  shown: string;
  /** The listener serveDaemon added for the signal (its stop). */
  on: Record<(typeof SIGNALS)[number], () => void>;
}
const checkers: Checker[] = [];

/** serveDaemon on `root` (15 idle minutes, build BUILD, every run answered empty unless `options.run`), once it listens. */
async function startChecker(root: string, options: Partial<DaemonOptions> = {}): Promise<Checker> {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const ready: string[] = [];
  await serveDaemon({
    root,
    idleMinutes: 15,
    build: BUILD,
    run: () => Promise.resolve({ stdout: '', stderr: '', code: 0 }),
    ...options,
    ready: (socket) => ready.push(socket),
  });
  expect(ready).toHaveLength(1);
  // On a worker thread (Stryker's runs) the umask was not set: the mode it would have given.
  if (!isMainThread) chmodSync(ready[0], 0o700);
  const added = (signal: (typeof SIGNALS)[number]) => {
    const listeners = process.listeners(signal).filter((listener) => !before.get(signal)!.includes(listener));
    expect(listeners).toHaveLength(1);
    return listeners[0] as () => void;
  };
  const checker = { shown: ready[0], on: { SIGTERM: added('SIGTERM'), SIGINT: added('SIGINT') } };
  checkers.push(checker);
  return checker;
}

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
const runRequest = (extra: Partial<RunRequest> = {}): RunRequest => ({
  docsnav: PROTOCOL,
  op: 'run',
  build: BUILD,
  argv: ['validate'],
  cwd: '/srv/docs',
  env: {},
  isTTY: false,
  colorSupported: false,
  ...extra,
});
const statusOf = (root: string, served: number) => ({ pid: process.pid, root, build: BUILD, idleMinutes: 15, served });

describe('checker: serveDaemon', () => {
  let runtimeFolder: string;
  let umask: ReturnType<typeof vi.spyOn<typeof process, 'umask'>>;
  beforeEach(() => {
    umask = vi.spyOn(process, 'umask');
    // Stryker's vitest runner runs the tests on worker threads, where a process's umask cannot be
    // set: there a stand-in keeps the mask the checker sets and puts back (the socket's mode is
    // checked only in a process of its own, as the default suite runs).
    if (!isMainThread) {
      let mask = 0o022;
      umask.mockImplementation(((next?: number) => {
        const was = mask;
        if (next !== undefined) mask = next;
        return was;
      }) as typeof process.umask);
    }
    exits = [];
    vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      exits.push(code ?? -1);
      exitEvents.emit('exit');
    }) as typeof process.exit);
    runtimeFolder = ownFolder();
    vi.stubEnv('XDG_RUNTIME_DIR', runtimeFolder);
  });
  afterEach(async () => {
    vi.useRealTimers();
    // A checker still listening (its test failed) is stopped; every listener the checkers added goes.
    for (const checker of checkers.splice(0)) {
      if (existsSync(checker.shown)) {
        const count = exits.length + 1;
        checker.on.SIGTERM();
        await exited(count);
      }
      for (const signal of SIGNALS) process.removeListener(signal, checker.on[signal]);
    }
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });
  const sockets = () => path.join(runtimeFolder, 'docsnav');

  it("makes its socket folder (0700), listens on the root's socket with no group or other bits (the umask put back), says where, and answers status", async () => {
    const was = process.umask(0o022);
    umask.mockClear();
    try {
      const checker = await startChecker('/srv/docs');
      // No group or other bits while it makes the socket, and the umask put back.
      expect(umask.mock.calls).toEqual([[0o077], [0o022]]);
      expect(checker.shown).toBe(`${sockets()}/${socketName('/srv/docs')}`);
      expect(statSync(sockets()).mode & 0o777).toBe(0o700);
      expect(lstatSync(checker.shown).isSocket()).toBe(true);
      if (isMainThread) expect(lstatSync(checker.shown).mode & 0o077).toBe(0);
      expect(await ask(checker.shown, statusRequest(BUILD))).toEqual(statusOf('/srv/docs', 0));
    } finally {
      process.umask(was);
    }
  });

  it('answers a run with what the run gave; the run gets the request as checked (its fields only, a terminal and colours only when true)', async () => {
    const seen: RunRequest[] = [];
    const checker = await startChecker('/srv/docs', {
      run: (request) => {
        seen.push(request);
        return Promise.resolve({ stdout: `out ${seen.length}\n`, stderr: 'err\n', code: seen.length });
      },
    });
    const full = runRequest({ argv: ['validate', '--quiet'], cwd: '/srv/docs/guide', env: { NO_COLOR: '1', EMPTY: '' }, isTTY: true, colorSupported: true });
    expect(json(await exchange(checker.shown, line({ ...full, extra: 'dropped' })))).toEqual({ stdout: 'out 1\n', stderr: 'err\n', code: 1 });
    expect(seen[0]).toEqual(full);
    const loose = { docsnav: 1, op: 'run', build: BUILD, argv: [], cwd: '/srv/docs', env: {}, isTTY: 'yes', colorSupported: 1 };
    expect(json(await exchange(checker.shown, line(loose)))).toEqual({ stdout: 'out 2\n', stderr: 'err\n', code: 2 });
    expect(seen[1]).toEqual({ docsnav: 1, op: 'run', build: BUILD, argv: [], cwd: '/srv/docs', env: {}, isTTY: false, colorSupported: false });
    expect(await ask(checker.shown, statusRequest(BUILD))).toEqual(statusOf('/srv/docs', 2));
  });

  it('answers a run that waits on the event loop (I/O, a timer) after the client has ended its side of the connection', async () => {
    const checker = await startChecker('/srv/docs', {
      run: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await readFile(fileURLToPath(import.meta.url));
        return { stdout: 'late\n', stderr: '', code: 0 };
      },
    });
    expect(json(await exchange(checker.shown, line(runRequest())))).toEqual({ stdout: 'late\n', stderr: '', code: 0 });
    expect(await ask(checker.shown, runRequest())).toEqual({ stdout: 'late\n', stderr: '', code: 0 });
  });

  /** A site with one broken link, as the CLI checks it. */
  function site(): string {
    const root = ownFolder();
    writeFileSync(
      path.join(root, 'docs.json'),
      `${JSON.stringify({ name: 'Daemon', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] } })}\n`,
    );
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n# Home\n\nSee [the guide](/guide#setup) and [the old page](/old).\n');
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'guide.mdx'), '# Guide\n\n## Setup\n\nBack [home](/index).\n');
    return root;
  }

  /** The CLI's own run (src/cli/run.ts) in process, its output kept. */
  async function cli(argv: string[], env: Record<string, string | undefined>): Promise<RunAnswer> {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await run(argv, { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text), isTTY: false, env });
    return { stdout: stdout.join(''), stderr: stderr.join(''), code };
  }

  it("answers through runThroughDaemon what the CLI's run gives in process, byte for byte (stdout, stderr, exit code), from the root or a folder below it", async () => {
    const root = site();
    const checker = await startChecker(root, { run: (request) => cli(request.argv, request.env) });
    const env = { ...process.env, NO_COLOR: '1' };
    const context = { cwd: path.join(root, 'sub'), env, isTTY: false, colorSupported: false, build: BUILD };
    const cases = [
      ['validate', root],
      ['validate', root, '--format', 'json'],
      ['validate', path.join(root, 'd*.json')],
      ['validate', '--quiet', root],
      ['validate', '--nope'],
    ];
    for (const argv of cases) {
      const direct = await cli(argv, env);
      expect(await runThroughDaemon(argv, context)).toEqual(direct);
    }
    expect((await cli(cases[0], env)).code).toBe(1);
    expect((await cli(cases[4], env)).code).toBe(2);
    expect(await ask(checker.shown, statusRequest(BUILD))).toEqual(statusOf(root, cases.length));
  });

  it('answers one request at a time, in the order they came: a status asked during a run is answered after it', async () => {
    const runs: string[] = [];
    let running = 0;
    let most = 0;
    let release = (): void => {};
    const started = new EventEmitter();
    const checker = await startChecker('/srv/docs', {
      run: (request) =>
        new Promise((resolve) => {
          runs.push(request.argv[0]);
          most = Math.max(most, ++running);
          release = () => {
            running--;
            resolve({ stdout: request.argv[0], stderr: '', code: 0 });
          };
          started.emit('run');
        }),
    });
    const first = once(started, 'run');
    const one = exchange(checker.shown, line(runRequest({ argv: ['one'] })));
    await first;
    const status = ask(checker.shown, statusRequest(BUILD));
    const two = exchange(checker.shown, line(runRequest({ argv: ['two'] })));
    const second = once(started, 'run');
    release();
    await second;
    release();
    expect(json(await one)).toEqual({ stdout: 'one', stderr: '', code: 0 });
    expect(json(await two)).toEqual({ stdout: 'two', stderr: '', code: 0 });
    // Answered after the first run and before the second.
    expect(await status).toEqual(statusOf('/srv/docs', 1));
    expect(runs).toEqual(['one', 'two']);
    expect(most).toBe(1);
  });

  it('answers a run that throws with an internal error, its message (or the value thrown), and serves on; a failed run is not counted', async () => {
    const thrownValues: unknown[] = [new Error('boom'), 'a string', null];
    // A value that is not an Error is thrown on purpose: the checker says the value itself.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const checker = await startChecker('/srv/docs', { run: () => Promise.reject(thrownValues.shift()) });
    for (const said of ['boom', 'a string', 'null'])
      expect(json(await exchange(checker.shown, line(runRequest())))).toEqual({ error: `internal error: ${said}`, kind: 'internal' });
    expect(await ask(checker.shown, statusRequest(BUILD))).toEqual(statusOf('/srv/docs', 0));
  });

  it('answers a refused run with its reason and kind (counted as served)', async () => {
    const kinds: ErrorKind[] = ['outside-root', 'stdin', 'bad-request'];
    const checker = await startChecker('/srv/docs', {
      run: (request) => Promise.resolve({ refused: `no: ${request.argv[0]}`, kind: request.argv[1] as ErrorKind }),
    });
    for (const kind of kinds) expect(await ask(checker.shown, runRequest({ argv: ['x', kind] }))).toEqual({ error: 'no: x', kind });
    expect(await ask(checker.shown, statusRequest(BUILD))).toEqual(statusOf('/srv/docs', kinds.length));
  });

  it('answers a request it cannot use with a bad-request error saying what is wrong, runs nothing, and serves on', async () => {
    const seen: RunRequest[] = [];
    const checker = await startChecker('/srv/docs', {
      run: (request) => {
        seen.push(request);
        return Promise.resolve({ stdout: '', stderr: '', code: 0 });
      },
    });
    const base = { docsnav: 1, op: 'run', build: BUILD, argv: ['validate'], cwd: '/srv/docs', env: {} };
    const docsnav = `the request's "docsnav" is not 1`;
    const op = 'the request\'s "op" is not run, status or stop';
    const argv = 'the request\'s "argv" is not a list of strings';
    const cwd = 'the request has no "cwd"';
    const env = 'the request\'s "env" is not an object of strings';
    const cases: [string, string][] = [
      ['', `a request is one JSON line of at most ${MAX_REQUEST_BYTES} bytes`],
      ['not json\n', 'the request is not JSON'],
      ['{"docsnav":1,\n', 'the request is not JSON'],
      ['null\n', 'the request is not an object'],
      ['5\n', 'the request is not an object'],
      ['"run"\n', 'the request is not an object'],
      ['[]\n', docsnav],
      [line({ ...base, docsnav: undefined }), docsnav],
      [line({ ...base, docsnav: 2 }), docsnav],
      [line({ ...base, docsnav: '1' }), docsnav],
      [line({ ...base, build: undefined }), 'the request has no "build"'],
      [line({ ...base, build: 1 }), 'the request has no "build"'],
      [line({ ...base, build: 'another', op: 'validate' }), op],
      [line({ ...base, op: undefined }), op],
      [line({ ...base, op: 'RUN' }), op],
      [line({ ...base, argv: undefined }), argv],
      [line({ ...base, argv: 'validate' }), argv],
      [line({ ...base, argv: ['validate', 1] }), argv],
      [line({ ...base, argv: [null] }), argv],
      [line({ ...base, cwd: undefined }), cwd],
      [line({ ...base, cwd: ['/srv'] }), cwd],
      [line({ ...base, env: undefined }), env],
      [line({ ...base, env: null }), env],
      [line({ ...base, env: ['A=1'] }), env],
      [line({ ...base, env: 'A=1' }), env],
      [line({ ...base, env: { A: '1', B: 2 } }), env],
      [line({ ...base, env: { A: null } }), env],
    ];
    for (const [payload, error] of cases) expect([payload, json(await exchange(checker.shown, payload))]).toEqual([payload, { error, kind: 'bad-request' }]);
    expect(seen).toEqual([]);
    // A control request needs no more than its op and build.
    expect(json(await exchange(checker.shown, line({ docsnav: 1, op: 'status', build: BUILD, argv: 5, env: null })))).toEqual(statusOf('/srv/docs', 0));
  });

  it(`reads one line of at most ${MAX_REQUEST_BYTES} bytes (the newline counted): a longer one is refused; the line ends the request, or the end of the connection does`, async () => {
    const seen: RunRequest[] = [];
    const checker = await startChecker('/srv/docs', {
      run: (request) => {
        seen.push(request);
        return Promise.resolve({ stdout: 'ran', stderr: '', code: 0 });
      },
    });
    const status = JSON.stringify(statusRequest(BUILD));
    // JSON allows the spaces that pad the line to its size.
    const sized = (bytes: number): Buffer => Buffer.from(`${status}${' '.repeat(bytes - status.length - 1)}\n`);
    expect(sized(MAX_REQUEST_BYTES)).toHaveLength(MAX_REQUEST_BYTES);
    expect(json(await exchange(checker.shown, sized(MAX_REQUEST_BYTES)))).toEqual(statusOf('/srv/docs', 0));
    expect(json(await exchange(checker.shown, sized(MAX_REQUEST_BYTES + 1)))).toEqual({
      error: `a request is one JSON line of at most ${MAX_REQUEST_BYTES} bytes`,
      kind: 'bad-request',
    });
    // Many chunks: an environment of 600 kB arrives whole.
    const big = runRequest({ env: { BIG: 'x'.repeat(600_000) } });
    expect(json(await exchange(checker.shown, line(big), false))).toEqual({ stdout: 'ran', stderr: '', code: 0 });
    expect(seen[0]).toEqual(big);
    // What follows the line is not read; a line the connection's end closes is read whole.
    expect(json(await exchange(checker.shown, `${line(runRequest({ argv: ['one'] }))}{"more":`))).toEqual({ stdout: 'ran', stderr: '', code: 0 });
    expect(json(await exchange(checker.shown, JSON.stringify(runRequest({ argv: ['two'] }))))).toEqual({ stdout: 'ran', stderr: '', code: 0 });
    expect(seen.slice(1).map((request) => request.argv)).toEqual([['one'], ['two']]);
  });

  it('answers a client of another build "stale" and stops (its socket removed, the process ending 0), whatever it asked', async () => {
    for (const request of [runRequest({ build: 'another' }), statusRequest('another'), { docsnav: PROTOCOL, op: 'stop', build: 'another' } as Request]) {
      const seen: RunRequest[] = [];
      const checker = await startChecker(`/srv/${request.op}`, {
        run: (asked) => {
          seen.push(asked);
          return Promise.resolve({ stdout: '', stderr: '', code: 0 });
        },
      });
      const count = exits.length + 1;
      expect(await ask(checker.shown, request)).toEqual({ error: `this daemon is build ${BUILD}, the client another`, kind: 'stale' });
      await exited(count);
      expect(exits.at(-1)).toBe(0);
      expect(existsSync(checker.shown)).toBe(false);
      expect(seen).toEqual([]);
    }
    expect(descriptorsOn(sockets())).toEqual([]);
  });

  it('stops on "stop": says so, removes its socket, closes its folder and ends the process with 0', async () => {
    const checker = await startChecker('/srv/docs');
    expect(await ask(checker.shown, { docsnav: PROTOCOL, op: 'stop', build: BUILD })).toEqual({ stopped: true });
    await exited(1);
    expect(exits).toEqual([0]);
    expect(existsSync(checker.shown)).toBe(false);
    expect(descriptorsOn(sockets())).toEqual([]);
  });

  it('stops on SIGTERM and on SIGINT, its socket removed (or already gone)', async () => {
    for (const signal of SIGNALS) {
      const checker = await startChecker(`/srv/${signal}`);
      const count = exits.length + 1;
      checker.on[signal]();
      await exited(count);
      expect(existsSync(checker.shown)).toBe(false);
    }
    const removed = await startChecker('/srv/removed');
    rmSync(removed.shown);
    removed.on.SIGTERM();
    await exited(3);
    expect(exits).toEqual([0, 0, 0]);
    expect(descriptorsOn(sockets())).toEqual([]);
  });

  it('refuses to start where another checker answers for the root (which serves on), and adds no listener', async () => {
    const first = await startChecker('/srv/docs');
    const before = SIGNALS.map((signal) => process.listenerCount(signal));
    const error = await serveDaemon({ root: '/srv/docs', idleMinutes: 15, build: BUILD, run: () => Promise.reject(new Error('no')), ready: () => {} }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AlreadyRunningError);
    expect((error as Error).message).toBe(`a daemon already runs for /srv/docs (${first.shown})`);
    expect(SIGNALS.map((signal) => process.listenerCount(signal))).toEqual(before);
    // The probe that found it was closed: the first answers the next request at once.
    expect(await ask(first.shown, statusRequest(BUILD))).toEqual(statusOf('/srv/docs', 0));
  });

  it("replaces a socket a crashed checker left; refuses a socket or a folder that is not the user's alone", async () => {
    mkdirSync(sockets(), { mode: 0o700 });
    const left = path.join(sockets(), socketName('/srv/left'));
    await deadSocket(left);
    const checker = await startChecker('/srv/left');
    expect(checker.shown).toBe(left);
    expect(await ask(left, statusRequest(BUILD))).toEqual(statusOf('/srv/left', 0));

    const open = path.join(sockets(), socketName('/srv/open'));
    await deadSocket(open, 0o666);
    const start = (root: string) =>
      serveDaemon({ root, idleMinutes: 15, build: BUILD, run: () => Promise.reject(new Error('no')), ready: () => {} }).then(
        () => undefined,
        (reason: unknown) => reason as Error,
      );
    const refused = await start('/srv/open');
    expect(refused).toBeInstanceOf(NotOwnError);
    expect(refused?.message).toBe(`the daemon socket ${open} may be read or written by other users (mode 0666)`);
    expect(lstatSync(open).isSocket()).toBe(true);
    chmodSync(sockets(), 0o750);
    const folder = await start('/srv/other');
    expect(folder).toBeInstanceOf(NotOwnError);
    expect(folder?.message).toBe(`the daemon folder ${sockets()} may be read or written by other users (mode 0750)`);
    chmodSync(sockets(), 0o700);
  });

  it('stops after idleMinutes without a request, counted from its start and again from each request and each answer (one timer at a time)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const minute = 60_000;
    let release = (): void => {};
    const started = new EventEmitter();
    const checker = await startChecker('/srv/docs', {
      idleMinutes: 1,
      run: () =>
        new Promise((resolve) => {
          release = () => resolve({ stdout: 'done', stderr: '', code: 0 });
          started.emit('run');
        }),
    });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(minute - 1);
    expect(existsSync(checker.shown)).toBe(true);
    const running = once(started, 'run');
    const answer = exchange(checker.shown, line(runRequest()));
    await running;
    // A minute from the request: the minute from the start has passed, the check runs on.
    vi.advanceTimersByTime(2);
    expect(existsSync(checker.shown)).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    release();
    expect(json(await answer)).toEqual({ stdout: 'done', stderr: '', code: 0 });
    expect(vi.getTimerCount()).toBe(1);
    // A minute from the answer.
    vi.advanceTimersByTime(minute - 1);
    expect(existsSync(checker.shown)).toBe(true);
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(existsSync(checker.shown)).toBe(false);
    await exited(1);
    expect(exits).toEqual([0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer when it stops on a request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const checker = await startChecker('/srv/docs');
    expect(json(await exchange(checker.shown, line({ docsnav: PROTOCOL, op: 'stop', build: BUILD })))).toEqual({ stopped: true });
    await exited(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
