// Types of mutate-program.mjs (plain JavaScript: scripts/mutate.mjs runs it before anything is built).
import type { Answer } from './mutate-run.mjs';

export function incrementalFileOf(name: string): string;

export function strykerJob(
  name: string,
  mutate: readonly string[],
  env: Record<string, string | undefined>,
): {
  job: {
    name: string;
    configFile: string;
    options: { mutate: string[]; incremental: true; incrementalFile: string; concurrency?: number } & Record<string, unknown>;
  };
  env: Record<string, string | undefined>;
};

/** What the program is given of this machine (scripts/mutate.mjs gives the real ones). */
export interface Machine {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  root: string;
  git: (args: string[]) => { status: number | null; stdout: string; stderr: string };
  runJob: (job: never, env: Record<string, string | undefined>, deadline: number | undefined) => Promise<Answer<unknown>>;
  seedIncremental: (incrementalFile: string, target: string) => string | undefined;
  keepWholeRun: (incrementalFile: string, target: string, row: Record<string, unknown>) => void;
  buildServer: () => string | undefined;
  now: () => number;
  today: () => string;
  log: (line: string) => void;
  error: (line: string) => void;
}

/** The exit code: 0, 1 (under a floor, not measured, Stryker failed), 2 (usage, git, the server's build). */
export function mutateProgram(machine: Machine): Promise<number>;
