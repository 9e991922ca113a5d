/**
 * What a deployment learns from a checkout: the library's problems and page tree, and the page
 * texts. Runs in a worker thread (library-threads.ts) so that a hostile docs.json costs the thread, not
 * the server: its memory is capped and it is terminated at the time limit. Page texts go back
 * in batches, each stored before the next is made, so a site of 100,000 pages never sits in
 * memory whole; the page tree goes first, as parts of its JSON text, ready to store.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseYaml } from 'yaml';
import {
  describeInvalidCharacter,
  diskReader,
  findInvalidCharacter,
  locateInvalidCharacter,
  PageScanStore,
  platformPagePath,
  resolveFile,
  textOf,
  type FileReader,
  type NavNode,
  type PageTree,
  type Problem,
  type ResolvedPage,
  type ResolveOptions,
  type SeveritySetting,
} from 'docsnav';
import { channelSections } from './channel-text.js';
import { endpointSections } from './endpoint-text.js';
import { OpenApiPages } from './openapi-pages.js';
import { pageText, type TextSection } from './page-text.js';
import { projectConfig, serverOptions } from './project-config.js';
import type { CopyRun, PageRuns, PageSection, SectionsBatch, StoredSection } from '../store/deployments.js';
import { jsonParts } from './json-parts.js';
import { storableJson } from '../store/storable.js';

export interface AnalyzeInput {
  /** The docs root inside the checkout (absolute). */
  docsRoot: string;
  /** The docs.json (or docs.yaml) inside it (absolute). */
  docsFile: string;
  /** The top of the checkout: the project's config file is looked for up to here. */
  checkoutRoot: string;
  /** Most pages stored; past it nothing is (see `overLimit`). */
  maxPages: number;
  /** The git blob id of each file under the docs root (root-relative path): what a page's key is made of. */
  blobs?: Record<string, string>;
  /**
   * The file the project's page scans are kept in between deployments (`PageScanStore`): a page
   * whose text is unchanged is not parsed again for its links. Undefined: every page is parsed.
   */
  scanStore?: string;
  /**
   * The previous deployment's pages by key: a page whose key is there has its sections copied,
   * not made again (the page was checked for invalid characters with the same texts, and found
   * clean unless its file is `flagged`).
   */
  previous?: PageRuns;
}

export interface AnalyzeOutput {
  /** How many parts of the page tree's JSON text (every string storable) were sent, before the texts; 0 when the site has errors or is over the limit. */
  treeParts: number;
  pages: number;
  problems: Problem[];
  /** Page text sections sent in batches. */
  sections: number;
  /** Of those, copied from the previous deployment (unchanged pages), and the pages they belong to. */
  copied: number;
  reusedPages: number;
  /** More pages than `maxPages`: no text was sent. */
  overLimit: boolean;
  /** Page files read for their links, and of those, the ones whose kept scan was used (unchanged since the last deployment). */
  scanned: number;
  scansReused: number;
}

/** Largest page or spec file read for texts. */
const MAX_TEXT_FILE = 5 * 1024 * 1024;
/**
 * A batch of sections: this many, or this much text, whichever comes first. Each is stored in
 * one short transaction, so other projects' requests on the same database wait at most that long.
 */
const BATCH_SECTIONS = 500;
const BATCH_CHARS = 512 * 1024;
/** Most sections of the previous deployment copied in one batch (one statement). */
const BATCH_COPIED = 2000;
/**
 * Characters of the page tree's JSON text per part: each part is one statement (an insert of
 * 256 KB held the embedded database 4-8 ms, median, 39 ms at most, at load 7.6 on 2 cores), and
 * the tree of 100,000 pages (56 MB of JSON, 226 parts) is never one string.
 */
