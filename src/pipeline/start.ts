/**
 * The one pipeline of validate and resolve (and, through them, of fix, the history's site at a
 * ref and the editor): the document loaded, the schema, settings and navigation rules run in one
 * walk with the tree builder, then the tree built and the site rules run. Every problem goes
 * through one sink (sink.ts); pages and specs join the document's files (sources.ts).
 */
import path from 'node:path';
import type { Code } from '../codes.js';
import { ignoredPages } from '../config/ignore.js';
import { profileOf } from '../config/profiles.js';
import type { FileReader, ReadOutcome } from '../files.js';
import { loadSiteDocument } from '../mint/document.js';
import { walkNavigation, type NavigationVisitor } from '../navigation/walk.js';
import type { KeptPages } from '../pages/kept.js';
import type { Finding, Range } from '../problem.js';
import { filesOf, readerFor } from '../read.js';
import { emptyPageTree } from '../resolve/nav.js';
import { SpecLoader } from '../resolve/specs.js';
import { TreeBuilder } from '../resolve/tree.js';
import type { PageTree } from '../resolve/types.js';
import { navigationRules, siteRules } from '../rules/index.js';
import type { DocsFiles } from '../docs-root.js';
import type { RuleContext } from '../rules/types.js';
import { checkSchema } from '../schema/index.js';
import { explainLostArrays } from '../schema/lost-arrays.js';
import { checkDocsSettings, checkMintJson, misplacedSetting } from '../settings/index.js';
import { checkSite, rulesWithInput, siteIgnores, type SiteIgnores } from '../site/check.js';
import type { LoadedDocument } from '../source/refs.js';
import type { ValidateOptions } from './options.js';
import { ProblemSink } from './sink.js';
import { ProgressCount } from './progress.js';
import { reporterIn } from './sources.js';

/**
 * What the cache around the pipeline hands it: the root's listing it already made, a reader that
 * notes what was read, and the page scan store behind `pageScans` (src/cache/store.ts's door, opened
 * by the entry points: the pipeline never imports the cache).
 */
export interface PipelineHooks {
  files?: DocsFiles;
  wrapReader?: (reader: FileReader) => FileReader;
  kept?: KeptPages;
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
  const progress = options.onProgress && new ProgressCount(options.onProgress);
  const disk = diskReader(options, progress);
  const { reader, keepReads } = keepingReader(disk, options.cache !== undefined);
  const document = loadSiteDocument(file, text, { root: options.root, reader, format: options.format });
  const sink = new ProblemSink(document, options.rules, options.ignore, options.maxProblemsPerFile);
  // An editor's cache keeps reads already.
  if (!options.cache && siteRules.some((rule) => rule.readsPages && sink.enabled(rule.code))) keepReads();
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
  // Stryker disable next-line ArrayDeclaration: equivalent: a builder whose visitor no walk carried walks the navigation on its own when it builds (TreeBuilder.plan); the same tree, one walk more.
  const visitors = [builder.visitor()];
  if (progress) visitors.push(progress.visitor);
  checkDocument(document, options, sink, files, visitors, builder);
  const finish = (): PageTree => {
    const tree = builder.build();
    // The platform's build parses every page file, listed or not: the unlisted ones' front matter too.
    // `.mintignore` is read only when some page file is unlisted (a navigation-only run reads none).
    let ignores: SiteIgnores | undefined;
    if (files && sink.enabled('front-matter-invalid'))
      builder.checkUnlistedPages((file) => (ignores ??= siteIgnores({ root: absoluteRoot, reader, files, cache: options.cache })).ignored(file));
    checkSiteOf(tree, builder, {
      document,
      sink,
      files,
      absoluteRoot,
      reader,
      options,
      reportIn,
      keep: options.titles !== true,
      ignores,
      scanned: progress?.scanned,
    });
    return tree;
  };
  return { document, sink, builder, loader, finish };
}

/**
 * Page files are read for their front matter (the tree) and again for their bodies (the link rules):
 * once `keepReads()` is called (a rule that reads bodies is on), the run keeps what it read, so each
 * page is read once. An editor's cache keeps reads already, and its reader is the same from one check
 * to the next (what the next may reuse is read through it): `disk` as it is.
 */
function keepingReader(disk: FileReader, cached: boolean): { reader: FileReader; keepReads: () => void } {
  let kept: Map<string, ReadOutcome> | undefined;
  const reader: FileReader = cached
    ? disk
    : (absolutePath) => {
        if (!kept) return disk(absolutePath);
        let outcome = kept.get(absolutePath);
        if (!outcome) kept.set(absolutePath, (outcome = disk(absolutePath)));
        return outcome;
      };
  return { reader, keepReads: () => (kept = new Map()) };
}

