/**
 * Where a docs root's checker listens, and the owner checks both sides make before trusting it.
 * One socket per user and docs root: `$XDG_RUNTIME_DIR/docsnav/<hash of the root>.sock` (the
 * runtime folder is the user's alone, mode 0700, by the XDG spec), else
 * `<user's cache folder>/docsnav/daemon/…`; never a shared /tmp path another user could make first.
 *
 * Why there is no check-then-use race: the folder is opened once (O_DIRECTORY | O_NOFOLLOW: a
 * symbolic link is refused) and checked through that descriptor (its owner is this user, no
 * group or other bits); everything after names the socket as `/proc/self/fd/<fd>/<name>`, which is
 * inside the very folder checked, whatever becomes of its path. Only its owner (and root) can add,
 * replace or rename entries in a folder of mode 0700, so the socket's lstat (a socket, this user's,
 * no group or other bits) still holds when connect() follows the same name. Without /proc (macOS),
 * the path is checked and used, and the folder's parent must be the user's too.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, type Stats } from 'node:fs';
import path from 'node:path';
import { userCacheFolder } from '../cache/key.js';
import { notOwnBy } from '../cache/file.js';

const BY_DESCRIPTOR = process.platform === 'linux';

/** The folder that holds this user's sockets. */
export function socketFolder(env: NodeJS.ProcessEnv = process.env): string {
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && path.isAbsolute(runtime)) return path.join(runtime, 'docsnav');
  return path.join(userCacheFolder(env), 'docsnav', 'daemon');
}

/** The socket's file name for a docs root (an absolute, real path). */
export function socketName(root: string): string {
  return `${createHash('sha256').update(root).digest('hex').slice(0, 16)}.sock`;
}

/** An opened, checked socket folder: `at(name)` is a path that names an entry of that very folder. */
export interface CheckedFolder {
  folder: string;
  at(name: string): string;
  close(): void;
}

/** A refusal: the folder or socket is not this user's alone; one line. */
export class NotOwnError extends Error {}

/**
 * Opens the socket folder and checks it is a folder (not a link), this user's, with no group or
 * other bits. Undefined when it does not exist (and `make` is false); NotOwnError when refused.
 */
export function openSocketFolder(folder: string, make: boolean): CheckedFolder | undefined {
  if (make) {
    mkdirSync(path.dirname(folder), { recursive: true, mode: 0o700 });
    try {
      mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  if (!BY_DESCRIPTOR) {
    const stats = lstatSync(folder, { throwIfNoEntry: false });
    if (stats === undefined) return undefined;
    refuseUnlessOwn(stats, folder, 'folder');
    const parent = lstatSync(path.dirname(folder));
    const why = notOwnBy(parent, `the daemon folder's parent ${path.dirname(folder)}`);
    if (why !== undefined) throw new NotOwnError(why);
    return { folder, at: (name) => path.join(folder, name), close: () => {} };
  }
  let fd: number;
  try {
    fd = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP' || code === 'ENOTDIR') throw new NotOwnError(`the daemon folder ${folder} is not a folder (a symbolic link?)`);
    throw error;
  }
  try {
    refuseUnlessOwn(fstatSync(fd), folder, 'folder');
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return { folder, at: (name) => `/proc/self/fd/${fd}/${name}`, close: () => closeSync(fd) };
}

/** The socket inside a checked folder: a socket (not a link), this user's, no group or other bits; undefined when there is none. */
export function checkSocket(folder: CheckedFolder, name: string): string | undefined {
  const at = folder.at(name);
  const stats = lstatSync(at, { throwIfNoEntry: false });
  if (stats === undefined) return undefined;
  if (!stats.isSocket()) throw new NotOwnError(`${path.join(folder.folder, name)} is not a socket`);
  refuseUnlessOwn(stats, path.join(folder.folder, name), 'socket');
  return at;
}

function refuseUnlessOwn(stats: Stats, shown: string, what: 'folder' | 'socket'): void {
  if (what === 'folder' && !stats.isDirectory()) throw new NotOwnError(`the daemon folder ${shown} is not a folder`);
  const why = notOwnBy(stats, `the daemon ${what} ${shown}`, 0o077);
  if (why !== undefined) throw new NotOwnError(why);
}
