/**
 * `docsnav serve` and `docsnav worker` (src/cli/serve.ts) in this process: each option's refusal
 * before anything starts (one exact line), what a started serve prints and answers (HTTP, the
 * management socket, status), how it stops on the first signal and exits on a second, and why it
 * cannot listen (issue 67). The process's SIGINT/SIGTERM listeners are captured, never installed:
 * a test "sends" a signal by calling the listener serve registered, so nothing outlives a test.
 */
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runServerCommand } from '../src/cli/commands.js';
import { ORIGINS_HELP } from '../src/http/origins.js';
import { exampleRepo, freePort, postgresUnavailable, startPostgres, tempDir, type TestPostgres } from './helpers.js';

type Signal = 'SIGINT' | 'SIGTERM';
const listeners = new Map<Signal, Array<() => void>>();
const installed = process.on.bind(process);

beforeEach(() => {
  listeners.clear();
  vi.spyOn(process, 'on').mockImplementation(((event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (event === 'SIGINT' || event === 'SIGTERM') {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return process;
    }
    return installed(event, listener);
  }) as typeof process.on);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Calls the listener a running command registered for `signal` (exactly one). */
function signal(name: Signal): void {
  const registered = listeners.get(name) ?? [];
  expect(registered).toHaveLength(1);
  registered[0]();
}

interface Output {
  stdout: string;
  stderr: string;
}

/** `docsnav <command> <argv>`, run to its end (a refusal). */
async function run(command: string, argv: string[], env: Record<string, string> = {}): Promise<Output & { code: number }> {
  const out = { stdout: '', stderr: '' };
  const code = await runServerCommand(command, argv, { stdout: (text) => (out.stdout += text), stderr: (text) => (out.stderr += text), env });
  return { code, ...out };
}

/** Starts `docsnav <command> <argv>` and resolves once it says it runs; `done` is its exit code. */
async function start(command: 'serve' | 'worker', argv: string[], env: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const done = runServerCommand(command, ['--log-level', 'silent', ...argv], {
    stdout: (text) => (out.stdout += text),
    stderr: (text) => {
      out.stderr += text;
      if (/: listening on |: running \(/.test(text)) ready();
    },
    env,
  });
  await Promise.race([started, done.then((code) => Promise.reject(new Error(`${command} ended (${code}) before it ran: ${out.stderr}`)))]);
  return { out, done };
}

function httpStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => get(url, { agent: false }, (response) => (response.resume(), resolve(response.statusCode ?? 0))).on('error', reject));
}

/** The refusal of `serve` once the option checks are passed: the log level, read first when it starts. */
const PASSED = '--log-level takes fatal, error, warn, info, debug, trace, silent (got "loud")';

describe('serve: an option it cannot use is refused before anything starts', () => {
  it.each([
    [['--jobs', '0'], 'serve --jobs 0 needs --database postgres://…: with the embedded database, serve is the only process that can run jobs'],
    [['--port=-1'], '--port takes a whole number from 0 to 65535 (got "-1")'],
    [['--port', '65536'], '--port takes a whole number from 0 to 65535 (got "65536")'],
    [['--jobs', '1.5'], '--jobs takes a whole number ≥ 0 (got "1.5")'],
    [['--trust-proxy', 'nope'], '--trust-proxy takes addresses or CIDRs, a hop count, "true" or "off" (got "nope")'],
    [['--trust-proxy', '10.0.0.1, proxy.local'], '--trust-proxy takes addresses or CIDRs, a hop count, "true" or "off" (got "proxy.local")'],
    [['--trust-proxy', '10.0.0.0/1234'], '--trust-proxy takes addresses or CIDRs, a hop count, "true" or "off" (got "10.0.0.0/1234")'],
    [['--trust-proxy', '10.0.0.0/'], '--trust-proxy takes addresses or CIDRs, a hop count, "true" or "off" (got "10.0.0.0/")'],
    [['--trust-proxy', 'x10.0.0.1'], '--trust-proxy takes addresses or CIDRs, a hop count, "true" or "off" (got "x10.0.0.1")'],
    [['--trust-proxy', '10.0.0.1x'], '--trust-proxy takes addresses or CIDRs, a hop count, "true" or "off" (got "10.0.0.1x")'],
    [['--trust-proxy=-1'], '--trust-proxy takes addresses or CIDRs, a hop count, "true" or "off" (got "-1")'],
    [['--trust-proxy', 'TRUE'], '--trust-proxy takes addresses or CIDRs, a hop count, "true" or "off" (got "TRUE")'],
    [['--cors-origins', 'docs.acme.com'], `--cors-origins ${ORIGINS_HELP} (got "docs.acme.com")`],
    [['--cors-origins', ' , '], `--cors-origins ${ORIGINS_HELP}`],
    [['--request-timeout', '0'], '--request-timeout takes a number > 0 (got "0")'],
    [['--keep-alive-timeout', '0'], '--keep-alive-timeout takes a number > 0 (got "0")'],
    [['--max-connections', '0'], '--max-connections takes a whole number ≥ 1 (got "0")'],
    [['--max-connections', '1.5'], '--max-connections takes a whole number ≥ 1 (got "1.5")'],
    [['--max-connections-per-ip=-1'], '--max-connections-per-ip takes a whole number ≥ 0 (got "-1")'],
    [['--max-connections-per-ip', '0.5'], '--max-connections-per-ip takes a whole number ≥ 0 (got "0.5")'],
    [['--shutdown-grace=-1'], '--shutdown-grace takes a number ≥ 0 (got "-1")'],
    [['--max-queued', '0'], '--max-queued takes a whole number ≥ 1 (got "0")'],
    [['--max-queued', '2.5'], '--max-queued takes a whole number ≥ 1 (got "2.5")'],
    [['--model-base-url', 'https://llm.example/v1'], '--model-base-url and --model go together'],
    [['--model', 'small'], '--model-base-url and --model go together'],
    [['--model-base-url', 'ftp://llm.example', '--model', 'm'], '--model-base-url takes an http(s) URL (got "ftp://llm.example")'],
    [['--model-base-url', 'https://', '--model', 'm'], '--model-base-url takes an http(s) URL (got "https://")'],
    [['--model-base-url', ' https://llm.example', '--model', 'm'], '--model-base-url takes an http(s) URL (got " https://llm.example")'],
    [['--model-base-url', 'https://llm.example x', '--model', 'm'], '--model-base-url takes an http(s) URL (got "https://llm.example x")'],
    [['--embeddings-model', 'm'], '--embeddings-base-url and --embeddings-model go together'],
    [['--assistant-deadline', '0'], '--assistant-deadline takes a number > 0 (got "0")'],
    [['--index-memory', '0'], '--index-memory takes a number > 0 (got "0")'],
    [['--limit-key-month', '0'], '--limit-key-month takes a whole number ≥ 1 (got "0")'],
    [['--limit-org-hour', '0'], '--limit-org-hour takes a whole number ≥ 1 (got "0")'],
    [['--limit-ip-day', '0'], '--limit-ip-day takes a whole number ≥ 1 (got "0")'],
    [['--limit-ip-day', '1.5'], '--limit-ip-day takes a whole number ≥ 1 (got "1.5")'],
    [['--log-level', 'loud'], PASSED],
  ])('serve %j', async (argv, message) => {
    const data = path.join(tempDir('serve-refused'), 'data');
    expect(await run('serve', [...argv, '--data', data])).toEqual({ code: 2, stdout: '', stderr: `docsnav: ${message}\n` });
  });

  it.each([
    [['--jobs', '0', '--database', 'postgres://db.invalid/docs']],
    [['--trust-proxy', 'off']],
    [['--trust-proxy', 'false']],
    [['--trust-proxy', '']],
    [['--trust-proxy', 'true']],
    [['--trust-proxy', ' 2 ']],
    [['--trust-proxy', '10.0.0.0/8, ::1/128, FE80::1, 192.168.1.1/32, loopback, linklocal, uniquelocal']],
    [['--cors-origins', '*']],
    [['--cors-origins', 'https://docs.acme.com, http://localhost:3000']],
    [['--model-base-url', 'http://127.0.0.1:11434/v1', '--model', 'llama']],
    [['--max-connections-per-ip', '0', '--shutdown-grace', '0', '--port', '0']],
    [['--limit-key-month', '1', '--limit-org-hour', '1', '--limit-ip-day', '1']],
  ])('serve %j passes the checks (then the log level is read)', async (argv) => {
    const data = path.join(tempDir('serve-passed'), 'data');
    expect(await run('serve', [...argv, '--log-level', 'loud', '--data', data])).toEqual({ code: 2, stdout: '', stderr: `docsnav: ${PASSED}\n` });
  });

  it('a readable --assistant-instructions file passes; from its variable, an unreadable one is named by it', async () => {
    const file = path.join(tempDir('serve-prompt'), 'prompt.md');
    writeFileSync(file, 'Answer briefly.\n');
    const data = path.join(tempDir('serve-prompt'), 'data');
    expect((await run('serve', ['--assistant-instructions', file, '--log-level', 'loud', '--data', data])).stderr).toBe(`docsnav: ${PASSED}\n`);
    const folder = path.dirname(file);
    expect((await run('serve', ['--data', data], { DOCSNAV_ASSISTANT_INSTRUCTIONS: folder })).stderr).toMatch(
      new RegExp(`^docsnav: cannot read DOCSNAV_ASSISTANT_INSTRUCTIONS ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .+\\n$`),
    );
  });
});

describe('worker: refused without PostgreSQL, or with no job to run', () => {
  it.each([
    [[], {}, 'docsnav worker needs --database postgres://… (or DATABASE_URL): the embedded database belongs to one process (docsnav serve runs jobs itself)'],
    [['--database', 'mysql://db/docs'], {}, '--database takes a postgres:// URL (got "mysql://db/docs")'],
    [['--database', 'postgres://db.invalid/docs', '--jobs', '0'], {}, '--jobs must be at least 1 for a worker'],
    [[], { DATABASE_URL: 'postgres://db.invalid/docs', DOCSNAV_JOBS: '0' }, 'DOCSNAV_JOBS must be at least 1 for a worker'],
    [['--database', 'postgres://db.invalid/docs', '--jobs=-1'], {}, '--jobs takes a whole number ≥ 0 (got "-1")'],
    [['--database', 'postgres://db.invalid/docs', '--log-level', 'loud'], {}, PASSED],
    [['--database', 'postgres://db.invalid/docs', '--jobs', '1', '--log-level', 'loud'], {}, PASSED],
  ] as Array<[string[], Record<string, string>, string]>)('worker %j %j', async (argv, env, message) => {
    const data = path.join(tempDir('worker-refused'), 'data');
    expect(await run('worker', [...argv, '--data', data], env)).toEqual({ code: 2, stdout: '', stderr: `docsnav: ${message}\n` });
  });
});

describe('serve on the embedded database', () => {
  it('listens, answers HTTP and its socket, stops on SIGTERM, and exits at once on a second signal', async () => {
    const data = path.join(tempDir('serve-run'), 'data');
    const repo = exampleRepo(path.join(tempDir('serve-repo'), 'site'));
    const { out, done } = await start('serve', ['--port', '0', '--jobs', '1', '--allow-local-repos', tmpdir(), '--data', data]);
    const [, url, port] = /^docsnav serve: listening on (http:\/\/127\.0\.0\.1:(\d+)) /.exec(out.stderr) ?? [];
    expect(out.stderr).toBe(`docsnav serve: listening on http://127.0.0.1:${port} (embedded database in ${data}/db; 1 job at once)\n`);
    expect(Number(port)).toBeGreaterThan(0);
    expect(await httpStatus(`${url}/healthz`)).toBe(200);

    // The management commands go to serve, whose --allow-local-repos checks the project (none given here).
    expect(await run('project', ['add', 'acme', '--repo', repo, '--branch', 'mian', '--data', data])).toEqual({
      code: 0,
      stdout: `added project acme: ${repo} branch mian, docs in .\n`,
      stderr: `warning: branch "mian" does not exist in ${repo} (did you mean "main"? its branches: main); fix it with: docsnav project update acme --branch main\n`,
    });
    expect((await run('project', ['list', '--data', data])).stdout).toBe(`acme\t${repo}\tmian\t.\t-\tnot deployed\n`);
    const status = await run('status', ['--data', data]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      new RegExp(`^data folder ${data}: \\d+\\.\\d MB on disk \\(as du counts it; held by docsnav process ${process.pid} \\(pglite\\)\\)\\n`),
    );
    expect(status.stdout).toMatch(/\ndisk: \d+\.\d MB free \(ok\)\n$/);

    signal('SIGTERM');
    expect(await done).toBe(0);
    expect(out.stderr.split('\n').slice(1)).toEqual(['docsnav serve: SIGTERM, stopping', '']);
    expect(out.stdout).toBe('');
    // The folder is given up: the next command opens it itself.
    expect((await run('project', ['list', '--data', data])).stdout).toBe(`acme\t${repo}\tmian\t.\t-\tnot deployed\n`);
    await expect(httpStatus(`${url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);

    // A second signal exits at once.
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as typeof process.exit);
    listeners.get('SIGINT')![0]();
    expect(exit).toHaveBeenCalledWith(130);
  });

  it('SIGINT stops it too; 2 jobs by default; --metrics-port serves /metrics apart, until it stops', async () => {
    const data = path.join(tempDir('serve-int'), 'data');
    const metricsPort = await freePort();
    const { out, done } = await start('serve', ['--port', '0', '--metrics-port', String(metricsPort), '--data', data]);
    expect(await httpStatus(`http://127.0.0.1:${metricsPort}/metrics`)).toBe(200);
    expect(out.stderr).toMatch(/^docsnav serve: listening on http:\/\/127\.0\.0\.1:\d+ \(embedded database in .+\/db; 2 jobs at once\)\n$/);
    const exit = vi.spyOn(process, 'exit');
    signal('SIGINT');
    expect(await done).toBe(0);
    expect(exit).not.toHaveBeenCalled();
    expect(out.stderr.split('\n').slice(1)).toEqual(['docsnav serve: SIGINT, stopping', '']);
    await expect(httpStatus(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('an IPv6 --host: its URL in brackets', async () => {
    const data = path.join(tempDir('serve-v6'), 'data');
    const { out, done } = await start('serve', ['--port', '0', '--host', '::1', '--jobs', '3', '--data', data]);
    const [, url] = /listening on (\S+) /.exec(out.stderr) ?? [];
    expect(url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    expect(out.stderr).toBe(`docsnav serve: listening on ${url} (embedded database in ${data}/db; 3 jobs at once)\n`);
    expect(await httpStatus(`${url}/healthz`)).toBe(200);
    signal('SIGTERM');
    expect(await done).toBe(0);
  });

  it('a folder another serve holds is refused', async () => {
    const data = path.join(tempDir('serve-held'), 'data');
    const first = await start('serve', ['--port', '0', '--data', data]);
    try {
      const second = await run('serve', ['--port', '0', '--data', data]);
      expect(second.code).toBe(2);
      expect(second.stderr).toMatch(/^docsnav: .+\n$/);
      expect(second.stderr).toContain(data);
    } finally {
      signal('SIGTERM');
      expect(await first.done).toBe(0);
    }
  });

  it.each([
    [
      ['--host', '192.0.2.1'],
      'cannot listen on 192.0.2.1:0: 192.0.2.1 is not an address of this machine; choose another --host (127.0.0.1, or 0.0.0.0 for every interface) (EADDRNOTAVAIL)',
    ],
    [
      ['--metrics-port', '0', '--host', '192.0.2.1'],
      'metrics: cannot listen on 192.0.2.1:0: 192.0.2.1 is not an address of this machine; choose another --host (127.0.0.1, or 0.0.0.0 for every interface) (EADDRNOTAVAIL)',
    ],
    [
      ['--host', '2001:db8::1'],
      'cannot listen on [2001:db8::1]:0: 2001:db8::1 is not an address of this machine; choose another --host (127.0.0.1, or 0.0.0.0 for every interface) (EADDRNOTAVAIL)',
    ],
  ])('serve %j cannot listen: one line, and the folder is given up', async (argv, message) => {
    const data = path.join(tempDir('serve-listen'), 'data');
    expect(await run('serve', ['--log-level', 'silent', '--port', '0', ...argv, '--data', data])).toEqual({
      code: 2,
      stdout: '',
      stderr: `docsnav: ${message}\n`,
    });
    // Nobody answers on its socket any more.
    expect((await run('status', ['--data', data])).stdout).toMatch(/^data folder .+ \(as du counts it; no docsnav process holds it; measured now\)\n/);
    expect(await run('project', ['list', '--data', data])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'no projects yet (docsnav project add <id> --repo … --branch …)\n',
    });
  });
});

describe.skipIf(postgresUnavailable())('serve --jobs 0 and worker on PostgreSQL', () => {
  let pg: TestPostgres | undefined;
  afterAll(async () => {
    await pg?.stop();
  });

  it('serve --jobs 0: the API only; worker: the jobs; status from each; both stop on SIGTERM', async () => {
    pg = await startPostgres();
    const shown = pg.url;
    const api = await start('serve', ['--port', '0', '--jobs', '0', '--database', pg.url, '--data', path.join(tempDir('serve-pg'), 'data')]);
    expect(api.out.stderr).toMatch(
      new RegExp(
        `^docsnav serve: listening on http://127\\.0\\.0\\.1:\\d+ \\(PostgreSQL ${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; 0 jobs at once\\)\\n$`,
      ),
    );
    signal('SIGTERM');
    expect(await api.done).toBe(0);

    listeners.clear();
    const data = path.join(tempDir('worker-pg'), 'data');
    const metricsPort = await freePort();
    const worker = await start('worker', ['--jobs', '3', '--metrics-port', String(metricsPort), '--data', data], { DATABASE_URL: pg.url });
    expect(await httpStatus(`http://127.0.0.1:${metricsPort}/metrics`)).toBe(200);
    expect(worker.out.stderr).toMatch(new RegExp(`^docsnav worker: running \\([^,]+:${process.pid}:[0-9a-f]{8}, PostgreSQL .+, 3 jobs at once\\)\\n$`));
    const status = await run('status', ['--data', data]);
    expect(status.stdout).toMatch(new RegExp(`held by docsnav process ${process.pid} \\(postgres\\)`));
    expect(await run('project', ['list', '--data', data])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'docsnav: a worker answers only "status" (project.list: ask serve, or the database)\n',
    });
    signal('SIGTERM');
    expect(await worker.done).toBe(0);
    expect(worker.out.stderr.split('\n').slice(1)).toEqual(['docsnav worker: SIGTERM, stopping', '']);
    await expect(httpStatus(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow(/ECONNREFUSED/);
    // The folder is given up.
    expect((await run('status', ['--data', data])).stdout).toContain('no docsnav process holds it; measured now');
  });
});
