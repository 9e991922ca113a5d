/**
 * The data folder in-process (src/host/data-folder.ts): what it takes and refuses, its lock, what
 * earlier versions left, and its management socket, with real folders, flocks and Unix sockets.
 * operate.test.ts drives the same through `docsnav` processes (a crash, SIGTERM with silent
 * clients, folders other users own); those processes run the build, which a mutant never reaches.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFolder, sendControl, type ControlRequest } from '../src/host/data-folder.js';
import { tempDir } from './helpers.js';

const opened: DataFolder[] = [];
const temps: string[] = [];
afterAll(async () => {
  for (const folder of opened) await folder.close();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function temp(): string {
  const dir = tempDir('data-folder');
  temps.push(dir);
  return dir;
}

async function open(dir: string): Promise<DataFolder> {
  const folder = await DataFolder.open(dir);
  opened.push(folder);
  return folder;
}

/** The folder's mode bits. */
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** What `open` fails with (its error's name and message). */
async function refusal(dir: string): Promise<string> {
  try {
    await open(dir);
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  throw new Error(`${dir} was opened`);
}

/** What the folder's socket answers to `parts` (each written once the last is out), read until it closes the connection. */
function onSocket(socketPath: string, ...parts: Array<string | Buffer>): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // Writing after the folder closed the connection (a line too long, more after the line) fails: the answer is what counts.
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const send = async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        await new Promise((written) => socket.write(part, () => written(undefined)));
        // Apart: the folder reads each in its own chunk.
        await sleep(50);
      }
    };
    socket.once('connect', () => void send());
  });
}

