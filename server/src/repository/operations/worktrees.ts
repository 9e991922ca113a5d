/** A repair's checkout: a detached worktree of the project's cache, made and removed under the cache's queue. */
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { clearLeftovers, withCache } from './cache.js';
import type { GitLimits } from './limits.js';
import { runGit } from './run-git.js';

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
