/**
 * `applyMove`: a planned move written to disk, all or nothing. Every file is checked first to be
 * as planned; then the files move (with `git mv` when git tracks them, so their history follows;
 * a plain rename otherwise) and the changed texts are written. When any step fails, every step
 * done is undone, in reverse, and the error says so: nothing is left half-moved.
 */
import { lstatSync, mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ioErrorText } from '../io-error.js';
import { git, GitError } from '../history/git.js';
import { refuse } from './messages.js';
import type { FileMove, MovePlan } from './types.js';

export interface AppliedMove {
  /** The moves made (as planned: a folder is one), and whether git made each (it tracks the file, or something in the folder). */
  moved: Array<FileMove & { git: boolean }>;
  /** The files written (root-relative, where they are after the move). */
  written: string[];
}

/** One step done, and how to undo it. */
interface Step {
  action: string;
  file: string;
  undo(): void;
}

/**
 * Writes a plan made by `planMove`: refuses (a MoveError) when a file changed since, or a target
 * appeared; moves the files, writes the changes; on a failure undoes everything done (the git
 * index too) and refuses with what failed.
 */
export function applyMove(plan: MovePlan): AppliedMove {
  const { root } = plan;
  const at = (relative: string) => path.join(root, relative);
  for (const change of plan.changes) {
    let text: string | undefined;
    try {
      text = readFileSync(at(change.file), 'utf8');
    } catch {
      text = undefined;
    }
    if (text !== change.before) refuse('changedSincePlan', { file: change.file });
  }
  for (const request of plan.requests) {
    if (!exists(at(request.from))) refuse('changedSincePlan', { file: request.from });
    if (exists(at(request.to)) && !sameFile(at(request.from), at(request.to))) refuse('targetExists', { to: request.to });
  }
  const tracked = trackedIn(root, plan.requests);
  const done: Step[] = [];
  const result: AppliedMove = { moved: [], written: [] };
  let step = { action: 'move', file: '' };
  try {
    for (const request of plan.requests) {
      step = { action: 'make the folder of', file: request.to };
      for (const folder of makeFolders(root, path.posix.dirname(request.to))) {
        done.push({ action: 'remove the folder', file: folder, undo: () => rmdirSync(at(folder)) });
      }
      step = { action: 'move', file: request.from };
      const byGit = tracked.has(request.from);
      if (byGit) gitMove(root, request.from, request.to);
      else renameSync(at(request.from), at(request.to));
      done.push({
        action: 'move back',
        file: request.to,
        undo: () => (byGit ? gitMove(root, request.to, request.from) : renameSync(at(request.to), at(request.from))),
      });
      result.moved.push({ from: request.from, to: request.to, git: byGit });
    }
    for (const change of plan.changes) {
      step = { action: 'write', file: change.movedTo };
      writeFileSync(at(change.movedTo), change.after);
      done.push({ action: 'put back', file: change.movedTo, undo: () => writeFileSync(at(change.movedTo), change.before) });
      result.written.push(change.movedTo);
    }
  } catch (error) {
    const why = error instanceof GitError ? error.message : ioErrorText(error, 'write');
    const left: string[] = [];
    for (const undo of done.reverse()) {
      try {
        undo.undo();
      } catch {
        left.push(`${undo.action} ${undo.file}`);
      }
    }
    if (left.length > 0) refuse('rollbackFailed', { action: step.action, file: step.file, why, left: left.join(', ') });
    refuse('writeFailed', { action: step.action, file: step.file, why });
  }
  return result;
}

/** The requests git tracks (the file, or any file under the folder); none when the root is in no repository or git cannot run. */
function trackedIn(root: string, requests: readonly FileMove[]): Set<string> {
  const tracked = new Set<string>();
  if (requests.length === 0) return tracked;
  let listed: string;
  try {
    listed = git(['ls-files', '-z', '--', ...requests.map((request) => request.from)], { cwd: root }).toString('utf8');
  } catch {
    return tracked;
  }
  const files = listed.split('\0').filter(Boolean);
  if (files.length === 0) return tracked;
  // ls-files names files from the folder git runs in (the root).
  for (const request of requests) {
    if (files.some((file) => file === request.from || file.startsWith(`${request.from}/`))) tracked.add(request.from);
  }
  return tracked;
}

function gitMove(root: string, from: string, to: string): void {
  git(['mv', '--', from, to], { cwd: root });
}

/** Makes a folder and the missing ones above it (inside the root); returns those made, deepest last. */
function makeFolders(root: string, folder: string): string[] {
  const made: string[] = [];
  if (folder === '.' || folder === '') return made;
  const parts = folder.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const relative = parts.slice(0, i).join('/');
    if (exists(path.join(root, relative))) continue;
    mkdirSync(path.join(root, relative));
    made.push(relative);
  }
  return made;
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function sameFile(a: string, b: string): boolean {
  try {
    const first = lstatSync(a);
    const second = lstatSync(b);
    return first.ino === second.ino && first.dev === second.dev;
  } catch {
    return false;
  }
}
