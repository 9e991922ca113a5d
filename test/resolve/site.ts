import path from 'node:path';
import type { ResolveOptions } from '../../src/resolve.js';
import { resolveText } from '../../src/resolve.js';
import type { ResolveResult } from '../../src/resolve/types.js';
import type { DocsFiles, FileKind } from '../../src/docs-root.js';

/** Where an in-memory site lives (nothing is read from there: every read goes through `readFile`). */
export const SITE_ROOT = path.resolve('/docs-in-memory');

export interface SiteOptions {
  /** False: the root cannot be listed (no `list`), as an editor's in-memory root. Default true. */
  list?: boolean;
  /** What is at a path beside the regular files (a folder, a FIFO, a symlink out of the root). */
  kinds?: Record<string, FileKind>;
}

/** A JSON value as a file's text. */
export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** An OpenAPI 3.1 spec with these paths (and more top-level keys). */
export function spec(paths: Record<string, unknown>, more: Record<string, unknown> = {}): string {
  return json({ openapi: '3.1.0', info: { title: 'API', version: '1' }, paths, ...more });
}

/**
 * An in-memory docs root of these files (root-relative path -> text), as resolveText's
 * `files` and `readFile` options: every page and spec read goes through them.
 */
export function siteOptions(texts: Readonly<Record<string, string>>, options: SiteOptions = {}): ResolveOptions {
  const names = Object.keys(texts);
  const relative = (absolute: string) => path.relative(SITE_ROOT, absolute).split(path.sep).join('/');
  const files: DocsFiles = {
    root: 'docs',
    hasFile: (p) => Object.hasOwn(texts, p),
    filesIn: (folder) =>
      names
        .filter((p) => (folder === '' ? !p.includes('/') : p.startsWith(`${folder}/`) && !p.slice(folder.length + 1).includes('/')))
        .map((p) => (folder === '' ? p : p.slice(folder.length + 1))),
    kindOf: (p) => (Object.hasOwn(texts, p) ? 'file' : (options.kinds?.[p] ?? (names.some((name) => name.startsWith(`${p}/`)) ? 'folder' : undefined))),
    ...(options.list !== false && { list: () => names }),
  };
  return { file: path.join(SITE_ROOT, 'docs.json'), root: SITE_ROOT, files, readFile: (absolute) => texts[relative(absolute)] };
}

/** Resolves `docs` (a docs.json value) over an in-memory site. */
export function resolveSite(
  docs: unknown,
  texts: Readonly<Record<string, string>> = {},
  options: SiteOptions & Omit<ResolveOptions, 'file' | 'root' | 'files' | 'readFile'> = {},
): Promise<ResolveResult> {
  const { list, kinds, ...rest } = options;
  // These sites are navigation-only documents, written when the spec profile was the default: they
  // resolve under it unless they name one (the default platform profile wants the build's name, theme and colors).
  return resolveText(json(docs), { ...siteOptions(texts, { list, kinds }), ...rest, profile: rest.profile ?? 'spec' });
}

/** A problem as `code severity file:line:column message`, the file root-relative. */
export function described(problem: ResolveResult['problems'][number]): string {
  return `${problem.code} ${problem.severity} ${path.relative(SITE_ROOT, problem.file).split(path.sep).join('/')}:${problem.line}:${problem.column} ${problem.message}`;
}