describe('DataFolder.open', () => {
  it('makes a missing folder (and its parents) owner-only, with its socket (0600) and the paths of its parts', async () => {
    const dir = path.join(temp(), 'new', 'data');
    const folder = await open(dir);
    expect(folder.dir).toBe(dir);
    expect(modeOf(dir)).toBe(0o700);
    const socket = lstatSync(path.join(dir, 'docsnav.sock'));
    expect([socket.isSocket(), socket.mode & 0o777]).toEqual([true, 0o600]);
    expect([folder.dbDir, folder.gitDir, folder.worktreesDir]).toEqual(['db', 'git', 'worktrees'].map((name) => path.join(dir, name)));
  });

  it('tightens to 0700 a folder it made (empty, or holding its database, caches or socket); not a folder of other things', async () => {
    const cases = [
      { holds: [], mode: 0o700 },
      { holds: ['db'], mode: 0o700 },
      { holds: ['git'], mode: 0o700 },
      { holds: ['worktrees'], mode: 0o700 },
      { holds: ['docsnav.sock'], mode: 0o700 },
      { holds: ['db', 'notes'], mode: 0o700 },
      { holds: ['notes'], mode: 0o755 },
    ];
    for (const { holds, mode } of cases) {
      const dir = path.join(temp(), 'data');
      mkdirSync(dir);
      chmodSync(dir, 0o755);
      for (const name of holds) writeFileSync(path.join(dir, name), '');
      await (await open(dir)).close();
      expect(modeOf(dir), holds.join()).toBe(mode);
    }
  });

  it('removes what earlier versions left (a pid lock file, sockets moved aside), nothing else', async () => {
    const dir = temp();
    for (const name of ['docsnav.lock', 'docsnav.sock', 'docsnav.sock.stale-1234', 'old-docsnav.sock.stale-', 'docsnav.lock.bak', 'notes'])
      writeFileSync(path.join(dir, name), '');
    await open(dir);
    expect(readdirSync(dir).sort()).toEqual(['docsnav.lock.bak', 'docsnav.sock', 'notes', 'old-docsnav.sock.stale-']);
  });

  it('is refused while another holds it, saying how to reach that process; taken again once given up', async () => {
    const dir = temp();
    const first = await open(dir);
    expect(await refusal(dir)).toMatch(
      /^DataFolderBusy: \S+ is in use by another docsnav process, which holds its lock \(manage it through docsnav\.sock\); a data folder belongs to one process/,
    );
    renameSync(path.join(dir, 'docsnav.sock'), path.join(dir, 'aside.sock'));
    expect(await refusal(dir)).toMatch(/holds its lock \(its docsnav\.sock is gone: restart that process to manage it\)/);
    writeFileSync(path.join(dir, 'docsnav.sock'), '');
    expect(await refusal(dir)).toMatch(/holds its lock \(its docsnav\.sock is not a socket: restart that process to manage it\)/);
    rmSync(path.join(dir, 'docsnav.sock'));
    renameSync(path.join(dir, 'aside.sock'), path.join(dir, 'docsnav.sock'));
    await first.close();
    // Twice is once.
    await first.close();
    await (await open(dir)).close();
  });

  it('refuses with one line a folder it cannot use, others may write, or whose socket path is too long', async () => {
    const dir = temp();
    writeFileSync(path.join(dir, 'file'), '');
    mkdirSync(path.join(dir, 'open'));
    chmodSync(path.join(dir, 'open'), 0o777);
    mkdirSync(path.join(dir, 'group'));
    chmodSync(path.join(dir, 'group'), 0o720);
    symlinkSync(path.join(dir, 'open'), path.join(dir, 'link'));
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'dangling'));
    const long = path.join(dir, 'x'.repeat(103 - path.join(dir, '/docsnav.sock').length));
    const cases = [
      { name: 'file', refused: /^StoreError: \S+\/file is not a folder \(--data names the folder docsnav keeps its data in\)$/ },
      { name: 'file/data', refused: /^StoreError: cannot use \S+\/file\/data: ENOTDIR$/ },
      { name: 'dangling/data', refused: /^StoreError: cannot create \S+\/dangling\/data: ENOENT$/ },
      {
        name: 'open',
        refused:
          /^StoreError: \S+\/open is writable by other users \(mode 0777\): a data folder must be its user's alone \(its socket manages the server\); use a folder of your own/,
      },
      { name: 'group', refused: /^StoreError: \S+\/group is writable by other users \(mode 0720\)/ },
      { name: 'link', refused: /^StoreError: \S+\/open \(--data \S+\/link leads there\) is writable by other users \(mode 0777\)/ },
      { name: path.basename(long), refused: /^StoreError: the path of \S+ is too long for its socket \(104 bytes, at most 103\): use a shorter --data$/ },
    ];
    mkdirSync(long);
    for (const { name, refused } of cases) expect(await refusal(path.join(dir, name)), name).toMatch(refused);
    // One byte shorter, the longest socket path: taken.
    const longest = long.slice(0, -1);
    mkdirSync(longest);
    expect(path.join((await open(longest)).dir, 'docsnav.sock')).toHaveLength(103);
    // Nothing was made in a folder refused.
    expect([readdirSync(path.join(dir, 'open')), readdirSync(long)]).toEqual([[], []]);
  });

  it("refuses with one line a folder in its socket's place (not an internal error), and holds no lock after", async () => {
    const dir = temp();
    mkdirSync(path.join(dir, 'docsnav.sock'));
    expect(await refusal(dir)).toMatch(/^StoreError: cannot open \S+\/docsnav\.sock: a folder is in its place$/);
    rmSync(path.join(dir, 'docsnav.sock'), { recursive: true });
    await (await open(dir)).close();
  });

  it.skipIf(process.getuid?.() !== 0 || !existsSync('/usr/bin/chattr'))(
    'refuses with one line a socket path it cannot clear, saying why (an immutable file: root only)',
    async () => {
      const dir = temp();
      const socketPath = path.join(dir, 'docsnav.sock');
      writeFileSync(socketPath, '');
      execFileSync('chattr', ['+i', socketPath]);
      try {
        // The error's code, whatever rm says (Node's rm answers ENOTDIR here: after EPERM it tries the path as a folder).
        expect(await refusal(dir)).toMatch(/^StoreError: cannot open \S+\/docsnav\.sock: E[A-Z]+$/);
      } finally {
        execFileSync('chattr', ['-i', socketPath]);
      }
    },
  );

  it.skipIf(process.getuid?.() !== 0)('refuses a folder another user owns (it runs as root here: a folder given to nobody)', async () => {
    const dir = path.join(temp(), 'theirs');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 65534, 65534);
    expect(await refusal(dir)).toMatch(
      /^StoreError: \S+\/theirs belongs to user 65534, not to this process's user \(0\): a data folder must be its user's alone/,
    );
  });
});

