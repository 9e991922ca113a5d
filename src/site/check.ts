import path from 'node:path';
import { textOf, type FileReader, type FileStamp, type ReadOutcome } from '../files.js';
import type { Profile } from '../config/profiles.js';
import { codes, type Code } from '../codes.js';
import type { Finding, Range, Severity } from '../problem.js';
import { higherSeverity } from '../severity.js';
import { RedirectTable, redirectsOf } from '../redirects/table.js';
import type { PageTree } from '../resolve/types.js';
import type { DocsFiles } from '../docs-root.js';
import type { FindingInPage, SiteInput, SiteRule } from './rule.js';
import { ignoredTest, MINTIGNORE } from '../platform-ignores.js';
import type { ValidationCache } from '../cache/memory.js';
import type { KeptPages, KeptSiteCheck, PageText, ScansByText } from '../pages/kept.js';
import { scanPages, type PageScan } from '../pages/scan.js';
import { LineIndex } from '../source/lines.js';
import { checkToKeep, filesToCheck, inReportOrder, keptPlaces, shapeOf } from './again.js';
import { isMdx, keptPageBody, pageBodies, type PageBodies, type PageBody } from './pages.js';
import type { SiteBase } from './base.js';
import { buildSite, type Site } from './site.js';
import { hasNavigationLinks, linkResolver, navigationLinks, type NavigationLink, type ResolvedPageLink } from './links.js';
import { sameFindingInputs, sameSite, sameStrings, type FindingInputs, type PageFinding, type SiteInputs } from './reuse.js';

/** What the pipeline hands the site rules once the page tree is built. */
export interface SiteCheckInput {
  tree: PageTree;
  /** Listed page paths the tree does not hold. */
  alsoListed: Iterable<string>;
  /** The docs.json value, `$ref`s resolved. */
  document: unknown;
  files: DocsFiles | undefined;
  /** The docs root (absolute) when files are read from one. */
  root: string | undefined;
  reader: FileReader;
  /** Keeps each page's scan while its bytes are unchanged (an editor validating again). */
  cache?: ValidationCache;
  profile: Profile;
  /** Pages whose bodies are not checked (`ignore`'s page globs), by page path without extension. */
  ignoredPage?: (page: string) => boolean;
  /** The site at a git ref (`since`), when one was given. */
  base?: SiteBase;
  /** Threads pages are scanned on (`ValidateOptions.concurrency`). */
  concurrency?: number | 'auto';
  /** Scans kept between runs (`ValidateOptions.pageScans`), found by their page's text. */
  pageScans?: ScansByText;
  /**
   * The same store, given only when `reader` reads the disk as it is: a page unchanged on disk since
   * its scan was kept is not read, and the last check of the same site is checked again only where
   * it changed (src/site/again.ts).
   */
  keptPages?: KeptPages;
  /** What the platform leaves out of the docs root, when the caller has it already (`siteIgnores`). */
  ignores?: SiteIgnores;
  /** Told of page bodies checked as they are (`ValidateOptions.onProgress`). */
  scanned?: (count: number) => void;
  /** The most problems a file shows (the problem sink's): a rule's findings in a page past them are counted, not made. */
  maxPerFile: number;
  report(finding: Finding): void;
  /** A finding in a page file (root-relative), whose text it is: at `place`, its `span` placed in that text. */
  reportIn(relative: string, text: string, finding: Finding, place: Range): void;
}

/** The docs root's `.mintignore` text, and the test of what the platform leaves out that it makes with the platform's defaults. */
export interface SiteIgnores {
  mintignore: string | undefined;
  ignored: (relativePath: string) => boolean;
}

/**
 * What the platform leaves out of a docs root: its defaults and `.mintignore` (read through the
 * pipeline's reader). The same `.mintignore` as this root's last check (an editor's next
 * keystroke): its test, which keeps its answers.
 */
export function siteIgnores(input: Pick<SiteCheckInput, 'root' | 'reader' | 'files' | 'cache'>): SiteIgnores {
  // Stryker disable next-line ConditionalExpression: a site is checked only where files are read from a root (src/pipeline/start.ts), so a cache never comes without one.
  const last = input.cache && input.root !== undefined ? input.cache.lastCheck<CheckedSite>(input.root) : undefined;
  const mintignore = readRootFile(input, MINTIGNORE);
  return { mintignore, ignored: last !== undefined && last.made.mintignore === mintignore ? last.made.ignored : ignoredTest(mintignore) };
}

