import pc from 'picocolors';
import { countProblems, type ValidationResult } from '../result.js';
import { FileReadError, validateFile } from '../validate.js';
import { parseValidateArgs, UsageError } from './args.js';
import { CliConfigs } from './config.js';
import { docsFileOf } from './paths.js';
import { HELP } from './help.js';
import type { CliIo } from './run.js';
import { formatResultsAs, FORMATS } from './format.js';

/** `docsnav validate [paths…]`: exit 0 without errors, 1 with errors (or too many warnings), 2 on usage or I/O errors or a bad config. */
export async function validateCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseValidateArgs(argv, FORMATS);
  if (args.help) {
    io.stdout(HELP);
    return 0;
  }
  const files = args.paths.length > 0 ? args.paths.map(docsFileOf) : [docsFileOf(undefined)];
  const results: ValidationResult[] = [];
  const configs = new CliConfigs(args);
  let badConfig = false;
  for (const file of files) {
    const config = configs.optionsFor(file, {});
    if ('broken' in config) {
      badConfig = true;
      if (config.broken) results.push(config.broken);
      continue;
    }
    try {
      results.push(validateFile(file, { ...config.options, specs: args.specs }));
    } catch (error) {
      if (error instanceof FileReadError) throw new UsageError(error.message);
      throw error;
    }
  }
  const color = args.color ?? (io.isTTY && pc.isColorSupported);
  io.stdout(await formatResultsAs(args.format, results, { color }));
  if (badConfig) return 2;
  const counts = countProblems(results.flatMap((result) => result.problems));
  if (counts.errors > 0) return 1;
  if (args.maxWarnings !== undefined && counts.warnings > args.maxWarnings) {
    io.stderr(`docsnav: ${counts.warnings} warnings, more than --max-warnings ${args.maxWarnings}\n`);
    return 1;
  }
  return 0;
}
