/**
 * The data folder's disk (src/host/disk.ts) in-process: its states at their thresholds, the
 * sentences that say them, what is refused in each, the watch, and which statements write.
 * statfs is replaced here (the free space is set by the test), so every threshold is exact;
 * disk-full.test.ts fills a real tmpfs under a built `docsnav serve`, which a mutant never reaches.
 */
import type { StatsFs } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The free space statfs reports (bavail blocks of bsize), or the error it throws; undefined: the real statfs. */
const disk: { bavail?: number; bsize: number; error?: Error; dirs: string[] } = { bsize: 4096, dirs: [] };

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const statfsSync = (dir: string): StatsFs => {
    disk.dirs.push(dir);
    if (disk.error) throw disk.error;
    if (disk.bavail === undefined) return fs.statfsSync(dir);
    return { ...fs.statfsSync('/'), bavail: disk.bavail, bsize: disk.bsize };
  };
  return { ...fs, default: { ...fs, statfsSync }, statfsSync };
});

const { DiskFull, DiskSpace, writes } = await import('../src/host/disk.js');

const MB = 1024 * 1024;
/** Sets the free space to `bytes` (in blocks of 1 byte, so any count is exact). */
function free(bytes: number): void {
  disk.bsize = 1;
  disk.bavail = bytes;
  disk.error = undefined;
}

afterEach(() => {
  disk.bavail = undefined;
  disk.error = undefined;
  disk.dirs = [];
  vi.useRealTimers();
});

describe('DiskSpace: the states', () => {
  it('is ok before its first check, with no limit known', () => {
    const space = new DiskSpace('/data', 100 * MB);
    expect(space.reading).toEqual({ state: 'ok', free: Number.POSITIVE_INFINITY });
    expect(space.holdsDatabase).toBe(false);
    expect(disk.dirs).toEqual([]);
  });

  it('reads the free space of its folder: blocks an unprivileged process may write times their size', () => {
    disk.bsize = 4096;
    disk.bavail = 1000;
    const space = new DiskSpace('/srv/docsnav', 1);
    expect(space.check()).toEqual({ state: 'ok', free: 4_096_000 });
    expect(space.reading).toEqual({ state: 'ok', free: 4_096_000 });
    expect(disk.dirs).toEqual(['/srv/docsnav']);
  });

  it('has its floor at half of --min-free-disk, rounded down', () => {
    expect(new DiskSpace('/d', 100).floor).toBe(50);
    expect(new DiskSpace('/d', 101).floor).toBe(50);
    expect(new DiskSpace('/d', 1).floor).toBe(0);
  });

  // --min-free-disk 100 bytes: low under 100, full under 50 (only where the embedded database is).
  it.each([
    [1000, true, 'ok'],
    [100, true, 'ok'],
    [99, true, 'low'],
    [50, true, 'low'],
    [49, true, 'full'],
    [0, true, 'full'],
    [100, false, 'ok'],
    [99, false, 'low'],
    [50, false, 'low'],
    [49, false, 'low'],
    [0, false, 'low'],
  ] as const)('with %i bytes free (database on the disk: %s) is %s', (bytes, holdsDatabase, state) => {
    free(bytes);
    const space = new DiskSpace('/d', 100);
    space.holdsDatabase = holdsDatabase;
    expect(space.check()).toEqual({ state, free: bytes });
  });

  it('counts a folder it cannot read as ok (the error comes from whatever uses it)', () => {
    disk.error = Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });
    const space = new DiskSpace('/gone', 100);
    space.holdsDatabase = true;
    expect(space.check()).toEqual({ state: 'ok', free: Number.POSITIVE_INFINITY });
  });

  it('reads a real folder with the real statfs', () => {
    const reading = new DiskSpace('/', 1).check();
    expect(reading.state).toBe('ok');
    expect(reading.free).toBeGreaterThan(1);
    expect(Number.isFinite(reading.free)).toBe(true);
  });

  it('tells each change of state once, with the new reading and the state it was in', () => {
    const space = new DiskSpace('/d', 100);
    space.holdsDatabase = true;
    const changes: unknown[] = [];
    space.onChange = (reading, was) => changes.push([{ ...reading }, was]);
    for (const bytes of [500, 400, 80, 70, 10, 20, 90, 200, 300]) {
      free(bytes);
      space.check();
    }
    expect(changes).toEqual([
      [{ state: 'low', free: 80 }, 'ok'],
      [{ state: 'full', free: 10 }, 'low'],
      [{ state: 'low', free: 90 }, 'full'],
      [{ state: 'ok', free: 200 }, 'low'],
    ]);
  });

  it('checks without anyone told', () => {
    free(10);
    const space = new DiskSpace('/d', 100);
    expect(space.check()).toEqual({ state: 'low', free: 10 });
  });
});

