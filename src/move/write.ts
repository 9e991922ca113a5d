/**
 * `applyMove`: a planned move written to disk, all or nothing. Every file is checked first to be
 * as planned; then the journal (journal.ts) is written, holding the plan, every new text and the
 * old files; then each new text goes to a temporary file beside its file and is renamed over it,
 * the files move, and the git index follows in one write (git mv's entries: history follows).
 * When a step fails, or SIGINT or SIGTERM comes (`applyMoveInterruptibly`), every step done is
 * undone and the error says so; after kill -9 or a power cut, `finishMove` (`docsnav mv
 * --continue` / `--abort`) finishes or undoes it from the journal.
 */
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { GitError } from '../git.js';
import { ioErrorText } from '../io-error.js';
import { exists, lstatOrUndefined } from './disk.js';
import {
  backward,
  forward,
  journalFolder,
  readJournal,
  removeIncomplete,
  removeJournal,
  unfinishedData,
  writeJournal,
  type JournalPlan,
  type MoveWork,
} from './journal.js';
import { journalKey, type JournalContext } from './journal-seal.js';
import { lockMoves } from './lock.js';
import { lookingAt, MoveError, refuse } from './messages.js';
import { indexEntriesOf, repositoryOf, type Repository } from './repository.js';
import type { FileMove, MovePlan } from './types.js';

export interface AppliedMove {
  /** The moves made (as planned: a folder is one), and whether git's index follows each (it tracks the file, or something in the folder). */
  moved: Array<FileMove & { git: boolean }>;
  /** The files written (root-relative, where they are after the move). */
  written: string[];
  /**
   * Why the journal was written unsealed (there is no user key): the move was made all the same,
   * but had it been cut short by kill -9, no later run could have finished or undone it.
   */
  unsealed?: string;
}

/**
 * Writes a plan made by `planMove`: refuses (a MoveError) when a file changed since, a target
 * appeared, git cannot read the repository, or an unfinished move is recorded; moves the files,
 * writes the changes; on a failure undoes everything done (the git index too) and refuses with
 * what failed. Synchronous: a signal waits for the end (`applyMoveInterruptibly` stops at it).
 */
export function applyMove(plan: MovePlan): AppliedMove {
  const unlock = lockSite(plan.root, describe(plan));
  try {
    const { folder, journal, result } = prepareMove(plan);
    run(folder, journal, () => {
      for (const _ of forward(folder, journal));
    });
    return result;
  } finally {
    unlock();
  }
}

/** What a move does, for the lock's note. */
function describe(plan: MovePlan): string {
  return `mv ${plan.requests.map((request) => `${request.from} → ${request.to}`).join(', ')}`.slice(0, 200);
}

/**
 * Takes the lock of the moves of the site at `root` (refuses `busy` when another process has it),
 * for the whole of a command (`docsnav mv`: from looking for an unfinished move to the end); the
 * library's own steps take it again within. Returns the release.
 */
export function lockSite(root: string, what: string): () => void {
  return lockMoves(journalFolder(root, repositoryOf(root)), what);
}

/** How `applyMoveInterruptibly` learns of a signal, and tells of its steps. */
interface InterruptibleMove {
  /**
   * The signal that came, asked between two steps; default: the process's own SIGINT and SIGTERM,
   * listened to while it writes. A thread of the CLI is told by the thread that has the signals.
   */
  interrupted?: () => NodeJS.Signals | undefined;
  /** Told after each step written (a new text, a rename, a move). */
  onStep?: () => void;
}

/**
 * `applyMove`, stopping at SIGINT or SIGTERM between two steps: what was done is undone and it
 * refuses (`interrupted`, its data the signal's name). The handlers are there only while it writes.
 */
