import { ioErrorText } from '../io-error.js';
import path from 'node:path';
import { plural } from '../text.js';
import { createTwoFilesPatch } from 'diff';
import { fixFile, type FixFileResult } from '../fix.js';
import { countProblems, type ValidationResult } from '../result.js';
import type { ValidateOptions } from '../pipeline/options.js';
import { UsageError } from './args.js';
import { repositoryRoot } from './paths.js';
import type { CliIo } from './io.js';

/**
 * `validate --fix` / `--fix-dry-run`: fixes each file (writing it, or keeping the diff for
 * stdout), and at the end says on stderr what was fixed and what remains. The re-validated
 * results are what the report and the exit code come from.
 */
export class FixRun {
  private readonly results: FixFileResult[] = [];

  constructor(
    private readonly mode: 'write' | 'dry-run',
    private readonly io: CliIo,
  ) {}

  /** Fixes one file; returns the validation of its fixed text. Throws `FileReadError` when it cannot be read. */
  fix(file: string, options: ValidateOptions): ValidationResult {
    let result: FixFileResult;
    try {
      result = fixFile(file, { ...options, dryRun: this.mode === 'dry-run' });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (typeof code === 'string' && (error as Error).name !== 'FileReadError') throw new UsageError(`cannot write ${file}: ${ioErrorText(error, 'write')}`);
      throw error;
    }
    this.results.push(result);
    if (this.mode === 'dry-run') for (const fixed of result.files) this.io.stdout(unifiedDiff(fixed.file, fixed.before, fixed.after));
    return result.after;
  }

  /** The files written so far (none in a dry run). */
  written(): string[] {
    return this.mode === 'dry-run' ? [] : this.results.flatMap((result) => result.files.map((fixed) => fixed.file));
  }

  /** The one summary line on stderr. */
  finish(): void {
    this.io.stderr(summary(this.results, this.mode));
  }
}

/**
 * A `git apply`-able diff of one file, as `git diff` writes it: a `diff --git` line, then `a/`
 * and `b/` paths relative to the root of the repository that holds the file. git reads the
 * paths of a patch with that line as relative to the top level, in whatever folder `git apply`
 * runs (without it, it reads them from the folder it runs in, and guesses). A file in no
 * repository gets paths relative to the working folder. With `renamedTo` (docsnav mv), the file
 * is renamed too: `rename from`/`rename to` lines, then its edits, if any.
 */
export function unifiedDiff(file: string, before: string, after: string, renamedTo?: string): string {
  const name = diffName(file);
  const to = renamedTo === undefined ? name : diffName(renamedTo);
  const [a, b] = [quotedPath(`a/${name}`), quotedPath(`b/${to}`)];
  const header = `diff --git ${a} ${b}\n${to === name ? '' : `rename from ${quotedPath(name)}\nrename to ${quotedPath(to)}\n`}`;
  if (before === after) return header;
  const diff = createTwoFilesPatch(a, b, before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
  return header + diff;
}

const C_ESCAPES: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r', 34: '"', 92: '\\' };

/**
 * A path as git writes it in a diff (its quote_c_style, core.quotePath on): as it is when every
 * byte is printable ASCII other than `"` and `\`; else in double quotes, with C escapes and the
 * other bytes (control characters, UTF-8) in octal. `git apply` reads it back byte for byte, so
 * a newline in a folder's name cannot start a header of its own.
 */
function quotedPath(name: string): string {
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.every((byte) => byte >= 0x20 && byte < 0x7f && byte !== 34 && byte !== 92)) return name;
  let quoted = '"';
  for (const byte of bytes) {
    if (C_ESCAPES[byte] !== undefined) quoted += `\\${C_ESCAPES[byte]}`;
    else if (byte < 0x20 || byte >= 0x7f) quoted += `\\${byte.toString(8).padStart(3, '0')}`;
    else quoted += String.fromCharCode(byte);
  }
  return `${quoted}"`;
}

/** A file's path in a diff: from the root of its repository (else the working folder), `/` separators. */
function diffName(file: string): string {
  const absolute = path.resolve(file);
  const base = repositoryRoot(path.dirname(absolute)) ?? process.cwd();
  return path.relative(base, absolute).split(path.sep).join('/'); // never '': a file is not its repository's root, nor the working folder
}

function summary(results: readonly FixFileResult[], mode: 'write' | 'dry-run'): string {
  const fixed = results.reduce((n, r) => n + r.fixed.length, 0);
  const changedFiles = new Set(results.flatMap((r) => r.files.map((f) => path.resolve(f.file)))).size;
  const remaining = results.flatMap((r) => r.after.problems);
  const counts = countProblems(remaining);
  const verb = mode === 'dry-run' ? 'would fix' : 'fixed';
  const left = mode === 'dry-run' ? 'would remain' : remaining.length === 1 ? 'remains' : 'remain';
  const detail = remaining.length === 0 ? '' : ` (${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')})`;
  return `docsnav: ${verb} ${plural(fixed, 'problem')} in ${plural(changedFiles, 'file')}; ${plural(remaining.length, 'problem')} ${left}${detail}\n`;
}
