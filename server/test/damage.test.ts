/**
 * Issue 52 item 3: damage that heals, through the HTTP API of a real `docsnav serve`.
 *
 * Before: with a stored search index's offsets damaged, `/healthz` and every other project got no
 * answer for the whole load and the question hung 120 s; with its header damaged, the project
 * answered 500 for good, with no rebuild. Now every stored part is checked before it is used
 * (lengths, bounds, a checksum stored with it) and a damaged index is built again from the
 * stored texts and stored in its place, with one line in the log, while another project answers
 * and `/healthz` is polled throughout. Each kind of damage: the header, the offsets, body bytes,
 * a part cut short, the checksum itself, a part deleted; and, with the checksum made to match
 * the damage, what the other checks catch alone (the offsets out of bounds, a length that does
 * not add up). A damaged file map is made again from its commit at the next deployment.
 */
import path from 'node:path';
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksum } from '../src/store/checksum.js';
import { openStore } from '../src/store/open.js';
import { storedIndex, storeIndex } from '../src/store/search-indexes.js';
import { INDEX_FORMAT } from '../src/search/index-bytes.js';
import type { Store } from '../src/store/store.js';
import {
  exampleRepo,
  git,
  postgresUnavailable,
  probeHealth,
  runCli,
  startPostgres,
  startServe,
  stopProc,
  tempDir,
  waitFor,
  type Proc,
  type TestPostgres,
} from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let dir: string;
let serve: { proc: Proc; base: string } | undefined;
const keys: Record<string, { admin: string; assistant: string }> = {};
let acmeRepo: string;
/** The PostgreSQL database of the second run (the first: the embedded database in the data folder). */
let database: string | undefined;
let pg: TestPostgres | undefined;
const onDatabase = (): string[] => (database ? ['--database', database] : []);

