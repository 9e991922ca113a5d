/**
 * Pages whose front matter says `openapi: "GET /users"` (or `"/specs/api.json GET /users"`,
 * `"api GET /users"`, `"webhook petDeleted"`) document that operation. The platform looks the
 * operation up in every OpenAPI file of the docs root, not only those docs.json names, and docsnav
 * does as it does, through the one spec loader (each file read and parsed once): @mintlify/common
 * (the copy @mintlify/prebuild 1.0.1341 builds with), dist/openapi/getOpenApiOperationMethodAndEndpoint.js,
 * `getOpenApiOperationMethodAndEndpoint`, which dist/slug/getDecoratedNavPageAndSlug.js calls for
 * the page's title and description:
 * - the files are in the order of prebuild's dist/fs/index.js `getFileList`: a walk of the root,
 *   each folder's names in byte order (Node's `readdir` sorts them), so `a/x.json` comes before `a.json`;
 * - a named spec narrows them to the file whose path from the root with a leading `/` is the name
 *   as written (`/specs/api.json`; `specs/api.json` matches nothing), or whose name without its
 *   extension it is (`api`);
 * - of those, the LAST whose `paths` has the path (as written, else with or without one trailing
 *   slash: dist/openapi/findOpenApiPath.js) is the one used, whatever its methods. When it lacks the
 *   method the page gets no operation, and its title comes from its file name, even where an
 *   earlier file has it (`shadowed`, said in the page).
 * Confirmed by building (test/resolve/page-operations.corpus.test.ts). Webhooks (`webhook name`)
 * are looked up by name among each file's webhooks, the first that has it, as before: the platform's
 * title lookup looks for the name among `paths`, where it finds none (a difference left as it was).
 */
import path from 'node:path';
import { parseEntry } from '../navigation/entries.js';
import type { FileStamp } from '../files.js';
import type { KeptLookups, KeptPages } from '../pages/kept.js';
import type { DocsFiles } from '../docs-root.js';
import { findOperation, findWebhook, indexSpec, pathOperation, type Operation, type OperationIndex } from './operations.js';
import type { SpecLoaded, SpecLoader } from './specs.js';

export type PageOperationLookup =
  | { kind: 'found'; operation: Operation; file: string }
  /** Not `METHOD /path`, `specfile METHOD /path` or `webhook name`: the platform ignores it. */
  | { kind: 'malformed' }
  /** The reference names a spec that is not an OpenAPI file of the docs root. */
  | { kind: 'spec-not-found'; spec: string }
  /** No OpenAPI file (of those it may be in) defines it; `searched` says how many were looked in. */
  | { kind: 'operation-not-found'; searched: readonly string[] }
  /** The file the platform uses (`file`, the last with the path) lacks the method; `holder`, an earlier one, has it. */
  | { kind: 'shadowed'; file: string; holder: string }
  /** The docs root cannot be listed (an in-memory root without `list`): nothing to look in, nothing to say. */
  | { kind: 'unknown' };

/**
 * The files the platform's walk of the root takes for specs (prebuild's getFileList, filtered by
 * extension as written): `.json`, `.yaml` and `.yml`, in lower case only. To its build `API.YAML`
 * is no spec, so a page's front matter finds no operation in it (issue 65: such a page kept the
 * title made from its path on the platform, and docsnav titled it from the operation).
 */
export const SPEC_FILE = /\.(json|ya?ml)$/;
/** Where kept lookups list the spec files among the files they were made from (a lookup's key is never this: a folder is never empty). */
const SPECS_KEY = '\0specs';

export class PageOperations {
  /** The docs root's OpenAPI 3 files (root-relative), found on first use. */
  private specFiles: string[] | undefined;
  /** Those files in the platform's order, each with its operation index. */
  private specIndexes: Map<string, OperationIndex> | undefined;
  /** Lookups kept by an earlier run from the spec files as they are on disk now (see `keptTable`). */
  private kept: KeptLookups | null | undefined;
  /** This run's lookups (kept and made), by `lookupKey`: kept between runs when one was made. */
  private readonly used = new Map<string, unknown>();
  /** Files changed since the kept lookups were made that were no spec then and are none now (read again to know). */
  private readonly rechecked = new Set<string>();
  /**
   * Whether it was decided if this run's lookups are kept (on its first lookup made): not when a
   * spec file was read without a stamp, or as other bytes than those the kept lookups it used were made from.
   */
  private keepDecided = false;

