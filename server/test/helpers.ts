/** Shared pieces of the server tests: real git repositories, a real git HTTP server, a real PostgreSQL. */
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, get as httpGet, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { analyzeCheckout, type AnalyzeInput } from '../src/analysis/analyze.js';
import { findDeployment, type Deployment, type PageSection } from '../src/store/deployments.js';
import type { Queryable, Store } from '../src/store/store.js';
import { openPglite } from '../src/store/pglite.js';
import { openPostgres } from '../src/store/postgres.js';
import { openStore } from '../src/store/open.js';
import { Writable } from 'node:stream';
import { afterAll, it } from 'vitest';
import { createLogger, type Logger } from '../src/host/log.js';
import { hangGuard } from '../../test/time-scale.mjs';

/**
 * The corpus beside the clone: the first folder above these tests that holds shared/corpus. Not
 * from the working folder: the mutation step runs the tests from a copy of the clone inside it
 * (.stryker-tmp/sandbox-…), where `../../shared` names nothing.
 */
export function corpusAbove(): string {
  for (let folder = path.dirname(fileURLToPath(import.meta.url)); ; folder = path.dirname(folder)) {
    const corpus = path.join(folder, 'shared', 'corpus');
    if (existsSync(corpus)) return corpus;
    if (path.dirname(folder) === folder) throw new Error('no shared/corpus in any folder above this test');
  }
}

/** The top of the repository: its fixtures/ hold the example site the tests deploy. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A docs.json the hosted platform builds: deployments check the platform profile, which needs
 * `theme`, `name` and `colors` besides the navigation.
 */
export function docsJson(navigation: unknown): string {
  return JSON.stringify({ theme: 'mint', name: 'Test docs', colors: { primary: '#0D9373' }, navigation });
}
/**
 * The CLI under test: the `docsnav` command of the docsnav package this package depends on (which
 * hands the server's commands to this package), or another build named by DOCSNAV_TEST_CLI (a
 * "before" checkout, to show a test fails there).
 */
export const CLI = process.env.DOCSNAV_TEST_CLI ?? docsnavBin();

function docsnavBin(): string {
  const manifest = createRequire(import.meta.url).resolve('docsnav/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(manifest), bin.docsnav);
}
/** The tests' repositories are local folders under the temp folder: servers in tests may read them. */
export const LOCAL_ROOTS = [tmpdir()];
const CLI_ENV = { DOCSNAV_ALLOW_LOCAL_REPOS: tmpdir() };

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `docsnav-${prefix}-`));
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=Test', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

export { bigSiteRepo } from '../bench/big-site.mjs';

/** A git repository whose `docs/` is a copy of fixtures/example, committed on `main`. */
export function exampleRepo(dir: string): string {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  cpSync(path.join(REPO_ROOT, 'fixtures/example'), path.join(dir, 'docs'), { recursive: true, filter: (source) => !source.includes(`${path.sep}expected`) });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'Example docs');
  return dir;
}

/** A loose object of `text` written into `gitDir` as git writes one (zlib of "blob <size>\0<text>", objects/xx/<38 hex>); its id. */
export function writeLooseObject(gitDir: string, text: string): string {
  const body = Buffer.concat([Buffer.from(`blob ${Buffer.byteLength(text)}\0`), Buffer.from(text)]);
  const id = createHash('sha1').update(body).digest('hex');
  mkdirSync(path.join(gitDir, 'objects', id.slice(0, 2)), { recursive: true });
  writeFileSync(path.join(gitDir, 'objects', id.slice(0, 2), id.slice(2)), deflateSync(body));
  return id;
}

/**
 * `count` entries in `folder` (made) named `<prefix><n>` that cost no space: hard links of a few
 * small files (ext4 takes 65,000 links of one file at most).
 */
export function hardLinks(folder: string, count: number, prefix = ''): void {
  mkdirSync(folder, { recursive: true });
  const targets = path.join(folder, '..', `${path.basename(folder)}-targets`);
  mkdirSync(targets, { recursive: true });
  for (let index = 0; index < count; index++) {
    const target = path.join(targets, String(Math.floor(index / 60_000)));
    if (index % 60_000 === 0) writeFileSync(target, 'junk\n');
    linkSync(target, path.join(folder, `${prefix}${index}`));
  }
}

export function commitFile(repo: string, file: string, text: string, message = `Change ${file}`): string {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', message);
  return git(repo, 'rev-parse', 'HEAD').trim();
}

