/**
 * What the page tree takes from page files: each page's front matter read and checked once
 * (page-files.ts finds the file, src/pages/front-matter.ts parses the block), what it gives a page
 * (title, sidebar title, icon, tag, description), and the platform's rule for a page file at a
 * generated page's path.
 */
import path from 'node:path';
import type { ValidationCache } from '../cache/memory.js';
import type { Code } from '../codes.js';
import { textOf, type FileReader } from '../files.js';
import type { KeptPages } from '../pages/kept.js';
import type { Finding } from '../problem.js';
import { pageFileIn, type DocsFiles } from '../docs-root.js';
import { stringField } from '../pages/front-matter.js';
import { iconOf } from './nav.js';
import type { Operation } from './operations.js';
import { findPageFile, readPageFile, type PageFile } from './page-files.js';
import { ignoredTest, readAsPage, whyNotAPage } from '../platform-ignores.js';
import { importsOf, mayImport } from './unlisted-pages.js';
import { PageChannels, type FrontMatterChannel } from './page-channels.js';
import { PageOperations, SPEC_FILE } from './page-operations.js';
import type { SpecLoader } from './specs.js';
import type { PageTree, ResolvedPage } from './types.js';

/** What the tree keeps of a page file. */
export interface PageFrontMatter {
  file: string;
  /** Its front matter, when it has a block the platform can read. */
  data?: Record<string, unknown>;
  /** The operation its `openapi` names, when found. */
  operation?: { operation: Operation; file: string };
  /** What the AsyncAPI channel its `asyncapi` names gives it (page-channels.ts), when it names one. */
  channel?: FrontMatterChannel;
}

/** Reports a finding in a page file (it has a `span`); `file` is root-relative. */
export type ReportInPage = (file: string, text: string, kind: 'page', finding: Finding) => void;

export interface PageFrontMatterOptions {
  /** The docs root's files; undefined: no page file is found. */
  files?: DocsFiles;
  /** Reads page files; undefined: their front matter is not read. */
  reader?: FileReader;
  absoluteRoot: string;
  cache?: ValidationCache;
  /** Front matter kept between runs, for pages unchanged on disk: only when `reader` reads the disk as it is (no editor's texts, no caller's `readFile`). */
  keptPages?: KeptPages;
  /** Looks up the operation a page's `openapi` names; undefined: not looked up. */
  loader?: SpecLoader;
  reportIn?: ReportInPage;
  /** The platform profile: an empty front matter `title:` is the page's title (null), as on the platform. */
  keepsEmptyTitles?: boolean;
}

export class PageFrontMatterReader {
  /** Each page file's front matter and what it names, read and checked once. */
  private readonly pageFiles = new Map<string, PageFrontMatter>();
  private readonly pageOperations: PageOperations | undefined;
  private readonly pageChannels: PageChannels | undefined;
  private readonly files: DocsFiles | undefined;
  private readonly reader: FileReader | undefined;
  private readonly absoluteRoot: string;
  private readonly cache: ValidationCache | undefined;
  private readonly keptPages: KeptPages | undefined;
  private readonly reportIn: ReportInPage | undefined;
  /** The platform profile: an empty `title:` gives the page no title (null), as the platform does. */
  readonly keepsEmptyTitles: boolean;
  /** Page files found, by page path (undefined: none), kept in the cache while no file changes. */
  private readonly found: Map<string, PageFile | undefined> | undefined;
  /** Page files no entry lists, by file, kept the same way. */
  private readonly unlistedFound: Map<string, PageFile> | undefined;

  constructor(options: PageFrontMatterOptions) {
    this.files = options.files;
    this.reader = options.reader;
    this.absoluteRoot = options.absoluteRoot;
    this.cache = options.cache;
    this.keptPages = options.keptPages;
    this.reportIn = options.reportIn;
    this.keepsEmptyTitles = options.keepsEmptyTitles ?? false;
    const keptLookups = options.keptPages ? { kept: options.keptPages, absoluteRoot: options.absoluteRoot } : undefined;
    this.pageOperations = options.loader ? new PageOperations(options.loader, options.files, keptLookups) : undefined;
    this.pageChannels = options.loader ? new PageChannels(options.loader, options.files) : undefined;
    // An editor's keystroke in docs.json finds 23,000 page files again: they are the last check's while no file changed.
    // Only through the cache's own reader: a caller's `readFile` may answer differently without telling the cache.
    this.found = this.memo('page-files');
    this.unlistedFound = this.memo('unlisted-page-files');
  }

