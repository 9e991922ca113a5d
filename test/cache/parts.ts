/**
 * A cache part as the tests read and write it (src/cache/file.ts): a header line with the body's
 * keyed checksum (this user's cache key, src/cache/key.ts: `<XDG_CACHE_HOME>/docsnav/key`), then
 * the body; and the scans, each a slice of a pack that the index names with its digest.
 * `writePart` writes a body with a checksum that holds, as docsnav writes one (with the key of the
 * user cache folder given, by default this process's): what is then tested is what the store makes
 * of a whole file of another shape.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { partFileOf } from '../../src/cache/parts.js';

export { partFileOf };

/** The cache key of a user cache folder (`XDG_CACHE_HOME`), made by the runs that used it. */
export function cacheKeyIn(cacheHome: string = process.env.XDG_CACHE_HOME!): Buffer {
  return readFileSync(path.join(cacheHome, 'docsnav', 'key'));
}

/** The body of a cache file (after its header line), parsed. */
export function readPart<T = unknown>(file: string): T {
  const text = readFileSync(file, 'utf8');
  return JSON.parse(text.slice(text.indexOf('\n') + 1)) as T;
}

/** Writes `body` (text, or a value as JSON) as a whole cache file: its checksum holds for the key of `cacheHome`. */
export function writePart(file: string, body: unknown, cacheHome?: string): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  writeFileSync(file, `docsnav-cache hmac-sha256:${createHmac('sha256', cacheKeyIn(cacheHome)).update(text).digest('base64url')}\n${text}`);
}

type Place = [pack: string, offset: number, length: number, digest: string];

interface Index {
  id: string;
  pages: Record<string, unknown>;
  scans: Record<string, Place>;
}

/** A store's index as a run reads it: the index file, with the changes written since (`….changes.json`) when they name it. */
export function indexOf(file: string): Index {
  const index = readPart<Index>(file);
  let changes: { base: string; pages: Record<string, unknown>; scans: Record<string, Place | null> } | undefined;
  try {
    changes = readPart(partFileOf(file, 'changes'));
  } catch {
    changes = undefined;
  }
  if (changes?.base !== index.id) return index;
  const merged = { ...index, pages: { ...index.pages }, scans: { ...index.scans } };
  for (const [page, entry] of Object.entries(changes.pages)) {
    if (entry === null) delete merged.pages[page];
    else merged.pages[page] = entry;
  }
  for (const [key, place] of Object.entries(changes.scans)) {
    if (place === null) delete merged.scans[key];
    else merged.scans[key] = place;
  }
  return merged;
}

/** Each scan a store's index names, as its pack holds it: `{ key, scan }`, and where. */
export function scansIn(file: string): Array<{ key: string; scan: unknown; place: Place; body: string }> {
  const index = indexOf(file);
  return Object.entries(index.scans).map(([key, place]) => {
    const [pack, offset, length] = place;
    const body = readFileSync(path.join(partFileOf(file, 'scans'), pack))
      .subarray(offset, offset + length)
      .toString('utf8');
    return { key, scan: (JSON.parse(body) as { scan: unknown }).scan, place, body };
  });
}

/** The packs in a store's scans folder. */
export function packsOf(file: string): string[] {
  return readdirSync(partFileOf(file, 'scans')).filter((name) => name.endsWith('.pack'));
}

/**
 * Files `body` (text, or a value as JSON) as the scan of `key` in a new pack, the index naming it
 * with its digest (the index's checksum then holds for the key of `cacheHome`): a scan docsnav
 * would read as whole.
 */
export function writeScan(file: string, key: string, body: unknown, cacheHome?: string): void {
  const text = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
  const pack = `${randomBytes(8).toString('hex')}.pack`;
  writeFileSync(path.join(partFileOf(file, 'scans'), pack), text);
  // The whole index under a new id: the changes written beside the last one are not read.
  const index = { ...indexOf(file), id: randomBytes(8).toString('hex') };
  index.scans[key] = [pack, 0, text.length, createHash('sha256').update(text).digest('base64url').slice(0, 22)];
  writePart(file, index, cacheHome);
}

/** A developer's CLI run (CI unset, no colour), its user cache folder (and so its cache key) `cacheHome`. */
export function environment(cacheHome: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', XDG_CACHE_HOME: cacheHome };
  delete env.CI;
  delete env.GITHUB_STEP_SUMMARY;
  delete env.GITHUB_ACTIONS;
  return env;
}
