/**
 * Issue item 21, packaging (deploy/): compose.yaml, the Dockerfile and the systemd units say what
 * the README says (read as files: there is no Docker here); docsnav as a container's pid 1, under
 * tini and on its own, stops on SIGTERM and starts again on the same data folder after a kill -9
 * of pid 1 (item 3: a dead pid 1's lock never blocks); deploy/topology.sh, compose's topology
 * without containers (serve --jobs 0 and two workers on one PostgreSQL), deploys a project and
 * stops all three on SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, exampleRepo, freePort, postgresUnavailable, runCli, startPostgres, tempDir, waitFor, type TestPostgres } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const DEPLOY = path.resolve(import.meta.dirname, '../deploy');
const TINI = '/usr/bin/tini';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, hangGuard(60_000));

function scratch(prefix: string): string {
  const dir = tempDir(prefix);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The environment without a database: the children get only what a test gives them. */
function envWithoutDatabase(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DOCSNAV_DATABASE_URL;
  return { ...env, ...extra };
}

/** A child process with its output kept, and how it ended. */
interface Child {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function launch(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Child {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return { child, output: () => output, exited };
}

/** How `child` ended, or a failure after `ms`. */
async function exitWithin(proc: Child, ms: number, what: string): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not exit within ${ms} ms; its output:\n${proc.output()}`)), ms);
  });
  try {
    return await Promise.race([proc.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

async function healthy(base: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) });
    return response.ok && ((await response.json()) as { status?: string }).status === 'ok';
  } catch {
    return false;
  }
}

/** A Dockerfile's instructions, stage by stage (a stage starts at each FROM). */
interface Instruction {
  keyword: string;
  args: string;
}

function dockerfileStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // Comment lines are dropped, inside a continued instruction too (Docker does the same).
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (!whole) continue;
    const [keyword, ...rest] = whole.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') stages.push([]);
    expect(stages.length, `${keyword} before the first FROM`).toBeGreaterThan(0);
    stages.at(-1)!.push(instruction);
  }
  return stages;
}

/** The JSON array of an exec-form instruction (ENTRYPOINT, CMD, HEALTHCHECK … CMD). */
function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  const value = JSON.parse(json) as unknown;
  expect(Array.isArray(value) && value.every((item) => typeof item === 'string'), `not an exec form: ${args}`).toBe(true);
  return value as string[];
}

/** NAME=value pairs of ENV instructions (the `NAME=value …` form). */
function envOf(stage: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.filter((i) => i.keyword === 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      expect(at, `ENV ${args}: use NAME=value`).toBeGreaterThan(0);
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}

/** A compose service's environment as a map (compose takes a map or a list of NAME=value). */
function composeEnv(service: { environment?: Record<string, unknown> | string[] }): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, String(value)]));
}

function composeCommand(service: { command?: string | string[] }): string[] {
  const command = service.command ?? [];
  return Array.isArray(command) ? command : command.split(/\s+/);
}

/** A systemd unit's settings: section → name → values (a name may repeat). */
function unitFile(file: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let section = '';
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      sections[section] = {};
      continue;
    }
    const at = line.indexOf('=');
    expect(at, `${path.basename(file)}: ${line}`).toBeGreaterThan(0);
    expect(section, `${path.basename(file)}: ${line} outside a section`).not.toBe('');
    (sections[section][line.slice(0, at)] ??= []).push(line.slice(at + 1));
  }
  return sections;
}

describe('deploy/compose.yaml', () => {
  type Service = {
    image?: string;
    build?: { context: string; dockerfile: string };
    command?: string | string[];
    environment?: Record<string, unknown> | string[];
    ports?: string[];
    volumes?: string[];
    depends_on?: Record<string, { condition?: string }>;
    healthcheck?: { test: string | string[] };
    restart?: string;
    stop_grace_period?: string;
  };
  const compose = parseYaml(readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const services = compose.services;
  const docsnavServices = Object.entries(services).filter(([, service]) => service.build !== undefined || service.image?.startsWith('docsnav'));
  const dataVolume = (service: Service) => {
    const mounts = (service.volumes ?? []).filter((volume) => volume.split(':')[1] === '/var/lib/docsnav');
    expect(mounts).toHaveLength(1);
    return mounts[0].split(':')[0];
  };

  it('has postgres, serve, worker-1 and worker-2, every one restarting unless stopped', () => {
    expect(Object.keys(services).sort()).toEqual(['postgres', 'serve', 'worker-1', 'worker-2']);
    for (const [name, service] of Object.entries(services)) expect(service.restart, name).toBe('unless-stopped');
    expect(docsnavServices.map(([name]) => name).sort()).toEqual(['serve', 'worker-1', 'worker-2']);
  });

  it('postgres: PostgreSQL 16 on a named volume, healthy when pg_isready says so', () => {
    const postgres = services.postgres;
    expect(postgres.image).toMatch(/^postgres:16(\.|$|-)/);
    expect([postgres.healthcheck?.test].flat().join(' ')).toMatch(/\bpg_isready\b/);
    const [source, target] = postgres.volumes![0].split(':');
    expect(target).toBe('/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes)).toContain(source);
  });

  it('serve is the API only (--jobs 0) on 127.0.0.1:3000; two workers, each with a data volume of its own', () => {
    const serve = composeCommand(services.serve);
    expect(serve[0]).toBe('serve');
    expect(serve.join(' ')).toMatch(/(^| )--jobs 0( |$)/);
    expect(services.serve.ports).toEqual(['127.0.0.1:3000:3000']);
    const workers = docsnavServices.filter(([, service]) => composeCommand(service)[0] === 'worker');
    expect(workers.map(([name]) => name).sort()).toEqual(['worker-1', 'worker-2']);
    const volumes = docsnavServices.map(([, service]) => dataVolume(service));
    expect(new Set(volumes).size).toBe(docsnavServices.length);
    for (const volume of volumes) expect(Object.keys(compose.volumes)).toContain(volume);
    for (const [name, worker] of workers) {
      // A worker has no /healthz: its health check asks the metrics port it is given.
      const port = composeEnv(worker).DOCSNAV_METRICS_PORT;
      expect(port, name).toMatch(/^\d+$/);
      expect([worker.healthcheck?.test].flat().join(' '), name).toContain(`127.0.0.1:${port}/metrics`);
    }
  });

  it('every docsnav service: the image of deploy/Dockerfile, DATABASE_URL to the postgres service, started once it is healthy, 30 s to stop', () => {
    const pgEnv = composeEnv(services.postgres);
    for (const [name, service] of docsnavServices) {
      expect(path.resolve(DEPLOY, service.build!.context, service.build!.dockerfile), name).toBe(path.join(DEPLOY, 'Dockerfile'));
      const url = new URL(composeEnv(service).DATABASE_URL);
      expect(url.protocol, name).toBe('postgres:');
      expect(url.hostname, name).toBe('postgres');
      expect(decodeURIComponent(url.username), name).toBe(pgEnv.POSTGRES_USER);
      expect(decodeURIComponent(url.password), name).toBe(pgEnv.POSTGRES_PASSWORD);
      expect(url.pathname, name).toBe(`/${pgEnv.POSTGRES_DB}`);
      expect(service.depends_on?.postgres?.condition, name).toBe('service_healthy');
      expect(service.stop_grace_period, name).toBe('30s');
    }
  });
});

describe('deploy/compose.yaml: Compose v1 and v2 both take it (issue 50)', () => {
  const file = path.join(DEPLOY, 'compose.yaml');
  const text = readFileSync(file, 'utf8');
  // Debian's docker-compose (Compose v1, 1.29) rejects a top-level key it does not know ("'name' does not match any of the regexes: '^x-'").
  const V1_TOP_LEVEL = new Set(['services', 'volumes', 'networks', 'configs', 'secrets']);
  const docsnavCommands = [...text.matchAll(/^#\s+(docker[ -]compose .*)$/gm)].map((match) => match[1]);

  it('top-level keys both formats know: no `name`; the project name on each command line instead (its volumes stay docsnav_…)', () => {
    const keys = Object.keys(parseYaml(text) as object);
    expect(keys.filter((key) => !V1_TOP_LEVEL.has(key) && !key.startsWith('x-'))).toEqual([]);
    expect(docsnavCommands.length).toBeGreaterThan(0);
    for (const command of docsnavCommands) expect(command).toMatch(/^docker[ -]compose -p docsnav -f server\/deploy\/compose\.yaml /);
  });

  const v1 = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' });
  if (v1.status !== 0)
    console.warn('deploy/compose.yaml: docker-compose (Compose v1) is not installed, its validation is skipped (apt-get install docker-compose)');
  it.skipIf(v1.status !== 0)(
    `Debian's docker-compose ${v1.stdout?.trim() ?? ''} validates it (config -q), with the environment compose reads from .env`,
    () => {
      const run = spawnSync('docker-compose', ['-p', 'docsnav', '-f', file, 'config', '-q'], { encoding: 'utf8', cwd: REPO_ROOT });
      expect(run.status, run.stderr).toBe(0);
      const volumes = spawnSync('docker-compose', ['-p', 'docsnav', '-f', file, 'config', '--volumes'], { encoding: 'utf8', cwd: REPO_ROOT });
      expect(volumes.stdout.trim().split('\n').sort()).toEqual(['postgres-data', 'serve-data', 'worker-1-data', 'worker-2-data']);
    },
  );
});

