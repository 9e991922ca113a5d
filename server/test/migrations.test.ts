/**
 * Upgrades of a database written by an older docsnav: the rows it holds read back the same
 * through the new schema, and the API answers about them as before. On PGlite, and on
 * PostgreSQL when one is given or can be started (root).
 */
import { describe, expect } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { findSession, listSessions } from '../src/store/agent.js';
import { insertDeployment, insertPageSections, pageSections } from '../src/store/deployments.js';
import { migrate } from '../src/store/migrate.js';
import type { Store } from '../src/store/store.js';
import { itOnEachStore } from './helpers.js';
import { section } from './sections.js';

/** The halt reasons as 002_agent_sessions.sql stored them, and what each reads back as now. */
const STORED_BEFORE_022 = [
  { id: 's-completed', haulted: true, reason: 'completed', haltReason: 'completed' },
  { id: 's-push', haulted: true, reason: 'github_missconfigured', haltReason: 'github_misconfigured' },
  { id: 's-error', haulted: true, reason: 'error', haltReason: 'error' },
  { id: 's-running', haulted: false, reason: 'processing', haltReason: 'processing' },
  { id: 's-stopped', haulted: true, reason: 'interrupted', haltReason: 'interrupted' },
] as const;

async function writeAsVersion21(store: Store): Promise<void> {
  await migrate(store, 21);
  await store.query(`INSERT INTO projects (id, repo, branch, domain) VALUES ('acme', '/srv/acme.git', 'main', 'acme')`);
  for (const [index, row] of STORED_BEFORE_022.entries()) {
    await store.query(
      `INSERT INTO agent_sessions (id, project_id, job_id, source_branch, branch, haulted, hault_reason, message_to_user, title, created_at)
       VALUES ($1, 'acme', $1, 'main', $2, $3, $4, $5, $6, timestamptz '2026-01-01T00:00:00Z' + $7::integer * interval '1 minute')`,
      [row.id, `docsnav/fix-${row.id}`, row.haulted, row.reason, `message of ${row.id}`, `title of ${row.id}`, index],
    );
  }
}

async function checkUpgrade(store: Store): Promise<void> {
  await writeAsVersion21(store);
  expect(await migrate(store)).toContain('022_halt_spelling.sql');

  for (const row of STORED_BEFORE_022) {
    expect(await findSession(store, row.id)).toMatchObject({
      id: row.id,
      projectId: 'acme',
      branch: `docsnav/fix-${row.id}`,
      halted: row.haulted,
      haltReason: row.haltReason,
      messageToUser: `message of ${row.id}`,
      title: `title of ${row.id}`,
    });
  }
  // The stored values keep to the new words only.
  await expect(store.query(`UPDATE agent_sessions SET halt_reason = 'github_missconfigured' WHERE id = 's-push'`)).rejects.toThrow(/check constraint/);

  // The API shows them as the platform spells them, as it did before the upgrade.
  const core = new Core(store);
  const app = await buildApp(core);
  try {
    const { token } = await core.createKey('acme', 'admin');
    const response = await app.inject({ method: 'GET', url: '/v1/agent/acme/jobs', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const sessions = response.json<{ allSessions: Array<Record<string, unknown>> }>().allSessions;
    expect(sessions.map((session) => [session.sessionId, session.haulted, session.haultReason])).toEqual(
      STORED_BEFORE_022.map((row) => [row.id, row.haulted, row.reason]).reverse(),
    );
    expect(Object.keys(sessions[0])).toEqual([
      'sessionId',
      'subdomain',
      'branch',
      'haulted',
      'haultReason',
      'pullRequestLink',
      'messageToUser',
      'todos',
      'title',
      'createdAt',
    ]);
  } finally {
    await app.close();
  }
  expect((await listSessions(store, 'acme', 0, 10)).map((session) => session.haltReason)).toEqual(STORED_BEFORE_022.map((row) => row.haltReason).reverse());
}

describe('an agent_sessions table written before 022_halt_spelling.sql', () => {
  itOnEachStore({ pglite: 'upgrades on PGlite', postgres: 'upgrades on PostgreSQL' }, 'migrate', checkUpgrade);
});

/** The indexes of page_sections, by name. */
const sectionIndexes = async (store: Store) =>
  (await store.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'page_sections' ORDER BY indexname`)).map(
    (row) => row.indexname,
  );

/**
 * 029 drops an index of page_sections no query reads: each section stored wrote an entry to it.
 * Texts stored before read back the same after it, and new ones are stored beside them.
 */
async function checkSectionIndex(store: Store): Promise<void> {
  await migrate(store, 28);
  expect(await sectionIndexes(store)).toEqual(['page_sections_page', 'page_sections_pkey']);
  await store.query(`INSERT INTO projects (id, repo, branch) VALUES ('acme', '/srv/acme.git', 'main')`);
  await insertDeployment(store, { id: 'd1', projectId: 'acme', ref: 'main', source: 'push' });
  const before = [section({ pagePath: 'guides/a', heading: 'Install', body: 'Run it.' }), section({ pagePath: 'guides/b' })];
  await insertPageSections(store, 'd1', before);

  expect(await migrate(store)).toContain('029_section_page_index.sql');
  expect(await sectionIndexes(store)).toEqual(['page_sections_pkey']);
  const after = [section({ pagePath: 'guides/c', links: [{ href: 'guides/a', text: 'A' }] })];
  await insertPageSections(store, 'd1', after, before.length);
  expect(await pageSections(store, 'd1')).toEqual([...before, ...after]);
}

describe('page_sections before 029_section_page_index.sql', () => {
  itOnEachStore({ pglite: 'drops the unread index on PGlite', postgres: 'drops the unread index on PostgreSQL' }, 'migrate-029', checkSectionIndex);
});
