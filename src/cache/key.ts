/**
 * This user's cache key: 32 random bytes in `<user's cache folder>/docsnav/key` (mode 0600, made
 * on first use), which every cache file's checksum is keyed with (src/cache/file.ts). A cache is
 * trusted only when this machine's user wrote it: one that came with the repository under check
 * (a `.docsnav-cache/` or `node_modules/.cache` committed in a pull request), or that another user
 * made, has no checksum that holds, and is no cache. The key lives outside any work tree, in a
 * folder that must be the user's alone; a key file another user owns or may read is refused.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { CacheFolder, notOwnBy } from './file.js';

const KEY_BYTES = 32;
const KEY_NAME = 'key';

/** `$XDG_CACHE_HOME` or `~/.cache`; `%LOCALAPPDATA%` on Windows; `~/Library/Caches` on macOS. */
export function userCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  if (process.platform === 'win32') return env.LOCALAPPDATA || path.join(os.homedir(), 'AppData', 'Local');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches');
  // XDG says a relative path is to be ignored.
  const xdg = env.XDG_CACHE_HOME;
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache');
}

/** This user's cache key (read, else made), or why there is none (a key or folder not the user's alone, or none could be made). Read once per process. */
export function cacheKey(): { key: Buffer } | { refused: string } {
  const home = userCacheFolder();
  const cached = keys.get(home);
  if (cached) return cached;
  const folder = new CacheFolder(path.join(home, 'docsnav'), home);
  // Not the user's alone: read by others (the key), or written by them (the file, or its folder).
  const check = (stats: { uid: number; mode: number }, at: string) => notOwnBy(stats, at, 0o077);
  let key: Buffer | undefined;
  let failed: string | undefined;
  try {
    key = folder.loadRaw(KEY_NAME, KEY_BYTES, check);
    if (key?.length !== KEY_BYTES && folder.refusal === undefined) {
      folder.saveNew(KEY_NAME, randomBytes(KEY_BYTES));
      key = folder.loadRaw(KEY_NAME, KEY_BYTES, check);
    }
  } catch (error) {
    failed = `no cache key could be made in ${folder.folder}: ${(error as Error).message}`;
  } finally {
    folder.close();
  }
  const found = key?.length === KEY_BYTES ? { key } : { refused: folder.refusal ?? failed ?? `${path.join(folder.folder, KEY_NAME)} is no cache key` };
  keys.set(home, found);
  return found;
}

const keys = new Map<string, { key: Buffer } | { refused: string }>();
