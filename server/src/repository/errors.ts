/**
 * How a git step fails, for the guards and the operations alike: a GitError's message is what the
 * user is told; a LocalRepoError is a local repository this server refuses to read.
 */

/** A git step failed for a reason the user can act on; `message` is the deployment's summary. */
export class GitError extends Error {
  override name = 'GitError';
  constructor(
    message: string,
    /** The end of git's stderr, when git ran and failed. */
    readonly stderr = '',
    /** docsnav stopped git (a time or size limit, a cancel): not a sign of a damaged cache. */
    readonly killed = false,
  ) {
    super(message);
  }
}

/** A local repository this server may not read (checkLocalRepo): the operator's allow list, or what the repository reaches. */
export class LocalRepoError extends GitError {
  override name = 'LocalRepoError';
}

/** Whether a file system error says the path is not there (ENOENT): what a catch of "none yet", "gone already" names. */
export function isNotThere(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
