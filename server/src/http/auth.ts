/**
 * API keys: random tokens shown once; only their SHA-256 is stored. A key belongs to one
 * project and has one kind (admin: deployments and agent jobs; assistant: the assistant
 * endpoint). No or unknown key → 401; a key of another kind → 403; another project's things →
 * 404, as if they did not exist: routes/auth.ts checks all three, for every route, in one hook.
 */
import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from './errors.js';
import { findKeyByHash, type ApiKey, type KeyKind } from '../store/keys.js';
import type { Queryable } from '../store/store.js';

/** A new token: a readable prefix (the kind) and 32 random bytes. */
export function newToken(kind: KeyKind): string {
  return `dn_${kind}_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The bearer token of an `Authorization` header, or undefined. */
function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer[ \t]+(\S{1,512})[ \t]*$/i.exec(header);
  return match?.[1];
}

/** The key a request carries; 401 when there is none or it is unknown. */
export async function authenticate(db: Queryable, header: string | undefined): Promise<ApiKey> {
  const token = bearerToken(header);
  if (!token) throw new HttpError(401, 'missing API key: send "Authorization: Bearer <key>"');
  const key = await findKeyByHash(db, hashToken(token));
  if (!key) throw new HttpError(401, 'unknown API key');
  return key;
}
