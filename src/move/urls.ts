/**
 * Where things are after the move: each moved file's new path, each moved page's new URL, and a
 * link's target (a URL path as `linkTarget` reads it) mapped to where it is now, written the way
 * the author wrote it (absolute or relative, with or without extension, a folder's index by the
 * folder, `?query` and `#fragment` kept).
 */
import path from 'node:path';
import type { Site } from '../site/site.js';
import type { FileMove, PageMove } from './types.js';

const PAGE_EXTENSION = /\.mdx?$/i;

export class MoveMap {
  /** Old root-relative file -> new. */
  readonly files: ReadonlyMap<string, string>;
  /** Moved pages by their old URL path. */
  readonly pages: ReadonlyMap<string, PageMove>;
  /** Files that move but are not the file their URL is served from (`x.md` beside `x.mdx`). */
  readonly notServed: ReadonlyArray<{ file: string; url: string; served: string }>;

  constructor(
    private readonly site: Site,
    moves: readonly FileMove[],
    /** The folders moved whole (root-relative): links to them follow. */
    private readonly folders: readonly FileMove[],
  ) {
    this.files = new Map(moves.map((move) => [move.from, move.to]));
    const pages = new Map<string, PageMove>();
    const notServed: Array<{ file: string; url: string; served: string }> = [];
    for (const move of moves) {
      if (!PAGE_EXTENSION.test(move.from)) continue;
      const url = move.from.replace(PAGE_EXTENSION, '');
      const page = site.pages.get(url);
      if (page?.file === undefined) continue;
      if (page.file !== move.from) {
        // The file served there moves too when it is in the same folder move: its move counts.
        if (!this.files.has(page.file)) notServed.push({ file: move.from, url, served: page.file });
        continue;
      }
      pages.set(url, { from: url, to: move.to.replace(PAGE_EXTENSION, ''), fromFile: move.from, toFile: move.to });
    }
    this.pages = pages;
    this.notServed = notServed;
  }

  /**
   * Where a link's target (a URL path, no leading `/`) leads after the move, in the same form
   * (extension, a folder's index by its folder); undefined when what it reaches does not move.
   */
  target(urlPath: string): string | undefined {
    const page = this.site.pageAt(urlPath);
    if (page) {
      const moved = this.pages.get(page.path);
      return moved && pageTarget(urlPath, moved);
    }
    if (this.site.hasFile(urlPath)) return this.files.get(urlPath);
    if (this.site.isFolder(urlPath)) return this.folderTarget(urlPath);
    return undefined;
  }

  private readonly emptiedFolders = new Map<string, boolean>();

  /** A folder of pages that holds no page after the move (its last page moves out): a link to it leads nowhere then. */
  emptied(folder: string): boolean {
    let emptied = this.emptiedFolders.get(folder);
    if (emptied === undefined) this.emptiedFolders.set(folder, (emptied = this.computeEmptied(`${folder}/`)));
    return emptied;
  }

  private computeEmptied(prefix: string): boolean {
    for (const page of this.site.pages.values()) {
      if (page.path.startsWith(prefix) && !page.endpoint && (page.file === undefined || !this.files.has(page.file))) return false;
    }
    for (const to of this.files.values()) if (to.startsWith(prefix) && PAGE_EXTENSION.test(to)) return false;
    return true;
  }

  /** A folder moved whole (or a folder inside one): its new path. */
  folderTarget(folder: string): string | undefined {
    for (const moved of this.folders) {
      if (folder === moved.from) return moved.to;
      if (folder.startsWith(`${moved.from}/`)) return moved.to + folder.slice(moved.from.length);
    }
    return undefined;
  }
}

/** A moved page's new URL path written as `written` reached it: with its extension (the new file's), or as its folder when it is an index. */
function pageTarget(written: string, page: PageMove): string {
  const extension = PAGE_EXTENSION.exec(written)?.[0];
  const bare = extension === undefined ? written : written.slice(0, -extension.length);
  // `guides` for `guides/index`: the new page by its folder too when it is an index, else by its path.
  const byFolder = bare !== page.from;
  let target = page.to;
  if (byFolder && page.to === 'index') target = '';
  else if (byFolder && page.to.endsWith('/index')) target = page.to.slice(0, -'/index'.length);
  return extension === undefined ? target : target + (PAGE_EXTENSION.exec(page.toFile)?.[0] ?? extension);
}

/** How a link's path was read: from the site's root (`/x`), as a bare path read from the root (`x` when only that arrives), or relative to its file. */
export type Reading = 'root' | 'bare' | 'relative';

/**
 * A URL rewritten to lead to `target` (a URL path, no leading `/`) from `file` (where the file is
 * after the move), in the author's form: `reading` as before, a `./` kept, a trailing `/` kept,
 * percent-encoding kept when the path had it, and what follows the path (`?query`, `#fragment`)
 * as written.
 */
export function rewriteUrl(url: string, reading: Reading, target: string, file: string): string {
  const split = url.search(/[?#]/);
  const written = split === -1 ? url : url.slice(0, split);
  const rest = split === -1 ? '' : url.slice(split);
  let rewritten: string;
  if (reading === 'root') rewritten = `/${target}`;
  else if (reading === 'bare') rewritten = target;
  else {
    const relative = path.posix.relative(path.posix.dirname(file), target) || '.';
    rewritten = written.startsWith('./') && !relative.startsWith('.') ? `./${relative}` : relative;
  }
  if (written.length > 1 && /[\\/]$/.test(written) && !rewritten.endsWith('/')) rewritten += '/';
  if (written.includes('%')) rewritten = encodeURI(rewritten);
  return rewritten + rest;
}
