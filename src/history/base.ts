import path from 'node:path';
import { DOCS_FILE_NAMES } from '../docs-root.js';
import type { SiteBase } from '../site/base.js';
import type { ValidateOptions } from '../pipeline/options.js';
import { git, nulFields } from '../git.js';
import { commitOf, docsRepoOf, type DocsRepo } from './repo.js';
import { PAGE_FILE, siteOf } from './site-at.js';
import { rootAtCommit, type RootAtCommit } from './tree-at.js';

/** How the site is resolved at the ref and now: the profile and language codes of the check (the rest are not needed). */
export type HistoryOptions = Pick<ValidateOptions, 'profile' | 'languageCodes'>;

/**
 * The site as it was at a git ref, for `validate --since` (`ValidateOptions.since`): its page URLs
 * and the page files moved since. Reads the repository only (`git` with argument arrays, nothing
 * outside the docs root's folder); throws a GitError (one line) when the folder is in no
 * repository, the ref names no commit, or git fails.
 */
export function readSiteBase(docsFile: string, ref: string, options: HistoryOptions = {}): SiteBase {
  const repo = docsRepoOf(path.dirname(path.resolve(docsFile)));
  const commit = commitOf(repo, ref);
  const root = rootAtCommit(repo, commit);
  const pages = new Map<string, string | undefined>();
  const text = docsTextAt(root, path.basename(docsFile));
  if (text) {
    const site = siteOf(text.text, {
      ...options,
      file: path.join(repo.root, text.name),
      root: repo.root,
      files: root.files,
      readFile: (absolute) => root.readFile(absolute),
    });
    for (const page of site.pages.values()) pages.set(page.path, page.file);
  }
  return { ref, commit, pages, renames: renamesSince(repo, commit, root) };
}

/** The docs file's text at the commit: the same name, else another of the names a docs file goes by (the site moved from docs.yaml to docs.json). */
function docsTextAt(root: RootAtCommit, name: string): { name: string; text: string } | undefined {
  for (const candidate of [name, ...DOCS_FILE_NAMES.filter((other) => other !== name)]) {
    const text = root.files.hasFile(candidate) ? root.readFile(path.join(root.files.root, candidate)) : undefined;
    if (text !== undefined) return { name: candidate, text };
  }
  return undefined;
}

/**
 * Page files moved between the commit and the working tree (root-relative, old -> new): git's
 * rename detection (`git diff -M`, staged and unstaged changes alike), then untracked page files
 * whose content is identical to a removed one (by blob id). An untracked file that was moved and
 * edited is not detected (git compares only what it tracks for partial similarity): it is removed
 * and added, until `git add` lets rename detection see it.
 */
function renamesSince(repo: DocsRepo, commit: string, root: RootAtCommit): Map<string, string> {
  const scope = repo.prefix === '' ? '.' : repo.prefix;
  const fields = nulFields(git(['diff', '--no-relative', '--no-ext-diff', '-M', '-z', '--name-status', commit, '--', scope], { cwd: repo.top }));
  const renames = new Map<string, string>();
  const removed = new Map<string, string>();
  // Every path git answers is under the scope, the root's prefix (a literal pathspec: see git()).
  const inRoot = (full: string): string => full.slice(repo.prefix.length);
  // Fields: a status, then its path, or its two paths for a rename. No copy (C) is reported: -M
  // asks for renames only, whatever diff.renames says (diff.renames=copies is tested).
  for (let i = 0; i < fields.length;) {
    const status = fields[i];
    if (status.startsWith('R')) {
      const from = inRoot(fields[i + 1]);
      const to = inRoot(fields[i + 2]);
      if (PAGE_FILE.test(from) && PAGE_FILE.test(to)) renames.set(from, to);
      i += 3;
      continue;
    }
    const file = inRoot(fields[i + 1]);
    // A removed symlink, or a file under node_modules, has no blob id (rootAtCommit skips them): none is matched.
    const id = root.blobs.get(file);
    if (status === 'D' && id !== undefined && PAGE_FILE.test(file)) removed.set(id, file);
    i += 2;
  }
  if (removed.size > 0) {
    const untracked = nulFields(git(['ls-files', '--others', '--exclude-standard', '-z', '--full-name', '--', scope], { cwd: repo.top })).filter(
      (file) => PAGE_FILE.test(file) && !file.includes('\n'),
    );
    if (untracked.length > 0) {
      const ids = git(['hash-object', '--stdin-paths'], { cwd: repo.top, input: untracked.join('\n') + '\n' })
        .toString('utf8')
        .split('\n');
      untracked.forEach((full, index) => {
        const from = removed.get(ids[index]);
        if (from !== undefined && !renames.has(from)) renames.set(from, inRoot(full));
      });
    }
  }
  return renames;
}
