/**
 * The warm checker (`docsnav daemon`, src/daemon) as a hook meets it: real sockets, real
 * processes (the built client, dist/cli/client.js, and the CLI's bundle), every daemon stopped
 * after. Its answers equal a fresh in-process run's, byte for byte (stdout, stderr, exit code),
 * over a seeded sequence of edits, pages added and removed, docs.json and config changes and a
 * git checkout of another tree; its socket is refused unless the folder and the socket are the
 * user's alone; a crashed daemon, one of another build, a request outside its root and a bad
 * request each fall back in process (said in one line) or get a JSON error, never a crash.
 * Seeded and bounded (DOCSNAV_FC_SEED, DOCSNAV_FC_RUNS explore further).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangGuard } from '../time-scale.mjs';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_261_127);
// 10 in the default suite (25 took 343 s at load 20, where the whole suite is the newcomer's second command); more with DOCSNAV_FC_RUNS.
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 10);
const CLIENT = path.resolve('dist/cli/client.js');
const MAIN = path.resolve('dist/cli/main.js');

const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-daemon-'));
const runtime = path.join(temp, 'runtime');
const cacheHome = path.join(temp, 'cache');
const site = path.join(temp, 'site');
const started: string[] = [];

function environment(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', XDG_RUNTIME_DIR: runtime, XDG_CACHE_HOME: cacheHome, ...extra };
  // The test run sets CI (test/temp-folder.ts): these runs are a developer's hook, with the cache.
  delete env.CI;
  delete env.GITHUB_STEP_SUMMARY;
  return env;
}

function node(file: string, args: string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}) {
  const result = spawnSync(process.execPath, [file, ...args], {
    cwd: options.cwd ?? site,
    env: environment(options.env),
    encoding: 'utf8',
    timeout: hangGuard(30_000),
  });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

/** Through the daemon (asked for: a fallback says so on stderr, and then differs from a fresh run). */
const viaDaemon = (args: readonly string[], cwd = site) => node(CLIENT, ['validate', ...args], { cwd, env: { DOCSNAV_DAEMON: '1' } });
/** A fresh run in process, as without a daemon. */
const fresh = (args: readonly string[], cwd = site) => node(MAIN, ['validate', ...args], { cwd, env: { DOCSNAV_DAEMON: '0' } });

function daemon(action: string, root = site, client = CLIENT) {
  const result = node(client, ['daemon', action, root]);
  if (action === 'start' && result.code === 0) started.push(root);
  return result;
}

function git(...args: string[]): void {
  const result = spawnSync('git', args, { cwd: site, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
}

const PAGES: Record<string, string> = {
  'index.mdx': '---\ntitle: Home\n---\n# Home\n\nSee [the guide](/guide#setup) and [the old page](/old).\n',
  'guide.mdx': '# Guide\n\n## Setup\n\nBack [home](/index).\n',
  'about.mdx': '---\ntitle: About\n---\n# About\n\nRead [the guide](/guide#install).\n',
};
const docsJson = (pages: string[]) =>
  `${JSON.stringify({ name: 'Daemon', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Start', pages }] } }, null, 2)}\n`;

function writeMain(): void {
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  for (const [name, text] of Object.entries(PAGES)) writeFileSync(path.join(site, name), text);
  writeFileSync(path.join(site, 'docs.json'), docsJson(['index', 'guide', 'about']));
}

beforeAll(() => {
  mkdirSync(runtime, { mode: 0o700 });
  mkdirSync(cacheHome, { mode: 0o700 });
  writeMain();
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'main');
  // Another tree: a page gone, one renamed, docs.json naming a page that is not there.
  git('checkout', '-q', '-b', 'other');
  rmSync(path.join(site, 'about.mdx'));
  writeFileSync(path.join(site, 'setup.mdx'), '# Setup\n\nSee [about](/about).\n');
  writeFileSync(path.join(site, 'docs.json'), docsJson(['index', 'setup', 'missing']));
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'other');
  git('checkout', '-q', 'main');
  expect(daemon('start').code).toBe(0);
});

afterAll(() => {
  for (const root of started) daemon('stop', root);
  rmSync(temp, { recursive: true, force: true });
});

