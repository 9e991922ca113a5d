import path from 'node:path';
import pc from 'picocolors';
import type { ValidationResult } from '../result.js';
import { FileReadError } from '../read.js';
import { validateFile, validateText } from '../validate.js';
import type { ValidateOptions } from '../pipeline/options.js';
import { parseValidateArgs, UsageError, type ValidateArgs } from './args.js';
import { CliConfigs } from './config.js';
import { expandPaths } from './paths.js';
import type { CliIo } from './io.js';
import { writeReports } from './format.js';
import { readStdinDocument } from './stdin.js';
import type { SiteBase } from '../site/base.js';
import { keepScans, saveScans } from './scan-cache.js';
import { exitCodeOf } from './exit-code.js';
import { interruptingSignal, signalledExitCode } from './thread.js';
import { unfinishedMoveNote } from './unfinished-move.js';
import { plural } from '../text.js';

/**
 * `docsnav validate [paths… | globs… | -]`: exit 0 without errors, 1 with errors (or too many
 * warnings), 2 on usage or I/O errors or a bad config.
 */
export async function validateCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseValidateArgs(argv);
  const { thread } = io;
  if (!thread) return validateWith(args, io);
  // On a thread of its own (thread.ts): a progress line on a terminal, and a signal stops it at the next step.
  let fixed: readonly string[] = [];
  try {
    thread.begin('validating', thread.showsProgress(args.formats, io.env ?? process.env));
    return await validateWith(args, io, (files) => (fixed = files));
  } catch (error) {
    const signal = interruptingSignal(error);
    if (signal === undefined) throw error;
    const changed = fixed.length === 0 ? 'nothing was changed' : `${fixed.join(', ')} fixed before it, nothing else changed`;
    const { read, scanned } = thread.progress();
    io.stderr(`docsnav: interrupted (${signal}) after ${plural(read, 'file')} read and ${plural(scanned, 'page')} checked: ${changed}\n`);
    return signalledExitCode(signal);
  }
}

async function validateWith(args: ValidateArgs, io: CliIo, onFixed?: (files: readonly string[]) => void): Promise<number> {
  const onProgress = io.thread?.onProgress;
  const results: ValidationResult[] = [];
  const configs = new CliConfigs(args);
  // `--fix` / `--fix-dry-run`: each file is fixed (or its fixes shown), and what remains is reported.
  const fixing = args.fix ? new (await import('./fix-command.js')).FixRun(args.fix, io) : undefined;
  let badConfig = false;
  const stores = keepScans(args);
  if (args.stdin) {
    const { file, text, root } = await readStdinDocument(args, io);
    const config = configs.optionsFor<ValidateOptions>(file, {});
    if ('broken' in config) {
      badConfig = true;
      if (config.broken) results.push(config.broken);
    } else {
      const since = args.since === undefined ? undefined : await siteBase(file, args.since, config.options, io);
      // `root`: --root, else the folder of --stdin-filename (readStdinDocument); a config file names no root.
      // Stryker disable next-line ConditionalExpression: a store for no root is never filled (no page is looked up without one), so nothing is written
      const pageScans = root === undefined ? undefined : stores?.for(root);
      results.push(validateText(text, { ...config.options, specs: args.specs, file, root, since, concurrency: args.concurrency, pageScans, onProgress }));
    }
  } else {
    const files = await expandPaths(args.paths.length > 0 ? args.paths : ['.']);
    for (const file of files) {
      const config = configs.optionsFor<ValidateOptions>(file, {});
      if ('broken' in config) {
        badConfig = true;
        if (config.broken) results.push(config.broken);
        continue;
      }
      try {
        const since = args.since === undefined ? undefined : await siteBase(file, args.since, config.options, io);
        const root = config.options.root ?? path.dirname(file);
        const pageScans = stores?.for(root);
        const partlyMoved = unfinishedMoveNote(root);
        if (partlyMoved) io.stderr(partlyMoved);
        const options = { ...config.options, specs: args.specs, since, concurrency: args.concurrency, pageScans, onProgress };
        results.push(fixing ? fixing.fix(file, options) : validateFile(file, options));
        if (fixing) onFixed?.(fixing.written());
      } catch (error) {
        if (error instanceof FileReadError) throw new UsageError(error.message);
        throw error;
      }
    }
  }
  // A signal that came after the last step: nothing more is written (the report, the cache).
  io.thread?.check();
  fixing?.finish();
  const color = args.color ?? (io.isTTY && pc.isColorSupported);
  // A dry run's stdout is the diff alone, so that it can be piped to `git apply`.
  if (args.fix !== 'dry-run') await writeReports(results, args, io, 'stdout', color);
  if (stores) saveScans(stores, args, io);
  if (badConfig) return 2;
  return exitCodeOf(
    results.flatMap((result) => result.problems),
    args.maxWarnings,
    io,
  );
}

/**
 * `--since <ref>`: the site at that git ref (src/history, loaded only then); a git failure is one
 * line, exit 2. On a thread of its own, git stopped by Ctrl-C (which reaches git too) is the
 * command interrupted (validateCommand says so).
 */
async function siteBase(file: string, ref: string, options: ValidateOptions, io: CliIo): Promise<SiteBase> {
  const { readSiteBase } = await import('../history/base.js');
  const { GitError } = await import('../git.js');
  try {
    return readSiteBase(file, ref, { profile: options.profile, languageCodes: options.languageCodes });
  } catch (error) {
    if (error instanceof GitError && (error.signal === undefined || !io.thread)) throw new UsageError(`--since ${ref}: ${error.message}`);
    throw error;
  }
}