const TREE_PART_CHARS = 256 * 1024;
/** Most invalid-character problems a deployment lists for its pages and specs. */
const MAX_TEXT_PROBLEMS = 100;
/** Changes when what a page's sections are made of changes (page-text, endpoint-text): no key of an older version matches. 2: text readers never see is left out. 3: a heading's anchor is its id on the platform's page. 4: each accordion of a group is a section of its own. */
const SECTIONS_VERSION = 4;

/**
 * Keeps the scans for the next deployment, when this one read pages (a project whose config turns
 * a link rule on); a store that cannot be written costs that one only its speed.
 */
function saveScans(store: PageScanStore | undefined): void {
  if (!store || store.asked === 0) return;
  try {
    store.save();
  } catch {
    // The next deployment parses every page again, as without a store.
  }
}

/**
 * For each page (by id), whether each version and language above it (outermost in) is the
 * default of its siblings, as the resolved navigation marks it (`default: true`, else the first).
 */
function versionDefaults(tree: PageTree): Map<string, boolean[]> {
  const defaults = new Map<string, boolean[]>();
  const walk = (node: NavNode, above: boolean[]) => {
    const here = node.kind === 'version' || node.kind === 'language' ? [...above, node.default === true] : above;
    if (node.rootPage) defaults.set(node.rootPage, here);
    for (const child of node.children) {
      if (child.kind === 'page' && 'page' in child) defaults.set(child.page, here);
      else walk(child, here);
    }
  };
  walk(tree.nav, []);
  return defaults;
}

/** A page's trail with `default` on its version and language items (the search prefers the default version's copy). */
function trailWithDefaults(trail: ResolvedPage['trail'], defaults: boolean[] | undefined): Array<ResolvedPage['trail'][number] & { default?: boolean }> {
  if (!defaults) return trail;
  let at = 0;
  return trail.map((item) => (item.kind === 'version' || item.kind === 'language' ? { ...item, default: defaults[at++] ?? false } : item));
}

