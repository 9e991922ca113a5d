/**
 * Everything the server does with git, through the git CLI (`execFile`-style spawn, never a
 * shell). A project has a bare cache (not `--mirror`: a mirror's push deletes remote branches)
 * that each deployment fetches its branch into, shallowly, and a detached worktree per run.
 * Symlinks are checked out as plain files (`core.symlinks=false`), so nothing a repository
 * links to outside itself is ever read.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export interface GitLimits {
  /** Longest a git command may run. */
  timeoutMs: number;
  /** Largest a fetch may grow the cache, and largest a checkout may be. */
  maxBytes: number;
  /** Largest one file of the checkout may be. */
  maxFileBytes: number;
}

export const DEFAULT_GIT_LIMITS: GitLimits = { timeoutMs: 120_000, maxBytes: 512 * 1024 * 1024, maxFileBytes: 50 * 1024 * 1024 };

/** A git step failed for a reason the user can act on; `message` is the deployment's summary. */
export class GitError extends Error {
  override name = 'GitError';
  constructor(
    message: string,
    /** The end of git's stderr, when git ran and failed. */
    readonly stderr = '',
  ) {
    super(message);
  }
}

/** Protocols git may use for a project's repository (`ext::` and others run commands). */
const ALLOWED_PROTOCOLS = 'file:git:http:https:ssh';

function gitEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'true',
    SSH_ASKPASS: 'true',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ALLOW_PROTOCOL: ALLOWED_PROTOCOLS,
    GIT_LFS_SKIP_SMUDGE: '1',
  };
}

interface RunOptions {
  cwd?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called every 250 ms while git runs; returning a message kills git and fails with it. */
  watch?: () => string | undefined;
  /** Largest stdout kept (bytes). */
  maxOutput?: number;
  /**
   * Leave `core.hooksPath` alone. Only for a push: `-c` settings reach a local receive-pack,
   * and a repository's own server-side hooks must run as they would for any other client.
   */
  remoteHooks?: boolean;
}

/** Runs `git <args>`; resolves to stdout, or rejects with a GitError carrying git's last words. */
export function runGit(args: readonly string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.symlinks=false', ...(options.remoteHooks ? [] : ['-c', 'core.hooksPath=/dev/null']), ...args], {
      cwd: options.cwd,
      env: gitEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: a timeout kills git and its helpers together
    });
    const maxOutput = options.maxOutput ?? 16 * 1024 * 1024;
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let failure: string | undefined;
    const kill = (reason: string) => {
      if (failure) return;
      failure = reason;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxOutput) kill(`git ${args[0]} printed more than ${maxOutput} bytes`);
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    const timer = setTimeout(() => kill(`git ${args[0]} timed out after ${Math.round(options.timeoutMs / 1000)} s`), options.timeoutMs);
    const watcher = options.watch
      ? setInterval(() => {
          const reason = options.watch!();
          if (reason) kill(reason);
        }, 250)
      : undefined;
    const onAbort = () => kill(`git ${args[0]} was cancelled`);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      failure ??= `cannot run git: ${(error as NodeJS.ErrnoException).code ?? error.message}`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (watcher) clearInterval(watcher);
      options.signal?.removeEventListener('abort', onAbort);
      if (failure) reject(new GitError(failure));
      else if (code !== 0) reject(new GitError(lastLine(err) || `git ${args[0]} exited with ${code}`, err));
      else resolve(Buffer.concat(out).toString('utf8'));
    });
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

/** A branch name git accepts, and that cannot be mistaken for an option. */
export function isValidBranch(branch: string): boolean {
  return (
    /^[A-Za-z0-9._/-]+$/.test(branch) &&
    !branch.startsWith('-') &&
    !branch.startsWith('/') &&
    !branch.endsWith('/') &&
    !branch.includes('..') &&
    !branch.endsWith('.lock') &&
    !branch.includes('//')
  );
}

/** A repository git may fetch: a URL of an allowed protocol, or a local path (made absolute). */
export function normalizeRepo(repo: string, cwd: string = process.cwd()): string {
  if (/^(https?|git|ssh|file):\/\//.test(repo)) return repo;
  if (/^[\w.-]+@[\w.-]+:/.test(repo)) return repo; // scp-like ssh
  if (/^[a-z][a-z0-9+.-]*::/i.test(repo) || /^[a-z][a-z0-9+.-]*:\/\//i.test(repo))
    throw new GitError(`unsupported repository URL "${repo}" (use a path, file://, http(s)://, ssh:// or git://)`);
  return path.resolve(cwd, repo);
}

/** Size of a folder, stopping once it passes `limit` (cheap enough to poll during a fetch). */
function folderBytes(folder: string, limit: number): number {
  let total = 0;
  const pending = [folder];
  while (pending.length > 0 && total <= limit) {
    const current = pending.pop()!;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) {
        try {
          total += statSync(full).size;
        } catch {
          // a temporary pack file renamed under us
        }
      }
    }
  }
  return total;
}

