import path from 'node:path';
import pc from 'picocolors';
import { MoveError, refuse } from '../move/messages.js';
import { planMove } from '../move/plan.js';
import type { MovePlan } from '../move/types.js';
import { applyMoveInterruptibly, finishMove, lockSite, unfinishedMove, type AppliedMove } from '../move/write.js';
import type { Problem } from '../problem.js';
import { countProblems } from '../result.js';
import { plural } from '../text.js';
import { FileReadError } from '../read.js';
import { validateFile } from '../validate.js';
import type { ValidateOptions } from '../pipeline/options.js';
import { addedProblems } from './added-problems.js';
import { parseMoveArgs, UsageError, type MoveArgs } from './args.js';
import { CliConfigs } from './config.js';
import { unifiedDiff } from './fix-command.js';
import { writeReports } from './format.js';
import type { CliIo } from './io.js';
import { docsFileAbove, docsFileOf } from './paths.js';
import { keepScans, saveScans } from './scan-cache.js';
import { exitCodeOf } from './exit-code.js';
import { interruptingSignal, signalledExitCode } from './thread.js';

/**
 * `docsnav mv <from> <to> [docs.json]`: the move planned and written by the library (src/move).
 * The site is validated before and after it: what the move added is reported (exit 1), what the
 * site had before is counted in one line. `--dry-run` prints the change as one diff instead;
 * `--continue` / `--abort` finish or undo a move cut short. 2 when refused (one line).
 */
export async function moveCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseMoveArgs(argv);
  // No docs.json named: the nearest one from here up (as git finds its folder).
  const file = args.path === undefined ? docsFileAbove('mv <from> <to>') : docsFileOf(args.path, 'mv <from> <to>');
  const color = args.color ?? (io.isTTY && pc.isColorSupported);
  const config = new CliConfigs(args).optionsFor<ValidateOptions>(file, {});
  if ('broken' in config) {
    await writeReports(config.broken ? [config.broken] : [], args, io, 'stdout', color);
    return 2;
  }
  const { options } = config;
  const root = path.resolve(options.root ?? path.dirname(file));
  if (args.finish !== undefined) return finish(root, args.finish, io);
  // On a thread of its own (thread.ts), a signal stops the checks before and after the write at their next step;
  // git stopped by it (Ctrl-C reaches git too) is the same interruption.
  const stage = { written: false, showsProgress: io.thread?.showsProgress(args.formats, io.env ?? process.env) ?? false };
  try {
    return await lockedMove(file, root, args, options, color, io, stage);
  } catch (error) {
    const signal = interruptingSignal(error);
    if (signal === undefined) throw error;
    const what = stage.written
      ? 'after the move was written (said above): the check of the moved site did not finish; docsnav validate checks it'
      : 'before the move wrote anything: nothing was changed';
    io.stderr(`docsnav: interrupted (${signal}) ${what}\n`);
    return signalledExitCode(signal);
  }
}

/** The move under the site's lock: one move of a site at a time, from looking for an unfinished one to the end (the site is planned on as it is then). */
async function lockedMove(...[file, root, args, options, color, io, stage]: Parameters<typeof move>): Promise<number> {
  // Planning starts with the lock (git is asked where the repository is).
  io.thread?.begin('mv: planning', stage.showsProgress);
  let unlock: () => void;
  try {
    unlock = lockSite(root, `mv ${args.from} ${args.to}`.slice(0, 200));
  } catch (error) {
    throw refusal(error, `move ${args.from}`);
  }
  try {
    return await move(file, root, args, options, color, io, stage);
  } finally {
    unlock();
  }
}

async function move(
  file: string,
  root: string,
  args: MoveArgs,
  options: ValidateOptions,
  color: boolean,
  io: CliIo,
  /** Whether the move was written (what an interruption says), and whether a progress line is drawn for each stage. */
  stage: { written: boolean; readonly showsProgress: boolean },
): Promise<number> {
  const { thread } = io;
  const show = stage.showsProgress;
  let plan: MovePlan;
  try {
    const unfinished = unfinishedMove(root);
    if (unfinished) refuse('unfinished', unfinished);
    plan = planMove(file, { from: args.from, to: args.to }, { root: options.root, profile: options.profile, languageCodes: options.languageCodes });
  } catch (error) {
    throw refusal(error, `move ${args.from}`);
  }
  if (args.dryRun) {
    io.stdout(diffOf(plan));
    io.stderr(summary(plan, true));
    return 0;
  }
  const stores = keepScans(args);
  const check = () => checkSite(file, { ...options, pageScans: stores?.for(root), onProgress: thread?.onProgress });
  thread?.begin('mv: checking', show);
  const before = check();
  thread?.begin('mv: writing', show);
  let applied: AppliedMove;
  try {
    applied = await applyMoveInterruptibly(plan, thread && { interrupted: () => thread.signal(), onStep: thread.onStep });
  } catch (error) {
    if (error instanceof MoveError && error.reason === 'interrupted') {
      io.stderr(`docsnav: ${error.message}\n`);
      return signalledExitCode(error.data.signal as NodeJS.Signals);
    }
    throw refusal(error, `move ${args.from}`);
  }
  stage.written = true;
  io.stderr(summary(plan, false));
  if (applied.unsealed !== undefined)
    io.stderr(`docsnav: note: the move's journal was not sealed (${applied.unsealed}): a move cut short by kill -9 could not have been finished or undone\n`);
  thread?.begin('mv: checking again', show);
  const after = check();
  if (stores) saveScans(stores, args, io);
  const added = addedProblems(before.problems, after.problems, plan);
  io.stderr(
    `docsnav: ${added.length === 0 ? 'the move added no problem' : `the move added ${plural(added.length, 'problem')}`}; ${hadText(before.problems)}\n`,
  );
  await writeReports([{ ...after, problems: added }], args, io, 'stdout', color);
  return exitCodeOf(added, args.maxWarnings, io);
}