/** The daemon's pid, from `docsnav daemon status`. */
function daemonPid(root = site): number | undefined {
  const status = daemon('status', root);
  const pid = /pid (\d+)/.exec(status.stdout)?.[1];
  return pid === undefined ? undefined : Number(pid);
}

const socketFolder = () => path.join(runtime, 'docsnav');
const socketFile = () => path.join(socketFolder(), readdirSync(socketFolder()).find((name) => name.endsWith('.sock')) as string);

type Edit =
  | { kind: 'page-body'; page: string; text: string }
  | { kind: 'page-add'; name: string; listed: boolean }
  | { kind: 'page-remove'; page: string }
  | { kind: 'docs-json'; pages: string[] }
  | { kind: 'config'; off: boolean }
  | { kind: 'checkout'; branch: 'main' | 'other' };

const pageName = fc.constantFrom('index', 'guide', 'about', 'setup', 'extra');
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('page-body' as const),
    page: pageName,
    text: fc.constantFrom('# T\n\n[x](/nowhere)\n', '# T\n\n## Install\n', '---\ntitle: [\n---\n# Broken\n', '# Ünïcode ✓\n\n[a](/guide#setup)\n'),
  }),
  fc.record({ kind: fc.constant('page-add' as const), name: fc.constantFrom('extra', 'more'), listed: fc.boolean() }),
  fc.record({ kind: fc.constant('page-remove' as const), page: pageName }),
  fc.record({ kind: fc.constant('docs-json' as const), pages: fc.subarray(['index', 'guide', 'about', 'setup', 'extra', 'gone']) }),
  fc.record({ kind: fc.constant('config' as const), off: fc.boolean() }),
  fc.record({ kind: fc.constant('checkout' as const), branch: fc.constantFrom('main' as const, 'other' as const) }),
);

function apply(change: Edit): void {
  switch (change.kind) {
    case 'page-body':
      writeFileSync(path.join(site, `${change.page}.mdx`), change.text);
      return;
    case 'page-add': {
      writeFileSync(path.join(site, `${change.name}.mdx`), `# ${change.name}\n\n[home](/index)\n`);
      if (change.listed) {
        const docs = JSON.parse(readFileSync(path.join(site, 'docs.json'), 'utf8')) as { navigation: { groups: { pages: string[] }[] } };
        docs.navigation.groups[0]?.pages.push(change.name);
        writeFileSync(path.join(site, 'docs.json'), `${JSON.stringify(docs, null, 2)}\n`);
      }
      return;
    }
    case 'page-remove':
      rmSync(path.join(site, `${change.page}.mdx`), { force: true });
      return;
    case 'docs-json':
      writeFileSync(path.join(site, 'docs.json'), docsJson(change.pages));
      return;
    case 'config':
      if (change.off) writeFileSync(path.join(site, 'docsnav.config.json'), '{ "rules": { "page-not-found": "off" } }\n');
      else rmSync(path.join(site, 'docsnav.config.json'), { force: true });
      return;
    case 'checkout':
      git('checkout', '-q', '-f', change.branch);
      git('clean', '-q', '-fdx');
  }
}

