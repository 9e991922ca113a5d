import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { describeKind, isInside, realRoot } from './files.js';
import { ignoredTest, MINTIGNORE, readAsPage } from './platform-ignores.js';

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

const SKIPPED = new Set(['node_modules', '.git']);
/** A page file: its path without the extension, and the extension (lower case only, as the lookups ask). */
export const PAGE_FILE = /^(.*)(\.mdx|\.md)$/;

/**
 * The names a site's docs file goes by, in the order looked for: a legacy mint.json last, as the
 * platform uses it only where there is no docs.json (src/mint).
 */
export const DOCS_FILE_NAMES: readonly string[] = ['docs.json', 'docs.yaml', 'docs.yml', 'mint.json'];

/**
 * The files under a docs root, listed once (lazily, on the first lookup) so that checking
 * 50,000 pages costs one directory walk, not 100,000 stat calls. A symlink is followed only
 * when its real path is under the root's real path; one that leads outside is recorded as
 * `outside-root` (and what is behind it is never listed or read). Only regular files count
 * as files; FIFOs, sockets and devices are recorded by kind.
 */
export function docsRootFiles(root: string, label: string = root): DocsFiles {
  let folders: Map<string, string[]> | undefined;
  let files: Set<string> | undefined;
  /** Page path (no extension) -> its file, `.mdx` over `.md`. */
  let pages: Map<string, string> | undefined;
  /** Root-relative paths that are not regular files inside the root (folders are in `folders`). */
  let others: Map<string, FileKind> | undefined;
  let mintignore: string | undefined;

  function index(): void {
    ({ folders, files, pages, others, mintignore } = listRoot(root));
  }

  return {
    root: label,
    hasFile(relativePath) {
      if (!files) index();
      return files!.has(relativePath);
    },
    pageFileOf(page) {
      if (!pages) index();
      return pages!.get(page);
    },
    filesIn(relativeFolder) {
      if (!folders) index();
      return folders!.get(relativeFolder) ?? [];
    },
    list() {
      if (!files) index();
      return [...files!];
    },
    fingerprint() {
      if (!files) index();
      const hash = createHash('sha256');
      for (const [folder, names] of folders!) hash.update(`${folder}\0${names.join('\0')}\n`);
      for (const [other, kind] of others!) hash.update(`${other}\0${kind}\n`);
      // .mintignore decides which files are pages (`pageFileOf`): its text counts as the names do.
      // Stryker disable next-line StringLiteral: with no .mintignore, whatever stands for its text, the names (without one) already tell this listing from any with one.
      const ignores = mintignore ?? '';
      hash.update(`${MINTIGNORE}\0${ignores}\n`);
      return hash.digest('base64url');
    },
    hasLinksOutside() {
      if (!files) index();
      for (const kind of others!.values()) if (kind === 'outside-root') return true;
      return false;
    },
    kindOf(relativePath) {
      if (!files) index();
      if (files!.has(relativePath)) return 'file';
      if (folders!.has(relativePath)) return 'folder';
      // Stryker disable next-line ConditionalExpression: with nothing in `others`, the walk up below finds nothing either (a speed path).
      if (others!.size === 0) return undefined;
      // The path itself, or a folder above it, may be a symlink out of the root. Up to where `dirname` stops: `.`, or `/`
      // for a path that is not root-relative (a loop that stopped at `.` alone never ended on `/x`).
      for (let at = relativePath; ; at = path.posix.dirname(at)) {
        const kind = others!.get(at);
        if (kind !== undefined) return at === relativePath || kind === 'outside-root' ? kind : undefined;
        // Stryker disable next-line ConditionalExpression: above a listed folder are only listed folders, none in `others` (a speed path).
        if (folders!.has(at)) return undefined;
        if (path.posix.dirname(at) === at) return undefined;
      }
    },
  };
}

