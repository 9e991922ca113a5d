// Types of mutate-machine.mjs (plain JavaScript: scripts/mutate.mjs runs it before anything is built).
import type { BuildCheck } from './fresh-build.mjs';
import type { Machine } from './mutate-program.mjs';

export function buildFresh(checks: readonly BuildCheck[], say: (line: string) => void): string | undefined;

export function mutateMachine(given: {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  root: string;
  out?: { log: (line: string) => void; error: (line: string) => void };
  checks?: readonly BuildCheck[];
}): Machine;
