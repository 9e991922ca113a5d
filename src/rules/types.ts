import type { Code } from '../codes.js';
import type { Profile } from '../config/profiles.js';
import type { Finding } from '../problem.js';
import type { MessageTable } from '../messages.js';
import type { NavigationVisitor } from '../navigation/walk.js';
import type { RedirectTable } from '../redirects/table.js';
import type { PageBodies, PageBody } from '../site/pages.js';
import type { SiteBase } from '../site/base.js';
import type { NavigationLink, ResolvedPageLink } from '../site/links.js';
import { readAsPage } from '../site/ignored.js';
import type { Site } from '../site/site.js';

/** The docs root as the rules see it: lookups only, no paths to read. */
export interface DocsFiles {
  /** The root folder, as shown in messages. */
  readonly root: string;
  /** True when a file exists at this path, relative to the root with `/` separators. */
  hasFile(relativePath: string): boolean;
  /**
   * A page's file: `<page>.mdx` when it exists, else `<page>.md`, else undefined; only files the
   * platform's build reads as pages (not `changelog.md`, `snippets/x.mdx`, what .mintignore leaves
   * out). Optional (then `hasFile` is asked twice); a listing answers it with one lookup, which
   * 50,000 pages notice.
   */
  pageFileOf?(page: string): string | undefined;
  /** The file names in a folder relative to the root (`""` for the root), for suggestions. */
  filesIn(relativeFolder: string): readonly string[];
  /**
   * What is at a path that is not a regular file under the root: a folder, something that
   * is not a regular file (FIFO, socket, device), or a symlink leading outside the root.
   * Optional for in-memory roots (then only `hasFile` and `filesIn` are asked).
   */
  kindOf?(relativePath: string): FileKind | undefined;
  /** False when no symlink under the root leads outside it (then no path needs `kindOf` for that). */
  hasLinksOutside?(): boolean;
  /**
   * Every regular file under the root (root-relative, `/` separators). Optional: without it,
   * front-matter `openapi` references are not looked up (nor reported), since the platform
   * looks them up in every OpenAPI file of the root.
   */
  list?(): readonly string[];
  /**
   * A digest of the whole listing (every folder's names, and what is not a regular file): equal
   * digests, the same listing. Optional; a docs root on disk gives one (a run replayed from the
   * page scan store is one whose listing has not changed).
   */
  fingerprint?(): string;
}

/**
 * A page's file (`<page>.mdx`, else `<page>.md`) as `files` says, or undefined: only a file the
 * platform's build reads as a page (`readAsPage`; a root on disk also leaves out what the platform
 * ignores, `DocsFiles.pageFileOf`).
 */
export function pageFileIn(files: DocsFiles, page: string): string | undefined {
  if (files.pageFileOf) return files.pageFileOf(page);
  const found = [`${page}.mdx`, `${page}.md`].find((file) => files.hasFile(file));
  return found !== undefined && readAsPage(found) ? found : undefined;
}

/** What a path under the root is: only `file` is ever read. */
export type FileKind = 'file' | 'folder' | 'outside-root' | 'a FIFO' | 'a socket' | 'a device' | 'not a regular file';

/** The kind of a root-relative path, asking `kindOf` when the root answers it. */
export function kindIn(files: DocsFiles, relativePath: string): FileKind | undefined {
  if (files.hasFile(relativePath)) return 'file';
  if (files.kindOf) return files.kindOf(relativePath);
  return files.filesIn(relativePath).length > 0 ? 'folder' : undefined;
}

export interface RuleContext {
  report(finding: Omit<Finding, 'code'>): void;
  /** Language codes accepted besides the profile's. */
  readonly languageCodes: ReadonlySet<string>;
  /** The contract checked against: what the hosted platform accepts (default) or the spec. */
  readonly profile: Profile;
  /** Present only when a docs root is known (the CLI: the file's folder; the API: `root`). */
  readonly files: DocsFiles | undefined;
}

/** A semantic rule: a small pure visitor over the walked navigation. */
export interface NavigationRule {
  code: Code;
  create(context: RuleContext): NavigationVisitor;
}

/** What a site rule sees: the site the page tree makes, its redirects, and where to report. */
interface SiteRuleContext {
  /** A finding in docs.json: its pointer is into the whole document (`$ref`s followed). */
  readonly report: (finding: Omit<Finding, 'code'>) => void;
  /** The docs.json value (`$ref`s resolved). */
  readonly document: unknown;
  /** The pages and files the site serves. */
  readonly site: Site;
  /** docs.json's `redirects`, compiled once. */
  readonly redirects: RedirectTable;
  /** The bodies of the site's page and snippet files, read and scanned before the rules run. */
  readonly pages: PageBodies;
  /** A page's links, each with where it leads on the site (undefined: an external link); resolved once per run. */
  readonly linksOf: (page: PageBody) => readonly ResolvedPageLink[];
  /** The navigation's internal hrefs, each with where it leads; resolved once per run. */
  readonly navigationLinks: () => readonly NavigationLink[];
  /** A finding in a page's body, at `span` (offsets into its text). */
  readonly reportInPage: (page: PageBody, finding: Omit<Finding, 'code' | 'pointer'> & { span: readonly [number, number] }) => void;
  readonly profile: Profile;
  /** The site at a git ref to compare with (`validate --since`), when one was given. */
  readonly base: SiteBase | undefined;
}

/** A rule over the whole site, run once after the page tree is built (links, redirects). */
/** What a site rule reads: page bodies, the navigation's internal hrefs, docs.json's redirects, the site at a git ref (`since`). */
export type SiteInput = 'pages' | 'navigation-links' | 'redirects' | 'base';

export interface SiteRule {
  code: Code;
  /** Every sentence it reports, by id (src/rules/messages.ts); tests assert the ids. */
  messages: MessageTable;
  /** Reads page bodies (`context.pages`): the pages are read and scanned before it runs. */
  readsPages?: true;
  /**
   * What of a site it reads besides its pages and files: it runs only when the site has one of
   * them, and a site no enabled rule reads is not built at all (a navigation-only run).
   */
  reads: readonly SiteInput[];
  checkSite(context: SiteRuleContext): void;
}

/** Every rule is one or the other; the registry holds both. */
export type Rule = NavigationRule | SiteRule;

/** True for a rule that visits the navigation (false: a site rule). */
export function isNavigationRule(rule: Rule): rule is NavigationRule {
  return 'create' in rule;
}
