/**
 * A project's bare cache of its repository (not `--mirror`: a mirror's push deletes remote
 * branches), in the data folder: made on first use (`core.symlinks=false`: a checkout never makes
 * a link; a partial cache is a promisor of PROMISOR and may lack blobs), one git command at a time
 * per cache (`withCache`), and cleared of what a killed git leaves (lock files, temporary packs).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { isNotThere } from '../errors.js';
import type { GitLimits } from './limits.js';
import { runGit } from './run-git.js';

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
export function folderBytes(folder: string, limit: number): number {
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

export function withCache<T>(cacheDir: string, work: () => Promise<T>): Promise<T> {
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
export function clearLeftovers(cacheDir: string): void {
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
export const PROMISOR = 'docsnav';

/**
 * The project's bare cache, created on first use; leftovers of a killed git are cleared. A
 * partial cache is a promisor of PROMISOR: it may lack blobs. Call under `withCache`.
 */
export async function ensureCache(cacheDir: string, limits: GitLimits, partial = false): Promise<void> {
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
