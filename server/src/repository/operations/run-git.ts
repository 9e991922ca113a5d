/**
 * Running git: the one module of the server that starts a process (`execFile`-style spawn, never a
 * shell), always with the hardened arguments and environment of guards.ts, bounded in time and
 * output, killed with its helpers (its own process group); git's output read as it comes
 * (`gitRecords`) and what it said on failure kept (`GitError`). Every operation runs git through it.
 */
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { GitError } from '../errors.js';
import { gitEnv, hardenedArgs } from '../guards.js';

export interface RunOptions {
  cwd?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called every 250 ms while git runs; returning a message kills git and fails with it. */
  watch?: () => string | undefined;
  /** Largest stdout kept (bytes); with `onData`, largest stdout read when it is given. */
  maxOutput?: number;
  /** Past `maxOutput`, stop git and resolve to what it printed so far instead of failing. */
  truncate?: boolean;
  /** Written to git's standard input (then closed). */
  input?: string;
  /**
   * Receives stdout as it comes instead of keeping it (the promise resolves to ''); throwing (or
   * a rejected promise) stops git and fails with that error. While a returned promise is
   * pending, git's output is paused: it waits for what the chunk started (writes) to finish.
   */
  onData?: (chunk: Buffer) => void | Promise<void>;
}

/** The git command of `args` (`fetch`), past any `-c name=value` before it. */
function commandOf(args: readonly string[]): string {
  let at = 0;
  while (args[at] === '-c') at += 2;
  return args[at] ?? 'git';
}

/** Runs `git <args>`; resolves to stdout, or rejects with a GitError carrying git's last words. */
export function runGit(args: readonly string[], options: RunOptions): Promise<string> {
  const command = commandOf(args);
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...hardenedArgs(), ...args], {
      cwd: options.cwd,
      env: gitEnv(),
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      detached: true, // its own process group: a timeout kills git and its helpers together
    });
    if (options.input !== undefined) {
      child.stdin!.on('error', () => {}); // git may exit before reading it all (a failure it reports)
      child.stdin!.end(options.input);
    }
    let thrown: Error | undefined;
    const maxOutput = options.maxOutput ?? 16 * 1024 * 1024;
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let failure: string | undefined;
    let truncated = false;
    const kill = (reason: string) => {
      if (failure) return;
      failure = reason;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    let consuming: Promise<void> | undefined;
    const stopWith = (error: unknown) => {
      thrown ??= error instanceof Error ? error : new Error(String(error));
      kill('stopped');
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      if (options.onData) {
        if (thrown !== undefined) return;
        // Bounded only where a bound is given: a stream's consumer keeps what it chooses, not the output.
        outBytes += chunk.length;
        if (outBytes > (options.maxOutput ?? Number.POSITIVE_INFINITY)) return kill(`git ${command} printed more than ${options.maxOutput} bytes`);
        try {
          const pending = options.onData(chunk);
          if (pending) {
            child.stdout!.pause();
            // Resumed even after a failure: the rest is dropped, and the stream can end. Chained on
            // what is still being consumed: a chunk that came before the pause took effect has its
            // work awaited too before the command counts as done.
            const before = consuming;
            consuming = Promise.all([before, pending.catch(stopWith)]).then(() => void child.stdout!.resume());
          }
        } catch (error) {
          stopWith(error);
        }
        return;
      }
      if (truncated) return;
      outBytes += chunk.length;
      if (outBytes <= maxOutput) out.push(chunk);
      else if (options.truncate) {
        out.push(chunk.subarray(0, chunk.length - (outBytes - maxOutput)));
        truncated = true;
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      } else kill(`git ${command} printed more than ${maxOutput} bytes`);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    const timer = setTimeout(() => kill(`git ${command} timed out after ${Math.round(options.timeoutMs / 1000)} s`), options.timeoutMs);
    const watcher = options.watch
      ? setInterval(() => {
          const reason = options.watch!();
          if (reason) kill(reason);
        }, 250)
      : undefined;
    const onAbort = () => kill(`git ${command} was cancelled`);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      failure ??= `cannot run git: ${(error as NodeJS.ErrnoException).code ?? error.message}`;
    });
    child.on('close', (code) => void (consuming ?? Promise.resolve()).then(() => closed(code)));
    const closed = (code: number | null) => {
      clearTimeout(timer);
      if (watcher) clearInterval(watcher);
      options.signal?.removeEventListener('abort', onAbort);
      if (thrown !== undefined) reject(thrown);
      else if (failure) reject(new GitError(failure, err, true));
      else if (truncated) resolve(Buffer.concat(out).toString('utf8'));
      else if (code !== 0) reject(new GitError(lastLine(err) || `git ${command} exited with ${code}`, err));
      else resolve(Buffer.concat(out).toString('utf8'));
    };
  });
}

/** git's most telling line (`fatal: …`), without the prefix noise. */
function lastLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const fatal = lines.filter((line) => /^(fatal|error):/.test(line));
  return (fatal.at(-1) ?? lines.at(-1) ?? '').replace(/^(fatal|error):\s*/, '');
}

/**
 * Runs git (bounded by `maxOutput` bytes) and hands each record of its output, ended by
 * `separator` (empty ones skipped), to `onRecord` as the output comes, chunk by chunk. Parsed
 * whole once git had ended, a 40,000-file commit's listings held the main thread 0.1-0.4 s each
 * under load, and no request was answered meanwhile (issue 61); between two chunks, one is.
 */
export async function gitRecords(
  args: string[],
  options: RunOptions & { maxOutput: number },
  separator: string,
  onRecord: (record: string) => void,
): Promise<void> {
  // A name's UTF-8 bytes may be split between two chunks: the decoder holds them until whole.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  const take = (text: string) => {
    const records = (rest + text).split(separator);
    rest = records.pop()!;
    for (const record of records) if (record) onRecord(record);
  };
  await runGit(args, { ...options, onData: (chunk) => take(decoder.write(chunk)) });
  // git ends its last record too; one that it did not end is a record all the same.
  take(`${decoder.end()}${separator}`);
}

/** The last lines the other end printed (`remote: …` in git's stderr), as `remote said: …`. */
export function remoteSaid(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('remote:'))
    .map((line) => line.slice(7).trim())
    .filter(Boolean)
    .slice(-3)
    .map((line) => `remote said: ${line}`);
}
