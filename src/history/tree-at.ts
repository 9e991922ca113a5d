import path from 'node:path';
import { MAX_FILE_BYTES } from '../files.js';
import type { DocsFiles } from '../docs-root.js';
import { git, GitError, nulFields } from '../git.js';
import type { DocsRepo } from './repo.js';

/** The docs root as it was at a commit, in memory: what the pipeline takes as `files` and `readFile` (page files listed, not read: see siteOf). */
export interface RootAtCommit {
  files: DocsFiles;
  /** Text by absolute path (under the docs root as it is named now), undefined when the commit had no such file. */
  readFile: (absolutePath: string) => string | undefined;
  /** Root-relative path -> blob id, for every file of the root at the commit. */
  blobs: ReadonlyMap<string, string>;
}

/** What the site's resolution reads of a root (docs.json and its `$ref`s, specs, `.mintignore`); other files, pages too, are only listed. */
const READ = /\.(json|ya?ml)$|(^|\/)\.mintignore$/i;
/** What a root's listing leaves out, as docsRootFiles does on disk. */
const SKIPPED = /(^|\/)(node_modules|\.git)(\/|$)/;

/**
 * Reads the docs root at a commit: one `git ls-tree` for the listing, one `git cat-file --batch`
 * for the text of the files the pipeline reads (each at most MAX_FILE_BYTES; a bigger one reads
 * as "too big"). Nothing outside the root's prefix is listed or read; symlinks and submodules are
 * not followed (they are not regular files of the commit).
 */
export function rootAtCommit(repo: DocsRepo, commit: string): RootAtCommit {
  const listing = git(['ls-tree', '-r', '-z', '-l', '--full-name', commit, '--', repo.prefix === '' ? '.' : repo.prefix], { cwd: repo.top });
  const blobs = new Map<string, string>();
  const toRead: Array<{ relative: string; id: string; size: number }> = [];
  const tooBig = new Set<string>();
  for (const line of nulFields(listing)) {
    const tab = line.indexOf('\t');
    const [mode, type, id, size] = line.slice(0, tab).split(/ +/);
    const full = line.slice(tab + 1);
    if (type !== 'blob' || mode === '120000' || !full.startsWith(repo.prefix)) continue;
    const relative = full.slice(repo.prefix.length);
    if (SKIPPED.test(relative)) continue;
    blobs.set(relative, id);
    if (!READ.test(relative)) continue;
    // A blob the repository lacks (a broken or partial clone) has no size: "BAD".
    if (!Number.isInteger(Number(size))) throw new GitError(`git ls-tree failed: ${full} (${id}) is missing from the repository`);
    if (Number(size) > MAX_FILE_BYTES) tooBig.add(relative);
    else toRead.push({ relative, id, size: Number(size) });
  }
  const texts = readBlobs(repo, toRead);
  const files = memoryFiles(repo.root, [...blobs.keys()]);
  return {
    files,
    blobs,
    readFile: (absolutePath) => {
      const relative = path.relative(repo.root, absolutePath).split(path.sep).join('/');
      if (tooBig.has(relative)) throw Object.assign(new Error('EFBIG'), { code: 'EFBIG' });
      return texts.get(relative);
    },
  };
}

/** The blobs' texts by root-relative path: one `git cat-file --batch` for all of them. */
function readBlobs(repo: DocsRepo, wanted: ReadonlyArray<{ relative: string; id: string; size: number }>): Map<string, string> {
  const texts = new Map<string, string>();
  if (wanted.length === 0) return texts;
  const total = wanted.reduce((sum, blob) => sum + blob.size + 100, 0);
  const output = git(['cat-file', '--batch'], { cwd: repo.top, input: wanted.map((blob) => blob.id).join('\n') + '\n', maxBuffer: total + 1024 * 1024 });
  // Each answer: "<id> blob <size>\n<bytes>\n", in the order asked.
  let at = 0;
  for (const blob of wanted) {
    // Output that ended early has no header line left (headerEnd -1): no type either.
    const headerEnd = output.indexOf(10, at);
    const [, type, size] = output.toString('utf8', at, headerEnd).split(' ');
    if (type !== 'blob') throw new GitError(`git cat-file failed: no blob ${blob.id} in its output`);
    const start = headerEnd + 1;
    const end = start + Number(size);
    texts.set(blob.relative, output.toString('utf8', start, end).replace(/^\uFEFF/, ''));
    at = end + 1;
  }
  return texts;
}

/**
 * A DocsFiles over a list of root-relative paths, as far as siteOf asks one: with every check
 * off, the site is shaped by `hasFile` (a page's file is `<page>.mdx`, else `.md`; an OpenAPI
 * file) and `list` (the page files it serves). `filesIn` is asked only by checks (page-not-found's
 * suggestions), which never run on it: it answers no folder.
 */
function memoryFiles(root: string, list: readonly string[]): DocsFiles {
  const all = new Set(list);
  return { root, hasFile: (relative) => all.has(relative), filesIn: () => [], list: () => list };
}
