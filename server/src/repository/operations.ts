/**
 * Everything the server does with git, through the git CLI (`execFile`-style spawn, never a
 * shell). A project has a bare cache (not `--mirror`: a mirror's push deletes remote branches)
 * that each run fetches its branch into, shallowly. A repair checks the commit out in a detached
 * worktree; symlinks are checked out as plain files (`core.symlinks=false`), so nothing a
 * repository links to outside itself is ever read. A deployment fetches into a partial cache
 * of its own (commits and trees, then only the blobs it reads: `fetchBlobs`) and writes those
 * files itself (`writeBlobs`): no image is fetched, no link is ever made.
 * The checks all this relies on, which run no git, are guards.ts (what git may be asked and may
 * do) and local.ts (the allowed local repositories).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, type Dirent } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { formatBytes, GitError, isNotThere } from './errors.js';
import { gitEnv, hardenedArgs, isValidBranch, localServiceCommand, targetOf, writableSegments } from './guards.js';
import { isLocalRepo, realpathOr } from './local.js';
import type { CopyOutput } from './local-copy.js';
import { runLocalTask } from './local-worker.js';

export interface GitLimits {
  /** Longest a git command may run. */
  timeoutMs: number;
  /** Largest a fetch may grow the cache, and largest a checkout may be. */
  maxBytes: number;
  /** Largest one file of the checkout may be. */
  maxFileBytes: number;
  /**
   * Folders a project's repository may be a local path in (`--allow-local-repos`); none by
   * default: a server reads no repository on its own disk unless its operator says where.
   */
  localRoots: readonly string[];
  /** Most files a commit may hold. */
  maxFiles: number;
  /** Most entries of a local repository's objects and branches walked to copy it (local-copy.ts); past it, the repository is refused. */
  maxLocalEntries: number;
  /** Most bytes of a local repository's objects and branches copied; past it, the repository is refused. */
  maxLocalBytes: number;
}

export const DEFAULT_GIT_LIMITS: GitLimits = {
  timeoutMs: 120_000,
  maxBytes: 512 * 1024 * 1024,
  maxFileBytes: 50 * 1024 * 1024,
  localRoots: [],
  maxFiles: 200_000,
  maxLocalEntries: 1_000_000,
  maxLocalBytes: 2 * 1024 * 1024 * 1024,
};

interface RunOptions {
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
 * Every entry under `root`, depth first with an explicit stack (no recursion), never following
 * a symbolic link; `descend(relative)` false leaves a folder's contents out. A folder that
 * cannot be read (gone meanwhile, no permission) is passed over.
 */
function* entriesUnder(root: string, descend: (relative: string) => boolean = () => true): Generator<{ full: string; relative: string; entry: Dirent }> {
  const pending = [root];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      const relative = path.relative(root, full);
      yield { full, relative, entry };
      if (entry.isDirectory() && descend(relative)) pending.push(full);
    }
  }
}

/** Size of a folder, stopping once it passes `limit` (cheap enough to poll during a fetch). */
function folderBytes(folder: string, limit: number): number {
  let total = 0;
  for (const { full, entry } of entriesUnder(folder)) {
    if (total > limit) break;
    if (!entry.isFile()) continue;
    try {
      total += statSync(full).size;
    } catch (error) {
      // a temporary pack file renamed under us
      if (!isNotThere(error)) throw error;
    }
  }
  return total;
}

/**
 * One git command at a time per cache in this process (a process holds its data folder alone,
 * data-folder.ts): under it, any lock file or temporary pack in the cache is left over from a
 * git that was killed (a timeout, a size limit, a SIGTERM or -9 of the server) and is cleared.
 */
const cacheQueues = new Map<string, Promise<unknown>>();

function withCache<T>(cacheDir: string, work: () => Promise<T>): Promise<T> {
  const before = cacheQueues.get(cacheDir) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.then(
    () => {},
    () => {},
  );
  cacheQueues.set(cacheDir, settled);
  void settled.then(() => {
    if (cacheQueues.get(cacheDir) === settled) cacheQueues.delete(cacheDir);
  });
  return run;
}