export async function analyzeCheckout(input: AnalyzeInput, emit: (batch: SectionsBatch) => Promise<void>): Promise<AnalyzeOutput> {
  const config = projectConfig(input.docsFile, input.checkoutRoot);
  const pageScans = input.scanStore === undefined ? undefined : new PageScanStore(input.scanStore);
  const options = serverOptions<ResolveOptions>(config, { root: input.docsRoot, allowRemote: false, pageScans });
  const result = await resolveFile(input.docsFile, options);
  saveScans(pageScans);
  // Paths in problems are relative to the docs root: no machine paths in what is stored.
  const problems = [...config.problems, ...result.problems].map((problem) => ({ ...problem, file: relativeTo(input.docsRoot, problem.file) }));
  const pages = result.tree.pages.length;
  const batch = new SectionBatch(emit);
  const output = (sections: number, overLimit = false): AnalyzeOutput => ({
    treeParts: batch.treeParts,
    pages,
    problems,
    sections,
    copied: batch.copied,
    reusedPages: batch.reusedPages,
    overLimit,
    scanned: pageScans?.asked ?? 0,
    scansReused: pageScans?.reused ?? 0,
  });
  if (problems.some((problem) => problem.severity === 'error')) return output(0);
  if (pages > input.maxPages) return output(0, true);
  for (const part of jsonParts(result.tree, TREE_PART_CHARS)) await batch.tree(storableJson(part));

  // The library's reader: regular files whose real path is inside the docs root, up to the size cap.
  const read = diskReader(input.docsRoot, MAX_TEXT_FILE);
  const textAt = (relative: string) => textInside(read, input.docsRoot, relative);
  const characters = new CharacterCheck(options.rules?.['invalid-character'], options.profile);
  const openapi = new OpenApiPages(textAt);
  const searchable = searchablePages(result.sources[input.docsFile], input.docsFile);
  const flagged = new Set<string | undefined>(input.previous?.flagged);
  const keys = new PageKeys(input.blobs, [characters.pageSeverity, characters.specSeverity]);
  const defaults = versionDefaults(result.tree);
  // The tree holds every page: group roots too, and each front-matter `openapi` page's operation.
  for (const page of result.tree.pages) {
    // A listed page with no file (deployed with a warning, as the platform builds it) has no text to find.
    if (page.kind === 'page' && page.file === undefined && page.openapi === undefined) continue;
    const base = {
      pagePath: page.path,
      pageKind: page.kind,
      // A page the platform gives no title (an empty front matter `title:`) is found by its path.
      pageTitle: page.title ?? page.path,
      // Hidden from search too, unless a hidden group or tab above it is `searchable`.
      hidden: page.hidden && !searchable.has(page.path),
      trail: trailWithDefaults(page.trail, defaults.get(page.id)),
    };
    const key = keys.of(base, page);
    const before = key === undefined ? undefined : input.previous?.runs[key];
    // A page reading a file with an invalid character is made anew: its check reports it again, as a full deployment's would.
    if (before && !flagged.has(page.file) && !flagged.has(page.openapi?.file ?? page.asyncapi?.file)) {
      // Unchanged since the previous deployment (same place, same file, same spec): its sections are copied.
      if (!characters.failed) await batch.copy(before);
      continue;
    }
    let sections: StoredSection[];
    if (page.kind === 'endpoint' && page.openapi) {
      const spec = openapi.spec(page.openapi.file);
      const { description, sections: parts } = endpointSections(spec?.value, page.openapi.method, page.openapi.path);
      const pageDescription = page.description ?? description;
      sections = parts.map((part) => sectionOf(base, base.pageKind, base.pageTitle, pageDescription, part));
      if (spec) characters.check(page.openapi.file, spec.text, [pageDescription, ...textsOf(parts)], 'spec');
    } else if (page.kind === 'endpoint' && page.asyncapi) {
      // A channel page of an AsyncAPI spec: the channel's text, its messages and operations.
      const spec = openapi.spec(page.asyncapi.file);
      const { description, sections: parts } = channelSections(spec?.value, page.asyncapi.channel);
      const pageDescription = page.description ?? description;
      sections = parts.map((part) => sectionOf(base, base.pageKind, base.pageTitle, pageDescription, part));
      if (spec) characters.check(page.asyncapi.file, spec.text, [pageDescription, ...textsOf(parts)], 'spec');
    } else {
      const source = page.file ? textAt(page.file) : undefined;
      const text = source !== undefined ? pageText(source) : { sections: [] };
      // A page whose front matter names an operation (the resolver found it) holds that operation's text too.
      const spec = page.openapi ? openapi.spec(page.openapi.file) : undefined;
      const operation = spec && page.openapi ? { file: page.openapi.file, spec } : undefined;
      const endpoint = operation && page.openapi ? endpointSections(operation.spec.value, page.openapi.method, page.openapi.path) : undefined;
      const pageTitle = text.title || endpoint?.summary || page.title || page.path;
      const pageDescription = text.description ?? endpoint?.description ?? '';
      const parts = [...(endpoint?.sections ?? []), ...text.sections];
      const pageKind = endpoint ? ('endpoint' as const) : page.kind;
      sections =
        parts.length === 0
          ? [sectionOf(base, pageKind, pageTitle, pageDescription, EMPTY_SECTION)]
          : parts.map((part) => sectionOf(base, pageKind, pageTitle, pageDescription, part));
      if (source !== undefined && page.file) characters.check(page.file, source, [pageTitle, pageDescription, ...textsOf(text.sections)]);
      if (operation) characters.check(operation.file, operation.spec.text, [pageDescription, ...textsOf(endpoint!.sections)], 'spec');
    }
    // A text with an error stops the storing (the deployment fails); the rest is still checked.
    if (!characters.failed) await batch.add(storable(sections.map((section) => withLinkTargets(section, page.path))), key ?? null);
  }
  problems.push(...characters.problems);
  if (characters.failed) return output(batch.sent);
  await batch.flush();
  return output(batch.sent);
}

