/**
 * The tasks a local-repository thread runs (local-thread.ts), in one registry: their names, what
 * each takes and gives, and the messages between the threads.
 */
import { GitError, LocalRepoError } from './errors.js';
import { copyLocalRepo, localBranches, readLocalBranch, writeLocalBranch } from './local-copy.js';

const localTasks = {
  copy: copyLocalRepo,
  branches: localBranches,
  readBranch: readLocalBranch,
  writeBranch: writeLocalBranch,
} satisfies Record<string, (input: never) => unknown>;

export type LocalTaskName = keyof typeof localTasks;
export type LocalTaskInput<T extends LocalTaskName> = Parameters<(typeof localTasks)[T]>[0];
export type LocalTaskOutput<T extends LocalTaskName> = ReturnType<(typeof localTasks)[T]>;

/** What the thread is sent: one task. */
export interface LocalTaskMessage {
  task: LocalTaskName;
  input: unknown;
}

/** What it posts back: the output, or why it failed (`refused`: a LocalRepoError; `git`: a GitError). */
export type LocalTaskResult = { ok: true; output: unknown } | { ok: false; kind: 'refused' | 'git' | 'other'; message: string };

/**
 * Runs one task (in the thread, local-thread.ts) and gives what the thread posts back: its output,
 * or its error as a result (a refusal and a git failure kept apart from any other error, which the
 * main thread words as a repository that could not be read).
 */
export function runLocalTaskHere({ task, input }: LocalTaskMessage): LocalTaskResult {
  try {
    return { ok: true, output: (localTasks[task] as (input: unknown) => unknown)(input) };
  } catch (error) {
    return {
      ok: false,
      kind: error instanceof LocalRepoError ? 'refused' : error instanceof GitError ? 'git' : 'other',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