/** Folders of a bare repository that hold no lock file: worktree records, loose objects. */
const NO_LEFTOVERS = /^(worktrees|objects\/([0-9a-f]{2}|info))$/;

const TEMPORARY_FOLDER = /^objects\/(incoming-|pack\/tmp_)/;

const TEMPORARY_FILE = /^objects\/pack\/(tmp_|\.tmp-)/;

/** Clears the lock files and temporary packs a killed git leaves in a bare repository. */
function clearLeftovers(cacheDir: string): void {
  const descend = (relative: string) => !NO_LEFTOVERS.test(relative) && !TEMPORARY_FOLDER.test(relative);
  for (const { full, relative, entry } of entriesUnder(cacheDir, descend)) {
    const leftover = entry.isDirectory() ? TEMPORARY_FOLDER.test(relative) : entry.name.endsWith('.lock') || TEMPORARY_FILE.test(relative);
    if (leftover) rmSync(full, { recursive: true, force: true });
  }
}

/**
 * The remote a partial cache fetches from. Its URL is never stored: each fetch names it
 * (`-c remote.docsnav.url=…`), so that a git command that meets a blob the cache lacks fails
 * instead of fetching it behind the server's back.
 */
const PROMISOR = 'docsnav';

/**
 * The project's bare cache, created on first use; leftovers of a killed git are cleared. A
 * partial cache is a promisor of PROMISOR: it may lack blobs. Call under `withCache`.
 */
async function ensureCache(cacheDir: string, limits: GitLimits, partial = false): Promise<void> {
  try {
    if (statSync(path.join(cacheDir, 'HEAD')).isFile() && (!partial || readFileSync(path.join(cacheDir, 'config'), 'utf8').includes('partialclone'))) {
      clearLeftovers(cacheDir);
      return;
    }
  } catch (error) {
    // not there yet (a cache folder whose HEAD is there but unreadable is not made again over)
    if (!isNotThere(error)) throw error;
  }
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  await runGit(['init', '--bare', '--quiet', cacheDir], { timeoutMs: limits.timeoutMs });
  const settings = [
    ['core.symlinks', 'false'],
    ['gc.auto', '0'],
    ...(partial
      ? [
          ['core.repositoryformatversion', '1'],
          [`remote.${PROMISOR}.promisor`, 'true'],
          [`remote.${PROMISOR}.partialclonefilter`, 'blob:none'],
          // Last: its presence says the cache is complete (checked above).
          ['extensions.partialclone', PROMISOR],
        ]
      : []),
  ];
  for (const [key, value] of settings) await runGit(['config', key, value], { cwd: cacheDir, timeoutMs: limits.timeoutMs });
}

/** What git says when the repository or the network is at fault, not the cache. */
const REMOTE_FAULT =
  /couldn't find remote ref|not found|does not appear to be a git repository|could not read from remote|authentication|unable to access|could not resolve|permission denied|connection|not allowed|unsupported/i;

/**
 * The private copy of a local repository that git reads instead of the repository (local-copy.ts:
 * a folder a tenant can change is never what git opens). Beside the project's cache, in the data folder.
 */
/** What copying a local repository took (local-copy.ts), and how long. */
export type LocalCopy = CopyOutput & { ms: number };

function localCopyDir(cacheDir: string): string {
  return `${cacheDir}.local`;
}

/**
 * What git fetches from for `repo`: the repository itself, or, for a local one, the server's own
 * copy of it made anew (only what changed is copied) from the allowed folders, without following links.
 */
async function fetchSource(cacheDir: string, repo: string, limits: GitLimits, signal?: AbortSignal, onCopied?: (copy: LocalCopy) => void): Promise<string> {
  if (!isLocalRepo(repo)) return repo;
  const copyDir = localCopyDir(cacheDir);
  const started = performance.now();
  const copy = await runLocalTask(
    'copy',
    { repo, roots: limits.localRoots, copyDir, maxEntries: limits.maxLocalEntries, maxBytes: limits.maxLocalBytes },
    { timeoutMs: limits.timeoutMs, signal },
  );
  onCopied?.({ ...copy, ms: performance.now() - started });
  return copyDir;
}

