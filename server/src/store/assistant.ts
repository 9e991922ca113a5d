/**
 * The assistant's SQL: threads and their messages. Same statements on PGlite and PostgreSQL.
 * (Search runs over an in-memory index of the deployment's sections: search/.)
 */
import { isoDate } from './projects.js';
import type { Queryable } from './store.js';
import { json } from './storable.js';

export interface ThreadMessage {
  role: 'user' | 'assistant';
  content: string;
  sources: Array<{ url: string; title: string }>;
  createdAt: string;
}

export async function insertThread(db: Queryable, thread: { id: string; projectId: string; fp: string }): Promise<void> {
  await db.query('INSERT INTO assistant_threads (id, project_id, fp) VALUES ($1, $2, $3)', [thread.id, thread.projectId, thread.fp]);
}

/** An assistant conversation; it belongs to one project. */
export interface Thread {
  id: string;
  projectId: string;
}

/** The thread's project, or undefined when there is no such thread. */
/** The thread `id`; with `ownedBy`, only when it is that project's (one query, whether it is missing or another's). */
export async function findThread(db: Queryable, id: string, ownedBy?: string): Promise<Thread | undefined> {
  const rows = await db.query<{ id: string; project_id: string }>(
    'SELECT id, project_id FROM assistant_threads WHERE id = $1 AND ($2::text IS NULL OR project_id = $2)',
    [id, ownedBy ?? null],
  );
  return rows[0] && { id: rows[0].id, projectId: rows[0].project_id };
}

/**
 * Appends messages to a thread, after the ones it has. The positions come from the thread's
 * row (`next_seq`), taken and moved on in one UPDATE: concurrent appends to one thread wait on
 * that row and get positions of their own, in any transaction mode.
 */
export async function appendMessages(
  db: Queryable,
  threadId: string,
  messages: ReadonlyArray<{
    id: string;
    role: 'user' | 'assistant';
    content: string;
    sources?: unknown[];
    deploymentId?: string | null;
    error?: string | null;
    /** The user message an answer answers. */
    replyTo?: string | null;
  }>,
): Promise<void> {
  if (messages.length === 0) return;
  const taken = await db.query<{ next_seq: number }>(
    'UPDATE assistant_threads SET next_seq = next_seq + $2, updated_at = now() WHERE id = $1 RETURNING next_seq',
    [threadId, messages.length],
  );
  if (taken.length === 0) throw new Error(`no thread ${threadId}`);
  const first = Number(taken[0].next_seq) - messages.length + 1;
  await db.query(
    `INSERT INTO assistant_messages (id, thread_id, seq, role, content, sources, deployment_id, error, reply_to)
     SELECT x.id, $1, $3::integer + x.n, x.role, x.content, coalesce(x.sources, '[]'::jsonb), x.deployment_id, x.error, x.reply_to
     FROM jsonb_to_recordset($2::jsonb) AS x(n integer, id text, role text, content text, sources jsonb, deployment_id text, error text, reply_to text)`,
    [
      threadId,
      json(
        messages.map((message, index) => ({
          n: index,
          id: message.id,
          role: message.role,
          content: message.content,
          sources: message.sources ?? [],
          deployment_id: message.deploymentId ?? null,
          error: message.error ?? null,
          reply_to: message.replyTo ?? null,
        })),
      ),
      first,
    ],
  );
}

export async function threadMessages(db: Queryable, threadId: string): Promise<ThreadMessage[]> {
  const rows = await db.query<{ role: 'user' | 'assistant'; content: string; sources: Array<{ url: string; title: string }>; created_at: Date | string }>(
    'SELECT role, content, sources, created_at FROM assistant_messages WHERE thread_id = $1 ORDER BY seq',
    [threadId],
  );
  return rows.map((row) => ({ role: row.role, content: row.content, sources: row.sources, createdAt: isoDate(row.created_at)! }));
}

/** The deployment a thread was last answered from and that answer's sources, or undefined (no answer yet). */
export async function lastAnswer(
  db: Queryable,
  threadId: string,
): Promise<{ deploymentId: string; sources: Array<{ url: string; title: string }> } | undefined> {
  const rows = await db.query<{ deployment_id: string; sources: Array<{ url: string; title: string }> }>(
    `SELECT deployment_id, sources FROM assistant_messages WHERE thread_id = $1 AND role = 'assistant' AND deployment_id IS NOT NULL ORDER BY seq DESC LIMIT 1`,
    [threadId],
  );
  return rows[0] && { deploymentId: rows[0].deployment_id, sources: Array.isArray(rows[0].sources) ? rows[0].sources : [] };
}
