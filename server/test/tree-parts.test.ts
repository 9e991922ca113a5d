/**
 * A deployment's page tree is stored in parts of its JSON text (one short statement each) and
 * read back as the analysis made it: the parts join to exactly `JSON.stringify` of the tree; a
 * tree stored in parts, and one stored before 025_tree_parts.sql in the `tree` column, read back
 * the same; a tree missing a part is refused, never read as a shorter one. A real deployment
 * stores its tree in parts. Its file map (path -> blob id) likewise (026_file_parts.sql), with
 * one stored before in the `files` column still read. On PGlite, and on PostgreSQL when one is
 * given or can be started.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveFile, type PageTree } from 'docsnav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../src/core.js';
import { jsonParts } from '../src/analysis/json-parts.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import {
  deploymentFiles,
  deploymentTree,
  finishDeployments,
  IncompleteTree,
  insertDeployment,
  storeFilePart,
  storeSections,
} from '../src/store/deployments.js';
import { DamagedPart } from '../src/store/checksum.js';
import { migrate } from '../src/store/migrate.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { deploymentEnded, exampleRepo, git, itOnEachStore, LOCAL_ROOTS, tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const EXAMPLE = fileURLToPath(new URL('../../fixtures/example/docs.json', import.meta.url));
let tree: PageTree;

beforeAll(async () => {
  tree = (await resolveFile(EXAMPLE)).tree;
});

describe('jsonParts', () => {
  it('joins to exactly JSON.stringify of the tree, in parts of about the size asked', () => {
    const text = JSON.stringify(tree);
    const parts = [...jsonParts(tree, 200, 8)];
    expect(parts.length).toBeGreaterThan(text.length / 400);
    expect(parts.join('')).toBe(text);
    // Every part but the last reaches the size; none is much longer (one small value's text).
    for (const part of parts.slice(0, -1)) expect(part.length).toBeGreaterThanOrEqual(200);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(2000);
    // A small tree is one part.
    expect([...jsonParts(tree, 1 << 20)]).toEqual([text]);
  });

  it('leaves out what JSON.stringify leaves out, as it does', () => {
    const odd = {
      a: undefined,
      b: [undefined, () => 1, Symbol('s'), 1, { c: undefined, d: 'x' }],
      e: { toJSON: () => 'made' },
      f: Number.NaN,
      g: new Date(0),
      h: Array.from({ length: 30 }, (_, i) => ({ i, s: `\u0000${i}`, u: i % 2 ? undefined : null })),
      '\u2028key"': 'v',
    };
    for (const size of [1, 16, 1 << 20]) expect([...jsonParts(odd, size, 4)].join(''), `size ${size}`).toBe(JSON.stringify(odd));
    expect([...jsonParts([1, [2, [3]]], 1, 1)].join('')).toBe('[1,[2,[3]]]');
  });
});

/** A project and a deployment row to hang a tree on. */
async function deploymentRow(store: Store, id: string): Promise<void> {
  await store.query(`INSERT INTO projects (id, repo, branch, domain) VALUES ($1, '/srv/acme.git', 'main', $1) ON CONFLICT DO NOTHING`, ['acme']);
  await insertDeployment(store, { id, projectId: 'acme', ref: 'main', source: 'test' });
}

/**
 * Each kind of damage to a stored part (issue 52 item 3), each refused with `DamagedPart` before
 * the text is used: its bytes changed, cut short, its checksum changed, a part deleted; and, the
 * checksum made to match again, what the other checks catch (a text that is not JSON, a map
 * whose values are not blob ids).
 */
async function checkDamage(store: Store, table: 'tree_parts' | 'file_parts', id: string, read: () => Promise<unknown>, expected: unknown): Promise<void> {
  const damages: Array<[string, string]> = [
    ['its bytes', `UPDATE ${table} SET data = overlay(data placing '#' from 3 for 1) WHERE deployment_id = $1 AND part = 1`],
    ['cut short', `UPDATE ${table} SET data = left(data, length(data) - 5) WHERE deployment_id = $1 AND part = 2`],
    ['its checksum', `UPDATE ${table} SET checksum = md5('other') WHERE deployment_id = $1 AND part = 0`],
    ['not JSON, the checksum matching', `UPDATE ${table} SET data = data || '}', checksum = md5(data || '}') WHERE deployment_id = $1 AND part = 1`],
  ];
  if (table === 'file_parts')
    damages.push([
      'not a map of blob ids, the checksum matching',
      `UPDATE ${table} SET data = replace(data, '"aaa', '1'), checksum = md5(replace(data, '"aaa', '1')) WHERE deployment_id = $1 AND part = 0`,
    ]);
  for (const [what, damage] of damages) {
    const rows = await store.query<{ part: number; data: string; checksum: string }>(
      `SELECT part, data, checksum FROM ${table} WHERE deployment_id = $1 ORDER BY part`,
      [id],
    );
    await store.query(damage, [id]);
    await expect(read(), `${table}: ${what}`).rejects.toThrow(DamagedPart);
    for (const row of rows)
      await store.query(`UPDATE ${table} SET data = $3, checksum = $4 WHERE deployment_id = $1 AND part = $2`, [id, row.part, row.data, row.checksum]);
    expect(await read(), `${table}: ${what}, put back`).toEqual(expected);
  }
}