/**
 * What a site check worked out before its rules ran: the site, its redirects, the files whose
 * bodies are checked and the bodies read, and what the page rules found in them. An editor keeps
 * it (`ValidationCache.keepCheck`) to check one edited page again against the rest of the site
 * (`checkPage`), and to take what the next check would make the same (src/site/reuse.ts).
 */
export interface CheckedSite {
  site: Site;
  redirects: RedirectTable;
  /** The content files whose bodies are checked (`ignore`'s pages left out), root-relative and sorted. */
  checked: readonly string[];
  /** Their bodies, read when a rule that reads them ran (else empty). */
  bodies: ReadonlyMap<string, PageBody | undefined>;
  /** The cache's generation when the bodies were read (undefined: not read, or no cache). */
  readAt?: number;
  /** How pages were read: the same reader, listing, cache and profile serve a page's check. */
  input: Pick<SiteCheckInput, 'root' | 'reader' | 'files' | 'cache' | 'profile'>;
  made: SiteInputs;
  found: FindingInputs;
  /** What the rules reported in page files, in order. */
  pageFindings: readonly PageFinding[];
}

/**
 * The rules that have something to read on this site (`SiteRule.reads`): page or snippet files,
 * internal hrefs in the navigation, redirects, a git base. A site none of them reads is not built
 * (a navigation-only run: no pages, no redirects, no internal href).
 */
export function rulesWithInput(
  rules: readonly SiteRule[],
  input: { document: unknown; files: DocsFiles | undefined; profile: Profile; base: SiteBase | undefined },
): SiteRule[] {
  const has: Record<SiteInput, () => boolean> = {
    pages: () => input.files?.list?.().some((file) => /\.mdx?$/i.test(file)) ?? false,
    'navigation-links': () => hasNavigationLinks(input.document, input.profile),
    redirects: () => redirectsOf(input.document).length > 0,
    base: () => input.base !== undefined,
  };
  const answers = new Map<SiteInput, boolean>();
  const present = (what: SiteInput): boolean => {
    let answer = answers.get(what);
    if (answer === undefined) answers.set(what, (answer = has[what]()));
    return answer;
  };
  return rules.filter((rule) => rule.reads.some(present));
}

