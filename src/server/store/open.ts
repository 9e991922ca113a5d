import path from 'node:path';
import { migrate } from './migrate.js';
import { StoreError, type Store } from './store.js';

export interface StoreLocation {
  /** The folder of the embedded database (and of the git cache). */
  data: string;
  /** `postgres://…`: a PostgreSQL server instead of the embedded database. */
  database?: string;
}

/** Opens the store the options name and brings its schema up to date. */
export async function openStore(location: StoreLocation): Promise<Store> {
  let store: Store;
  if (location.database !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(location.database)) throw new StoreError(`--database takes a postgres:// URL (got "${location.database}")`);
    store = await (await import('./postgres.js')).openPostgres(location.database);
  } else {
    store = await (await import('./pglite.js')).openPglite(path.resolve(location.data));
  }
  try {
    await migrate(store);
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
