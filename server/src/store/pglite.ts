import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import type { DiskSpace } from '../host/disk.js';
import { writes } from '../host/disk.js';
import { storableParams } from './storable.js';
import { StoreError, type Store } from './store.js';
import type { Logger } from '../host/log.js';

/** The PostgreSQL major version of the PGlite release in package.json (0.5.x: PostgreSQL 18). */
export const PGLITE_POSTGRES_VERSION = '18';

/**
 * PostgreSQL's memory settings for the embedded database. PGlite's defaults are a server's
 * (shared_buffers 128 MB, maintenance_work_mem 64 MB): its buffer pool alone made the WASM heap
 * 188 MB and the idle process ~300 MB, and WASM memory never shrinks once touched. docsnav's
 * database is small (the texts of each project's current deployment, keys, jobs, threads; 75 MB
 * with the three corpus repositories), read once per deployment into the search index and
 * otherwise by key, so a small pool costs little: the files it would cache are in the operating
 * system's page cache, shared, and counted once.
 */
export const PGLITE_MEMORY_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB', 'work_mem=2MB', 'temp_buffers=2MB'];

/**
 * The embedded database's write-ahead log, kept small (issue 52 item 4). PGlite is PostgreSQL in
 * single-user mode: no checkpointer runs, so nothing ever checkpointed and `pg_wal` grew by a
 * 16 MB segment at a time for good (12 redeploys of a 323-page site: 65 MB of a 99 MB data
 * folder, on its way to PostgreSQL's default `max_wal_size` of 1 GB and past it). docsnav asks
 * for a checkpoint itself: after each retention pass (store/retention.ts), and whenever
 * `WAL_CHECKPOINT_BYTES` of WAL were written since the last one (`walBound`), so `pg_wal` holds
 * about that plus the segment being written. After a checkpoint the segments it no longer needs
 * are deleted, not kept for reuse (`wal_recycle=off`: a recycled segment is 16 MB of disk that
 * `du` counts whatever it holds), and a new segment is not filled with zeros first
 * (`wal_init_zero=off`: its blocks are taken as WAL is written, as on a copy-on-write file
 * system). `min_wal_size`/`max_wal_size` say the same bound to PostgreSQL (they size recycling;
 * nothing is recycled). A crash loses nothing: a checkpoint only lets PostgreSQL forget WAL whose
 * changes are already in the table files.
 */
export const PGLITE_WAL_SETTINGS = ['wal_recycle=off', 'wal_init_zero=off', 'min_wal_size=32MB', 'max_wal_size=64MB'];
/**
 * WAL written since the last checkpoint that makes the next write ask for one: 32 MB, two
 * segments. Smaller would checkpoint (write the dirty buffers, ≤ shared_buffers' 16 MB, on the
 * main thread) several times per deployment of a large site; larger is disk an operator sees for
 * nothing. A 323-page site's deployment writes ~20 MB of WAL.
 */
export const WAL_CHECKPOINT_BYTES = 32 * 2 ** 20;
/** Least time between two looks at how much WAL was written (one short query each). */
const WAL_LOOK_MS = 1_000;

/**
 * PostgreSQL's WebAssembly is compiled by V8's baseline compiler only (Liftoff), without tiering
 * hot functions up to the optimizing compiler: that code and its compilation held ~50 MB of the
 * process (store open 163-203 -> 132 MB RSS here). Deploying the three corpus repositories was
 * no slower that this shared machine could tell (mintlify 3.4-8.2 s either way), nor a query
 * over all 18,000 sections (16-18 ms). The flag is read when a module is compiled; the server
 * compiles no other WebAssembly.
 */
function compileWasmForMemory(): void {
  setFlagsFromString('--liftoff-only');
}

/** What a database folder must hold besides its tables: without any of them it is a partial copy. */
const REQUIRED = [
  { name: 'PG_VERSION', kind: 'file' },
  { name: 'global/pg_control', kind: 'file' },
  { name: 'base', kind: 'folder' },
  { name: 'pg_wal', kind: 'folder' },
  { name: 'pg_xact', kind: 'folder' },
] as const;

/**
 * Whether `dbDir` is a new database folder (missing or empty) or a complete one; throws one line
 * for anything else. PGlite itself would create a new, empty database over a folder that lost
 * its PG_VERSION (a partial copy or restore), and the projects, keys and deployments in it
 * would be gone without an error.
 */