/** Runs the enabled site rules over the site the tree and the docs root make, each once; returns what it worked out. */
export function checkSite(rules: readonly SiteRule[], input: SiteCheckInput): CheckedSite {
  // Stryker disable next-line ConditionalExpression: a site is checked only where files are read from a root (src/pipeline/start.ts), so a cache never comes without one.
  const last = input.cache && input.root !== undefined ? input.cache.lastCheck<CheckedSite>(input.root) : undefined;
  const { mintignore, ignored } = input.ignores ?? siteIgnores(input);
  const made: SiteInputs = {
    treePages: input.tree.pages,
    alsoListed: [...input.alsoListed],
    files: input.files,
    mintignore,
    ignored,
    redirects: JSON.stringify(redirectsOf(input.document)),
  };
  const same = last !== undefined && sameSite(last.made, made);
  const site = same ? last.site : buildSite(input.tree, input.files, ignored, made.alsoListed);
  const redirects = same ? last.redirects : new RedirectTable(redirectsOf(input.document));
  const ignoredPage = input.ignoredPage;
  const checked = ignoredPage ? site.contentFiles.filter((file) => !ignoredPage(file.replace(/\.mdx?$/i, ''))) : site.contentFiles;
  const readsPages = rules.some((rule) => rule.readsPages);
  const bodies = !readsPages ? new Map<string, PageBody | undefined>() : (unchangedBodies(input, last, checked) ?? loadBodies(input, checked));
  const found = findingInputsOf(rules, input, bodies);
  const pageFindings: PageFinding[] = [];
  const kept: CheckedSite = {
    site,
    redirects,
    checked,
    bodies,
    input: { root: input.root, reader: input.reader, files: input.files, cache: input.cache, profile: input.profile },
    made,
    found,
    pageFindings,
  };
  if (readsPages && input.cache) kept.readAt = input.cache.generation;
  // The same site, pages and rules: the page rules' findings are the last check's; only docs.json's hrefs are checked again.
  const reuse = same && readsPages && sameFindingInputs(last.found, found);
  // The last check kept on disk for a site of this shape: only what changed is checked again (src/site/again.ts).
  const onDisk = reuse ? undefined : lastCheckOnDisk(rules, input, kept);
  const again = reuse ? new Set<string>() : filesToCheck(onDisk?.last, checked, bodies);
  const linksOf = linkResolver(site, redirects);
  let navigation: NavigationLink[] | undefined;
  // Each file's findings, as the rules report them, then reported in the order a whole check would report them.
  const foundIn = new Map<string, Finding[]>();
  const pages = { files: checked.filter((file) => again.has(file)), get: (file: string) => bodies.get(file) };
  runRules(rules, kept, linksOf, pages, input.maxPerFile, {
    navigationLinks: () => (navigation ??= navigationLinks(input.document, site, redirects, input.profile)),
    document: input.document,
    report: (finding) => input.report(finding),
    reportIn: (file, _text, finding) => (foundIn.get(file) ?? foundIn.set(file, []).get(file)!).push(finding),
    base: input.base,
  });
  const inOrder = reuse ? last.pageFindings : inReportOrder(ruleOrder(rules), checked, again, foundIn, onDisk?.last);
  const placeOf = placer(keptPlaces(onDisk?.last), bodies);
  for (const { file, finding } of inOrder) {
    const text = bodies.get(file)?.text ?? '';
    pageFindings.push({ file, text, finding });
    input.reportIn(file, text, finding, placeOf(file, finding));
  }
  if (onDisk) input.keptPages!.keepCheck(checkToKeep(onDisk.shape, onDisk.last, checked, again, bodies, linksOf, foundIn, placeOf));
  return kept;
}

/** What a check's findings in pages depend on, besides the site: the bodies, rules, profile, base and cap. */
function findingInputsOf(rules: readonly SiteRule[], input: SiteCheckInput, bodies: ReadonlyMap<string, PageBody | undefined>): FindingInputs {
  return { bodies, rules: rules.map((rule) => rule.code).join(), profile: input.profile.name, base: input.base, maxPerFile: input.maxPerFile };
}

/**
 * Where a finding in a page file is: where the last check kept on disk placed it (a file not
 * checked again), else its span placed in the file's text (one line index per file).
 */
function placer(kept: ReadonlyMap<Finding, Range>, bodies: ReadonlyMap<string, PageBody | undefined>): (file: string, finding: Finding) => Range {
  const lines = new Map<string, LineIndex>();
  return (file, finding) => {
    const place = kept.get(finding);
    if (place) return place;
    // A file checked now: it has a body (the rules found this in it), and a page rule's finding has a span.
    let index = lines.get(file);
    // Stryker disable next-line ConditionalExpression: a line index made again for each finding places it the same (a cache of one per file, performance only).
    if (!index) lines.set(file, (index = new LineIndex(bodies.get(file)!.text)));
    const [start, end] = finding.span!;
    return index.range(start, end);
  };
}

/**
 * The site's shape and its last check kept on disk for that shape (src/site/again.ts): with a page
 * scan store reading the disk as it is, when the rules read pages and every body has its key.
 */
function lastCheckOnDisk(
  rules: readonly SiteRule[],
  input: SiteCheckInput,
  { made, checked, bodies }: CheckedSite,
): { shape: string; last: KeptSiteCheck | undefined } | undefined {
  if (!rules.some((rule) => rule.readsPages) || !input.keptPages || input.cache || input.base || !allKeyed(checked, bodies)) return undefined;
  const shape = shapeOf(made, rules, input, checked);
  return shape === undefined ? undefined : { shape, last: input.keptPages.keptCheck(shape) };
}

/** Every body has its text's key (given by a page scan store): only then can a file be known unchanged since the last check. */
function allKeyed(checked: readonly string[], bodies: ReadonlyMap<string, PageBody | undefined>): boolean {
  return checked.every((file) => bodies.get(file)?.key !== undefined || bodies.get(file) === undefined);
}

