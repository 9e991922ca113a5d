/**
 * The one way docsnav writes a user's file (`validate --fix`, `upgrade`, `mv` and its journal):
 * never half written and never through a link. The bytes go to a new file (create-exclusive, no
 * link followed), are synced, then put in place in one step (a rename over the file, or a link
 * where nothing may be), and the folder is synced. After a full disk, a signal or kill -9, the old
 * state or the new one remains (at worst a temporary file beside it).
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';

/** How a new file is made: the mode and owner of `like` (else `mode`, default 0o666 less the umask), synced unless `sync` is false. */
export interface NewFileOptions {
  like?: Stats;
  mode?: number;
  /** False: the caller syncs it later (`syncFile`), after writing others: one flush per file finds little left to do. */
  sync?: boolean;
}

/**
 * Writes `bytes` as a new file: never an existing one, never through a link (EEXIST, ELOOP). On
 * any error (a full disk: ENOSPC) the file is removed and the error thrown.
 */
export function writeNewFile(file: string, bytes: Buffer | string, options: NewFileOptions = {}): void {
  const mode = options.like ? options.like.mode & 0o7777 : (options.mode ?? 0o666);
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    if (options.like) {
      fchmodSync(fd, mode);
      if (process.getuid?.() === 0) fchownSync(fd, options.like.uid, options.like.gid);
    }
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent: always converting copies a Buffer into the same bytes, and Buffer.from(text, '') is UTF-8 too; never converting ('string' made '', or false) is seen by the full disk (test/write-file-new.test.ts: characters counted for bytes).
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    for (let written = 0; written < data.length;) written += writeSync(fd, data, written, data.length - written);
    if (options.sync !== false) fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(file);
    throw error;
  }
  closeSync(fd);
}

/** Writes `text` as a new file: refuses (EEXIST) when anything is there, a dangling symbolic link included. */
export function createNewFile(file: string, text: string | Buffer): void {
  // link(2) fails on any existing name and follows no link: create-exclusive, and atomic.
  withTemporary(file, text, undefined, (temporary) => linkSync(temporary, file));
}

/**
 * Puts `text` in place of `file`, with its mode (and owner, as root) kept: a symbolic link there is
 * replaced by the file, never written through.
 */
export function replaceFile(file: string, text: string | Buffer): void {
  withTemporary(file, text, lstatOrUndefined(file), (temporary) => renameSync(temporary, file));
}

function withTemporary(file: string, text: string | Buffer, like: Stats | undefined, place: (temporary: string) => void): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.docsnav-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeNewFile(temporary, text, like?.isFile() ? { like } : {});
    place(temporary);
    syncFolder(path.dirname(file));
  } finally {
    rmSync(temporary, { force: true });
  }
}

function lstatOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A file's data flushed to disk (never through a link). */
export function syncFile(file: string): void {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A folder flushed (a rename is on disk once its folder is); one gone since is nothing to flush. */
export function syncFolder(folder: string): void {
  let fd: number;
  try {
    fd = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
