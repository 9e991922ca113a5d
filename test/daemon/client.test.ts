/**
 * src/daemon/client.ts in process (issue 67): finding the checker of a folder (walking up, the
 * owner checks said in one line), one request and its answer over a real unix socket (a stand-in
 * checker: an answer, none, a close without one, a socket no one listens on), and the fallbacks
 * runThroughDaemon says (DOCSNAV_DAEMON_TIMEOUT, a stale checker, a refusal).
 */
import { chmodSync, existsSync, lstatSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ask, findSocket, runThroughDaemon, type NoAnswer } from '../../src/daemon/client.js';
import { socketFolder, socketName } from '../../src/daemon/place.js';
import { PROTOCOL, type Request } from '../../src/daemon/protocol.js';
import { deadSocket, descriptorsOn, standIn, tempPlace, thrown } from './sockets.js';

const { temp, freshPath, ownFolder } = tempPlace('docsnav-client-');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const json = (text: string): unknown => JSON.parse(text);

/** A runtime folder of its own (as XDG_RUNTIME_DIR), with its socket folder made: the environment and that folder. */
function runtime(): { env: NodeJS.ProcessEnv; sockets: string } {
  const env = { XDG_RUNTIME_DIR: ownFolder() };
  return { env, sockets: ownFolder(socketFolder(env)) };
}

const statusRequest = (build = 'B'): Request => ({ docsnav: PROTOCOL, op: 'status', build });

describe('client: findSocket', () => {
  it('says no daemon runs when the socket folder is not there, or holds no socket of the folder or above it', () => {
    const none = { why: 'no daemon runs for this folder', present: false };
    const missing = { XDG_RUNTIME_DIR: freshPath() };
    expect(findSocket('/srv/docs', missing)).toEqual(none);
    // A client only looks: it makes no folder.
    expect(existsSync(missing.XDG_RUNTIME_DIR)).toBe(false);
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

  // Root may search any folder: as root no check of a socket fails but by refusing (or ENOENT).
  it.skipIf(process.getuid?.() === 0)(
    "passes on an error of a socket's check that is not a refusal (a folder of the user's it may not search), its folder closed",
    () => {
      const { env, sockets } = runtime();
      chmodSync(sockets, 0o600);
      try {
        expect(thrown(() => findSocket('/srv/docs', env)).code).toBe('EACCES');
        expect(descriptorsOn(sockets)).toEqual([]);
      } finally {
        chmodSync(sockets, 0o700);
      }
    },
  );
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
