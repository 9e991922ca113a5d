/**
 * The sites an editor has open, each checked as `docsnav validate` checks it: the same config
 * (the nearest docsnav config, as the CLI finds it), the same options, the same problems. What
 * the editor holds unsaved is read instead of the disk; everything else comes through one
 * `ValidationCache`, told what changed by the editor's file events, so a keystroke in a large
 * docs.json re-reads nothing.
 */
import path from 'node:path';
import { ValidationCache } from '../cache/memory.js';
import { isCi, PageScanStores } from '../cache/location.js';
import { ConfigLoader, mergeConfigOptions, unreadConfigMessage, type LoadedConfig } from '../config-file/load.js';
import { DOCS_FILE_NAMES, docsFileIn } from '../docs-root.js';
import { isInside, textOf } from '../files.js';
import type { Problem, Range } from '../problem.js';
import type { PageTree } from '../resolve/types.js';
import type { ValidationResult } from '../result.js';
import { formatOf } from '../source/index.js';
import type { SourceFormat } from '../source/types.js';
import { FileReadError } from '../read.js';
import { startPipeline } from '../pipeline/start.js';
import { validateText } from '../validate.js';
import type { ValidateOptions } from '../pipeline/options.js';
import { validatePage } from '../validate-page.js';
import { isMintJson } from '../mint/document.js';

/** A file's first character: where a problem with the whole file is shown (a config file that cannot be read). */
const START: Range = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** The editor's open documents, by absolute path. */
export interface OpenDocuments {
  textOf(file: string): string | undefined;
}

/** The last check of a site. */
export interface SiteCheck {
  /** The docs file's text that was checked. */
  text: string;
  result: ValidationResult;
  /** The options it was checked with; undefined when the config is broken (nothing was checked). */
  options?: ValidateOptions;
}

/** A check's page tree, and the place in the docs file each pointer into the checked document came from. */
interface BuiltTree {
  tree: PageTree;
  /** The docs file's own pointer (a mint.json's for its upgraded document); undefined for a place in another file. */
  placeOf(pointer: string): string | undefined;
}

const trees = new WeakMap<SiteCheck, BuiltTree>();

/**
 * The page tree of a check's text, worked out when a hover or a jump first asks for it (a
 * keystroke needs only the problems: building 23,000 pages' titles and URLs for each would
 * double the time to diagnostics on a large site).
 */
export function treeOf(check: SiteCheck): PageTree | undefined {
  return builtTree(check)?.tree;
}

/** Where in the docs file an entry of the tree (its `source` pointer) is written. */
export function placeInDocsFile(check: SiteCheck, pointer: string): string | undefined {
  return builtTree(check)?.placeOf(pointer);
}

function builtTree(check: SiteCheck): BuiltTree | undefined {
  if (!check.options) return undefined;
  let built = trees.get(check);
  if (!built) {
    // The pipeline `resolve` runs (local specs only): the tree, not the problems, which the check has.
    const pipeline = startPipeline(check.text, { ...check.options, titles: true });
    const { document } = pipeline;
    const placeOf = (pointer: string) => {
      const origin = document.origin(pointer);
      return origin.source === document.main ? origin.pointer : undefined;
    };
    trees.set(check, (built = { tree: pipeline.finish(), placeOf }));
  }
  return built;
}

export interface Site {
  /** Absolute path of docs.json (or docs.yaml / docs.yml). */
  file: string;
  root: string;
  format: SourceFormat;
  last?: SiteCheck;
  /** Its first check read and wrote the page scan store. */
  scansKept?: boolean;
}

export function isDocsFile(file: string): boolean {
  const name = path.basename(file);
  if (!DOCS_FILE_NAMES.includes(name)) return false;
  // A legacy mint.json is a site's own file only where no docs.json (or docs.yaml) replaces it: one beside docs.json belongs to that site.
  return !isMintJson(file) || docsFileIn(path.dirname(file)) === name;
}

export class Sites {
  readonly cache = new ValidationCache();
  /** The page scans kept between sessions, as the CLI keeps them (none where CI is set). */
  private readonly stores = isCi() ? undefined : new PageScanStores();
  private readonly sites = new Map<string, Site>();
  private configs = new ConfigLoader({});

  constructor(private readonly open: OpenDocuments) {}

  all(): Site[] {
    return [...this.sites.values()];
  }

  get(file: string): Site | undefined {
    return this.sites.get(path.resolve(file));
  }

  /** The site a docs file is, tracked from now on. */
  track(docsFile: string): Site {
    const file = path.resolve(docsFile);
    let site = this.sites.get(file);
    if (!site) this.sites.set(file, (site = { file, root: path.dirname(file), format: formatOf(file) }));
    return site;
  }

  forget(docsFile: string): Site | undefined {
    const file = path.resolve(docsFile);
    const site = this.sites.get(file);
    this.sites.delete(file);
    return site;
  }

