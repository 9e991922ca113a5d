/**
 * `docsnav daemon` (src/cli/daemon-command.ts) driven in process: its usage errors (exit 2, one
 * line), `status` and `stop` against no checker, a checker of this build and one of another, and
 * `start` whose checker exits before it listens. The checkers are real processes: one of this
 * build is the CLI bundled from the sources (as scripts/bundle.mjs bundles it, with no build.json
 * beside it, so its build is `source`, as the sources' is); one of another build is dist/'s. What
 * a checker runs (`daemon run`, its requests) is test/daemon's: in process, it would change the
 * test's folder and end the test's process when stopped.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { daemonCommand } from '../../src/cli/daemon-command.js';
import { run, type CliIo } from '../../src/cli/run.js';
import { socketName } from '../../src/daemon/place.js';
import { hangGuard } from '../time-scale.mjs';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (text) => out.push(text), stderr: (text) => err.push(text), isTTY: false, env: {} };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

async function daemon(...args: string[]) {
  const { io, stdout, stderr } = capture();
  const code = await run(['daemon', ...args], io);
  return { code, stdout: stdout(), stderr: stderr() };
}

const temp = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-daemon-in-process-')));
const site = path.join(temp, 'site');
mkdirSync(path.join(site, 'sub'), { recursive: true });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('usage errors: exit 2, one line', () => {
  // Named without the paths in them: a test's name is how Stryker finds it again, and the temporary folder differs in each run.
  it.each([
    ['no action', [], 'docsnav: daemon: say start, stop, status or run (got nothing)\n'],
    ['an unknown action', ['restart'], 'docsnav: daemon: say start, stop, status or run (got "restart")\n'],
    ['two folders', ['status', site, site], 'docsnav: daemon takes one folder\n'],
    ['an idle timeout of 0', ['status', site, '--idle-timeout=0'], 'docsnav: --idle-timeout takes a number of minutes above 0\n'],
    ['a negative idle timeout', ['status', site, '--idle-timeout=-2'], 'docsnav: --idle-timeout takes a number of minutes above 0\n'],
    ['an idle timeout not a number', ['status', site, '--idle-timeout=soon'], 'docsnav: --idle-timeout takes a number of minutes above 0\n'],
    ['an infinite idle timeout', ['status', site, '--idle-timeout=Infinity'], 'docsnav: --idle-timeout takes a number of minutes above 0\n'],
    ['a folder not there', ['status', path.join(temp, 'nowhere')], `docsnav: daemon: ${path.join(temp, 'nowhere')}: no such folder\n`],
  ])('%s', async (_, args, message) => {
    expect(await daemon(...args)).toEqual({ code: 2, stdout: '', stderr: message });
  });

  it('an option it does not take: said by Node, as one line of ours', async () => {
    const result = await daemon('status', '--nope');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^docsnav: daemon: Unknown option '--nope'[^\n]*\n$/);
  });

  it('`run` is dispatched by run.ts, which gives its own run', async () => {
    await expect(daemonCommand(['run', site], capture().io)).rejects.toThrow('docsnav daemon run is dispatched by run.ts, which gives its own run');
  });
});

describe('status and stop with no checker', () => {
  it('status: not running, exit 1; stop: not running, exit 0; a fractional idle timeout is taken', async () => {
    vi.stubEnv('XDG_RUNTIME_DIR', realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-runtime-'))));
    expect(await daemon('status', site)).toEqual({ code: 1, stdout: `docsnav daemon: not running for ${site} (no daemon runs for this folder)\n`, stderr: '' });
    expect(await daemon('stop', site, '--idle-timeout', '0.5')).toEqual({
      code: 0,
      stdout: `docsnav daemon: not running for ${site} (no daemon runs for this folder)\n`,
      stderr: '',
    });
  });

  it('a socket folder others may write to: not used, and said so', async () => {
    const runtime = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-runtime-')));
    mkdirSync(path.join(runtime, 'docsnav'));
    chmodSync(path.join(runtime, 'docsnav'), 0o777);
    vi.stubEnv('XDG_RUNTIME_DIR', runtime);
    for (const [action, code] of [
      ['status', 1],
      ['stop', 0],
    ] as const) {
      const result = await daemon(action, site);
      expect(result.code).toBe(code);
      expect(result.stdout).toMatch(new RegExp(`^docsnav daemon: not running for ${site} \\([^\\n]+: the daemon is not used\\)\\n$`));
    }
  });

  it('start: a checker that exits before it listens is said so, exit 2', async () => {
    // From the sources, the checker's entry is daemon-command.ts itself, which Node does not run.
    vi.stubEnv('XDG_RUNTIME_DIR', realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-runtime-'))));
    expect(await daemon('start', site)).toEqual({ code: 2, stdout: '', stderr: 'docsnav: daemon: the daemon exited (code 1) before it listened\n' });
  });
});

describe('status and stop, answered by a socket of the test', () => {
  /** A socket where the checker of `site` would be, answering each connection with `answer` (or closing it unanswered). */
  async function answering(answer: string | undefined): Promise<Server> {
    const runtime = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-runtime-')));
    mkdirSync(path.join(runtime, 'docsnav'), { mode: 0o700 });
    vi.stubEnv('XDG_RUNTIME_DIR', runtime);
    const socket = path.join(runtime, 'docsnav', socketName(site));
    const server = createServer((connection) => {
      connection.once('data', () => (answer === undefined ? connection.destroy() : connection.end(`${answer}\n`)));
    });
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    chmodSync(socket, 0o600);
    return server;
  }

  it('an error that is not "another build": not running, with what it said', async () => {
    const answer = JSON.stringify({ error: 'the request is not JSON', kind: 'bad-request' });
    const server = await answering(answer);
    try {
      expect(await daemon('status', site)).toEqual({ code: 1, stdout: `docsnav daemon: not running for ${site} (${answer})\n`, stderr: '' });
      expect(await daemon('stop', site)).toEqual({ code: 0, stdout: `docsnav daemon: not running for ${site} (${answer})\n`, stderr: '' });
    } finally {
      server.close();
    }
  });

  it('stopped: said so; status exit 1, stop exit 0', async () => {
    const server = await answering(JSON.stringify({ stopped: true }));
    try {
      expect(await daemon('status', site)).toEqual({ code: 1, stdout: `docsnav daemon: stopped for ${site}\n`, stderr: '' });
      expect(await daemon('stop', site)).toEqual({ code: 0, stdout: `docsnav daemon: stopped for ${site}\n`, stderr: '' });
    } finally {
      server.close();
    }
  });

  it('no answer: not running, with why', async () => {
    const server = await answering(undefined);
    try {
      expect(await daemon('status', site)).toEqual({
        code: 1,
        stdout: `docsnav daemon: not running for ${site} (the daemon closed the connection without an answer)\n`,
        stderr: '',
      });
    } finally {
      server.close();
    }
  });
});