/** The project's bare cache, created on first use. */
export async function ensureCache(cacheDir: string, limits: GitLimits): Promise<void> {
  try {
    if (statSync(path.join(cacheDir, 'HEAD')).isFile()) return;
  } catch {
    // not there yet
  }
  mkdirSync(cacheDir, { recursive: true });
  await runGit(['init', '--bare', '--quiet', cacheDir], { timeoutMs: limits.timeoutMs });
  await runGit(['config', 'core.symlinks', 'false'], { cwd: cacheDir, timeoutMs: limits.timeoutMs });
  await runGit(['config', 'gc.auto', '0'], { cwd: cacheDir, timeoutMs: limits.timeoutMs });
}

/** Fetches the tip of `branch` (depth 1) into the cache; resolves to its commit id. */
export async function fetchBranch(cacheDir: string, repo: string, branch: string, limits: GitLimits, signal?: AbortSignal): Promise<string> {
  if (!isValidBranch(branch)) throw new GitError(`"${branch}" is not a valid branch name`);
  await ensureCache(cacheDir, limits);
  const before = folderBytes(cacheDir, Number.POSITIVE_INFINITY);
  const ref = `refs/docsnav/${branch}`;
  try {
    await runGit(['fetch', '--quiet', '--depth=1', '--no-tags', '--no-recurse-submodules', '--', repo, `+refs/heads/${branch}:${ref}`], {
      cwd: cacheDir,
      timeoutMs: limits.timeoutMs,
      signal,
      watch: () =>
        folderBytes(cacheDir, before + limits.maxBytes) - before > limits.maxBytes
          ? `the fetch passed the size limit of ${formatBytes(limits.maxBytes)}`
          : undefined,
    });
  } catch (error) {
    if (error instanceof GitError && /couldn't find remote ref/i.test(error.message)) throw new GitError(`branch "${branch}" does not exist in ${repo}`);
    throw error;
  }
  return (await runGit(['rev-parse', '--verify', `${ref}^{commit}`], { cwd: cacheDir, timeoutMs: limits.timeoutMs })).trim();
}

export async function commitMessage(cacheDir: string, sha: string, limits: GitLimits): Promise<string> {
  return (await runGit(['log', '-1', '--format=%B', sha], { cwd: cacheDir, timeoutMs: limits.timeoutMs, maxOutput: 64 * 1024 })).trim();
}

export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  id: string;
  /** Bytes (0 for submodules). */
  size: number;
  path: string;
}

/** Every file of a commit, with its size, without checking anything out. */
export async function listFiles(cacheDir: string, sha: string, limits: GitLimits): Promise<TreeEntry[]> {
  const out = await runGit(['ls-tree', '-r', '-l', '-z', '--full-tree', sha], { cwd: cacheDir, timeoutMs: limits.timeoutMs, maxOutput: 256 * 1024 * 1024 });
  const entries: TreeEntry[] = [];
  for (const record of out.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, type, id, size] = record.slice(0, tab).split(/\s+/);
    entries.push({ mode, type: type as TreeEntry['type'], id, size: size === '-' ? 0 : Number(size), path: record.slice(tab + 1) });
  }
  return entries;
}

/** Checks out `sha` into a new detached worktree at `dir`. */
export async function addWorktree(cacheDir: string, sha: string, dir: string, limits: GitLimits, signal?: AbortSignal): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  await runGit(['worktree', 'add', '--quiet', '--detach', '--force', dir, sha], { cwd: cacheDir, timeoutMs: limits.timeoutMs, signal });
}

/** Removes a worktree (and the cache's record of it); never throws. */
export async function removeWorktree(cacheDir: string, dir: string, limits: GitLimits): Promise<void> {
  await runGit(['worktree', 'remove', '--force', dir], { cwd: cacheDir, timeoutMs: limits.timeoutMs }).catch(() => {});
  rmSync(dir, { recursive: true, force: true });
  await runGit(['worktree', 'prune'], { cwd: cacheDir, timeoutMs: limits.timeoutMs }).catch(() => {});
}

/**
 * Pushes `HEAD` of `worktree` to `refs/heads/<branch>` of `repo`, with an explicit refspec
 * (never a configured or matching one). The client's pre-push hook is skipped (`--no-verify`).
 * `force` (`+` refspec) only for a branch that is the caller's own: a retried job's fix branch.
 */
export async function pushHead(worktree: string, repo: string, branch: string, limits: GitLimits, signal?: AbortSignal, force = false): Promise<void> {
  if (!isValidBranch(branch)) throw new GitError(`"${branch}" is not a valid branch name`);
  try {
    await runGit(['push', '--no-verify', '--', repo, `${force ? '+' : ''}HEAD:refs/heads/${branch}`], {
      cwd: worktree,
      timeoutMs: limits.timeoutMs,
      signal,
      remoteHooks: true,
    });
  } catch (error) {
    if (!(error instanceof GitError) || !error.stderr) throw error;
    // Why the remote refused (`! [remote rejected] HEAD -> b (pre-receive hook declined)`) and what it said.
    const lines = error.stderr.split('\n').map((line) => line.trim());
    const rejected = lines.map((line) => /^!\s*\[(?:remote )?rejected\].*\((.+)\)\s*$/.exec(line)?.[1]).find(Boolean);
    const remote = lines
      .filter((line) => line.startsWith('remote:'))
      .map((line) => line.slice(7).trim())
      .filter(Boolean)
      .slice(-3);
    const reason = [rejected ? `the push was rejected (${rejected})` : error.message, ...remote.map((line) => `remote said: ${line}`)].join('; ');
    throw new GitError(reason, error.stderr);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
