/**
 * A cache part as the tests read and write it (src/cache/file.ts): a header line with the body's
 * checksum, then the body. `writePart` writes a body with a checksum that holds, as docsnav writes
 * one: what is then tested is what the store makes of a whole file of another shape.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

export { partFileOf } from '../../src/cache/store.js';

/** The body of a cache file (after its header line), parsed. */
export function readPart<T = unknown>(file: string): T {
  const text = readFileSync(file, 'utf8');
  return JSON.parse(text.slice(text.indexOf('\n') + 1)) as T;
}

/** Writes `body` (text, or a value as JSON) as a whole cache file: its checksum holds. */
export function writePart(file: string, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  writeFileSync(file, `docsnav-cache sha256:${createHash('sha256').update(text).digest('base64url')}\n${text}`);
}
