/**
 * The data folder (src/host/data-folder.ts) where the system fails it, in-process: a folder
 * that cannot be resolved, opened or listed, a lock refused for another reason than a holder,
 * a socket that cannot listen, a handler whose error cannot even be described, a client that
 * says nothing for 30 s, and a process that does not answer or drops the connection. The
 * failures are made here (node:fs answers with an error for one path, fs-ext's flock and the
 * net module's calls are wrapped); data-folder.test.ts has the rest with nothing made to fail.
 */
import { createRequire } from 'node:module';
import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers.js';

/** The calls of node:fs that fail here: the function, the path, the error code, and whether only the first call fails. */
const failing: { fn?: 'realpathSync' | 'openSync' | 'readdirSync'; file?: string; code: string; once?: boolean } = { code: 'EACCES' };

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const wrap = <F extends (file: string, ...rest: never[]) => unknown>(name: 'realpathSync' | 'openSync' | 'readdirSync', real: F): F =>
    ((file: string, ...rest: never[]) => {
      if (failing.fn === name && file === failing.file) {
        if (failing.once) failing.fn = undefined;
        throw Object.assign(new Error(`${failing.code}: ${name} '${file}'`), { code: failing.code });
      }
      return real(file, ...rest);
    }) as F;
  const realpathSync = Object.assign(wrap('realpathSync', fs.realpathSync), { native: fs.realpathSync.native });
  const openSync = wrap('openSync', fs.openSync);
  const readdirSync = wrap('readdirSync', fs.readdirSync);
  return { ...fs, default: { ...fs, realpathSync, openSync, readdirSync }, realpathSync, openSync, readdirSync };
});

const { DataFolder, sendControl } = await import('../src/host/data-folder.js');
type Folder = Awaited<ReturnType<typeof DataFolder.open>>;

/** fs-ext, as data-folder.ts loads it (one module object: its flockSync can be wrapped). */
const fsExt = createRequire(import.meta.url)('fs-ext') as { flockSync: (fd: number, flags: string) => void };

const opened: Folder[] = [];
const temps: string[] = [];
afterEach(async () => {
  failing.fn = undefined;
  failing.once = false;
  failing.code = 'EACCES';
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const folder of opened.splice(0)) await folder.close();
});
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function temp(): string {
  const dir = tempDir('host-data-folder');
  temps.push(dir);
  return dir;
}

async function open(dir: string): Promise<Folder> {
  const folder = await DataFolder.open(dir);
  opened.push(folder);
  return folder;
}

