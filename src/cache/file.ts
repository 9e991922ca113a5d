/**
 * The cache's files, in a folder of the cache's own: read only from real files in real folders,
 * written only as new real files renamed into place, each a header line with a keyed checksum
 * (HMAC-SHA-256 with this user's cache key, src/cache/key.ts) of its body. So any edit of a file
 * (by hand, by another tool, a copy cut short, one committed to the repository under check) is a
 * miss, and a cache folder or file that is a symbolic link (one a cloned repository can carry,
 * pointing outside the clone) is never read nor written through: that run keeps no cache, and
 * says so once. A cache folder another user owns, or that the group or others may write, is
 * refused the same way (its owner, or anyone who may write it, could put files there or swap
 * them), as the server refuses such a data folder (server/src/host/data-folder.ts).
 *
 * Every file is opened, made, renamed and removed relative to an opened folder descriptor, never
 * by a path checked first: Node has no `openat(2)`, so on Linux the path used is
 * `/proc/self/fd/<fd>/<name>`, the folder's descriptor (opened O_DIRECTORY | O_NOFOLLOW, one
 * folder at a time from `owned`, and checked with fstat) standing for the folder. A folder
 * swapped for a symbolic link after it was opened is not followed: the descriptor still names
 * the folder that was checked. Elsewhere (no /proc) each path is checked with lstat as it is used.
 *
 * `owned`: the folder from which every folder down to the cache's is docsnav's to make (the
 * project's folder for `node_modules/.cache/docsnav`): each must be a real folder or missing.
 * Folders above it are the user's, symbolic links or not.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { errorCode, readBounded } from '../files.js';

/** The first bytes of every cache file, then the keyed checksum of what follows the line. */
const MAGIC = 'docsnav-cache hmac-sha256:';
/** A cache file bigger than this is not read (it is no cache docsnav wrote for a site it can check). */
const MAX_CACHE_FILE_BYTES = 1024 * 1024 * 1024;
/** Opening a folder: never through a symbolic link, never blocking. */
const FOLDER_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);
/** Opening a file to read: never through a symbolic link, never blocking on a FIFO. */
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0);
/** Making a file: a new one only (never an existing file or link), never through a link. */
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
/** Whether folders can stand for themselves by descriptor (`/proc/self/fd/<fd>`): Linux. */
const BY_DESCRIPTOR = process.platform === 'linux' && existsSync('/proc/self/fd');

/** A folder the cache opened: the path that stands for it (`/proc/self/fd/<fd>` on Linux) and its descriptor. */
interface OpenFolder {
  fd: number;
  base: string;
}

/** Why a folder or file (`stats`, from fstat of what was opened) is not this user's alone; undefined when it is. `others`: the bits no one else may have. */
export function notOwnBy(stats: Pick<Stats, 'uid' | 'mode'>, what: string, others = 0o022): string | undefined {
  const me = process.getuid?.();
  // Windows has no user ids nor mode bits to check.
  if (me === undefined) return undefined;
  if (stats.uid !== me) return `${what} belongs to user ${stats.uid}, not to this process's user (${me})`;
  if ((stats.mode & others) !== 0)
    return `${what} may be ${others & 0o044 ? 'read or written' : 'written'} by other users (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')})`;
  return undefined;
}

export class CacheFolder {
  /** Why the cache is not used this run (a symbolic link on the way, a folder not the user's), once found; undefined while it is. */
  private refusedFor: string | undefined;
  /** Folders opened this run, by path relative to `folder` (`''`: the folder itself). */
  private readonly open = new Map<string, OpenFolder>();
  /** Files kept open for reads at offsets (packs), by name. */
  private readonly files = new Map<string, number | undefined>();

  constructor(
    readonly folder: string,
    private readonly owned: string = folder,
    /** The key of the checksums (src/cache/key.ts): undefined, no file is read or written. */
    private readonly key?: Buffer,
  ) {
    this.folder = path.resolve(folder);
    this.owned = path.resolve(owned);
  }

  /** Why the cache was not usable this run (a symbolic link, a folder another user owns or may write), when it was not. */
  get refusal(): string | undefined {
    return this.refusedFor;
  }

  /** The body of `name` (a path under the folder, `/`-separated) when it is a real file whose keyed checksum holds; else undefined. */
  load(name: string): string | undefined {
    const bytes = this.loadRaw(name, MAX_CACHE_FILE_BYTES);
    return bytes && this.checkedBody(bytes);
  }