  /**
   * `kept`: lookups kept between runs (only when the loader reads the disk as it is, as for the
   * pages' front matter), each found again while every JSON or YAML file of the root has the
   * stamp it was read with (none added, none removed).
   */
  constructor(
    private readonly loader: SpecLoader,
    private readonly files: DocsFiles | undefined,
    private readonly keptPages?: { kept: KeptPages; absoluteRoot: string },
  ) {}

  /** The operation a page's `openapi` front matter names: the kept lookup while no spec file changed, else looked up. */
  find(reference: string, pageFile: string): PageOperationLookup {
    const entry = parseEntry(reference.trim());
    if (entry.kind === 'page') return { kind: 'malformed' };
    if (!this.files?.list) return { kind: 'unknown' };
    const key = `${path.posix.dirname(pageFile)}\0${reference.trim()}`;
    const kept = this.keptTable()?.lookups.get(key);
    if (isLookup(kept)) {
      this.used.set(key, kept);
      return kept;
    }
    const lookup = this.lookUp(entry);
    this.used.set(key, lookup);
    this.keepMade();
    return lookup;
  }

  /** The lookups an earlier run kept, read once, when every spec file it read is unchanged on disk (`KeptPages.keptLookups`). */
  private keptTable(): KeptLookups | undefined {
    if (!this.keptPages) return undefined;
    if (this.kept === undefined) {
      const root = this.keptPages.absoluteRoot;
      const candidates = new Map(this.candidates().map((file) => [path.join(root, file), file]));
      this.kept = this.stillHolding(this.keptPages.kept.keptLookups([...candidates.keys()]), candidates) ?? null;
    }
    return this.kept ?? undefined;
  }

  /**
   * Kept lookups that still hold: every file changed since (docs.json edited, say) was no spec
   * then and is none now (read to know), and the list of spec files kept beside them is one (else
   * they are of another shape: looked up again). `candidates`: root-relative paths by absolute path.
   */
  private stillHolding(kept: KeptLookups | undefined, candidates: ReadonlyMap<string, string>): KeptLookups | undefined {
    if (!kept) return undefined;
    const specs = kept.lookups.get(SPECS_KEY);
    if (!Array.isArray(specs)) return undefined;
    const wereSpecs = new Set(specs);
    for (const absolute of kept.changed) {
      const file = candidates.get(absolute)!;
      if (wereSpecs.has(file) || this.isSpecFile(file)) return undefined;
      this.rechecked.add(absolute);
    }
    return kept;
  }

  /** Every file a lookup may read: each JSON or YAML file of the root (root-relative). */
  private candidates(): string[] {
    // Only asked once `find` knows the root can be listed.
    return this.files!.list!().filter((file) => SPEC_FILE.test(file));
  }

  /**
   * Keeps this run's lookups with the stamp each spec file was read with (every candidate was, to
   * find the spec files): none when one was read without a stamp, or when kept lookups were used
   * and a file was read as other bytes than theirs (saved since this run found it unchanged).
   */
  private keepMade(): void {
    // Once a run: the loader reads each file once, so what the first lookup made read is what every later one
    // uses, and the store keeps `used` itself (the lookups made later with it). Deciding again decides the same.
    if (!this.keptPages) return;
    // Stryker disable next-line ConditionalExpression: a shortcut only (see above); no output differs.
    if (this.keepDecided) return;
    // Stryker disable next-line BooleanLiteral: a shortcut only (see above); no output differs.
    this.keepDecided = true;
    const root = this.keptPages.absoluteRoot;
    const stamps = new Map<string, FileStamp>();
    for (const file of this.candidates()) {
      const absolute = path.join(root, file);
      const stamp = this.loader.readStamp(file);
      if (!stamp || (this.kept && !this.rechecked.has(absolute) && !this.kept.readAs(absolute, stamp))) {
        // Read as other bytes than the kept lookups used this run were made from: saved since this run found it unchanged.
        // Stryker disable next-line ConditionalExpression: without kept lookups a file is read without a stamp only when unreadable; saying so withholds a whole-run replay and changes no output.
        if (this.kept) this.keptPages.kept.changedWhileRead(absolute);
        return;
      }
      stamps.set(absolute, stamp);
    }
    this.used.set(SPECS_KEY, this.specFiles);
    this.keptPages.kept.keepLookups({ stamps, lookups: this.used });
  }

