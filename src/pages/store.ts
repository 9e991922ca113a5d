/**
 * Page scans kept between runs, in one file (the CLI's `--cache`): a page whose text is unchanged
 * is not parsed again. Entries are keyed by a hash of the page's text and how it is parsed, and
 * the file by docsnav's scanner (its built file's size and time) and this format: after an
 * upgrade, every page is scanned anew. A missing, unreadable or foreign file is an empty store;
 * saving keeps only the entries this run used, so the file does not grow with old pages.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadScanner } from './load.js';
import type { PageLink, PageScan } from './types.js';

/** Bump when what a scan holds changes shape. */
const FORMAT = 1;

interface StoredScan {
  links: PageLink[];
  anchors: string[];
  error?: PageScan['error'];
}

interface StoreFile {
  scanner: string;
  scans: Record<string, StoredScan>;
}

export class PageScanStore {
  /** The file's scans and the scanner they are for, read on first use: a store nobody asks loads no scanner and reads no file. */
  private kept: { scanner: string; stored: ReadonlyMap<string, StoredScan> } | undefined;
  private readonly used = new Map<string, StoredScan>();
  /** The keys of texts looked up and not found, until their scans are `set` (hashing 7 MB of pages costs some 13 ms). */
  private readonly missed = new Map<string, { mdx: boolean; key: string }>();
  private hits = 0;
  private lookups = 0;

  /**
   * The store kept in `file` (nothing yet when it does not exist or was written by another
   * scanner), read when first asked. Never throws.
   */
  constructor(readonly file: string) {}

  private fromFile(): { scanner: string; stored: ReadonlyMap<string, StoredScan> } {
    if (this.kept === undefined) {
      const scanner = `${FORMAT}:${loadScanner().scannerFingerprint()}`;
      this.kept = { scanner, stored: new Map(Object.entries(readStore(this.file, scanner))) };
    }
    return this.kept;
  }

  /** The kept scan of a page with this text, parsed so (`mdx`), if any. */
  get(text: string, mdx: boolean): PageScan | undefined {
    this.lookups++;
    const key = keyOf(text, mdx);
    const stored = this.fromFile().stored.get(key) ?? this.used.get(key);
    // A file edited by hand is no reason to fail: an entry of another shape is no entry.
    if (!isStoredScan(stored)) {
      this.missed.set(text, { mdx, key });
      return undefined;
    }
    this.used.set(key, stored);
    this.hits++;
    return { links: stored.links, anchors: new Set(stored.anchors), ...(stored.error && { error: stored.error }) };
  }

  set(text: string, mdx: boolean, scan: PageScan): void {
    const missed = this.missed.get(text);
    this.missed.delete(text);
    const key = missed?.mdx === mdx ? missed.key : keyOf(text, mdx);
    this.used.set(key, { links: scan.links, anchors: [...scan.anchors], ...(scan.error && { error: scan.error }) });
  }

  /** How many scans this run took from the file or added. */
  get size(): number {
    return this.used.size;
  }

  /** How many pages this run asked for, and how many of them it found kept (not parsed again). */
  get asked(): number {
    return this.lookups;
  }

  get reused(): number {
    return this.hits;
  }

  /** Writes the scans this run used or made (a whole new file, renamed into place). Throws on an I/O error. */
  save(): void {
    const content: StoreFile = { scanner: this.fromFile().scanner, scans: Object.fromEntries(this.used) };
    mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify(content));
      renameSync(temporary, this.file);
    } finally {
      rmSync(temporary, { force: true });
    }
  }
}

function keyOf(text: string, mdx: boolean): string {
  return createHash('sha256')
    .update(mdx ? 'mdx\0' : 'md\0')
    .update(text)
    .digest('base64url');
}

/** The scans in the file when its scanner is this one; else none. */
function readStore(file: string, scanner: string): Record<string, StoredScan> {
  let parsed: unknown;
  try {
    // Only a regular file: a FIFO or a device given as the location would block the read or never end.
    if (!statSync(file).isFile()) return {};
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  const store = parsed as Partial<StoreFile> | null;
  if (store?.scanner !== scanner || typeof store.scans !== 'object' || store.scans === null) return {};
  return store.scans;
}

/** An entry as `set` writes it: links with a URL, a kind and a span of two offsets; anchors as strings. */
function isStoredScan(value: unknown): value is StoredScan {
  const scan = value as Partial<StoredScan> | undefined;
  return (
    Array.isArray(scan?.links) &&
    Array.isArray(scan.anchors) &&
    scan.anchors.every((anchor) => typeof anchor === 'string') &&
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
