/** Agent sessions (repair jobs): service-facts §1's AgentSession, stored one row per job. */
import { isoDate } from './projects.js';
import type { Queryable } from './store.js';
import { json } from './storable.js';

/** Why a session stopped (`processing` while it runs). The API spells these as the platform does: http/routes/agent.ts. */
export type HaltReason = 'completed' | 'github_misconfigured' | 'error' | 'processing' | 'interrupted';
type TodoStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';
type TodoPriority = 'high' | 'medium' | 'low';

/** A type, not an interface: the route's response schema (an open object) accepts it as it is. */
export type Todo = {
  content: string;
  status: TodoStatus;
  priority: TodoPriority;
  id: string;
};

export interface AgentSessionRecord {
  id: string;
  projectId: string;
  jobId: string;
  sourceBranch: string;
  branch: string | null;
  /** Whether the session stopped. */
  halted: boolean;
  haltReason: HaltReason;
  pullRequestLink: string | null;
  messageToUser: string;
  todos: Todo[];
  title: string;
  createdAt: string;
  endedAt: string | null;
}

interface SessionRow {
  id: string;
  project_id: string;
  job_id: string;
  source_branch: string;
  branch: string | null;
  halted: boolean;
  halt_reason: HaltReason;
  pull_request_link: string | null;
  message_to_user: string;
  todos: Todo[] | string;
  title: string;
  created_at: Date | string;
  ended_at: Date | string | null;
}

const COLUMNS = 'id, project_id, job_id, source_branch, branch, halted, halt_reason, pull_request_link, message_to_user, todos, title, created_at, ended_at';

function toSession(row: SessionRow): AgentSessionRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    jobId: row.job_id,
    sourceBranch: row.source_branch,
    branch: row.branch,
    halted: row.halted,
    haltReason: row.halt_reason,
    pullRequestLink: row.pull_request_link,
    messageToUser: row.message_to_user,
    todos: typeof row.todos === 'string' ? (JSON.parse(row.todos) as Todo[]) : row.todos,
    title: row.title,
    createdAt: isoDate(row.created_at)!,
    endedAt: isoDate(row.ended_at),
  };
}

export async function insertSession(
  db: Queryable,
  session: { id: string; projectId: string; sourceBranch: string; branch: string; title: string; messages?: unknown[]; asDraft?: boolean },
): Promise<AgentSessionRecord> {
  const rows = await db.query<SessionRow>(
    `INSERT INTO agent_sessions (id, project_id, job_id, source_branch, branch, title, messages, as_draft)
     VALUES ($1, $2, $1, $3, $4, $5, $6::jsonb, $7) RETURNING ${COLUMNS}`,
    [session.id, session.projectId, session.sourceBranch, session.branch, session.title, json(session.messages ?? []), session.asDraft ?? false],
  );
  return toSession(rows[0]);
}

export async function findSession(db: Queryable, id: string): Promise<AgentSessionRecord | undefined> {
  const rows = await db.query<SessionRow>(`SELECT ${COLUMNS} FROM agent_sessions WHERE id = $1`, [id]);
  return rows[0] && toSession(rows[0]);
}

/** A project's sessions, newest first. */
export async function listSessions(db: Queryable, projectId: string, skip: number, take: number): Promise<AgentSessionRecord[]> {
  const rows = await db.query<SessionRow>(`SELECT ${COLUMNS} FROM agent_sessions WHERE project_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`, [
    projectId,
    skip,
    take,
  ]);
  return rows.map(toSession);
}

export interface SessionUpdate {
  halted?: boolean;
  haltReason?: HaltReason;
  pullRequestLink?: string | null;
  messageToUser?: string;
  todos?: Todo[];
  title?: string;
  /** Marks the session ended (now). */
  ended?: boolean;
}

/** Writes the given fields of a session. */
export async function updateSession(db: Queryable, id: string, update: SessionUpdate): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (update.halted !== undefined) set('halted', update.halted);
  if (update.haltReason !== undefined) set('halt_reason', update.haltReason);
  if (update.pullRequestLink !== undefined) set('pull_request_link', update.pullRequestLink);
  if (update.messageToUser !== undefined) set('message_to_user', update.messageToUser);
  if (update.todos !== undefined) set('todos', json(update.todos), '::jsonb');
  if (update.title !== undefined) set('title', update.title);
  if (update.ended) sets.push('ended_at = now()');
  if (sets.length === 0) return;
  await db.query(`UPDATE agent_sessions SET ${sets.join(', ')} WHERE id = $1`, params);
}
