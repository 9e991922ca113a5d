import { ioErrorText } from './io-error.js';
import { readlinkSync } from 'node:fs';
import path from 'node:path';
import type { ValidationCache } from './cache/memory.js';
import { codes, type Code } from './codes.js';
import { ignoredPages, ignoreTest, type IgnoreTest } from './config/ignore.js';
import { profileOf, type ProfileName } from './config/profiles.js';
import { docsRootFiles } from './docs-root.js';
import { attachFixes } from './fix/compute.js';
import { MAX_FILE_BYTES, readerOf, readRegularFile, type FileReader, type ReadFileHook, type ReadOutcome } from './files.js';
import type { KeptPages } from './pages/kept.js';
import { walkNavigation, type NavigationVisitor } from './navigation/walk.js';
import { emptyPageTree } from './resolve/nav.js';
import type { Finding, Problem, Range, Severity, SeveritySetting } from './problem.js';
import type { ValidationResult } from './result.js';
import { navigationRules, siteRules } from './rules/index.js';
import type { DocsFiles, RuleContext } from './rules/types.js';
import { SpecLoader } from './resolve/specs.js';
import type { SiteBase } from './site/base.js';
import { checkSite, rulesWithInput, siteIgnores, type SiteIgnores } from './site/check.js';
import type { PageScanStore } from './cache/store.js';
import { cachedValidation } from './cache/replay.js';
import { TreeBuilder } from './resolve/tree.js';
import type { PageTree } from './resolve/types.js';
import { checkSchema } from './schema/index.js';
import { explainLostArrays } from './schema/lost-arrays.js';
import { checkDocsSettings, checkMintJson, misplacedSetting } from './settings/index.js';
import { loadSiteDocument } from './mint/document.js';
import type { LoadedDocument } from './source/refs.js';
import { shortenQuoted } from './text.js';
import { parseSource } from './source/index.js';
import { textSource } from './source/text.js';
import type { SourceFile, SourceFormat } from './source/types.js';

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
}

/** The default of `ValidateOptions.maxProblemsPerFile`. */
export const MAX_PROBLEMS_PER_FILE = 1000;

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

/** Thrown by `validateFile` when the file cannot be read: an I/O error, not a problem of the file. */
export class FileReadError extends Error {
  constructor(
    readonly file: string,
    /** The error thrown, or the failed read (`readRegularFile`'s answer). */
    cause: unknown,
  ) {
    super(`cannot read ${file}: ${whyNotRead(file, cause)}`);
    this.name = 'FileReadError';
  }
}

/** The end of "cannot read <file>: …": what is wrong and what to do. */
function whyNotRead(file: string, cause: unknown): string {
  const failed = cause as Partial<Extract<ReadOutcome, { ok: false }>> | undefined;
  switch (failed?.reason) {
    case 'symlink':
      return `it is a symbolic link${linkTarget(file)}, and docsnav follows none to the file it checks (one a clone carries may lead anywhere); name the file it leads to`;
    case 'not-regular':
      return `it is ${failed.detail}, not a regular file; name the docs file`;
    case 'too-big':
      return `it is too big for a docs file (${failed.detail}; at most ${MAX_FILE_BYTES / (1024 * 1024)} MB are read)`;
    case 'missing':
    case 'unreadable':
      return ioErrorText({ code: failed.detail }, 'read');
    default:
      return ioErrorText(cause, 'read');
  }
}

/** ` (to <target>)`, what a symbolic link says it leads to (read from the link, nothing behind it). */
function linkTarget(file: string): string {
  try {
    return ` (to ${readlinkSync(file)})`;
  } catch {
    return '';
  }
}

/** Validates docs.json text. Every problem is data: nothing is thrown for bad input. */
export function validateText(text: string, options: ValidateOptions = {}): ValidationResult {
  if (!options.pageScans) return runValidation(text, options);
  // The page scan cache wraps the pipeline here, and nowhere else (src/cache/replay.ts): a validation whose
  // every input is unchanged is given again as it was; a run made reads what it may from the store.
  return cachedValidation(text, options, { listing: () => filesOf(options), run: (hooks) => runValidation(text, { ...options, ...hooks }) });
}

