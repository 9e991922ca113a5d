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
