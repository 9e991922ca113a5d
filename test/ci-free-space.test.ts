/**
 * .ci/free-space, CI's first step: enough free space on each folder's filesystem, or one line and
 * exit 2 before anything runs. On real filesystems: tmpfs mounts of a set size (mounting takes
 * root, as CI has), and the one this clone is on.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = path.join(ROOT, '.ci', 'free-space');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function run(bound: string | undefined, ...where: string[]) {
  const env = { ...process.env };
  delete env.DOCSNAV_CI_MIN_FREE_GB;
  if (bound !== undefined) env.DOCSNAV_CI_MIN_FREE_GB = bound;
  const result = spawnSync('bash', [SCRIPT, ...where], { encoding: 'utf8', env });
  return { status: result.status, out: result.stdout + result.stderr };
}

function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'free-space-'));
  folders.push(made);
  return made;
}

/** A tmpfs of this size mounted on a new folder, unmounted by the callback's end. */
function withTmpfs<T>(size: string, body: (mount: string) => T): T {
  const mount = folder();
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mount]);
  try {
    return body(mount);
  } finally {
    execFileSync('umount', [mount]);
  }
}

describe('.ci/free-space', () => {
  it('passes with the default bound (10 GB) where that much is free, saying how much each has', () => {
    const free = Number(execFileSync('df', ['-Pk', ROOT], { encoding: 'utf8' }).split('\n')[1].split(/\s+/)[3]);
    const result = run(undefined, ROOT, ROOT);
    if (free >= 10 * 1048576) {
      expect(result.status).toBe(0);
      expect(result.out).toBe(`ci: ${Math.floor(free / 1048576)} GB free on the filesystem of ${ROOT}\n`.repeat(2));
    } else {
      expect(result.status).toBe(2);
    }
  });

  it('stops with exit 2 and one line when a filesystem has less than the bound', () => {
    const result = run('100000', ROOT);
    expect(result.status).toBe(2);
    expect(result.out).toMatch(
      new RegExp(
        `^ci: \\d+ MB free on the filesystem of ${ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, under 100000 GB \\(a run takes about 7 GB at its peak\\): free some first \\(leftover test folders: \\$TMPDIR/docsnav-tests-\\*\\), or set DOCSNAV_CI_MIN_FREE_GB\\n$`,
      ),
    );
  });

  it('a folder that does not exist, and a bound that is not a whole number, stop it with one line', () => {
    const absent = path.join(folder(), 'absent');
    expect(run('1', absent)).toEqual({ status: 2, out: `ci: cannot tell the free space of ${absent} (df failed): does it exist?\n` });
    for (const bound of ['x', '1.5', '-1', '10 GB']) {
      expect(run(bound, ROOT)).toEqual({ status: 2, out: `ci: DOCSNAV_CI_MIN_FREE_GB must be a whole number of GB, not "${bound}"\n` });
    }
  });

  describe.runIf(process.getuid?.() === 0)('on filesystems of a set size (tmpfs)', () => {
    it('each folder is checked: a small one after a big one stops it, naming the small one', () => {
      withTmpfs('2g', (big) =>
        withTmpfs('64m', (small) => {
          expect(run('1', big)).toEqual({ status: 0, out: `ci: 2 GB free on the filesystem of ${big}\n` });
          const result = run('1', big, small);
          expect(result.status).toBe(2);
          expect(result.out.split('\n')).toEqual([
            `ci: 2 GB free on the filesystem of ${big}`,
            `ci: 64 MB free on the filesystem of ${small}, under 1 GB (a run takes about 7 GB at its peak): free some first (leftover test folders: $TMPDIR/docsnav-tests-*), or set DOCSNAV_CI_MIN_FREE_GB`,
            '',
          ]);
        }),
      );
    });

    it('exactly the bound passes; a kilobyte under it stops it', () => {
      withTmpfs('1g', (mount) => {
        expect(run('1', mount)).toEqual({ status: 0, out: `ci: 1 GB free on the filesystem of ${mount}\n` });
        writeFileSync(path.join(mount, 'fill'), Buffer.alloc(4096));
        expect(run('1', mount).status).toBe(2);
      });
    });
  });

  it('.ci/run checks the temporary folder and the clone before its first phase', () => {
    const ci = readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8');
    const check = ci.indexOf('\nbash .ci/free-space "${TMPDIR:-/tmp}" "$PWD"\n');
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(ci.indexOf('\nphase "phase 1'));
  });
});
