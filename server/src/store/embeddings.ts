/** Stored section embeddings (search/embeddings.ts): float4 little-endian in a bytea. */
import type { Queryable } from './store.js';
import { json } from './storable.js';

/** The stored vectors of a deployment for a model, by section position. */
export async function loadEmbeddings(db: Queryable, deploymentId: string, model: string): Promise<Map<number, Float32Array>> {
  const rows = await db.query<{ position: number; vector: Uint8Array }>(
    'SELECT position, vector FROM section_embeddings WHERE deployment_id = $1 AND model = $2',
    [deploymentId, model],
  );
  const vectors = new Map<number, Float32Array>();
  for (const row of rows) {
    const bytes = Buffer.from(row.vector);
    const vector = new Float32Array(bytes.length / 4);
    for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4);
    vectors.set(Number(row.position), vector);
  }
  return vectors;
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
    return { position, vector: bytes.toString('base64') };
  });
  await db.query(
    `INSERT INTO section_embeddings (deployment_id, model, position, vector)
     SELECT $1, $2, x.position, decode(x.vector, 'base64') FROM jsonb_to_recordset($3::jsonb) AS x(position integer, vector text)
     ON CONFLICT (deployment_id, model, position) DO UPDATE SET vector = excluded.vector`,
    [deploymentId, model, json(rows)],
  );
}
