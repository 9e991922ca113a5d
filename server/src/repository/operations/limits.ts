/** How far git may go for a project: time, sizes, files, and the local folders a repository may be in. No I/O. */

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
