/**
 * `docsnav serve`, `docsnav worker`, `docsnav project add|list`, `docsnav key create`: the
 * server's commands. Loaded only when one of them runs (validate never pays for Fastify).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import path from 'node:path';
import { plural } from '../text.js';
import { UsageError } from './args.js';
import type { CliIo } from './run.js';

const STORE_OPTIONS: NonNullable<ParseArgsConfig['options']> = {
  data: { type: 'string', default: './.docsnav' },
  database: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

const WORKER_OPTIONS: NonNullable<ParseArgsConfig['options']> = {
  jobs: { type: 'string' },
  lease: { type: 'string' },
  'git-timeout': { type: 'string' },
  'max-checkout-mb': { type: 'string' },
  'max-file-mb': { type: 'string' },
};

const SERVER_HELP = `docsnav server commands

  docsnav serve [--port 3000] [--host 127.0.0.1] [--data ./.docsnav] [--database postgres://…]
      the HTTP API (POST /v1/project/update/{projectId}, GET /v1/project/update-status/{statusId},
      GET /healthz, GET /openapi.json) and deployment workers in the same process
  docsnav worker --database postgres://… [--data ./.docsnav]
      deployment workers only (more processes or machines sharing one PostgreSQL)
  docsnav project add <id> --repo <git URL or path> --branch <branch> [--docs-dir docs] [--domain acme] [--compare-url 'https://forge/acme/site/compare/{base}...{branch}'] [--auto-fix]
  docsnav project list
  docsnav key create --project <id> --kind admin|assistant   prints the token (shown once)

  --data <dir>             embedded database (PGlite) and git cache folder (default ./.docsnav)
  --database <url>         use this PostgreSQL server instead of the embedded database
  serve/worker: --jobs <n> deployments run at once (default 2; serve --jobs 0 = API only, PostgreSQL)
                --lease <s> (30) --git-timeout <s> (120) --max-checkout-mb <n> (512) --max-file-mb <n> (50)
  serve only:   --max-queued <n> updates waiting per project before 429 (1000)
  assistant:    --model-base-url <url> --model <name>   an OpenAI-compatible chat completions endpoint
                (its key from the DOCSNAV_MODEL_API_KEY environment variable); without them the
                assistant quotes the most relevant passages
                --assistant-deadline <s> (60)   --limit-key-month <n> --limit-org-hour <n> --limit-ip-day <n> (10000 each)
`;

/** An option's value as parseArgs gives it (no option here takes `multiple`). */
type Values = Record<string, string | boolean | undefined>;

function parse(argv: string[], options: NonNullable<ParseArgsConfig['options']>): { values: Values; positionals: string[] } {
  try {
    // No option here sets `multiple`, so no value is an array.
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...STORE_OPTIONS, ...options } }) as {
      values: Values;
      positionals: string[];
    };
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
}

function positiveNumber(values: Values, name: string, allowZero = false): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0))
    throw new UsageError(`--${name} takes a number${allowZero ? ' ≥ 0' : ' > 0'} (got "${raw}")`);
  return value;
}

/** Runs one server command; store and input errors become exit 2 with one line. */
export async function serverCommand(command: string, argv: string[], io: CliIo): Promise<number> {
  const { StoreError } = await import('../server/store/store.js');
  const { InputError } = await import('../server/core.js');
  try {
    switch (command) {
      case 'serve':
        return await serve(argv, io);
      case 'worker':
        return await worker(argv, io);
      case 'project':
        return await project(argv, io);
      case 'key':
        return await key(argv, io);
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof StoreError || error instanceof InputError) throw new UsageError(error.message);
    throw error;
  }
}

async function settingsFrom(values: Values) {
  const { workerSettings } = await import('../server/jobs/settings.js');
  const seconds = (name: string) => {
    const value = positiveNumber(values, name);
    return value === undefined ? undefined : Math.round(value * 1000);
  };
  const megabytes = (name: string) => {
    const value = positiveNumber(values, name);
    return value === undefined ? undefined : Math.round(value * 1024 * 1024);
  };
  const jobs = positiveNumber(values, 'jobs', true);
  if (jobs !== undefined && !Number.isInteger(jobs)) throw new UsageError(`--jobs takes a whole number (got "${values.jobs}")`);
  const overrides: Record<string, unknown> = {};
  const lease = seconds('lease');
  if (lease !== undefined) overrides.leaseMs = lease;
  if (jobs !== undefined) overrides.concurrency = jobs;
  const git: Record<string, number> = {};
  const timeout = seconds('git-timeout');
  if (timeout !== undefined) git.timeoutMs = timeout;
  const checkout = megabytes('max-checkout-mb');
  if (checkout !== undefined) git.maxBytes = checkout;
  const file = megabytes('max-file-mb');
  if (file !== undefined) git.maxFileBytes = file;
  return workerSettings(path.resolve(values.data as string), { ...overrides, git: git as never });
}

