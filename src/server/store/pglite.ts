import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { StoreError, type Store } from './store.js';

const LOCK_FILE = 'docsnav.lock';

/**
 * PGlite in a folder. PGlite is one process's database: two processes on one folder lose
 * writes without an error, so the folder is locked (a file holding the owner's pid) for as long
 * as the store is open, and a second opener is refused with one clear line.
 */
export async function openPglite(dataDir: string): Promise<Store> {
  mkdirSync(dataDir, { recursive: true });
  const release = takeLock(dataDir);
  let db: PGlite;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    db = await PGlite.create(path.join(dataDir, 'db'));
  } catch (error) {
    release();
    throw error;
  }
  const run =
    (target: Pick<PGlite, 'query'>) =>
    async <Row>(sql: string, params?: readonly unknown[]) =>
      (await target.query<Row>(sql, params as unknown[] | undefined)).rows;
  return {
    driver: 'pglite',
    query: run(db),
    transaction: (work) => db.transaction((tx) => work({ query: run(tx) })),
    async listen(channel, onMessage) {
      const stop = await db.listen(channel, onMessage);
      return () => stop();
    },
    async exec(sql) {
      await db.exec(sql);
    },
    async close() {
      try {
        if (!db.closed) await db.close();
      } finally {
        release();
      }
    },
  };
}

/** Takes `<dataDir>/docsnav.lock` or explains who holds it. Returns the release function. */
export function takeLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new StoreError(`cannot lock ${dataDir}: ${(error as NodeJS.ErrnoException).code}`);
      const owner = Number.parseInt(readSafe(file), 10);
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new StoreError(
          `${dataDir} is in use by another docsnav process (pid ${owner}); the embedded database allows one process: stop it, or use --database postgres://… for several processes`,
        );
      }
      rmSync(file, { force: true }); // left behind by a process that died
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (readSafe(file) === String(process.pid)) rmSync(file, { force: true });
    };
  }
  throw new StoreError(`cannot lock ${dataDir}`);
}

function readSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
