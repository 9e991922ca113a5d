import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, realpathSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A real small file system for a test file's full-disk cases: a 4 MB tmpfs mounted before its
 * tests and removed after (mounting needs root: `enabled` false mounts nothing). `path` is its
 * folder once mounted.
 */
export function smallDisk(enabled: boolean, prefix: string): { readonly path: string } {
  const disk = { path: '' };
  beforeAll(() => {
    if (!enabled) return;
    disk.path = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', disk.path], { encoding: 'utf8' });
    if (mounted.status !== 0) throw new Error(`mount: ${mounted.stderr}`);
  });
  afterAll(() => {
    if (!disk.path) return;
    spawnSync('umount', [disk.path]);
    rmSync(disk.path, { recursive: true, force: true });
  });
  return disk;
}

/** Fills the file system of `mount` until `left` bytes are free (a file of zeros, written until it is full). */
export function fillUntil(mount: string, file: string, left: number): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) {
      const stats = statfsSync(mount);
      const free = stats.bavail * stats.bsize;
      if (free <= left) break;
      writeSync(fd, chunk, 0, Math.min(chunk.length, free - left));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}
