import path from 'node:path';
import pc from 'picocolors';
import { MoveError } from '../move/messages.js';
import { planMove } from '../move/plan.js';
import type { MovePlan } from '../move/types.js';
import { applyMove } from '../move/write.js';
import { plural } from '../text.js';
import { FileReadError, validateFile, type ValidateOptions } from '../validate.js';
import { parseMoveArgs, UsageError } from './args.js';
import { CliConfigs } from './config.js';
import { unifiedDiff } from './fix-command.js';
import { writeReports } from './format.js';
import type { CliIo } from './io.js';
import { docsFileOf } from './paths.js';
import { keepScans, saveScans } from './scan-cache.js';
import { exitCodeOf } from './exit-code.js';

/**
 * `docsnav mv <from> <to> [docs.json]`: the move planned and written by the library (src/move),
 * then the site validated as `validate` would. `--dry-run` prints the change as one diff instead.
 * Exit 0/1 as validate's, 2 when the move is refused or a write fails (one line).
 */
export async function moveCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseMoveArgs(argv);
  const file = docsFileOf(args.path);
  const color = args.color ?? (io.isTTY && pc.isColorSupported);
  const config = new CliConfigs(args).optionsFor<ValidateOptions>(file, {});
  if ('broken' in config) {
    await writeReports(config.broken ? [config.broken] : [], args, io, 'stdout', color);
    return 2;
  }
  const { options } = config;
  let plan: MovePlan;
  try {
    plan = planMove(file, { from: args.from, to: args.to }, { root: options.root, profile: options.profile, languageCodes: options.languageCodes });
  } catch (error) {
    if (error instanceof MoveError) throw new UsageError(`cannot move ${args.from}: ${error.message}`);
    throw error;
  }
  if (args.dryRun) {
    io.stdout(diffOf(plan));
    io.stderr(summary(plan, true));
    return 0;
  }
  try {
    applyMove(plan);
  } catch (error) {
    if (error instanceof MoveError) throw new UsageError(`cannot move ${args.from}: ${error.message}`);
    throw error;
  }
  io.stderr(summary(plan, false));
  const stores = keepScans(args);
  let result;
  try {
    result = validateFile(file, { ...options, pageScans: stores?.for(options.root ?? path.dirname(file)) });
  } catch (error) {
    if (error instanceof FileReadError) throw new UsageError(error.message);
    throw error;
  }
  if (stores) saveScans(stores, args, io);
  await writeReports([result], args, io, 'stdout', color);
  return exitCodeOf(result.problems, args.maxWarnings, io);
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
  const { added, repointed } = plan.redirects;
  const lines = [
    `docsnav: ${dryRun ? 'would move' : 'moved'} ${moved} (${plural(plan.pages.length, 'page')}); ${dryRun ? 'would rewrite' : 'rewrote'} ${plan.counts.navigation} navigation ${plan.counts.navigation === 1 ? 'entry' : 'entries'} and ${plural(plan.counts.links, 'link')} in ${plural(edited, 'file')}; ${plural(added.length, 'redirect')} added, ${repointed.length} re-pointed`,
  ];
  for (const note of plan.notes) lines.push(`docsnav: note: ${note.file}${note.line === undefined ? '' : `:${note.line}:${note.column}`}: ${note.message}`);
  return `${lines.join('\n')}\n`;
}