/** What the cache around the pipeline hands it: the root's listing it already made, and a reader that notes what was read. */
interface PipelineHooks {
  files?: DocsFiles;
  wrapReader?: (reader: FileReader) => FileReader;
}

/** The validation itself: the pipeline run, its problems located and sorted, their fixes attached. */
function runValidation(text: string, options: ValidateOptions & PipelineHooks): ValidationResult {
  const pipeline = startPipeline(text, options);
  pipeline.finish();
  const problems = pipeline.sink.sorted();
  attachFixes(problems, pipeline.document.files, options);
  return { file: options.file ?? 'docs.json', problems, sources: sourcesOf(pipeline.document.files) };
}

/**
 * The one pipeline of validate and resolve: the document loaded through one reader, the
 * schema and rules run, then the tree builder (specs read through the same reader and
 * `files`). `resolve` fetches remote specs between `start` and `finish`; `validate` does not.
 */
export interface Pipeline {
  document: LoadedDocument;
  sink: ProblemSink;
  /** The tree builder, its walk done (undefined when the document did not parse). */
  builder: TreeBuilder | undefined;
  loader: SpecLoader | undefined;
  /** Builds the page tree (reporting what only it sees) and returns it. */
  finish(): PageTree;
}

export function startPipeline(text: string, options: ValidateOptions & PipelineHooks & { allowRemote?: boolean; titles?: boolean }): Pipeline {
  const file = options.file ?? 'docs.json';
  const disk = options.wrapReader ? options.wrapReader(readerFor(options)) : readerFor(options);
  // Page files are read for their front matter (the tree) and again for their bodies (the link rules):
  // when a rule that reads bodies is on, the run keeps what it read, so each page is read once.
  let kept: Map<string, ReadOutcome> | undefined;
  // An editor's cache keeps reads already, and its reader is the same from one check to the next (what the next may reuse is read through it).
  const reader: FileReader = options.cache
    ? disk
    : (absolutePath) => {
        if (!kept) return disk(absolutePath);
        let outcome = kept.get(absolutePath);
        if (!outcome) kept.set(absolutePath, (outcome = disk(absolutePath)));
        return outcome;
      };
  const document = loadSiteDocument(file, text, { root: options.root, reader, format: options.format });
  const sink = new ProblemSink(document, options.rules, options.ignore, options.maxProblemsPerFile);
  // An editor's cache keeps reads already.
  if (!options.cache && siteRules.some((rule) => rule.readsPages && sink.enabled(rule.code))) kept = new Map();
  // One index of the docs root (listed on first use) for the rules, the spec loader and the tree.
  const files = filesOf(options);
  const absoluteRoot = path.resolve(options.root ?? path.dirname(file));
  if (profileOf(options.profile).checksSettings && sink.enabled('mint-json-invalid')) checkMintJsonBeside(file, absoluteRoot, reader, document, sink);
  if (document.value === undefined) {
    checkDocument(document, options, sink, files);
    return { document, sink, builder: undefined, loader: undefined, finish: emptyPageTree };
  }
  const loader =
    options.specs === false ? undefined : new SpecLoader({ root: absoluteRoot, allowRemote: options.allowRemote, reader, files, cache: options.cache });
  const reportIn = reporterIn(document, sink, options.root ?? path.dirname(file));
  const builder = new TreeBuilder(document.value, {
    loader,
    files,
    reader: files ? reader : undefined,
    cache: options.cache,
    keptPages: keptPagesOf(options),
    profile: profileOf(options.profile),
    absoluteRoot,
    report: (finding) => sink.add(finding),
    reportIn,
    keepTree: options.titles === true,
    // Remote specs are fetched between the walk and the build; local ones are read during the walk.
    immediate: !options.allowRemote,
  });
  // One walk: the rules and the tree builder see the navigation together.
  checkDocument(document, options, sink, files, [builder.visitor()], builder);
  const finish = (): PageTree => {
    const tree = builder.build();
    // The platform's build parses every page file, listed or not: the unlisted ones' front matter too.
    // `.mintignore` is read only when some page file is unlisted (a navigation-only run reads none).
    let ignores: SiteIgnores | undefined;
    if (files && sink.enabled('front-matter-invalid'))
      builder.checkUnlistedPages((file) => (ignores ??= siteIgnores({ root: absoluteRoot, reader, files, cache: options.cache })).ignored(file));
    checkSiteOf(tree, builder, { document, sink, files, absoluteRoot, reader, options, reportIn, keep: options.titles !== true, ignores });
    return tree;
  };
  return { document, sink, builder, loader, finish };
}

