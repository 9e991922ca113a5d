/**
 * Folders and files opened without following any symbolic link, each held by its descriptor:
 * what a local repository's copy (local-copy.ts) reads. A name is opened relative to the folder
 * already open, through `/proc/self/fd/<fd>/<name>` (the kernel takes the folder the descriptor
 * holds, not whatever its path names by now: `openat`, which Node does not expose), with
 * `O_NOFOLLOW`; and what was opened is checked on the descriptor itself: its type (`fstat`) and
 * where it is (`readlink /proc/self/fd/<fd>`), which must be exactly the path expected from the
 * allowed folder down, with no link on the way. A folder moved or swapped for a link while it is
 * read shows a path other than expected, and the read is refused: nothing is checked first and
 * used later, the bytes read are those of the descriptor checked.
 *
 * Linux only (`/proc/self/fd`); synchronous, for a worker thread (local-thread.ts). Runs no git.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  opendirSync,
  openSync,
  readlinkSync,
  readSync,
  renameSync,
  unlinkSync,
  type Dirent,
} from 'node:fs';
import path from 'node:path';
import { isNotThere } from './errors.js';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK } = constants;

/** Why a name could not be opened as expected; `relative` is its path below the folder the walk started from. */
export type PinFailure = 'link' | 'missing' | 'not-folder' | 'not-file' | 'moved' | 'unreadable';

export class PinError extends Error {
  override name = 'PinError';
  constructor(
    readonly failure: PinFailure,
    /** The path of what failed, below the allowed folder. */
    readonly relative: string,
    /** The system's error code, when one said why. */
    readonly code?: string,
  ) {
    super(`${relative}: ${failure}${code ? ` (${code})` : ''}`);
  }
}

/** Whether the kernel can pin folders here (`/proc/self/fd`: Linux). */
export function canPin(): boolean {
  try {
    return lstatSync('/proc/self/fd').isDirectory();
  } catch {
    return false;
  }
}

const fdPath = (fd: number) => `/proc/self/fd/${fd}`;

/** A plain name of a folder's entry: no separator, not `.` or `..`. */
function checkName(name: string): void {
  if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0')) throw new Error(`not a plain name: ${JSON.stringify(name)}`);
}

/** Where `fd` is, as the kernel says: the path it was opened at, unless moved, deleted or reached through a link. */
function whereIs(fd: number): string {
  return readlinkSync(fdPath(fd));
}

/** A folder held open. `path` is where it must be; `relative`, that path below the allowed folder (for messages). */
export class PinnedFolder {
  private constructor(
    readonly fd: number,
    readonly path: string,
    readonly relative: string,
  ) {}

