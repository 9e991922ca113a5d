import path from 'node:path';
import { textOf, type FileReader } from '../files.js';
import type { ValidationCache } from '../cache/memory.js';
import type { KeptPages } from '../pages/kept.js';
import { pageFileIn, type DocsFiles } from '../docs-root.js';
import { headText, parseFrontMatter, type FrontMatter } from '../pages/front-matter.js';

/** An ordinary page's file on disk and its front matter, when it has some and it was read. */
export interface PageFile {
  /** Root-relative path of the `.mdx`/`.md` file. */
  file: string;
  frontMatter?: FrontMatter;
  /** The text read (the file's start), to locate a problem in it. */
  text?: string;
}

/**
 * Finds `<page>.mdx` or `<page>.md` (a regular file inside the root, as the listing says) and,
 * given a reader, reads its front matter through it. With `kept` (a page scan store, given only
 * when the reader reads the disk as it is), a page whose stamp on disk is the one its front
 * matter was kept with is not opened: its text is read only when a problem is shown in it.
 */
export function findPageFile(
  files: DocsFiles,
  reader: FileReader | undefined,
  absoluteRoot: string,
  page: string,
  cache?: ValidationCache,
  kept?: KeptPages,
): PageFile | undefined {
  const file = pageFileIn(files, page);
  return file === undefined ? undefined : readPageFile(file, reader, absoluteRoot, cache, kept);
}

/** A page file (root-relative, known to be a regular file under the root) and, given a reader, its front matter (as `findPageFile`). */
export function readPageFile(file: string, reader: FileReader | undefined, absoluteRoot: string, cache?: ValidationCache, kept?: KeptPages): PageFile {
  const found: PageFile = { file };
  if (!reader) return found;
  const absolute = path.join(absoluteRoot, file);
  const keptHead = kept?.keptHead(absolute);
  if (keptHead !== undefined) {
    let text: string | undefined;
    Object.defineProperty(found, 'text', { enumerable: true, get: () => (text ??= headOf(reader, absolute)) });
    if (keptHead !== null) found.frontMatter = keptHead;
    return found;
  }
  const outcome = reader(absolute);
  if (outcome.ok) {
    // An unchanged page (the same bytes from the cache) is not parsed again; the result is only read.
    const head = cache ? cache.parse(absolute, outcome.bytes, 'front-matter', () => readHead(outcome.bytes)) : readHead(outcome.bytes);
    found.text = head.text;
    if (head.frontMatter !== undefined) found.frontMatter = head.frontMatter;
    if (outcome.stamp) kept?.keepHead(absolute, outcome.stamp, head.frontMatter);
  }
  return found;
}

/** The text front matter is read from, read now (empty when the file cannot be read any more). */
function headOf(reader: FileReader, absolute: string): string {
  const outcome = reader(absolute);
  return outcome.ok ? headText(outcome.bytes) : '';
}

function readHead(bytes: Buffer): { text: string; frontMatter: FrontMatter | undefined } {
  const text = headText(bytes);
  return { text, frontMatter: parseFrontMatter(text, () => textOf(bytes)) };
}