  /** A map kept in the cache while no file changes, for this listing: only through the cache's own reader. */
  private memo<T>(key: string): Map<string, T> | undefined {
    const { cache, files, reader } = this;
    // No reader is the cache's own reader (which is never undefined).
    if (!cache || !files || reader !== cache.readerFor(this.absoluteRoot)) return undefined;
    const byListing = cache.untilChange(key, () => new WeakMap<DocsFiles, Map<string, T>>());
    let found = byListing.get(files);
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: the memo only saves time: the cache's reader keeps each file's bytes and their front matter until a file changes, so the files found again are the same.
    if (!found) byListing.set(files, (found = new Map<string, T>()));
    return found;
  }

  /**
   * A page path's file and front matter, read and checked once: YAML the platform cannot read
   * (`front-matter-invalid`: its build fails; the page is read without it), an `openapi` or `asyncapi`
   * that is not a string (the platform's build fails), and the operation an `openapi` reference names
   * (`openapi-not-found`, `endpoint-not-found`, as for a navigation entry, but warnings: the
   * platform builds the page, with no API reference on it).
   */
  read(pagePath: string): PageFrontMatter | undefined {
    const known = this.pageFiles.get(pagePath);
    if (known !== undefined) return known;
    const found = this.find(pagePath);
    let result: PageFrontMatter | undefined;
    if (found) {
      result = { file: found.file };
      const twin = `${pagePath}.md`;
      if (found.file.endsWith('.mdx') && this.files!.hasFile(twin) && whyNotAPage(twin, ignoredTest(undefined)) === undefined) {
        this.sayInPage(found, {
          code: 'slug-collision',
          severity: 'warning',
          message: `"${twin}" and "${found.file}" are both the page "${pagePath}": the platform's build reads the two in parallel and keeps whichever it finishes last, so the page's content and title are one or the other from one deployment to the next (docsnav reads "${found.file}"). Remove or rename one.`,
        });
      }
      const front = found.frontMatter;
      if (front && !front.ok) {
        this.sayInPage(found, brokenYaml(found.file, front, true));
      } else if (front?.ok) {
        result.data = front.data;
        if (emptyTitle(front.data)) {
          this.sayInPage(found, {
            code: 'front-matter-invalid',
            severity: 'warning',
            key: 'title',
            message: `\`title\` is empty in the front matter of "${found.file}": the platform gives the page no title (${front.data.title === null ? 'null' : 'an empty one'}), not one made from its file name, so its sidebar entry and browser tab have none. Write a title, or remove the key to have one made from the file name.`,
          });
        }
        for (const notString of referencesNotString(found.file, front.data, true)) this.sayInPage(found, notString);
        result.operation = this.operationOf(found, front.data);
        const asyncapi = front.data.asyncapi;
        if (typeof asyncapi === 'string' && asyncapi !== '' && this.pageChannels) result.channel = this.pageChannels.find(asyncapi);
      }
    }
    if (result) this.pageFiles.set(pagePath, result);
    return result;
  }

