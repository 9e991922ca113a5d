/**
 * Issue 58, the rows of server/src/store: two one-line bugs planted in the store that the suite did
 * not notice, each tested through the store's own API.
 *
 * - pglite.ts: the write-ahead log's bytes counted after a plain statement but not after one in a
 *   transaction (the deployment writes its sections in transactions): nothing asks for a
 *   checkpoint, and `pg_wal` grows past its bound (116 MB where the bound is 64).
 * - search-indexes.ts: a stored index's parts written first to last. Part 0 says how many parts
 *   there are and is written last, so that a reader while an index is stored finds "none yet"
 *   (and builds it); written first, the reader finds part 0 and a part missing: "damaged". On
 *   both databases (the embedded one, and PostgreSQL where one can run).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Core } from '../src/core.js';
import { insertDeployment } from '../src/store/deployments.js';
import { openStore } from '../src/store/open.js';
import { WAL_CHECKPOINT_BYTES } from '../src/store/pglite.js';
import { storedIndex, storeIndex } from '../src/store/search-indexes.js';
import type { Store } from '../src/store/store.js';
import { postgresUnavailable, startPostgres, tempDir, walPeak, type TestPostgres } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const MB = 2 ** 20;

const stores: Store[] = [];
let pg: TestPostgres | undefined;
afterAll(async () => {
  for (const store of stores) await store.close();
  await pg?.stop();
}, hangGuard(60_000));

describe('issue 58: pglite.ts, WAL written in transactions', () => {
  it(
    'is counted as a plain statement is: a checkpoint once 32 MB were written, pg_wal near its bound',
    async () => {
      const dir = tempDir('planted-wal');
      const store = await openStore({ data: path.join(dir, 'data') });
      stores.push(store);
      // In transactions of ~1 MB, as a deployment's batches are.
      const { largest, written } = await walPeak(store, path.join(dir, 'data'), (insert, body, empty) =>
        store.transaction(async (tx) => {
          await tx.query(insert, [body]);
          if (empty) await tx.query('DELETE FROM filler');
        }),
      );
      expect(written, 'WAL written').toBeGreaterThan(90 * MB);
      expect(largest, `pg_wal at its largest: ${(largest / MB).toFixed(1)} MB`).toBeLessThanOrEqual(WAL_CHECKPOINT_BYTES + 32 * MB);
    },
    hangGuard(300_000),
  );
});

const databases = [
  { name: 'the embedded database', skip: undefined, open: async () => openStore({ data: path.join(tempDir('planted-index'), 'data') }) },
  {
    name: 'PostgreSQL',
    skip: postgresUnavailable(),
    open: async () => {
      pg ??= await startPostgres();
      return openStore({ database: pg.url });
    },
  },
];
for (const { name, skip } of databases) if (skip) console.warn(`SKIPPED the search index test on ${name}: ${skip}`);

describe.each(databases)('issue 58: search-indexes.ts, a reader while an index is stored ($name)', ({ skip, open }) => {
  it.skipIf(skip !== undefined)(
    'finds no index until every part is there, then the whole index',
    async () => {
      const store = await open();
      stores.push(store);
      const core = new Core(store);
      await core.addProject({ id: 'acme', repo: 'https://example.com/acme.git', branch: 'main', docsDir: 'docs' });
      await insertDeployment(store, { id: 'd1', projectId: 'acme', ref: 'main', source: 'git' });
      const bytes = new Uint8Array(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
      const seen: Array<Uint8Array | undefined | string> = [];
      // Between two parts (4 parts of 250 bytes), a reader asks for the index.
      await storeIndex(
        store,
        'd1',
        1,
        bytes,
        async () => {
          seen.push(await storedIndex(store, 'd1', 1).catch((error: Error) => `damaged: ${error.message}`));
        },
        250,
      );
      expect(seen).toEqual([undefined, undefined, undefined]);
      expect(await storedIndex(store, 'd1', 1)).toEqual(bytes);
    },
    120_000,
  );
});
