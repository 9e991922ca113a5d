import pc from 'picocolors';
import { countProblems, type ValidationResult } from '../result.js';
import { FileReadError, validateFile } from '../validate.js';
import { parseValidateArgs, UsageError } from './args.js';
import { docsFileOf } from './paths.js';
import { HELP } from './help.js';
import type { CliIo } from './run.js';
import { formatResultsAs, FORMATS } from './format.js';

/** `docsnav validate [paths…]`: exit 0 without errors, 1 with errors (or too many warnings), 2 on usage or I/O errors. */
export async function validateCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseValidateArgs(argv, FORMATS);
  if (args.help) {
    io.stdout(HELP);
    return 0;
  }
  const files = args.paths.length > 0 ? args.paths.map(docsFileOf) : [docsFileOf(undefined)];
  const results: ValidationResult[] = [];
  for (const file of files) {
    try {
      results.push(validateFile(file, { rules: args.rules, languageCodes: args.languageCodes, root: args.root }));
    } catch (error) {
      if (error instanceof FileReadError) throw new UsageError(error.message);
      throw error;
    }
  }
  const color = args.color ?? (io.isTTY && pc.isColorSupported);
  io.stdout(await formatResultsAs(args.format, results, { color }));
  const counts = countProblems(results.flatMap((result) => result.problems));
  if (counts.errors > 0) return 1;
  if (args.maxWarnings !== undefined && counts.warnings > args.maxWarnings) {
    io.stderr(`docsnav: ${counts.warnings} warnings, more than --max-warnings ${args.maxWarnings}\n`);
    return 1;
  }
  return 0;
}
