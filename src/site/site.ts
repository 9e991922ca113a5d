import type { PageTree } from '../resolve/types.js';
import { Suggester } from '../suggest.js';

/** A page the site serves. */
interface SitePage {
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
  /** The listed page nearest by spelling to a URL path no page has, for "did you mean". */
  closest(urlPath: string): string | undefined;
}

/** What the site needs of the docs root's files (a DocsFiles answers it). */
interface SiteFiles {
  hasFile(relativePath: string): boolean;
  list?(): readonly string[];
}

/** Builds the site from its page tree, the docs root's files (when known) and what the platform ignores. */
export function buildSite(tree: PageTree, files: SiteFiles | undefined, ignored: (relativePath: string) => boolean = () => false): Site {
  const pages = new Map<string, SitePage>();
  for (const page of tree.pages) {
    if (pages.has(page.path)) continue;
    const entry: SitePage = { path: page.path, listed: true, endpoint: page.kind === 'endpoint' };
    if (page.file !== undefined) entry.file = page.file;
    pages.set(page.path, entry);
  }
  const listed = [...pages.keys()];
  for (const file of files?.list?.() ?? []) {
    if (!/\.mdx?$/i.test(file) || file.startsWith('snippets/') || ignored(file)) continue;
    const urlPath = file.replace(/\.mdx?$/i, '');
    const known = pages.get(urlPath);
    if (!known) pages.set(urlPath, { path: urlPath, file, listed: false, endpoint: false });
    else if (known.file === undefined && !known.endpoint) known.file = file;
  }
  let suggester: Suggester | undefined;
  const pageAt = (urlPath: string): SitePage | undefined => {
    const bare = urlPath.replace(/\.mdx?$/i, '');
    return pages.get(bare) ?? pages.get(bare === '' ? 'index' : `${bare}/index`);
  };
  return {
    pages,
    pageAt,
    hasFile: (urlPath) => files !== undefined && files.hasFile(urlPath) && !ignored(urlPath),
    closest(urlPath) {
      suggester ??= new Suggester(listed.length > 0 ? listed : [...pages.keys()], (name) => name.toLowerCase());
      return suggester.suggest(urlPath)[0];
    },
  };
}
