/**
 * src/daemon/checker.ts in process (issue 67): serveDaemon over a real unix socket in a temporary
 * runtime folder (test/daemon/checker-harness.ts): its socket and folder, what a run gets and
 * answers, one request at a time, internal errors and refusals, every bad request's message, the
 * request size limit at its edge, stale, stop and the signals, a second checker refused, a socket
 * left behind replaced, and the idle stop on Vitest's fake clock.
 */
import { EventEmitter, once } from 'node:events';
import { chmodSync, existsSync, lstatSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AlreadyRunningError, serveDaemon } from '../../src/daemon/checker.js';
import { ask } from '../../src/daemon/client.js';
import { NotOwnError, socketName } from '../../src/daemon/place.js';
import { MAX_REQUEST_BYTES, PROTOCOL, type ErrorKind, type Request, type RunRequest } from '../../src/daemon/protocol.js';
import { BUILD, SIGNALS, exited, exits, json, line, runRequest, startChecker, statusOf, useCheckers } from './checker-harness.js';
import { deadSocket, descriptorsOn, exchange, tempPlace } from './sockets.js';

const { temp, ownFolder } = tempPlace('docsnav-checker-');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const statusRequest = (build: string): Request => ({ docsnav: PROTOCOL, op: 'status', build });

describe('checker: serveDaemon', () => {
  const { sockets, umask } = useCheckers(ownFolder);

  it("makes its socket folder (0700), listens on the root's socket with no group or other bits (the umask put back), says where, and answers status", async () => {
    const was = process.umask(0o022);
    umask().mockClear();
    try {
      const checker = await startChecker('/srv/docs');
      // No group or other bits while it makes the socket, and the umask put back.
      expect(umask().mock.calls).toEqual([[0o077], [0o022]]);
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
