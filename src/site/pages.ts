import { scanPage, type PageScan } from '../pages/scan.js';

/** A page's (or snippet's) body, read and scanned once per run. */
export interface PageBody {
  /** Root-relative file. */
  file: string;
  text: string;
  scan: PageScan;
}

/** The bodies of a site's page and snippet files, read and scanned on first use (links and anchors both ask). */
export interface PageBodies {
  /** The files, root-relative and sorted. */
  readonly files: readonly string[];
  /** A file's body; undefined when it cannot be read (what the tree builder reports about pages it reads). */
  get(file: string): PageBody | undefined;
}

/** Page bodies loaded by `load` (root-relative path → its body, never outside the root), each once. */
export function pageBodies(files: readonly string[], load: (relative: string) => PageBody | undefined): PageBodies {
  const bodies = new Map<string, PageBody | undefined>();
  return {
    files,
    get(file) {
      if (bodies.has(file)) return bodies.get(file);
      const body = load(file);
      bodies.set(file, body);
      return body;
    },
  };
}

/** A page file's body scanned: as MDX, `.md` files as Markdown. */
export function scanBody(file: string, text: string): PageBody {
  return { file, text, scan: scanPage(text, { mdx: !/\.md$/i.test(file) }) };
}