export async function applyMoveInterruptibly(plan: MovePlan, how: InterruptibleMove = {}): Promise<AppliedMove> {
  let signal: NodeJS.Signals | undefined;
  const stop = (name: NodeJS.Signals) => {
    signal ??= name;
  };
  const listens = how.interrupted === undefined;
  const interrupted = how.interrupted ?? (() => signal);
  if (listens) {
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
  const unlock = lockSite(plan.root, describe(plan));
  try {
    const { folder, journal, result } = prepareMove(plan);
    const steps = forward(folder, journal);
    let failed: Error | undefined;
    for (;;) {
      let next: IteratorResult<void>;
      try {
        const came = interrupted();
        if (came === undefined) next = steps.next();
        else throw new Interrupted(came);
      } catch (error) {
        // git stopped by the signal (Ctrl-C reaches every process of the terminal's group): the move is interrupted.
        if (error instanceof GitError && error.signal !== undefined) failed = new Interrupted(error.signal);
        else failed = error instanceof Error ? error : new Error(String(error));
        break;
      }
      if (next.done) break;
      how.onStep?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    run(folder, journal, () => {
      if (failed !== undefined) throw failed;
    });
    return result;
  } finally {
    unlock();
    // Taken off whether or not they were put on (off is a no-op then).
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

class Interrupted extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(signal);
  }
}

/** What a journal of the site at `root` is checked against (journal-seal.ts): the root's real path, its repository, this user's key. */
function contextOf(root: string, repository: Repository | undefined): JournalContext {
  // A root that cannot be reached (a loop of links on the way) is said as one that cannot be read.
  const real = lookingAt(root, () => realpathSync(root));
  return { root: real, repository: repository && { top: repository.top, prefix: repository.prefix }, key: journalKey(real) };
}

/**
 * The journal of the site at `root`: its repository, its folder and what it is checked against.
 * The folder is the real root's (outside git): the seal binds it, so a move cut short is finished
 * however the root is reached again, through a link or not.
 */
function journalOf(root: string): { repository: Repository | undefined; folder: string; context: JournalContext } {
  const repository = repositoryOf(root);
  const context = contextOf(root, repository);
  return { repository, folder: journalFolder(context.root, repository), context };
}

/**
 * The move recorded in the journal of `root` finished (`continue`) or undone (`abort`); what it
 * was, or undefined when none is recorded. Refuses when the journal is not this user's for this
 * root (`notOurs`), another move runs (`busy`), git cannot read the repository, or a file changed
 * since the move stopped.
 */
export function finishMove(root: string, how: 'continue' | 'abort'): { moves: string; done: 'finished' | 'undone' } | undefined {
  const { folder, context } = journalOf(root);
  const unlock = lockMoves(folder, `mv --${how}`);
  try {
    const journal = readJournal(folder, context);
    if (!journal) {
      removeIncomplete(folder);
      return undefined;
    }
    const moves = unfinishedData(journal, folder).moves;
    try {
      if (how === 'continue') for (const _ of forward(folder, journal));
      else backward(folder, journal);
    } catch (error) {
      if (error instanceof MoveError) throw error;
      refuse('recoveryFailed', { how, why: whyOf(error), journal: folder });
    }
    removeJournal(folder);
    return { moves, done: how === 'continue' ? 'finished' : 'undone' };
  } finally {
    unlock();
  }
}

/** The move recorded (unfinished) for `root`, said for a refusal; undefined when there is none. Refuses when git cannot read the repository, or the journal is not this user's for this root. */
export function unfinishedMove(root: string): { moves: string; started: string; journal: string } | undefined {
  const { folder, context } = journalOf(root);
  const journal = readJournal(folder, context);
  return journal && unfinishedData(journal, folder);
}

/** The checks before anything is written, and the journal written: nothing the site can see has changed yet (`forward` makes the move). */
export function prepareMove(plan: MovePlan): { folder: string; journal: JournalPlan; result: AppliedMove } {
  const { root } = plan;
  const at = (relative: string) => path.join(root, relative);
  const changes = plan.changes.map((change) => {
    const stats = lookingAt(change.file, () => lstatOrUndefined(at(change.file)));
    if (stats?.isSymbolicLink()) refuse('symlink', { path: change.file });
    let bytes: Buffer | undefined;
    try {
      bytes = stats?.isFile() ? readFileSync(at(change.file)) : undefined;
    } catch (error) {
      // Gone since (or a folder now): changed. Anything else (EACCES, EIO) is said as it is.
      if (!['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? ''))
        refuse('unreadable', { file: change.file, why: ioErrorText(error, 'read') });
      bytes = undefined;
    }
    if (bytes?.toString('utf8') !== change.before) refuse('changedSincePlan', { file: change.file });
    return { file: change.file, movedTo: change.movedTo, before: bytes, after: Buffer.from(change.after, 'utf8') };
  });
  for (const request of plan.requests) {
    if (!lookingAt(request.from, () => exists(at(request.from)))) refuse('changedSincePlan', { file: request.from });
    if (lookingAt(request.to, () => exists(at(request.to))) && !sameFile(at(request.from), at(request.to))) refuse('targetExists', { to: request.to });
  }
  const { repository, folder, context } = journalOf(root);
  const index = repository ? indexEntriesOf(repository, plan.requests) : [];
  const folders: string[] = [];
  for (const request of plan.requests) {
    const parts = path.posix.dirname(request.to).split('/');
    for (let i = 1; i <= parts.length; i++) {
      const relative = parts.slice(0, i).join('/');
      if (relative === '.' || folders.includes(relative) || exists(at(relative))) continue;
      folders.push(relative);
    }
  }
  const work: MoveWork = { root: context.root, repository, requests: plan.requests, folders, changes, index };
  let journal: JournalPlan;
  try {
    journal = writeJournal(folder, work, context);
  } catch (error) {
    if (error instanceof MoveError) throw error;
    refuse('writeFailed', { why: `cannot write the journal ${folder}: ${whyOf(error)}` });
  }
  const tracked = new Set(index.map((entry) => entry.from));
  const result: AppliedMove = {
    moved: plan.requests.map((request) => ({
      ...request,
      git: [...tracked].some((file) => file === `${repository!.prefix}${request.from}` || file.startsWith(`${repository!.prefix}${request.from}/`)),
    })),
    written: plan.changes.map((change) => change.movedTo),
    ...('refused' in context.key ? { unsealed: context.key.refused } : {}),
  };
  return { folder, journal, result };
}

/** Runs the forward steps; on a failure (or an interruption) undoes what was done, removes the journal, and refuses with what failed. */
function run(folder: string, journal: JournalPlan, steps: () => void): void {
  try {
    steps();
  } catch (error) {
    const why = error instanceof Interrupted ? undefined : whyOf(error);
    try {
      backward(folder, journal);
      removeJournal(folder);
    } catch (undoError) {
      refuse('rollbackFailed', { why: why ?? `interrupted (${(error as Interrupted).signal})`, left: whyOf(undoError), journal: folder });
    }
    if (error instanceof Interrupted) refuse('interrupted', { signal: error.signal });
    if (error instanceof MoveError) throw error;
    refuse('writeFailed', { why: why! });
  }
  removeJournal(folder);
}

function whyOf(error: unknown): string {
  if (error instanceof GitError || error instanceof MoveError) return error.message;
  // A rename's error names the file replaced (`dest`), else the one opened.
  const failed = error as NodeJS.ErrnoException & { dest?: string };
  const file = failed.dest ?? failed.path;
  return file ? `${file}: ${ioErrorText(error, 'write')}` : ioErrorText(error, 'write');
}

function sameFile(a: string, b: string): boolean {
  const first = lstatOrUndefined(a);
  const second = lstatOrUndefined(b);
  return first !== undefined && second !== undefined && first.ino === second.ino && first.dev === second.dev;
}