/** Reports a finding in a page or spec (root-relative): such files join the document's files, once each (for order and code frames). */
export function reporterIn(
  document: Pick<LoadedDocument, 'files'>,
  sink: ProblemSink,
  displayRoot: string,
): (relative: string, text: string, kind: 'page' | 'spec', finding: Finding, place?: Range) => void {
  const others = new Map<string, SourceFile>();
  return (relative, text, kind, finding, place) => {
    let source = others.get(relative);
    if (!source) {
      const shown = path.join(displayRoot, relative);
      source = kind === 'page' ? textSource(shown, text) : parseSource(shown, text);
      others.set(relative, source);
      document.files.push(source);
    }
    sink.addInFile(source, finding, place);
  };
}

/** Runs the enabled site rules once the tree is built: only with a docs root (without one, nothing says what the site serves). */
function checkSiteOf(
  tree: PageTree,
  builder: TreeBuilder,
  run: {
    document: LoadedDocument;
    sink: ProblemSink;
    files: DocsFiles | undefined;
    absoluteRoot: string;
    reader: FileReader;
    options: ValidateOptions;
    reportIn: (relative: string, text: string, kind: 'page', finding: Finding, place?: Range) => void;
    /** Kept in the cache for the next check (not a tree's, which holds every page and is made for a hover). */
    keep: boolean;
    /** What the platform leaves out of the docs root, when already read. */
    ignores: SiteIgnores | undefined;
  },
): void {
  const { document, sink, files, options } = run;
  // A rule with nothing to read on this site (no pages, no redirects, no internal href) runs not: a navigation-only site is not built.
  const enabled = rulesWithInput(
    siteRules.filter((rule) => sink.enabled(rule.code)),
    { document: document.value, files, profile: profileOf(options.profile), base: options.since },
  );
  if (enabled.length === 0 || !files) {
    if (run.keep) options.cache?.keepCheck(run.absoluteRoot, undefined);
    return;
  }
  const checked = checkSite(enabled, {
    tree,
    alsoListed: builder.untreedPagePaths(),
    document: document.value,
    files,
    root: run.absoluteRoot,
    reader: run.reader,
    cache: options.cache,
    ignoredPage: ignoredPages(options.ignore),
    profile: profileOf(options.profile),
    base: options.since,
    concurrency: options.concurrency,
    pageScans: options.pageScans,
    keptPages: keptPagesOf(options),
    ignores: run.ignores,
    report: (finding) => sink.add(finding),
    reportIn: (relative, text, finding, place) => run.reportIn(relative, text, 'page', finding, place),
  });
  // An editor checks an edited page alone against it (validatePage), and takes from it what the next check would make the same.
  if (run.keep) options.cache?.keepCheck(run.absoluteRoot, checked);
}

/** Reads and validates a docs.json (or docs.yaml). The docs root defaults to the file's folder. */
export function validateFile(file: string, options: Omit<ValidateOptions, 'file'> = {}): ValidationResult {
  return validateText(readText(file), { ...options, file, root: options.root ?? path.dirname(file) });
}

/**
 * The text of the docs file a command names, read as the cache's files are (`readRegularFile`): no
 * symbolic link followed to it, only a regular file (a FIFO is refused without blocking, a device
 * is not read), at most MAX_FILE_BYTES. Throws `FileReadError` saying which and what to do.
 */
export function readText(file: string): string {
  const read = readRegularFile(file, MAX_FILE_BYTES);
  if (!read.ok) throw new FileReadError(file, read);
  return read.bytes.toString('utf8');
}

