/** Stored section embeddings (search/embeddings.ts): float4 little-endian in a bytea, with the MD5 of its bytes (migration 027). */
import { checksum } from './checksum.js';
import type { Queryable } from './store.js';
import { json } from './storable.js';

/**
 * The stored vectors of a deployment for a model, by section position, and how many rows were
 * damaged (not matching their checksum, or not a whole number of finite float4 values): those
 * are left out, so they are embedded again from their texts and stored in their place.
 */
export async function loadEmbeddings(db: Queryable, deploymentId: string, model: string): Promise<{ vectors: Map<number, Float32Array>; damaged: number }> {
  const rows = await db.query<{ position: number; vector: Uint8Array; checksum: string }>(
    'SELECT position, vector, checksum FROM section_embeddings WHERE deployment_id = $1 AND model = $2',
    [deploymentId, model],
  );
  const vectors = new Map<number, Float32Array>();
  let damaged = 0;
  for (const row of rows) {
    const bytes = Buffer.from(row.vector);
    if (bytes.length === 0 || bytes.length % 4 !== 0 || checksum(bytes) !== row.checksum) {
      damaged++;
      continue;
    }
    const vector = new Float32Array(bytes.length / 4);
    for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4);
    if (!vector.every(Number.isFinite)) {
      damaged++;
      continue;
    }
    vectors.set(Number(row.position), vector);
  }
  return { vectors, damaged };
}

export async function storeEmbeddings(
  db: Queryable,
  deploymentId: string,
  model: string,
  vectors: ReadonlyArray<{ position: number; vector: Float32Array }>,
): Promise<void> {
  if (vectors.length === 0) return;
  const rows = vectors.map(({ position, vector }) => {
    const bytes = Buffer.alloc(vector.length * 4);
    vector.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
    return { position, vector: bytes.toString('base64'), checksum: checksum(bytes) };
  });
  await db.query(
    `INSERT INTO section_embeddings (deployment_id, model, position, vector, checksum)
     SELECT $1, $2, x.position, decode(x.vector, 'base64'), x.checksum FROM jsonb_to_recordset($3::jsonb) AS x(position integer, vector text, checksum text)
     ON CONFLICT (deployment_id, model, position) DO UPDATE SET vector = excluded.vector, checksum = excluded.checksum`,
    [deploymentId, model, json(rows)],
  );
}
