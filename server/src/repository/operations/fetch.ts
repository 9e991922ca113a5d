/**
 * What the server reads from a project's repository into its cache: a branch's tip, shallowly
 * (`fetchBranch`), the blobs a deployment reads of a partial cache (`fetchBlobs`), and the
 * repository's branches (`remoteBranches`). A local repository is read through the server's own
 * copy of it (local-copy.ts, in a worker thread), never where a tenant can change it.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { formatBytes, GitError } from '../errors.js';
import { isValidBranch, localServiceCommand } from '../guards.js';
import { isLocalRepo } from '../local.js';
import type { CopyOutput } from '../local-copy.js';
import { runLocalTask } from '../local-worker.js';
import { ensureCache, folderBytes, PROMISOR, withCache } from './cache.js';
import type { GitLimits } from './limits.js';
import { gitRecords, remoteSaid, runGit } from './run-git.js';

/** What git says when the repository or the network is at fault, not the cache. */
const REMOTE_FAULT =
  /couldn't find remote ref|not found|does not appear to be a git repository|could not read from remote|authentication|unable to access|could not resolve|permission denied|connection|not allowed|unsupported/i;

/** What copying a local repository took (local-copy.ts), and how long. */
export type LocalCopy = CopyOutput & { ms: number };

/**
 * The private copy of a local repository that git reads instead of the repository (local-copy.ts:
 * a folder a tenant can change is never what git opens). Beside the project's cache, in the data folder.
 */
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