/** What `open` fails with (its error's name and message). */
async function refusal(dir: string): Promise<string> {
  try {
    await open(dir);
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  throw new Error(`${dir} was opened`);
}

/** A socket at `dir`'s socket path that takes connections and never answers. */
async function silentOwner(dir: string): Promise<{ connections: net.Socket[]; close: () => Promise<void> }> {
  const connections: net.Socket[] = [];
  const server = net.createServer((socket) => connections.push(socket));
  const socketPath = path.join(dir, 'docsnav.sock');
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  chmodSync(socketPath, 0o600);
  return {
    connections,
    close: async () => {
      for (const socket of connections) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('DataFolder.open where the system fails it', { timeout: 10_000 }, () => {
  it('says which folder it cannot resolve, and why', async () => {
    const dir = temp();
    failing.fn = 'realpathSync';
    failing.file = dir;
    expect(await refusal(dir)).toBe(`StoreError: cannot use ${dir}: EACCES`);
  });

  it('says which folder it cannot open to lock, and why; nothing is left listening', async () => {
    const dir = temp();
    failing.fn = 'openSync';
    failing.file = dir;
    failing.code = 'EMFILE';
    expect(await refusal(dir)).toBe(`StoreError: cannot lock ${dir}: EMFILE`);
    expect(existsSync(path.join(dir, 'docsnav.sock'))).toBe(false);
  });

  it('says why flock refused, when it is not another holder', async () => {
    const dir = temp();
    const real = fsExt.flockSync;
    vi.spyOn(fsExt, 'flockSync').mockImplementation((fd, flags) => {
      if (flags === 'exnb') throw Object.assign(new Error('EBADF, Bad file descriptor'), { code: 'EBADF' });
      real(fd, flags);
    });
    expect(await refusal(dir)).toBe(`StoreError: cannot lock ${dir}: EBADF`);
  });

  it.each(['EAGAIN', 'EWOULDBLOCK'])('counts flock failing with %s as another holder', async (code) => {
    const dir = temp();
    vi.spyOn(fsExt, 'flockSync').mockImplementation(() => {
      throw Object.assign(new Error(code), { code });
    });
    expect(await refusal(dir)).toBe(
      `DataFolderBusy: ${dir} is in use by another docsnav process, which holds its lock (its docsnav.sock is gone: restart that process to manage it); a data folder belongs to one process: stop it, or give this process its own --data (several processes share a --database postgres://… server)`,
    );
  });

  it('gives its lock up when closed', async () => {
    const dir = temp();
    const flocks = vi.spyOn(fsExt, 'flockSync');
    const folder = await open(dir);
    expect(flocks.mock.calls.map(([, flags]) => flags)).toEqual(['exnb']);
    const [[fd]] = flocks.mock.calls;
    await folder.close();
    expect(flocks.mock.calls).toEqual([
      [fd, 'exnb'],
      [fd, 'un'],
    ]);
  });

  it('says which socket cannot listen, and why; holds no lock after', async () => {
    const dir = temp();
    vi.spyOn(net.Server.prototype, 'listen').mockImplementationOnce(function (this: net.Server) {
      process.nextTick(() => this.emit('error', Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' })));
      return this;
    });
    expect(await refusal(dir)).toBe(`StoreError: cannot open ${path.join(dir, 'docsnav.sock')}: EADDRINUSE`);
    vi.restoreAllMocks();
    await open(dir);
  });

  it('leaves the mode of a folder it cannot list as it is (it cannot tell it made it)', async () => {
    const dir = temp();
    mkdirSync(path.join(dir, 'db'));
    chmodSync(dir, 0o755);
    failing.fn = 'readdirSync';
    failing.file = dir;
    failing.once = true;
    await open(dir);
    expect(failing.fn).toBeUndefined();
    expect(statSync(dir).mode & 0o777).toBe(0o755);
  });

  it('tightens the same folder it can list', async () => {
    const dir = temp();
    mkdirSync(path.join(dir, 'db'));
    chmodSync(dir, 0o755);
    await open(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});

describe("the data folder's socket where things fail", { timeout: 10_000 }, () => {
  it('answers a request whose error cannot be described with the error that made', async () => {
    const dir = temp();
    const folder = await open(dir);
    folder.serveControl(() => {
      throw Object.defineProperty(new Error('not this'), 'code', {
        get(): string {
          throw new Error('no code to give');
        },
      });
    });
    expect(await sendControl(dir, { op: 'project.list' })).toEqual({ ok: false, error: 'request failed: no code to give' });
  });

  it('lets a client go that has sent no whole line 30 s after it connected', async () => {
    const dir = temp();
    await open(dir);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = net.connect(path.join(dir, 'docsnav.sock'));
    client.on('error', () => {});
    let closed = false;
    client.on('close', () => (closed = true));
    client.write('{"op":');
    // The folder took the connection: its deadline is set.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    vi.advanceTimersByTime(29_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(closed).toBe(true));
  });
});

describe('sendControl where the owner fails', { timeout: 10_000 }, () => {
  it('gives up on a process that does not answer within 60 s', async () => {
    const dir = temp();
    const owner = await silentOwner(dir);
    const timeouts: number[] = [];
    const setTimeout = Object.getOwnPropertyDescriptor(net.Socket.prototype, 'setTimeout')!.value as (
      this: net.Socket,
      ms: number,
      callback?: () => void,
    ) => net.Socket;
    vi.spyOn(net.Socket.prototype, 'setTimeout').mockImplementation(function (this: net.Socket, ms: number, callback?: () => void) {
      timeouts.push(ms);
      return setTimeout.call(this, ms === 0 ? 0 : 20, callback);
    });
    try {
      await expect(sendControl(dir, { op: 'ping' })).rejects.toThrow(`the docsnav process holding ${dir} did not answer within 60 s`);
      expect(timeouts).toEqual([60_000]);
      expect(owner.connections).toHaveLength(1);
    } finally {
      await owner.close();
    }
  });

  it('fails with one line when the connection is lost once made (not as "nobody answers")', async () => {
    const dir = temp();
    const owner = await silentOwner(dir);
    const connect = net.connect;
    vi.spyOn(net, 'connect').mockImplementation((...args: Parameters<typeof net.connect>) => {
      const socket = connect(...args);
      socket.once('connect', () => setImmediate(() => socket.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))));
      return socket;
    });
    try {
      await expect(sendControl(dir, { op: 'ping' })).rejects.toThrow(`lost the connection to the docsnav process holding ${dir}: ECONNRESET`);
    } finally {
      await owner.close();
    }
  });

  it('reads an answer in many pieces, as UTF-8 split anywhere', async () => {
    const dir = temp();
    const answer = Buffer.from(`${JSON.stringify({ ok: true, result: 'héllo wörld ✓' })}\n`);
    const server = net.createServer((socket) => {
      socket.once('data', () => {
        void (async () => {
          for (let i = 0; i < answer.length; i++) await new Promise<void>((written) => socket.write(answer.subarray(i, i + 1), () => written()));
          socket.end();
        })();
      });
    });
    const socketPath = path.join(dir, 'docsnav.sock');
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    chmodSync(socketPath, 0o600);
    try {
      expect(await sendControl(dir, { op: 'ping' })).toEqual({ ok: true, result: 'héllo wörld ✓' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
