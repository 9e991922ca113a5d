/**
 * Issue 52 item 4: a data folder that stops growing, measured as an operator measures it (`du`).
 * The embedded database has no checkpointer of its own: before, its `pg_wal` grew by 16 MB
 * segments for good (12 redeploys of a 323-page site: 66 MB -> 99 MB, 65 MB of it `pg_wal`).
 * Now the driver checkpoints once 32 MB of WAL were written since the last checkpoint, retention
 * checkpoints after its pass, and segments no longer needed are deleted, not recycled. Bounded
 * versions of the measurement here; `server/bench/data-folder.mjs` runs it on Runpod's docs with
 * 100 redeploys. And the walk that reports the size counts what `du` counts.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, linkSync, mkdirSync, symlinkSync, writeFileSync, openSync, closeSync, ftruncateSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Core } from '../src/core.js';
import { measureFolder } from '../src/host/folder-size.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { openStore } from '../src/store/open.js';
import { openPostgres } from '../src/store/postgres.js';
import { WAL_CHECKPOINT_BYTES } from '../src/store/pglite.js';
import type { Store } from '../src/store/store.js';
import { reclaimSpace } from '../src/store/retention.js';
import { bigSiteRepo, deploymentEnded, git, LOCAL_ROOTS, postgresUnavailable, startPostgres, tempDir, waitFor, walPeak, type TestPostgres } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const MB = 2 ** 20;
/** Bytes `du -sk` counts for a folder. */
const du = (folder: string) => Number(execFileSync('du', ['-sk', folder], { encoding: 'utf8' }).split(/\s/)[0]) * 1024;

const stores: Store[] = [];
const runners: JobRunner[] = [];
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  for (const store of stores) await store.close();
});

describe("the embedded database's write-ahead log", () => {
  it(
    'stays near its bound however much is written: a checkpoint once 32 MB of WAL were written, old segments deleted',
    async () => {
      const dir = tempDir('wal-bound');
      const store = await openStore({ data: path.join(dir, 'data') });
      stores.push(store);
      // Each write its own statement, as the server's are.
      const { largest, written } = await walPeak(store, path.join(dir, 'data'), async (insert, body, empty) => {
        await store.query(insert, [body]);
        if (empty) await store.query('DELETE FROM filler');
      });
      expect(written, 'WAL written').toBeGreaterThan(90 * MB);
      // Before: every 16 MB segment stayed (pg_wal > 96 MB here). The bound, the segment being
      // written, and one more that a look a second late lets through.
      expect(largest, `pg_wal at its largest: ${(largest / MB).toFixed(1)} MB`).toBeLessThanOrEqual(WAL_CHECKPOINT_BYTES + 32 * MB);
    },
    hangGuard(180_000),
  );

  it(
    'after redeploys, retention checkpoints: the data folder (du) after 12 redeploys is no bigger than 1.3x after 4',
    async () => {
      const dir = tempDir('wal-redeploys');
      const data = path.join(dir, 'data');
      const store = await openStore({ data });
      stores.push(store);
      const core = new Core(store);
      const repo = bigSiteRepo(path.join(dir, 'site'), 300, ` ${'word '.repeat(200)}`);
      await core.addProject({ id: 'site', repo, branch: 'main', docsDir: 'docs' });
      const runner = new JobRunner(store, jobKinds, workerSettings(data, { pollMs: 100, git: { localRoots: LOCAL_ROOTS } }));
      runners.push(runner);
      await runner.start();
      const redeploy = async (times: number) => {
        for (let i = 0; i < times; i++) {
          appendFileSync(path.join(repo, 'docs', 'p', 'page-0.mdx'), `\nA line of redeploy ${i}.\n`);
          git(repo, 'commit', '-qam', `Redeploy ${i}`);
          const { statusId } = await core.queueUpdate('site');
          const done = await deploymentEnded(store, statusId, 90_000, 'a redeploy');
          expect(done.status, done.summary).toBe('success');
          await waitFor(() => (runner.busy === 0 ? true : undefined), 30_000, 'retention to end');
        }
      };
      await redeploy(5);
      const afterFour = du(data);
      await redeploy(12);
      const afterTwelve = du(data);
      const wal = du(path.join(data, 'db', 'pg_wal'));
      // Before: 1.4-1.5x, pg_wal a 16 MB segment more every couple of redeploys.
      expect(
        afterTwelve / afterFour,
        `${(afterFour / MB).toFixed(1)} MB -> ${(afterTwelve / MB).toFixed(1)} MB (pg_wal ${(wal / MB).toFixed(1)} MB)`,
      ).toBeLessThanOrEqual(1.3);
      expect(wal).toBeLessThanOrEqual(WAL_CHECKPOINT_BYTES + 16 * MB);
    },
    hangGuard(300_000),
  );
});

