/**
 * Pages whose front matter says `openapi: "GET /users"` (or `"specs/api.json GET /users"`,
 * `"webhook petDeleted"`) document that operation. The platform looks the operation up in every
 * OpenAPI file of the docs root, not only those docs.json names; a spec named in the reference
 * narrows that to the file with that path (or that name without its extension). docsnav does the
 * same through the one spec loader (each file read and parsed once), with one difference: where
 * several files define the operation, the platform takes the last in its directory listing's
 * order (which the file system decides); docsnav takes the one nearest the page's folder.
 */
import path from 'node:path';
import { parseEntry } from '../navigation/entries.js';
import { rootRelative } from '../navigation/openapi.js';
import type { DocsFiles } from '../rules/types.js';
import { findOperation, findWebhook, indexSpec, type Operation } from './operations.js';
import type { SpecLoader } from './specs.js';

export type PageOperationLookup =
  | { kind: 'found'; operation: Operation; file: string }
  /** Not `METHOD /path`, `specfile METHOD /path` or `webhook name`: the platform ignores it. */
  | { kind: 'malformed' }
  /** The reference names a spec that is not an OpenAPI file of the docs root. */
  | { kind: 'spec-not-found'; spec: string }
  /** No OpenAPI file (of those it may be in) defines it; `searched` says how many were looked in. */
  | { kind: 'operation-not-found'; searched: readonly string[] }
  /** The docs root cannot be listed (an in-memory root without `list`): nothing to look in, nothing to say. */
  | { kind: 'unknown' };

const SPEC_FILE = /\.(json|ya?ml)$/i;

export class PageOperations {
  /** The docs root's OpenAPI 3 files (root-relative), found on first use. */
  private specFiles: string[] | undefined;
  /** Those files nearest first, by the folder of the page asking (pages of one folder ask alike). */
  private readonly byFolder = new Map<string, readonly string[]>();

  constructor(
    private readonly loader: SpecLoader,
    private readonly files: DocsFiles | undefined,
  ) {}

  /** The operation a page's `openapi` front matter names. */
  find(reference: string, pageFile: string): PageOperationLookup {
    const entry = parseEntry(reference.trim());
    if (entry.kind === 'page') return { kind: 'malformed' };
    if (!this.files?.list) return { kind: 'unknown' };
    let candidates = this.nearestFirst(pageFile);
    if (entry.specfile !== undefined) {
      const named = rootRelative(entry.specfile);
      candidates = candidates.filter((file) => file === named || path.posix.parse(file).name === entry.specfile);
      if (candidates.length === 0) return { kind: 'spec-not-found', spec: entry.specfile };
    }
    for (const file of candidates) {
      const loaded = this.loader.loadSync(file);
      if (!loaded.ok) continue;
      const index = indexSpec(loaded.spec);
      const match = entry.kind === 'webhook' ? findWebhook(index, entry.name) : findOperation(index, entry.method, entry.path);
      if (match.kind === 'found') return { kind: 'found', operation: match.operation, file };
    }
    return { kind: 'operation-not-found', searched: candidates };
  }

  /** The root's OpenAPI files, those sharing the most folders with the page first (then by path). */
  private nearestFirst(pageFile: string): readonly string[] {
    const folder = path.posix.dirname(pageFile);
    let sorted = this.byFolder.get(folder);
    if (!sorted) this.byFolder.set(folder, (sorted = this.sortedFor(folder)));
    return sorted;
  }

  private sortedFor(folder: string): string[] {
    this.specFiles ??= this.findSpecFiles();
    const pageDirs = folder.split('/');
    const shared = (file: string): number => {
      const dirs = path.posix.dirname(file).split('/');
      let count = 0;
      while (count < dirs.length && count < pageDirs.length && dirs[count] === pageDirs[count] && dirs[count] !== '.') count++;
      return count;
    };
    return [...this.specFiles].sort((a, b) => shared(b) - shared(a) || (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Every JSON or YAML file of the root whose top level has `openapi` (the platform's test), read through the loader. */
  private findSpecFiles(): string[] {
    const listed = this.files?.list?.() ?? [];
    return listed.filter((file) => {
      if (!SPEC_FILE.test(file)) return false;
      const loaded = this.loader.loadSync(file);
      // The platform refuses a spec with external `$ref`s: it is not among its OpenAPI files.
      return loaded.ok && loaded.version !== '2.0' && !loaded.externalRefs;
    });
  }
}