/** What a page with no text stores: one empty section (its title and description are still found). */
const EMPTY_SECTION: TextSection = { heading: null, anchor: null, depth: 0, body: '' };

/** What every section of a page shares. */
type PageBase = Pick<PageSection, 'pagePath' | 'pageKind' | 'pageTitle' | 'hidden' | 'trail'>;

/**
 * A section of a page, its fields named one by one: objects of one shape, quick to make and to
 * clone. Made with spreads (`{ ...base, ...part }`, then `{ ...section, position, pageKey }`),
 * the two copies of each of the 300,000 sections of a generated 100,000-page site took 4.6 s of
 * the analysis thread's CPU in a profile of its deployment (issue 61). Made as it is stored, its
 * position and page key given when it is batched (`SectionBatch.add`): one object, never a copy.
 */
function sectionOf(base: PageBase, pageKind: PageSection['pageKind'], pageTitle: string, pageDescription: string, part: TextSection): StoredSection {
  const section: StoredSection = {
    pagePath: base.pagePath,
    pageKind,
    pageTitle,
    pageDescription,
    hidden: base.hidden,
    trail: base.trail,
    heading: part.heading,
    anchor: part.anchor,
    depth: part.depth,
    body: part.body,
    position: 0,
    pageKey: null,
  };
  if (part.links) section.links = part.links;
  return section;
}

function textsOf(sections: readonly TextSection[]): string[] {
  // Stryker disable next-line LogicalOperator,StringLiteral: a heading is a line of the page's source (which is checked after these texts) or a fixed word of a spec's text
  return sections.flatMap((section) => [section.heading ?? '', section.body]);
}

/**
 * What a page's sections are made of, as a key: its place in the tree, the blobs of its file
 * and of its spec, the severities of the text checks. Undefined when a file it reads has no
 * known blob (never copied). A second page of the same key (the same page listed twice in one
 * place) gets a key of its own.
 */
class PageKeys {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly blobs: Record<string, string> | undefined,
    private readonly settings: unknown,
  ) {}

  of(base: Omit<PageSection, 'pageDescription' | 'heading' | 'anchor' | 'depth' | 'body'>, page: ResolvedPage): string | undefined {
    if (!this.blobs) return undefined;
    const blob = (file: string | undefined) => (file === undefined ? null : Object.hasOwn(this.blobs!, file) ? this.blobs![file] : undefined);
    const fileBlob = blob(page.file);
    const specBlob = blob(page.openapi?.file ?? page.asyncapi?.file);
    if (fileBlob === undefined || specBlob === undefined) return undefined;
    const made: unknown[] = [SECTIONS_VERSION, this.settings, base, page.file ?? null, fileBlob, page.description ?? null, page.openapi ?? null, specBlob];
    // A channel page's key names its channel too (added only then: the keys of every other page stay as they were).
    if (page.asyncapi) made.push(page.asyncapi);
    const key = createHash('sha256').update(JSON.stringify(made)).digest('base64url');
    const times = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, times);
    return times === 1 ? key : `${key}.${times}`;
  }
}

/**
 * Sections gathered and sent in batches, each at its position in the deployment; runs of the
 * previous deployment's sections to copy go with them. `sent` counts both.
 */
class SectionBatch {
  private sections: StoredSection[] = [];
  private copies: CopyRun[] = [];
  private chars = 0;
  private copiedRows = 0;
  sent = 0;
  copied = 0;
  reusedPages = 0;
  treeParts = 0;

  constructor(private readonly emit: (batch: SectionsBatch) => Promise<void>) {}

  /** The next part of the page tree, sent on its own (the batch before it is stored meanwhile). */
  async tree(data: string): Promise<void> {
    await this.emit({ sections: [], copies: [], tree: [{ part: this.treeParts++, data }] });
  }

