/**
 * Stored search indexes (migrations 024, 027): a deployment's index as `SectionIndex.serialize`
 * made it, in parts of `PART_BYTES`, so that no statement carries a whole big site's index and
 * the embedded database answers other requests between two parts. Every row names how many
 * parts there are and the index's whole length; each part carries the MD5 of its bytes. A reader
 * checks them all before the bytes are used (`storedIndex`): a part missing, cut short, of
 * another length than the rows say, or whose bytes are not those hashed, and the stored index
 * is damaged (the caller builds it again from the stored texts and replaces it).
 */
import { checksum, DamagedPart } from './checksum.js';
import type { Queryable } from './store.js';

/**
 * Bytes per stored part. On the embedded database a statement runs on the main thread: a part of
 * 4 MB (base64 text, 5.6 MB) held it some 400 ms (160 ms for PGlite to put the parameter on its
 * wire, 250 ms in PostgreSQL), twice per platform-docs-sized index, and another project's answers
 * waited (the eval's stall measurement: 1.1-1.5 s). A part of 256 KB holds it about 25 ms.
 */
const PART_BYTES = 256 * 2 ** 10;
/** The largest part a reader takes: earlier releases stored parts of 4 MB, and those indexes are still read. */
const MAX_PART_BYTES = 4 * 2 ** 20;
/** More parts than an index of 2 GB in parts of PART_BYTES (the most a part count and a length of `integer` say sensibly) is damage. */
const MAX_PARTS = (2 * 2 ** 30) / PART_BYTES;

interface PartRow {
  parts: number;
  bytes: number;
  checksum: string;
  length: number;
  /** Base64: the embedded database hands a bytea over as hex text parsed in JavaScript (~400 ms for a 300-page site's 420 KB index); base64 text is decoded natively. */
  data: string;
}

const PART_COLUMNS = `parts, bytes, checksum, octet_length(data) AS length, encode(data, 'base64') AS data`;

/**
 * The stored index of a deployment in this format, whole and checked, or undefined (none stored,
 * or not finished: part 0, written last, is not there). Throws `DamagedPart` when a check fails.
 * Each part is decoded and hashed between two turns of the event loop (`between`).
 */
export async function storedIndex(
  db: Queryable,
  deploymentId: string,
  format: number,
  between: () => Promise<void> = async () => {},
): Promise<Uint8Array | undefined> {
  const head = await db.query<PartRow>(`SELECT ${PART_COLUMNS} FROM search_indexes WHERE deployment_id = $1 AND format = $2 AND part = 0`, [
    deploymentId,
    format,
  ]);
  if (head.length === 0) return undefined;
  const parts = Number(head[0].parts);
  const bytes = Number(head[0].bytes);
  const damaged = (what: string) => new DamagedPart(`the stored search index of deployment ${deploymentId}: ${what}`);
  if (!Number.isInteger(parts) || parts < 1 || parts > MAX_PARTS) throw damaged(`part 0 says it has ${parts} parts`);
  if (!Number.isInteger(bytes) || bytes < 0 || Math.ceil(bytes / MAX_PART_BYTES) > parts) throw damaged(`part 0 says ${bytes} bytes in ${parts} parts`);
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (let part = 0; part < parts; part++) {
    if (part > 0) await between();
    const row =
      part === 0
        ? head[0]
        : (
            await db.query<PartRow>(`SELECT ${PART_COLUMNS} FROM search_indexes WHERE deployment_id = $1 AND format = $2 AND part = $3`, [
              deploymentId,
              format,
              part,
            ])
          )[0];
    if (!row) throw damaged(`part ${part} of ${parts} is missing`);
    if (Number(row.parts) !== parts || Number(row.bytes) !== bytes)
      throw damaged(`part ${part} says ${row.parts} parts of ${row.bytes} bytes, part 0 ${parts} of ${bytes}`);
    const length = Number(row.length);
    if (at + length > bytes || (part < parts - 1 && length === 0)) throw damaged(`part ${part} of ${parts} holds ${length} bytes, past the ${bytes} in all`);
    const data = Buffer.from(row.data, 'base64');
    if (data.byteLength !== length || checksum(data) !== row.checksum) throw damaged(`part ${part} of ${parts} does not match its checksum`);
    whole.set(data, at);
    at += length;
  }
  if (at !== bytes) throw damaged(`its ${parts} parts hold ${at} bytes, not ${bytes}`);
  return whole;
}

/**
 * Stores a deployment's index, `bytes` whole or as pieces to be joined (`SectionIndex.serialize`):
 * parts 1… first, part 0 (which says how many there are) last, each part's bytes copied out of
 * the pieces as it is written. Two processes storing the same index at once write the same bytes;
 * the second's rows are skipped. `partBytes`: the size of a part (tests store a small index in
 * several).
 */
export async function storeIndex(
  db: Queryable,
  deploymentId: string,
  format: number,
  bytes: Uint8Array | readonly Uint8Array[],
  between: () => Promise<void> = async () => {},
  partBytes = PART_BYTES,
): Promise<void> {
  const pieces = bytes instanceof Uint8Array ? [bytes] : bytes;
  const length = pieces.reduce((total, piece) => total + piece.byteLength, 0);
  const parts = Math.max(1, Math.ceil(length / partBytes));
  for (let part = parts - 1; part >= 0; part--) {
    const data = cut(pieces, part * partBytes, Math.min(length, (part + 1) * partBytes));
    await db.query(
      // As base64 text: both drivers pass a string alike.
      `INSERT INTO search_indexes (deployment_id, format, part, parts, bytes, checksum, data) VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'base64')) ON CONFLICT DO NOTHING`,
      [deploymentId, format, part, parts, length, checksum(data), data.toString('base64')],
    );
    if (part > 0) await between();
  }
}

/** Bytes `start` to `end` of the pieces' concatenation, copied. */
function cut(pieces: readonly Uint8Array[], start: number, end: number): Buffer {
  const out = Buffer.alloc(end - start);
  let offset = 0;
  for (const piece of pieces) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + piece.byteLength);
    if (from < to) out.set(piece.subarray(from - offset, to - offset), from - start);
    offset += piece.byteLength;
    if (offset >= end) break;
  }
  return out;
}

/** Replaces a damaged stored index with `bytes` (one statement deletes every row of it first: a reader meanwhile finds none and builds it). */
export async function replaceIndex(
  db: Queryable,
  deploymentId: string,
  format: number,
  bytes: Uint8Array | readonly Uint8Array[],
  between: () => Promise<void> = async () => {},
): Promise<void> {
  await db.query('DELETE FROM search_indexes WHERE deployment_id = $1 AND format = $2', [deploymentId, format]);
  await storeIndex(db, deploymentId, format, bytes, between);
}

/** Deletes a deployment's stored indexes (retention). */
export async function deleteStoredIndexes(db: Queryable, deploymentId: string): Promise<void> {
  await db.query('DELETE FROM search_indexes WHERE deployment_id = $1', [deploymentId]);
}
