/**
 * `docsnav daemon start | stop | status | run [folder]`: the warm checker of src/daemon for this
 * user and a docs root. `run` serves in the foreground; `start` runs it detached and returns once
 * it listens. Each request runs through this CLI's own `run` (run.ts), in the request's folder and
 * environment, so that its answer is a fresh run's, byte for byte; a request that names a path
 * outside the root, reads standard input or is not `validate` is refused (the client then checks
 * in process).
 */
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pc from 'picocolors';
import { ask, findSocket } from '../daemon/client.js';
import { NotOwnError } from '../daemon/place.js';
import { buildId, PROTOCOL, type ErrorKind, type RunAnswer, type RunRequest } from '../daemon/protocol.js';
import { AlreadyRunningError, serveDaemon } from '../daemon/checker.js';
import { parseValidateArgs, UsageError } from './args.js';
import { internalErrorText } from './internal-error.js';
import type { CliIo } from './io.js';

const ACTIONS = ['start', 'stop', 'status', 'run'] as const;
type Action = (typeof ACTIONS)[number];

export async function daemonCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { 'idle-timeout': { type: 'string', default: '15' } } });
  } catch (error) {
    throw new UsageError(`daemon: ${(error as Error).message}`);
  }
  const [action, folder = '.', ...extra] = parsed.positionals;
  if (!ACTIONS.includes(action as Action))
    throw new UsageError(`daemon: say start, stop, status or run (got ${action === undefined ? 'nothing' : `"${action}"`})`);
  if (extra.length > 0) throw new UsageError('daemon takes one folder');
  const idleMinutes = Number(parsed.values['idle-timeout']);
  if (!Number.isFinite(idleMinutes) || idleMinutes <= 0) throw new UsageError('--idle-timeout takes a number of minutes above 0');
  if (!existsSync(folder)) throw new UsageError(`daemon: ${folder}: no such folder`);
  const root = realpathSync(folder);
  switch (action as Action) {
    case 'run':
      return serve(root, idleMinutes, io);
    case 'start':
      return start(root, idleMinutes, io);
    case 'stop':
    case 'status':
      return control(action as 'stop' | 'status', root, io);
  }
}

/** The checker's socket for exactly `root`, or why there is none. */
function socketOf(root: string): { socket: string; close(): void } | string {
  const found = findSocket(root, process.env);
  if ('why' in found) return found.why;
  if (found.root !== root) {
    found.close();
    return 'no daemon runs for this folder';
  }
  return found;
}

async function control(action: 'stop' | 'status', root: string, io: CliIo): Promise<number> {
  const found = socketOf(root);
  if (typeof found === 'string') {
    io.stdout(`docsnav daemon: not running for ${root} (${found})\n`);
    return action === 'stop' ? 0 : 1;
  }
  try {
    const answer = await ask(found.socket, { docsnav: PROTOCOL, op: action, build: buildId() });
    if ('pid' in answer) {
      io.stdout(
        `docsnav daemon: running for ${answer.root} (pid ${answer.pid}, stops after ${answer.idleMinutes} idle minutes, ${answer.served} checks served)\n`,
      );
      return 0;
    }
    if ('stopped' in answer || ('kind' in answer && answer.kind === 'stale')) {
      io.stdout(`docsnav daemon: stopped for ${root}${'kind' in answer ? ' (it was another build of docsnav)' : ''}\n`);
      return action === 'stop' ? 0 : 1;
    }
    io.stdout(`docsnav daemon: not running for ${root} (${'why' in answer ? answer.why : JSON.stringify(answer)})\n`);
    return action === 'stop' ? 0 : 1;
  } finally {
    found.close();
  }
}

/** Runs `docsnav daemon run` detached and waits for it to say it listens (or why it could not). */
async function start(root: string, idleMinutes: number, io: CliIo): Promise<number> {
  const entry = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [entry, 'daemon', 'run', root, '--idle-timeout', String(idleMinutes)], {
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    cwd: '/',
  });
  const said = await new Promise<{ ready?: string; error?: string }>((resolve) => {
    child.once('message', (message) => resolve(message as { ready?: string; error?: string }));
    child.once('exit', (code) => resolve({ error: `the daemon exited (code ${code}) before it listened` }));
  });
  if (child.connected) child.disconnect();
  child.unref();
  if (said.ready !== undefined) {
    io.stdout(`docsnav daemon: running for ${root} (pid ${child.pid}, socket ${said.ready})\n`);
    return 0;
  }
  io.stderr(`docsnav: daemon: ${said.error}\n`);
  return 2;
}

