/**
 * The assistant's SQL: full-text search over a deployment's page sections, threads and their
 * messages. Same statements on PGlite and PostgreSQL.
 */
import { isoDate } from './projects.js';
import type { Queryable } from './store.js';
import { json } from './storable.js';

export interface SearchHit {
  pagePath: string;
  pageKind: 'page' | 'endpoint';
  pageTitle: string;
  pageDescription: string;
  heading: string | null;
  anchor: string | null;
  body: string;
  rank: number;
}

export interface SearchQuery {
  deploymentId: string;
  /** The user's words; turned into a tsquery by PostgreSQL, never parsed as syntax by us. */
  text: string;
  /** `and`: websearch_to_tsquery (every word); `or`: any of plainto_tsquery's lexemes. */
  mode: 'and' | 'or';
  limit: number;
  /** Trail items a page must have (`{kind: 'version', label: 'v2'}`). */
  trail: Array<{ kind: string; label: string }>;
  includeHidden: boolean;
}

/**
 * The best section of each matching page, best pages first: ts_rank over the weighted vector
 * (title A, heading B, description C, body D). Not length-normalised: that made a page's
 * shortest section (a bare "201 Created") beat its intro; the benchmark's hit rates were equal.
 */
export async function searchSections(db: Queryable, query: SearchQuery): Promise<SearchHit[]> {
  const tsquery =
    query.mode === 'and'
      ? `websearch_to_tsquery('english'::regconfig, $2)`
      : `nullif(replace(plainto_tsquery('english'::regconfig, $2)::text, ' & ', ' | '), '')::tsquery`;
  const rows = await db.query<{
    page_path: string;
    page_kind: 'page' | 'endpoint';
    page_title: string;
    page_description: string;
    heading: string | null;
    anchor: string | null;
    body: string;
    rank: number | string;
  }>(
    `WITH q AS (SELECT ${tsquery} AS query),
     matches AS (
       SELECT DISTINCT ON (s.page_path) s.page_path, s.page_kind, s.page_title, s.page_description, s.heading, s.anchor, s.body, s.position,
         ts_rank(s.search, q.query) AS rank
       FROM page_sections s, q
       WHERE s.deployment_id = $1 AND q.query IS NOT NULL AND s.search @@ q.query
         AND ($4 OR NOT s.hidden) AND s.trail @> $5::jsonb
       ORDER BY s.page_path, rank DESC, s.position)
     SELECT page_path, page_kind, page_title, page_description, heading, anchor, body, rank FROM matches
     ORDER BY rank DESC, position LIMIT $3`,
    [query.deploymentId, query.text, query.limit, query.includeHidden, json(query.trail)],
  );
  return rows.map((row) => ({
    pagePath: row.page_path,
    pageKind: row.page_kind,
    pageTitle: row.page_title,
    pageDescription: row.page_description,
    heading: row.heading,
    anchor: row.anchor,
    body: row.body,
    rank: Number(row.rank),
  }));
}

export interface ThreadMessage {
  role: 'user' | 'assistant';
  content: string;
  sources: Array<{ url: string; title: string }>;
  createdAt: string;
}

export async function insertThread(db: Queryable, thread: { id: string; projectId: string; fp: string }): Promise<void> {
  await db.query('INSERT INTO assistant_threads (id, project_id, fp) VALUES ($1, $2, $3)', [thread.id, thread.projectId, thread.fp]);
}

/** The thread's project, or undefined when there is no such thread. */
export async function findThread(db: Queryable, id: string): Promise<{ id: string; projectId: string } | undefined> {
  const rows = await db.query<{ id: string; project_id: string }>('SELECT id, project_id FROM assistant_threads WHERE id = $1', [id]);
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