  private lookUp(entry: Exclude<ReturnType<typeof parseEntry>, { kind: 'page' }>): PageOperationLookup {
    const specs = this.specs();
    let candidates: readonly string[] = [...specs.keys()];
    if (entry.specfile !== undefined) {
      const named = entry.specfile;
      candidates = candidates.filter((file) => named === `/${file}` || path.posix.parse(file).name === named);
      if (candidates.length === 0) return { kind: 'spec-not-found', spec: named };
    }
    if (entry.kind === 'webhook') {
      for (const file of candidates) {
        const match = findWebhook(specs.get(file)!, entry.name);
        if (match.kind === 'found') return { kind: 'found', operation: match.operation, file };
      }
      return { kind: 'operation-not-found', searched: candidates };
    }
    // The last file whose `paths` has the path is the one the platform uses, whatever its methods.
    const last = candidates.findLast((file) => pathOperation(specs.get(file)!, entry.method, entry.path) !== undefined);
    if (last === undefined) return { kind: 'operation-not-found', searched: candidates };
    const operation = pathOperation(specs.get(last)!, entry.method, entry.path);
    if (operation) return { kind: 'found', operation, file: last };
    const holder = candidates.find((file) => findOperation(specs.get(file)!, entry.method, entry.path).kind === 'found');
    return holder === undefined ? { kind: 'operation-not-found', searched: candidates } : { kind: 'shadowed', file: last, holder };
  }

  /** Every JSON or YAML file of the root whose top level has `openapi` (the platform's test), read through the loader. */
  private findSpecFiles(): string[] {
    const listed = this.files?.list?.() ?? [];
    return listed.filter((file) => SPEC_FILE.test(file) && this.isSpecFile(file));
  }

  /** The root's OpenAPI files in the platform's order (`walkOrder`), each with its operation index, found on first use. */
  private specs(): ReadonlyMap<string, OperationIndex> {
    // Stryker disable next-line ConditionalExpression: building it again gives the same map (a cache).
    if (!this.specIndexes) {
      this.specFiles ??= this.findSpecFiles();
      this.specIndexes = new Map();
      // Each loaded as a spec when it was found to be one (the loader keeps what it read).
      for (const file of [...this.specFiles].sort(walkOrder)) this.specIndexes.set(file, indexSpec((this.loader.loadSync(file) as SpecLoaded).spec));
    }
    return this.specIndexes;
  }

  private isSpecFile(file: string): boolean {
    const loaded = this.loader.loadSync(file);
    // The platform refuses a spec with external `$ref`s: it is not among its OpenAPI files.
    return loaded.ok && loaded.version !== '2.0' && !loaded.externalRefs;
  }
}

/**
 * The platform's order of the root's files (prebuild's `getFileList`): depth first, each folder's
 * names in byte order (UTF-16 order here; the two differ only past U+FFFF against U+E000-U+FFFF).
 */
export function walkOrder(a: string, b: string): number {
  // A separator before every other character: a folder's names compared as names, `a/x` before `a.json`.
  // Stryker disable next-line EqualityOperator: `<=` differs only for equal paths, which a listing never holds twice.
  return a.replaceAll('/', '\0') < b.replaceAll('/', '\0') ? -1 : 1;
}

/** A lookup as `find` gives it, read back from the cache (anything else is looked up again). */
function isLookup(value: unknown): value is PageOperationLookup {
  if (typeof value !== 'object' || value === null) return false;
  const lookup = value as Record<string, unknown>;
  switch (lookup.kind) {
    case 'found':
      return typeof lookup.file === 'string' && isOperation(lookup.operation);
    case 'spec-not-found':
      return typeof lookup.spec === 'string';
    case 'operation-not-found':
      return Array.isArray(lookup.searched) && lookup.searched.every((file) => typeof file === 'string');
  }
  // `malformed` and `unknown` are never kept (`find` says them without a lookup), nor is any other kind.
  return false;
}

function isOperation(value: unknown): value is Operation {
  if (typeof value !== 'object' || value === null) return false;
  const operation = value as Record<string, unknown>;
  return (
    typeof operation.method === 'string' &&
    typeof operation.path === 'string' &&
    Array.isArray(operation.tags) &&
    // A page takes only the method, path, summary, description and operationId of its operation: a kept one
    // without these flags gives the same output. They are checked so that what is returned is an Operation.
    // Stryker disable next-line ConditionalExpression: see above.
    typeof operation.deprecated === 'boolean' &&
    // Stryker disable next-line ConditionalExpression: see above.
    typeof operation.hidden === 'boolean' &&
    // Stryker disable next-line ConditionalExpression: see above.
    typeof operation.excluded === 'boolean'
  );
}
