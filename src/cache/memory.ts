/**
 * What validating the same site again can keep: for an editor (`docsnav lsp`), a watch mode or
 * a server that checks a site on every change. A validation reads the docs root's listing, every
 * page's front matter, `$ref` targets and specs; with one `ValidationCache` passed in
 * `ValidateOptions.cache`, each is read (and each spec parsed) once, until the caller says the
 * file changed. The cache never decides what may be read: every first read goes through the
 * same disk reader (regular files, real path inside the docs root, size cap) as without it.
 */
import path from 'node:path';
import { docsRootFiles } from '../docs-root.js';
import { diskReader, type FileReader, type ReadOutcome } from '../files.js';
import type { DocsFiles } from '../docs-root.js';

/** Bytes of file contents kept at most (larger sites are read again where the cache is full). */
const MAX_CACHED_BYTES = 256 * 1024 * 1024;

export class ValidationCache {
  /** Per docs root: its disk reader's outcomes by absolute path. */
  private readonly reads = new Map<string, Map<string, ReadOutcome>>();
  private readonly readers = new Map<string, FileReader>();
  private readonly listings = new Map<string, DocsFiles>();
  /** Texts an editor holds that differ from the disk (unsaved), by absolute path. */
  private readonly overlays = new Map<string, Buffer>();
  /** What was made of a file's bytes (a parsed spec, a page's front matter), by path, while the bytes are the same. */
  private readonly parsed = new Map<string, { bytes: Buffer; byKey: Map<string, unknown> }>();
  private cachedBytes = 0;
  /** What is made of many files at once (a root's page files and front matter), kept while no file changes. */
  private readonly whileUnchanged = new Map<string, unknown>();
  private changes = 0;
  /** What each docs root's last validation worked out that checking one page again reuses (src/site/check.ts's `CheckedSite`). */
  private readonly checks = new Map<string, unknown>();

  /**
   * A file's contents changed (`created`/`deleted`: it appeared or went away, which changes the
   * docs root's listing too). A folder's path drops everything under it. Without a path: all.
   */
  changed(absolutePath?: string, change: 'changed' | 'created' | 'deleted' = 'changed'): void {
    this.anyChange();
    if (absolutePath === undefined) {
      // Each root's reader holds its own map of outcomes: empty them, do not drop them.
      for (const outcomes of this.reads.values()) outcomes.clear();
      this.parsed.clear();
      this.listings.clear();
      this.checks.clear();
      this.cachedBytes = 0;
      return;
    }
    const changedPath = path.resolve(absolutePath);
    const under = changedPath + path.sep;
    for (const outcomes of this.reads.values()) {
      for (const [file, outcome] of outcomes) {
        if (file !== changedPath && !file.startsWith(under)) continue;
        if (outcome.ok) this.cachedBytes -= outcome.bytes.length;
        outcomes.delete(file);
      }
    }
    for (const file of this.parsed.keys()) if (file === changedPath || file.startsWith(under)) this.parsed.delete(file);
    if (change === 'changed') return;
    // A file appeared or went away: the listings of the roots it is under are stale.
    for (const root of this.listings.keys()) {
      if (changedPath === root || changedPath.startsWith(root + path.sep) || root.startsWith(under)) this.listings.delete(root);
    }
    // Its pages are no longer the ones the last check knew: a page is checked alone again only after the next whole check.
    for (const root of this.checks.keys()) {
      if (changedPath === root || changedPath.startsWith(root + path.sep) || root.startsWith(under)) this.checks.delete(root);
    }
  }

  /** How many times a file was said to change (`changed`, `setText`): what was read at the same count is what would be read now. */
  get generation(): number {
    return this.changes;
  }

  /**
   * What `make` makes of many files at once (under `key`), made once and kept until any file is
   * said to change: a keystroke in docs.json looks up 23,000 page files' front matter in one map.
   */
  untilChange<T>(key: string, make: () => T): T {
    if (this.whileUnchanged.has(key)) return this.whileUnchanged.get(key) as T;
    const value = make();
    this.whileUnchanged.set(key, value);
    return value;
  }

  private anyChange(): void {
    this.changes++;
    this.whileUnchanged.clear();
  }

  /** Keeps what a validation of a docs root worked out for checking one page again (undefined: forget it). */
  keepCheck(root: string, check: unknown): void {
    if (check === undefined) this.checks.delete(path.resolve(root));
    else this.checks.set(path.resolve(root), check);
  }

  /** What the last validation of a docs root kept (`keepCheck`), until a file under it was created or deleted. */
  lastCheck<T>(root: string): T | undefined {
    return this.checks.get(path.resolve(root)) as T | undefined;
  }

  /**
   * An editor's text of a file, used instead of the disk's while it is set (`undefined`: the
   * disk again). It is used only where the disk reader reads that file: it never makes a path
   * readable that the docs root does not allow.
   */
  setText(absolutePath: string, text: string | undefined): void {
    const file = path.resolve(absolutePath);
    this.anyChange();
    if (text === undefined) this.overlays.delete(file);
    else this.overlays.set(file, Buffer.from(text, 'utf8'));
  }

  /** The reader of one docs root: the disk's answers, kept; an editor's text over a readable file. */
  readerFor(root: string): FileReader {
    const key = path.resolve(root);
    let reader = this.readers.get(key);
    if (reader) return reader;
    const disk = diskReader(key);
    let outcomes = this.reads.get(key);
    if (!outcomes) this.reads.set(key, (outcomes = new Map<string, ReadOutcome>()));
    const known = outcomes;
    reader = (absolutePath) => {
      // Callers ask by normalized absolute paths; others are normalized once, on a miss.
      let file = absolutePath;
      let outcome = known.get(file);
      if (!outcome && (file = path.resolve(absolutePath)) !== absolutePath) outcome = known.get(file);
      if (!outcome) {
        outcome = disk(file);
        const size = outcome.ok ? outcome.bytes.length : 0;
        if (this.cachedBytes + size <= MAX_CACHED_BYTES) {
          known.set(file, outcome);
          this.cachedBytes += size;
        }
      }
      const overlay = outcome.ok && this.overlays.size > 0 ? this.overlays.get(file) : undefined;
      return overlay ? { ok: true, bytes: overlay } : outcome;
    };
    this.readers.set(key, reader);
    return reader;
  }

  /** The listing of one docs root, made on first use and kept until a file under it is created or deleted. */
  filesFor(root: string, label: string = root): DocsFiles {
    const key = path.resolve(root);
    let files = this.listings.get(key);
    if (!files || files.root !== label) this.listings.set(key, (files = docsRootFiles(root, label)));
    return files;
  }

  /** What `parse` made of a file's bytes under `key`, while they are the bytes it was made of; else undefined. */
  kept<T>(absolutePath: string, bytes: Buffer, key: string): T | undefined {
    const entry = this.parsed.get(absolutePath);
    return entry?.bytes === bytes ? (entry.byKey.get(key) as T | undefined) : undefined;
  }

  /**
   * What `parse` makes of a file's bytes, made once per (file, key) while its bytes are the ones
   * the cache handed out before: an unchanged spec or page is not parsed again. The result is
   * shared: callers treat it as read-only.
   */
  parse<T>(absolutePath: string, bytes: Buffer, key: string, parse: () => T): T {
    let entry = this.parsed.get(absolutePath);
    if (!entry || entry.bytes !== bytes) this.parsed.set(absolutePath, (entry = { bytes, byKey: new Map() }));
    if (entry.byKey.has(key)) return entry.byKey.get(key) as T;
    const value = parse();
    entry.byKey.set(key, value);
    return value;
  }
}
