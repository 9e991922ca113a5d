/**
 * `docsnav daemon run`'s own part (src/cli/daemon-command.ts: `serve`, which requests it refuses,
 * and how it runs one), in process. The checker under it (src/daemon/checker.ts's serveDaemon)
 * cannot run inside a test: it sets the umask (refused on a worker thread, where Stryker runs the
 * tests) and ends the process when stopped. So serveDaemon is replaced here by one that keeps
 * what serve gives it, and the test calls its `run` as a request would; and process.chdir, which
 * a worker thread may not call, is recorded instead of done (the requests name absolute paths, so
 * the folder does not change their answers). The checker itself, over real sockets and processes,
 * is test/daemon/daemon.test.ts's.
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pc from 'picocolors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DaemonOptions } from '../../src/daemon/checker.js';
import { NotOwnError } from '../../src/daemon/place.js';
import { PROTOCOL, buildId, type RunRequest } from '../../src/daemon/protocol.js';

const served = vi.hoisted((): { options: unknown; fail: Error | undefined } => ({ options: undefined, fail: undefined }));

vi.mock('../../src/daemon/checker.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/daemon/checker.js')>();
  return {
    ...original,
    // As the real one: listening (here at once, before the call returns), then ready.
    serveDaemon: (options: DaemonOptions): Promise<void> => {
      if (served.fail) return Promise.reject(served.fail);
      served.options = options;
      options.ready('/run/docsnav/test.sock');
      return Promise.resolve();
    },
  };
});

const { daemonCommand } = await import('../../src/cli/daemon-command.js');
const { run } = await import('../../src/cli/run.js');
const { AlreadyRunningError } = await import('../../src/daemon/checker.js');

const temp = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-daemon-run-')));
const root = path.join(temp, 'site');
const outside = path.join(temp, 'other');
mkdirSync(path.join(root, 'guides'), { recursive: true });
mkdirSync(outside);
writeFileSync(path.join(root, 'docs.json'), `${JSON.stringify({ navigation: { pages: ['index'] } }, null, 2)}\n`);
writeFileSync(path.join(root, 'index.mdx'), '# Home\n\n[X](/missing)\n');
writeFileSync(path.join(outside, 'docs.json'), '{}\n');
symlinkSync(outside, path.join(root, 'out'));
// A folder whose name starts with the root's: not inside it.
mkdirSync(`${root}2`);

let folders: string[];
const saved = { send: Object.getOwnPropertyDescriptor(process, 'send'), disconnect: Object.getOwnPropertyDescriptor(process, 'disconnect') };
const put = (name: 'send' | 'disconnect', value: unknown) => Object.defineProperty(process, name, { value, configurable: true, writable: true });
function restore(name: 'send' | 'disconnect'): void {
  const descriptor = saved[name];
  if (descriptor) Object.defineProperty(process, name, descriptor);
  else delete (process as { send?: unknown; disconnect?: unknown })[name];
}

/**
 * A parent (`daemon start`) to tell: what serve sends it is kept, and its disconnect counted. A
 * test runner's own messages (Vitest's forks talk to theirs over the same channel) pass on.
 */
function parent(): { sent: unknown[]; disconnects: () => number } {
  const sent: unknown[] = [];
  let disconnects = 0;
  const original = saved.send?.value as ((...args: unknown[]) => boolean) | undefined;
  put('send', (message: unknown, ...rest: unknown[]) => {
    const ours = typeof message === 'object' && message !== null && Object.keys(message).length === 1 && ('ready' in message || 'error' in message);
    if (ours) sent.push(message);
    else original?.call(process, message, ...rest);
    return true;
  });
  put('disconnect', () => void disconnects++);
  return { sent, disconnects: () => disconnects };
}

/**
 * `fn` run with no parent to tell (a checker in the foreground). Vitest's forks use process.send
 * for themselves: it is taken away only while `fn`'s promise settles, with no I/O turn between.
 */
async function withoutParent<T>(fn: () => Promise<T>): Promise<T> {
  put('send', undefined);
  try {
    return await fn();
  } finally {
    restore('send');
  }
}

beforeEach(() => {
  served.options = undefined;
  served.fail = undefined;
  folders = [];
  vi.spyOn(process, 'chdir').mockImplementation((folder: string) => void folders.push(folder));
});

afterEach(() => {
  vi.restoreAllMocks();
  restore('send');
  restore('disconnect');
});

