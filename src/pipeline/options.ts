/**
 * What a run is asked: the options of `validateText` and `validateFile` (and, with their own
 * additions, of `resolveText` and `fixText`), read by every stage of the pipeline.
 */
import type { ValidationCache } from '../cache/memory.js';
import type { PageScanStore } from '../cache/store.js';
import type { Code } from '../codes.js';
import type { ProfileName } from '../config/profiles.js';
import type { ReadFileHook } from '../files.js';
import type { SeveritySetting } from '../problem.js';
import type { DocsFiles } from '../docs-root.js';
import type { SiteBase } from '../site/base.js';
import type { SourceFormat } from '../source/types.js';
import type { ValidationProgress } from './progress.js';

export interface ValidateOptions {
  /** The file name shown in problems, and the base for `$ref` paths. Default `docs.json`. */
  file?: string;
  /**
   * The docs root: where pages (`<page>.mdx`/`.md`) and `openapi` files are looked up, and
   * what every file read must stay inside (after symlinks). Without it (and without
   * `readFile`/`files`) nothing is read from disk and file existence is not checked.
   */
  root?: string;
  /** Severity per code: `off`, `info`, `warning` or `error`. Unnamed codes keep their default. */
  rules?: Partial<Record<Code, SeveritySetting>>;
  /** Language codes to accept besides the profile's (e.g. `["ja", "uk"]`). */
  languageCodes?: readonly string[];
  /**
   * The contract to check against: `platform` (default: what the hosted platform accepts, its
   * verdict) or `spec` (the spec's 20 language codes, global anchor hrefs as absolute http(s)
   * URLs; what only the platform accepts is a warning).
   */
  profile?: ProfileName;
  /**
   * Problems not to report: globs of page paths (`drafts/**`) or, starting with `/`, of JSON
   * pointers (`/navigation/tabs/3/**`).
   */
  ignore?: readonly string[];
  /** Parse as this format instead of guessing from the file name. */
  format?: SourceFormat;
  /**
   * Reads `$ref` targets, specs and page front matter by absolute path (undefined when
   * missing; a thrown error such as EACCES is reported as "cannot be read"). Default: the
   * disk under `root`, only when `root` is given.
   */
  readFile?: ReadFileHook;
  /** Looks up page and spec files; replaces the listing of `root` (for tests and editors). */
  files?: DocsFiles;
  /**
   * Read the local OpenAPI specs in scope and check endpoint entries against them
   * (endpoint-not-found, endpoint-excluded, openapi-invalid, openapi-warning). Default true;
   * `false` (`--no-specs`) is the fastest check.
   */
  specs?: boolean;
  /**
   * At most this many problems per file (default 1,000); the rest are counted in one
   * `too-many-problems` problem at the top of the file, with the highest severity among them.
   */
  maxProblemsPerFile?: number;
  /**
   * Keep what the next validation of the same site can reuse (the root's listing, page front
   * matter, `$ref` targets, parsed specs) and tell it what changed (`cache.changed(path)`): an
   * editor or a watcher validates again in a fraction of the time. Used with `root` (not with
   * `readFile` or `files`, which replace what it keeps).
   */
  cache?: ValidationCache;
  /**
   * The site at a git ref (`readSiteBase(file, 'origin/main')`; the CLI's `--since <ref>`): every
   * page URL it served that this site no longer serves, with no redirect covering it, is
   * `redirect-missing`.
   */
  since?: SiteBase;
  /**
   * Threads the page bodies are scanned on for the link rules: `'auto'` (default) uses the
   * machine's cores, one thread per 512 KB of page text; `1` scans on the calling thread only.
   * Validation stays synchronous either way.
   */
  concurrency?: number | 'auto';
  /**
   * Page scans kept between runs (`new PageScanStore(file)`; the CLI's `--cache`): a page whose
   * text is unchanged is not parsed again. The caller saves it (`store.save()`) after validating.
   */
  pageScans?: PageScanStore;
  /**
   * Told how far the validation has come after each step (a navigation entry walked, a file read,
   * page bodies checked), on the validating thread: for a progress display (the CLI's line on a
   * terminal). An error it throws stops the validation and reaches the caller as it is; nothing
   * has been written then (a `pageScans` store is saved by its caller, after).
   */
  onProgress?: (progress: ValidationProgress) => void;
}