  /**
   * The front matter of every page file the platform's build reads that no entry listed (`read`
   * read the listed ones, and said what is wrong in them): the build parses every page file of the
   * docs root (src/resolve/unlisted-pages.ts), and fails on front matter it cannot parse or an
   * `openapi` or `asyncapi` that is not a string in any of them. `ignored`: what the platform leaves out (its
   * defaults and `.mintignore`). Each file is read once, as a listed page is (kept in the cache
   * and the page scan store while unchanged); a file another one imports is a snippet, whose front
   * matter the build does not parse: the imports are read only when some unlisted page is broken.
   * `only`: these files alone (an editor's page, checked again), each when it is such a page.
   */
  checkUnlisted(ignored: (file: string) => boolean, only?: readonly string[]): void {
    // Asked only when the tree reads pages: with a listing and a reader (TreeBuilder's `readsPages`).
    const files = this.files!;
    const reader = this.reader!;
    if (!files.list) return;
    const listed = new Set<string>();
    for (const page of this.pageFiles.values()) listed.add(page.file);
    const broken: { found: PageFile; what: FrontMatterFault }[] = [];
    for (const file of only ?? files.list()) {
      if (!readAsPage(file) || listed.has(file) || ignored(file)) continue;
      let found = this.unlistedFound?.get(file);
      if (!found) {
        found = readPageFile(file, reader, this.absoluteRoot, this.cache, this.keptPages);
        this.unlistedFound?.set(file, found);
      }
      const front = found.frontMatter;
      const faults = front && !front.ok ? [brokenYaml(file, front, false)] : front?.ok ? referencesNotString(file, front.data, false) : [];
      for (const what of faults) broken.push({ found, what });
    }
    if (broken.length === 0) return;
    const imported = new Set<string>();
    for (const file of files.list()) {
      if (!mayImport(file) || ignored(file)) continue;
      const outcome = reader(path.join(this.absoluteRoot, file));
      if (outcome.ok) for (const target of importsOf(file, textOf(outcome.bytes))) imported.add(target);
    }
    for (const { found, what } of broken) if (!imported.has(found.file.toLowerCase())) this.sayInPage(found, what);
  }

  /** A page's file and front matter: found again only when a file changed since an editor's last check. */
  private find(pagePath: string): PageFile | undefined {
    if (!this.files) return undefined;
    if (this.found?.has(pagePath)) return this.found.get(pagePath);
    // No file, nothing to read: a lookup in the listing is all a missing page costs.
    const found =
      pageFileIn(this.files, pagePath) === undefined
        ? undefined
        : findPageFile(this.files, this.reader, this.absoluteRoot, pagePath, this.cache, this.keptPages);
    this.found?.set(pagePath, found);
    return found;
  }

  /**
   * What the platform does with a page file at a generated page's path: the file replaces the
   * generated page (both entries show it, at the one URL), keeping the generated title,
   * description and sidebar title where the file's front matter has none. An ordinary page at
   * that path with no title of its own takes the generated one too.
   */
  overGeneratedPages(tree: PageTree): void {
    if (!this.files) return;
    const generated = new Map<string, ResolvedPage>();
    for (const page of tree.pages) if (page.kind === 'endpoint') generated.set(page.path, page);
    if (generated.size === 0) return;
    for (const page of tree.pages) {
      const endpoint = generated.get(page.path);
      if (!endpoint) continue;
      if (page.kind === 'page') {
        if (page.file && !this.pageFiles.get(page.path)?.data?.title) {
          page.title = endpoint.title;
        }
        continue;
      }
      const found = this.read(page.path);
      if (!found) continue;
      page.file = found.file;
      // The file's front matter over the generated values, as on an ordinary page.
      if (found.data) applyFrontMatter(page, found.data, this.keepsEmptyTitles);
    }
  }

