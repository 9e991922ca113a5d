import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import type { DiskSpace } from '../host/disk.js';
import { writes } from '../host/disk.js';
import { storableParams } from './storable.js';
import { StoreError, type Store } from './store.js';

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
export async function openPglite(dbDir: string, options: { disk?: DiskSpace } = {}): Promise<Store> {
  const state = checkDatabaseFolder(dbDir);
  let db: PGlite;
  try {
    compileWasmForMemory();
    const { PGlite } = await import('@electric-sql/pglite');
    db = await PGlite.create(dbDir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])] });
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
  const run =
    (target: Pick<PGlite, 'query'>) =>
    async <Row>(sql: string, params?: readonly unknown[]) => {
      if (disk && writes(sql)) disk.refuseWrite();
      return (await target.query<Row>(sql, storableParams(params))).rows;
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
