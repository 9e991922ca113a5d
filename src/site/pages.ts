import type { PageScan } from '../pages/scan.js';

/** A page's (or snippet's) body, read and scanned once per run. */
export interface PageBody {
  /** Root-relative file. */
  file: string;
  text: string;
  scan: PageScan;
}

/**
 * A body whose scan was kept and whose text is read only when asked (a problem shown in it):
 * a page unchanged on disk since its scan was kept is not opened otherwise.
 */
export function unreadBody(file: string, scan: PageScan, read: () => string): PageBody {
  let text: string | undefined;
  return {
    file,
    scan,
    get text() {
      return (text ??= read());
    },
  };
}

/** The bodies of a site's page and snippet files, read and scanned on first use (links and anchors both ask). */
export interface PageBodies {
  /** The files, root-relative and sorted. */
  readonly files: readonly string[];
  /** A file's body; undefined when it cannot be read (what the tree builder reports about pages it reads). */
  get(file: string): PageBody | undefined;
}

/** The bodies `loaded` (root-relative path → its body, undefined when it could not be read). */
export function pageBodies(files: readonly string[], loaded: ReadonlyMap<string, PageBody | undefined>): PageBodies {
  return { files, get: (file) => loaded.get(file) };
}

/** Whether a page file is parsed as MDX (`.md` files are Markdown). */
export function isMdx(file: string): boolean {
  return !/\.md$/i.test(file);
}
