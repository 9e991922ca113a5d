// Types of ci-due.mjs (plain JavaScript: .ci/run runs it before anything is built).

/** Whether the step that guards `rooms` is due in the repository at `root`, against the commit `base`. */
export function due(options: {
  root: string;
  base: string;
  rooms: string[];
}): { due: boolean; why: string; error?: undefined } | { error: string; due?: undefined; why?: undefined };