  /** A page's sections (from `sectionOf`), at the next positions, with the page's key. */
  async add(sections: readonly StoredSection[], pageKey: string | null): Promise<void> {
    for (const section of sections) {
      section.position = this.sent++;
      section.pageKey = pageKey;
      this.sections.push(section);
      this.chars += section.body.length + section.pageTitle.length + section.pageDescription.length;
    }
    if (this.sections.length >= BATCH_SECTIONS || this.chars >= BATCH_CHARS) await this.flush();
  }

  /** The previous deployment's sections of an unchanged page, copied to the next positions (a run that continues the last one extends it). */
  async copy(run: { first: number; count: number }): Promise<void> {
    const last = this.copies.at(-1);
    if (last && last.from + last.count === run.first && last.to + last.count === this.sent) last.count += run.count;
    else this.copies.push({ from: run.first, to: this.sent, count: run.count });
    this.sent += run.count;
    this.copied += run.count;
    this.copiedRows += run.count;
    this.reusedPages++;
    if (this.copiedRows >= BATCH_COPIED) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.sections.length === 0 && this.copies.length === 0) return;
    const batch = { sections: this.sections, copies: this.copies };
    this.sections = [];
    this.copies = [];
    this.chars = 0;
    this.copiedRows = 0;
    await this.emit(batch);
  }
}

/**
 * `invalid-character` in the texts of pages and specs, located in their files (the library
 * reports it in docs.json); the project's config can change its severity or turn it off. A
 * page with one fails the deployment by default. A spec's `\u0000` escape is valid JSON that
 * the hosted platform accepts, so under the platform profile it is a warning. Texts are stored
 * without the characters (no database can store them), which the warning says.
 */
class CharacterCheck {
  readonly problems: Problem[] = [];
  private readonly seen = new Set<string>();
  readonly pageSeverity: SeveritySetting;
  readonly specSeverity: SeveritySetting;

  constructor(configured: SeveritySetting | undefined, profile: string | undefined) {
    this.pageSeverity = configured ?? 'error';
    this.specSeverity = configured ?? (profile === 'platform' ? 'warning' : 'error');
  }

  get failed(): boolean {
    return this.problems.some((problem) => problem.severity === 'error');
  }

  check(file: string, source: string, texts: readonly string[], kind: 'page' | 'spec' = 'page'): void {
    const severity = kind === 'spec' ? this.specSeverity : this.pageSeverity;
    if (severity === 'off' || this.seen.has(file) || this.problems.length >= MAX_TEXT_PROBLEMS) return;
    let found: { character: string } | undefined;
    for (const text of texts) if ((found = findInvalidCharacter(text))) break;
    found ??= findInvalidCharacter(source);
    if (!found) return;
    this.seen.add(file);
    const range = locateInvalidCharacter(source, found.character);
    const what = `${file} holds ${describeInvalidCharacter(found.character)} at line ${range.line}`;
    this.problems.push({
      code: 'invalid-character',
      severity,
      message:
        severity === 'error'
          ? `${what}, which no documentation site can store or show: remove the escape (or the pasted bytes) that made it.`
          : `${what}, which no documentation site can show: the assistant's copy of the text leaves it out; remove the escape (or the pasted bytes) that made it.`,
      file,
      pointer: '',
      ...range,
    });
  }
}

/**
 * A section's links with each target as a page path (`/guides/auth#setup`, `../auth`, `auth.mdx`
 * from `guides/intro` → `guides/auth`; `/` → `index`); a link to the page itself is left out.
 */
function withLinkTargets(section: StoredSection, pagePath: string): StoredSection {
  if (!section.links) return section;
  const links: NonNullable<PageSection['links']> = [];
  for (const link of section.links) {
    const joined = link.href.startsWith('/') ? link.href : path.posix.join(path.posix.dirname(`/${pagePath}`), link.href);
    const target =
      path.posix
        .normalize(joined)
        .replace(/^\/|\/$/g, '')
        .replace(/\.mdx?$/, '') || 'index';
    if (target !== pagePath) links.push({ href: target, text: link.text });
  }
  const { links: _links, ...rest } = section;
  return links.length > 0 ? { ...rest, links } : rest;
}

