/**
 * Retention (issue 40): each project keeps the page texts, tree, file map, embeddings and search
 * index of its newest `keep` successful deployments; older deployments' are deleted, in bounded
 * batches (one short statement each, so the embedded database answers requests between two),
 * after a deployment succeeds, in its job (off the request path). The deployment rows stay (their
 * status, summary, logs and problems), marked `pruned_at`.
 *
 * One place more (`keep` + 1 at most, whatever the project's threads say): the current
 * deployment, should it not be among the newest `keep` successes, else the newest deployment an
 * open thread (a message in the last `OPEN_THREAD_HOURS`) was last answered from. A thread pins
 * only the deployment of its last answer: one thread asking after each of 14 deployments once
 * kept all 14 deployments' texts (42,000 sections) under `--keep-deployments 1`, since every
 * deployment any answer of an open thread cited was kept. A follow-up is answered from the
 * current deployment in any case, saying so when the sources of the thread's last answer moved
 * (assistant/moved-sources.ts); an answer's sources are stored with it.
 *
 * The only job that reads a deployment's texts is the project's next deployment, which copies
 * from the current one (kept); a project's jobs run one at a time. Deployments still queued or
 * running are never candidates (only ended ones are), a failed deployment never takes a kept
 * place (a failed newest one once made an older good one's texts go), and a coalesced request
 * (which stored nothing of its own) does not take one from the run it was folded into.
 */
import { deleteStoredIndexes } from './search-indexes.js';
import type { Queryable } from './store.js';

/** A thread with a message this recent is open: the deployment of its last answer may keep its texts (one place past `keep`). */
const OPEN_THREAD_HOURS = 24;
/** Page sections (or embeddings) deleted per statement. */
const DELETED_ROWS = 2000;
/** Page sections one pass deletes at most (then it ends; the next pass goes on): ~25 statements. */
const PASS_ROWS = 50_000;

export interface RetentionResult {
  /** Deployments whose texts, trees and indexes were deleted. */
  deployments: string[];
  /** Page sections deleted. */
  sections: number;
}

/** Deployments of the project whose texts are deleted now: unpruned, ended, and none of those kept. */
async function deploymentsToPrune(db: Queryable, projectId: string, keep: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH kept AS (
       SELECT id FROM deployments WHERE project_id = $1 AND status = 'success' AND deployed_by = id ORDER BY ended_at DESC, created_at DESC LIMIT $2
     ),
     current AS (SELECT current_deployment_id AS id FROM projects WHERE id = $1 AND current_deployment_id IS NOT NULL),
     pinned AS (
       SELECT DISTINCT ON (t.id) m.deployment_id AS id
       FROM assistant_threads t JOIN assistant_messages m ON m.thread_id = t.id
       WHERE t.project_id = $1 AND t.updated_at > now() - make_interval(hours => $3) AND m.role = 'assistant' AND m.deployment_id IS NOT NULL
       ORDER BY t.id, m.seq DESC
     ),
     extra AS (
       SELECT d.id FROM deployments d
       WHERE d.project_id = $1 AND d.status = 'success' AND d.id NOT IN (SELECT id FROM kept)
         AND (d.id IN (SELECT id FROM current) OR d.id IN (SELECT id FROM pinned))
       ORDER BY (d.id IN (SELECT id FROM current)) DESC, d.created_at DESC
       LIMIT 1
     )
     SELECT d.id FROM deployments d
     WHERE d.project_id = $1 AND d.pruned_at IS NULL AND d.status IN ('success', 'failure')
       AND d.id NOT IN (SELECT id FROM kept) AND d.id NOT IN (SELECT id FROM extra)
     ORDER BY d.created_at`,
    [projectId, keep, OPEN_THREAD_HOURS],
  );
  return rows.map((row) => row.id);
}

/**
 * Deletes the texts, trees and indexes of the project's deployments past the newest `keep`, in
 * statements of at most `DELETED_ROWS` rows, calling `between` after each (to yield). A pass
 * starts no deployment after `PASS_ROWS` sections: a later pass deletes the rest.
 */
export async function pruneDeployments(
  db: Queryable,
  projectId: string,
  keep: number,
  between: () => Promise<void> = async () => {},
): Promise<RetentionResult> {
  const result: RetentionResult = { deployments: [], sections: 0 };
  for (const id of await deploymentsToPrune(db, projectId, keep)) {
    if (result.sections >= PASS_ROWS) break;
    result.sections += await deleteInBatches(db, 'page_sections', id, between);
    await deleteInBatches(db, 'section_embeddings', id, between);
    await deleteStoredIndexes(db, id);
    await db.query('DELETE FROM tree_parts WHERE deployment_id = $1', [id]);
    await db.query('DELETE FROM file_parts WHERE deployment_id = $1', [id]);
    await db.query('UPDATE deployments SET tree = NULL, tree_parts = NULL, files = NULL, file_parts = NULL, pruned_at = now() WHERE id = $1', [id]);
    result.deployments.push(id);
    await between();
  }
  return result;
}

/** Deletes a deployment's rows of `table` by ranges of positions (each range one short use of the primary key). */
async function deleteInBatches(
  db: Queryable,
  table: 'page_sections' | 'section_embeddings',
  deploymentId: string,
  between: () => Promise<void>,
): Promise<number> {
  const [{ last }] = await db.query<{ last: number | null }>(`SELECT max(position) AS last FROM ${table} WHERE deployment_id = $1`, [deploymentId]);
  if (last === null) return 0;
  let deleted = 0;
  for (let from = 0; from <= Number(last); from += DELETED_ROWS) {
    const rows = await db.query<{ count: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE deployment_id = $1 AND position >= $2 AND position < $3 RETURNING 1) SELECT count(*)::integer AS count FROM gone`,
      [deploymentId, from, from + DELETED_ROWS],
    );
    deleted += Number(rows[0]?.count ?? 0);
    await between();
  }
  return deleted;
}

/**
 * Every table a pass deletes or rewrites rows of (`pruneDeployments` and `deleteStoredIndexes`):
 * each is vacuumed after a pass. tree_parts and file_parts were once left out, and the embedded
 * database grew by their dead rows at every redeploy (100 redeploys of the platform docs: 1.43x
 * its size after 2, 24 MB more, with texts deleted as they should be).
 */
const PRUNED_TABLES = ['page_sections', 'section_embeddings', 'search_indexes', 'tree_parts', 'file_parts', 'deployments'] as const;

/**
 * Lets the space of deleted rows be used again, then checkpoints. PostgreSQL's autovacuum does
 * the first by itself in time; the embedded database has no autovacuum, and without it every
 * pass's deleted rows would stay in its files (the database would grow as if nothing were
 * deleted). The checkpoint lets the write-ahead log those deletions (and the deployment before
 * them) wrote go: the embedded database has no checkpointer of its own (store/pglite.ts), and
 * its `pg_wal` grew by 16 MB segments for good. PostgreSQL checkpoints by itself; it is asked
 * too where the server's role may (a superuser, or `pg_checkpoint` from PostgreSQL 15), and
 * not otherwise.
 */
export async function reclaimSpace(db: Queryable): Promise<void> {
  for (const table of PRUNED_TABLES) await db.query(`VACUUM ${table}`);
  try {
    await db.query('CHECKPOINT');
  } catch (error) {
    // 42501: this role may not checkpoint (PostgreSQL's checkpointer does it in its own time).
    if ((error as { code?: unknown })?.code !== '42501') throw error;
  }
}
