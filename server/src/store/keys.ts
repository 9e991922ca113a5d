import { isoDate } from './projects.js';
import type { Queryable } from './store.js';

export type KeyKind = 'admin' | 'assistant';

export interface ApiKey {
  id: string;
  projectId: string;
  kind: KeyKind;
}

export async function insertKey(db: Queryable, key: ApiKey & { tokenHash: string }): Promise<void> {
  await db.query('INSERT INTO api_keys (id, project_id, kind, token_hash) VALUES ($1, $2, $3, $4)', [key.id, key.projectId, key.kind, key.tokenHash]);
}

export async function findKeyByHash(db: Queryable, tokenHash: string): Promise<ApiKey | undefined> {
  const rows = await db.query<{ id: string; project_id: string; kind: KeyKind }>('SELECT id, project_id, kind FROM api_keys WHERE token_hash = $1', [
    tokenHash,
  ]);
  return rows[0] && { id: rows[0].id, projectId: rows[0].project_id, kind: rows[0].kind };
}

export interface KeyListing extends ApiKey {
  createdAt: string;
}

export async function listKeys(db: Queryable, projectId?: string): Promise<KeyListing[]> {
  const rows = await db.query<{ id: string; project_id: string; kind: KeyKind; created_at: Date | string }>(
    'SELECT id, project_id, kind, created_at FROM api_keys WHERE $1::text IS NULL OR project_id = $1 ORDER BY project_id, created_at, id',
    [projectId ?? null],
  );
  return rows.map((row) => ({ id: row.id, projectId: row.project_id, kind: row.kind, createdAt: isoDate(row.created_at)! }));
}

/** Deletes a key; true when there was one. Requests with it get 401 from then on. */
export async function deleteKey(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM api_keys WHERE id = $1 RETURNING id', [id])).length > 0;
}