function capture(runner?: (argv: string[], io: import('../../src/cli/io.js').CliIo) => Promise<number>) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (text: string) => out.push(text), stderr: (text: string) => err.push(text), isTTY: false, env: {}, run: runner },
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}

/**
 * `docsnav daemon run <root>` (daemonCommand, with run.ts's run as the runner unless `runner`), the
 * options it served with. It serves until stopped: its promise never settles; serveDaemon (the
 * mock) is called, and calls `ready`, before the call returns.
 */
function serving(more: string[] = [], runner: (argv: string[], io: import('../../src/cli/io.js').CliIo) => Promise<number> = run) {
  const { io, stderr } = capture(runner);
  void daemonCommand(['run', root, ...more], io);
  expect(served.options).toBeDefined();
  return { options: served.options as DaemonOptions, stderr: stderr() };
}

function request(argv: string[], more: Partial<RunRequest> = {}): RunRequest {
  return { docsnav: PROTOCOL, op: 'run', build: buildId(), argv, cwd: root, env: { NO_COLOR: '1' }, isTTY: false, colorSupported: false, ...more };
}

describe('serve', () => {
  it('serves the root with its idle minutes and this build; in the foreground, says where it listens', () => {
    put('send', undefined);
    let shown;
    try {
      shown = serving(['--idle-timeout', '2.5']);
    } finally {
      restore('send');
    }
    const { options, stderr } = shown;
    expect(options.root).toBe(root);
    expect(options.idleMinutes).toBe(2.5);
    expect(options.build).toBe(buildId());
    expect(stderr).toBe(`docsnav daemon: listening for ${root} on /run/docsnav/test.sock\n`);
    // It waits for requests in `/`.
    expect(folders).toEqual(['/']);
  });

  it('started by `daemon start`: tells its parent where it listens, and lets it go', () => {
    const told = parent();
    const { stderr } = serving();
    expect(told.sent).toEqual([{ ready: '/run/docsnav/test.sock' }]);
    expect(told.disconnects()).toBe(1);
    expect(stderr).toBe('');
  });

  it('another checker there, or a socket folder not ours: said, exit 2; to the parent when there is one', async () => {
    for (const error of [new AlreadyRunningError(`a daemon already runs for ${root} (x.sock)`), new NotOwnError('the daemon folder is not yours')]) {
      served.fail = error;
      const alone = capture(run);
      expect(await withoutParent(() => daemonCommand(['run', root], alone.io))).toBe(2);
      expect(alone.stderr()).toBe(`docsnav: daemon: ${error.message}\n`);
      expect(alone.stdout()).toBe('');
      const told = parent();
      const started = capture(run);
      expect(await daemonCommand(['run', root], started.io)).toBe(2);
      expect(told.sent).toEqual([{ error: error.message }]);
      expect(told.disconnects()).toBe(1);
      expect(started.stderr()).toBe('');
      restore('send');
      restore('disconnect');
    }
  });

  it('any other failure is not said as the checker’s: thrown', async () => {
    served.fail = new Error('listen EADDRINUSE');
    await expect(daemonCommand(['run', root], capture(run).io)).rejects.toThrow('listen EADDRINUSE');
  });

  it('through run.ts, which gives its own run', async () => {
    parent();
    void run(['daemon', 'run', root], capture().io);
    for (let turn = 0; served.options === undefined && turn < 1000; turn++) await new Promise((wake) => setImmediate(wake));
    const options = served.options as DaemonOptions | undefined;
    expect(await options?.run(request(['validate', '--no-such-option']))).toEqual({
      stdout: '',
      stderr: 'docsnav: unknown option "--no-such-option" (see docsnav validate --help)\n',
      code: 2,
    });
  });
});

