/**
 * `docsnav serve` and `docsnav worker`: a process takes its data folder (data-folder.ts),
 * clears what a crash left in it (git processes, worktrees, lock files), opens the database,
 * and runs until SIGTERM or SIGINT. Then it stops at once taking requests and jobs, lets open
 * assistant answers go on for `--shutdown-grace` before ending them with an error part, hands
 * its running jobs back to the queue, and exits. A second signal exits at once.
 */
import { readFileSync } from 'node:fs';
import { ioErrorText } from 'docsnav';
import type { Server } from 'node:http';
import { plural } from '../messages/text.js';
import { DataFolder } from '../host/data-folder.js';
import { recoverGitFolders } from '../repository/operations/recover.js';
import { closeLocalThread, warmLocalThread } from '../repository/local-worker.js';
import { createLogger, LOG_LEVELS, type Logger } from '../host/log.js';
import { normalizeOrigins, ORIGINS_HELP } from '../http/origins.js';
import { redactUrl } from '../messages/redact.js';
import { closeThreads } from '../analysis/library-threads.js';
import type { Store } from '../store/store.js';
import { databaseFrom, workerSettingsFrom } from './settings.js';
import { applyManagement } from './manage.js';
import { UsageError, type CommandIo, type OptionValues } from './options.js';

/** What both commands start with: the log, the folder (cleared of a crash's leftovers), the store. */
async function start(values: OptionValues, what: string, runsJobs: boolean) {
  const log = createLogger(values.oneOf('log-level', LOG_LEVELS) ?? 'info');
  const settings = await workerSettingsFrom(values);
  const database = databaseFrom(values);
  const folder = await DataFolder.open(values.string('data')!);
  let store: Store;
  try {
    if (runsJobs) {
      const recovered = await recoverGitFolders(folder.dir, settings.git);
      if (recovered.killed > 0 || recovered.worktrees > 0) log.warn(recovered, 'cleared what a stopped process left: its git processes and worktrees');
    }
    const { openStore } = await import('../store/open.js');
    store = await openStore(
      database !== undefined
        ? { database }
        : {
            folder,
            disk: settings.disk,
            checkpoints: (await import('../store/pglite.js')).loggedCheckpoints(log),
          },
    );
  } catch (error) {
    await folder.close();
    throw error;
  }
  const where = store.driver === 'pglite' ? `embedded database in ${folder.dbDir}` : `PostgreSQL ${redactUrl(database!)}`;
  log.info({ data: folder.dir, database: store.driver }, `${what} starting`);
  // The data folder's disk, read every 2 s: each change is logged once (and /healthz says it).
  const disk = settings.disk!;
  disk.onChange = (reading, was) => {
    if (reading.state === 'ok') log.info({ disk: reading.state, freeBytes: reading.free, was }, `disk space is back: ${disk.describe(reading)}`);
    else log.error({ disk: reading.state, freeBytes: reading.free, was }, disk.describe(reading));
  };
  disk.watch();
  // Local repositories' tasks run in a thread: one is started now, so that the first does not wait for it.
  if (runsJobs && settings.git.localRoots.length > 0) warmLocalThread();
  /** The end of either command: its threads, its database, then its folder (and its lock). */
  const close = async () => {
    disk.stop();
    await closeThreads();
    await closeLocalThread();
    await store.close().catch(() => {});
    await folder.close();
  };
  return { log, settings, folder, store, where, close };
}

/** This package's version, from its package.json (two folders up from src/cli or dist/cli). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** Resolves on the first SIGINT/SIGTERM; a second one exits at once. */
function untilSignal(log: Logger): Promise<string> {
  return new Promise((resolve) => {
    let received = false;
    const on = (signal: string) => {
      if (received) {
        log.warn({ signal }, 'second signal: exiting now');
        process.exit(130);
      }
      received = true;
      resolve(signal);
    };
    process.on('SIGINT', () => on('SIGINT'));
    process.on('SIGTERM', () => on('SIGTERM'));
  });
}