describe.skipIf(postgresUnavailable() !== undefined)('on PostgreSQL', () => {
  let pg: TestPostgres | undefined;
  afterAll(async () => {
    await pg?.stop();
  });

  it('retention asks for a checkpoint where its role may, and goes on where it may not (42501)', async () => {
    pg = await startPostgres();
    const owner = await openStore({ database: pg.url });
    stores.push(owner);
    const redo = async () => (await owner.query<{ redo: string }>('SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()'))[0].redo;
    await owner.query('CREATE TABLE IF NOT EXISTS filler (n integer)');
    await owner.query('INSERT INTO filler SELECT generate_series(1, 10000)');
    const before = await redo();
    await reclaimSpace(owner);
    expect(await redo()).not.toBe(before);
    // A role of its own, without the right to checkpoint.
    const role = `plain_${Math.random().toString(36).slice(2, 8)}`;
    await owner.query(`CREATE ROLE ${role} LOGIN`);
    await owner.query(`GRANT ALL ON SCHEMA public TO ${role}`);
    const url = new URL(pg.url);
    url.username = role;
    const plain = await openPostgres(url.toString());
    stores.push(plain);
    await expect(plain.query('CHECKPOINT')).rejects.toMatchObject({ code: '42501' });
    await expect(reclaimSpace(plain)).resolves.toBeUndefined();
  });
});

describe('the size reported (host/folder-size.ts)', () => {
  it('counts what du counts: blocks held (a sparse file only what it holds), a hard-linked file once, a symbolic link not followed', async () => {
    const dir = tempDir('folder-size');
    const outside = tempDir('folder-size-outside');
    writeFileSync(path.join(outside, 'big'), Buffer.alloc(4 * MB, 1));
    mkdirSync(path.join(dir, 'db', 'pg_wal'), { recursive: true });
    mkdirSync(path.join(dir, 'git'));
    writeFileSync(path.join(dir, 'db', 'table'), Buffer.alloc(3 * MB, 1));
    // A WAL segment as wal_init_zero=off makes it: 16 MB long, 1 MB written.
    const segment = openSync(path.join(dir, 'db', 'pg_wal', '000000010000000000000001'), 'w');
    ftruncateSync(segment, 16 * MB);
    closeSync(segment);
    writeFileSync(path.join(dir, 'db', 'pg_wal', 'written'), Buffer.alloc(MB, 1));
    writeFileSync(path.join(dir, 'git', 'pack'), Buffer.alloc(2 * MB, 1));
    linkSync(path.join(dir, 'git', 'pack'), path.join(dir, 'git', 'pack-link'));
    symlinkSync(path.join(outside, 'big'), path.join(dir, 'git', 'to-outside'));
    writeFileSync(path.join(dir, 'docsnav.sock.txt'), 'x');
    const size = await measureFolder(dir);
    expect(size.bytes).toBe(du(dir));
    expect(size.parts.pg_wal).toBe(du(path.join(dir, 'db', 'pg_wal')));
    expect(size.parts.db + size.parts.pg_wal).toBe(du(path.join(dir, 'db')));
    expect(size.parts.git).toBe(du(path.join(dir, 'git')));
    expect(size.parts.git).toBeLessThan(3 * MB);
    expect(size.parts.pg_wal).toBeLessThan(2 * MB);
    expect(size.parts.other).toBeGreaterThan(0);
  });
});