/**
 * Fetches the tip of `branch` (depth 1) into the cache; resolves to its commit id. A fetch that
 * fails for a reason that is not the repository's or the network's (a damaged cache) is tried
 * once more in a cache made anew (and, for a local repository, a copy made anew). `partial`:
 * commits and trees only, no blob (`fetchBlobs` fetches those the caller reads); a server that
 * cannot filter sends everything, as before. `onCopied`: what copying a local repository took.
 */
export function fetchBranch(
  cacheDir: string,
  repo: string,
  branch: string,
  limits: GitLimits,
  signal?: AbortSignal,
  { partial = false, onCopied }: { partial?: boolean; onCopied?: (copy: LocalCopy) => void } = {},
): Promise<string> {
  if (!isValidBranch(branch)) return Promise.reject(new GitError(`"${branch}" is not a valid branch name`));
  return withCache(cacheDir, async () => {
    let source = await fetchSource(cacheDir, repo, limits, signal, onCopied);
    await ensureCache(cacheDir, limits, partial);
    try {
      return await fetchOnce(cacheDir, source, branch, limits, signal, partial);
    } catch (error) {
      if (!(error instanceof GitError) || error.killed || signal?.aborted || REMOTE_FAULT.test(error.message)) throw error;
      rmSync(cacheDir, { recursive: true, force: true });
      if (source !== repo) {
        rmSync(source, { recursive: true, force: true });
        source = await fetchSource(cacheDir, repo, limits, signal, onCopied);
      }
      await ensureCache(cacheDir, limits, partial);
      return await fetchOnce(cacheDir, source, branch, limits, signal, partial);
    }
  });
}

/**
 * How a partial cache fetches from `source` (a URL, or the checked git folder of a local
 * repository): the promisor remote with the URL given on the command line. A local
 * repository's upload-pack (started by this git, as this user, in that repository) runs with
 * HARDENED_CONFIG and is told it may filter: git's default is not to, and it would send every blob.
 */
function promisorArgs(source: string): string[] {
  return [
    '-c',
    `remote.${PROMISOR}.url=${source}`,
    ...(isLocalRepo(source) ? ['-c', `remote.${PROMISOR}.uploadpack=${localServiceCommand('upload-pack', ['-c', 'uploadpack.allowfilter=true'])}`] : []),
  ];
}

/** Stops a fetch that grows the cache past the size limit. */
function sizeWatch(cacheDir: string, limits: GitLimits): () => string | undefined {
  const before = folderBytes(cacheDir, Number.POSITIVE_INFINITY);
  return () =>
    folderBytes(cacheDir, before + limits.maxBytes) - before > limits.maxBytes
      ? `the fetch passed the size limit of ${formatBytes(limits.maxBytes)}`
      : undefined;
}