  /** The bytes of `name` when it is a regular file (no link followed) of at most `max` bytes; `check` says why its fstat is not fit (then nothing is read). */
  loadRaw(name: string, max: number, check?: (stats: Stats, at: string) => string | undefined): Buffer | undefined {
    const fd = this.openFile(name);
    if (fd === undefined) return undefined;
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile() || stats.size > max) return undefined;
      const why = check?.(stats, path.join(this.folder, name));
      if (why !== undefined) return void this.refuse(why);
      const read = readBounded(fd, stats.size, max);
      return read.ok ? read.bytes : undefined;
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  /**
   * `length` bytes at `offset` of `name` (a pack), its descriptor kept open for the run's other
   * reads (`close`); undefined when the file is not there, not regular, or shorter (torn).
   */
  loadAt(name: string, offset: number, length: number): Buffer | undefined {
    if (!this.files.has(name)) {
      const fd = this.openFile(name);
      this.files.set(name, fd !== undefined && fstatSync(fd).isFile() ? fd : (fd !== undefined && closeSync(fd), undefined));
    }
    const fd = this.files.get(name);
    if (fd === undefined) return undefined;
    const bytes = Buffer.allocUnsafe(length);
    let total = 0;
    try {
      while (total < length) {
        const n = readSync(fd, bytes, total, length - total, offset + total);
        if (n === 0) return undefined;
        total += n;
      }
    } catch {
      return undefined;
    }
    return bytes;
  }

  /** Opens a file under the folder to read (no link followed); undefined when it cannot be (a link: the cache refused). */
  private openFile(name: string): number | undefined {
    const at = this.placeOf(name, false);
    if (at === undefined) return undefined;
    try {
      return openSync(at, READ_FLAGS);
    } catch (error) {
      if (errorCode(error) === 'ELOOP') this.refuse(`${path.join(this.folder, name)} is a symbolic link`);
      return undefined;
    }
  }