async function checkStore(store: Store): Promise<void> {
  // A tree and a file map stored in parts before 027_part_checksums.sql: the migration hashes them as the server does (a path with an accent too).
  await migrate(store, 26);
  await deploymentRow(store, 'before-checksums');
  const unchecked = { ...FILES, 'guides/café – naïve.mdx': 'b'.repeat(40) };
  const uncheckedParts = [...jsonParts(unchecked, 200, 8)];
  for (const [part, data] of uncheckedParts.entries())
    await store.query('INSERT INTO file_parts (deployment_id, part, data) VALUES ($1, $2, $3)', ['before-checksums', part, data]);
  await store.query(`UPDATE deployments SET file_parts = $2 WHERE id = $1`, ['before-checksums', uncheckedParts.length]);
  await migrate(store);
  expect(await deploymentFiles(store, 'before-checksums')).toEqual(unchecked);
  // Back to version 24 for the next check (what 025-028 and 030 made, undone; 029 is an index made if missing).
  await store.query('DELETE FROM deployments WHERE id = $1', ['before-checksums']);
  await store.query(`DELETE FROM schema_migrations WHERE version > 24`);
  await store.query('DROP TABLE tree_parts');
  await store.query('DROP TABLE file_parts');
  await store.query('ALTER TABLE deployments DROP COLUMN tree_parts, DROP COLUMN file_parts');
  await store.query('DELETE FROM search_indexes');
  await store.query('ALTER TABLE search_indexes DROP COLUMN bytes, DROP COLUMN checksum');
  await store.query('ALTER TABLE section_embeddings DROP COLUMN checksum');
  await store.query('ALTER TABLE section_embeddings DROP COLUMN text_hash');
  await store.query('ALTER TABLE page_sections DROP COLUMN links');

  // A deployment written before 025_tree_parts.sql: its tree in the `tree` column.
  await migrate(store, 24);
  await deploymentRow(store, 'old');
  await store.query(`UPDATE deployments SET status = 'success', tree = $2::jsonb, files = $3::jsonb WHERE id = $1`, [
    'old',
    JSON.stringify(tree),
    JSON.stringify(FILES),
  ]);
  expect(await migrate(store)).toEqual(expect.arrayContaining(['025_tree_parts.sql', '026_file_parts.sql']));
  expect(await deploymentTree(store, 'old')).toEqual(tree);
  expect(await deploymentFiles(store, 'old')).toEqual(FILES);

  // A deployment now: its parts stored as the analysis sends them, their count with the outcome.
  await deploymentRow(store, 'new');
  const parts = [...jsonParts(tree, 300, 8)].map((data, part) => ({ part, data }));
  expect(parts.length).toBeGreaterThan(3);
  for (const part of parts) await storeSections(store, 'new', { sections: [], copies: [], tree: [part] });
  await finishDeployments(store, 'new', [], { status: 'success', summary: 'deployed', logs: [], treeParts: parts.length });
  expect(await deploymentTree(store, 'new')).toEqual(tree);
  const [row] = await store.query<{ tree: unknown; tree_parts: number }>(`SELECT tree, tree_parts FROM deployments WHERE id = 'new'`);
  expect(row).toEqual({ tree: null, tree_parts: parts.length });

  // A part gone (the last, or one inside): refused, not read as a shorter tree.
  await store.query(`DELETE FROM tree_parts WHERE deployment_id = 'new' AND part = $1`, [parts.length - 1]);
  await expect(deploymentTree(store, 'new')).rejects.toThrow(IncompleteTree);
  await store.query(`INSERT INTO tree_parts (deployment_id, part, data, checksum) VALUES ('new', $1, $2, md5($2))`, [parts.length - 1, parts.at(-1)!.data]);
  expect(await deploymentTree(store, 'new')).toEqual(tree);
  await store.query(`DELETE FROM tree_parts WHERE deployment_id = 'new' AND part = 1`);
  await expect(deploymentTree(store, 'new')).rejects.toThrow(/has 3|of the/);

  // Its file map in parts too: read back whole; with a part gone, none (every file counts as added).
  await deploymentRow(store, 'mapped');
  const fileParts = [...jsonParts(FILES, 200, 8)];
  expect(fileParts.length).toBeGreaterThan(3);
  for (const [part, data] of fileParts.entries()) await storeFilePart(store, 'mapped', part, data);
  await finishDeployments(store, 'mapped', [], { status: 'success', summary: 'deployed', logs: [], fileParts: fileParts.length });
  expect(await deploymentFiles(store, 'mapped')).toEqual(FILES);
  await store.query(`DELETE FROM file_parts WHERE deployment_id = 'mapped' AND part = 2`);
  // A part gone is damage (the deployment that reads it makes the map again from the commit).
  await expect(deploymentFiles(store, 'mapped')).rejects.toThrow(IncompleteTree);

  await store.query(`INSERT INTO file_parts (deployment_id, part, data, checksum) VALUES ('mapped', 2, $1, md5($1))`, [fileParts[2]]);
  expect(await deploymentFiles(store, 'mapped')).toEqual(FILES);
  await checkDamage(store, 'file_parts', 'mapped', () => deploymentFiles(store, 'mapped'), FILES);
  await store.query(`DELETE FROM tree_parts WHERE deployment_id = 'new'`);
  for (const part of parts) await storeSections(store, 'new', { sections: [], copies: [], tree: [part] });
  await checkDamage(store, 'tree_parts', 'new', () => deploymentTree(store, 'new'), tree);

  // None stored (a failed deployment), and no such deployment.
  await deploymentRow(store, 'failed');
  expect(await deploymentTree(store, 'failed')).toBeUndefined();
  expect(await deploymentTree(store, 'missing')).toBeUndefined();
  expect(await deploymentFiles(store, 'failed')).toBeUndefined();
  expect(await deploymentFiles(store, 'missing')).toBeUndefined();
}

