/**
 * The cache's files, in a folder of the cache's own: read only from real files in real folders,
 * written only as new real files renamed into place, each a header line with a checksum of its
 * body. So any edit of a file (by hand, by another tool, a copy cut short) is a miss, and a cache
 * folder or file that is a symbolic link (one a cloned repository can carry, pointing outside
 * the clone) is never read nor written through: that run keeps no cache, and says so once.
 *
 * `owned`: the folder from which every folder down to the cache's is docsnav's to make (the
 * project's folder for `node_modules/.cache/docsnav`): each must be a real folder or missing.
 * Folders above it are the user's, symbolic links or not.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../files.js';

/** The first bytes of every cache file, then the checksum of what follows the line. */
const MAGIC = 'docsnav-cache sha256:';
/** A cache file bigger than this is not read (it is no cache docsnav wrote for a site it can check). */
const MAX_CACHE_FILE_BYTES = 1024 * 1024 * 1024;

export class CacheFolder {
  /** Why the cache is not used this run (a symbolic link on the way), once found; undefined while it is. */
  private refusedFor: string | undefined;
  /** Folders found real (or made) this run, by absolute path. */
  private readonly real = new Set<string>();

  constructor(
    readonly folder: string,
    private readonly owned: string = folder,
  ) {
    this.folder = path.resolve(folder);
    this.owned = path.resolve(owned);
  }

  /** The path that made the cache unusable this run (a symbolic link), when one did. */
  get refusal(): string | undefined {
    return this.refusedFor;
  }

  /** The body of `name` (a path under the folder, `/`-separated) when it is a real file whose checksum holds; else undefined. */
  read(name: string): string | undefined {
    const file = this.pathOf(name);
    if (!this.foldersReal(path.dirname(file), false)) return undefined;
    const read = readRegularFile(file, MAX_CACHE_FILE_BYTES);
    if (!read.ok && read.reason === 'symlink') this.refuse(file);
    return read.ok ? checkedBody(read.bytes) : undefined;
  }

  /**
   * Writes `body` as the whole of `name`: a new file (`wx`: never an existing file or link) in the
   * same real folder, renamed over the old one. Throws on an I/O error; writes nothing when the
   * folder or the file is a symbolic link (the cache is then refused for the run).
   */
  write(name: string, body: string): void {
    const file = this.pathOf(name);
    if (!this.foldersReal(path.dirname(file), true)) return;
    const there = lstatSync(file, { throwIfNoEntry: false });
    if (there?.isSymbolicLink()) return this.refuse(file);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const text = Buffer.from(body, 'utf8');
    const header = Buffer.from(`${MAGIC}${createHash('sha256').update(text).digest('base64url')}\n`, 'utf8');
    try {
      const fd = openSync(temporary, 'wx');
      try {
        writeAll(fd, header);
        writeAll(fd, text);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, file);
    } finally {
      rmSync(temporary, { force: true });
    }
  }

  /** The names of the regular files in a subfolder (`/`-separated), for dropping what no entry uses; none when it is not a real folder. */
  list(subfolder: string): string[] {
    const folder = this.pathOf(subfolder);
    if (!this.foldersReal(folder, false)) return [];
    try {
      return readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
    } catch {
      return [];
    }
  }

  /** Removes files the cache no longer uses (an unlink removes a link, never what it points at). */
  remove(names: Iterable<string>): void {
    if (this.refusedFor !== undefined) return;
    for (const name of names) {
      try {
        unlinkSync(this.pathOf(name));
      } catch {
        // Gone already (another run dropped it), or not ours to remove: either way not kept.
      }
    }
  }

  private pathOf(name: string): string {
    return path.join(this.folder, ...name.split('/'));
  }

  private refuse(at: string): void {
    this.refusedFor ??= at;
  }

  /**
   * True when every folder from `owned` (exclusive: it is the user's) down to `folder` is a real
   * folder, making the missing ones when `make`; false at a symbolic link (the cache is then
   * refused for the run), and when one is missing and not made.
   */
  private foldersReal(folder: string, make: boolean): boolean {
    if (this.refusedFor !== undefined) return false;
    if (this.real.has(folder)) return true;
    const relative = path.relative(this.owned, folder);
    if (relative.split(path.sep)[0] === '..' || path.isAbsolute(relative)) return false;
    try {
      return this.makeReal(relative, make);
    } catch (error) {
      // A file where a folder should be, a folder that cannot be read: no cache to read; a write says why.
      if (make) throw error;
      return false;
    }
  }

  private makeReal(relative: string, make: boolean): boolean {
    if (!this.real.has(this.owned)) {
      if (!lstatSync(this.owned, { throwIfNoEntry: false })) {
        if (!make) return false;
        mkdirSync(this.owned, { recursive: true });
      }
      this.real.add(this.owned);
    }
    let at = this.owned;
    for (const part of relative === '' ? [] : relative.split(path.sep)) {
      at = path.join(at, part);
      if (this.real.has(at)) continue;
      let stats = lstatSync(at, { throwIfNoEntry: false });
      if (!stats) {
        if (!make) return false;
        try {
          mkdirSync(at);
        } catch (error) {
          // Made by another run in the meantime: checked below like any other.
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        stats = lstatSync(at);
      }
      if (stats.isSymbolicLink()) {
        this.refuse(at);
        return false;
      }
      if (!stats.isDirectory()) {
        if (make) throw Object.assign(new Error(`${at} is not a folder`), { code: 'ENOTDIR' });
        return false;
      }
      this.real.add(at);
    }
    return true;
  }
}

/** The body after a cache file's header line when its checksum holds; else undefined. */
function checkedBody(bytes: Buffer): string | undefined {
  const newline = bytes.indexOf(10);
  if (newline < 0) return undefined;
  const header = bytes.subarray(0, newline).toString('utf8');
  if (!header.startsWith(MAGIC)) return undefined;
  const body = bytes.subarray(newline + 1);
  return createHash('sha256').update(body).digest('base64url') === header.slice(MAGIC.length) ? body.toString('utf8') : undefined;
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
}
