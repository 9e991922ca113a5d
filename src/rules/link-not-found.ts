import type { Finding } from '../problem.js';
import type { PageLink } from '../pages/scan.js';
import { movedPages } from '../site/base.js';
import type { Site } from '../site/site.js';
import { message } from '../messages.js';
import type { SiteRule } from '../site/rule.js';

/** A fix made where the finding is. */
type Fix = NonNullable<Finding['fix']>;

/**
 * An internal link in a page (a Markdown link or image, a reference definition, an element's
 * `href` or `src`) or in the navigation (a tab's, an anchor's `href`) that leads to no page, file
 * or redirect of the site: readers get a 404.
 * External links are not fetched. The fix rewrites the link only when one page is clearly meant:
 * the only one that differs but for case, or (with `--since`) the page moved from that URL.
 */
const MESSAGES = {
  navigationHref: 'Navigation href "{href}" leads nowhere: no page, file or redirect of the site is at /{path}.{more}',
  link: 'Link "{url}" leads nowhere: no page, file or redirect of the site is at /{path}.{more}',
  image: 'Image "{url}" leads nowhere: no page, file or redirect of the site is at /{path}.{more}',
  definition: 'Link definition "{url}" leads nowhere: no page, file or redirect of the site is at /{path}.{more}',
  element: '<{element}> {attribute} "{url}" leads nowhere: no page, file or redirect of the site is at /{path}.{more}',
} as const;

export const linkNotFound: SiteRule = {
  code: 'link-not-found',
  reads: ['pages', 'navigation-links'],
  messages: MESSAGES,
  readsPages: true,
  checkSite({ site, pages, linksOf, navigationLinks, report, reportInPage, base }) {
    // With `--since`: the pages git saw move, whose old URLs links may still use.
    const moved = base ? movedPages(base, site.pages) : undefined;
    const missing = new MissingPaths(site, moved);
    for (const file of pages.files) {
      const body = pages.get(file);
      if (!body) continue;
      for (const { link, resolved } of linksOf(body)) {
        if (!resolved || resolved.arrival || resolved.target.base === 'same-page') continue;
        const wanted = resolved.target.path;
        const { meant, suggestion, more } = missing.of(wanted);
        reportInPage(body, () => ({
          message: linkMessage(link, wanted, more),
          span: link.span,
          ...(suggestion !== undefined && { suggest: `/${suggestion}` }),
          ...(meant !== undefined && link.verbatim && { fix: rewrite(link, meant) }),
        }));
      }
    }
    // The navigation's own internal hrefs (a tab, an anchor, a dropdown that links to a page).
    for (const { href, pointer, resolved } of navigationLinks()) {
      if (resolved.arrival || resolved.target.path === '') continue;
      const wanted = resolved.target.path.replace(/\.mdx?$/i, '');
      const { suggestion } = pageMeant(site, moved, wanted, wanted);
      report({
        message: message(MESSAGES, 'navigationHref', { href, path: resolved.target.path, more: generatedOnly(site, wanted) }),
        pointer,
        ...(suggestion !== undefined && { suggest: `/${suggestion}` }),
      });
    }
  },
};

/** What a missing path means: the page meant, the one to suggest, and what the message adds. */
interface MissingPath {
  meant?: string;
  suggestion?: string;
  more: string;
}

/**
 * The missing paths of one run, each worked out once: a page may link to one missing path half a
 * million times, and the closest page is a search of the site (issue 66: 4 MB of one broken link
 * allocated 600 MB in this rule, most of it making the same suggestion again).
 */
class MissingPaths {
  private readonly known = new Map<string, MissingPath>();

  constructor(
    private readonly site: Site,
    private readonly moved: ReadonlyMap<string, string> | undefined,
  ) {}