/** The pipeline's reader of the disk: the options' (counted for `onProgress`), wrapped by the cache's hook. */
function diskReader(options: ValidateOptions & PipelineHooks, progress: ProgressCount | undefined): FileReader {
  const own = progress ? progress.reading(readerFor(options)) : readerFor(options);
  return options.wrapReader ? options.wrapReader(own) : own;
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
    options: ValidateOptions & PipelineHooks;
    reportIn: (relative: string, text: string, kind: 'page', finding: Finding, place?: Range) => void;
    /** Kept in the cache for the next check (not a tree's, which holds every page and is made for a hover). */
    keep: boolean;
    /** What the platform leaves out of the docs root, when already read. */
    ignores: SiteIgnores | undefined;
    /** Told of page bodies checked (`onProgress`). */
    scanned: ((count: number) => void) | undefined;
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
    pageScans: options.kept,
    keptPages: keptPagesOf(options),
    ignores: run.ignores,
    scanned: run.scanned,
    maxPerFile: sink.maxPerFile,
    report: (finding) => sink.add(finding),
    reportIn: (relative, text, finding, place) => run.reportIn(relative, text, 'page', finding, place),
  });
  // An editor checks an edited page alone against it (validatePage), and takes from it what the next check would make the same.
  if (run.keep) options.cache?.keepCheck(run.absoluteRoot, checked);
}

/**
 * The page scan store as a source of what pages unchanged on disk hold (their front matter, their
 * scan), for a run that reads the disk as it is: not through an editor's cache (unsaved texts)
 * or a caller's `readFile`, whose answers a file's stamp on disk says nothing about.
 */
function keptPagesOf(options: Pick<ValidateOptions, 'cache' | 'readFile' | 'root'> & Pick<PipelineHooks, 'kept'>): KeptPages | undefined {
  return options.cache || options.readFile || options.root === undefined ? undefined : options.kept;
}

/** Runs the schema and every enabled rule over a loaded document, into the sink; the rules look pages up in `files`. */
function checkDocument(
  document: LoadedDocument,
  options: ValidateOptions,
  sink: ProblemSink,
  files: DocsFiles | undefined,
  // Stryker disable next-line ArrayDeclaration: the default serves only the call for a document that did not parse, which returns before the walk reads it.
  extra: readonly NavigationVisitor[] = [],
  builder?: TreeBuilder,
): void {
  for (const finding of document.findings) sink.addInFile(finding.source, finding);
  if (document.value === undefined) return;
  const schemaCodes: Code[] = ['missing-field', 'invalid-type', 'invalid-value', 'unknown-field'];
  const profile = profileOf(options.profile);
  const lostArrays = new Set<string>();
  if (schemaCodes.some((code) => sink.enabled(code))) {
    const findings = checkSchema(document.value);
    // A malformed entry costs its division's whole array on the platform: said in its message, and left out of the platform's tree.
    // Only where the docs.json schema is the document's check: a legacy mint.json's own check takes its place (adapt drops those
    // findings), and the platform builds an upgraded mint.json's entries, an empty group name included.
    const lost = explainLostArrays(document.value, document.adapt ? findings.filter((finding) => document.adapt!(finding) !== undefined) : findings);
    builder?.loseArraysAround(lost);
    for (const { division, key } of lost) lostArrays.add(`${division}/${key}`);
    for (const finding of findings) sink.add(misplacedSetting(finding, document.value));
    // The platform checks every other setting too (src/settings); the spec says nothing of them.
    if (profile.checksSettings) for (const finding of checkDocsSettings(document.value)) sink.add(finding);
  }
  const languageCodes = new Set(options.languageCodes ?? []);
  const context = (code: Code): RuleContext => ({ report: (finding) => sink.add({ ...finding, code }), languageCodes, files, profile, lostArrays });
  const visitors = navigationRules.filter((rule) => sink.enabled(rule.code)).map((rule) => rule.create(context(rule.code)));
  walkNavigation(document.value, [...visitors, ...extra]);
}

/** A mint.json beside docs.json, checked as the platform's build checks it; its files join the document's (for the report). */
function checkMintJsonBeside(file: string, root: string, reader: FileReader, document: LoadedDocument, sink: ProblemSink): void {
  const checked = checkMintJson(file, root, reader);
  document.files.push(...checked.files);
  for (const { source, finding } of checked.findings) sink.addInFile(source === 'docs' ? document.main : source, finding);
}
