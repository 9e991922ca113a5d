// Types of ci-state.mjs (plain JavaScript: .ci/run runs it before anything is installed or built).

/** The folder of CI's record, from the environment. */
export function stateFolder(env: Record<string, string | undefined>): { folder: string | undefined } | { error: string };

/** The base, and the one line that says where it came from. */
export function chooseBase(options: {
  override: string | undefined;
  recorded: string | undefined;
  where: string;
  isAncestor: (commit: string) => boolean;
  fallback: string;
}): { base: string; kind: 'record' | 'fallback' | 'override'; why: string };

/** The command line (`base` or `record`) in the repository at `root`: its exit code. */
export function main(
  argv: readonly string[],
  env?: Record<string, string | undefined>,
  io?: { root?: string; print?: (line: string) => void; say?: (line: string) => void },
): number;