/** The docs root's files, as the options give them (kept in `cache` when there is one). */
export function filesOf(options: Pick<ValidateOptions, 'files' | 'root' | 'cache'>): DocsFiles | undefined {
  if (options.files) return options.files;
  if (options.root === undefined) return undefined;
  return options.cache ? options.cache.filesFor(options.root) : docsRootFiles(options.root);
}

/**
 * The page scan store as a source of what pages unchanged on disk hold (their front matter, their
 * scan), for a run that reads the disk as it is: not through an editor's cache (unsaved texts)
 * or a caller's `readFile`, whose answers a file's stamp on disk says nothing about.
 */
function keptPagesOf(options: Pick<ValidateOptions, 'pageScans' | 'cache' | 'readFile' | 'root'>): KeptPages | undefined {
  return options.cache || options.readFile || options.root === undefined ? undefined : options.pageScans;
}

/** How the options say files are read: `readFile`, else the disk under `root` (through `cache` when there is one), else nothing. */
export function readerFor(options: Pick<ValidateOptions, 'readFile' | 'root' | 'cache'>): FileReader {
  if (!options.readFile && options.cache && options.root !== undefined) return options.cache.readerFor(options.root);
  return readerOf(options);
}

/** Runs the schema and every enabled rule over a loaded document, into the sink; the rules look pages up in `files`. */
function checkDocument(
  document: LoadedDocument,
  options: ValidateOptions,
  sink: ProblemSink,
  files: DocsFiles | undefined,
  extra: readonly NavigationVisitor[] = [],
  builder?: TreeBuilder,
): void {
  for (const finding of document.findings) sink.addInFile(finding.source, finding);
  if (document.value === undefined) return;
  const schemaCodes: Code[] = ['missing-field', 'invalid-type', 'invalid-value', 'unknown-field'];
  const profile = profileOf(options.profile);
  if (schemaCodes.some((code) => sink.enabled(code))) {
    const findings = checkSchema(document.value);
    // A malformed entry costs its division's whole array on the platform: said in its message, and left out of the platform's tree.
    const lost = explainLostArrays(document.value, findings);
    builder?.loseArraysAround(lost);
    for (const finding of findings) sink.add(misplacedSetting(finding, document.value));
    // The platform checks every other setting too (src/settings); the spec says nothing of them.
    if (profile.checksSettings) for (const finding of checkDocsSettings(document.value)) sink.add(finding);
  }
  const languageCodes = new Set(options.languageCodes ?? []);
  const context = (code: Code): RuleContext => ({ report: (finding) => sink.add({ ...finding, code }), languageCodes, files, profile });
  const visitors = navigationRules.filter((rule) => sink.enabled(rule.code)).map((rule) => rule.create(context(rule.code)));
  walkNavigation(document.value, [...visitors, ...extra]);
}

/** A mint.json beside docs.json, checked as the platform's build checks it; its files join the document's (for the report). */
function checkMintJsonBeside(file: string, root: string, reader: FileReader, document: LoadedDocument, sink: ProblemSink): void {
  const checked = checkMintJson(file, root, reader);
  document.files.push(...checked.files);
  for (const { source, finding } of checked.findings) sink.addInFile(source === 'docs' ? document.main : source, finding);
}

/**
 * Turns findings (pointers into the loaded document) into problems: each goes back to the
 * file it came from, gets its configured severity, and a location only now that it is reported.
 * Each file keeps at most `maxPerFile` problems (the first reported); the rest are only
 * counted, so that no input makes the output (or the work of locating it) grow past that.
 */
export class ProblemSink {
  /** Findings kept until the end, so each file's locations are found in one pass. */
  private readonly pending = new Map<SourceFile, Array<{ finding: Finding; severity: Severity; place?: Range }>>();
  /** `ignore`: problems at these pages or pointers are not reported. */
  private readonly ignored: IgnoreTest | undefined;
  /** Per file, the findings past the cap: how many, and the highest severity among them. */
  private readonly dropped = new Map<SourceFile, { count: number; severity: Severity }>();

