/**
 * Issue 17 as an operator meets it, with real `docsnav` processes: a damaged embedded database
 * is refused, never re-created over (item 2); a crashed owner's lock never blocks a restart, even
 * when its pid now belongs to someone else (item 3); SIGTERM ends open answers after the grace
 * and exits (item 7); keys and projects are managed while serve runs (item 18); the log says
 * how each job ended and stays quiet about health probes (item 19).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeModel } from './assistant-helpers.js';
import { exampleRepo, freePort, runCli, startCli, startServe, stopProc, tempDir, waitFor, type Proc } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const procs: Proc[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const proc of procs) await stopProc(proc, 'SIGKILL');
  for (const cleanup of cleanups) await cleanup();
}, hangGuard(60_000));

function cli(cwd: string, args: string[]): string {
  const result = runCli(args, cwd);
  if (result.status !== 0) throw new Error(`docsnav ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * A POST's status, on a connection of its own. Between two of them the test runs the CLI with
 * spawnSync, which blocks this process: the server closes an idle kept-alive connection after 5 s,
 * and fetch's pool would hand that connection out again before this process had read its close
 * ("other side closed", seen once under load). A client that blocks its own event loop cannot
 * keep a connection alive; the server's timeout is right.
 */
function postStatus(url: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', agent: false, headers: { authorization: `Bearer ${key}` } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

/** A data folder with project acme (a copy of the example site) and an admin key. */
function projectFolder(prefix: string): { dir: string; token: string } {
  const dir = tempDir(prefix);
  const repo = exampleRepo(path.join(dir, 'site'));
  cli(dir, ['project', 'add', 'acme', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--domain', 'acme']);
  const token = cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'admin']);
  return { dir, token };
}

async function deploy(base: string, token: string): Promise<{ status: string; summary: string }> {
  const { statusId } = (await (await fetch(`${base}/v1/project/update/acme`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).json()) as {
    statusId: string;
  };
  return waitFor(
    async () => {
      const body = (await (await fetch(`${base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        status: string;
        summary: string;
      };
      return body.status === 'success' || body.status === 'failure' ? body : undefined;
    },
    60_000,
    'the deployment',
  );
}

describe('the data folder', () => {
  it('a damaged embedded database (db/PG_VERSION gone) is refused with one line, and left as it was', () => {
    const { dir } = projectFolder('damaged');
    const db = path.join(dir, '.docsnav', 'db');
    rmSync(path.join(db, 'PG_VERSION'));
    const before = readdirSync(db).sort();
    for (const args of [
      ['project', 'list'],
      ['key', 'list'],
    ]) {
      const result = runCli(args, dir);
      expect(result.status).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^docsnav: .*\.docsnav\/db is not a complete database \(no PG_VERSION\)/);
      expect(result.stdout).toBe('');
    }
    expect(readdirSync(db).sort()).toEqual(before);
    expect(existsSync(path.join(db, 'PG_VERSION'))).toBe(false);
  });

  it(
    "a crashed serve's lock does not block a restart, even when its old pid is someone else's now",
    async () => {
      const { dir, token } = projectFolder('stale-lock');
      let serve = await startServe(dir, []);
      procs.push(serve.proc);
      await stopProc(serve.proc, 'SIGKILL');
      expect(existsSync(path.join(dir, '.docsnav', 'docsnav.sock'))).toBe(true); // what a crash leaves
      // The pid lock file of earlier versions naming a live process (pid reuse after a crash).
      const other = spawn('sleep', ['30'], { stdio: 'ignore' });
      cleanups.push(() => void other.kill('SIGKILL'));
      writeFileSync(path.join(dir, '.docsnav', 'docsnav.lock'), String(other.pid));
      serve = await startServe(dir, []);
      procs.push(serve.proc);
      expect((await deploy(serve.base, token)).status).toBe('success');
      expect(await stopProc(serve.proc)).toBe(0);
      expect(existsSync(path.join(dir, '.docsnav', 'docsnav.sock'))).toBe(false);
    },
    hangGuard(120_000),
  );
});

describe('a running serve', () => {
  it(
    'is managed while it serves: keys created and revoked, projects updated, listed and removed',
    async () => {
      const { dir, token } = projectFolder('manage');
      const serve = await startServe(dir, []);
      procs.push(serve.proc);
      // The build ships the browser script (dist/http/web/widget.js, copied by the build) and serves it.
      const widget = await fetch(`${serve.base}/assistant/widget.js`);
      expect(widget.status).toBe(200);
      expect(await widget.text()).toMatch(/^\/\/ @ts-check\n\/\*\*\n \* The docsnav assistant in a browser/);
      const second = cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'admin']);
      const status = (key: string) => postStatus(`${serve.base}/v1/project/update/acme`, key);
      expect(await status(second)).toBe(202);
      const listed = cli(dir, ['key', 'list', '--project', 'acme']).split('\n');
      expect(listed).toHaveLength(2);
      // Revoke the key made last (keys are listed oldest first): refused at once, the other still works.
      const newest = listed.at(-1)!.split('\t')[0];
      expect(cli(dir, ['key', 'revoke', newest])).toBe(`revoked key ${newest}`);
      expect(await status(second)).toBe(401);
      expect(await status(token)).toBe(202);
      expect(cli(dir, ['project', 'update', 'acme', '--branch', 'release', '--auto-fix'])).toMatch(/^updated project acme\t.*\trelease\t/);
      expect(cli(dir, ['project', 'remove', 'acme'])).toBe('removed project acme');
      expect(cli(dir, ['project', 'list'])).toBe('');
      expect(await status(token)).toBe(401);
      const bad = runCli(['project', 'remove', 'acme'], dir);
      expect(bad.status).toBe(2);
      expect(bad.stderr).toBe('docsnav: no project "acme" (see docsnav project list)\n');
    },
    hangGuard(120_000),
  );

  it(
    'with every connection taken by silent clients of several addresses, /healthz and the management commands still answer (issue 52 item 5)',
    async () => {
      const { dir } = projectFolder('reserve');
      // 20 connections, 1 kept for probes; 5 addresses x 5 (the per-address cap) try to take 25.
      const serve = await startServe(dir, ['--max-connections', '20', '--max-connections-per-ip', '5', '--keep-alive-timeout', '1']);
      procs.push(serve.proc);
      const port = Number(new URL(serve.base).port);
      await sleep(1_500); // the first probe's keep-alive connection is closed
      const silent: Socket[] = [];
      try {
        for (const localAddress of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'])
          for (let i = 0; i < 5; i++) {
            const socket = connect({ port, host: '127.0.0.1', localAddress });
            socket.on('error', () => {});
            silent.push(socket);
            await new Promise((resolve) => {
              socket.once('connect', resolve);
              socket.once('close', resolve);
            });
          }
        await sleep(300);
        // Every slot is held (20), the rest were closed.
        expect(silent.filter((socket) => !socket.destroyed && !socket.closed).length).toBe(20);
        const health = await fetch(`${serve.base}/healthz`, { signal: AbortSignal.timeout(5_000) });
        expect(health.status).toBe(200);
        expect(cli(dir, ['project', 'list'])).toMatch(/^acme\t/);
        expect(cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'assistant'])).toMatch(/^[\w-]+$/);
      } finally {
        for (const socket of silent) socket.destroy();
      }
    },
    hangGuard(60_000),
  );

  it(
    'on SIGTERM: stops accepting, ends an open answer with an error part after the grace, exits 0; its log says how each job ended, and nothing of health probes',
    async () => {
      const model = await fakeModel();
      cleanups.push(() => model.close());
      const { dir, token } = projectFolder('shutdown');
      const assistantKey = cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'assistant']);
      const serve = await startServe(dir, ['--model-base-url', model.baseUrl, '--model', 'hang', '--shutdown-grace', '1']);
      procs.push(serve.proc);
      expect((await deploy(serve.base, token)).status).toBe('success');
      const response = await fetch(`${serve.base}/v1/assistant/acme/message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${assistantKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fp: 'anonymous', messages: [{ id: 'u1', role: 'user', content: 'how do I authenticate?' }] }),
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let text = '';
      const decoder = new TextDecoder();
      while (!text.includes('0:"Let me think"')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      const stopping = Date.now();
      serve.proc.child.kill('SIGTERM');
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      expect(text).toMatch(/\n3:"the model did not finish: the server is restarting; please ask again in a moment"\n/);
      expect(await serve.proc.exited).toBe(0);
      const seconds = (Date.now() - stopping) / 1000;
      expect(seconds).toBeLessThan(8);
      await expect(fetch(`${serve.base}/healthz`)).rejects.toThrow();
      const lines = serve.proc
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const ended = lines.find((line) => line.msg === 'job ended');
      expect(ended).toMatchObject({ project: 'acme', kind: 'deployment', outcome: 'success', attempt: 1 });
      expect(ended?.durationMs).toEqual(expect.any(Number));
      expect(lines.filter((line) => JSON.stringify(line).includes('/healthz'))).toEqual([]);
      expect(lines.some((line) => line.msg === 'request completed')).toBe(true);
    },
    hangGuard(120_000),
  );
});

/** Sends `payload` on the data folder's socket and reads what comes back until the server closes it. */
/** The CLI run without blocking this process (which may be the one listening). */
async function runCliAsync(args: string[], cwd: string): Promise<{ status: number | null; stderr: string }> {
  const proc = startCli(args, cwd);
  const status = await Promise.race([proc.exited, sleep(60_000).then(() => 'timeout' as const)]);
  if (status === 'timeout') await stopProc(proc, 'SIGKILL');
  return { status: status === 'timeout' ? null : status, stderr: proc.output() };
}

function onSocket(socketPath: string, payload: Buffer | string, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer on ${socketPath} within ${timeoutMs} ms (got ${JSON.stringify(text)})`));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {}); // a reset after the answer (the server closes on a huge line)
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('connect', () => socket.write(payload));
  });
}

describe('metrics (issue 38 item 8)', () => {
  it(
    "are on --metrics-port only, never on the API's public port, and count the API's requests",
    async () => {
      const { dir } = projectFolder('metrics');
      const metricsPort = await freePort();
      const serve = await startServe(dir, ['--metrics-port', String(metricsPort)]);
      procs.push(serve.proc);
      const onApi = await fetch(`${serve.base}/metrics`);
      expect(onApi.status).toBe(404);
      expect(await onApi.json()).toEqual({ error: 'no route GET /metrics' });
      const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(scraped).toMatch(/docsnav_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
      expect(await stopProc(serve.proc)).toBe(0);
    },
    hangGuard(60_000),
  );

  it(
    "report the data folder's size as du counts it, in /metrics and through the management socket (docsnav status) (issue 52 item 4)",
    async () => {
      const { dir, token } = projectFolder('folder-size');
      const data = path.join(dir, '.docsnav');
      const metricsPort = await freePort();
      const serve = await startServe(dir, ['--metrics-port', String(metricsPort)]);
      procs.push(serve.proc);
      expect((await deploy(serve.base, token)).status).toBe('success');
      const du = () => Number(execFileSync('du', ['-sk', data], { encoding: 'utf8' }).split(/\s/)[0]) * 1024;
      const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const total = Number(/^docsnav_data_folder_bytes (\d+)$/m.exec(scraped)?.[1]);
      const parts = Object.fromEntries([...scraped.matchAll(/^docsnav_data_folder_part_bytes\{part="(\w+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]));
      // The folder changes a little between two readings (the database's files): within 10%.
      expect(Math.abs(total - du()) / du()).toBeLessThan(0.1);
      expect(Object.keys(parts).sort()).toEqual(['checkouts', 'db', 'git', 'other', 'pg_wal', 'scans', 'worktrees']);
      expect(Object.values(parts).reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.db).toBeGreaterThan(1e6);
      expect(parts.git).toBeGreaterThan(0);
      expect(parts.pg_wal).toBeGreaterThan(0);
      expect(parts.pg_wal).toBe(Number(execFileSync('du', ['-sk', path.join(data, 'db', 'pg_wal')], { encoding: 'utf8' }).split(/\s/)[0]) * 1024);

      const status = runCli(['status'], dir);
      expect(status.status, status.stderr).toBe(0);
      const lines = status.stdout.trim().split('\n');
      expect(lines[0]).toMatch(
        new RegExp(`^data folder .*\\.docsnav: [\\d.]+ MB on disk \\(as du counts it; held by docsnav process ${serve.proc.child.pid} \\(pglite\\)\\)$`),
      );
      expect(lines.slice(1, -1).map((line) => line.trim().split(/\s+/)[0])).toEqual(expect.arrayContaining(['db', 'pg_wal', 'git']));
      expect(lines.at(-1)).toMatch(/^disk: [\d.]+ MB free \(ok\)$/);
      expect(await stopProc(serve.proc)).toBe(0);
      // With nobody holding the folder, it is measured by the command itself.
      const alone = runCli(['status'], dir);
      expect(alone.status, alone.stderr).toBe(0);
      expect(alone.stdout).toMatch(/^data folder .*\.docsnav: [\d.]+ MB on disk \(as du counts it; no docsnav process holds it; measured now\)\n/);
    },
    hangGuard(90_000),
  );
});

describe("the data folder's lock and socket (issue 38 items 4, 6, 7, 9; issue 39)", () => {
  it(
    'the lock is not its socket: with docsnav.sock removed, a second serve is refused with one line and the first goes on',
    async () => {
      const { dir, token } = projectFolder('lock-rm');
      const first = await startServe(dir, []);
      procs.push(first.proc);
      rmSync(path.join(dir, '.docsnav', 'docsnav.sock'));
      const port = await freePort();
      const second = startCli(['serve', '--port', String(port)], dir);
      procs.push(second);
      const code = await Promise.race([second.exited, sleep(30_000).then(() => 'still running')]);
      expect(code, second.output()).toBe(2);
      const lines = second.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^docsnav: .*\.docsnav is in use by another docsnav process, which holds its lock \(its docsnav\.sock is gone: restart that process to manage it\)/,
      );
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      // The first still serves, and its database is whole.
      expect((await deploy(first.base, token)).status).toBe('success');
      // A management command cannot reach it now: it says so, and opens nothing.
      const list = runCli(['project', 'list'], dir);
      expect(list.status).toBe(2);
      expect(list.stderr).toMatch(/^docsnav: .* is in use by another docsnav process, which holds its lock \(its docsnav\.sock is gone/);
      expect(await stopProc(first.proc)).toBe(0);
    },
    hangGuard(120_000),
  );

  it(
    'every malformed management message gets an error answer; none ends the process',
    async () => {
      const { dir } = projectFolder('malformed');
      const serve = await startServe(dir, []);
      procs.push(serve.proc);
      const socketPath = path.join(dir, '.docsnav', 'docsnav.sock');
      const cases: Array<{ name: string; payload: Buffer | string; error: RegExp }> = [
        { name: 'null', payload: 'null\n', error: /^a request is a JSON object with "op" \(got null\)$/ },
        { name: 'a number', payload: '42\n', error: /\(got number\)$/ },
        { name: 'a string', payload: '"project.list"\n', error: /\(got string\)$/ },
        { name: 'an array', payload: '[{"op":"project.list"}]\n', error: /\(got an array\)$/ },
        { name: 'an empty object', payload: '{}\n', error: /^a request needs "op", a string$/ },
        { name: 'op not a string', payload: '{"op":5}\n', error: /^a request needs "op", a string$/ },
        { name: 'args null', payload: '{"op":"project.remove","args":null}\n', error: /^"args" of project\.remove must be an object$/ },
        { name: 'args missing', payload: '{"op":"project.remove"}\n', error: /project/ },
        { name: 'args of the wrong shape', payload: '{"op":"key.create","args":{"project":["acme"],"kind":{}}}\n', error: /./ },
        { name: 'unknown op', payload: '{"op":"project.explode","args":{}}\n', error: /^unknown management request "project\.explode"/ },
        { name: 'not JSON', payload: 'hello\n', error: /^not a JSON request$/ },
        { name: 'an empty line', payload: '\n', error: /^not a JSON request$/ },
        {
          name: 'invalid UTF-8',
          payload: Buffer.from([0x7b, 0x22, 0x6f, 0x70, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a]),
          error: /^not a UTF-8 request$/,
        },
        { name: 'a line over 1 MiB', payload: Buffer.alloc(2 * 1024 * 1024, 0x61), error: /^request longer than 1048576 bytes$/ },
      ];
      for (const { name, payload, error } of cases) {
        const answer = await onSocket(socketPath, payload);
        expect(answer.endsWith('\n'), name).toBe(true);
        const parsed = JSON.parse(answer) as { ok: boolean; error: string };
        expect(parsed.ok, name).toBe(false);
        expect(parsed.error, name).toMatch(error);
      }
      expect(serve.proc.child.exitCode).toBe(null);
      expect(cli(dir, ['project', 'list'])).toMatch(/^acme\t/);
      expect(serve.proc.output()).not.toMatch(/TypeError|unhandled|at .*\.js:\d+/i);
      expect(await stopProc(serve.proc)).toBe(0);
    },
    hangGuard(120_000),
  );

  it(
    'silent management clients are let go, and do not keep serve from stopping on SIGTERM',
    async () => {
      const { dir } = projectFolder('idle-clients');
      const serve = await startServe(dir, []);
      procs.push(serve.proc);
      const socketPath = path.join(dir, '.docsnav', 'docsnav.sock');
      const clients: Socket[] = [];
      const closed: Array<Promise<void>> = [];
      for (let i = 0; i < 100; i++) {
        const socket = connect(socketPath);
        socket.on('error', () => {});
        closed.push(new Promise((resolve) => socket.on('close', () => resolve())));
        clients.push(socket);
      }
      await Promise.all(clients.map((socket) => new Promise((resolve) => (socket.connecting ? socket.once('connect', resolve) : resolve(undefined)))));
      // One more that sends a byte a second and never a whole line: the server closes it by itself
      // (a deadline from its connection, not an idle time).
      const trickle = connect(socketPath);
      trickle.on('error', () => {});
      const dripping = setInterval(() => trickle.write('{'), 1000);
      const trickleClosed = await Promise.race([new Promise((resolve) => trickle.on('close', () => resolve('closed'))), sleep(45_000).then(() => 'open')]);
      clearInterval(dripping);
      trickle.destroy();
      expect(trickleClosed).toBe('closed');
      // A fresh hundred, then SIGTERM at once: serve closes them and exits 0 by itself, well before
      // their 30 s deadline (stopProc SIGKILLs after 20 s: exit code null).
      const fresh: Socket[] = [];
      for (let i = 0; i < 100; i++) {
        const socket = connect(socketPath);
        socket.on('error', () => {});
        fresh.push(socket);
      }
      await Promise.all(fresh.map((socket) => new Promise((resolve) => (socket.connecting ? socket.once('connect', resolve) : resolve(undefined)))));
      expect(await stopProc(serve.proc)).toBe(0);
      for (const socket of [...clients, ...fresh]) socket.destroy();
    },
    hangGuard(120_000),
  );

  it(
    'after a kill -9 of serve, the CLI manages the folder itself and serve starts cleanly (issue 39)',
    async () => {
      const { dir } = projectFolder('crash-cli');
      let serve = await startServe(dir, []);
      procs.push(serve.proc);
      await stopProc(serve.proc, 'SIGKILL');
      expect(existsSync(path.join(dir, '.docsnav', 'docsnav.sock'))).toBe(true); // what a crash leaves
      expect(cli(dir, ['project', 'list'])).toMatch(/^acme\t/);
      expect(cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'assistant'])).toMatch(/^dn_assistant_/);
      expect(cli(dir, ['key', 'list', '--project', 'acme']).split('\n')).toHaveLength(2);
      serve = await startServe(dir, []);
      procs.push(serve.proc);
      expect(serve.proc.output()).not.toMatch(/in use/);
      expect(cli(dir, ['key', 'list', '--project', 'acme']).split('\n')).toHaveLength(2);
      expect(await stopProc(serve.proc)).toBe(0);
    },
    hangGuard(120_000),
  );
});

const notRoot = process.getuid?.() !== 0;
if (notRoot) console.warn('SKIPPED the data folder ownership tests: they chown folders to nobody, which needs root');
const NOBODY = 65534;

describe.skipIf(notRoot)('a data folder (or socket) that is not this user alone is refused (issue 38 item 7)', () => {
  it.each([
    {
      name: 'a folder nobody owns',
      make: (dir: string) => {
        const data = path.join(dir, 'data');
        mkdirSync(data, { mode: 0o700 });
        chownSync(data, NOBODY, NOBODY);
        return data;
      },
      message: /^docsnav: \S+\/data belongs to user 65534, not to this process's user \(0\): a data folder must be its user's alone/,
    },
    {
      name: 'a folder of ours, mode 0777',
      make: (dir: string) => {
        const data = path.join(dir, 'data');
        mkdirSync(data);
        chmodSync(data, 0o777);
        return data;
      },
      message: /^docsnav: \S+\/data is writable by other users \(mode 0777\): a data folder must be its user's alone/,
    },
    {
      name: 'a link to a folder nobody owns',
      make: (dir: string) => {
        const theirs = path.join(dir, 'theirs');
        mkdirSync(theirs, { mode: 0o700 });
        chownSync(theirs, NOBODY, NOBODY);
        symlinkSync(theirs, path.join(dir, 'data'));
        return path.join(dir, 'data');
      },
      message: /^docsnav: \S+\/theirs \(--data \S+\/data leads there\) belongs to user 65534/,
    },
  ])('$name: serve and the management commands refuse it with one line, and write nothing in it', ({ make, message }) => {
    const dir = tempDir('owner');
    const data = make(dir);
    for (const args of [
      ['project', 'list'],
      ['serve', '--port', '0'],
      ['key', 'create', '--project', 'acme', '--kind', 'admin'],
    ]) {
      const result = runCli([...args, '--data', data], dir);
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    }
    expect(readdirSync(data)).toEqual([]);
  });

  it("a socket in our folder that another user owns gets no request (it could be theirs, listening for a repository's credentials)", async () => {
    const dir = tempDir('owner-socket');
    const data = path.join(dir, 'data');
    mkdirSync(data, { mode: 0o700 });
    const socketPath = path.join(data, 'docsnav.sock');
    const received: string[] = [];
    const listener = createNetServer((socket) =>
      socket.on('data', (chunk) => {
        received.push(String(chunk));
        socket.end('{}\n');
      }),
    );
    await new Promise<void>((resolve) => listener.listen(socketPath, resolve));
    cleanups.push(() => new Promise<void>((resolve) => listener.close(() => resolve())));
    chownSync(socketPath, NOBODY, NOBODY);
    const result = await runCliAsync(['project', 'add', 'acme', '--repo', 'https://user:secret@example.com/r.git', '--branch', 'main', '--data', data], dir);
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^docsnav: \S+\/data\/docsnav\.sock belongs to user 65534, not to this process's user \(0\): refusing to send it a management request/,
    );
    expect(received).toEqual([]);
  });
});