/** Why a port cannot be listened on, and what to do, in one line. */
function listenError(error: unknown, host: string, port: number, portOption: string, hostOption: string): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `cannot listen on ${where}: another program (or docsnav) is listening there; stop it, or choose another ${portOption} (0: any free port) (EADDRINUSE)`;
    case 'EACCES':
    case 'EPERM':
      return `cannot listen on ${where}: ports below 1024 need privileges; choose a ${portOption} from 1024 up and forward to it (${code})`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where}: ${host} is not an address of this machine; choose another ${hostOption} (127.0.0.1, or 0.0.0.0 for every interface) (EADDRNOTAVAIL)`;
    default:
      return `cannot listen on ${where}: ${code ?? (error as Error)?.message ?? String(error)}`;
  }
}

async function metricsServer(values: OptionValues, metrics: import('../host/metrics.js').Metrics): Promise<Server | undefined> {
  const port = values.number('metrics-port', { integer: true, min: 0, max: 65535 });
  if (port === undefined) return undefined;
  const host = values.string('host') ?? '127.0.0.1';
  try {
    return await metrics.listen(host, port);
  } catch (error) {
    throw new UsageError(`metrics: ${listenError(error, host, port, values.origin('metrics-port'), values.origin('host'))}`);
  }
}

function trustProxyFrom(values: OptionValues): boolean | number | string[] {
  const raw = values.string('trust-proxy')?.trim() ?? 'off';
  if (raw === '' || raw === 'off' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = values.list('trust-proxy')!;
  for (const item of list)
    if (!/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(item) && !['loopback', 'linklocal', 'uniquelocal'].includes(item))
      throw new UsageError(`${values.origin('trust-proxy')} takes addresses or CIDRs, a hop count, "true" or "off" (got "${item}")`);
  return list;
}

/** `--cors-origins`, each as a browser sends it, or one line naming the first that is not an origin. */
function corsOriginsFrom(values: OptionValues): string[] | undefined {
  const list = values.list('cors-origins');
  if (list === undefined) return undefined;
  const { origins, wrong } = normalizeOrigins(list);
  if (wrong !== undefined || origins.length === 0)
    throw new UsageError(`${values.origin('cors-origins')} ${ORIGINS_HELP}${wrong !== undefined ? ` (got "${wrong}")` : ''}`);
  return origins;
}

function assistantFrom(values: OptionValues) {
  const baseUrl = values.string('model-base-url');
  const model = values.string('model');
  if ((baseUrl === undefined) !== (model === undefined)) throw new UsageError('--model-base-url and --model go together');
  if (baseUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(baseUrl))
    throw new UsageError(`${values.origin('model-base-url')} takes an http(s) URL (got "${baseUrl}")`);
  const embeddingsUrl = values.string('embeddings-base-url');
  const embeddingsModel = values.string('embeddings-model');
  if ((embeddingsUrl === undefined) !== (embeddingsModel === undefined)) throw new UsageError('--embeddings-base-url and --embeddings-model go together');
  if (embeddingsUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(embeddingsUrl))
    throw new UsageError(`${values.origin('embeddings-base-url')} takes an http(s) URL (got "${embeddingsUrl}")`);
  const file = values.string('assistant-instructions');
  let instructions: string | undefined;
  if (file !== undefined) {
    try {
      instructions = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${values.origin('assistant-instructions')} ${file}: ${ioErrorText(error, 'read')}`);
    }
  }
  const whole = (name: 'limit-key-month' | 'limit-org-hour' | 'limit-ip-day') => values.number(name, { integer: true, min: 1 })!;
  return {
    model: baseUrl && model ? { baseUrl, model, apiKey: process.env.DOCSNAV_MODEL_API_KEY || undefined, instructions } : undefined,
    embeddings:
      embeddingsUrl && embeddingsModel
        ? { baseUrl: embeddingsUrl, model: embeddingsModel, apiKey: process.env.DOCSNAV_EMBEDDINGS_API_KEY || undefined }
        : undefined,
    deadlineMs: values.millis('assistant-deadline'),
    indexMemoryBytes: values.bytes('index-memory'),
    limits: { perKeyPerMonth: whole('limit-key-month'), perOrganizationPerHour: whole('limit-org-hour'), perIpPerDay: whole('limit-ip-day') },
  };
}