describe('docsnav daemon', () => {
  it(
    `answers as a fresh run does, byte for byte, over ${RUNS} seeded sequences of edits, configs and checkouts`,
    () => {
      let checks = 0;
      fc.assert(
        fc.property(
          fc.array(edit, { minLength: 1, maxLength: 3 }),
          fc.constantFrom([], ['--format', 'json'], ['--quiet'], ['docs.json', '--max-warnings', '0']),
          (edits, args) => {
            git('checkout', '-q', '-f', 'main');
            git('clean', '-q', '-fdx');
            for (const change of edits) {
              apply(change);
              const warm = viaDaemon(args);
              const cold = fresh(args);
              expect(warm).toEqual(cold);
              checks++;
            }
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
      // Every one of them was answered by the daemon (a fallback would have said so on stderr).
      expect(daemon('status').stdout).toContain(`${checks} checks served`);
      // Up to 150 pairs of processes: a hang guard, not a speed.
    },
    hangGuard(300_000),
  );

  it('answers a folder below its root, and refuses (the client checks in process, saying so) a folder or path outside it', () => {
    writeMain();
    mkdirSync(path.join(site, 'sub'), { recursive: true });
    expect(viaDaemon(['..'], path.join(site, 'sub'))).toEqual(fresh(['..'], path.join(site, 'sub')));
    const outside = viaDaemon([site], temp);
    expect(outside.stderr.split('\n')[0]).toBe('docsnav: no daemon runs for this folder; checking in process');
    const escaping = viaDaemon(['../cache']);
    expect(escaping.stderr.split('\n')[0]).toMatch(/^docsnav: the daemon refused: \.\.\/cache is outside the daemon's root .*; checking in process$/);
    expect(escaping.code).toBe(fresh(['../cache']).code);
  });

  it('answers a bad request, an oversized one and one of another protocol with a JSON error, and keeps serving', async () => {
    const send = (payload: string | Buffer) =>
      new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = connect(socketFile());
        socket.on('connect', () => socket.end(payload));
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
    for (const payload of ['not json\n', '[1,2]\n', '{"docsnav":2,"op":"run"}\n', '{"docsnav":1,"op":"run","build":"x","argv":"validate"}\n']) {
      expect(JSON.parse(await send(payload))).toMatchObject({ error: expect.any(String), kind: 'bad-request' });
    }
    expect(JSON.parse(await send(Buffer.alloc(1024 * 1024 + 10, 'a')))).toMatchObject({ kind: 'bad-request' });
    expect(daemon('status').code).toBe(0);
  });

  describe("owner checks: the client refuses a folder or socket not the user's alone, and checks in process", () => {
    writeMain();
    const refusedWith = (pattern: RegExp) => {
      const warm = viaDaemon([]);
      const cold = fresh([]);
      const [first, ...rest] = warm.stderr.split('\n');
      expect(first).toMatch(pattern);
      expect({ ...warm, stderr: rest.join('\n') }).toEqual(cold);
    };

    it('a folder others may read or write', () => {
      chmodSync(socketFolder(), 0o755);
      try {
        refusedWith(/^docsnav: the daemon folder .* may be read or written by other users \(mode 0755\): the daemon is not used; checking in process$/);
      } finally {
        chmodSync(socketFolder(), 0o700);
      }
    });

    it('a folder another user owns', () => {
      chownSync(socketFolder(), 65534, 65534);
      try {
        refusedWith(/^docsnav: the daemon folder .* belongs to user 65534, not to this process's user \(0\): the daemon is not used; checking in process$/);
      } finally {
        chownSync(socketFolder(), 0, 0);
      }
    });

    it('a folder that is a symbolic link', () => {
      // The socket folder moved aside, and a link in its place to a folder that holds it.
      const aside = path.join(temp, 'aside');
      spawnSync('mv', [socketFolder(), aside]);
      symlinkSync(aside, socketFolder());
      try {
        refusedWith(/^docsnav: the daemon folder .* is not a folder \(a symbolic link\?\): the daemon is not used; checking in process$/);
      } finally {
        rmSync(socketFolder());
        spawnSync('mv', [aside, socketFolder()]);
      }
      expect(viaDaemon([])).toEqual(fresh([]));
    });

    it('a socket others may open', () => {
      chmodSync(socketFile(), 0o766);
      try {
        refusedWith(/^docsnav: the daemon socket .* may be read or written by other users \(mode 0766\): the daemon is not used; checking in process$/);
      } finally {
        chmodSync(socketFile(), 0o700);
      }
    });

    it('a socket that is a symbolic link (to a socket that answers)', () => {
      const socket = socketFile();
      const moved = path.join(temp, 'moved.sock');
      spawnSync('mv', [socket, moved]);
      symlinkSync(moved, socket);
      try {
        refusedWith(/^docsnav: .*\.sock is not a socket: the daemon is not used; checking in process$/);
      } finally {
        rmSync(socket);
        spawnSync('mv', [moved, socket]);
      }
      expect(viaDaemon([])).toEqual(fresh([]));
    });
  });

  it('a daemon of another build answers stale and stops; the client checks in process and says so', () => {
    writeMain();
    const other = mkdtempSync(path.join(temp, 'other-root-'));
    cpSync(site, other, { recursive: true });
    // Another build: the same bundle beside a build.json of other bytes (the build's id is its hash).
    const staleDist = path.resolve(`dist/cli-stale-${process.pid}`);
    cpSync(path.resolve('dist/cli'), staleDist, { recursive: true });
    try {
      writeFileSync(path.join(staleDist, 'build.json'), `${readFileSync(path.join(staleDist, 'build.json'), 'utf8')}\n`);
      const started = node(path.join(staleDist, 'client.js'), ['daemon', 'start', other]);
      expect(started.code).toBe(0);
      const warm = viaDaemon([], other);
      expect(warm.stderr.split('\n')[0]).toBe('docsnav: the daemon is of another build of docsnav (it stops now); checking in process');
      expect({ ...warm, stderr: warm.stderr.split('\n').slice(1).join('\n') }).toEqual(fresh([], other));
      expect(node(CLIENT, ['daemon', 'status', other]).code).toBe(1);
    } finally {
      node(path.join(staleDist, 'client.js'), ['daemon', 'stop', other]);
      rmSync(staleDist, { recursive: true, force: true });
    }
  });

  it('a crashed daemon (its socket left, no listener): the client checks in process and says so; start again cleans up', () => {
    writeMain();
    const pid = daemonPid();
    expect(pid).toBeDefined();
    process.kill(pid as number, 'SIGKILL');
    // Wait for its end: signal 0 fails once the process is gone (bounded).
    for (let i = 0; i < 10_000; i++) {
      try {
        process.kill(pid as number, 0);
      } catch {
        break;
      }
      spawnSync('sleep', ['0.01']);
    }
    expect(existsSync(socketFile())).toBe(true);
    const warm = viaDaemon([]);
    expect(warm.stderr.split('\n')[0]).toBe('docsnav: no daemon listens on its socket (it stopped without removing it); checking in process');
    expect({ ...warm, stderr: warm.stderr.split('\n').slice(1).join('\n') }).toEqual(fresh([]));
    // Without DOCSNAV_DAEMON the fallback is said too: the socket says a daemon was started.
    expect(daemon('start').code).toBe(0);
    expect(viaDaemon([])).toEqual(fresh([]));
  });

  it('a daemon that does not answer (stopped): after DOCSNAV_DAEMON_TIMEOUT the client checks in process and says so; a bad limit is said', () => {
    writeMain();
    const pid = daemonPid();
    expect(pid).toBeDefined();
    const timed = (limit: string) => node(CLIENT, ['validate'], { env: { DOCSNAV_DAEMON: '1', DOCSNAV_DAEMON_TIMEOUT: limit } });
    process.kill(pid as number, 'SIGSTOP');
    try {
      const warm = timed('1');
      expect(warm.stderr.split('\n')[0]).toBe('docsnav: the daemon did not answer within 1 s (docsnav daemon stop ends it); checking in process');
      expect({ ...warm, stderr: warm.stderr.split('\n').slice(1).join('\n') }).toEqual(fresh([]));
    } finally {
      process.kill(pid as number, 'SIGCONT');
    }
    for (const bad of ['soon', '0', '-5']) {
      const refused = timed(bad);
      expect(refused.stderr.split('\n')[0]).toBe(
        `docsnav: DOCSNAV_DAEMON_TIMEOUT must be a number of seconds above 0 (it is "${bad}"): the daemon is not used; checking in process`,
      );
      expect({ ...refused, stderr: refused.stderr.split('\n').slice(1).join('\n') }).toEqual(fresh([]));
    }
    // Running again, it answers within a limit it meets.
    expect(timed('30')).toEqual(fresh([]));
  });

  it('without a daemon and without DOCSNAV_DAEMON, validate says nothing of it', () => {
    const lone = mkdtempSync(path.join(temp, 'lone-'));
    cpSync(path.join(site, 'docs.json'), path.join(lone, 'docs.json'));
    const plain = node(CLIENT, ['validate'], { cwd: lone });
    expect(plain).toEqual(fresh([], lone));
    expect(node(CLIENT, ['validate'], { cwd: lone, env: { DOCSNAV_DAEMON: '1' } }).stderr.split('\n')[0]).toBe(
      'docsnav: no daemon runs for this folder; checking in process',
    );
  });
});