describe('a request refused', () => {
  const refusedWith = async (req: RunRequest) => {
    parent();
    return serving().options.run(req);
  };

  it('not validate', async () => {
    expect(await refusedWith(request(['resolve']))).toEqual({ refused: 'the daemon runs docsnav validate only', kind: 'bad-request' });
    expect(await refusedWith(request([]))).toEqual({ refused: 'the daemon runs docsnav validate only', kind: 'bad-request' });
  });

  it('a folder outside the root, or not absolute', async () => {
    for (const cwd of [outside, `${root}2`, 'site', path.join(root, 'out'), path.dirname(root)])
      expect(await refusedWith(request(['validate'], { cwd }))).toEqual({
        refused: `the folder ${cwd} is outside the daemon's root ${root}`,
        kind: 'outside-root',
      });
  });

  it('standard input', async () => {
    expect(await refusedWith(request(['validate', '-']))).toEqual({ refused: 'standard input is read in process', kind: 'stdin' });
    expect(await refusedWith(request(['validate', '--stdin']))).toEqual({ refused: 'standard input is read in process', kind: 'stdin' });
  });

  it('a path it names outside the root: a page, the config, the output file, --root, the cache', async () => {
    for (const [argv, named] of [
      [['validate', path.join(outside, 'docs.json')], path.join(outside, 'docs.json')],
      [['validate', '../other'], '../other'],
      [['validate', 'out/docs.json'], 'out/docs.json'],
      [['validate', '--config', '/etc/docsnav.json'], '/etc/docsnav.json'],
      [['validate', '--format', 'pretty', '--format', 'json', '--output-file', `${root}2/report.json`], `${root}2/report.json`],
      [['validate', '--root', outside], outside],
      [['validate', '--cache-location', '/tmp'], '/tmp'],
    ] as const)
      expect(await refusedWith(request([...argv]))).toEqual({ refused: `${named} is outside the daemon's root ${root}`, kind: 'outside-root' });
  });
});

describe('a request run', () => {
  it("answers what a run in process says, in the request's folder and environment, then puts back the daemon's", async () => {
    parent();
    const { options } = serving();
    folders = [];
    const direct = capture();
    const code = await run(['validate', root, '--format', 'json'], direct.io);
    const before = { ...process.env };
    const answer = await options.run(
      request(['validate', root, '--format', 'json'], { cwd: path.join(root, 'guides'), env: { NO_COLOR: '1', DOCSNAV_MARK: 'x' } }),
    );
    expect(answer).toEqual({ stdout: direct.stdout(), stderr: direct.stderr(), code });
    expect(code).toBe(1);
    expect(folders).toEqual([path.join(root, 'guides'), '/']);
    expect(process.env).toEqual(before);
  });

  it("the run sees the request's environment alone, its terminal and colour support; the daemon's are put back", async () => {
    parent();
    let seen: NodeJS.ProcessEnv | undefined;
    const { options } = serving([], (_argv, io) => {
      seen = { ...process.env };
      io.stdout(`${String(pc.isColorSupported)} ${String(io.isTTY)} ${JSON.stringify(io.env)}`);
      io.stderr('said');
      return Promise.resolve(3);
    });
    const colour = pc.isColorSupported;
    const env = { ...process.env };
    for (const isTTY of [true, false])
      expect(await options.run(request(['validate'], { env: { ONLY: '1' }, isTTY, colorSupported: !colour }))).toEqual({
        stdout: `${String(!colour)} ${String(isTTY)} {"ONLY":"1"}`,
        stderr: 'said',
        code: 3,
      });
    expect(seen).toEqual({ ONLY: '1' });
    expect(pc.isColorSupported).toBe(colour);
    expect(process.env).toEqual(env);
  });

  it('a path not there yet, or a usage error of its own: run, and its answer is the run’s', async () => {
    parent();
    const { options } = serving();
    expect(await options.run(request(['validate', path.join(root, 'nothing-yet', 'docs.json')]))).toEqual({
      stdout: '',
      stderr: expect.stringMatching(/^docsnav: [^\n]*nothing-yet[^\n]*\n$/),
      code: 2,
    });
    expect(await options.run(request(['validate', '--no-such-option']))).toEqual({
      stdout: '',
      stderr: 'docsnav: unknown option "--no-such-option" (see docsnav validate --help)\n',
      code: 2,
    });
  });

  it('a bug in the run: one line (the stack with DOCSNAV_DEBUG in the request), exit 2; the daemon serves on', async () => {
    parent();
    const { options } = serving([], () => Promise.reject(new Error('boom')));
    const env = { ...process.env };
    expect(await options.run(request(['validate']))).toEqual({
      stdout: '',
      stderr: 'docsnav: internal error: boom (set DOCSNAV_DEBUG=1 for details)\n',
      code: 2,
    });
    const debug = await options.run(request(['validate'], { env: { DOCSNAV_DEBUG: '1' } }));
    expect(debug).toMatchObject({ stdout: '', code: 2 });
    expect((debug as { stderr: string }).stderr).toMatch(/^docsnav: internal error: boom \(set DOCSNAV_DEBUG=1 for details\)\nError: boom\n/);
    expect(process.env).toEqual(env);
    expect(folders.at(-1)).toBe('/');
  });
});
