import { readFileSync } from 'node:fs';
import type { CommandThread } from './thread.js';

/** What a command writes to and reads from: the process's streams, or a test's. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTTY: boolean;
  /** All of standard input, for `-`/`--stdin`. */
  readStdin?: () => Promise<string>;
  /** The environment (`GITHUB_STEP_SUMMARY`); default `process.env`. */
  env?: Record<string, string | undefined>;
  /** The CLI's own `run` (run.ts), for a command that runs others (`docsnav daemon`'s checks). */
  run?: (argv: string[], io: CliIo) => Promise<number>;
  /** The command runs on a thread of its own (thread-host.ts): it asks here for a signal at each step, and says how far it has come. */
  thread?: CommandThread;
}

/** A command's implementation: its arguments (after the command's name) in, the exit code out. */
export type CommandRun = (argv: string[], io: CliIo) => Promise<number>;

/** docsnav's version, from its package.json. */
export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