describe('DiskSpace: what it says and refuses', () => {
  it.each([
    [{ state: 'ok', free: 1.25 * MB }, 'the disk of the data folder has 1.3 MB free'],
    [{ state: 'ok', free: 1.24 * MB }, 'the disk of the data folder has 1.2 MB free'],
    [{ state: 'ok', free: 0 }, 'the disk of the data folder has 0 MB free'],
    [{ state: 'ok', free: 3 * 1024 * MB }, 'the disk of the data folder has 3072 MB free'],
    [
      { state: 'low', free: 150 * MB },
      'the disk of the data folder has 150 MB free, under --min-free-disk (256 MB): deployments are refused until space is freed',
    ],
    [
      { state: 'full', free: 100.04 * MB },
      'the disk of the data folder has 100 MB free, under half of --min-free-disk (256 MB): the database is read-only and deployments are refused until space is freed',
    ],
  ] as const)('describes %j as %j', (reading, sentence) => {
    expect(new DiskSpace('/d', 256 * MB).describe(reading)).toBe(sentence);
  });

  it('describes its last reading by default', () => {
    const space = new DiskSpace('/d', 2 * MB);
    space.holdsDatabase = true;
    free(0.5 * MB);
    space.check();
    expect(space.describe()).toBe(
      'the disk of the data folder has 0.5 MB free, under half of --min-free-disk (2 MB): the database is read-only and deployments are refused until space is freed',
    );
  });

  /** What `refuse` throws (its name and message), or 'none'. */
  const thrown = (refuse: () => void): string => {
    try {
      refuse();
    } catch (error) {
      expect(error).toBeInstanceOf(DiskFull);
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
    return 'none';
  };

  it.each([
    [3 * MB, 'none', 'none'],
    [2 * MB, 'none', 'none'],
    [1.5 * MB, 'DiskFull: the disk of the data folder has 1.5 MB free, under --min-free-disk (2 MB): deployments are refused until space is freed', 'none'],
    [
      0.25 * MB,
      'DiskFull: the disk of the data folder has 0.3 MB free, under half of --min-free-disk (2 MB): the database is read-only and deployments are refused until space is freed',
      'DiskFull: the disk of the data folder has 0.3 MB free, under half of --min-free-disk (2 MB): the database is read-only and deployments are refused until space is freed',
    ],
  ])('with %i bytes free refuses a deployment with %j and a write with %j', (bytes, deployment, write) => {
    const space = new DiskSpace('/d', 2 * MB);
    space.holdsDatabase = true;
    free(bytes);
    expect(thrown(() => space.refuseDeployment())).toBe(deployment);
    // Each refusal reads the disk again: the space comes back by itself.
    free(3 * MB);
    expect(thrown(() => space.refuseWrite())).toBe('none');
    free(bytes);
    expect(thrown(() => space.refuseWrite())).toBe(write);
    expect(disk.dirs).toEqual(['/d', '/d', '/d']);
  });
});

describe('DiskSpace: the watch', () => {
  it('reads the disk at once and then every interval, until stopped', () => {
    vi.useFakeTimers();
    const space = new DiskSpace('/d', 100);
    free(500);
    space.watch(1000);
    expect(disk.dirs).toHaveLength(1);
    expect(space.reading).toEqual({ state: 'ok', free: 500 });
    free(60);
    vi.advanceTimersByTime(999);
    expect(space.reading).toEqual({ state: 'ok', free: 500 });
    vi.advanceTimersByTime(1);
    expect(space.reading).toEqual({ state: 'low', free: 60 });
    // Watched again: one more reading at once, and still one interval.
    space.watch(1000);
    expect(disk.dirs).toHaveLength(3);
    vi.advanceTimersByTime(1000);
    expect(disk.dirs).toHaveLength(4);
    space.stop();
    free(500);
    vi.advanceTimersByTime(10_000);
    expect(space.reading).toEqual({ state: 'low', free: 60 });
    expect(disk.dirs).toHaveLength(4);
    // And watched again after a stop.
    space.watch(1000);
    vi.advanceTimersByTime(1000);
    expect(disk.dirs).toHaveLength(6);
    space.stop();
  });

  it('reads every 2 s by default', () => {
    vi.useFakeTimers();
    const space = new DiskSpace('/d', 100);
    free(500);
    space.watch();
    vi.advanceTimersByTime(1999);
    expect(disk.dirs).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(disk.dirs).toHaveLength(2);
    space.stop();
  });
});

describe('writes: which statements may write', () => {
  it.each([
    ['SELECT 1', false],
    ['select * from projects where id = $1', false],
    ['\n  SELECT updated_at, deleted, inserted FROM pages', false],
    ['\tWITH t AS (SELECT 1) SELECT * FROM t', false],
    ['SHOW server_version', false],
    ['EXPLAIN SELECT * FROM jobs', false],
    ['SELECTION', true],
    ['INSERT INTO jobs (id) VALUES ($1)', true],
    ['UPDATE jobs SET state = $1', true],
    ['DELETE FROM jobs', true],
    ['CREATE TABLE t AS SELECT 1', true],
    ['VACUUM', true],
    ['WITH moved AS (DELETE FROM jobs RETURNING id) SELECT count(*) FROM moved', true],
    ['with t as (insert into x values (1) returning *) select * from t', true],
    ['SELECT * FROM jobs FOR UPDATE SKIP LOCKED', true],
    ['SELECT * FROM jobs FOR NO KEY UPDATE', true],
    ['SELECT * FROM jobs FOR SHARE', true],
    ['SELECT * FROM jobs FOR KEY SHARE', true],
    ['SELECT * FROM jobs FOR\n  KEY\n  SHARE', true],
    ['SELECT * FROM jobs for  share', true],
    ['SELECT * FROM shares', false],
    ['SELECT pg_notify($1, $2)', true],
    ['SELECT nextval($1)', true],
    ['SELECT setval($1, 10)', true],
    ['SELECT my_nextval_count FROM t', false],
  ])('%j: %s', (sql, expected) => {
    expect(writes(sql)).toBe(expected);
  });
});
