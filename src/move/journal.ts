/**
 * A move's journal: its plan and the bytes it needs, on disk before anything the site can see
 * changes, so that a move cut short (a full disk, a signal, kill -9, a power cut) is finished or
 * undone, by the process itself or by `docsnav mv --continue` / `--abort` later. It is a folder
 * in the repository's git folder (`.git/docsnav-mv`), or in the docs root outside git
 * (`.docsnav-mv`):
 *
 * - `after`: every new text, one after the other;
 * - `old/<n>`: each file to be rewritten as it was, a hard link to it (a copy where links cannot
 *   be made): the old bytes are kept until the end, and putting one back is a rename, which needs
 *   no free space;
 * - `plan.json`, written last (a temporary file renamed): the journal holds only once it is there.
 *
 * Every step is done again only when it is not done yet, as read from the disk (a file's bytes,
 * whether a path exists, what the index holds), so either direction can be run again after any
 * interruption, its own included. A file that is neither as it was nor as the move writes it has
 * been changed by someone else since: it is never overwritten.
 *
 * A journal read back proves it is ours first (journal-seal.ts): sealed with this user's key for
 * this docs root, every path relative and inside the root. The bytes it writes are checked against
 * the plan's hashes as they are used, and no path is followed through a symbolic link.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import path from 'node:path';
import { exists, lstatOrUndefined } from './disk.js';
import { syncFile, syncFolder, writeNewFile } from '../write-file.js';
import { notOurs, ownJournalFolder, planMisfit, readPlanBytes, sealedPlan, unsealedPlan, type JournalContext } from './journal-seal.js';
import { refuse } from './messages.js';
import { inIndex, moveInIndex, type IndexEntry, type Repository } from './repository.js';
import type { FileMove } from './types.js';

/** A file the move rewrites: where it is before and after the move, its bytes' hashes, and where its new text is in `after`. */
interface JournalChange {
  file: string;
  movedTo: string;
  before: string;
  after: string;
  offset: number;
  length: number;
  /** How the old bytes are kept in `old/<n>`: the file itself (a hard link) or a copy. */
  kept: 'link' | 'copy';
}

/** plan.json (after its seal line). */
export interface JournalPlan {
  version: 2;
  /** Random: names the temporary files of this move. */
  id: string;
  pid: number;
  started: string;
  /** The docs root, its real path. */
  root: string;
  /** The repository's top folder when git tracks something that moves. */
  top?: string;
  requests: FileMove[];
  /** Folders made for the targets, root-relative, parents first. */
  folders: string[];
  changes: JournalChange[];
  index: IndexEntry[];
}

/** What a move writes: the plan's moves and changes (after the checks), and its repository. */
export interface MoveWork {
  /** The docs root, its real path. */
  root: string;
  repository?: Repository;
  requests: readonly FileMove[];
  folders: readonly string[];
  changes: ReadonlyArray<{ file: string; movedTo: string; before: Buffer; after: Buffer }>;
  index: readonly IndexEntry[];
}

const PLAN = 'plan.json';

/** Where the journal of a move in `root` is: in the repository's git folder, else in the root. */
export function journalFolder(root: string, repository: Repository | undefined): string {
  return repository ? path.join(repository.gitDir, 'docsnav-mv') : path.join(root, '.docsnav-mv');
}

/**
 * The journal's plan, when one holds (a folder without plan.json is a journal never finished:
 * nothing was changed yet). Refuses (`notOurs`) a journal that is not this user's for this root.
 */
export function readJournal(folder: string, context: JournalContext): JournalPlan | undefined {
  if (!ownJournalFolder(folder, context.root)) return undefined;
  const bytes = readPlanBytes(folder, context.root, PLAN);
  if (bytes === undefined) return undefined;
  const plan = unsealedPlan(bytes, folder, context);
  const misfit = planMisfit(plan, context);
  if (misfit !== undefined) notOurs(folder, context.root, misfit);
  return plan as JournalPlan;
}

