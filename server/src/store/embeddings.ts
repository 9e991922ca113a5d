/**
 * Stored section embeddings (search/embeddings.ts): float4 little-endian in a bytea, with the MD5
 * of its bytes (migration 027) and the SHA-256 of the text it embeds (migration 030), per
 * deployment, model and section position.
 */
import { checksum } from './checksum.js';
import type { Queryable } from './store.js';
import { json } from './storable.js';

/** Text hashes looked up per query when vectors are copied from earlier deployments. */
const HASHES_PER_QUERY = 1000;

/** The vector of a row, or undefined when it is damaged (not its checksum, not a whole number of finite float4 values). */
function vectorOf(row: { vector: Uint8Array; checksum: string }): Float32Array | undefined {
  const bytes = Buffer.from(row.vector);
  if (bytes.length === 0 || bytes.length % 4 !== 0 || checksum(bytes) !== row.checksum) return undefined;
  const vector = new Float32Array(bytes.length / 4);
  for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4);
  return vector.every(Number.isFinite) ? vector : undefined;
}

/**
 * The stored vectors of a deployment for a model, by section position, with the hash of the text
 * each embeds (null for rows stored before migration 030), and how many rows were damaged: those
 * are left out, so they are embedded again from their texts and stored in their place.
 */
export async function loadEmbeddings(
  db: Queryable,
  deploymentId: string,
  model: string,
): Promise<{ vectors: Map<number, Float32Array>; hashes: Map<number, string | null>; damaged: number }> {
  const rows = await db.query<{ position: number; vector: Uint8Array; checksum: string; text_hash: string | null }>(
    'SELECT position, vector, checksum, text_hash FROM section_embeddings WHERE deployment_id = $1 AND model = $2',
    [deploymentId, model],
  );
  const vectors = new Map<number, Float32Array>();
  const hashes = new Map<number, string | null>();
  let damaged = 0;
  for (const row of rows) {
    const vector = vectorOf(row);
    if (!vector) {
      damaged++;
      continue;
    }
    vectors.set(Number(row.position), vector);
    hashes.set(Number(row.position), row.text_hash);
  }
  return { vectors, hashes, damaged };
}

/**
 * Vectors of the same model that the project's other deployments stored for these text hashes
 * (the sections whose text did not change): hash → vector. Damaged rows are left out.
 */
export async function reusableEmbeddings(db: Queryable, deploymentId: string, model: string, hashes: readonly string[]): Promise<Map<string, Float32Array>> {
  const found = new Map<string, Float32Array>();
  for (let start = 0; start < hashes.length; start += HASHES_PER_QUERY) {
    const rows = await db.query<{ text_hash: string; vector: Uint8Array; checksum: string }>(
      `SELECT e.text_hash, e.vector, e.checksum FROM section_embeddings e
       JOIN deployments d ON d.id = e.deployment_id
       WHERE d.project_id = (SELECT project_id FROM deployments WHERE id = $1) AND e.deployment_id <> $1 AND e.model = $2
         AND e.text_hash IN (SELECT value FROM jsonb_array_elements_text($3::jsonb))`,
      [deploymentId, model, json(hashes.slice(start, start + HASHES_PER_QUERY))],
    );
    for (const row of rows) {
      if (found.has(row.text_hash)) continue;
      const vector = vectorOf(row);
      if (vector) found.set(row.text_hash, vector);
    }
  }
  return found;
}

export async function storeEmbeddings(
  db: Queryable,
  deploymentId: string,
  model: string,
  vectors: ReadonlyArray<{ position: number; vector: Float32Array; textHash: string }>,
): Promise<void> {
  if (vectors.length === 0) return;
  const rows = vectors.map(({ position, vector, textHash }) => {
    const bytes = Buffer.alloc(vector.length * 4);
    vector.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
    return { position, vector: bytes.toString('base64'), checksum: checksum(bytes), text_hash: textHash };
  });
  await db.query(
    `INSERT INTO section_embeddings (deployment_id, model, position, vector, checksum, text_hash)
     SELECT $1, $2, x.position, decode(x.vector, 'base64'), x.checksum, x.text_hash
     FROM jsonb_to_recordset($3::jsonb) AS x(position integer, vector text, checksum text, text_hash text)
     ON CONFLICT (deployment_id, model, position) DO UPDATE SET vector = excluded.vector, checksum = excluded.checksum, text_hash = excluded.text_hash`,
    [deploymentId, model, json(rows)],
  );
}

/** Drops a deployment's vectors (a retried deployment starts over). */
export async function deleteEmbeddings(db: Queryable, deploymentId: string): Promise<void> {
  await db.query('DELETE FROM section_embeddings WHERE deployment_id = $1', [deploymentId]);
}
