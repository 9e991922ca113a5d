import { DataFolder } from '../host/data-folder.js';
import type { DiskSpace } from '../host/disk.js';
import { redactUrl } from '../messages/redact.js';
import { migrate } from './migrate.js';
import type { CheckpointEvents } from './pglite.js';
import { StoreError, type Store } from './store.js';

export interface StoreLocation {
  /** `postgres://…`: a PostgreSQL server instead of the embedded database. */
  database?: string;
  /** The data folder this process holds (the embedded database lives in it). */
  folder?: DataFolder;
  /** Or its path: the folder is taken here and given up when the store closes. */
  data?: string;
  /** The data folder's disk: the embedded database takes no write when it is (nearly) full. */
  disk?: DiskSpace;
  /** The embedded database's checkpoints failing and working again (the server log). */
  checkpoints?: CheckpointEvents;
}

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Opens the store the location names and brings its schema up to date. */
export async function openStore(location: StoreLocation): Promise<Store> {
  let store: Store;
  let owned: DataFolder | undefined;
  if (location.database !== undefined) {
    if (!isPostgresUrl(location.database)) throw new StoreError(`--database takes a postgres:// URL (got "${redactUrl(location.database)}")`);
    store = await (await import('./postgres.js')).openPostgres(location.database);
  } else {
    const folder = location.folder ?? (owned = await DataFolder.open(location.data ?? './.docsnav'));
    try {
      store = await (await import('./pglite.js')).openPglite(folder.dbDir, { disk: location.disk, ...location.checkpoints });
    } catch (error) {
      await owned?.close();
      throw error;
    }
  }
  try {
    await migrate(store);
  } catch (error) {
    await store.close().catch(() => {});
    await owned?.close();
    throw error;
  }
  if (!owned) return store;
  const close = store.close.bind(store);
  return Object.assign(store, {
    close: async () => {
      try {
        await close();
      } finally {
        await owned.close();
      }
    },
  });
}
