/**
 * A repair's fix branch pushed to the project's repository: with an explicit refspec and no
 * client hook; into a local repository without git running there (the pack and the branch are
 * written pinned, by local-copy.ts in a worker thread).
 */
import { readdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { GitError } from '../errors.js';
import { isValidBranch } from '../guards.js';
import { isLocalRepo } from '../local.js';
import { runLocalTask } from '../local-worker.js';
import type { GitLimits } from './limits.js';
import { remoteSaid, runGit } from './run-git.js';

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