/** A file map of 60 files (path -> blob id). */
const FILES = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`guides/page-${i}.mdx`, `${i}`.padStart(40, 'a')]));

describe('a tree and a file map stored in parts, and ones stored before', () => {
  itOnEachStore({ pglite: 'reads back the same on PGlite', postgres: 'reads back the same on PostgreSQL' }, 'tree-parts', checkStore);
});

describe('a deployment', () => {
  let store: Store;
  let runner: JobRunner;
  afterAll(async () => {
    await runner?.stop();
    await store?.close();
  });

  it(
    'stores its tree and its file map in parts, read back as the library resolves the site and as the commit holds them',
    async () => {
      const dir = tempDir('tree-parts-deploy');
      store = await openStore({ data: path.join(dir, 'data') });
      const core = new Core(store);
      const repo = exampleRepo(path.join(dir, 'site'));
      await core.addProject({ id: 'site', repo, branch: 'main', docsDir: 'docs' });
      runner = new JobRunner(store, jobKinds, workerSettings(path.join(dir, 'data'), { pollMs: 100, git: { localRoots: LOCAL_ROOTS } }));
      await runner.start();
      const { statusId } = await core.queueUpdate('site');
      const deployment = await deploymentEnded(store, statusId, 90_000, 'deployment of site');
      expect(deployment.status, deployment.summary).toBe('success');
      const [row] = await store.query<{ tree: unknown; tree_parts: number }>('SELECT tree, tree_parts FROM deployments WHERE id = $1', [statusId]);
      expect(row.tree).toBeNull();
      expect(row.tree_parts).toBeGreaterThan(0);
      const expected = (await resolveFile(path.join(repo, 'docs', 'docs.json'))).tree;
      expect(await deploymentTree(store, statusId)).toEqual(JSON.parse(JSON.stringify(expected)));
      // Its file map in parts too, the `files` column left empty; the docs folder's files with their blob ids.
      const [files] = await store.query<{ files: unknown; file_parts: number }>('SELECT files, file_parts FROM deployments WHERE id = $1', [statusId]);
      expect(files).toEqual({ files: null, file_parts: 1 });
      const blob = git(repo, 'rev-parse', 'HEAD:docs/docs.json').trim();
      expect(await deploymentFiles(store, statusId)).toMatchObject({ 'docs.json': blob });
    },
    hangGuard(120_000),
  );
});
