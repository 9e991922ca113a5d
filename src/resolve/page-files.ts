import path from 'node:path';
import { textOf, type FileReader } from '../files.js';
import type { DocsFiles } from '../rules/types.js';
import { parseFrontMatter, type FrontMatter } from './front-matter.js';

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
 * given a reader, reads its front matter through it.
 */
export function findPageFile(files: DocsFiles, reader: FileReader | undefined, absoluteRoot: string, page: string): PageFile | undefined {
  const file = files.hasFile(`${page}.mdx`) ? `${page}.mdx` : files.hasFile(`${page}.md`) ? `${page}.md` : undefined;
  if (!file) return undefined;
  const found: PageFile = { file };
  if (reader) {
    const outcome = reader(path.join(absoluteRoot, file));
    if (outcome.ok) {
      found.text = textOf(outcome.bytes.subarray(0, FRONT_MATTER_BYTES));
      const frontMatter = parseFrontMatter(found.text);
      if (frontMatter !== undefined) found.frontMatter = frontMatter;
    }
  }
  return found;
}

/** Front matter is at the top: this much of a page is enough to find it. */
const FRONT_MATTER_BYTES = 64 * 1024;