  /**
   * Writes `body` as the whole of `name`, with its keyed checksum (a `Buffer`: as it is, a pack
   * whose parts the index checks): a new file (O_EXCL | O_NOFOLLOW: never an existing file or
   * link) in the same opened folder, renamed over the old one. Throws on an I/O error (the new
   * file removed; the old one stays); writes nothing when the cache is refused.
   */
  save(name: string, body: string | Buffer): void {
    const temporary = `${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const to = this.placeOf(temporary, true);
    if (to === undefined) return;
    let parts: Buffer[];
    if (typeof body === 'string') {
      if (!this.key) return;
      const text = Buffer.from(body, 'utf8');
      parts = [Buffer.from(`${MAGIC}${this.mac(text)}\n`, 'utf8'), text];
    } else parts = [body];
    try {
      const fd = openSync(to, CREATE_FLAGS, 0o600);
      try {
        for (const part of parts) writeAll(fd, part);
      } finally {
        closeSync(fd);
      }
      // rename(2) replaces a link at `name` itself, never what it points at.
      renameSync(to, this.placeOf(name, true)!);
    } finally {
      rmSync(to, { force: true });
    }
  }

  /** Makes `name` hold `bytes` when there is no such file (link(2) of a new file: the first one made stays); false when one was there. */
  saveNew(name: string, bytes: Buffer): boolean {
    const temporary = `${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const to = this.placeOf(temporary, true);
    if (to === undefined) return false;
    try {
      const fd = openSync(to, CREATE_FLAGS, 0o600);
      try {
        writeAll(fd, bytes);
      } finally {
        closeSync(fd);
      }
      linkSync(to, this.placeOf(name, true)!);
      return true;
    } catch (error) {
      if (errorCode(error) === 'EEXIST') return false;
      throw error;
    } finally {
      rmSync(to, { force: true });
    }
  }

  /** The names of the regular files in a subfolder (`/`-separated; `''`: the folder), with their modification times; none when it is not there. */
  list(subfolder: string): Array<{ name: string; mtimeMs: number }> {
    const folder = this.opened(subfolder, false);
    if (!folder) return [];
    try {
      return readdirSync(folder.base, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => ({ name: entry.name, mtimeMs: lstatSync(path.join(folder.base, entry.name)).mtimeMs }));
    } catch {
      return [];
    }
  }

  /**
   * Removes files the cache no longer uses, each relative to its opened folder: a folder swapped
   * for a link since it was opened is not followed, and unlink(2) removes a link, never what it
   * points at.
   */
  remove(names: Iterable<string>): void {
    if (this.refusedFor !== undefined) return;
    for (const name of names) {
      const at = this.placeOf(name, false);
      if (at === undefined) continue;
      try {
        unlinkSync(at);
      } catch {
        // Gone already (another run dropped it), or not ours to remove: either way not kept.
      }
    }
  }

  /** Closes what this run opened (a later use opens the folders again, checked again). */
  close(): void {
    for (const fd of this.files.values()) if (fd !== undefined) closeSync(fd);
    this.files.clear();
    for (const { fd } of this.open.values()) if (fd >= 0) closeSync(fd);
    this.open.clear();
  }

  /** The keyed checksum of a body (base64url). */
  mac(body: Buffer): string {
    return createHmac('sha256', this.key!).update(body).digest('base64url');
  }

  /** The body after a cache file's header line when its keyed checksum holds; else undefined. */
  private checkedBody(bytes: Buffer): string | undefined {
    if (!this.key) return undefined;
    const newline = bytes.indexOf(10);
    if (newline < 0) return undefined;
    const header = bytes.subarray(0, newline).toString('utf8');
    if (!header.startsWith(MAGIC)) return undefined;
    const body = bytes.subarray(newline + 1);
    return this.mac(body) === header.slice(MAGIC.length) ? body.toString('utf8') : undefined;
  }

  /** The path that stands for `name` in its opened folder (made when `make`); undefined when the folder is not there or the cache is refused. */
  private placeOf(name: string, make: boolean): string | undefined {
    const parts = name.split('/');
    const folder = this.opened(parts.slice(0, -1).join('/'), make);
    return folder && path.join(folder.base, parts.at(-1)!);
  }

  private refuse(why: string): void {
    this.refusedFor ??= why;
  }

  /**
   * The folder `relative` (to `folder`), opened one folder at a time from `owned`, each relative
   * to the one above it, never through a symbolic link; made (mode 0700) when `make`. The cache
   * folder and those under it must be this user's alone (owned, not writable by others). Throws
   * when a file stands where a folder must be and `make` (a write says why).
   */
  private opened(relative: string, make: boolean): OpenFolder | undefined {
    if (this.refusedFor !== undefined) return undefined;
    const known = this.open.get(relative);
    if (known) return known;
    const down = path.relative(this.owned, path.join(this.folder, ...relative.split('/')));
    if (down.split(path.sep)[0] === '..' || path.isAbsolute(down)) return undefined;
    const mine = path.relative(this.owned, this.folder).split(path.sep).filter(Boolean).length;
    let at = this.owned;
    let above: OpenFolder | undefined;
    const steps = down === '' ? [] : down.split(path.sep);
    try {
      // `owned` is the user's (a symbolic link to it is theirs to make): opened by its path.
      if (!existsSync(this.owned)) {
        if (!make) return undefined;
        mkdirSync(this.owned, { recursive: true, mode: 0o700 });
      }
      above = this.openOne(this.owned, this.owned, steps.length === 0 && mine === 0, false);
      if (!above) return undefined;
      for (const [i, step] of steps.entries()) {
        const next = this.openOne(path.join(above.base, step), (at = path.join(at, step)), i + 1 >= mine, make);
        closeUnlessKept(above, this.open);
        if (!next) return undefined;
        above = next;
      }
    } catch (error) {
      if (above) closeUnlessKept(above, this.open);
      // A file where a folder should be, a folder that cannot be read: no cache to read; a write says why.
      if (make) throw error;
      return undefined;
    }
    this.open.set(relative, above);
    return above;
  }

  /** One folder opened (`place`: its path through the folder above, `shown`: its path), made when missing and `make`; checked to be this user's alone when `checked`. */
  private openOne(place: string, shown: string, checked: boolean, make: boolean): OpenFolder | undefined {
    if (process.platform === 'win32') return this.checkedByPath(shown, make);
    let fd: number;
    try {
      fd = openSync(place, place === shown && shown === this.owned ? constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) : FOLDER_FLAGS);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' && make) {
        try {
          mkdirSync(place, { mode: 0o700 });
        } catch (made) {
          // Made by another run in the meantime: opened and checked below like any other.
          if (errorCode(made) !== 'EEXIST') throw made;
        }
        return this.openOne(place, shown, checked, false);
      }
      if (code === 'ENOENT') return undefined;
      if (code === 'ELOOP' || (code === 'ENOTDIR' && lstatSync(place, { throwIfNoEntry: false })?.isSymbolicLink())) {
        this.refuse(`${shown} is a symbolic link`);
        return undefined;
      }
      if (code === 'ENOTDIR') throw Object.assign(new Error(`ENOTDIR: ${shown} is not a folder`), { code: 'ENOTDIR' });
      throw error;
    }
    const stats = fstatSync(fd);
    const why = checked ? notOwnBy(stats, shown) : undefined;
    if (!stats.isDirectory() || why !== undefined) {
      closeSync(fd);
      if (why !== undefined) this.refuse(why);
      return undefined;
    }
    // Linux: the descriptor's own path, which names this folder whatever becomes of `shown`. Elsewhere: the path, checked now.
    return { fd, base: BY_DESCRIPTOR ? `/proc/self/fd/${fd}` : shown };
  }

  /** Windows, where a folder cannot be opened as a file: the folder checked by its path (lstat: no link), made when missing and `make`; no descriptor. */
  private checkedByPath(shown: string, make: boolean): OpenFolder | undefined {
    let stats = lstatSync(shown, { throwIfNoEntry: false });
    if (!stats && make) {
      mkdirSync(shown, { recursive: true });
      stats = lstatSync(shown);
    }
    if (!stats) return undefined;
    if (stats.isSymbolicLink() && shown !== this.owned) return void this.refuse(`${shown} is a symbolic link`);
    if (!stats.isDirectory() && !stats.isSymbolicLink()) {
      if (make) throw Object.assign(new Error(`ENOTDIR: ${shown} is not a folder`), { code: 'ENOTDIR' });
      return undefined;
    }
    return { fd: -1, base: shown };
  }
}

function closeUnlessKept(folder: OpenFolder, open: ReadonlyMap<string, OpenFolder>): void {
  for (const kept of open.values()) if (kept === folder) return;
  if (folder.fd >= 0) closeSync(folder.fd);
}

/** A digest of a pack's part (base64url, 128 bits): the index, itself under the keyed checksum, says what each part's is. */
export function partDigest(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
}
