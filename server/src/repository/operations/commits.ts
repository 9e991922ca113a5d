/** What a commit in a project's cache holds, read without checking anything out: its message, its files, the sizes of blobs. */
import { GitError } from '../errors.js';
import type { GitLimits } from './limits.js';
import { gitRecords, runGit } from './run-git.js';

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