async function fetchOnce(
  cacheDir: string,
  repo: string,
  branch: string,
  limits: GitLimits,
  signal: AbortSignal | undefined,
  partial: boolean,
): Promise<string> {
  const ref = `refs/docsnav/${branch}`;
  const from = partial
    ? [...promisorArgs(repo), 'fetch', '--filter=blob:none']
    : ['fetch', ...(isLocalRepo(repo) ? [`--upload-pack=${localServiceCommand('upload-pack')}`] : [])];
  try {
    await runGit([...from, '--quiet', '--depth=1', '--no-tags', '--no-recurse-submodules', '--', partial ? PROMISOR : repo, `+refs/heads/${branch}:${ref}`], {
      cwd: cacheDir,
      timeoutMs: limits.timeoutMs,
      signal,
      watch: sizeWatch(cacheDir, limits),
    });
  } catch (error) {
    if (error instanceof GitError && /couldn't find remote ref/i.test(error.message)) throw new GitError(`branch "${branch}" does not exist in the repository`);
    // What the remote said (a forge's "Permission to acme/docs.git denied to …") says why.
    const said = error instanceof GitError && !error.killed ? remoteSaid(error.stderr) : [];
    if (said.length > 0) throw new GitError([(error as GitError).message, ...said].join('; '), (error as GitError).stderr);
    throw error;
  }
  return (await runGit(['rev-parse', '--verify', `${ref}^{commit}`], { cwd: cacheDir, timeoutMs: limits.timeoutMs })).trim();
}

/**
 * Fetches the blobs `ids` that a partial cache lacks (in one fetch, as git's own lazy fetch
 * does: no negotiation, so the server does not take the commit's blobs for already had).
 * Resolves to how many were fetched.
 */
export function fetchBlobs(cacheDir: string, repo: string, sha: string, ids: Iterable<string>, limits: GitLimits, signal?: AbortSignal): Promise<number> {
  return withCache(cacheDir, async () => {
    // A local repository's blobs come from the copy fetchBranch made (the commit's own copy).
    const source = isLocalRepo(repo) ? localCopyDir(cacheDir) : repo;
    const wanted = new Set(ids);
    const missing: string[] = [];
    await gitRecords(
      ['rev-list', '--objects', '--missing=print', sha],
      { cwd: cacheDir, timeoutMs: limits.timeoutMs, maxOutput: 256 * 1024 * 1024 },
      '\n',
      (line) => {
        if (line.startsWith('?') && wanted.has(line.slice(1))) missing.push(line.slice(1));
      },
    );
    if (missing.length === 0) return 0;
    // In fetches of FETCH_CHUNK ids: git's handling of the ids given on stdin grows with their
    // square (100,000 ids: 20 s before the transfer starts; 5,000: 0.05 s).
    for (let start = 0; start < missing.length; start += FETCH_CHUNK) {
      await fetchIds(cacheDir, source, missing.slice(start, start + FETCH_CHUNK), limits, signal).catch((error: unknown) => {
        throw source === repo ? error : lackedObjects(error);
      });
    }
    return missing.length;
  });
}

/**
 * A local repository's copy that lacks a blob its branch names (a partial clone whose promisor
 * settings were removed, or a damaged one) makes git say "not our ref <id>": said as what it is.
 */
function lackedObjects(error: unknown): unknown {
  const lacked = error instanceof GitError && !error.killed ? /not our ref ([0-9a-f]{40})/.exec(error.stderr || error.message) : null;
  if (!lacked) return error;
  return new GitError(
    `the local repository lacks objects its branch names (blob ${lacked[1].slice(0, 12)} among them): a partial or damaged clone; \`git fsck\` in it lists them, \`git fetch --refetch\` there brings them`,
    (error as GitError).stderr,
  );
}

/** Most blob ids asked for in one fetch. */
const FETCH_CHUNK = 5000;

function fetchIds(cacheDir: string, repo: string, ids: readonly string[], limits: GitLimits, signal?: AbortSignal): Promise<string> {
  return runGit(
    [
      '-c',
      'fetch.negotiationAlgorithm=noop',
      ...promisorArgs(repo),
      'fetch',
      '--quiet',
      '--no-filter',
      '--no-tags',
      '--no-write-fetch-head',
      '--recurse-submodules=no',
      '--stdin',
      PROMISOR,
    ],
    { cwd: cacheDir, timeoutMs: limits.timeoutMs, signal, input: `${ids.join('\n')}\n`, watch: sizeWatch(cacheDir, limits) },
  );
}

/** The size of each blob `ids` (all in the cache), in order. */
export async function blobSizes(cacheDir: string, ids: readonly string[], limits: GitLimits): Promise<number[]> {
  if (ids.length === 0) return [];
  const sizes: number[] = [];
  await gitRecords(
    ['cat-file', '--batch-check=%(objectsize)'],
    { cwd: cacheDir, timeoutMs: limits.timeoutMs, input: `${ids.join('\n')}\n`, maxOutput: 64 * 1024 * 1024 },
    '\n',
    (line) => void sizes.push(Number(line)),
  );
  if (sizes.length !== ids.length || sizes.some((size) => !Number.isInteger(size))) throw new GitError('the git cache lacks files of the commit');
  return sizes;
}

/**
 * Writes the blobs `files` (repository path and blob id, all in the cache) as regular files
 * under the folder `dir`: the only files a deployment reads. Nothing else is written; no
 * symbolic link is ever made; a path that could climb out of `dir` is refused.
 *
 * `held` is what `dir` already holds (path -> blob id, as an earlier call wrote it): then only
 * the files whose blob differs are written and those no longer in `files` are removed. Without
 * it, `dir` is made anew. Returns how many files were written.
 */
export async function writeBlobs(
  cacheDir: string,
  files: ReadonlyArray<{ path: string; id: string }>,
  dir: string,
  limits: GitLimits,
  signal?: AbortSignal,
  held?: ReadonlyMap<string, string>,
): Promise<number> {
  const update = held && blobUpdate(files, held);
  if (update) {
    await Promise.all(update.removed.map((file) => rm(targetOf(dir, file), { force: true })));
    await writeNewBlobs(cacheDir, update.written, dir, limits, signal);
    return update.written.length;
  }
  await rm(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await writeNewBlobs(cacheDir, files, dir, limits, signal);
  return files.length;
}

/**
 * What turns a folder holding `held` (path -> blob id) into one holding `files`: the files to
 * remove (dropped or changed) and those to write (new or changed). Undefined when a file would
 * take the place of a removed file's folder (`a` after `a/b.mdx`): that folder, left empty,
 * would be in its way, and the folder is made anew instead.
 */
function blobUpdate(
  files: ReadonlyArray<{ path: string; id: string }>,
  held: ReadonlyMap<string, string>,
): { removed: string[]; written: Array<{ path: string; id: string }> } | undefined {
  const wanted = new Set(files.map((file) => file.path));
  const dropped = [...held.keys()].filter((file) => !wanted.has(file));
  const written = files.filter((file) => held.get(file.path) !== file.id);
  const droppedFolders = new Set<string>();
  for (const file of dropped) for (let at = file.indexOf('/'); at >= 0; at = file.indexOf('/', at + 1)) droppedFolders.add(file.slice(0, at));
  if (written.some((file) => droppedFolders.has(file.path))) return undefined;
  return { removed: [...dropped, ...written.filter((file) => held.has(file.path)).map((file) => file.path)], written };
}

/** Writes `files`, none of which exists yet under `dir` (made). */
async function writeNewBlobs(
  cacheDir: string,
  files: ReadonlyArray<{ path: string; id: string }>,
  dir: string,
  limits: GitLimits,
  signal?: AbortSignal,
): Promise<void> {
  const made = new Map<string, Promise<unknown>>([[dir, Promise.resolve()]]);
  // Every path is checked before anything is written; each file's place is made as it is written,
  // not all up front: 100,000 places held at once were ~70 MB of path pieces on the main thread.
  for (const file of files) writableSegments(file.path);
  if (files.length === 0) return;
  // `git cat-file --batch`: for each id a header "<id> blob <size>\n", the bytes, "\n".
  let index = 0;
  // What of the current header or blob came in earlier chunks (views of them, never copied until
  // the blob is whole: joining what was left with each new chunk copied a 64 KB chunk per chunk,
  // and a blob over many chunks again and again).
  let header: Buffer[] = [];
  let parts: Buffer[] = [];
  let got = 0;
  let size = -1;
  // Written asynchronously (the main thread keeps answering; the writes overlap), a chunk of
  // git's output at a time: git waits while a chunk's files are being written.
  const write = (bytes: Buffer, writes: Array<Promise<void>>) => {
    const target = targetOf(dir, files[index].path);
    const folder = path.dirname(target);
    let folderMade = made.get(folder);
    if (!folderMade) {
      folderMade = mkdir(folder, { recursive: true });
      made.set(folder, folderMade);
    }
    writes.push(folderMade.then(() => writeFile(target, bytes, { flag: 'wx' })));
    index++;
  };
  await runGit(['cat-file', '--batch'], {
    cwd: cacheDir,
    timeoutMs: limits.timeoutMs,
    signal,
    input: `${files.map((file) => file.id).join('\n')}\n`,
    onData(chunk) {
      const writes: Array<Promise<void>> = [];
      let at = 0;
      while (at < chunk.length) {
        if (size < 0) {
          const end = chunk.indexOf(10, at);
          if (end < 0) {
            header.push(chunk.subarray(at));
            break;
          }
          header.push(chunk.subarray(at, end));
          const fields = Buffer.concat(header).toString('utf8').split(' ');
          header = [];
          if (fields[1] !== 'blob' || index >= files.length) throw new GitError(`the git cache lacks ${files[index]?.path ?? 'a file'} of the commit`);
          size = Number(fields[2]);
          at = end + 1;
          continue;
        }
        // The blob's bytes and the "\n" after them.
        const taken = Math.min(size + 1 - got, chunk.length - at);
        parts.push(chunk.subarray(at, at + taken));
        got += taken;
        at += taken;
        if (got < size + 1) break;
        // A copy: the chunks' buffers are not kept alive by the pending write.
        write(Buffer.concat(parts, size + 1).subarray(0, size), writes);
        parts = [];
        got = 0;
        size = -1;
      }
      return writes.length > 0 ? Promise.all(writes).then(() => undefined) : undefined;
    },
  });
  if (index !== files.length || size >= 0 || header.length > 0) throw new GitError('git cat-file stopped before writing every file of the commit');
}

/**
 * After a crash (a worker killed with -9), what its git commands left: git processes still
 * running in `dataDir` are killed, every worktree is removed and each cache is pruned and
 * cleared of lock files. Run when a process takes the data folder, before any job.
 */
export async function recoverGitFolders(dataDir: string, limits: GitLimits): Promise<{ killed: number; worktrees: number }> {
  const killed = killGitProcessesIn(dataDir);
  const worktreesDir = path.join(dataDir, 'worktrees');
  let worktrees = 0;
  try {
    worktrees = readdirSync(worktreesDir).length;
  } catch (error) {
    // none
    if (!isNotThere(error)) throw error;
  }
  rmSync(worktreesDir, { recursive: true, force: true });
  const gitDir = path.join(dataDir, 'git');
  let caches: string[] = [];
  try {
    caches = readdirSync(gitDir);
  } catch (error) {
    // none
    if (!isNotThere(error)) throw error;
  }
  for (const name of caches) {
    const cacheDir = path.join(gitDir, name);
    await withCache(cacheDir, async () => {
      clearLeftovers(cacheDir);
      await runGit(['worktree', 'prune'], { cwd: cacheDir, timeoutMs: limits.timeoutMs }).catch(() => {});
    });
  }
  return { killed, worktrees };
}

/** Kills git processes (of this user) whose working folder is inside `folder` (Linux /proc; elsewhere none). */
function killGitProcessesIn(folder: string): number {
  let killed = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return 0;
  }
  const inside = realpathOr(folder);
  for (const pid of pids) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd !== inside && !cwd.startsWith(inside + path.sep)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
      if (!/(^|\/)git(-[\w-]+)?$/.test(command)) continue;
      process.kill(Number(pid), 'SIGKILL');
      killed++;
    } catch (error) {
      // gone, or not ours to see
      if (!['ENOENT', 'ESRCH', 'EACCES', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  }
  return killed;
}

/** Longest commit message kept (a longer one is cut, with an ellipsis). */
export const MAX_COMMIT_MESSAGE = 16 * 1024;

export async function commitMessage(cacheDir: string, sha: string, limits: GitLimits): Promise<string> {
  const text = await runGit(['log', '-1', '--format=%B', sha], { cwd: cacheDir, timeoutMs: limits.timeoutMs, maxOutput: MAX_COMMIT_MESSAGE, truncate: true });
  // Cut at a character, never inside one (the last may be a partial UTF-8 sequence).
  const message = text.replace(/\uFFFD$/, '').trim();
  return Buffer.byteLength(text) >= MAX_COMMIT_MESSAGE ? `${message}…` : message;
}

export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  id: string;
  /** Bytes (0 for submodules). */
  size: number;
  path: string;
}

/**
 * Every file of a commit, with its size, without checking anything out. `sizes: false` for a
 * partial cache, whose blobs (and so their sizes) are not all there: every size is 0.
 */
export async function listFiles(cacheDir: string, sha: string, limits: GitLimits, { sizes = true }: { sizes?: boolean } = {}): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  await gitRecords(
    ['ls-tree', '-r', ...(sizes ? ['-l'] : []), '-z', '--full-tree', sha],
    { cwd: cacheDir, timeoutMs: limits.timeoutMs, maxOutput: 256 * 1024 * 1024 },
    '\0',
    (record) => {
      const tab = record.indexOf('\t');
      const [mode, type, id, size] = record.slice(0, tab).split(/\s+/);
      entries.push({ mode, type: type as TreeEntry['type'], id, size: size === '-' ? 0 : Number(size), path: record.slice(tab + 1) });
    },
  );
  return entries;
}

