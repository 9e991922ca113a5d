/**
 * Checksums of stored parts (migration 027): the MD5 of a part's bytes (a text's UTF-8 bytes, as
 * PostgreSQL's `md5()` hashes it), stored with the part and compared before the part is used. A
 * guard against damage at rest (a disk, a restore, a hand-edited row), not against someone who
 * can write the database (they could write the checksum too).
 */
import { createHash } from 'node:crypto';

export function checksum(data: string | Uint8Array): string {
  return createHash('md5').update(data).digest('hex');
}

/** A stored part that fails its checks: what it is part of, and what is wrong, for the log. */
export class DamagedPart extends Error {
  override name = 'DamagedPart';
}