export function checkDatabaseFolder(dbDir: string): 'new' | 'existing' {
  let entries: string[];
  try {
    entries = readdirSync(dbDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'new';
    throw new StoreError(`cannot read the embedded database ${dbDir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (entries.length === 0) return 'new';
  const missing = REQUIRED.filter(({ name, kind }) => {
    try {
      const stats = statSync(path.join(dbDir, name));
      return kind === 'file' ? !stats.isFile() : !stats.isDirectory();
    } catch {
      return true;
    }
  }).map(({ name }) => name);
  if (missing.length > 0) {
    throw new StoreError(
      `${dbDir} is not a complete database (no ${missing.join(', ')}): a partial copy or restore? docsnav will not start a new one over it; restore the whole folder from a backup, or move it away to start empty`,
    );
  }
  const version = readFileSync(path.join(dbDir, 'PG_VERSION'), 'utf8').trim();
  if (version !== PGLITE_POSTGRES_VERSION) {
    throw new StoreError(
      `${dbDir} holds a PostgreSQL ${version} database; this docsnav's embedded database is PostgreSQL ${PGLITE_POSTGRES_VERSION} (move it to a PostgreSQL ${version} server with pg_dump, or use the docsnav that made it)`,
    );
  }
  return 'existing';
}

/**
 * PGlite (PostgreSQL in WebAssembly) in `dbDir`. It is one process's database: two processes on
 * one folder lose writes without an error, so the caller holds the data folder's lock.
 */
export async function openPglite(dbDir: string, options: { disk?: DiskSpace } & CheckpointEvents = {}): Promise<Store> {
  const state = checkDatabaseFolder(dbDir);
  let db: PGlite;
  try {
    compileWasmForMemory();
    const { PGlite } = await import('@electric-sql/pglite');
    db = await PGlite.create(dbDir, {
      startParams: [...PGlite.defaultStartParams, ...[...PGLITE_MEMORY_SETTINGS, ...PGLITE_WAL_SETTINGS].flatMap((setting) => ['-c', setting])],
    });
  } catch (error) {
    const why = (error as Error)?.message?.split('\n')[0] ?? String(error);
    throw new StoreError(
      state === 'new'
        ? `cannot create the embedded database in ${dbDir}: ${why}`
        : `cannot open the embedded database in ${dbDir} (${why}): it may be damaged; restore the folder from a backup`,
    );
  }
  // A write on a disk below the floor is refused before PGlite sees it: PGlite never recovers
  // from a WAL write that failed for want of space (disk.ts).
  const { disk } = options;
  if (disk) disk.holdsDatabase = true;
  const wal = walBound(db, disk, options);
  const run =
    (target: Pick<PGlite, 'query'>) =>
    async <Row>(sql: string, params?: readonly unknown[]) => {
      const writing = writes(sql);
      if (disk && writing) disk.refuseWrite();
      const rows = (await target.query<Row>(sql, storableParams(params))).rows;
      if (writing) wal.wrote();
      return rows;
    };
  return {
    driver: 'pglite',
    query: run(db),
    transaction: (work) => db.transaction((tx) => work({ query: run(tx) })),
    async listen(channel, onMessage) {
      const stop = await db.listen(channel, onMessage);
      return () => stop();
    },
    async exec(sql) {
      disk?.refuseWrite();
      await db.exec(sql);
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
}

/** The longest wait between two checkpoint attempts while they keep failing (ms). */
const WAL_RETRY_MAX_MS = 60_000;

/** What the embedded database tells the server's log: its checkpoints failing, and working again. */
export interface CheckpointEvents {
  /** The first failure of a run of them (then tried again with a growing wait, up to a minute). */
  onCheckpointFailed?: (error: string) => void;
  /** The first success after a run of failures, and how many there were. */
  onCheckpointRecovered?: (failures: number) => void;
}

/** The checkpoint events as lines of the server's log: a warning when a run of failures starts, a line when one works again. */
export function loggedCheckpoints(log: Logger): CheckpointEvents {
  return {
    onCheckpointFailed: (error) =>
      log.warn({ err: error.split('\n')[0] }, 'the embedded database could not checkpoint its WAL: tried again less and less often, up to every minute'),
    onCheckpointRecovered: (failures) => log.info({ failures }, 'the embedded database checkpointed its WAL again'),
  };
}

/**
 * Checkpoints the embedded database when `WAL_CHECKPOINT_BYTES` of WAL were written since the
 * last checkpoint: looked at after a write, at most every `WAL_LOOK_MS`, never while a
 * checkpoint runs, nor on a disk below the floor (a checkpoint writes). Off the caller's path: a
 * write does not wait for it (it waits its turn behind a transaction under way). A look that
 * fails (not a database closed meanwhile) is told once per run of failures, and the wait before
 * the next doubles, up to `WAL_RETRY_MAX_MS`, until one works (told too).
 */
function walBound(db: PGlite, disk: DiskSpace | undefined, events: CheckpointEvents): { wrote: () => void } {
  let lookedAt = 0;
  let running = false;
  let failures = 0;
  let waitMs = WAL_LOOK_MS;
  const look = async () => {
    try {
      const rows = (
        await db.query<{ bytes: string | number }>(
          `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (SELECT redo_lsn FROM pg_control_checkpoint())) AS bytes`,
        )
      ).rows;
      if (Number(rows[0]?.bytes) >= WAL_CHECKPOINT_BYTES && !db.closed) await db.query('CHECKPOINT');
      if (failures > 0) events.onCheckpointRecovered?.(failures);
      failures = 0;
      waitMs = WAL_LOOK_MS;
    } catch (error) {
      // Closed meanwhile: nothing to tell. Otherwise (a full disk, a database error) told once, and looked at less often.
      if (db.closed) return;
      if (failures++ === 0) events.onCheckpointFailed?.((error as Error)?.message ?? String(error));
      waitMs = Math.min(waitMs * 2, WAL_RETRY_MAX_MS);
    } finally {
      running = false;
    }
  };
  return {
    wrote() {
      const now = Date.now();
      if (running || now - lookedAt < waitMs || db.closed || disk?.reading.state === 'full') return;
      lookedAt = now;
      running = true;
      void look();
    },
  };
}
