import { execFileSync } from 'node:child_process';

/** A git command that failed, or a ref or folder git cannot use: one line for the user, never a stack trace. */
export class GitError extends Error {
  override name = 'GitError';
  constructor(
    message: string,
    /** The signal that stopped git (Ctrl-C on a terminal reaches git too): the run was interrupted, git did not fail. */
    readonly signal?: NodeJS.Signals,
  ) {
    super(message);
  }
}

interface GitRun {
  /** The folder git runs in. */
  cwd: string;
  /** What goes to its standard input. */
  input?: string;
  /** At most this many bytes of output (default 64 MB). */
  maxBuffer?: number;
}

/**
 * Runs git with an argument array (no shell), its output as bytes. A failure becomes a GitError
 * with git's own first line of complaint (or why it could not start).
 */
export function git(args: readonly string[], run: GitRun): Buffer {
  try {
    return execFileSync('git', args, {
      cwd: run.cwd,
      input: run.input,
      maxBuffer: run.maxBuffer ?? 64 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Plain output whatever the user's config says: no pager, no colour, paths as bytes (-z).
      // Paths are literal (a docs folder named `*` or `:(glob)x` is no pattern).
      env: { ...process.env, GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1', LC_ALL: 'C' },
    });
  } catch (error) {
    const signal = (error as { signal?: NodeJS.Signals | null }).signal ?? undefined;
    throw new GitError(`git ${args[0]} failed: ${signal ? `stopped by ${signal}` : complaintOf(error)}`, signal);
  }
}

/** git's first line on stderr, else what kept it from running (ENOENT: git is not installed). */
function complaintOf(error: unknown): string {
  const failed = error as { stderr?: Buffer; code?: string; message?: string };
  if (failed.code === 'ENOENT') return 'git is not installed (or not on PATH)';
  if (failed.code === 'ENOBUFS') return 'its output is too big';
  const line = failed.stderr
    ?.toString('utf8')
    .split('\n')
    .map((text) => text.trim())
    .find(Boolean);
  return (line ?? failed.message?.split('\n', 1)[0] ?? 'error').replace(/^(fatal|error): /, '');
}

/** The NUL-separated fields of `-z` output (the empty one after the last NUL dropped). */
export function nulFields(output: Buffer): string[] {
  const fields = output.toString('utf8').split('\0');
  if (fields[fields.length - 1] === '') fields.pop();
  return fields;
}
