import { realpathSync } from 'node:fs';
import path from 'node:path';
import { git, GitError } from '../git.js';

/** Where a docs root sits in its git repository. */
export interface DocsRepo {
  /** The repository's top folder (absolute). */
  top: string;
  /** The docs root's path from the top, with a trailing `/` (`docs/`), or `""` at the top. */
  prefix: string;
  /** The docs root (absolute, as the caller named it). */
  root: string;
}

/** The repository holding a docs root; a GitError when it is in none (or git cannot run). */
export function docsRepoOf(root: string): DocsRepo {
  const absolute = path.resolve(root);
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    throw new GitError(`${root}: no such folder`);
  }
  let lines: string[];
  try {
    lines = git(['rev-parse', '--show-toplevel', '--show-prefix'], { cwd: real }).toString('utf8').split('\n');
  } catch (error) {
    if (error instanceof GitError && /not a git repository/i.test(error.message)) throw new GitError(`${root} is not in a git repository`);
    throw error;
  }
  // --show-prefix prints a line even at the top (an empty one).
  const [top, prefix] = lines;
  // A bare repository or a .git folder: no work tree to compare with.
  if (!top) throw new GitError(`${root} is not in a git work tree`);
  return { top, prefix, root: absolute };
}

/**
 * The commit a ref names, checked before the ref is given to any other git command: a name that
 * looks like an option (`--output=x`) is refused, and `rev-parse --verify` gets it after
 * `--end-of-options`, so no ref becomes a flag.
 */
export function commitOf(repo: DocsRepo, ref: string): string {
  // JSON's quoting: a ref with a line break is still one line.
  if (ref === '' || ref.startsWith('-') || /[\0\n]/.test(ref)) throw new GitError(`${JSON.stringify(ref)} is not a git ref`);
  // No git ref ends with `/`: a CI variable was empty (`origin/${{ github.base_ref }}` on a push).
  if (ref.endsWith('/'))
    throw new GitError(
      `${JSON.stringify(ref)} ends with "/": the branch name after it is missing (in GitHub Actions, \${{ github.base_ref }} is empty outside pull requests: write \${{ github.base_ref || github.event.repository.default_branch }})`,
    );
  // With --verify, rev-parse answers a full object name or fails.
  try {
    return git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], { cwd: repo.top })
      .toString('utf8')
      .trim();
  } catch {
    if (isShallow(repo))
      throw new GitError(
        `unknown git ref "${ref}": ${repo.top} is a shallow clone, which holds only the latest commits; fetch the history with git fetch --unshallow (in GitHub Actions: actions/checkout with fetch-depth: 0)`,
      );
    throw new GitError(`unknown git ref "${ref}" (no such branch, tag or commit in ${repo.top})`);
  }
}

/** Whether the repository is a shallow clone (`git clone --depth`, actions/checkout's default): older commits are not in it. */
function isShallow(repo: DocsRepo): boolean {
  return git(['rev-parse', '--is-shallow-repository'], { cwd: repo.top }).toString('utf8').trim() === 'true';
}
