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

/** The last test made, with the `.mintignore` text it was made of. */
let last: { mintignore: string | undefined; test: (relativePath: string) => boolean } | undefined;

/**
 * A test for root-relative paths the platform leaves out of the site: its defaults plus the
 * patterns of `.mintignore` (gitignore syntax, read by the `ignore` package as the platform does).
 */
export function ignoredTest(mintignore: string | undefined): (relativePath: string) => boolean {
  // The same `.mintignore` as the last check's (an editor's next keystroke): its matcher, which keeps its answers.
  if (last && last.mintignore === mintignore) return last.test;
  const patterns = [...PLATFORM_IGNORES, ...(mintignore ?? '').split(/\r?\n/).map((line) => line.trim())];
  const matcher = ignoreModule()({ allowRelativePaths: true }).add(patterns);
  const test = (relativePath: string): boolean => matcher.ignores(relativePath);
  last = { mintignore, test };
  return test;
}
