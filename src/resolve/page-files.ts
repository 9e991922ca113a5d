import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { DocsFiles } from '../rules/types.js';
import { capitalize } from '../text.js';

/** An ordinary page's file on disk and its front-matter title, when it has one. */
export interface PageFile {
  /** Root-relative path of the `.mdx`/`.md` file. */
  file: string;
  title?: string;
}

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)\s*(?:\r?\n|$)/;

/** Finds `<page>.mdx` or `<page>.md` and reads its front-matter `title`. */
export function findPageFile(files: DocsFiles, absoluteRoot: string, page: string): PageFile | undefined {
  const file = files.hasFile(`${page}.mdx`) ? `${page}.mdx` : files.hasFile(`${page}.md`) ? `${page}.md` : undefined;
  if (!file) return undefined;
  return { file, title: frontMatterTitle(absoluteRoot, file) };
}

function frontMatterTitle(absoluteRoot: string, file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(absoluteRoot, file), 'utf8');
  } catch {
    return undefined;
  }
  const match = FRONT_MATTER.exec(text);
  if (!match) return undefined;
  try {
    const data = parseYaml(match[1]) as unknown;
    const title = (data as { title?: unknown } | null)?.title;
    return typeof title === 'string' && title.trim() !== '' ? title : undefined;
  } catch {
    return undefined; // broken front matter: fall back to a title from the path
  }
}

/** `guides/getting-started` -> `Getting started`. */
export function titleFromPath(page: string): string {
  const last = page.slice(page.lastIndexOf('/') + 1).replace(/[-_]+/g, ' ').trim();
  return last === '' ? page : capitalize(last);
}
