/**
 * A file's stamp as the page scan store and a kept run compare it: taken without opening the file
 * (`statStamp`, `diskState`), and the file read again only while it is the same (`readSameFile`).
 */
import { closeSync, constants, fstatSync, lstatSync, openSync } from 'node:fs';
import { errorCode, readBounded, type FileStamp } from '../files.js';

/** A value of a stamp's shape (a stamp kept in a cache file, read back). */
export function isFileStamp(value: unknown): value is FileStamp {
  const stamp = value as Partial<FileStamp> | undefined;
  return typeof stamp?.size === 'number' && typeof stamp.mtimeMs === 'number' && typeof stamp.ino === 'number';
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
    const stats = lstatSync(absolutePath, { throwIfNoEntry: false });
    if (!stats) return 'missing';
    return stats.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino } : 'other';
  } catch (error) {
    return errorCode(error) === 'ENOTDIR' ? 'missing' : 'other';
  }
}

/**
 * Reads a file again that a `diskReader` read before, only when it is still that file: the file
 * opened (no symlink followed, no blocking) has the same inode, size and modification time as
 * `stamp`. The same inode is the same file, which was inside the docs root when it was read, so
 * the path is not resolved again. Undefined for anything else (changed, gone, not regular).
 */
export function readSameFile(absolutePath: string, stamp: FileStamp): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(absolutePath, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.ino !== stamp.ino || stats.size !== stamp.size || stats.mtimeMs !== stamp.mtimeMs) return undefined;
    const read = readBounded(fd, stats.size, stats.size);
    return read.ok && read.bytes.length === stats.size ? read.bytes : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
