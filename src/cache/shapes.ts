/**
 * What each part of the page scan store holds on disk (src/cache/store.ts), and the guards that
 * check a part read back holds it: a part of another shape (edited by hand, of another version, cut
 * short) is no part, never an error and never a scan that does not fit its page. No I/O.
 */
import { codes } from '../codes.js';
import type { KeptFileCheck, KeptSiteCheck } from '../pages/kept.js';
import type { FrontMatter } from '../pages/front-matter.js';
import type { Finding } from '../problem.js';
import { SEVERITY_RANK } from '../severity.js';
import type { PageLink, PageScan } from '../pages/types.js';
import { isStampText } from './stamp.js';

export interface StoredScan {
  links: PageLink[];
  /** null: not computed (no link's fragment needed them yet); computed from the page's text when first read. */
  anchors: string[] | null;
  error?: PageScan['error'];
}

export interface StoredPage {
  /** Its file's stamp (`stampText`). */
  stamp: string;
  /** The stamp cannot tell a later edit (src/cache/stamp.ts): the page is known by its text's hash only. */
  racy?: true;
  /** The key of its scan, once the page was scanned. */
  scan?: string;
  /** Its text's length (UTF-16 code units, byte order mark left out): a kept scan must fit it. */
  length?: number;
  /** What its first 64 KB hold as front matter (`keepHead`): null when no block, undefined when not kept. */
  head?: StoredHead | null;
}

/** A page's front matter as `parseFrontMatter` gave it (kept only when JSON gives it back the same). */
export type StoredHead = FrontMatter;

/** Where a scan is in the packs: the pack's name, the scan's offset and length in it, and the digest of those bytes (the index's keyed checksum vouches for it). */
export type ScanPlace = [pack: string, offset: number, length: number, digest: string];

export interface IndexFile {
  /** What names this index (random, written with it): the changes written since (`IndexChanges`) name it. */
  id: string;
  pages: Record<string, StoredPage>;
  scans: Record<string, ScanPlace>;
}

/**
 * What changed since the index named `base` was written (its own part, `….changes.json`): each
 * page's and scan's new entry, null for one no longer kept. A run that changed a few pages writes
 * this instead of the whole index; changes of another index are not read.
 */
export interface IndexChanges {
  base: string;
  pages: Record<string, StoredPage | null>;
  scans: Record<string, ScanPlace | null>;
}

/** The file of whole validations beside the index, by what they were asked (src/cache/replay.ts checks their shape). */
export interface RunsFile {
  runs: Record<string, unknown>;
}

/** A scan's place as `savePack` writes it: a pack's name, an offset, a length and a digest. */
export function isScanPlace(value: unknown): value is ScanPlace {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    typeof value[0] === 'string' &&
    /^[0-9a-f]{16}\.pack$/.test(value[0]) &&
    Number.isSafeInteger(value[1]) &&
    value[1] >= 0 &&
    Number.isSafeInteger(value[2]) &&
    value[2] > 0 &&
    value[2] <= 1024 * 1024 * 1024 &&
    typeof value[3] === 'string'
  );
}

