/**
 * The data folder's size (src/host/folder-size.ts) in-process: a real folder with every part,
 * hard links, symbolic links and a sparse file, measured by part as du counts it; an entry gone
 * while walked; and the reading reused for 30 s (`read`, `latest`). lstat is watched here (each
 * call recorded, one path made to fail) so a walk is seen starting and an entry can vanish.
 */
import { closeSync, ftruncateSync, linkSync, lstatSync, mkdirSync, openSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers.js';

/** The paths lstat was asked for, and the one it fails on as if gone. */
const watched: { calls: string[]; gone?: string } = { calls: [] };

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const lstat = (async (file: string) => {
    watched.calls.push(file);
    if (file === watched.gone) throw Object.assign(new Error(`ENOENT: no such file or directory, lstat '${file}'`), { code: 'ENOENT' });
    return fs.lstat(file);
  }) as typeof fs.lstat;
  return { ...fs, default: { ...fs, lstat }, lstat };
});

const { DataFolderSize, FOLDER_PARTS, measureFolder } = await import('../src/host/folder-size.js');

afterEach(() => {
  watched.calls = [];
  watched.gone = undefined;
  vi.useRealTimers();
});

/** Bytes the entries hold on disk (blocks of 512), each as lstat sees it. */
const held = (...files: string[]) => files.reduce((total, file) => total + lstatSync(file).blocks * 512, 0);

/** Writes `bytes` bytes to `file` (its parents made). */
function write(file: string, bytes: number): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x'.repeat(bytes));
  return file;
}

/** A data folder with something in every part; returns it and what each part holds. */
function dataFolder() {
  const dir = tempDir('host-folder-size');
  const at = (...names: string[]) => path.join(dir, ...names);
  const db = [at('db'), write(at('db', 'base', '1', '16384'), 20_000), at('db', 'base'), at('db', 'base', '1'), write(at('db', 'PG_VERSION'), 3)];
  // A WAL segment as PGlite makes one: 16 MB long, little of it written (sparse).
  mkdirSync(at('db', 'pg_wal'));
  const segment = at('db', 'pg_wal', '000000010000000000000001');
  const fd = openSync(segment, 'w');
  writeSync(fd, Buffer.alloc(8192, 1));
  ftruncateSync(fd, 16 * 1024 * 1024);
  closeSync(fd);
  const pgWal = [at('db', 'pg_wal'), segment];
  const git = [
    at('git'),
    write(at('git', 'repo.git', 'objects', 'pack', 'pack-1.pack'), 50_000),
    at('git', 'repo.git'),
    at('git', 'repo.git', 'objects'),
    at('git', 'repo.git', 'objects', 'pack'),
  ];
  const checkouts = [at('checkouts'), write(at('checkouts', 'abc', 'docs.json'), 7_000), at('checkouts', 'abc')];
  const worktrees = [at('worktrees'), write(at('worktrees', 'w1', 'page.mdx'), 30_000), at('worktrees', 'w1')];
  linkSync(at('worktrees', 'w1', 'page.mdx'), at('worktrees', 'w1', 'page-again.mdx'));
  linkSync(at('worktrees', 'w1', 'page.mdx'), at('worktrees', 'w1', 'page-third.mdx'));
  // A second hard-linked file (another inode): counted too.
  write(at('worktrees', 'w1', 'other.mdx'), 12_000);
  linkSync(at('worktrees', 'w1', 'other.mdx'), at('worktrees', 'w1', 'other-again.mdx'));
  worktrees.push(at('worktrees', 'w1', 'other.mdx'));
  // A symbolic link to something big: the link counted, not what it leads to.
  symlinkSync(at('git', 'repo.git', 'objects', 'pack', 'pack-1.pack'), at('worktrees', 'w1', 'link.pack'));
  worktrees.push(at('worktrees', 'w1', 'link.pack'));
  const scans = [at('scans'), write(at('scans', 'scan.json'), 9_000)];
  // The rest: the folder itself, files at its top, a folder named after no part, and a top-level
  // pg_wal (only db/pg_wal is the write-ahead log) or "other" (a name, not a part).
  const other = [
    dir,
    write(at('docsnav.sock.txt'), 100),
    at('tmp'),
    write(at('tmp', 'x'), 5_000),
    at('pg_wal'),
    write(at('pg_wal', 'not-the-wal'), 6_000),
    at('other'),
    write(at('other', 'y'), 4_000),
  ];
  const parts = {
    db: held(...db),
    pg_wal: held(...pgWal),
    git: held(...git),
    checkouts: held(...checkouts),
    worktrees: held(...worktrees),
    scans: held(...scans),
    other: held(...other),
  };
  return { dir, at, parts };
}