/**
 * Checks one content file again, its text read now, against the rest of a site as `last` saw it
 * (the other pages' bodies and ids, the site's pages and redirects): the page rules' findings in
 * that file only, none in docs.json. Undefined when `last` did not check that file.
 */
export function checkPage(
  rules: readonly SiteRule[],
  last: CheckedSite,
  file: string,
  reportIn: FoundIn,
  maxPerFile: number,
): PageBody | undefined | 'not-checked' {
  if (!last.checked.includes(file)) return 'not-checked';
  const body = loadBodies({ ...last.input, concurrency: 1 }, [file]).get(file);
  const pages: PageBodies = { files: [file], get: (asked) => (asked === file ? body : last.bodies.get(asked)) };
  runRules(
    rules.filter((rule) => rule.readsPages),
    last,
    linkResolver(last.site, last.redirects),
    pages,
    maxPerFile,
    { navigationLinks: () => [], document: undefined, report: () => {}, reportIn, base: undefined },
  );
  return body;
}

/**
 * The bodies the last check of the root read, when no file changed since and the same files are
 * checked the same way (an editor's keystroke in docs.json): 23,000 pages are not looked up again.
 */
function unchangedBodies(
  input: SiteCheckInput,
  last: CheckedSite | undefined,
  checked: readonly string[],
): ReadonlyMap<string, PageBody | undefined> | undefined {
  if (
    !last ||
    last.readAt === undefined ||
    last.readAt !== input.cache?.generation ||
    // Read through the cache's reader (a caller's `readFile` may answer differently without telling the cache).
    last.input.reader !== input.reader ||
    last.input.profile.name !== input.profile.name ||
    last.input.files !== input.files
  )
    return undefined;
  if (!sameStrings(last.checked, checked)) return undefined;
  return last.bodies;
}

/** What the rules found in a page file (root-relative), whose text it is. */
type FoundIn = (relative: string, text: string, finding: Finding) => void;

/** The order rules run in: those that read no page first (they never wait for the bodies). */
function ruleOrder(rules: readonly SiteRule[]): SiteRule[] {
  return [...rules.filter((rule) => !rule.readsPages), ...rules.filter((rule) => rule.readsPages)];
}

/** Runs the rules over `pages`, in `ruleOrder`. */
function runRules(
  rules: readonly SiteRule[],
  { site, redirects, checked, input }: CheckedSite,
  linksOf: (page: PageBody) => Iterable<ResolvedPageLink>,
  pages: PageBodies,
  maxPerFile: number,
  to: Pick<SiteCheckInput, 'document' | 'report' | 'base'> & { reportIn: FoundIn; navigationLinks: () => readonly NavigationLink[] },
): void {
  const noPages = pageBodies(checked, new Map());
  for (const rule of ruleOrder(rules)) {
    const capped = new CappedFindings(rule.code, maxPerFile, to.reportIn);
    rule.checkSite({
      report: (finding) => to.report({ ...finding, code: rule.code }),
      document: to.document,
      site,
      redirects,
      pages: rule.readsPages ? pages : noPages,
      linksOf,
      navigationLinks: to.navigationLinks,
      reportInPage: (page, finding) => capped.add(page, finding),
      profile: input.profile,
      base: to.base,
    });
    capped.finish();
  }
}

/**
 * One rule's findings in pages: each page's first `maxPerFile` passed on; past them only counted,
 * one finding standing for the rest (`Finding.more`) passed on when the rule is done. No page
 * file shows more (ProblemSink), so a page of half a million broken links makes a thousand
 * findings, not half a million (issue 66: 4 MB of them took 650 MB).
 */
class CappedFindings {
  private readonly counts = new Map<string, number>();
  private readonly past = new Map<string, { page: PageBody; finding: Finding & { more: number; severity: Severity } }>();

  constructor(
    private readonly code: Code,
    private readonly maxPerFile: number,
    private readonly reportIn: FoundIn,
  ) {}

