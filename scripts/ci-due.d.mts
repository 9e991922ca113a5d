// Types of ci-due.mjs (plain JavaScript: .ci/run runs it before anything is built).

/** Whether the step that guards `rooms` is due in the repository at `root`, against the commit `base`. */
export function due(options: {
  root: string;
  base: string;
  rooms: string[];
}): { due: boolean; why: string; error?: undefined } | { error: string; due?: undefined; why?: undefined };

/** The command line: `args` (after the script's name) in the repository at `root`; the exit code and what goes to standard output and error. */
export function commandLine(args: string[], root: string): { code: number; stdout: string; stderr: string };