describe("the data folder's socket", () => {
  it('answers ping at once, and the rest "starting" until a handler is set; then the handler, with args {} when none are given', async () => {
    const dir = temp();
    const folder = await open(dir);
    expect(await sendControl(dir, { op: 'ping' })).toEqual({ ok: true, result: 'pong' });
    expect(await sendControl(dir, { op: 'project.list' })).toEqual({ ok: false, error: 'the server is starting; try again in a moment' });
    const asked: ControlRequest[] = [];
    folder.serveControl((request) => {
      asked.push(request);
      if (request.op === 'fail') return Promise.reject(new Error('no such project'));
      if (request.op === 'fail-io') return Promise.reject(Object.assign(new Error('disk'), { code: 'ENOSPC' }));
      // Not an Error at all: still an answer naming it, not "request failed".
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what a handler that is not ours might reject with
      if (request.op === 'fail-null') return Promise.reject(null);
      return Promise.resolve({ ok: true, result: request.args });
    });
    expect(await sendControl(dir, { op: 'ping' })).toEqual({ ok: true, result: 'pong' });
    expect(await sendControl(dir, { op: 'project.list' })).toEqual({ ok: true, result: {} });
    expect(await sendControl(dir, { op: 'key.create', args: { project: 'acme' } })).toEqual({ ok: true, result: { project: 'acme' } });
    expect(await sendControl(dir, { op: 'fail' })).toEqual({ ok: false, error: 'no such project' });
    expect(await sendControl(dir, { op: 'fail-io' })).toEqual({ ok: false, error: 'ENOSPC' });
    expect(await sendControl(dir, { op: 'fail-null' })).toEqual({ ok: false, error: 'null' });
    expect(asked.map((request) => request.op)).toEqual(['project.list', 'key.create', 'fail', 'fail-io', 'fail-null']);
  });

  it('answers every malformed request with an error, one line each, and closes the connection', async () => {
    const dir = temp();
    const folder = await open(dir);
    let handled = 0;
    folder.serveControl((request) => {
      handled++;
      return Promise.resolve({ ok: true, result: request.op });
    });
    const socketPath = path.join(dir, 'docsnav.sock');
    const limit = 1024 * 1024;
    const cases: Array<{ name: string; parts: Array<string | Buffer>; answer: object }> = [
      { name: 'null', parts: ['null\n'], answer: { ok: false, error: 'a request is a JSON object with "op" (got null)' } },
      { name: 'a number', parts: ['42\n'], answer: { ok: false, error: 'a request is a JSON object with "op" (got number)' } },
      { name: 'an array', parts: ['[{"op":"ping"}]\n'], answer: { ok: false, error: 'a request is a JSON object with "op" (got an array)' } },
      { name: 'no op', parts: ['{}\n'], answer: { ok: false, error: 'a request needs "op", a string' } },
      { name: 'op a number', parts: ['{"op":5}\n'], answer: { ok: false, error: 'a request needs "op", a string' } },
      ...['null', '[]', '"acme"'].map((args) => ({
        name: `args ${args}`,
        parts: [`{"op":"project.remove","args":${args}}\n`],
        answer: { ok: false, error: '"args" of project.remove must be an object' },
      })),
      { name: 'not JSON', parts: ['hello\n'], answer: { ok: false, error: 'not a JSON request' } },
      {
        name: 'not UTF-8',
        parts: [Buffer.from([0x7b, 0x22, 0x6f, 0x70, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x0a])],
        answer: { ok: false, error: 'not a UTF-8 request' },
      },
      { name: 'a line of the longest size', parts: [`${'a'.repeat(limit)}\n`], answer: { ok: false, error: 'not a JSON request' } },
      { name: 'a line one byte longer', parts: [`${'a'.repeat(limit + 1)}\n`], answer: { ok: false, error: `request longer than ${limit} bytes` } },
      {
        name: 'a line in parts, its end starting the last',
        parts: ['{"op":', '"project.list"}', '\n{"op":"second"}\n'],
        answer: { ok: true, result: 'project.list' },
      },
      // An empty line is the request (not JSON), not a wait for the next.
      { name: 'an empty line, then a request', parts: ['\n', '{"op":"second"}\n'], answer: { ok: false, error: 'not a JSON request' } },
      // Only the first line counts, however much follows it (in its chunk or later).
      { name: 'more after the line', parts: [`{"op":"first"}\n${'b'.repeat(2 * limit)}`, '{"op":"second"}\n'], answer: { ok: true, result: 'first' } },
    ];
    for (const { name, parts, answer } of cases) {
      const text = await onSocket(socketPath, ...parts);
      expect(text.endsWith('\n') && text.indexOf('\n') === text.length - 1, name).toBe(true);
      expect(JSON.parse(text), name).toEqual(answer);
    }
    expect(handled).toBe(2);
  });

  it('takes nothing more on a connection while its request is answered', async () => {
    const dir = temp();
    const folder = await open(dir);
    let release = (): void => {};
    const asked: string[] = [];
    folder.serveControl((request) => {
      asked.push(request.op);
      return new Promise((resolve) => (release = () => resolve({ ok: true, result: request.op })));
    });
    const socket = connect(path.join(dir, 'docsnav.sock'));
    socket.on('error', () => {});
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.once('close', () => resolve(text));
    });
    socket.write('{"op":"slow"}\n');
    for (let tries = 0; tries < 100 && asked.length === 0; tries++) await sleep(20);
    // A second line while the first is answered: not read, not answered in its place.
    await new Promise((written) => socket.write('{"op":"second"}\n', () => written(undefined)));
    await sleep(50);
    release();
    expect(JSON.parse(await answer)).toEqual({ ok: true, result: 'slow' });
    expect(asked).toEqual(['slow']);
  });

  it('closes a connection once it has answered, also one whose client keeps its side open', async () => {
    const dir = temp();
    await open(dir);
    const socket = connect({ path: path.join(dir, 'docsnav.sock'), allowHalfOpen: true });
    let gone = false;
    socket.on('error', () => (gone = true));
    socket.on('close', () => (gone = true));
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.once('end', () => resolve(text));
    });
    socket.write('{"op":"ping"}\n');
    expect(JSON.parse(await answer)).toEqual({ ok: true, result: 'pong' });
    // Writing on shows whether the other end is still there: it is not (EPIPE, or the connection reset).
    for (let tries = 0; tries < 100 && !gone; tries++) {
      socket.write('more');
      await sleep(20);
    }
    socket.destroy();
    expect(gone).toBe(true);
  });

  it.skipIf(!existsSync('/proc/self/fd'))('given up, closes the descriptor it held the lock on', async () => {
    const dir = temp();
    const descriptors = () => readdirSync('/proc/self/fd').length;
    const before = descriptors();
    await (await open(dir)).close();
    expect(descriptors()).toBe(before);
  });

  it('given up, lets its silent clients go and removes its socket; nothing answers there then', async () => {
    const dir = temp();
    const folder = await open(dir);
    const silent = connect(path.join(dir, 'docsnav.sock'));
    silent.on('error', () => {});
    await new Promise((resolve) => silent.once('connect', resolve));
    const closed = new Promise((resolve) => silent.once('close', resolve));
    await folder.close();
    await closed;
    expect(existsSync(path.join(dir, 'docsnav.sock'))).toBe(false);
    expect(await sendControl(dir, { op: 'ping' })).toBeUndefined();
  });
});