  /** `finding` as a function: made only when shown, or when it is the first past them (a function's finding has the code's severity). */
  add(page: PageBody, finding: FindingInPage | (() => Omit<FindingInPage, 'severity'>)): void {
    const count = (this.counts.get(page.file) ?? 0) + 1;
    this.counts.set(page.file, count);
    // Stryker disable next-line ConditionalExpression: passing every finding on reports the same (the problem sink keeps a file's first ones and counts the rest alike); only the cost differs.
    if (count <= this.maxPerFile) {
      this.reportIn(page.file, page.text, { ...(typeof finding === 'function' ? finding() : finding), pointer: '', code: this.code });
      return;
    }
    // A function's finding has no severity of its own: the code's.
    const severity = (finding as { severity?: Severity }).severity ?? codes[this.code].severity;
    const past = this.past.get(page.file);
    // Its message is never shown (the sink counts it): the first of those it stands for.
    if (!past) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: the message of a finding past the cap is never shown (the sink gives its count); any message gives the same report.
      const { message } = typeof finding === 'function' ? finding() : finding;
      this.past.set(page.file, { page, finding: { code: this.code, pointer: '', message, span: [0, 0], more: 1, severity } });
    } else {
      past.finding.more++;
      past.finding.severity = higherSeverity(past.finding.severity, severity);
    }
  }

  finish(): void {
    for (const { page, finding } of this.past.values()) this.reportIn(page.file, page.text, finding);
  }
}

/**
 * Page text scanned together, at most (about): the pages read and not yet scanned are scanned
 * once this much of their text is waiting, so that a site of 100,000 pages never holds every
 * page's bytes and unscanned text at once. Large enough for the helper threads to pay for their
 * start (16 of `scanInParallel`'s 512 KB per helper): a site under it is scanned in one go.
 */
const SCAN_BATCH_CHARS = 8 * 1024 * 1024;

/**
 * The page files' bodies, read through the pipeline's reader and scanned in batches of about
 * SCAN_BATCH_CHARS of text, each on as many threads as the machine and `concurrency` allow. An
 * unchanged file keeps its scan from the in-memory cache (an editor) or a page scan store (the
 * CLI's `--cache`). A file that cannot be read has no body.
 */
function loadBodies(
  input: Pick<SiteCheckInput, 'root' | 'reader' | 'files' | 'cache' | 'profile' | 'pageScans' | 'keptPages' | 'concurrency' | 'scanned'>,
  files: readonly string[],
): Map<string, PageBody | undefined> {
  const bodies = new Map<string, PageBody | undefined>();
  // The bytes are kept only for the in-memory cache, which keys a body by them.
  let unscanned: { relative: string; absolute: string; bytes: Buffer | undefined; page: PageText }[] = [];
  let waiting = 0;
  const scanWaiting = () => {
    // Their anchors (heading ids) only when a rule reads them: for the pages some link's fragment arrives at.
    const scans = scanPages(
      unscanned.map(({ page }) => ({ text: page.text, mdx: page.mdx, anchors: false as const })),
      // Stryker disable next-line ObjectLiteral: the threads a scan runs on change its cost, never its result.
      { threads: input.concurrency },
    );
    unscanned.forEach(({ relative, absolute, bytes, page }, i) => {
      input.pageScans?.keepScan(page, scans[i]);
      const body = withKey({ file: relative, text: page.text, scan: scans[i] }, input.pageScans);
      bodies.set(relative, bytes ? keep(input, absolute, bytes, body) : body);
    });
    input.scanned?.(unscanned.length);
    unscanned = [];
    waiting = 0;
  };
  for (const relative of files) {
    const unread = keptBody(input, relative);
    if (unread) {
      bodies.set(relative, unread);
      input.scanned?.(1);
      continue;
    }
    const found = readInRoot(input, relative);
    if (!found?.read.ok) {
      bodies.set(relative, undefined);
      continue;
    }
    const { absolute, read } = found;
    const kept = input.cache?.kept<PageBody>(absolute, read.bytes, PAGE_BODY);
    // Stryker disable next-line ConditionalExpression,BlockStatement: a body the cache kept, scanned again, is the same body (the cache gives back the one it keeps for these bytes).
    if (kept) {
      bodies.set(relative, kept);
      input.scanned?.(1);
      continue;
    }
    const text = textOf(read.bytes);
    // The disk's stamp, when the reader read the disk: the store then knows an unchanged page without hashing it.
    const page: PageText = { text, mdx: isMdx(relative), variant: input.profile.name, file: absolute, stamp: read.stamp };
    const stored = input.pageScans?.keptScan(page);
    // Stryker disable next-line ConditionalExpression,BlockStatement: a page whose scan the store kept, scanned again, has the same scan (only the cost differs).
    if (stored) {
      bodies.set(relative, keep(input, absolute, read.bytes, withKey({ file: relative, text, scan: stored }, input.pageScans)));
      input.scanned?.(1);
      continue;
    }
    // Its place in the map now: the bodies keep the files' order whichever batch scans them.
    bodies.set(relative, undefined);
    unscanned.push({ relative, absolute, bytes: input.cache ? read.bytes : undefined, page });
    waiting += text.length;
    if (waiting >= SCAN_BATCH_CHARS) scanWaiting();
  }
  if (unscanned.length > 0) scanWaiting();
  return bodies;
}

