import type ignoreFactory from 'ignore';
import { lazy } from '../lazy.js';

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