describe('status and stop with a checker running', () => {
  const runtime = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-runtime-')));
  const bundle = path.join(temp, 'bundle', 'cli', 'main.cjs');
  const env = () => ({ ...process.env, XDG_RUNTIME_DIR: runtime, NODE_PATH: path.resolve('node_modules') });
  /** The CLI (the bundle of the sources, or dist/'s) run as a process. */
  const cli = (entry: string, ...args: string[]) => {
    const result = spawnSync(process.execPath, [entry, ...args], { env: env(), encoding: 'utf8', timeout: hangGuard(30_000) });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  beforeAll(async () => {
    await build({
      entryPoints: [path.resolve('src/cli/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      define: { 'import.meta.url': '__docsnavFileUrl' },
      banner: { js: "const __docsnavFileUrl = require('node:url').pathToFileURL(__filename).href;" },
      outfile: bundle,
      logLevel: 'error',
    });
  });

  afterAll(() => {
    // Whatever a failed test left running.
    cli(bundle, 'daemon', 'stop', site);
  });

  it('of this build: running, with its pid and settings; a folder below it has none of its own; stopped, then not running', async () => {
    vi.stubEnv('XDG_RUNTIME_DIR', runtime);
    const started = cli(bundle, 'daemon', 'start', site, '--idle-timeout', '3');
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
    const pid = /\(pid (\d+), socket /.exec(started.stdout)?.[1];
    expect(pid).toBeDefined();
    expect(await daemon('status', site)).toEqual({
      code: 0,
      stdout: `docsnav daemon: running for ${site} (pid ${pid}, stops after 3 idle minutes, 0 checks served)\n`,
      stderr: '',
    });
    // The checker of the folder above is not this folder's.
    expect(await daemon('status', path.join(site, 'sub'))).toEqual({
      code: 1,
      stdout: `docsnav daemon: not running for ${path.join(site, 'sub')} (no daemon runs for this folder)\n`,
      stderr: '',
    });
    expect(await daemon('stop', site)).toEqual({ code: 0, stdout: `docsnav daemon: stopped for ${site}\n`, stderr: '' });
    // It answers, then removes its socket: once gone, not running.
    const socket = path.join(runtime, 'docsnav', socketName(site));
    for (const guard = Date.now() + hangGuard(20_000); existsSync(socket) && Date.now() < guard;) await new Promise((wake) => setTimeout(wake, 50));
    expect(await daemon('status', site)).toEqual({ code: 1, stdout: `docsnav daemon: not running for ${site} (no daemon runs for this folder)\n`, stderr: '' });
  });

  it('of another build (dist/): it stops, and says it was another build; status exit 1, stop exit 0', async () => {
    vi.stubEnv('XDG_RUNTIME_DIR', runtime);
    for (const [action, code] of [
      ['status', 1],
      ['stop', 0],
    ] as const) {
      expect(cli(path.resolve('dist/cli/main.js'), 'daemon', 'start', site).code).toBe(0);
      expect(await daemon(action, site)).toEqual({ code, stdout: `docsnav daemon: stopped for ${site} (it was another build of docsnav)\n`, stderr: '' });
      // It answers, then removes its socket: the next one starts once it is gone.
      const socket = path.join(runtime, 'docsnav', socketName(site));
      for (const guard = Date.now() + hangGuard(20_000); existsSync(socket) && Date.now() < guard;) await new Promise((wake) => setTimeout(wake, 50));
    }
  });
});