/** Removes a journal folder with no plan in it (left by a move cut short before it changed anything). */
export function removeIncomplete(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/**
 * Writes the journal (refuses `unfinished` when one is there): the new texts, the old files kept,
 * then the plan. Nothing the site can see has changed yet; on a failure the journal is removed.
 */
export function writeJournal(folder: string, work: MoveWork, context: JournalContext): JournalPlan {
  try {
    mkdirSync(folder, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const plan = readJournal(folder, context);
    if (plan) refuse('unfinished', unfinishedData(plan, folder));
    // Its writer is gone (the caller holds the moves' lock): left by a move cut short before it changed anything.
    removeIncomplete(folder);
    mkdirSync(folder, 0o700);
  }
  try {
    const changes: JournalChange[] = [];
    let offset = 0;
    for (const change of work.changes) {
      changes.push({
        file: change.file,
        movedTo: change.movedTo,
        before: hash(change.before),
        after: hash(change.after),
        offset,
        length: change.after.length,
        kept: 'link',
      });
      offset += change.after.length;
    }
    writeNewFile(path.join(folder, 'after'), Buffer.concat(work.changes.map((change) => change.after)), { mode: 0o600 });
    mkdirSync(path.join(folder, 'old'));
    changes.forEach((change, n) => {
      const old = path.join(folder, 'old', String(n));
      try {
        linkSync(path.join(work.root, change.file), old);
      } catch (error) {
        // A file system without hard links, or the git folder on another one: a copy, its mode kept.
        if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
        copyFileSync(path.join(work.root, change.file), old, constants.COPYFILE_EXCL);
        change.kept = 'copy';
      }
    });
    const plan: JournalPlan = {
      version: 2,
      id: randomBytes(8).toString('hex'),
      pid: process.pid,
      started: new Date().toISOString(),
      root: work.root,
      top: work.index.length > 0 ? work.repository?.top : undefined,
      requests: [...work.requests],
      folders: [...work.folders],
      changes,
      index: [...work.index],
    };
    const temporary = path.join(folder, `${PLAN}.tmp`);
    writeNewFile(temporary, sealedPlan(context, folder, plan), { mode: 0o600 });
    renameSync(temporary, path.join(folder, PLAN));
    syncFolder(folder);
    return plan;
  } catch (error) {
    removeIncomplete(folder);
    throw error;
  }
}

/** The data of the `unfinished` refusal. */
export function unfinishedData(plan: JournalPlan, folder: string): { moves: string; started: string; journal: string } {
  return {
    moves: plan.requests.map((request) => `${request.from} → ${request.to}`).join(', '),
    started: plan.started,
    journal: folder,
  };
}

/** The last step of either direction: the journal removed (plan.json first: from then on nothing is to be done). */
export function removeJournal(folder: string): void {
  unlinkSync(path.join(folder, PLAN));
  syncFolder(folder);
  rmSync(folder, { recursive: true, force: true });
}

/**
 * The move made, step by step (a step yields after it): each new text written to a temporary
 * file beside its file and flushed, then each renamed over its file, the folders made and the
 * files moved, then the index in one write. Steps already done are skipped.
 */
export function* forward(folder: string, plan: JournalPlan): Generator<void> {
  const at = linkFreePaths(plan.root);
  const moved = movedTest(plan);
  const after = readJournalFile(folder, plan.root, 'after');
  removeTemporaries(plan);
  const staged: Array<{ temporary: string; target: string }> = [];
  for (const change of plan.changes) {
    // The texts are written where the files are before the move (a folder moves with them).
    const where = moved(change) ? change.movedTo : change.file;
    const current = hashOf(at(where));
    if (current === change.after) continue;
    if (current !== change.before) refuse('changedSinceInterrupted', { file: where });
    const text = after.subarray(change.offset, change.offset + change.length);
    if (text.length !== change.length || hash(text) !== change.after)
      notOurs(folder, plan.root, `its new text of ${change.file} is not the one its plan names`);
    const temporary = temporaryOf(at(where), plan.id);
    writeNewFile(temporary, text, { like: lstatSync(at(where)), sync: false });
    staged.push({ temporary, target: at(where) });
    yield;
  }
  // Each new text on disk before any is renamed over its file: a power cut leaves no empty file.
  for (const { temporary } of staged) syncFile(temporary);
  for (const { temporary, target } of staged) {
    renameSync(temporary, target);
    yield;
  }
  for (const folderMade of plan.folders) {
    if (!exists(at(folderMade))) mkdirSync(at(folderMade));
  }
  for (const request of plan.requests) {
    if (exists(at(request.from))) {
      if (exists(at(request.to))) refuse('changedSinceInterrupted', { file: request.to });
      renameSync(at(request.from), at(request.to));
    } else if (!exists(at(request.to))) refuse('changedSinceInterrupted', { file: request.from });
    yield;
  }
  indexStep(plan, 'forward');
  syncFolders(plan, 'forward');
}

/**
 * The move undone, whatever part of it was made: the index put back, the files moved back, the
 * folders made removed, each rewritten file's old bytes renamed back over it.
 */
export function backward(folder: string, plan: JournalPlan): void {
  const at = linkFreePaths(plan.root);
  removeTemporaries(plan);
  // Stryker disable next-line StringLiteral: indexStep and moveInIndex read every direction but 'forward' as back.
  indexStep(plan, 'back');
  // Stryker disable next-line MethodExpression: a move's requests never nest (twoTargets, intoItself, inMovedFolder), so the order they are undone in changes nothing.
  for (const request of [...plan.requests].reverse()) {
    if (exists(at(request.to)) && !exists(at(request.from))) renameSync(at(request.to), at(request.from));
  }
  for (const folderMade of [...plan.folders].reverse()) {
    if (exists(at(folderMade))) rmdirSync(at(folderMade));
  }
  plan.changes.forEach((change, n) => {
    const old = path.join(folder, 'old', String(n));
    const oldStats = lstatOrUndefined(old);
    if (!oldStats) return;
    if (!oldStats.isFile()) notOurs(folder, plan.root, `its old/${n} is not a file`);
    const target = at(change.file);
    const targetStats = lstatOrUndefined(target);
    // Not rewritten yet: the link is the file itself (or the copy's bytes are the file's).
    if (targetStats && change.kept === 'link' && targetStats.ino === oldStats.ino && targetStats.dev === oldStats.dev) return;
    const current = targetStats ? hashOf(target) : undefined;
    if (current === change.before) return;
    if (current !== change.after) refuse('changedSinceInterrupted', { file: change.file });
    // What goes back is the file as it was: old/<n> holds the bytes the plan says it had.
    if (hashOf(old) !== change.before) notOurs(folder, plan.root, `its old/${n} is not ${change.file} as it was`);
    if (change.kept === 'link') renameSync(old, target);
    else {
      // A copy on another file system (the git folder elsewhere): written back beside the file, then renamed over it.
      const temporary = temporaryOf(target, plan.id);
      writeNewFile(temporary, readFileSync(old), { like: targetStats ?? oldStats });
      renameSync(temporary, target);
    }
  });
  syncFolders(plan, 'back');
}

/**
 * The index entries moved (or moved back) in one write, unless done: the index is written whole
 * (git's lock and rename), so the first entry tells where all of them are.
 */
function indexStep(plan: JournalPlan, direction: 'forward' | 'back'): void {
  if (plan.top === undefined || plan.index.length === 0) return;
  const repository = { top: plan.top, gitDir: '', prefix: '' };
  const first = plan.index[0];
  if (inIndex(repository, [direction === 'forward' ? first.from : first.to]) > 0) moveInIndex(repository, plan.index, direction);
}

/** Whether a change's file has moved (its request's target is there and its source is not). */
function movedTest(plan: JournalPlan): (change: JournalChange) => boolean {
  const at = linkFreePaths(plan.root);
  const done = plan.requests.map((request) => ({ ...request, moved: exists(at(request.to)) && !exists(at(request.from)) }));
  return (change) => {
    if (change.file === change.movedTo) return false;
    const request = done.find((candidate) => change.file === candidate.from || change.file.startsWith(`${candidate.from}/`));
    return request?.moved ?? false;
  };
}

/**
 * Root-relative paths made absolute, refusing one reached through a symbolic link (a folder of the
 * root swapped for one since the move was planned): nothing is written or moved through a link.
 * Each folder is looked at once per call of the step.
 */
function linkFreePaths(root: string): (relative: string) => string {
  const checked = new Set<string>();
  return (relative) => {
    const parts = relative.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (checked.has(folder)) continue;
      if (lstatOrUndefined(path.join(root, folder))?.isSymbolicLink()) refuse('symlink', { path: folder });
      checked.add(folder);
    }
    return path.join(root, relative);
  };
}

/** A file of the journal, read without following a link; refuses (`notOurs`) one that is no regular file. */
function readJournalFile(folder: string, root: string, name: string): Buffer {
  const fd = openSync(path.join(folder, name), constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    if (!fstatSync(fd).isFile()) notOurs(folder, root, `its ${name} is not a file`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The temporary file of a target for this move: beside it, hidden, named by the move's id. */
function temporaryOf(target: string, id: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.docsnav-${id}.tmp`);
}

/** Every temporary file this move may have left, where the file was and where it goes. */
function removeTemporaries(plan: JournalPlan): void {
  for (const change of plan.changes) {
    for (const where of new Set([change.file, change.movedTo])) {
      try {
        unlinkSync(temporaryOf(path.join(plan.root, where), plan.id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
      }
    }
  }
}

/** The folders whose entries changed, flushed (a rename is on disk once its folder is). */
function syncFolders(plan: JournalPlan, direction: 'forward' | 'back'): void {
  const folders = new Set<string>();
  for (const change of plan.changes) folders.add(path.dirname(path.join(plan.root, direction === 'forward' ? change.movedTo : change.file)));
  for (const request of plan.requests) {
    folders.add(path.dirname(path.join(plan.root, request.from)));
    if (direction === 'forward') folders.add(path.dirname(path.join(plan.root, request.to)));
  }
  for (const folder of folders) syncFolder(folder);
}

function hash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A file's hash; undefined when it is missing (or no file: a folder in its place). */
function hashOf(file: string): string | undefined {
  try {
    return hash(readFileSync(file));
  } catch (error) {
    if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}