  /** The operation a page's `openapi` front matter names, saying in the page why there is none. */
  private operationOf(found: PageFile, data: Record<string, unknown>): PageFrontMatter['operation'] {
    const value = data.openapi;
    if (typeof value !== 'string' || value.trim() === '' || !this.pageOperations) return undefined;
    const lookup = this.pageOperations.find(value, found.file);
    if (lookup.kind === 'found') {
      const unused = webhookUnused(found.file, value, lookup.operation, data);
      if (unused) this.sayInPage(found, unused);
      return { operation: lookup.operation, file: lookup.file };
    }
    if (lookup.kind === 'unknown') return undefined;
    if (lookup.kind === 'malformed') {
      this.sayInPage(found, {
        code: 'endpoint-not-found',
        message: `\`openapi: "${value}"\` in "${found.file}" is not an endpoint ("METHOD /path", "specfile METHOD /path" or "webhook name"), so the page shows no API reference.`,
        key: 'openapi',
        severity: 'warning',
      });
    } else if (lookup.kind === 'spec-not-found') {
      this.sayInPage(found, {
        code: 'openapi-not-found',
        // The platform's two ways of naming a spec (page-operations.ts): a name written otherwise (\`specs/api.json\`) finds none, though the file is there.
        message: `\`openapi: "${value}"\` in "${found.file}" names "${lookup.spec}", which matches no OpenAPI file under the docs root: the platform finds a named spec by its path from the root with a leading slash ("/${lookup.spec.replace(/^\/+/, '')}") or by its file name without the extension ("${path.posix.parse(lookup.spec).name}").`,
        key: 'openapi',
        severity: 'warning',
      });
    } else if (lookup.kind === 'shadowed') {
      this.sayInPage(found, {
        code: 'endpoint-not-found',
        message: `\`openapi: "${value}"\` in "${found.file}": the platform looks the operation up in the last OpenAPI file of the docs root (in its order: each folder's names sorted, depth first) whose paths have its path, "${lookup.file}", which lacks that method; so the page shows no API reference and takes its title from its file name. "${lookup.holder}" defines it: name it, \`openapi: "/${lookup.holder} ${value.trim().split(/\s+/).slice(-2).join(' ')}"\`.`,
        key: 'openapi',
        severity: 'warning',
      });
    } else {
      const where =
        lookup.searched.length === 0
          ? 'the docs root has no OpenAPI file'
          : `no OpenAPI file of the docs root defines it (looked in ${lookup.searched.slice(0, 3).join(', ')}${lookup.searched.length > 3 ? `, and ${lookup.searched.length - 3} more` : ''})`;
      // A spec written `API.YAML` is no spec to the platform's walk (page-operations.ts): the likeliest cause, said.
      const cased = (this.files?.list?.() ?? []).filter((file) => /\.(json|ya?ml)$/i.test(file) && !SPEC_FILE.test(file));
      const hint =
        cased.length === 0
          ? ''
          : ` The platform reads only files ending in ".json", ".yaml" or ".yml" (lower case) for specs, so it does not look in ${cased
              .slice(0, 3)
              .map((file) => `"${file}"`)
              .join(
                ', ',
              )}${cased.length > 3 ? `, and ${cased.length - 3} more` : ''}: rename ${cased.length === 1 ? 'it' : 'them'} with a lower-case extension.`;
      this.sayInPage(found, {
        code: 'endpoint-not-found',
        message: `\`openapi: "${value}"\` in "${found.file}": ${where}, so the page shows no API reference.${hint}`,
        key: 'openapi',
        severity: 'warning',
      });
    }
    return undefined;
  }

  /** A finding in a page file, at a front-matter key's line (or a given line), else its first line. */
  private sayInPage(found: PageFile, what: FrontMatterFault): void {
    const text = found.text ?? '';
    const span = spanInPage(text, what.key, what.line);
    const finding: Finding = { code: what.code, message: what.message, pointer: '', span };
    if (what.severity) finding.severity = what.severity;
    if (what.suggest !== undefined) finding.suggest = what.suggest;
    if (this.reportIn && found.text !== undefined) this.reportIn(found.file, text, 'page', finding);
  }
}

/** What `sayInPage` says of a page's front matter. */
interface FrontMatterFault {
  code: Code;
  message: string;
  key?: string;
  line?: number;
  severity?: Finding['severity'];
  suggest?: string;
}

/** Why the platform's build fails on a page listed or not (`listed`: an entry lists it). */
function buildFails(listed: boolean): string {
  return listed
    ? "The platform's build fails on it"
    : "No navigation entry lists this page, but the platform's build reads every page file of the docs root and fails on it";
}

/** What to do about an unlisted page the build fails on: fix it, or leave it out of the build. */
function unlistedFix(listed: boolean): string {
  return listed ? '' : ' Fix it, or, if the file is not meant to be a page, leave it out with a line in `.mintignore`.';
}

/** Front matter that is not YAML the platform loads. */
function brokenYaml(file: string, front: { message: string; line?: number }, listed: boolean): FrontMatterFault {
  return {
    code: 'front-matter-invalid',
    message: `The front matter of "${file}" is not valid YAML${front.line === undefined ? '' : ` (line ${front.line})`}: ${front.message}. ${buildFails(listed)} ("There is a syntax error in your frontmatter").${unlistedFix(listed)}`,
    line: front.line,
  };
}

/** The front matter keys the platform reads as one reference string, and what each must name. */
const REFERENCES = [
  ['openapi', 'one endpoint as a string, such as "GET /users"'],
  ['asyncapi', 'one channel as a string, such as "chat" or "events chat"'],
] as const;