/** A value JSON gives back as it is: plain objects, arrays, strings, finite numbers (not -0), booleans, null. */
export function sameInJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(sameInJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) {
    // A key JSON.parse would not give back as an own property, or a value of another kind.
    if (key === '__proto__' || !sameInJson((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** A plain record (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The lookups part (`….lookups.json`): each file's stamp when they were made, and the lookups by their key. */
export interface StoredLookups {
  stamps: Record<string, string>;
  lookups: Record<string, unknown>;
}

/** Lookups as `keepLookups` keeps them: a stamp text per file, a record of lookups. */
export function isStoredLookups(value: unknown): value is StoredLookups {
  const stored = value as Partial<StoredLookups>;
  return isRecord(value) && isRecord(stored.stamps) && Object.values(stored.stamps).every((stamp) => typeof stamp === 'string') && isRecord(stored.lookups);
}

/** A site check as `keepCheck` keeps it: its shape, and each file's findings with their places. */
export function isKeptCheck(value: unknown): value is KeptSiteCheck {
  const check = value as Partial<KeptSiteCheck> | undefined;
  return isRecord(value) && typeof check?.shape === 'string' && isRecord(check.files) && Object.values(check.files).every(isKeptFileCheck);
}

function isKeptFileCheck(value: unknown): value is KeptFileCheck {
  const file = value as Partial<KeptFileCheck> | undefined;
  return (
    isRecord(value) &&
    (file?.key === null || typeof file?.key === 'string') &&
    (file.anchors === undefined || typeof file.anchors === 'string') &&
    Array.isArray(file.deps) &&
    file.deps.every((dep) => typeof dep === 'string') &&
    Array.isArray(file.findings) &&
    file.findings.every(isPageFinding) &&
    Array.isArray(file.places) &&
    file.places.length === file.findings.length &&
    file.places.every(isPlace)
  );
}

/** A finding's place as `checkToKeep` writes it: four whole numbers from 1 (line, column, end line, end column). */
function isPlace(value: unknown): boolean {
  return Array.isArray(value) && value.length === 4 && value.every((n) => Number.isSafeInteger(n) && n >= 1);
}

/** A finding in a page as the site rules report it: a code and a message, at a span of two offsets. */
function isPageFinding(value: unknown): value is Finding {
  const finding = value as Partial<Finding> | undefined;
  return (
    isRecord(value) &&
    typeof finding?.code === 'string' &&
    Object.prototype.hasOwnProperty.call(codes, finding.code) &&
    typeof finding.message === 'string' &&
    typeof finding.pointer === 'string' &&
    Array.isArray(finding.span) &&
    finding.span.length === 2 &&
    finding.span.every((offset) => Number.isSafeInteger(offset) && offset >= 0) &&
    (finding.suggest === undefined || typeof finding.suggest === 'string') &&
    (finding.severity === undefined || (typeof finding.severity === 'string' && Object.hasOwn(SEVERITY_RANK, finding.severity))) &&
    (finding.more === undefined || (Number.isSafeInteger(finding.more) && finding.more >= 1)) &&
    (finding.fix === undefined || isFix(finding.fix))
  );
}

function isFix(value: unknown): boolean {
  const edits = (value as { edits?: unknown } | undefined)?.edits;
  return (
    isRecord(value) &&
    Array.isArray(edits) &&
    edits.every(
      (edit: { start?: unknown; end?: unknown; text?: unknown }) =>
        Number.isSafeInteger(edit?.start) && Number.isSafeInteger(edit.end) && typeof edit.text === 'string',
    )
  );
}

/** A page's entry in the index as `keepHead` and a kept scan make it. */
export function isStoredPage(value: unknown): value is StoredPage {
  const page = value as Partial<StoredPage> | undefined;
  return (
    isRecord(value) &&
    page !== undefined &&
    isStampText(page.stamp) &&
    (page.racy === undefined || page.racy === true) &&
    (page.scan === undefined || typeof page.scan === 'string') &&
    (page.length === undefined || (Number.isSafeInteger(page.length) && page.length >= 0)) &&
    (page.head === undefined || page.head === null || isStoredHead(page.head))
  );
}

/** Front matter as `keepHead` keeps it. */
function isStoredHead(value: unknown): value is StoredHead {
  const head = value as Partial<StoredHead & { ok: boolean; data: unknown; message: unknown; line: unknown }> | undefined;
  if (typeof head !== 'object' || head === null || !Number.isSafeInteger(head.end) || head.end! < 0) return false;
  if (head.ok === true) return isRecord(head.data);
  return head.ok === false && typeof head.message === 'string' && (head.line === undefined || Number.isSafeInteger(head.line));
}

/** A scan as `keepScan` keeps it: links with a URL, a kind and a span of two offsets; anchors as strings. */
export function isStoredScan(value: unknown): value is StoredScan {
  const scan = value as Partial<StoredScan> | undefined;
  return (
    Array.isArray(scan?.links) &&
    (scan.anchors === null || (Array.isArray(scan.anchors) && scan.anchors.every((anchor) => typeof anchor === 'string'))) &&
    scan.links.every(
      (link) =>
        typeof link?.url === 'string' &&
        typeof link.kind === 'string' &&
        Array.isArray(link.span) &&
        link.span.length === 2 &&
        link.span.every((offset) => Number.isSafeInteger(offset) && offset >= 0),
    )
  );
}

/** Every offset of the scan lies inside a page text of this length (a scan of another text would point past it). */
export function fits(scan: StoredScan, length: number): boolean {
  return (
    scan.links.every((link) => link.span[0] <= link.span[1] && link.span[1] <= length) &&
    (scan.error === undefined || (Number.isSafeInteger(scan.error.offset) && scan.error.offset >= 0 && scan.error.offset <= length))
  );
}
