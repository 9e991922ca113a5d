import { DEFAULT_GIT_LIMITS, type GitLimits } from '../repository/operations/limits.js';
import type { DiskSpace } from '../host/disk.js';
import type { ThreadLimits } from '../analysis/library-threads.js';

/** How a worker runs jobs; every number here can be set from the CLI (`docsnav serve --help`). */
export interface WorkerSettings {
  /** Folder of the git caches and worktrees (this process's data folder). */
  dataDir: string;
  /** How long a claimed job is ours without renewal; renewed every third of it. */
  leaseMs: number;
  /** Polling interval when no NOTIFY arrives. */
  pollMs: number;
  /** How often expired leases are swept. */
  sweepMs: number;
  /** Jobs run at once by one process. */
  concurrency: number;
  git: GitLimits;
  /** The library's work on a repository (checking, fixing) runs in a thread with these limits. */
  check: ThreadLimits;
  /** Most pages a deployment stores (a clear failure past it). */
  maxPages: number;
  /**
   * Largest page file (.md, .mdx). A 45 MB page took 10 s to deploy and held the embedded
   * database 1.4 s in one write (no /healthz answered meanwhile); the largest page of the corpus
   * repositories is 0.7 MB.
   */
  maxPageBytes: number;
  /** The data folder's disk: no deployment starts or goes on below its --min-free-disk, no job is claimed when it is full. */
  disk?: DiskSpace;
  /** Deployments per project whose texts, trees and indexes are kept (the current one and those before it). */
  keepDeployments: number;
}

const DEFAULT_MAX_PAGES = 100_000;
/** The current deployment and the one before it. */
const DEFAULT_KEEP_DEPLOYMENTS = 2;

export function workerSettings(
  dataDir: string,
  overrides: Partial<Omit<WorkerSettings, 'dataDir' | 'git' | 'check'>> & { git?: Partial<GitLimits>; check?: Partial<ThreadLimits> } = {},
): WorkerSettings {
  return {
    dataDir,
    leaseMs: 30_000,
    pollMs: 2_000,
    sweepMs: 5_000,
    concurrency: 2,
    maxPages: DEFAULT_MAX_PAGES,
    maxPageBytes: 4 * 1024 * 1024,
    keepDeployments: DEFAULT_KEEP_DEPLOYMENTS,
    ...overrides,
    git: { ...DEFAULT_GIT_LIMITS, ...overrides.git },
    check: { timeoutMs: 120_000, maxHeapMb: 1024, ...overrides.check },
  };
}