describe('sendControl', () => {
  it('resolves undefined where nobody can answer: no folder, no socket, the socket of a process that crashed', async () => {
    const dir = temp();
    expect(await sendControl(path.join(dir, 'none'), { op: 'ping' })).toBeUndefined();
    expect(await sendControl(dir, { op: 'ping' })).toBeUndefined();
    // A crash leaves the socket file with nobody listening: moved aside while its server closes.
    const folder = await open(dir);
    renameSync(path.join(dir, 'docsnav.sock'), path.join(dir, 'kept.sock'));
    await folder.close();
    renameSync(path.join(dir, 'kept.sock'), path.join(dir, 'docsnav.sock'));
    expect(lstatSync(path.join(dir, 'docsnav.sock')).isSocket()).toBe(true);
    expect(await sendControl(dir, { op: 'ping' })).toBeUndefined();
  });

  it('sends nothing to a socket others could be listening on, or to what is not a socket', async () => {
    const dir = temp();
    await open(dir);
    const socketPath = path.join(dir, 'docsnav.sock');
    chmodSync(socketPath, 0o666);
    await expect(sendControl(dir, { op: 'ping' })).rejects.toThrow(
      /^\S+\/docsnav\.sock is writable by other users \(mode 0666\): refusing to send it a management request \(remove it if the folder is yours\)$/,
    );
    chmodSync(socketPath, 0o600);
    chmodSync(dir, 0o770);
    await expect(sendControl(dir, { op: 'ping' })).rejects.toThrow(/is writable by other users \(mode 0770\): a data folder must be its user's alone/);
    chmodSync(dir, 0o700);
    const other = temp();
    writeFileSync(path.join(other, 'docsnav.sock'), '');
    await expect(sendControl(other, { op: 'ping' })).rejects.toThrow(/^\S+\/docsnav\.sock is not a socket: refusing to send it a management request/);
  });

  it('fails with one line on an answer that is not JSON', async () => {
    const dir = temp();
    const connections: Socket[] = [];
    const server = createServer((socket) => {
      connections.push(socket);
      socket.end('not json\n');
    });
    await new Promise<void>((resolve) => server.listen(path.join(dir, 'docsnav.sock'), resolve));
    try {
      await expect(sendControl(dir, { op: 'ping' })).rejects.toThrow(/^the docsnav process holding \S+ gave an unreadable answer$/);
    } finally {
      for (const socket of connections) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
