/**
 * An I/O error as one line says it: what happened and what to do, then the code (`ENOENT` alone
 * says neither). For the CLI's "cannot read …" and "cannot write …" messages.
 */
const READING: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder; check the path',
  ENOTDIR: 'a part of the path is a file, not a folder; check the path',
  EISDIR: 'that is a folder, and a file is wanted; name the file',
  EACCES: 'permission denied; run as a user who may read it, or change its permissions',
  EPERM: 'permission denied; run as a user who may read it, or change its permissions',
  ELOOP: 'too many symbolic links in the path (a loop?); check the path',
  EMFILE: 'too many files open; raise the limit (ulimit -n) or open fewer at once',
};

const WRITING: Readonly<Record<string, string>> = {
  ...READING,
  ENOENT: 'its folder does not exist; create it, or write somewhere else',
  EACCES: 'permission denied; run as a user who may write there, or write somewhere else',
  EPERM: 'permission denied; run as a user who may write there, or write somewhere else',
  EROFS: 'the file system is read-only; write somewhere else',
  ENOSPC: 'the disk is full; free some space, or write somewhere else',
  EDQUOT: 'the disk quota is used up; free some space, or write somewhere else',
};

/**
 * Whether an error says the way to a path cannot be walked: a file where a folder should be
 * (ENOTDIR), a loop of symbolic links (ELOOP), a folder that may not be searched (EACCES). What is
 * looked for there cannot be there, as far as this user can tell.
 */
export function isUnwalkablePath(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOTDIR' || code === 'ELOOP' || code === 'EACCES';
}

/** `what happened; what to do (CODE)`, or the error's own message when it has no known code. */
export function ioErrorText(error: unknown, mode: 'read' | 'write'): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (typeof code !== 'string') return (error as Error)?.message ?? String(error);
  const hint = (mode === 'read' ? READING : WRITING)[code];
  return hint ? `${hint} (${code})` : code;
}