/**
 * Runs git (bounded by `maxOutput` bytes) and hands each record of its output, ended by
 * `separator` (empty ones skipped), to `onRecord` as the output comes, chunk by chunk. Parsed
 * whole once git had ended, a 40,000-file commit's listings held the main thread 0.1-0.4 s each
 * under load, and no request was answered meanwhile (issue 61); between two chunks, one is.
 */
async function gitRecords(args: string[], options: RunOptions & { maxOutput: number }, separator: string, onRecord: (record: string) => void): Promise<void> {
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

/** Checks out `sha` into a new detached worktree at `dir`. */
export function addWorktree(cacheDir: string, sha: string, dir: string, limits: GitLimits, signal?: AbortSignal): Promise<void> {
  return withCache(cacheDir, async () => {
    clearLeftovers(cacheDir);
    await rm(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(dir), { recursive: true });
    await runGit(['worktree', 'add', '--quiet', '--detach', '--force', dir, sha], { cwd: cacheDir, timeoutMs: limits.timeoutMs, signal });
  });
}

/** Removes a worktree (and the cache's record of it); never throws. */
export function removeWorktree(cacheDir: string, dir: string, limits: GitLimits): Promise<void> {
  return withCache(cacheDir, async () => {
    // Asynchronous: deleting a checkout of 100,000 files takes seconds the server keeps answering in.
    await rm(dir, { recursive: true, force: true });
    await runGit(['worktree', 'prune'], { cwd: cacheDir, timeoutMs: limits.timeoutMs }).catch(() => {});
  });
}

/**
 * Pushes `HEAD` of `worktree` to `refs/heads/<branch>` of `repo`, with an explicit refspec
 * (never a configured or matching one). The client's pre-push hook is skipped (`--no-verify`).
 * `force` (`+` refspec) only for a branch that is the caller's own: a retried job's fix branch.
 * A local repository is pushed to without git running there (`pushToLocal`).
 */
export async function pushHead(worktree: string, repo: string, branch: string, limits: GitLimits, signal?: AbortSignal, force = false): Promise<void> {
  if (!isValidBranch(branch)) throw new GitError(`"${branch}" is not a valid branch name`);
  if (isLocalRepo(repo)) return pushToLocal(worktree, repo, branch, limits, signal, force);
  try {
    // A remote's hooks run on the remote, as for any client.
    await runGit(['push', '--no-verify', '--', repo, `${force ? '+' : ''}HEAD:refs/heads/${branch}`], { cwd: worktree, timeoutMs: limits.timeoutMs, signal });
  } catch (error) {
    if (!(error instanceof GitError) || !error.stderr) throw error;
    // Why the remote refused (`! [remote rejected] HEAD -> b (pre-receive hook declined)`) and what it said.
    const lines = error.stderr.split('\n').map((line) => line.trim());
    const rejected = lines.map((line) => /^!\s*\[(?:remote )?rejected\].*\((.+)\)\s*$/.exec(line)?.[1]).find(Boolean);
    const reason = [rejected ? `the push was rejected (${rejected})` : error.message, ...remoteSaid(error.stderr)].join('; ');
    throw new GitError(reason, error.stderr);
  }
}

/**
 * A push into a local repository, which git never opens (a receive-pack there would read and
 * write whatever its folder is by then, and run its config's commands): where the branch stands
 * is read pinned (local-copy.ts); a branch that is not ours to move (not a fast-forward, unless
 * `force`) or is checked out is refused; git packs the objects the repository lacks here, in the
 * server's own repository; the pack and the branch are then written pinned, the branch only if
 * it has not moved since it was read. No hook of the repository runs.
 */
async function pushToLocal(worktree: string, repo: string, branch: string, limits: GitLimits, signal: AbortSignal | undefined, force: boolean): Promise<void> {
  const local = { repo, roots: limits.localRoots, maxEntries: limits.maxLocalEntries, maxBytes: limits.maxLocalBytes };
  const timing = { timeoutMs: limits.timeoutMs, signal };
  const state = await runLocalTask('readBranch', { ...local, branch }, timing);
  if (state.checkedOut)
    throw new GitError(`the branch ${branch} is checked out in the repository's working tree; docsnav never pushes into a checked-out branch`);
  const head = (await runGit(['rev-parse', '--verify', 'HEAD^{commit}'], { cwd: worktree, timeoutMs: limits.timeoutMs })).trim();
  if (state.tip === head) return;
  if (state.tip !== null && !force && !(await isAncestor(worktree, state.tip, head, limits)))
    throw new GitError(`the push was rejected (non-fast-forward: the branch ${branch} has commits docsnav does not have)`);
  // The objects of HEAD that no branch of the repository already has (below the branches' tips this repository knows).
  const known = await presentCommits(worktree, state.tips, limits);
  const packDir = `${worktree}.push`;
  await rm(packDir, { recursive: true, force: true });
  await mkdir(packDir, { recursive: true });
  try {
    await runGit(['pack-objects', '--revs', '--quiet', path.join(packDir, 'pack')], {
      cwd: worktree,
      timeoutMs: limits.timeoutMs,
      signal,
      input: `${[head, ...known.map((id) => `^${id}`)].join('\n')}\n`,
    });
    // The pack's data before its index: git finds a pack by its index.
    const packFiles = readdirSync(packDir)
      .filter((name) => /^pack-[0-9a-f]+\.(pack|idx)$/.test(name))
      .sort((a, b) => Number(a.endsWith('.idx')) - Number(b.endsWith('.idx')))
      .map((name) => path.join(packDir, name));
    await runLocalTask('writeBranch', { ...local, branch, packFiles, expected: state.tip, sha: head }, timing);
  } finally {
    await rm(packDir, { recursive: true, force: true });
  }
}

/** Whether `ancestor` is `commit` or below it (false when `ancestor` is not a commit this repository has). */
async function isAncestor(cwd: string, ancestor: string, commit: string, limits: GitLimits): Promise<boolean> {
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(ancestor)) return false;
  return runGit(['merge-base', '--is-ancestor', ancestor, commit], { cwd, timeoutMs: limits.timeoutMs }).then(
    () => true,
    () => false,
  );
}

