import path from 'node:path';
import type ignoreFactory from 'ignore';
import { lazy } from './lazy.js';

const ignoreModule = lazy<typeof ignoreFactory>('ignore');

/**
 * What the platform never serves, whatever `.mintignore` says (its own defaults): tool folders,
 * dependencies and the repository's own README, licence, changelog and contribution guide.
 */
const PLATFORM_IGNORES: readonly string[] = [
  '.git',
  '.github',
  '.claude',
  '.agents',
  '.idea',
  '.vscode',
  '.cursor',
  '.mintlify/**',
  '!.mintlify/**/',
  '!.mintlify/skills/**',
  '!.mintlify/**/*.json',
  '!.mintlify/**/*.yaml',
  '!.mintlify/**/*.yml',
  'node_modules',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
];

/** The name of the file whose gitignore-style patterns say what of the docs root the platform leaves out. */
export const MINTIGNORE = '.mintignore';

/**
 * A test for root-relative paths the platform leaves out of the site: its defaults plus the
 * patterns of `.mintignore` (gitignore syntax, read by the `ignore` package as the platform does).
 * A new one each time: an editor's next check of the same root keeps its last one while the text
 * is the same (src/site/check.ts), and no other root's check in between replaces it.
 */
export function ignoredTest(mintignore: string | undefined): (relativePath: string) => boolean {
  const patterns = [...PLATFORM_IGNORES, ...(mintignore ?? '').split(/\r?\n/).map((line) => line.trim())];
  const matcher = ignoreModule()({ allowRelativePaths: true }).add(patterns);
  return (relativePath: string): boolean => matcher.ignores(relativePath);
}

const EXCLUDED_MD = new Set(['readme', 'license', 'contributing', 'contribute']);

/** Whether a root-relative file is under `snippets/` or `_snippets/` at the root, in any case: a snippet for the platform, never a page. */
export function isSnippetFile(file: string): boolean {
  const lower = file.toLowerCase();
  return lower.startsWith('snippets/') || lower.startsWith('_snippets/');
}

/**
 * Whether the platform's build reads a root-relative file as a page, before `.mintignore`, its own
 * ignores (`ignoredTest`) and imports are considered: a `.mdx` or `.md` file (as written), not under
 * `snippets/` or `_snippets/` at the root (any case), and not a `.md` named `readme`, `license`,
 * `contributing` or `contribute` (any case, any folder) (@mintlify/common's getFileCategory).
 */
export function readAsPage(file: string): boolean {
  const mdx = file.endsWith('.mdx');
  if (!mdx && !file.endsWith('.md')) return false;
  const lower = file.toLowerCase();
  if (isSnippetFile(file)) return false;
  return mdx || !EXCLUDED_MD.has(path.posix.basename(lower, '.md'));
}

/** Why the platform's build does not read a page file it finds (one sentence's end), or undefined when it reads it. */
export function whyNotAPage(file: string, ignored: ((relativePath: string) => boolean) | undefined): string | undefined {
  if (isSnippetFile(file)) return 'it takes files under snippets/ for snippets, not pages';
  if (!readAsPage(file)) return 'it leaves out .md files named readme, license, contributing or contribute (any case, any folder)';
  if (ignored?.(file))
    return 'it ignores the file (its own ignores: README.md, LICENSE.md, CHANGELOG.md and CONTRIBUTING.md in any folder and any case, tool folders such as .github; and what .mintignore leaves out)';
  return undefined;
}
