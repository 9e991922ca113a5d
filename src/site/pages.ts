import type { PageScan } from '../pages/scan.js';

/** A page's (or snippet's) body, read and scanned once per run. */
export interface PageBody {
  /** Root-relative file. */
  file: string;
  text: string;
  scan: PageScan;
  /** The key of its text in a page scan store (`ScansByText.keyOf`): what tells it from another text without reading it. */
  key?: string;
}

/**
 * A body a page scan store knows unchanged on disk: its text is read only when asked (a problem
 * shown in it), its scan when a rule asks (`scan`: the store's, else the text scanned now).
 */
export function keptPageBody(file: string, key: string, scan: () => PageScan, read: () => string): PageBody {
  let text: string | undefined;
  let scanned: PageScan | undefined;
  return {
    file,
    key,
    get scan() {
      return (scanned ??= scan());
    },
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