async function serve(root: string, idleMinutes: number, io: CliIo): Promise<number> {
  const runner = io.run;
  if (runner === undefined) throw new Error('docsnav daemon run is dispatched by run.ts, which gives its own run');
  // Each check runs in its request's folder; between them the daemon sits in `/`, which no one removes.
  process.chdir('/');
  const tell = (message: { ready?: string; error?: string }): void => {
    if (process.send) {
      process.send(message);
      process.disconnect();
    }
  };
  try {
    await serveDaemon({
      root,
      idleMinutes,
      build: buildId(),
      run: (request) => runRequest(request, root, runner),
      ready: (socket) => {
        if (process.send) tell({ ready: socket });
        else io.stderr(`docsnav daemon: listening for ${root} on ${socket}\n`);
      },
    });
  } catch (error) {
    if (!(error instanceof AlreadyRunningError || error instanceof NotOwnError)) throw error;
    if (process.send) tell({ error: error.message });
    else io.stderr(`docsnav: daemon: ${error.message}\n`);
    return 2;
  }
  // Serves until idle, stopped or signalled; then the process ends with nothing left to run.
  return new Promise<number>(() => {});
}

/** Why a request may not run here (not validate, standard input, a path outside the root), or undefined. */
function refusal(request: RunRequest, root: string): { refused: string; kind: ErrorKind } | undefined {
  const [command, ...rest] = request.argv;
  if (command !== 'validate') return { refused: 'the daemon runs docsnav validate only', kind: 'bad-request' };
  const inside = (file: string): boolean => {
    const absolute = path.resolve(request.cwd, file);
    const within = (at: string) => at === root || at.startsWith(`${root}${path.sep}`);
    if (!within(absolute)) return false;
    try {
      return within(realpathSync(absolute));
    } catch {
      // Not there (yet): the run says so; a glob is checked by its text.
      return true;
    }
  };
  if (!path.isAbsolute(request.cwd) || !inside(request.cwd))
    return { refused: `the folder ${request.cwd} is outside the daemon's root ${root}`, kind: 'outside-root' };
  let args;
  try {
    args = parseValidateArgs(rest);
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
  if (args.stdin) return { refused: 'standard input is read in process', kind: 'stdin' };
  const named = [...args.paths, args.config, args.outputFile, args.root, args.cache?.location].filter((file): file is string => file !== undefined);
  const outside = named.find((file) => !inside(file));
  return outside === undefined ? undefined : { refused: `${outside} is outside the daemon's root ${root}`, kind: 'outside-root' };
}

/**
 * One request, run as `docsnav` in a fresh process would run it: the request's folder, its
 * environment in place of the daemon's (the library reads some of it from process.env), the
 * client's terminal and colour support; each restored after.
 */
async function runRequest(request: RunRequest, root: string, run: NonNullable<CliIo['run']>): Promise<RunAnswer | { refused: string; kind: ErrorKind }> {
  const refused = refusal(request, root);
  if (refused) return refused;
  const env = { ...process.env };
  const colorSupported = pc.isColorSupported;
  const stdout: string[] = [];
  const stderr: string[] = [];
  let code: number;
  try {
    for (const name of Object.keys(process.env)) delete process.env[name];
    Object.assign(process.env, request.env);
    process.chdir(request.cwd);
    (pc as { isColorSupported: boolean }).isColorSupported = request.colorSupported;
    code = await run(request.argv, {
      stdout: (text) => stdout.push(text),
      stderr: (text) => stderr.push(text),
      isTTY: request.isTTY,
      env: process.env,
    });
  } catch (error) {
    stderr.push(internalErrorText(error, process.env));
    code = 2;
  } finally {
    for (const name of Object.keys(process.env)) delete process.env[name];
    Object.assign(process.env, env);
    // The daemon's own folder is `/`: a root removed (and made again) under it must not take the process with it.
    process.chdir('/');
    (pc as { isColorSupported: boolean }).isColorSupported = colorSupported;
  }
  return { stdout: stdout.join(''), stderr: stderr.join(''), code };
}