export async function serve(values: OptionValues, io: CommandIo): Promise<number> {
  const port = values.number('port', { integer: true, min: 0, max: 65535 })!;
  const host = values.string('host')!;
  const jobs = values.number('jobs', { integer: true, min: 0 });
  if (jobs === 0 && databaseFrom(values) === undefined)
    throw new UsageError('serve --jobs 0 needs --database postgres://…: with the embedded database, serve is the only process that can run jobs');
  const trustProxy = trustProxyFrom(values);
  const http = {
    trustProxy,
    corsOrigins: corsOriginsFrom(values),
    requestTimeoutMs: values.millis('request-timeout'),
    keepAliveTimeoutMs: values.millis('keep-alive-timeout'),
    maxConnections: values.number('max-connections', { integer: true, min: 1 }),
    // Behind a proxy every connection comes from its address: no cap unless asked for.
    maxConnectionsPerAddress: values.number('max-connections-per-ip', { integer: true, min: 0 }) ?? (trustProxy === false ? undefined : 0),
  };
  const graceMs = values.number('shutdown-grace', { min: 0 })! * 1000;
  const maxQueued = values.number('max-queued', { integer: true, min: 1 })!;
  const assistantOptions = assistantFrom(values);

  const { log, settings, folder, store, where, close } = await start(values, 'docsnav serve', (jobs ?? 2) > 0);
  const { Core, DEFAULT_CORE_OPTIONS } = await import('../core.js');
  const { buildApp } = await import('../http/app.js');
  const { Assistant } = await import('../assistant/service.js');
  const { JobRunner } = await import('../jobs/queue.js');
  const { jobKinds } = await import('../jobs/kinds.js');
  const { Metrics } = await import('../host/metrics.js');
  const core = new Core(store, { ...DEFAULT_CORE_OPTIONS, maxQueuedPerProject: maxQueued, disk: settings.disk });
  const { DataFolderSize } = await import('../host/folder-size.js');
  const { statusResponse } = await import('./status.js');
  const size = new DataFolderSize(folder.dir);
  const metrics = new Metrics(store, { folder: size });
  const assistant = new Assistant(store, assistantOptions);
  const { logAssistant } = await import('../assistant/logging.js');
  logAssistant(assistant, log);
  let separateMetrics: Server | undefined;
  try {
    separateMetrics = await metricsServer(values, metrics);
  } catch (error) {
    await close();
    throw error;
  }
  const app = await buildApp(core, { logger: log, version: packageVersion(), assistant, metrics, ...http });
  const runner = new JobRunner(store, jobKinds, settings, log, metrics);
  folder.serveControl((request) =>
    request.op === 'status'
      ? statusResponse(folder.dir, size, settings.disk, store.driver)
      : applyManagement(core, request, { localRoots: settings.git.localRoots }),
  );
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close().catch(() => {});
    separateMetrics?.close();
    await close();
    throw new UsageError(listenError(error, host, port, values.origin('port'), values.origin('host')));
  }
  if (settings.concurrency > 0) await runner.start();
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://${host.includes(':') ? `[${host}]` : host}:${address.port}` : String(address);
  io.stderr(`docsnav serve: listening on ${url} (${where}; ${plural(settings.concurrency, 'job')} at once)\n`);
  const signal = await untilSignal(log);
  io.stderr(`docsnav serve: ${signal}, stopping\n`);
  log.info({ signal, streaming: assistant.streaming, jobs: runner.busy }, 'stopping');
  // Stop accepting now; open answers get the grace, then end with an error part.
  const closing = app.close();
  const grace = setTimeout(() => {
    const ended = assistant.abortAll('the server is restarting; please ask again in a moment');
    if (ended > 0) log.warn({ answers: ended }, 'ended open answers at the end of the shutdown grace');
    // Their connections are closed once the error part is out.
    setTimeout(() => app.server.closeAllConnections(), 500).unref();
  }, graceMs);
  await runner.stop();
  await closing;
  clearTimeout(grace);
  separateMetrics?.close();
  await close();
  log.info('stopped');
  return 0;
}

export async function worker(values: OptionValues, io: CommandIo): Promise<number> {
  if (databaseFrom(values) === undefined) {
    throw new UsageError(
      'docsnav worker needs --database postgres://… (or DATABASE_URL): the embedded database belongs to one process (docsnav serve runs jobs itself)',
    );
  }
  if (values.number('jobs', { integer: true, min: 0 }) === 0) throw new UsageError(`${values.origin('jobs')} must be at least 1 for a worker`);
  const { log, settings, folder, store, where, close } = await start(values, 'docsnav worker', true);
  const { JobRunner } = await import('../jobs/queue.js');
  const { jobKinds } = await import('../jobs/kinds.js');
  const { Metrics } = await import('../host/metrics.js');
  const { DataFolderSize } = await import('../host/folder-size.js');
  const { statusResponse } = await import('./status.js');
  const size = new DataFolderSize(folder.dir);
  const metrics = new Metrics(store, { folder: size });
  // A worker's folder holds its git caches and worktrees: `docsnav status --data` asks it too.
  folder.serveControl(async (request) =>
    request.op === 'status'
      ? statusResponse(folder.dir, size, settings.disk, store.driver)
      : { ok: false, error: `a worker answers only "status" (${request.op}: ask serve, or the database)` },
  );
  let metricsAt: Server | undefined;
  try {
    metricsAt = await metricsServer(values, metrics);
  } catch (error) {
    await close();
    throw error;
  }
  const runner = new JobRunner(store, jobKinds, settings, log, metrics);
  await runner.start();
  io.stderr(`docsnav worker: running (${runner.workerId}, ${where}, ${plural(settings.concurrency, 'job')} at once)\n`);
  const signal = await untilSignal(log);
  io.stderr(`docsnav worker: ${signal}, stopping\n`);
  log.info({ signal, jobs: runner.busy }, 'stopping');
  await runner.stop();
  metricsAt?.close();
  await close();
  log.info('stopped');
  return 0;
}