describe('deploy/compose.yaml: the model key (issue 42)', () => {
  const text = readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8');
  const services = (parseYaml(text) as { services: Record<string, { environment?: Record<string, unknown> | string[] }> }).services;
  const MODEL = ['DOCSNAV_MODEL_BASE_URL', 'DOCSNAV_MODEL', 'DOCSNAV_MODEL_API_KEY'];

  it('serve takes the model and its key from .env or the shell (never a value in the file); workers do not ask the model', () => {
    const serve = composeEnv(services.serve);
    for (const name of MODEL) expect(serve[name], name).toBe(`\${${name}:-}`);
    for (const worker of ['worker-1', 'worker-2']) for (const name of MODEL) expect(composeEnv(services[worker])[name], `${worker} ${name}`).toBeUndefined();
    // The management commands in its comments run `docsnav` (on PATH in the image).
    expect(text).toMatch(/exec serve docsnav project add /);
    expect(text).not.toContain('node /app/node_modules/docsnav/dist/cli/main.js project');
  });
});

describe('deploy/Dockerfile', () => {
  const stages = dockerfileStages(readFileSync(path.join(DEPLOY, 'Dockerfile'), 'utf8'));
  const runtime = stages.at(-1)!;
  const all = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword);
  const last = (stage: Instruction[], keyword: string) => all(stage, keyword).at(-1);

  it('builds on node:20-bookworm-slim in two stages; the first packs both packages and installs the tarballs as a user does', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0].args.split(/\s+/)[0]).toBe('node:20-bookworm-slim');
    const builder = stages[0].filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(builder.join('\n')).toMatch(/\bnpm ci\b/);
    expect(builder.join('\n')).toMatch(/\bnpm run build:server\b/);
    expect(builder.join('\n')).toMatch(/\bnpm pack\b.*--workspace @docsnav\/server --include-workspace-root --pack-destination \/packages/);
    expect(builder.join('\n')).toMatch(/\bnpm install --omit=dev\b.* \/packages\/\*\.tgz/);
  });

  it('the runtime: git and tini installed, a user that is not root, tini as pid 1, serve by default', () => {
    const installs = all(runtime, 'RUN')
      .map((i) => /apt-get install\b([^&;|]*)/.exec(i.args)?.[1] ?? '')
      .join(' ')
      .split(/\s+/);
    expect(installs).toContain('git');
    expect(installs).toContain('tini');
    const user = last(runtime, 'USER')?.args.split(':')[0];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
    const entrypoint = execForm(last(runtime, 'ENTRYPOINT')!.args);
    expect(entrypoint).toEqual([TINI, '--', 'node', '/app/node_modules/docsnav/dist/cli/main.js']);
    expect(execForm(last(runtime, 'CMD')!.args)).toEqual(['serve']);
    expect(envOf(runtime)).toMatchObject({ DOCSNAV_HOST: '0.0.0.0', DOCSNAV_PORT: '3000', DOCSNAV_DATA: '/var/lib/docsnav' });
    expect(all(runtime, 'EXPOSE').map((i) => i.args)).toContain('3000');
  });

  it('puts `docsnav` on PATH: npm links the package bin into /app/node_modules/.bin (issue 42)', () => {
    const pathDirs = envOf(runtime).PATH?.split(':') ?? [];
    expect(pathDirs[0]).toBe('/app/node_modules/.bin');
    // Node's image keeps node in /usr/local/bin: still on PATH, as the bin link's `#!/usr/bin/env node` needs.
    expect(pathDirs).toContain('/usr/local/bin');
    const { bin } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(bin.docsnav).toBe('dist/cli/client.js');
    expect(readFileSync(path.join(REPO_ROOT, 'src', 'daemon', 'client-main.ts'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it('has a HEALTHCHECK that asks /healthz with node (the slim image has no curl)', () => {
    const healthcheck = last(runtime, 'HEALTHCHECK');
    expect(healthcheck).toBeDefined();
    const command = execForm(healthcheck!.args.slice(healthcheck!.args.indexOf(' CMD ')));
    expect(command[0]).toBe('node');
    expect(command.join(' ')).toContain("'http://127.0.0.1:'");
    expect(command.join(' ')).toContain("'/healthz'");
  });

  it('the runtime is the installed /app of the first stage; what the packages ship is in the build context', () => {
    expect(last(runtime, 'WORKDIR')?.args).toBe('/app');
    const copies = all(runtime, 'COPY').map((i) => i.args);
    expect(copies).toEqual(['--from=builder /app ./']);
    // Everything a package ships (package.json "files", and what npm always adds) that is not built (dist/…) is copied into the builder.
    const copied = all(stages[0], 'COPY').flatMap((i) =>
      i.args
        .split(/\s+/)
        .filter((arg) => !arg.startsWith('--'))
        .slice(0, -1),
    );
    for (const folder of ['', 'server/']) {
      const { files } = JSON.parse(readFileSync(path.join(REPO_ROOT, folder, 'package.json'), 'utf8')) as { files: string[] };
      // A `!` entry leaves a file out: nothing to copy.
      for (const shipped of [...files, 'README.md', 'LICENSE', 'CHANGELOG.md'].filter(
        (entry) => entry !== 'dist' && !entry.startsWith('dist/') && !entry.startsWith('!'),
      )) {
        // `schema/*.json`: the folder `schema` (or a folder above it) must be copied.
        const needed =
          folder +
          shipped
            .split('/')
            .filter((part) => !part.includes('*'))
            .join('/');
        expect(
          copied.some((source) => needed === source || needed.startsWith(`${source}/`)),
          `${folder}package.json ships ${shipped}: the builder copies it`,
        ).toBe(true);
      }
    }
    // What is copied from the build context exists (a renamed file would break the build), and
    // Dockerfile.dockerignore does not keep it out of the context.
    const ignored = readFileSync(path.join(DEPLOY, 'Dockerfile.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const stage of stages)
      for (const copy of all(stage, 'COPY').filter((i) => !i.args.includes('--from='))) {
        const args = copy.args.split(/\s+/).filter((arg) => !arg.startsWith('--'));
        for (const source of args.slice(0, -1)) {
          expect(existsSync(path.join(REPO_ROOT, source)), `COPY ${source}`).toBe(true);
          for (const pattern of ignored) {
            const top = pattern.replace(/^\*\*\//, '');
            expect(
              source === top || source.startsWith(`${top}/`) || (pattern.startsWith('**/') && source.split('/').includes(top)),
              `${pattern} ignores ${source}`,
            ).toBe(false);
          }
        }
      }
  });
});

describe('deploy/systemd', () => {
  const serve = unitFile(path.join(DEPLOY, 'systemd', 'docsnav-serve.service'));
  const worker = unitFile(path.join(DEPLOY, 'systemd', 'docsnav-worker@.service'));

  it('serve: the model and its key go in /etc/docsnav/env (its EnvironmentFile), never an Environment= line or a command line (issue 42)', () => {
    const text = readFileSync(path.join(DEPLOY, 'systemd', 'docsnav-serve.service'), 'utf8');
    for (const name of ['DOCSNAV_MODEL_BASE_URL', 'DOCSNAV_MODEL', 'DOCSNAV_MODEL_API_KEY']) expect(text).toMatch(new RegExp(`^#\\s+${name}=`, 'm'));
    expect(serve.Service.Environment ?? []).toEqual([]);
    expect(serve.Service.ExecStart.join(' ')).not.toMatch(/--model|API_KEY/);
    // The management line reads the file in the shell: no value of it in `ps`.
    expect(text).not.toMatch(/env \$\(cat \/etc\/docsnav\/env\)/);
  });

  it.each([
    ['docsnav-serve.service', serve, /\bserve --jobs 0 --data (\/var\/lib\/docsnav\/serve)$/],
    ['docsnav-worker@.service', worker, /\bworker --data (\/var\/lib\/docsnav\/worker-%i)$/],
  ])('%s: its own data folder, the environment file, SIGTERM with 30 s to stop, restarts on failure, hardened', (_name, unit, execStart) => {
    const service = unit.Service;
    expect(service.ExecStart).toHaveLength(1);
    const data = execStart.exec(service.ExecStart[0])?.[1];
    expect(data, service.ExecStart[0]).toBeDefined();
    expect(service.ReadWritePaths).toEqual([data]);
    expect(service.User).toEqual(['docsnav']);
    expect(service.EnvironmentFile).toEqual(['/etc/docsnav/env']);
    expect(service.KillSignal).toEqual(['SIGTERM']);
    expect(service.TimeoutStopSec).toEqual(['30']);
    expect(service.Restart).toEqual(['on-failure']);
    expect(service.NoNewPrivileges).toEqual(['yes']);
    expect(service.ProtectSystem).toEqual(['strict']);
    expect(service.PrivateTmp).toEqual(['yes']);
    expect(unit.Install.WantedBy).toEqual(['multi-user.target']);
  });
});

describe('deploy/topology.sh, without PostgreSQL', () => {
  it('refuses to start without DATABASE_URL or a base folder, saying why', () => {
    const script = path.join(DEPLOY, 'topology.sh');
    const dir = scratch('topology-usage');
    const noUrl = spawnSync('bash', [script, path.join(dir, 'base')], { encoding: 'utf8', timeout: hangGuard(30_000), env: envWithoutDatabase() });
    expect(noUrl.status).toBe(2);
    expect(noUrl.stderr).toMatch(/^topology\.sh: DATABASE_URL is not set/);
    expect(existsSync(path.join(dir, 'base'))).toBe(false);
    const noBase = spawnSync('bash', [script], {
      encoding: 'utf8',
      timeout: hangGuard(30_000),
      env: envWithoutDatabase({ DATABASE_URL: 'postgres://127.0.0.1/x' }),
    });
    expect(noBase.status).toBe(2);
    expect(noBase.stderr).toMatch(/^topology\.sh: usage: /);
  });
});

/** Why a test cannot make pid namespaces here, or undefined when it can. */
function unshareUnavailable(): string | undefined {
  const probe = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', 'true'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.error) return `no unshare (${(probe.error as NodeJS.ErrnoException).code})`;
  if (probe.status !== 0) return `unshare --pid does not work here (root needed): ${probe.stderr.trim()}`;
  return undefined;
}

const noUnshare = unshareUnavailable();
if (noUnshare) console.warn(`SKIPPED the pid 1 tests: ${noUnshare}`);
if (!noUnshare && !existsSync(TINI)) console.warn(`SKIPPED the pid 1 test under tini: no ${TINI} (apt-get install tini)`);

/** The host's pid of the process that `unshare --fork` started: pid 1 of the new namespace. */
function pid1Of(unshare: number): number | undefined {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${unshare}/task`))
      children.push(...readFileSync(`/proc/${unshare}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return undefined;
  }
  return children[0];
}

/** The pids of a process, from its own namespace outwards (/proc/<pid>/status NSpid: host first). */
function nsPids(pid: number): number[] {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('NSpid:'));
  return line!.split(/\s+/).slice(1).map(Number);
}

describe.each([
  { name: 'docsnav itself', tini: false },
  { name: 'tini (the image entrypoint)', tini: true },
])('as pid 1 of a pid namespace: $name', ({ tini }) => {
  const skip = noUnshare !== undefined || (tini && !existsSync(TINI));

  /** `docsnav serve` (the embedded database) as pid 1, once /healthz answers. */
  async function startPid1(dir: string, data: string): Promise<{ proc: Child; pid1: number; base: string }> {
    const port = await freePort();
    const command = [...(tini ? [TINI, '--'] : []), process.execPath, CLI, 'serve', '--host', '127.0.0.1', '--port', String(port), '--data', data];
    const proc = launch('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', ...command], { cwd: dir, env: envWithoutDatabase() });
    const base = `http://127.0.0.1:${port}`;
    const pid1 = await waitFor(
      () => {
        if (proc.child.exitCode !== null) throw new Error(`unshare exited ${proc.child.exitCode}: ${proc.output()}`);
        return pid1Of(proc.child.pid!);
      },
      10_000,
      'the pid 1 of the namespace',
    );
    await waitFor(
      async () => {
        if (proc.child.exitCode !== null || proc.child.signalCode !== null)
          throw new Error(`pid 1 exited (${proc.child.exitCode ?? proc.child.signalCode}): ${proc.output()}`);
        return (await healthy(base)) || undefined;
      },
      60_000,
      'serve as pid 1 to answer /healthz',
    );
    expect(nsPids(pid1).at(-1), 'pid 1 in its namespace').toBe(1);
    expect(cmdline(pid1)[0]).toBe(tini ? TINI : process.execPath);
    return { proc, pid1, base };
  }

  it.skipIf(skip)(
    'stops on SIGTERM (exit 0, "stopping"); its lock holds against another process; after a kill -9 of pid 1 it starts again on the same folder',
    async () => {
      const dir = scratch(tini ? 'pid1-tini' : 'pid1');
      const data = path.join(dir, 'data');
      const socket = path.join(data, 'docsnav.sock');

      // 1. SIGTERM to pid 1 (from outside, as `docker stop` does): a clean stop.
      const first = await startPid1(dir, data);
      const other = runCli(['serve', '--port', '0', '--data', data], dir, envWithoutDatabase());
      expect(other.status, other.stderr).toBe(2);
      expect(other.stderr).toMatch(/is in use by another docsnav process, which holds its lock \(manage it through docsnav\.sock\)/);
      process.kill(first.pid1, 'SIGTERM');
      const stopped = await exitWithin(first.proc, 20_000, 'serve as pid 1 after SIGTERM');
      expect(stopped, first.proc.output()).toEqual({ code: 0, signal: null });
      expect(first.proc.output()).toMatch(/docsnav serve: SIGTERM, stopping/);
      expect(first.proc.output()).toContain('"msg":"stopping"');
      expect(existsSync(socket)).toBe(false);

      // 2. kill -9 of pid 1: its socket stays behind, nobody answers on it.
      const second = await startPid1(dir, data);
      process.kill(second.pid1, 'SIGKILL');
      await exitWithin(second.proc, 20_000, 'serve as pid 1 after SIGKILL');
      expect(existsSync(socket), 'the lock a killed pid 1 leaves').toBe(true);

      // 3. Pid 1 again, on the same folder: the stale lock does not block it.
      const third = await startPid1(dir, data);
      expect(third.proc.output()).not.toMatch(/in use by another docsnav process/);
      process.kill(third.pid1, 'SIGTERM');
      const again = await exitWithin(third.proc, 20_000, 'serve as pid 1 after SIGTERM, after the restart');
      expect(again, third.proc.output()).toEqual({ code: 0, signal: null });
      expect(third.proc.output()).toMatch(/docsnav serve: SIGTERM, stopping/);
    },
    180_000,
  );
});

const noPostgres = postgresUnavailable();
if (noPostgres) console.warn(`SKIPPED the deploy/topology.sh test on PostgreSQL: ${noPostgres}`);

describe.skipIf(noPostgres !== undefined)('deploy/topology.sh on PostgreSQL', () => {
  it(
    'starts serve --jobs 0 and two workers, a deployment runs on a worker, SIGTERM stops all three',
    async () => {
      const dir = scratch('topology');
      const pg: TestPostgres = await startPostgres();
      cleanups.push(() => pg.stop());
      const base = path.join(dir, 'base');
      const names = ['serve', 'worker-1', 'worker-2'];
      cleanups.push(() => {
        // Whatever the script left running (a failed test), by the pids it wrote.
        for (const name of names) {
          const file = path.join(base, `${name}.pid`);
          const pid = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
          if (pid > 0 && cmdline(pid).some((arg) => path.resolve(arg) === CLI)) process.kill(pid, 'SIGKILL');
        }
      });
      const port = await freePort();
      const script = launch('bash', [path.join(DEPLOY, 'topology.sh'), base, '--lease', '5'], {
        cwd: dir,
        env: envWithoutDatabase({ DATABASE_URL: pg.url, PORT: String(port), DOCSNAV_ALLOW_LOCAL_REPOS: dir, NODE: process.execPath }),
      });
      const url = `http://127.0.0.1:${port}`;
      await waitFor(
        () => {
          if (script.child.exitCode !== null) throw new Error(`topology.sh exited ${script.child.exitCode}: ${script.output()}`);
          return script.output().includes(`docsnav: ${url} `) || undefined;
        },
        90_000,
        'topology.sh to print its URL',
      );
      const pids = Object.fromEntries(names.map((name) => [name, Number(readFileSync(path.join(base, `${name}.pid`), 'utf8'))]));
      const log = (name: string) => readFileSync(path.join(base, `${name}.log`), 'utf8');
      for (const name of names) expect(alive(pids[name]), `${name} runs`).toBe(true);
      expect(cmdline(pids.serve).slice(2, 9)).toEqual(['serve', '--jobs', '0', '--host', '127.0.0.1', '--port', String(port)]);
      const folders = names.map((name) => {
        const args = cmdline(pids[name]);
        return args[args.indexOf('--data') + 1];
      });
      expect(folders).toEqual(names.map((name) => path.join(base, name)));
      expect(await healthy(url)).toBe(true);

      // Managed from outside, on the same database, while the three run.
      const repo = exampleRepo(path.join(dir, 'site'));
      const add = runCli(['project', 'add', 'acme', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--database', pg.url], dir);
      expect(add.status, add.stderr).toBe(0);
      const key = runCli(['key', 'create', '--project', 'acme', '--kind', 'admin', '--database', pg.url], dir);
      expect(key.status, key.stderr).toBe(0);
      const token = key.stdout.trim();

      const posted = await fetch(`${url}/v1/project/update/acme`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(posted.status).toBe(202);
      const { statusId } = (await posted.json()) as { statusId: string };
      const done = await waitFor(
        async () => {
          const response = await fetch(`${url}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
          const body = response?.ok ? ((await response.json()) as { status: string; summary: string }) : undefined;
          return body && (body.status === 'success' || body.status === 'failure') ? body : undefined;
        },
        120_000,
        'the deployment',
      );
      expect(done.status, done.summary).toBe('success');
      // The API ran no job (--jobs 0); one worker ran it, once.
      const started = (text: string) => text.split('\n').filter((line) => line.includes('"msg":"job started"')).length;
      expect(started(log('serve'))).toBe(0);
      expect(started(log('worker-1')) + started(log('worker-2'))).toBe(1);

      script.child.kill('SIGTERM');
      const ended = await exitWithin(script, 60_000, 'topology.sh after SIGTERM');
      expect(ended, script.output()).toEqual({ code: 0, signal: null });
      for (const name of names) {
        expect(alive(pids[name]), `${name} (pid ${pids[name]}) is gone`).toBe(false);
        expect(log(name), name).toMatch(/SIGTERM, stopping/);
        expect(log(name), name).toContain('"msg":"stopped"');
      }
    },
    hangGuard(300_000),
  );
});