/**
 * The body of a page unchanged on disk since the store kept its scan: its text is read when asked,
 * its scan when a rule asks (a scan file that is no longer there or whole: the text scanned then).
 */
function keptBody(input: Pick<SiteCheckInput, 'root' | 'reader' | 'files' | 'profile' | 'keptPages'>, relative: string): PageBody | undefined {
  if (!input.keptPages || input.root === undefined || !input.files?.hasFile(relative)) return undefined;
  const parse = { mdx: isMdx(relative), variant: input.profile.name };
  const absolute = path.join(input.root, relative);
  // Read once, with the stamp of the descriptor it was read from: the store tells a page saved since it found it unchanged.
  let page: { text: string; stamp?: FileStamp } | undefined;
  const read = () => {
    if (page) return page;
    // In the root and listed (tested above).
    const outcome = input.reader(absolute);
    return (page = outcome.ok ? { text: textOf(outcome.bytes), stamp: outcome.stamp } : { text: '' });
  };
  const kept = input.keptPages.keptBody(absolute, parse, read);
  if (!kept) return undefined;
  // A scan gone (or not whole): the text scanned now, and filed again under its text.
  const scanAgain = (): PageScan => {
    const page: PageText = { text: kept.text(), ...parse, file: absolute };
    const scan = scanPages([page], { threads: 1 })[0];
    input.keptPages!.keepScan(page, scan);
    return scan;
  };
  return keptPageBody(
    relative,
    kept.key,
    () => kept.scan() ?? scanAgain(),
    () => kept.text(),
  );
}

/** A body with its text's key in the page scan store, when the store gave or filed its scan. */
function withKey(body: PageBody, scans: ScansByText | undefined): PageBody {
  const key = scans?.keyOf(body.scan);
  // Stryker disable next-line ConditionalExpression: a body given `key: undefined` reads as one without a key.
  return key === undefined ? body : { ...body, key };
}

/** A body, kept in the in-memory cache when there is one. */
function keep(input: Pick<SiteCheckInput, 'cache'>, absolute: string, bytes: Buffer, body: PageBody): PageBody {
  return input.cache ? input.cache.parse(absolute, bytes, PAGE_BODY, () => body) : body;
}

/** The cache's key for a page's body and scan. */
const PAGE_BODY = 'page-body';

/** A root-relative file's text, read through the pipeline's reader (never outside the root), or undefined. */
function readRootFile(input: Pick<SiteCheckInput, 'root' | 'reader' | 'files'>, relative: string): string | undefined {
  const read = readInRoot(input, relative)?.read;
  return read?.ok ? textOf(read.bytes) : undefined;
}

/** A root-relative file's absolute path and what the pipeline's reader reads there; undefined when the root has no such file. */
function readInRoot(input: Pick<SiteCheckInput, 'root' | 'reader' | 'files'>, relative: string): { absolute: string; read: ReadOutcome } | undefined {
  if (input.root === undefined || !input.files?.hasFile(relative)) return undefined;
  const absolute = path.join(input.root, relative);
  return { absolute, read: input.reader(absolute) };
}
