import type { PageTree } from '../resolve/types.js';
import { Suggester } from '../suggest.js';
import { isSnippetFile } from '../platform-ignores.js';

/** A page the site serves. */
export interface SitePage {
  /** Its URL path without the leading `/` (`quickstart`, `api/users/get`). */
  path: string;
  /** Its page file (root-relative), when it has one (generated endpoint pages have none). */
  file?: string;
  /** Listed in the navigation; otherwise a page file the platform serves without listing it (a hidden page). */
  listed: boolean;
  /** Generated from an OpenAPI operation. */
  endpoint: boolean;
}

/**
 * What a site serves, built once from its page tree and its docs root: the URLs links and
 * redirects are checked against. The platform serves every page file it does not ignore, listed
 * or not (`snippets/` holds parts of pages, not pages), a folder's `index` page at the folder's
 * own URL too, and every other file of the root at its path.
 */
export interface Site {
  readonly pages: ReadonlyMap<string, SitePage>;
  /** The page served at a URL path (no leading `/`; `.mdx`/`.md` and a folder's `index` allowed), or undefined. */
  pageAt(urlPath: string): SitePage | undefined;
  /** True when a file that is not a page (an image, a download) is served at this root-relative path. */
  hasFile(urlPath: string): boolean;
  /** Every page file and snippet file (root-relative, sorted): the files whose links are checked. */
  readonly contentFiles: readonly string[];
  /** True when a URL path is a folder holding served pages (the platform's own checker accepts links to one). */
  isFolder(urlPath: string): boolean;
  /** The listed page nearest by spelling to a URL path no page has, for "did you mean". */
  closest(urlPath: string): string | undefined;
  /** For a folder that holds only pages generated from a spec (nothing is served at its path): its first such page. */
  firstGeneratedUnder(urlPath: string): string | undefined;
}

/** What the site needs of the docs root's files (a DocsFiles answers it). */
interface SiteFiles {
  hasFile(relativePath: string): boolean;
  list?(): readonly string[];
}

/** Builds the site from its page tree, the docs root's files (when known) and what the platform ignores. */
export function buildSite(
  tree: PageTree,
  files: SiteFiles | undefined,
  ignored: (relativePath: string) => boolean,
  /** Listed page paths the tree does not hold (validation keeps only what it must). */
  alsoListed: Iterable<string> = [],
): Site {
  const pages = new Map<string, SitePage>();
  for (const page of tree.pages) {
    if (pages.has(page.path)) continue;
    const entry: SitePage = { path: page.path, listed: true, endpoint: page.kind === 'endpoint' };
    if (page.file !== undefined) entry.file = page.file;
    pages.set(page.path, entry);
  }
  for (const pagePath of alsoListed) if (!pages.has(pagePath)) pages.set(pagePath, { path: pagePath, listed: true, endpoint: false });
  const listed = [...pages.keys()];
  const contentFiles: string[] = [];
  const folders = new Set<string>();
  // A folder is added with every folder above it: the first one already there ends the climb.
  const addFolders = (file: string): void => {
    for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) {
      const folder = file.slice(0, at);
      // Stryker disable next-line ConditionalExpression: climbing on adds only folders already there (a cost, not a difference).
      if (folders.has(folder)) return;
      folders.add(folder);
    }
  };
  // Folders of pages that have files: a folder holding only pages generated from a spec is nothing
  // the platform serves, and its broken-links check reports a link to one (issue 42).
  for (const page of pages.values()) if (!page.endpoint) addFolders(page.path);
  // Stryker disable next-line ArrayDeclaration: without a listing there is no file; a made-up name is no page file either.
  for (const file of files?.list?.() ?? []) {
    if (!/\.mdx?$/i.test(file) || ignored(file)) continue;
    contentFiles.push(file);
    // Snippets (snippets/ or _snippets/ at the root, any case) are parts of pages, not pages.
    if (isSnippetFile(file)) continue;
    addFolders(file);
    const urlPath = file.replace(/\.mdx?$/i, '');
    const known = pages.get(urlPath);
    if (!known) pages.set(urlPath, { path: urlPath, file, listed: false, endpoint: false });
    // A page with several files is its `.mdx`, else its `.md` (case-sensitively, as the platform and
    // `DocsFiles.pageFileOf` find it), else the first listed (`x.MDX`), whichever the listing gives first.
    else if (!known.endpoint && (known.file === undefined || fileRank(file, urlPath) < fileRank(known.file, urlPath))) known.file = file;
  }
  let generatedFolders: Map<string, string> | undefined;
  let suggester: Suggester | undefined;
  const pageAt = (urlPath: string): SitePage | undefined => {
    const bare = urlPath.replace(/\.mdx?$/i, '');
    return pages.get(bare) ?? pages.get(bare === '' ? 'index' : `${bare}/index`);
  };
  contentFiles.sort();
  return {
    pages,
    contentFiles,
    isFolder: (urlPath) => folders.has(urlPath),
    pageAt,
    hasFile: (urlPath) => files !== undefined && files.hasFile(urlPath) && !ignored(urlPath),
    firstGeneratedUnder: (urlPath) => (generatedFolders ??= generatedOnlyFolders(pages, folders)).get(urlPath),
    closest(urlPath) {
      suggester ??= new Suggester(listed.length > 0 ? listed : [...pages.keys()], (name) => name.toLowerCase());
      return suggester.suggest(urlPath)[0];
    },
  };
}

/** How a page's file is chosen among several: `<page>.mdx` (0), then `<page>.md` (1), then any other (`.MDX`, `.Md`: 2). */
function fileRank(file: string, page: string): number {
  if (file === `${page}.mdx`) return 0;
  return file === `${page}.md` ? 1 : 2;
}

/** Each folder that holds generated pages and no page file, with its first generated page (asked only when a link misses). */
function generatedOnlyFolders(pages: ReadonlyMap<string, SitePage>, folders: ReadonlySet<string>): Map<string, string> {
  const generated = new Map<string, string>();
  for (const page of pages.values()) {
    // Stryker disable next-line ConditionalExpression: every folder of a page that is not generated is in `folders` already, so it adds nothing.
    if (!page.endpoint) continue;
    for (let at = page.path.lastIndexOf('/'); at > 0; at = page.path.lastIndexOf('/', at - 1)) {
      const folder = page.path.slice(0, at);
      if (!folders.has(folder) && !generated.has(folder)) generated.set(folder, page.path);
    }
  }
  return generated;
}
