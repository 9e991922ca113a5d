/**
 * The scans of a page scan store: `<file>.scans/`, packs of scans, each scan named by its key (the
 * page text's hash, how it is parsed and the profile) and found at the place the index gives
 * (src/cache/page-index.ts), with the digest of its bytes. A run saves the scans it made as one new
 * pack, saved once and renamed into place; a pack no index names is removed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PageText } from '../pages/kept.js';
import { partDigest } from './file.js';
import type { PageIndex } from './page-index.js';
import type { StoreFiles } from './parts.js';
import { isStoredScan, type ScanPlace, type StoredScan } from './shapes.js';
import { storeStats } from './stats.js';

/** Packs an index may name before a save puts every scan it keeps into one new pack (and drops the others). */
const MAX_PACKS = 12;
/** A pack no index names (a run's that lost the race to save the index, or one killed before its index) is removed once this old. */
const ORPHAN_MS = 10 * 60 * 1000;

/** What starts the key of a scan parsed so: the parser (MDX or Markdown) and the variant (the profile). */
export function variantPrefix(page: { mdx: boolean; variant?: string }): string {
  return `${page.mdx ? 'mdx' : 'md'}:${page.variant ?? ''}:`;
}

/** The key a page's scan is kept under: how it is parsed, and its text's hash. */
export function scanKey(page: PageText): string {
  storeStats.hashed++;
  return variantPrefix(page) + createHash('sha256').update(page.text).digest('base64url');
}

/** The scan kept under `key`, loaded from its pack when the index names it and its bytes are those the index vouches for; else undefined. */
export function loadScan(files: StoreFiles, index: PageIndex, key: string): StoredScan | undefined {
  const stored = loadEntry(files, index, key);
  // The key inside too: a scan copied over another's place is no scan of this key.
  if (stored?.key === key && isStoredScan(stored.scan)) {
    storeStats.scansRead++;
    return stored.scan;
  }
  return undefined;
}

/** A kept scan's entry (`{ key, scan }`), loaded from its pack at the place the index gives, when its bytes are those the index vouches for. */
function loadEntry(files: StoreFiles, index: PageIndex, key: string): { key?: unknown; scan?: unknown } | undefined {
  if (files.key === undefined) return undefined;
  const place = (index.pages(), index.places.get(key));
  if (!place) return undefined;
  const [pack, offset, length, digest] = place;
  const bytes = files.folder.loadAt(`${files.partName('scans')}/${pack}`, offset, length);
  // A pack cut short, overwritten or of another run: its bytes are not those the index names.
  if (!bytes || partDigest(bytes) !== digest) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as { key?: unknown; scan?: unknown };
  } catch {
    return undefined;
  }
}

/** The packs `places` name. */
export function packsNamed(places: ReadonlyMap<string, ScanPlace>): Set<string> {
  return new Set([...places.values()].map(([pack]) => pack));
}

/** Whether an index naming the packs of `places`, and a new one when `adding`, names too many: then every scan goes into one new pack. */
export function tooManyPacks(places: ReadonlyMap<string, ScanPlace>, adding: boolean): boolean {
  return packsNamed(places).size + (adding ? 1 : 0) > MAX_PACKS;
}

/** Saves `scans` as one new pack, saved once and renamed into place, and sets their places in `places`. */
export function savePack(files: StoreFiles, scans: ReadonlyMap<string, StoredScan>, places: Map<string, ScanPlace>): void {
  const pack = `${randomBytes(8).toString('hex')}.pack`;
  const parts: Buffer[] = [];
  let offset = 0;
  for (const [key, scan] of scans) {
    const bytes = Buffer.from(JSON.stringify({ key, scan }), 'utf8');
    parts.push(bytes);
    places.set(key, [pack, offset, bytes.length, partDigest(bytes)]);
    offset += bytes.length;
  }
  files.folder.save(`${files.partName('scans')}/${pack}`, Buffer.concat(parts, offset));
}

/**
 * Removes the packs the saved index no longer names (every scan in them gone, or moved into the
 * new pack: `before` named them), and those no index named for a while (a run killed before saving
 * its index, or whose index another run's replaced). A pack another run's index still names is at
 * worst a miss for that index: each scan is checked against its digest, and scanned again when it
 * is not there.
 */
export function dropPacks(files: StoreFiles, before: ReadonlySet<string>, places: ReadonlyMap<string, ScanPlace>): void {
  const scans = files.partName('scans');
  const named = packsNamed(places);
  const now = Date.now();
  files.folder.remove(
    files.folder
      .list(scans)
      .filter(({ name, mtimeMs }) => !named.has(name) && (before.has(name) || now - mtimeMs > ORPHAN_MS))
      .map(({ name }) => `${scans}/${name}`),
  );
}