  of(wanted: string): MissingPath {
    let missing = this.known.get(wanted);
    // Stryker disable next-line ConditionalExpression: equivalent: a cache; worked out again, the answer is the same.
    if (missing !== undefined) return missing;
    // A file (`.png`, `.pdf`) is not a page misspelt: no page is suggested for it.
    const aFile = /\.[a-z0-9]+$/i.test(wanted) && !/\.mdx?$/i.test(wanted);
    const { meant, suggestion } = aFile ? {} : pageMeant(this.site, this.moved, wanted, wanted.replace(/\.mdx?$/i, ''));
    missing = { meant, suggestion, more: generatedOnly(this.site, wanted) };
    this.known.set(wanted, missing);
    return missing;
  }
}

/**
 * The page a missing path (`wanted`, and `bare`: without `.mdx`/`.md`) was meant to reach: `meant`
 * when one clearly is (with `--since` the page moved from it, else the only one but for case), and
 * the page to suggest (that one, else the closest, else the only one of the same name).
 */
function pageMeant(site: Site, moved: ReadonlyMap<string, string> | undefined, wanted: string, bare: string): { meant?: string; suggestion?: string } {
  const meant = moved?.get(bare) ?? sameButCase(site, bare);
  return { meant, suggestion: meant ?? site.firstGeneratedUnder(bare) ?? site.closest(wanted) ?? sameName(site, bare) };
}

/** What to add when the path is a folder of generated pages only: the platform serves nothing there (its broken-links check agrees). */
function generatedOnly(site: Site, wanted: string): string {
  const first = site.firstGeneratedUnder(wanted.replace(/\/$/, ''));
  return first === undefined
    ? ''
    : ` Only pages generated from a spec (OpenAPI or AsyncAPI) are under it (the first: /${first}), and the platform serves nothing at the folder's own path.`;
}

/** `more`: what generatedOnly adds (empty, or a sentence of its own). */
function linkMessage(link: PageLink, path: string, more: string): string {
  if (link.kind === 'image') return message(MESSAGES, 'image', { url: link.url, path, more });
  if (link.kind === 'definition') return message(MESSAGES, 'definition', { url: link.url, path, more });
  if (link.kind === 'element') return message(MESSAGES, 'element', { element: link.element ?? '', attribute: link.attribute ?? '', url: link.url, path, more });
  return message(MESSAGES, 'link', { url: link.url, path, more });
}

/** The one listed page equal to a missing path but for case (`/QuickStart` for `/quickstart`). */
function sameButCase(site: Site, wanted: string): string | undefined {
  return onlyOf(listedIndex(site).byLowerCase.get(wanted.toLowerCase()));
}

/** The only listed page with the same last segment (a page that may have moved folders): a suggestion, not a fix. */
function sameName(site: Site, wanted: string): string | undefined {
  const name = lastSegment(wanted.toLowerCase());
  return name === '' ? undefined : onlyOf(listedIndex(site).byName.get(name));
}

function onlyOf(paths: readonly string[] | undefined): string | undefined {
  return paths?.length === 1 ? paths[0] : undefined;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The listed pages by lower-case path and by lower-case last segment, made once per site: each missing link is one lookup. */
interface ListedIndex {
  byLowerCase: Map<string, string[]>;
  byName: Map<string, string[]>;
}

const indexes = new WeakMap<Site, ListedIndex>();

function listedIndex(site: Site): ListedIndex {
  let index = indexes.get(site);
  // Stryker disable next-line ConditionalExpression: equivalent: a cache; made again, the index is the same.
  if (index) return index;
  index = { byLowerCase: new Map(), byName: new Map() };
  for (const page of site.pages.values()) {
    if (!page.listed) continue;
    const lower = page.path.toLowerCase();
    add(index.byLowerCase, lower, page.path);
    add(index.byName, lastSegment(lower), page.path);
  }
  indexes.set(site, index);
  return index;
}

function add(map: Map<string, string[]>, key: string, path: string): void {
  const list = map.get(key);
  if (list) list.push(path);
  else map.set(key, [path]);
}

/** The link rewritten to the page, keeping what follows the path (`?query`, `#fragment`) as written. */
function rewrite(link: PageLink, page: string): Fix {
  const rest = link.url.search(/[?#]/);
  const text = `/${page}${rest === -1 ? '' : link.url.slice(rest)}`;
  return { edits: [{ start: link.span[0], end: link.span[1], text }] };
}