async function openStoreFrom(values: Values) {
  const { openStore } = await import('../server/store/open.js');
  return openStore({ data: values.data as string, database: values.database as string | undefined });
}

/** Resolves on SIGINT/SIGTERM. */
function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => resolve(signal);
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

async function serve(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...WORKER_OPTIONS,
    port: { type: 'string', default: '3000' },
    host: { type: 'string', default: '127.0.0.1' },
    'max-queued': { type: 'string' },
    'model-base-url': { type: 'string' },
    model: { type: 'string' },
    'assistant-deadline': { type: 'string' },
    'limit-key-month': { type: 'string' },
    'limit-org-hour': { type: 'string' },
    'limit-ip-day': { type: 'string' },
  });
  if (values.help) return help(io);
  if (positionals.length > 0) throw new UsageError(`serve takes no arguments (got "${positionals[0]}")`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port takes a port number (got "${values.port}")`);
  const settings = await settingsFrom(values);
  if (settings.concurrency === 0 && values.database === undefined)
    throw new UsageError('serve --jobs 0 needs --database postgres://…: with the embedded database, serve is the only process that can run deployments');
  const maxQueued = positiveNumber(values, 'max-queued');
  const assistant = assistantOptions(values);
  const { Core, DEFAULT_CORE_OPTIONS } = await import('../server/core.js');
  const { buildApp } = await import('../server/app.js');
  const { JobRunner } = await import('../server/jobs/queue.js');
  const { jobKinds } = await import('../server/jobs/kinds.js');
  const { version } = await import('./run.js');
  const store = await openStoreFrom(values);
  const core = new Core(store, { ...DEFAULT_CORE_OPTIONS, ...(maxQueued !== undefined ? { maxQueuedPerProject: Math.floor(maxQueued) } : {}) });
  const app = await buildApp(core, { logger: true, version: version(), assistant });
  const runner = new JobRunner(store, jobKinds, settings, app.log);
  try {
    await app.listen({ port, host: values.host as string });
  } catch (error) {
    await app.close().catch(() => {});
    await store.close();
    throw new UsageError(`cannot listen on ${values.host}:${port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (settings.concurrency > 0) await runner.start();
  const where = store.driver === 'pglite' ? `embedded database in ${path.resolve(values.data as string)}` : 'PostgreSQL';
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://${values.host}:${address.port}` : String(address);
  io.stderr(`docsnav serve: listening on ${url} (${where}; ${plural(settings.concurrency, 'deployment job')} at once)\n`);
  const signal = await untilSignal();
  io.stderr(`docsnav serve: ${signal}, stopping\n`);
  await app.close();
  await runner.stop();
  await (await import('../server/analyze-thread.js')).closeAnalyzeThreads();
  await store.close();
  return 0;
}

/** The assistant's model, deadline and limits from serve's flags (the model key from the environment). */
function assistantOptions(values: Values) {
  const baseUrl = values['model-base-url'] as string | undefined;
  const model = values.model as string | undefined;
  if ((baseUrl === undefined) !== (model === undefined)) throw new UsageError('--model-base-url and --model go together');
  if (baseUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new UsageError(`--model-base-url takes an http(s) URL (got "${baseUrl}")`);
  const whole = (name: string, fallback: number) => {
    const value = positiveNumber(values, name);
    if (value !== undefined && !Number.isInteger(value)) throw new UsageError(`--${name} takes a whole number (got "${values[name]}")`);
    return value ?? fallback;
  };
  const deadline = positiveNumber(values, 'assistant-deadline');
  return {
    model: baseUrl && model ? { baseUrl, model, apiKey: process.env.DOCSNAV_MODEL_API_KEY || undefined } : undefined,
    deadlineMs: deadline === undefined ? undefined : Math.round(deadline * 1000),
    limits: {
      perKeyPerMonth: whole('limit-key-month', 10_000),
      perOrganizationPerHour: whole('limit-org-hour', 10_000),
      perIpPerDay: whole('limit-ip-day', 10_000),
    },
  };
}

async function worker(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, WORKER_OPTIONS);
  if (values.help) return help(io);
  if (positionals.length > 0) throw new UsageError(`worker takes no arguments (got "${positionals[0]}")`);
  if (values.database === undefined) {
    throw new UsageError('docsnav worker needs --database postgres://…: the embedded database belongs to one process (docsnav serve runs deployments itself)');
  }
  const settings = await settingsFrom(values);
  if (settings.concurrency === 0) throw new UsageError('worker --jobs must be at least 1');
  const { JobRunner } = await import('../server/jobs/queue.js');
  const { jobKinds } = await import('../server/jobs/kinds.js');
  const store = await openStoreFrom(values);
  const log = {
    info: (object: Record<string, unknown>, message: string) =>
      io.stdout(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, ...object, msg: message })}\n`),
    error: (object: Record<string, unknown>, message: string) =>
      io.stdout(`${JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, ...object, msg: message })}\n`),
  };
  const runner = new JobRunner(store, jobKinds, settings, log);
  await runner.start();
  io.stderr(`docsnav worker: running (${runner.workerId}, ${plural(settings.concurrency, 'job')} at once)\n`);
  const signal = await untilSignal();
  io.stderr(`docsnav worker: ${signal}, stopping\n`);
  await runner.stop();
  await (await import('../server/analyze-thread.js')).closeAnalyzeThreads();
  await store.close();
  return 0;
}

async function project(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parse(rest, {
    repo: { type: 'string' },
    branch: { type: 'string' },
    'docs-dir': { type: 'string' },
    domain: { type: 'string' },
    'compare-url': { type: 'string' },
    'auto-fix': { type: 'boolean' },
  });
  if (values.help || sub === undefined || sub === '--help' || sub === '-h') return help(io);
  const { Core } = await import('../server/core.js');
  if (sub === 'add') {
    if (positionals.length !== 1) throw new UsageError('project add takes one project id: docsnav project add <id> --repo <git URL or path> --branch <branch>');
    if (values.repo === undefined) throw new UsageError('project add needs --repo <git URL or path>');
    if (values.branch === undefined) throw new UsageError('project add needs --branch <deployment branch>');
    const store = await openStoreFrom(values);
    try {
      const added = await new Core(store).addProject({
        id: positionals[0],
        repo: values.repo as string,
        branch: values.branch as string,
        docsDir: values['docs-dir'] as string | undefined,
        domain: values.domain as string | undefined,
        compareUrl: values['compare-url'] as string | undefined,
        autoFix: values['auto-fix'] === true,
      });
      io.stdout(`added project ${added.id}: ${added.repo} branch ${added.branch}, docs in ${added.docsDir}${added.domain ? `, domain ${added.domain}` : ''}\n`);
    } finally {
      await store.close();
    }
    return 0;
  }
  if (sub === 'list') {
    if (positionals.length > 0) throw new UsageError('project list takes no arguments');
    const store = await openStoreFrom(values);
    try {
      const projects = await new Core(store).listProjects();
      if (projects.length === 0) io.stderr('no projects yet (docsnav project add <id> --repo … --branch …)\n');
      for (const p of projects) {
        io.stdout(`${p.id}\t${p.repo}\t${p.branch}\t${p.docsDir}\t${p.domain ?? '-'}\t${p.currentDeploymentId ?? 'not deployed'}\n`);
      }
    } finally {
      await store.close();
    }
    return 0;
  }
  throw new UsageError(`unknown project command "${sub}" (project add, project list)`);
}

async function key(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parse(rest, { project: { type: 'string' }, kind: { type: 'string' } });
  if (values.help || sub === undefined || sub === '--help' || sub === '-h') return help(io);
  if (sub !== 'create') throw new UsageError(`unknown key command "${sub}" (key create)`);
  if (positionals.length > 0) throw new UsageError(`key create takes no arguments (got "${positionals[0]}")`);
  if (values.project === undefined) throw new UsageError('key create needs --project <id>');
  if (values.kind !== 'admin' && values.kind !== 'assistant')
    throw new UsageError(`key create needs --kind admin or --kind assistant${values.kind === undefined ? '' : ` (got "${values.kind}")`}`);
  const { Core } = await import('../server/core.js');
  const store = await openStoreFrom(values);
  try {
    const token = await new Core(store).createKey(values.project as string, values.kind);
    io.stdout(`${token}\n`);
  } finally {
    await store.close();
  }
  return 0;
}

function help(io: CliIo): number {
  io.stdout(SERVER_HELP);
  return 0;
}
