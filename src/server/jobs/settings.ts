import { DEFAULT_GIT_LIMITS, type GitLimits } from '../git.js';
import type { AnalyzeLimits } from '../analyze-thread.js';

/** How a worker runs jobs; every number here can be set from the CLI. */
export interface WorkerSettings {
  /** Folder of the git caches and worktrees (per machine). */
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
  analyze: AnalyzeLimits;
}

export function workerSettings(dataDir: string, overrides: Partial<Omit<WorkerSettings, 'dataDir'>> = {}): WorkerSettings {
  return {
    dataDir,
    leaseMs: 30_000,
    pollMs: 2_000,
    sweepMs: 5_000,
    concurrency: 2,
    ...overrides,
    git: { ...DEFAULT_GIT_LIMITS, ...overrides.git },
    analyze: { timeoutMs: 120_000, maxHeapMb: 1024, ...overrides.analyze },
  };
}