/** The site validated, before or after the move; a docs.json that cannot be read is a usage error (one line, exit 2). */
function checkSite(file: string, options: ValidateOptions) {
  try {
    return validateFile(file, options);
  } catch (error) {
    if (error instanceof FileReadError) throw new UsageError(error.message);
    throw error;
  }
}

/** `--continue` / `--abort`: the move recorded in the journal finished or undone, said in one line; none recorded: exit 2. */
function finish(root: string, how: 'continue' | 'abort', io: CliIo): number {
  let finished;
  try {
    finished = finishMove(root, how);
  } catch (error) {
    throw refusal(error, `${how} the move`);
  }
  // Nothing recorded is a usage error (exit 2), as git's `rebase --continue` fails without a rebase.
  if (finished === undefined) throw new UsageError(`no unfinished move is recorded for ${path.relative(process.cwd(), root) || '.'}: nothing to ${how}`);
  io.stderr(`docsnav: ${finished.done} the move ${finished.moves}\n`);
  return 0;
}

/** A refusal as a usage error (exit 2, one line); anything else as it is. */
function refusal(error: unknown, what: string): unknown {
  return error instanceof MoveError ? new UsageError(`cannot ${what}: ${error.message}`) : error;
}

/** What the site had before the move, in a few words. */
function hadText(problems: readonly Problem[]): string {
  if (problems.length === 0) return 'the site had none before it';
  const counts = countProblems(problems);
  // The infos too: the parts add up to the whole (it said 68 problems, 42 errors, 25 warnings).
  const infos = counts.infos > 0 ? `, ${counts.infos} info` : '';
  return `the site had ${plural(problems.length, 'problem')} before it (${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}${infos}): docsnav validate lists them`;
}

/** The whole change as one diff: each moved file's rename (with its edits), then each other file's edits. */
function diffOf(plan: MovePlan): string {
  const at = (relative: string) => path.join(plan.root, relative);
  const changed = new Map(plan.changes.map((change) => [change.file, change]));
  const parts: string[] = [];
  for (const move of plan.files) {
    const change = changed.get(move.from);
    parts.push(unifiedDiff(at(move.from), change?.before ?? '', change?.after ?? '', at(move.to)));
  }
  for (const change of plan.changes) if (change.movedTo === change.file) parts.push(unifiedDiff(at(change.file), change.before, change.after));
  return parts.join('');
}

/** What the move did (or would do), and each note, on stderr. */
function summary(plan: MovePlan, dryRun: boolean): string {
  const moved = plan.requests.map((request) => `${request.from} → ${request.to}`).join(', ');
  const edited = plan.changes.length;
  const { added, repointed, reversed } = plan.redirects;
  const urls = plan.pages.filter((page) => page.from !== page.to).length;
  const pages =
    urls === plan.pages.length
      ? plural(plan.pages.length, 'page')
      : `${plural(plan.pages.length, 'page')}, ${urls === 0 ? 'URL unchanged' : `${urls} of whose URLs change`}`;
  const turned =
    reversed.length === 0
      ? ''
      : `, ${reversed.length} turned round (${reversed.map((redirect) => `now ${redirect.source} → ${redirect.destination}`).join(', ')})`;
  const lines = [
    `docsnav: ${dryRun ? 'would move' : 'moved'} ${moved} (${pages}); ${dryRun ? 'would rewrite' : 'rewrote'} ${plan.counts.navigation} navigation ${plan.counts.navigation === 1 ? 'entry' : 'entries'} and ${plural(plan.counts.links, 'link')} in ${plural(edited, 'file')}; ${plural(added.length, 'redirect')} added, ${repointed.length} re-pointed${turned}`,
  ];
  for (const note of plan.notes) lines.push(`docsnav: note: ${note.file}${note.line === undefined ? '' : `:${note.line}:${note.column}`}: ${note.message}`);
  return `${lines.join('\n')}\n`;
}