/** What one walk of a docs root finds: each folder's file names, the regular files, page files by page path, and everything else by kind. */
interface RootListing {
  folders: Map<string, string[]>;
  files: Set<string>;
  /** Page path (no extension) -> its file, `.mdx` over `.md`: only files the platform's build reads as pages. */
  pages: Map<string, string>;
  /** Root-relative paths that are not regular files inside the root (folders are in `folders`). */
  others: Map<string, FileKind>;
  /** The text of the root's .mintignore, if it has one. */
  mintignore: string | undefined;
}

/** Walks a docs root once (iteratively; `node_modules` and `.git` are skipped), following symlinks only inside it. */
function listRoot(root: string): RootListing {
  const folders = new Map<string, string[]>();
  const files = new Set<string>();
  // Stryker disable next-line ArrayDeclaration: a string put in it reads as a file of no page extension, never a page.
  const candidates: Array<[string, string, string]> = [];
  const others = new Map<string, FileKind>();
  const real = realRoot(root);
  const visited = new Set<string>([real]);
  const pending = [''];
  while (pending.length > 0) {
    const relative = pending.pop()!;
    const names: string[] = [];
    folders.set(relative, names);
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      let kind: FileKind | 'skip';
      if (entry.isSymbolicLink()) kind = followLink(real, path.join(root, child), visited);
      else if (entry.isDirectory()) kind = 'folder';
      else if (entry.isFile()) kind = 'file';
      else kind = describeKind(entry) as FileKind;
      if (kind === 'skip') continue;
      if (kind === 'folder') {
        if (!SKIPPED.has(entry.name)) pending.push(child);
      } else if (kind === 'file') {
        names.push(entry.name);
        files.add(child);
        const page = PAGE_FILE.exec(child);
        if (page) candidates.push([page[1], page[2], child]);
      } else {
        others.set(child, kind);
      }
    }
  }
  // What the platform's build reads as pages (issue 65: a listed `changelog.md` is not one): its
  // own ignores and .mintignore's, snippets/, .md files named readme, license, … (platform-ignores.ts).
  const mintignore = files.has(MINTIGNORE) ? readMintignore(path.join(root, MINTIGNORE)) : undefined;
  const pages = new Map<string, string>();
  let ignored: ((relativePath: string) => boolean) | undefined;
  for (const [page, extension, file] of candidates) {
    if (!readAsPage(file) || (ignored ??= ignoredTest(mintignore))(file)) continue;
    // Stryker disable next-line ConditionalExpression: Node lists a folder sorted (libuv's scandir, strcmp), `x.md` before `x.mdx`: the last one met is the .mdx anyway.
    if (extension === '.mdx' || !pages.has(page)) pages.set(page, file);
  }
  return { folders, files, pages, others, mintignore };
}

/** The root's .mintignore, or nothing when it cannot be read (then it leaves nothing out, as if missing). */
function readMintignore(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    // Unreadable (a permission, a file gone since the walk): read as if missing, as the platform's own walk would skip it.
    if (typeof (error as NodeJS.ErrnoException).code !== 'string') throw error;
    return undefined;
  }
}

/** What a symlink in the root is: followed only to a real path inside the root (each real folder listed once). */
function followLink(real: string, absolute: string, visited: Set<string>): FileKind | 'skip' {
  let target: string;
  try {
    target = realpathSync(absolute);
  } catch {
    return 'skip'; // a symlink to nothing: as if there were no file
  }
  if (!isInside(real, target)) return 'outside-root';
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 'skip';
  }
  if (stats.isDirectory()) {
    if (visited.has(target)) return 'skip';
    visited.add(target);
    return 'folder';
  }
  return stats.isFile() ? 'file' : (describeKind(stats) as FileKind);
}

/** The name of the docs file in a folder (docs.json first), or undefined. */
export function docsFileIn(folder: string): string | undefined {
  return DOCS_FILE_NAMES.find((name) => {
    try {
      return statSync(path.join(folder, name)).isFile();
    } catch {
      return false;
    }
  });
}

/** The docs files one folder below `folder` (`docs/docs.json`), in sorted order (no hidden folders, no node_modules). */
export function sitesBelow(folder: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => {
      const file = docsFileIn(path.join(folder, name));
      return file === undefined ? [] : [path.join(name, file)];
    });
}