  /**
   * The site a file belongs to: itself when it is a docs file, else the nearest folder above it
   * (up to `stopAt`) that has one; tracked from now on.
   */
  siteOf(file: string, stopAt?: string): Site | undefined {
    const absolute = path.resolve(file);
    if (isDocsFile(absolute)) return this.track(absolute);
    for (let folder = path.dirname(absolute); ; folder = path.dirname(folder)) {
      const known = this.all().find((site) => site.root === folder);
      if (known) return known;
      const name = docsFileIn(folder);
      if (name !== undefined) return this.track(path.join(folder, name));
      if (folder === stopAt || path.dirname(folder) === folder) return undefined;
    }
  }

  /** The sites whose docs root holds this file (a page, a spec, a `$ref` target, the docs file). */
  sitesHolding(file: string): Site[] {
    const absolute = path.resolve(file);
    return this.all().filter((site) => absolute === site.file || (absolute !== site.root && isInside(site.root, absolute)));
  }

  /** True when the listing of every site holding the file has it (a file saved that is not in one was made). */
  // Stryker disable next-line BlockStatement: no answer (undefined) is taken as not listed, a file made, which only reads the listing again (as below): no diagnostic differs.
  isListed(file: string): boolean {
    const absolute = path.resolve(file);
    // Stryker disable next-line ArrowFunction,StringLiteral: a file taken as not listed is taken as made, which only reads the listing again (a save's cost, which this spares): no diagnostic differs.
    return this.sitesHolding(absolute).every((site) => this.cache.filesFor(site.root).hasFile(path.relative(site.root, absolute).split(path.sep).join('/')));
  }

  /** A config file changed: every site's config is looked up again. */
  configsChanged(): void {
    this.configs = new ConfigLoader({});
  }

  /** Checks a site now, from the editor's text when it has the file open, else the disk's. */
  check(site: Site): SiteCheck | undefined {
    const text = this.open.textOf(site.file) ?? this.readDocsFile(site);
    if (text === undefined) return undefined;
    let config: LoadedConfig;
    try {
      config = this.configs.load(site.file);
    } catch (error) {
      if (!(error instanceof FileReadError)) throw error;
      // As the CLI, which exits 2 with this line: a config with a problem of its own, so the site is not checked (until
      // issue 67's eleventh session it was checked as if it had no config, with nothing said).
      const problem: Problem = { code: 'config-invalid', severity: 'error', message: unreadConfigMessage(error), file: error.file, pointer: '', ...START };
      config = { file: error.file, options: {}, problems: [problem] };
    }
    // As the CLI: a config with problems is reported in its own file, and the site is not checked.
    if (config.problems.length > 0) {
      const file = config.file!;
      // Stryker disable next-line ObjectLiteral,LogicalOperator,StringLiteral: a check's sources are read only for a fix's offsets (code-actions.ts), and a config's problems carry no fix; only a config that cannot be read has no text.
      const sources = { [file]: config.text ?? '' };
      site.last = { text, result: { file, problems: config.problems, sources } };
      return site.last;
    }
    const options: ValidateOptions = mergeConfigOptions(config.options, { file: site.file, root: site.root, cache: this.cache });
    // The first check of a site starts from the page scans the CLI keeps (the same file) and leaves
    // them there; later checks keep scans in memory (a keystroke's text is no scan worth a file).
    const pageScans = site.last === undefined && !site.scansKept ? this.stores?.for(site.root) : undefined;
    // The last check goes first: a large site's two checks alive at once would double what the collector walks.
    site.last = undefined;
    site.last = { text, result: validateText(text, pageScans ? { ...options, pageScans } : options), options };
    if (pageScans) {
      site.scansKept = true;
      try {
        if (pageScans.dirty) pageScans.save();
      } catch {
        // A cache that cannot be written is no reason to fail a check.
      } finally {
        // The server lives on: the folders and packs the store opened are not kept open.
        pageScans.close();
      }
    }
    return site.last;
  }

  /**
   * One page of a site checked now, alone, against the site's last check (the editor's text of it,
   * through the cache): the problems a check of the site would report in that file. Undefined when
   * there is no such check to check it against: check the site.
   */
  checkPage(site: Site, file: string): Problem[] | undefined {
    const last = site.last;
    // docs.json edited since: the site's pages may not be the ones last checked.
    if (!last?.options || (this.open.textOf(site.file) ?? last.text) !== last.text) return undefined;
    const options = last.options;
    return validatePage(file, { ...options, cache: this.cache, root: site.root })?.problems;
  }

  private readDocsFile(site: Site): string | undefined {
    const outcome = this.cache.readerFor(site.root)(site.file);
    return outcome.ok ? textOf(outcome.bytes) : undefined;
  }
}

/** Problems by the file they are in (absolute paths). */
export function problemsByFile(problems: readonly Problem[]): Map<string, Problem[]> {
  const byFile = new Map<string, Problem[]>();
  for (const problem of problems) {
    const file = path.resolve(problem.file);
    let list = byFile.get(file);
    if (!list) byFile.set(file, (list = []));
    list.push(problem);
  }
  return byFile;
}