describe('measureFolder', () => {
  it('counts each part as du does: blocks held, each inode once, links not followed', async () => {
    const { dir, parts } = dataFolder();
    const before = performance.now();
    const size = await measureFolder(dir);
    const took = performance.now() - before;
    expect(size.parts).toEqual(parts);
    expect(Object.keys(size.parts)).toEqual([...FOLDER_PARTS]);
    expect(size.bytes).toBe(Object.values(parts).reduce((a, b) => a + b, 0));
    // The sparse segment holds what was written, not its 16 MB.
    expect(parts.pg_wal).toBeLessThan(1024 * 1024);
    expect(size.ms).toBeGreaterThanOrEqual(0);
    expect(size.ms).toBeLessThanOrEqual(Math.ceil(took));
    expect(Math.abs(size.measuredAt - Date.now())).toBeLessThan(took + 1000);
  });

  it('counts a file that vanished while walked (and all under a folder that did) as nothing', async () => {
    const { dir, at, parts } = dataFolder();
    watched.gone = at('git', 'repo.git');
    expect((await measureFolder(dir)).parts).toEqual({ ...parts, git: held(at('git')) });
    watched.gone = at('scans', 'scan.json');
    expect((await measureFolder(dir)).parts).toEqual({ ...parts, scans: held(at('scans')) });
  });

  it('measures a folder that is not there as nothing', async () => {
    const dir = path.join(tempDir('host-folder-size'), 'missing');
    expect(await measureFolder(dir)).toMatchObject({ bytes: 0, parts: { db: 0, pg_wal: 0, git: 0, checkouts: 0, worktrees: 0, scans: 0, other: 0 } });
    expect(watched.calls).toEqual([dir]);
  });

  it('measures a file given for the folder as itself, in other', async () => {
    const file = write(path.join(tempDir('host-folder-size'), 'file'), 10_000);
    expect((await measureFolder(file)).parts).toEqual({ db: 0, pg_wal: 0, git: 0, checkouts: 0, worktrees: 0, scans: 0, other: held(file) });
  });

  it('does not follow a symbolic link given for the folder', async () => {
    const { dir } = dataFolder();
    const link = path.join(tempDir('host-folder-size'), 'link');
    symlinkSync(dir, link);
    expect((await measureFolder(link)).bytes).toBe(held(link));
  });
});

describe('DataFolderSize', () => {
  /** The walks started (lstat asked for the folder itself) since the last call. */
  function walks(dir: string): number {
    const count = watched.calls.filter((file) => file === dir).length;
    watched.calls = [];
    return count;
  }

  it('reuses a reading for 30 s, then walks again; one walk at a time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const { dir, at } = dataFolder();
    const size = new DataFolderSize(dir);
    const [first, again] = await Promise.all([size.read(), size.read()]);
    expect(first).toBe(again);
    expect(walks(dir)).toBe(1);
    expect(first.measuredAt).toBe(1_000_000);
    write(at('scans', 'more.json'), 40_000);
    vi.setSystemTime(1_029_999);
    expect(await size.read()).toBe(first);
    expect(size.latest()).toBe(first);
    expect(walks(dir)).toBe(0);
    vi.setSystemTime(1_030_000);
    const second = await size.read();
    expect(walks(dir)).toBe(1);
    expect(second.bytes).toBe(first.bytes + held(at('scans', 'more.json')));
    expect(second.measuredAt).toBe(1_030_000);
    // A shorter age when asked: 0 walks every time.
    expect(await size.read(0)).not.toBe(second);
    expect(walks(dir)).toBe(1);
    const third = await size.read(0);
    watched.calls = [];
    vi.setSystemTime(1_030_010);
    expect(await size.read(11)).toBe(third);
    expect(walks(dir)).toBe(0);
    expect(await size.read(10)).not.toBe(third);
    expect(walks(dir)).toBe(1);
  });

  it('latest: nothing before the first reading (which it starts), then the last at once, walked again in the background when 30 s old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(5_000_000);
    const { dir, at } = dataFolder();
    const size = new DataFolderSize(dir);
    expect(size.latest()).toBeUndefined();
    expect(walks(dir)).toBe(1);
    const first = await size.read(); // the walk latest started
    expect(walks(dir)).toBe(0);
    expect(size.latest()).toBe(first);
    write(at('git', 'new.pack'), 60_000);
    vi.setSystemTime(5_029_999);
    expect(size.latest()).toBe(first);
    expect(walks(dir)).toBe(0);
    vi.setSystemTime(5_030_000);
    expect(size.latest()).toBe(first);
    expect(walks(dir)).toBe(1);
    const second = await size.read(); // the walk latest started, not another
    expect(walks(dir)).toBe(0);
    expect(second.bytes).toBe(first.bytes + held(at('git', 'new.pack')));
    expect(size.latest()).toBe(second);
  });

  it('latest of a folder not there: nothing, then a reading of nothing', async () => {
    const size = new DataFolderSize(path.join(tempDir('host-folder-size'), 'missing'));
    expect(size.latest()).toBeUndefined();
    expect((await size.read()).bytes).toBe(0);
  });
});
