/**
 * What the cache knows a file by without reading it: its stamp, the size, the modification and
 * change times to the nanosecond and the inode, as git's index keeps them. A tool can put a
 * modification time back (`touch -r`, `cp -p`, `rsync -t`); none can put back the change time,
 * which every write and every change of the times sets to now.
 *
 * A stamp says nothing of an edit made within the same tick of the file system's clock as the
 * stamp's times (a file written, checked and written again in one tick keeps all four): such a
 * file is "racily clean", as git calls it. A stamp whose times are not older than the run that
 * took it by RACY_MS is kept with a hash of the file's bytes, and the file is known unchanged
 * by that hash, never by the stamp alone (src/cache/opened-store.ts, src/cache/replay.ts).
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync } from 'node:fs';
import { errorCode, readBounded, stampOf, type FileStamp } from '../files.js';

/**
 * How much older than the run a file's times must be for its stamp alone to know it: the file
 * system's clock ticks coarsely (a jiffy on Linux; a second on ext3 and HFS+, two on FAT), and
 * a run's clock is not the file system's.
 */
const RACY_MS = 2000;

/** The clock a run's start is read from (a test moves it, to stand for files written long before the run). */
export const runClock = { now: (): number => Date.now() };

/** A stamp as the cache files keep it: `size:mtimeNs:ctimeNs:ino`, compared as text. */
export function stampText(stamp: FileStamp): string {
  return `${stamp.size}:${stamp.mtimeNs}:${stamp.ctimeNs}:${stamp.ino}`;
}

/** A stamp text's shape (a cache file's, read back). */
export function isStampText(value: unknown): value is string {
  return typeof value === 'string' && /^\d+:\d+:\d+:\d+$/.test(value);
}

/**
 * True when a stamp taken in a run that started at `runStartMs` (`Date.now()`) cannot tell a
 * later edit: its modification or change time is within RACY_MS of the run's start, or after it.
 */
export function isRacy(stamp: FileStamp, runStartMs: number): boolean {
  const since = BigInt(Math.floor(runStartMs - RACY_MS)) * 1_000_000n;
  return stamp.ctimeNs >= since || stamp.mtimeNs >= since;
}

/** The hash a racily clean file is known by. */
export function bytesHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/**
 * The disk's stamp of a regular file (a symlink is not followed), taken without opening it;
 * undefined for anything else. It reads nothing: a page scan store compares it with the stamp
 * a read through `diskReader` gave, to know a page unchanged without reading it.
 */
export function statStamp(absolutePath: string): FileStamp | undefined {
  const state = diskState(absolutePath);
  return typeof state === 'object' ? state : undefined;
}

/** What is at a path, without opening it: a regular file's stamp, `missing`, or `other` (a folder, a symlink, an error). */
export function diskState(absolutePath: string): FileStamp | 'missing' | 'other' {
  try {
    const stats = lstatSync(absolutePath, { throwIfNoEntry: false, bigint: true });
    if (!stats) return 'missing';
    return stats.isFile() ? stampOf(stats) : 'other';
  } catch (error) {
    return errorCode(error) === 'ENOTDIR' ? 'missing' : 'other';
  }
}

/**
 * Reads a file again that a `diskReader` read before, only when it is still that file: the file
 * opened (no symlink followed, no blocking) has the stamp `stamp` (a `stampText`). The same inode
 * is the same file, which was inside the docs root when it was read, so the path is not resolved
 * again. Undefined for anything else (changed, gone, not regular).
 */
export function readSameFile(absolutePath: string, stamp: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(absolutePath, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile() || stampText(stampOf(stats)) !== stamp) return undefined;
    const size = Number(stats.size);
    const read = readBounded(fd, size, size);
    return read.ok && read.bytes.length === size ? read.bytes : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