  /**
   * An allowed folder, by its real path (the operator's folder, resolved once: the folders above
   * and at an allowed folder are the operator's, not a tenant's).
   */
  static root(realPath: string): PinnedFolder {
    let fd: number;
    try {
      fd = openSync(realPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    } catch (error) {
      throw new PinError('missing', '', (error as NodeJS.ErrnoException).code);
    }
    const folder = new PinnedFolder(fd, realPath, '');
    folder.verify(fd, realPath, '', 'folder');
    return folder;
  }

  private childPath(name: string): { full: string; relative: string } {
    checkName(name);
    return { full: path.join(this.path, name), relative: this.relative ? `${this.relative}/${name}` : name };
  }

  /** Checks that `fd` (just opened) is a `kind` at exactly `expected`; closes it and throws if not. */
  private verify(fd: number, expected: string, relative: string, kind: 'folder' | 'file'): number {
    try {
      const stat = fstatSync(fd);
      if (kind === 'folder' ? !stat.isDirectory() : !stat.isFile()) throw new PinError(kind === 'folder' ? 'not-folder' : 'not-file', relative);
      if (whereIs(fd) !== expected) throw new PinError('moved', relative);
      return stat.size;
    } catch (error) {
      closeSync(fd);
      throw error instanceof PinError ? error : new PinError('unreadable', relative, (error as NodeJS.ErrnoException).code);
    }
  }

  /** Why opening `name` failed: a link (O_NOFOLLOW refused it), nothing there, or the other kind of entry. */
  private failure(name: string, relative: string, error: unknown, kind: 'folder' | 'file'): PinError {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return new PinError('missing', relative, code);
    if (this.kind(name) === 'link') return new PinError('link', relative, code);
    if (code === 'ENOTDIR' || code === 'ELOOP') return new PinError(kind === 'folder' ? 'not-folder' : 'not-file', relative, code);
    return new PinError('unreadable', relative, code);
  }

  /** The folder `name` of this one, opened without following a link. */
  folder(name: string): PinnedFolder {
    const { full, relative } = this.childPath(name);
    let fd: number;
    try {
      fd = openSync(`${fdPath(this.fd)}/${name}`, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    } catch (error) {
      throw this.failure(name, relative, error, 'folder');
    }
    this.verify(fd, full, relative, 'folder');
    return new PinnedFolder(fd, full, relative);
  }

  /**
   * The regular file `name` of this folder, opened without following a link (and without
   * blocking: a FIFO is refused, never waited on); its descriptor and size at opening.
   */
  file(name: string): { fd: number; size: number; relative: string } {
    const { full, relative } = this.childPath(name);
    let fd: number;
    try {
      fd = openSync(`${fdPath(this.fd)}/${name}`, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    } catch (error) {
      throw this.failure(name, relative, error, 'file');
    }
    const size = this.verify(fd, full, relative, 'file');
    return { fd, size, relative };
  }

  /** The text of the regular file `name` (at most `maxBytes`: more is refused), or undefined when there is none. */
  readText(name: string, maxBytes: number): string | undefined {
    let file;
    try {
      file = this.file(name);
    } catch (error) {
      if (error instanceof PinError && error.failure === 'missing') return undefined;
      throw error;
    }
    try {
      if (file.size > maxBytes) throw new PinError('unreadable', file.relative, 'EFBIG');
      const buffer = Buffer.alloc(file.size);
      let got = 0;
      while (got < file.size) {
        const read = readSync(file.fd, buffer, got, file.size - got, got);
        if (read === 0) break;
        got += read;
      }
      return buffer.subarray(0, got).toString('utf8');
    } finally {
      closeSync(file.fd);
    }
  }

  /** What `name` is, without following it; undefined when there is nothing by that name. */
  kind(name: string): 'folder' | 'file' | 'link' | 'other' | undefined {
    checkName(name);
    try {
      const stat = lstatSync(`${fdPath(this.fd)}/${name}`);
      return stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other';
    } catch {
      return undefined;
    }
  }

  /** The size of `name` (not followed if it is a link), or -1 when there is nothing by that name. */
  size(name: string): number {
    checkName(name);
    try {
      return lstatSync(`${fdPath(this.fd)}/${name}`).size;
    } catch {
      return -1;
    }
  }

  /** Where the link `name` points (as written in it). */
  linkTarget(name: string): string | undefined {
    checkName(name);
    try {
      return readlinkSync(`${fdPath(this.fd)}/${name}`);
    } catch {
      return undefined;
    }
  }

  /** The folder's entries, read a few at a time (a folder of a million entries is never held whole). */
  *entries(): Generator<Dirent> {
    const listing = opendirSync(fdPath(this.fd));
    try {
      for (let entry = listing.readSync(); entry; entry = listing.readSync()) yield entry;
    } finally {
      listing.closeSync();
    }
  }

  /** The folder `name` of this one, made when missing (never through a link), then opened as `folder` does. */
  makeFolder(name: string): PinnedFolder {
    checkName(name);
    try {
      mkdirSync(`${fdPath(this.fd)}/${name}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new PinError('unreadable', this.childPath(name).relative, (error as NodeJS.ErrnoException).code);
    }
    return this.folder(name);
  }

  /** A new file `name` for writing: created here (`O_EXCL`: never an existing file, never through a link), checked as opened. */
  createFile(name: string): number {
    const { full, relative } = this.childPath(name);
    let fd: number;
    try {
      fd = openSync(`${fdPath(this.fd)}/${name}`, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o444);
    } catch (error) {
      throw new PinError('unreadable', relative, (error as NodeJS.ErrnoException).code);
    }
    this.verify(fd, full, relative, 'file');
    return fd;
  }

  /** Renames `from` to `to`, both in this folder (neither is followed if it is a link: a link at `to` is replaced). */
  rename(from: string, to: string): void {
    checkName(from);
    checkName(to);
    renameSync(`${fdPath(this.fd)}/${from}`, `${fdPath(this.fd)}/${to}`);
  }

  /** Removes the file `name` of this folder (a link is removed, never followed); nothing when it is gone. */
  remove(name: string): void {
    checkName(name);
    try {
      unlinkSync(`${fdPath(this.fd)}/${name}`);
    } catch (error) {
      // gone already
      if (!isNotThere(error)) throw error;
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Runs `work` with `folder`, closing it after. */
export function using<T>(folder: PinnedFolder, work: (folder: PinnedFolder) => T): T {
  try {
    return work(folder);
  } finally {
    folder.close();
  }
}