/** The sections without the characters no database stores (a warning said so, or the rule is off). */
function storable(sections: StoredSection[]): StoredSection[] {
  const clean = (text: string) => {
    for (let found = findInvalidCharacter(text); found; found = findInvalidCharacter(text)) text = text.split(found.character).join('');
    return text;
  };
  // Stryker disable next-line ArrayDeclaration: a string in place of a link has no href or text to hold an invalid character
  const links = (section: PageSection) => (section.links ?? []).flatMap((link) => [link.href, link.text]);
  return sections.map((section) =>
    [section.pageTitle, section.pageDescription, section.heading ?? '', section.body, ...links(section)].some((text) => findInvalidCharacter(text))
      ? {
          ...section,
          pageTitle: clean(section.pageTitle),
          pageDescription: clean(section.pageDescription),
          heading: section.heading && clean(section.heading),
          body: clean(section.body),
          ...(section.links ? { links: section.links.map((link) => ({ href: clean(link.href), text: clean(link.text) })) } : {}),
        }
      : section,
  );
}

/**
 * Group `root` pages that no `pages` list names: the site serves them (the group title opens
 * them), so their text is searchable too.
 */
function relativeTo(root: string, file: string): string {
  if (!path.isAbsolute(file)) return file.split(path.sep).join('/');
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? path.basename(file) : relative.split(path.sep).join('/');
}

/** A root-relative file's text, only if the reader gives it (a regular file inside the root, not too big). */
function textInside(read: FileReader, root: string, relative: string): string | undefined {
  const outcome = read(path.resolve(root, relative));
  return outcome.ok ? textOf(outcome.bytes) : undefined;
}

/**
 * The pages listed (or used as a group root) under a navigation element with `searchable: true`:
 * a hidden group's or tab's pages that stay in search. An explicit stack, no recursion.
 */
function searchablePages(text: string | undefined, file: string): Set<string> {
  const found = new Set<string>();
  // Stryker disable next-line ConditionalExpression: the docs file was read (its problems would have ended the analysis), and neither parser takes undefined
  if (text === undefined) return found;
  let document: unknown;
  try {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: aliases capped as by default (100); error positions are never shown
    document = /\.ya?ml$/i.test(file) ? parseYaml(text, { maxAliasCount: 100, prettyErrors: false }) : parseJsonc(text);
  } catch {
    // Not read (the library read it, so never here): no page is searchable.
  }
  const stack: Array<{ value: object; inside: boolean }> = [];
  const push = (value: unknown, inside: boolean) => {
    if (value !== null && typeof value === 'object') stack.push({ value, inside });
  };
  // Stryker disable next-line OptionalChaining: a docs file the library resolved is an object
  push((document as { navigation?: unknown } | null)?.navigation, false);
  // A page entry's path as the platform makes it (`/a`, `a/`, `a//b` are `a` and `a/b`; an extension or a space stays: the platform looks for `a.md.mdx`).
  const tidy = (page: string) => platformPagePath(page).key;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,UpdateOperator: a navigation of over a million objects and arrays (a docs file of several MB) to tell
  for (let steps = 0; stack.length > 0 && steps < 1_000_000; steps++) {
    const { value, inside } = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') {
          if (inside) found.add(tidy(item));
        } else push(item, inside);
      }
    } else {
      const record = value as Record<string, unknown>;
      const here = inside || record.searchable === true;
      if (here && typeof record.root === 'string') found.add(tidy(record.root));
      for (const [key, child] of Object.entries(record)) if (key !== 'global') push(child, here);
    }
  }
  return found;
}