/**
 * An `openapi` or `asyncapi` the platform's build fails on ("str.trim is not a function", in
 * @mintlify/common's parseOpenApiString and parseAsyncApiString): one that is set (not empty, zero
 * or false: the build skips those) and not a string, such as a list of endpoints or a
 * `{source, directory}` object as docs.json takes.
 */
function referencesNotString(file: string, data: Record<string, unknown>, listed: boolean): FrontMatterFault[] {
  const faults: FrontMatterFault[] = [];
  for (const [key, what] of REFERENCES) {
    const value = data[key];
    if (!value || typeof value === 'string') continue;
    faults.push({
      code: 'front-matter-invalid',
      message: `\`${key}\` in the front matter of "${file}" is ${Array.isArray(value) ? 'a list' : `a ${typeof value}`}; it must be ${what}. ${buildFails(listed)}.${unlistedFix(listed)}`,
      key,
    });
  }
  return faults;
}

/**
 * What a page loses of the webhook its `openapi` names: the platform titles and describes a page
 * from the operation it names (@mintlify/common's getOpenApiTitleAndDescription), which it looks
 * for among the spec's `paths` only, by the name as a path; a webhook is never found there, so the
 * page takes its file name's title and no description. Said when the webhook has a summary or a
 * description the front matter does not replace (an `asyncapi` channel titles the page instead).
 */
function webhookUnused(file: string, value: string, operation: Operation, data: Record<string, unknown>): FrontMatterFault | undefined {
  if (operation.method !== 'webhook' || (typeof data.asyncapi === 'string' && data.asyncapi !== '')) return undefined;
  const title = !Object.hasOwn(data, 'title') && operation.summary ? operation.summary : undefined;
  const description = !Object.hasOwn(data, 'description') && operation.description ? operation.description : undefined;
  if (title === undefined && description === undefined) return undefined;
  const lost = [title !== undefined && `its summary "${title}" as the title`, description !== undefined && 'its description'].filter(Boolean).join(' or ');
  const write = [title !== undefined && 'the title', description !== undefined && 'a description'].filter(Boolean).join(' and ');
  return {
    code: 'front-matter-invalid',
    severity: 'warning',
    key: 'openapi',
    message: `\`openapi: "${value}"\` in "${file}" names a webhook: the platform looks a page's operation up among the spec's paths only, so it does not give the page ${lost} (its title comes from the file name). Write ${write} in the front matter.`,
    ...(title !== undefined && { suggest: `title: ${JSON.stringify(title)}` }),
  };
}

/** A front matter `title:` left empty (null in YAML) or blank: the platform's page has that, not a title made from the path. */
function emptyTitle(data: Record<string, unknown>): boolean {
  return Object.hasOwn(data, 'title') && (data.title === null || (typeof data.title === 'string' && data.title.trim() === ''));
}

/**
 * What a page's front matter gives the tree: its title, sidebar title, icon, tag and description.
 * `keepEmptyTitle` (the platform profile): an empty `title:` gives the page the platform's null (or `""`).
 */
export function applyFrontMatter(page: ResolvedPage, data: Record<string, unknown>, keepEmptyTitle = false): void {
  const title = stringField(data, 'title');
  if (title !== undefined) page.title = title;
  else if (keepEmptyTitle && emptyTitle(data)) page.title = typeof data.title === 'string' ? data.title : null;
  const sidebarTitle = stringField(data, 'sidebarTitle');
  if (sidebarTitle !== undefined) page.sidebarTitle = sidebarTitle;
  const icon = iconOf(data.icon);
  if (icon !== undefined) page.icon = icon;
  const tag = stringField(data, 'tag');
  if (tag !== undefined) page.tag = tag;
  const description = stringField(data, 'description');
  if (description !== undefined) page.description = description;
}

/** Where in a page a front-matter problem is: the line of `key:` in the block, a given line, else line 1. */
function spanInPage(text: string, key: string | undefined, line: number | undefined): readonly [number, number] {
  if (key !== undefined) {
    const match = new RegExp(`^${key}[ \\t]*:.*$`, 'm').exec(text);
    if (match) return [match.index, match.index + match[0].length];
  }
  let start = 0;
  for (let n = 1; line !== undefined && n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next < 0) break;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end < 0 ? text.length : end];
}
