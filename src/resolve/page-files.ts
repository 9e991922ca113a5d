import path from 'node:path';
import type * as Yaml from 'yaml';
import { textOf, type FileReader } from '../files.js';
import type { DocsFiles } from '../rules/types.js';
import { lazy } from '../lazy.js';
import { capitalize } from '../text.js';

/** Loaded on the first page with front matter: `import 'docsnav'` does not pay for a YAML parser. */
const yaml = lazy<typeof Yaml>('yaml');

/** An ordinary page's file on disk and its front-matter title, when it has one. */
export interface PageFile {
  /** Root-relative path of the `.mdx`/`.md` file. */
  file: string;
  title?: string;
}

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)\s*(?:\r?\n|$)/;

/**
 * Finds `<page>.mdx` or `<page>.md` (a regular file inside the root, as the listing says) and,
 * given a reader, reads its front-matter `title` through it.
 */
export function findPageFile(files: DocsFiles, reader: FileReader | undefined, absoluteRoot: string, page: string): PageFile | undefined {
  const file = files.hasFile(`${page}.mdx`) ? `${page}.mdx` : files.hasFile(`${page}.md`) ? `${page}.md` : undefined;
  if (!file) return undefined;
  const found: PageFile = { file };
  if (reader) {
    const title = frontMatterTitle(reader, absoluteRoot, file);
    if (title !== undefined) found.title = title;
  }
  return found;
}

/** Front matter is at the top: this much of a page is enough to find it. */
const FRONT_MATTER_BYTES = 64 * 1024;

function frontMatterTitle(reader: FileReader, absoluteRoot: string, file: string): string | undefined {
  const outcome = reader(path.join(absoluteRoot, file));
  if (!outcome.ok) return undefined;
  const text = textOf(outcome.bytes.subarray(0, FRONT_MATTER_BYTES));
  const match = FRONT_MATTER.exec(text);
  if (!match) return undefined;
  try {
    const data = yaml().parse(match[1]) as unknown;
    const title = (data as { title?: unknown } | null)?.title;
    return typeof title === 'string' && title.trim() !== '' ? title : undefined;
  } catch {
    return undefined; // broken front matter: fall back to a title from the path
  }
}

/** `guides/getting-started` -> `Getting started`. */
export function titleFromPath(page: string): string {
  const last = page
    .slice(page.lastIndexOf('/') + 1)
    .replace(/[-_]+/g, ' ')
    .trim();
  return last === '' ? page : capitalize(last);
}
