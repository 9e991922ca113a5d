/**
 * Stored search indexes (migration 024): a deployment's index as `SectionIndex.serialize` made
 * it, in parts of `PART_BYTES`, so that no statement carries a whole big site's index and the
 * embedded database answers other requests between two parts.
 */
import type { Queryable } from './store.js';

/** Bytes per stored part. */
const PART_BYTES = 4 * 2 ** 20;

/** The stored index of a deployment in this format, whole, or undefined (none, or not finished). */
export async function storedIndex(
  db: Queryable,
  deploymentId: string,
  format: number,
  between: () => Promise<void> = async () => {},
): Promise<Uint8Array | undefined> {
  // Read as base64 text: the embedded database hands a bytea over as hex text parsed in
  // JavaScript (~400 ms for a 300-page site's 420 KB index); base64 text is decoded natively.
  const head = await db.query<{ parts: number; data: string }>(
    `SELECT parts, encode(data, 'base64') AS data FROM search_indexes WHERE deployment_id = $1 AND format = $2 AND part = 0`,
    [deploymentId, format],
  );
  if (head.length === 0) return undefined;
  const parts = [Buffer.from(head[0].data, 'base64')];
  for (let part = 1; part < Number(head[0].parts); part++) {
    await between();
    const rows = await db.query<{ data: string }>(
      `SELECT encode(data, 'base64') AS data FROM search_indexes WHERE deployment_id = $1 AND format = $2 AND part = $3`,
      [deploymentId, format, part],
    );
    if (rows.length === 0) return undefined;
    parts.push(Buffer.from(rows[0].data, 'base64'));
  }
  if (parts.length === 1) return parts[0];
  const whole = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.byteLength;
  }
  return whole;
}

/**
 * Stores a deployment's index: parts 1… first, part 0 (which says how many there are) last. Two
 * processes storing the same index at once write the same bytes; the second's rows are skipped.
 */
export async function storeIndex(
  db: Queryable,
  deploymentId: string,
  format: number,
  bytes: Uint8Array,
  between: () => Promise<void> = async () => {},
): Promise<void> {
  const parts = Math.max(1, Math.ceil(bytes.byteLength / PART_BYTES));
  for (let part = parts - 1; part >= 0; part--) {
    await db.query(
      // As base64 text: both drivers pass a string alike.
      `INSERT INTO search_indexes (deployment_id, format, part, parts, data) VALUES ($1, $2, $3, $4, decode($5, 'base64')) ON CONFLICT DO NOTHING`,
      [
        deploymentId,
        format,
        part,
        parts,
        Buffer.from(bytes.buffer, bytes.byteOffset + part * PART_BYTES, Math.min(PART_BYTES, bytes.byteLength - part * PART_BYTES)).toString('base64'),
      ],
    );
    if (part > 0) await between();
  }
}

/** Deletes a deployment's stored indexes (retention). */
export async function deleteStoredIndexes(db: Queryable, deploymentId: string): Promise<void> {
  await db.query('DELETE FROM search_indexes WHERE deployment_id = $1', [deploymentId]);
}
