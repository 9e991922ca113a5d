/**
 * The git repository a docs root is in, as a move needs it: where its top and git folder are
 * (the journal goes in the git folder), and the index entries of what moves. Git that cannot
 * read a repository that is there (dubious ownership, a broken `.git`) is a refusal, never a
 * silent plain rename: `git commit -a` would then record the deletion without the new page.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { git, GitError, nulFields } from '../git.js';
import { refuse } from './messages.js';

export interface Repository {
  /** The working tree's top folder and the git folder, absolute. */
  top: string;
  gitDir: string;
  /** The docs root from the top, `/` separators, with a trailing `/` ('' at the top). */
  prefix: string;
}

/** One index entry of a moved file: its mode and object, and its path before and after (from the top). */
export interface IndexEntry {
  mode: string;
  object: string;
  from: string;
  to: string;
}

/**
 * The repository of `root`; undefined when it is in none. Refuses (`gitUnreadable`) when one is
 * there that git cannot read. Whether one is there is read from the disk (a `.git` in the root or
 * above it, or GIT_DIR set), never from the words of git's complaint: any failure of git with none
 * there is "no repository" (git not installed included), any failure with one there is a refusal.
 */
export function repositoryOf(root: string): Repository | undefined {
  let output: string[];
  try {
    output = git(['rev-parse', '--show-toplevel', '--absolute-git-dir', '--show-prefix'], { cwd: root }).toString('utf8').split('\n');
  } catch (error) {
    // Stopped by a signal (Ctrl-C reaches git too): the move is interrupted, git can read the repository.
    if (!(error instanceof GitError) || error.signal !== undefined) throw error;
    if (!gitFolderAbove(root) && process.env.GIT_DIR === undefined) return undefined;
    refuse('gitUnreadable', { root, why: error.message });
  }
  const [top, gitDir, prefix = ''] = output;
  return { top, gitDir, prefix };
}

/** A `.git` (folder or file) in the root or a folder above it. */
function gitFolderAbove(root: string): boolean {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    try {
      lstatSync(path.join(dir, '.git'));
      return true;
    } catch {
      // none here: look further up
    }
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * The index entries under each root-relative path (a file, or a folder's files), with where each
 * goes. Refuses a file with unmerged entries (a conflict), and a target that is in the index
 * already (git mv refuses both).
 */
export function indexEntriesOf(repository: Repository, moves: ReadonlyArray<{ from: string; to: string }>): IndexEntry[] {
  if (moves.length === 0) return [];
  const full = (relative: string) => `${repository.prefix}${relative}`;
  const listed = (paths: string[]) =>
    nulFields(git(['ls-files', '-s', '-z', '--full-name', '--', ...paths], { cwd: repository.top })).map((field) => {
      const [info, file] = field.split('\t');
      const [mode, object, stage] = info.split(' ');
      return { mode, object, stage, file };
    });
  const entries: IndexEntry[] = [];
  for (const found of listed(moves.map((move) => full(move.from)))) {
    const move = moves.find((candidate) => found.file === full(candidate.from) || found.file.startsWith(`${full(candidate.from)}/`))!;
    if (found.stage !== '0') refuse('gitConflict', { file: found.file.slice(repository.prefix.length) });
    entries.push({ mode: found.mode, object: found.object, from: found.file, to: full(move.to) + found.file.slice(full(move.from).length) });
  }
  const taken = listed(moves.map((move) => full(move.to)));
  if (taken.length > 0) refuse('targetInIndex', { to: taken[0].file.slice(repository.prefix.length) });
  return entries;
}

/** The index entries at these paths (from the top): which of them the index holds now. */
export function inIndex(repository: Repository, paths: readonly string[]): number {
  if (paths.length === 0) return 0;
  return nulFields(git(['ls-files', '-z', '--full-name', '--', ...paths], { cwd: repository.top })).length;
}

/** Moves the entries in the index, in one write of it (git's own lock and rename): `from` to `to`, or back. */
export function moveInIndex(repository: Repository, entries: readonly IndexEntry[], direction: 'forward' | 'back'): void {
  const lines: string[] = [];
  for (const entry of entries) {
    const [gone, added] = direction === 'forward' ? [entry.from, entry.to] : [entry.to, entry.from];
    lines.push(`0 ${'0'.repeat(entry.object.length)}\t${gone}`, `${entry.mode} ${entry.object} 0\t${added}`);
  }
  git(['update-index', '-z', '--index-info'], { cwd: repository.top, input: lines.map((line) => `${line}\0`).join('') });
}
