/**
 * What `docsnav validate` says of a move cut short (kill -9, a power cut): the site it checks is
 * partly moved, so its problems are the half-move's. One note on stderr, the exit code the check's.
 * Looking costs a few `lstat`s where there is no journal: git is asked only when a journal folder
 * may be there (src/move/write.ts reads and checks it as `mv` does).
 */
import { lstatSync, type Stats } from 'node:fs';
import path from 'node:path';
import { isUnwalkablePath } from '../io-error.js';
import { fill, MoveError, REFUSALS } from '../move/messages.js';
import { unfinishedMove } from '../move/write.js';

/** The note for the docs root `docsRoot`, when a move of it is recorded unfinished (or its journal is refused); else undefined. */
export function unfinishedMoveNote(docsRoot: string): string | undefined {
  // The journal's seal binds its folder's absolute path: looked for from the root's, as mv looks.
  const root = path.resolve(docsRoot);
  if (!mayHoldJournal(root)) return undefined;
  try {
    const unfinished = unfinishedMove(root);
    return unfinished && `docsnav: note: this site is partly moved: ${fill(REFUSALS, 'unfinished', unfinished)}\n`;
  } catch (error) {
    // A journal that is not ours, or a git folder that cannot be read: said as mv would say it.
    if (error instanceof MoveError) return `docsnav: note: ${error.message}\n`;
    throw error;
  }
}

/** A journal's folder may be there: `.docsnav-mv` in the root, or `docsnav-mv` in the git folder of the `.git` above it (a `.git` file, a worktree's: git is asked). */
function mayHoldJournal(root: string): boolean {
  // No root, no site to be partly moved (validate of a path that is not there says so itself); git, asked in a folder that is not there, fails as if not installed.
  if (!statOf(root)) return false;
  if (statOf(path.join(root, '.docsnav-mv'))) return true;
  for (let folder = path.resolve(root); ; folder = path.dirname(folder)) {
    const git = statOf(path.join(folder, '.git'));
    if (git) return !git.isDirectory() || statOf(path.join(folder, '.git', 'docsnav-mv')) !== undefined;
    if (path.dirname(folder) === folder) return false;
  }
}

/** The file's own stats; undefined when it is not there, or the way to it cannot be walked (a folder that may not be searched, a file for a folder, a loop of links): no note can be made then. */
function statOf(file: string): Stats | undefined {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if (isUnwalkablePath(error) || (error as NodeJS.ErrnoException).code === 'EPERM') return undefined;
    throw error;
  }
}