/** The commits of `ids` that the repository at `cwd` has. */
async function presentCommits(cwd: string, ids: readonly string[], limits: GitLimits): Promise<string[]> {
  if (ids.length === 0) return [];
  const out = await runGit(['cat-file', '--batch-check'], { cwd, timeoutMs: limits.timeoutMs, input: `${ids.join('\n')}\n`, maxOutput: 64 * 1024 * 1024 });
  return out
    .split('\n')
    .map((line) => /^([0-9a-f]+) commit \d+$/.exec(line)?.[1])
    .filter((id): id is string => id !== undefined);
}

/**
 * The branches of `repo` (`git ls-remote --heads`, with HARDENED_CONFIG like every git command;
 * a local repository's are read from its folder, pinned, as a copy reads them). Run from `/`, so
 * that no repository around the server's folder lends its config or remotes.
 */
export async function remoteBranches(repo: string, limits: GitLimits, signal?: AbortSignal): Promise<string[]> {
  if (isLocalRepo(repo))
    return runLocalTask(
      'branches',
      { repo, roots: limits.localRoots, maxEntries: limits.maxLocalEntries, maxBytes: limits.maxLocalBytes },
      { timeoutMs: limits.timeoutMs, signal },
    );
  const out = await runGit(['ls-remote', '--heads', '--', repo], {
    cwd: path.parse(process.cwd()).root,
    timeoutMs: limits.timeoutMs,
    signal,
    maxOutput: 4 * 1024 * 1024,
    truncate: true,
  });
  return out
    .split('\n')
    .map((line) => /\trefs\/heads\/(.+)$/.exec(line)?.[1])
    .filter((branch): branch is string => branch !== undefined);
}

/** The last lines the other end printed (`remote: …` in git's stderr), as `remote said: …`. */
function remoteSaid(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('remote:'))
    .map((line) => line.slice(7).trim())
    .filter(Boolean)
    .slice(-3)
    .map((line) => `remote said: ${line}`);
}

export { formatBytes };