/** Polls `check` every 100 ms until it returns a value, or fails after `timeoutMs` (on a quiet machine: scaled by hangGuard). */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what = 'condition'): Promise<T> {
  const limit = hangGuard(timeoutMs);
  const deadline = Date.now() + limit;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${limit} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real smart-HTTP git server (git-http-backend as CGI) for the repositories under `root`,
 * on 127.0.0.1. `delayMs` holds each response back; `hang` never answers.
 */
export async function gitHttpServer(
  root: string,
  options: { delayMs?: number; hang?: boolean } = {},
): Promise<{ url: string; close: () => Promise<void>; requests: () => number; maxInFlight: () => number }> {
  let requests = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const held = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((request, response) => {
    requests++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    if (options.hang) {
      held.add(response);
      return;
    }
    const [pathInfo, query = ''] = (request.url ?? '/').split('?');
    const serve = () => {
      const child = spawn('/usr/lib/git-core/git-http-backend', [], {
        env: {
          PATH: process.env.PATH,
          GIT_PROJECT_ROOT: root,
          GIT_HTTP_EXPORT_ALL: '1',
          PATH_INFO: pathInfo,
          QUERY_STRING: query,
          REQUEST_METHOD: request.method,
          CONTENT_TYPE: request.headers['content-type'] ?? '',
          GIT_PROTOCOL: String(request.headers['git-protocol'] ?? ''),
          REMOTE_ADDR: '127.0.0.1',
        },
      });
      request.pipe(child.stdin);
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.on('close', () => {
        const output = Buffer.concat(chunks);
        const split = output.indexOf('\r\n\r\n');
        const head = output.subarray(0, split).toString('latin1');
        let status = 200;
        for (const line of head.split('\r\n')) {
          const [name, ...rest] = line.split(':');
          const value = rest.join(':').trim();
          if (/^status$/i.test(name)) status = Number.parseInt(value, 10);
          else if (name) response.setHeader(name, value);
        }
        response.statusCode = status;
        response.end(output.subarray(split + 4));
      });
    };
    if (options.delayMs) setTimeout(serve, options.delayMs);
    else serve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    maxInFlight: () => maxInFlight,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface TestPostgres {
  /** A fresh database for this test file. */
  url: string;
  stop: () => Promise<void>;
}

export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], 'bin');
}

/**
 * Why PostgreSQL tests cannot run here, or undefined when they can: DOCSNAV_TEST_DATABASE_URL
 * is set, or the server binaries are installed and we can run them as the `postgres` user.
 */
export function postgresUnavailable(): string | undefined {
  if (process.env.DOCSNAV_TEST_DATABASE_URL) return undefined;
  if (!postgresBin()) return 'no DOCSNAV_TEST_DATABASE_URL and no PostgreSQL server binaries (apt-get install postgresql)';
  if (process.getuid?.() !== 0 && process.env.USER !== 'postgres')
    return 'no DOCSNAV_TEST_DATABASE_URL, and starting PostgreSQL needs root (to run it as the postgres user)';
  if (spawnSync('id', ['postgres']).status !== 0) return 'no DOCSNAV_TEST_DATABASE_URL and no postgres user';
  return undefined;
}

/** A PostgreSQL server of this test's own (it can be stopped and started again: an outage). */
export interface PostgresServer {
  baseUrl: string;
  /** Stops it (`pg_ctl stop -m fast`): every connection drops, new ones are refused. */
  pause: () => void;
  /** Starts it again on the same port and data. */
  resume: () => void;
  /**
   * `pg_ctl restart` in `mode` (`fast`: connections closed, a clean shutdown; `immediate`: no
   * shutdown checkpoint, crash recovery at start), without blocking this process meanwhile.
   */
  restart: (mode: 'fast' | 'immediate') => Promise<void>;
  /** Stops it for good and deletes its data. */
  destroy: () => void;
}

/** Whether this machine can start a PostgreSQL server of a test's own (binaries, root, a postgres user). */
export function ownPostgresUnavailable(): string | undefined {
  if (!postgresBin()) return 'no PostgreSQL server binaries (apt-get install postgresql)';
  if (process.getuid?.() !== 0) return 'starting PostgreSQL needs root (to run it as the postgres user)';
  if (spawnSync('id', ['postgres']).status !== 0) return 'no postgres user';
  return undefined;
}

/**
 * A store on a PostgreSQL server of the test's own (to stop, start and restart), and every uncaught
 * exception meanwhile (in `serve` one ends the process); what it started goes into `cleanups`.
 */
export async function storeOnOwnServer(cleanups: Array<() => Promise<void> | void>) {
  const server = await startPostgresServer();
  cleanups.push(() => server.destroy());
  const store = await openStore({ database: server.baseUrl });
  cleanups.push(() => store.close());
  const crashes: string[] = [];
  const onCrash = (error: unknown) => crashes.push(String(error));
  process.on('uncaughtException', onCrash);
  cleanups.push(() => void process.off('uncaughtException', onCrash));
  return { server, store, crashes };
}

/** `password`: the cluster asks one (scram-sha-256) of user postgres, as a stock cluster's TCP entries do; the base URL has none. */
export async function startPostgresServer(options: { password?: string } = {}): Promise<PostgresServer> {
  const bin = postgresBin()!;
  const dir = tempDir('pg');
  const asPostgres = (command: string, args: string[]) => {
    const result = spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  const auth = options.password === undefined ? ['-A', 'trust'] : ['-A', 'scram-sha-256', `--pwfile=${path.join(dir, 'password')}`];
  if (options.password !== undefined) {
    writeFileSync(path.join(dir, 'password'), `${options.password}\n`);
    chownSync(path.join(dir, 'password'), uid, gid);
  }
  asPostgres('initdb', ['-D', path.join(dir, 'data'), ...auth, '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const start = () =>
    asPostgres('pg_ctl', ['-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off`, 'start']);
  const stop = (mode: string) =>
    spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', path.join(dir, 'data'), '-m', mode, '-w', 'stop'], { encoding: 'utf8' });
  start();
  return {
    baseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => void stop('fast'),
    resume: start,
    restart: (mode) =>
      new Promise<void>((resolve, reject) => {
        const args = ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-m', mode, '-w'];
        const options = ['-o', `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off`, 'restart'];
        execFile('runuser', [...args, ...options], (error, _stdout, stderr) => (error ? reject(new Error(`pg_ctl restart failed: ${stderr}`)) : resolve()));
      }),
    destroy: () => {
      stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on DOCSNAV_TEST_DATABASE_URL's server, or on a server started for this file. */
export async function startPostgres(): Promise<TestPostgres> {
  const name = `docsnav_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const pg = (await import('pg')).default;
  let baseUrl = process.env.DOCSNAV_TEST_DATABASE_URL;
  let stopServer = (): void => {};
  if (!baseUrl) {
    const server = await startPostgresServer();
    baseUrl = server.baseUrl;
    stopServer = server.destroy;
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await client.end();
      stopServer();
    },
  };
}

/**
 * One check, as two tests: on a fresh embedded database, and on a fresh PostgreSQL database (skipped
 * when none can be had). Each store is closed after the check.
 */
export function itOnEachStore(titles: { pglite: string; postgres: string }, folder: string, check: (store: Store) => Promise<void>): void {
  const closing = async (store: Store) => {
    try {
      await check(store);
    } finally {
      await store.close();
    }
  };
  it(titles.pglite, async () => closing(await openPglite(path.join(tempDir(folder), 'db'))));
  let pg: TestPostgres | undefined;
  afterAll(async () => {
    await pg?.stop();
  });
  it.skipIf(postgresUnavailable() !== undefined)(titles.postgres, async () => {
    pg = await startPostgres();
    await closing(await openPostgres(pg.url));
  });
}

/** A `docsnav` process (serve or worker) with its output kept. */
export interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Proc {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...CLI_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: hangGuard(120_000),
    env: { ...process.env, ...CLI_ENV, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export async function stopProc(proc: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  const timeout = setTimeout(() => proc.child.kill('SIGKILL'), hangGuard(20_000));
  const code = await proc.exited;
  clearTimeout(timeout);
  return code;
}

/**
 * `docsnav serve` on a free port of 127.0.0.1, once /healthz answers. If it exits or never
 * answers, it is stopped and the error says why (with its output).
 */
export async function startServe(cwd: string, args: string[]): Promise<{ proc: Proc; base: string }> {
  const port = await freePort();
  const proc = startCli(['serve', '--port', String(port), ...args], cwd);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (proc.child.exitCode !== null) throw new Error(`serve exited: ${proc.output()}`);
        return (
          (await fetch(`${base}/healthz`)
            .then((r) => r.ok)
            .catch(() => false)) || undefined
        );
      },
      60_000,
      'serve to listen',
    );
  } catch (error) {
    await stopProc(proc);
    throw error;
  }
  return { proc, base };
}

/** `analyzeCheckout` with its page texts gathered (the server stores them batch by batch). */
export async function analyzeAll(input: Omit<AnalyzeInput, 'maxPages'> & { maxPages?: number }) {
  const sections: PageSection[] = [];
  const output = await analyzeCheckout({ maxPages: 100_000, ...input }, (batch) => {
    sections.push(...batch.sections.map(({ position: _position, pageKey: _pageKey, ...section }) => section));
    return Promise.resolve();
  });
  return { ...output, sections };
}

/**
 * Probes `GET <base>/healthz` every 100 ms on its own, as a load balancer does (a new connection
 * each time, 10 s to answer), until stopped; then says how many probes ran, how long the slowest
 * took (ms), and why each failed one failed.
 */
export function probeHealth(base: string): { stop: () => Promise<{ probes: number; slowest: number; failures: string[] }> } {
  let running = true;
  let probes = 0;
  let slowest = 0;
  const failures: string[] = [];
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const failure = await probeOnce(`${base}/healthz`, 10_000);
      const took = performance.now() - started;
      slowest = Math.max(slowest, took);
      probes++;
      if (failure) failures.push(`probe ${probes} after ${Math.round(took)} ms: ${failure}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { probes, slowest, failures };
    },
  };
}

/** One GET on a connection of its own: undefined when it answers 2xx, else why not. */
function probeOnce(url: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const request = httpGet(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode && response.statusCode < 300 ? undefined : `HTTP ${response.statusCode}`));
      response.on('error', (error) => resolve(`the answer broke off: ${error.message}`));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve(error.message));
  });
}

/**
 * The deployment `statusId` once it has ended (success or failure), read from the store every
 * 100 ms. `retryReads`: a failed read is tried again (the database is coming back).
 */
export function deploymentEnded(store: Queryable, statusId: string, timeoutMs: number, what: string, retryReads = false): Promise<Deployment> {
  return waitFor(
    async () => {
      const read = findDeployment(store, statusId);
      const deployment = retryReads ? await read.catch(() => undefined) : await read;
      return deployment && (deployment.status === 'success' || deployment.status === 'failure') ? deployment : undefined;
    },
    timeoutMs,
    what,
  );
}

/** One request (`GET` unless told) on a connection of its own from `localAddress` (a loopback address): its status, or why none came (within 5 s). */
export async function requestFrom(
  port: number,
  localAddress: string,
  url: string,
  method: 'GET' | 'HEAD' | 'POST' | 'DELETE' = 'GET',
): Promise<number | string> {
  const answer = await answerFrom(port, localAddress, url, method);
  return typeof answer === 'string' ? answer : answer.status;
}

/** As requestFrom: the whole answer (status, headers, body), or why none came. */
export function answerFrom(
  port: number,
  localAddress: string,
  url: string,
  method: 'GET' | 'HEAD' | 'POST' | 'DELETE' = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string } | string> {
  return new Promise((resolve) => {
    const request = httpGet({ host: '127.0.0.1', port, path: url, method, localAddress, agent: false, timeout: 5_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 5 s')));
    request.on('error', (error) => resolve(error.message));
  });
}

/**
 * ~100 MB of WAL written into the embedded database of `data` in 100 writes of ~1 MB (`write`: one
 * batch, the table emptied every 10th), a second's pause after every 10 (the driver looks at the
 * WAL's size at most once a second): pg_wal's largest size (`du`) on the way, and the WAL written.
 */
export async function walPeak(
  store: Store,
  data: string,
  write: (insert: string, body: string, empty: boolean) => Promise<void>,
): Promise<{ largest: number; written: number }> {
  const wal = path.join(data, 'db', 'pg_wal');
  const du = () => Number(execFileSync('du', ['-sk', wal], { encoding: 'utf8' }).split(/\s/)[0]) * 1024;
  await store.query('CREATE TABLE filler (n integer, body text)');
  const body = 'x'.repeat(1000);
  let largest = 0;
  for (let batch = 0; batch < 100; batch++) {
    await write('INSERT INTO filler SELECT n, $1 || n FROM generate_series(1, 1000) AS n', body, batch % 10 === 9);
    if (batch % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 1_050));
    largest = Math.max(largest, du());
  }
  const [{ lsn }] = await store.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  const [high, low] = lsn.split('/').map((part) => parseInt(part, 16));
  return { largest, written: high * 2 ** 32 + low };
}

/** A logger as the server's (info), and the lines it wrote, parsed. */
export function capturedLog(): { log: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  return { log, lines };
}