function cli(args: string[]): string {
  const result = runCli([...args, ...onDatabase()], dir);
  if (result.status !== 0) throw new Error(`docsnav ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

async function start(): Promise<{ proc: Proc; base: string }> {
  serve = await startServe(dir, ['--log-level', 'info', ...onDatabase()]);
  return serve;
}

async function stop(): Promise<void> {
  if (serve) expect(await stopProc(serve.proc)).toBe(0);
  serve = undefined;
}

/** With serve stopped (the embedded database is one process's), runs `work` on its store. */
async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(database ? { database } : { data: path.join(dir, '.docsnav') });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

async function deploy(project: string): Promise<{ id: string; status: string; logs: string[]; commit: { filesChanged: unknown } }> {
  const headers = { authorization: `Bearer ${keys[project].admin}` };
  const { statusId } = (await (await fetch(`${serve!.base}/v1/project/update/${project}`, { method: 'POST', headers })).json()) as { statusId: string };
  return waitFor(
    async () => {
      const body = (await (await fetch(`${serve!.base}/v1/project/update-status/${statusId}`, { headers })).json()) as {
        status: string;
        logs: string[];
        commit: { filesChanged: unknown };
      };
      return body.status === 'success' || body.status === 'failure' ? { id: statusId, ...body } : undefined;
    },
    90_000,
    `the deployment of ${project}`,
  );
}

/** One question (AI SDK v4 data stream); its status, the source URLs, and how long it took. */
async function ask(project: string, question: string, timeoutMs = 30_000): Promise<{ status: number; sources: string[]; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${serve!.base}/v1/assistant/${project}/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys[project].assistant}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fp: 'anonymous', messages: [{ id: 'q', role: 'user', content: question }] }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  const sources = [...text.matchAll(/^h:(.*)$/gm)].map((match) => (JSON.parse(match[1]) as { url: string }).url);
  return { status: response.status, sources, ms: performance.now() - started };
}

const QUESTION = 'How do I create a pet?';
let expectedSources: string[];
let deploymentId: string;

// The same damage on each database: the embedded one in the data folder, and a PostgreSQL server (when one can be had).
for (const engine of ['PGlite', 'PostgreSQL'] as const)
  describe.skipIf(engine === 'PostgreSQL' && postgresUnavailable() !== undefined)(`on ${engine}`, () => {
    beforeAll(async () => {
      dir = tempDir('damage');
      if (engine === 'PostgreSQL') {
        pg = await startPostgres();
        database = pg.url;
      } else database = undefined;
      acmeRepo = exampleRepo(path.join(dir, 'acme'));
      const betaRepo = exampleRepo(path.join(dir, 'beta'));
      for (const [project, repo] of [
        ['acme', acmeRepo],
        ['beta', betaRepo],
      ]) {
        cli(['project', 'add', project, '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--domain', project]);
        keys[project] = {
          admin: cli(['key', 'create', '--project', project, '--kind', 'admin']),
          assistant: cli(['key', 'create', '--project', project, '--kind', 'assistant']),
        };
      }
      await start();
      for (const project of ['acme', 'beta']) expect((await deploy(project)).status).toBe('success');
      const first = await ask('acme', QUESTION);
      expect(first.status).toBe(200);
      expectedSources = first.sources;
      expect(expectedSources).toContain('/api-reference/pets/create-a-pet');
      await waitFor(
        () => (/built the search index of a deployment and stored it/.test(serve!.proc.output()) ? true : undefined),
        20_000,
        'the index to be stored',
      );
      await stop();
      // The index stored again in 4 parts (as a large site's is in parts of 4 MB), so that a part can go missing.
      deploymentId = await withStore(async (store) => {
        const [{ id }] = await store.query<{ id: string }>(`SELECT current_deployment_id AS id FROM projects WHERE id = 'acme'`);
        const bytes = (await storedIndex(store, id, INDEX_FORMAT))!;
        await store.query('DELETE FROM search_indexes WHERE deployment_id = $1', [id]);
        await storeIndex(store, id, INDEX_FORMAT, bytes, undefined, Math.ceil(bytes.byteLength / 4));
        return id;
      });
    }, hangGuard(240_000));

    afterAll(async () => {
      if (serve) await stopProc(serve.proc, 'SIGKILL');
      serve = undefined;
      await pg?.stop();
      pg = undefined;
    });

    /** Where the offsets array starts in the whole index's bytes: after the header's length (4 bytes) and the header, padded to 4. */
    async function offsetsAt(store: Store): Promise<number> {
      const [row] = await store.query<{ head: string }>(
        `SELECT encode(substr(data, 1, 4), 'hex') AS head FROM search_indexes WHERE deployment_id = $1 AND part = 0`,
        [deploymentId],
      );
      return 4 + Math.ceil(Buffer.from(row.head, 'hex').readUInt32LE(0) / 4) * 4;
    }

    /** The id of a term: its place in the header's list of terms. */
    async function termId(store: Store, term: string): Promise<number> {
      const bytes = (await storedIndex(store, deploymentId, INDEX_FORMAT))!;
      const length = Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32LE(0);
      const header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 4, length).toString('utf8')) as { terms: string[] };
      const id = header.terms.indexOf(term);
      if (id < 0) throw new Error(`no term ${term}`);
      return id;
    }

    /** Writes `hex` bytes at `offset` of the whole index, in whichever part holds it. */
    async function overwrite(store: Store, offset: number, hex: string): Promise<number> {
      const parts = await store.query<{ part: number; length: number }>(
        'SELECT part, octet_length(data) AS length FROM search_indexes WHERE deployment_id = $1 ORDER BY part',
        [deploymentId],
      );
      let start = 0;
      for (const { part, length } of parts) {
        if (offset + hex.length / 2 <= start + Number(length)) {
          await store.query(`UPDATE search_indexes SET data = overlay(data placing decode($3, 'hex') from $2 for $4) WHERE deployment_id = $1 AND part = $5`, [
            deploymentId,
            offset - start + 1,
            hex,
            hex.length / 2,
            part,
          ]);
          return Number(part);
        }
        start += Number(length);
      }
      throw new Error(`no part holds offset ${offset}`);
    }

    /** The SQL that damages the stored index, run on the store (serve stopped). */
    const DAMAGES: Record<string, (store: Store) => Promise<number | void>> = {
      // The header's JSON: two bytes inside it.
      header: (store) => overwrite(store, 10, '7b7b'),
      // The end of the postings of the question's word "pet" made 0xffffffff: the question's loop
      // would run through 4 billion postings (what froze the server before).
      offsets: async (store) => overwrite(store, (await offsetsAt(store)) + 4 * ((await termId(store, 'pet')) + 1), 'ffffffff'),
      'body bytes': async (store) => {
        await store.query(
          `UPDATE search_indexes SET data = overlay(data placing '\\x0102030405'::bytea from 100 for 5) WHERE deployment_id = $1 AND part = 2`,
          [deploymentId],
        );
      },
      truncation: async (store) => {
        await store.query(`UPDATE search_indexes SET data = substr(data, 1, octet_length(data) - 7) WHERE deployment_id = $1 AND part = 3`, [deploymentId]);
        return 3;
      },
      'the checksum itself': async (store) => {
        await store.query(`UPDATE search_indexes SET checksum = md5('something else') WHERE deployment_id = $1 AND part = 1`, [deploymentId]);
      },
      'a part deleted': async (store) => {
        await store.query(`DELETE FROM search_indexes WHERE deployment_id = $1 AND part = 2`, [deploymentId]);
      },
      // The checks apart from the checksum, each alone: the checksum made to match the damage.
      'the offsets, with a matching checksum (the bounds alone)': async (store) => {
        const part = (await DAMAGES.offsets(store)) as number;
        await store.query(`UPDATE search_indexes SET checksum = md5(data) WHERE deployment_id = $1 AND part = $2`, [deploymentId, part]);
      },
      'a part cut short, with a matching checksum (the lengths alone)': async (store) => {
        const part = (await DAMAGES.truncation(store)) as number;
        await store.query(`UPDATE search_indexes SET checksum = md5(data) WHERE deployment_id = $1 AND part = $2`, [deploymentId, part]);
      },
    };

    describe('a damaged stored search index (through the HTTP API of docsnav serve)', () => {
      it.each(Object.keys(DAMAGES))(
        'damaged (%s): the question is answered from an index built again and stored, with one log line; another project and /healthz answer throughout',
        async (kind) => {
          const intact = await withStore(async (store) => {
            const rows = await store.query<{ part: number; checksum: string }>(
              'SELECT part, checksum FROM search_indexes WHERE deployment_id = $1 ORDER BY part',
              [deploymentId],
            );
            await DAMAGES[kind](store);
            const read = await storedIndex(store, deploymentId, INDEX_FORMAT).then(
              () => 'read back',
              (error: Error) => error.message,
            );
            // Damage the checksum lets through is for the bounds to find: the bytes read back, unusable.
            if (kind.includes('bounds alone')) expect(read).toBe('read back');
            else expect(read).toMatch(new RegExp(`^the stored search index of deployment ${deploymentId}: `));
            return rows;
          });
          const { proc, base } = await start();
          const probes = probeHealth(base);
          // Another project asks all along.
          let others = 0;
          const otherFailures: string[] = [];
          let asking = true;
          const other = (async () => {
            while (asking) {
              const answer = await ask('beta', 'How do I list pets?', 10_000).catch((error: Error) => ({
                status: 0,
                sources: [] as string[],
                ms: 0,
                error: error.message,
              }));
              if (answer.status !== 200 || !answer.sources.includes('/api-reference/pets/list-pets')) otherFailures.push(JSON.stringify(answer));
              others++;
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          })();
          const answer = await ask('acme', QUESTION, 20_000);
          await waitFor(() => (/"msg":"the stored search index of a deployment was damaged/.test(proc.output()) ? true : undefined), 20_000, 'the log line');
          // A few more of the other project's answers and probes once it healed.
          await new Promise((resolve) => setTimeout(resolve, 500));
          asking = false;
          await other;
          const health = await probes.stop();
          expect(answer.status).toBe(200);
          expect(answer.sources).toEqual(expectedSources);
          expect(health.failures).toEqual([]);
          expect(health.probes).toBeGreaterThan(0);
          expect(otherFailures).toEqual([]);
          expect(others).toBeGreaterThan(0);
          const lines = proc
            .output()
            .split('\n')
            .filter((line) => line.includes('search index'));
          const damaged = lines.filter((line) => line.includes('was damaged'));
          expect(damaged, lines.join('\n')).toHaveLength(1);
          expect(JSON.parse(damaged[0])).toMatchObject({ level: 40, deploymentId, damaged: expect.stringContaining(`deployment ${deploymentId}`) });
          expect(JSON.parse(damaged[0]).msg).toBe('the stored search index of a deployment was damaged: built again from its texts and stored in its place');
          // Once healed, asked again (a restart: read from the database): loaded as stored, no line of damage.
          await stop();
          const healed = await withStore(async (store) => {
            const bytes = await storedIndex(store, deploymentId, INDEX_FORMAT);
            const rows = await store.query<{ part: number }>('SELECT part FROM search_indexes WHERE deployment_id = $1', [deploymentId]);
            return { bytes: bytes?.byteLength, parts: rows.length };
          });
          expect(healed.bytes).toBeGreaterThan(0);
          expect(healed.parts).toBe(1);
          const again = await start();
          expect((await ask('acme', QUESTION)).sources).toEqual(expectedSources);
          await waitFor(
            () => (/loaded the stored search index of a deployment/.test(again.proc.output()) ? true : undefined),
            10_000,
            'the stored index to be loaded',
          );
          expect(again.proc.output()).not.toMatch(/was damaged/);
          await stop();
          // The next kind starts from the index in 4 parts again.
          await withStore(async (store) => {
            const bytes = (await storedIndex(store, deploymentId, INDEX_FORMAT))!;
            await store.query('DELETE FROM search_indexes WHERE deployment_id = $1', [deploymentId]);
            await storeIndex(store, deploymentId, INDEX_FORMAT, bytes, undefined, Math.ceil(bytes.byteLength / 4));
            const rows = await store.query<{ part: number; checksum: string }>(
              'SELECT part, checksum FROM search_indexes WHERE deployment_id = $1 ORDER BY part',
              [deploymentId],
            );
            expect(rows).toEqual(intact);
          });
        },
        120_000,
      );
    });

    describe("a damaged stored file map (the next deployment's filesChanged)", () => {
      it(
        'is made again from its commit and stored in its place, with a line in the deployment log and the server log',
        async () => {
          await withStore(async (store) => {
            const [row] = await store.query<{ data: string }>('SELECT data FROM file_parts WHERE deployment_id = $1 AND part = 0', [deploymentId]);
            const damaged = row.data.replace(/[0-9a-f]{40}/, 'f'.repeat(40));
            expect(damaged).not.toBe(row.data);
            await store.query('UPDATE file_parts SET data = $2 WHERE deployment_id = $1 AND part = 0', [deploymentId, damaged]);
            expect(checksum(damaged)).not.toBe(checksum(row.data));
          });
          const { proc } = await start();
          appendFileSync(path.join(acmeRepo, 'docs', 'quickstart.mdx'), '\nOne more line.\n');
          git(acmeRepo, 'commit', '-qam', 'Change the quickstart');
          const redeployed = await deploy('acme');
          expect(redeployed.status).toBe('success');
          // Before, a damaged map was read as it was: the file whose blob id it changed counted as modified.
          expect(redeployed.commit.filesChanged).toEqual({ added: [], modified: ['quickstart.mdx'], removed: [] });
          expect(redeployed.logs.filter((line) => line.includes('file map'))).toEqual([
            expect.stringMatching(
              new RegExp(
                `^the stored file map of deployment ${deploymentId} was damaged \\(part 0 of the 1 of deployment .*'s file map does not match its checksum\\): made again from its commit [0-9a-f]{12}$`,
              ),
            ),
          ]);
          expect(
            proc
              .output()
              .split('\n')
              .filter((line) => line.includes('file map was damaged') || line.includes('stored file map')),
          ).toHaveLength(1);
          await stop();
          await withStore(async (store) => {
            const rows = await store.query<{ data: string; checksum: string }>('SELECT data, checksum FROM file_parts WHERE deployment_id = $1', [
              deploymentId,
            ]);
            for (const row of rows) expect(checksum(row.data)).toBe(row.checksum);
          });
        },
        hangGuard(120_000),
      );
    });
  });