  constructor(
    private readonly document: LoadedDocument,
    private readonly settings: Partial<Record<Code, SeveritySetting>> = {},
    ignore?: readonly string[],
    private readonly maxPerFile: number = MAX_PROBLEMS_PER_FILE,
  ) {
    this.ignored = ignoreTest(ignore);
  }

  severityOf(code: Code): SeveritySetting {
    return this.settings[code] ?? codes[code].severity;
  }

  enabled(code: Code): boolean {
    return this.severityOf(code) !== 'off';
  }

  /** A finding whose pointer is into the whole document ($refs followed). */
  add(found: Finding): void {
    const finding = this.document.adapt ? this.document.adapt(found) : found;
    if (!finding || this.document.isUnresolved(finding.pointer)) return;
    if (this.ignored?.(finding.pointer, this.document.value)) return;
    const origin = this.document.origin(finding.pointer);
    this.addInFile(origin.source, { ...finding, pointer: origin.pointer });
  }

  /** A finding whose pointer is already into `source`; at `place` when its span was placed already (then the text is not read for it). */
  addInFile(source: SourceFile, finding: Finding, place?: Range): void {
    const severity = this.settings[finding.code] ?? finding.severity ?? codes[finding.code].severity;
    if (severity === 'off') return;
    if (this.ignored && source === this.document.main && this.ignored(finding.pointer, source.value)) return;
    let list = this.pending.get(source);
    if (list && list.length >= this.maxPerFile) {
      // Past the cap nothing is kept, not even a key to say it once: a count costs nothing per
      // problem, whatever its pointer's length (the count may include a repeat).
      const dropped = this.dropped.get(source);
      if (!dropped) this.dropped.set(source, { count: 1, severity });
      else {
        dropped.count++;
        if (SEVERITY_RANK[severity] > SEVERITY_RANK[dropped.severity]) dropped.severity = severity;
      }
      return;
    }
    if (!list) this.pending.set(source, (list = []));
    list.push({ finding, severity, place });
  }

  /** Every problem, located, by file (the main file first), line, column and code; a file's `too-many-problems` last. */
  sorted(): Problem[] {
    const problems: Problem[] = [];
    for (const [source, list] of this.pending) {
      const located = list.filter(({ finding }) => !finding.span);
      const ranges = source.locateAll(located.map(({ finding }) => ({ pointer: finding.pointer, at: finding.at })));
      const rangeOf = new Map(located.map((item, i) => [item, ranges[i]]));
      for (const item of list) {
        const { finding, severity, place } = item;
        const range = place ?? (finding.span ? source.rangeOf(finding.span[0], finding.span[1]) : rangeOf.get(item)!);
        const problem: Problem = {
          code: finding.code,
          severity,
          message: shortenQuoted(finding.message),
          file: source.file,
          pointer: finding.pointer,
          ...range,
        };
        if (finding.suggest !== undefined) problem.suggest = finding.suggest;
        if (finding.fix !== undefined) problem.fix = finding.fix;
        problems.push(problem);
      }
      const dropped = this.dropped.get(source);
      if (dropped && this.enabled('too-many-problems')) {
        problems.push({
          code: 'too-many-problems',
          severity: dropped.severity,
          message: `${dropped.count.toLocaleString('en')} more problem${dropped.count === 1 ? '' : 's'} in this file ${dropped.count === 1 ? 'is' : 'are'} not shown: docsnav reports at most ${this.maxPerFile.toLocaleString('en')} per file (the first ones found). Fix these and run again.`,
          file: source.file,
          pointer: '',
          ...source.rangeOf(0, 0),
        });
      }
    }
    const order = new Map(this.document.files.map((source, index) => [source.file, index]));
    const last = (p: Problem) => (p.code === 'too-many-problems' ? 1 : 0);
    return problems.sort(
      (a, b) => order.get(a.file)! - order.get(b.file)! || last(a) - last(b) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
    );
  }
}

export function sourcesOf(files: readonly SourceFile[]): Record<string, string> {
  const sources: Record<string, string> = {};
  // Defined, not assigned: a `$ref` file named `__proto__` is a file like any other.
  for (const source of files) Object.defineProperty(sources, source.file, { value: source.text, enumerable: true, writable: true, configurable: true });
  return sources;
}
