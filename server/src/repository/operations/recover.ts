/** After a crash: what killed git commands left in the data folder (processes, worktrees, lock files), cleared before any job runs. */
import { readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isNotThere } from '../errors.js';
import { realpathOr } from '../local.js';
import { clearLeftovers, withCache } from './cache.js';
import type { GitLimits } from './limits.js';
import { runGit } from './run-git.js';

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
