import { ioErrorText } from '../io-error.js';
import { appendFileSync, writeFileSync } from 'node:fs';
import type { ValidationResult } from '../result.js';
import { FORMATS, type Format } from '../report/formats.js';
import { UsageError, type CommonArgs } from './args.js';
import { repositoryRoot } from './paths.js';
import { version, type CliIo } from './io.js';
import { packageRoot } from '../package-root.js';
import { keepReport, keptReport } from '../cache/replay.js';

/**
 * A report in `format`; loads only the formatter asked for, so a run pays for one. The report of
 * one result that the page scan cache gave again (src/cache/replay.ts) is given again too,
 * when it was made before from the same result and everything else it depends on (the name).
 */
async function formatResultsAs(
  format: Format,
  results: readonly ValidationResult[],
  shown: readonly ValidationResult[],
  options: { color: boolean; quiet?: boolean; summaryWritten?: boolean; ruleDocsUrl?: string },
): Promise<string> {
  const { quiet, ...asked } = options;
  // SARIF's paths are relative to the repository root; only it pays for finding that root.
  const sarif = format === 'sarif' ? { toolVersion: version(), srcRoot: repositoryRoot() ?? process.cwd() } : {};
  const formatOptions = { ...asked, ...sarif };
  const one = results.length === 1 ? results[0] : undefined;
  // Rule docs are linked relative to the working folder, from where docsnav is installed.
  const name = one && JSON.stringify({ format, ...formatOptions, quiet: quiet === true, file: one.file, cwd: process.cwd(), docs: packageRoot() ?? null });
  const kept = one && name !== undefined ? keptReport(one, name) : undefined;
  if (kept !== undefined) return kept;
  const formatter = await FORMATS[format].load();
  const report = formatter(shown, formatOptions);
  if (one && name !== undefined) keepReport(one, name, report);
  return report;
}

/**
 * Writes the problem reports a command was asked for:
 * - one `--format`: to `stream` (stdout or stderr, as the command says), or to `--output-file`
 *   when one is given;
 * - two `--format`s: the first to `stream`, the second to `--output-file`.
 * `--quiet` leaves out everything but errors. With `github`, when `GITHUB_STEP_SUMMARY` names
 * a file, a Markdown table of every problem is appended to it (GitHub shows only 10
 * annotations of each kind per step).
 */
export async function writeReports(
  results: ValidationResult[],
  args: Pick<CommonArgs, 'formats' | 'quiet' | 'outputFile' | 'ruleDocsUrl'>,
  io: CliIo,
  stream: 'stdout' | 'stderr',
  color: boolean,
): Promise<void> {
  const shown = args.quiet ? results.map((result) => ({ ...result, problems: result.problems.filter((p) => p.severity === 'error') })) : results;
  let summaryWritten = false;
  const { ruleDocsUrl } = args;
  if (args.formats.includes('github')) summaryWritten = await writeStepSummary(shown, io.env ?? process.env, ruleDocsUrl);
  const [first, second] = args.formats;
  const toStream = second !== undefined || args.outputFile === undefined ? first : undefined;
  const quiet = args.quiet;
  if (toStream !== undefined) io[stream](await formatResultsAs(toStream, results, shown, { color, quiet, summaryWritten, ruleDocsUrl }));
  // The second format, else the only one, to --output-file (two formats need one: args.ts).
  if (args.outputFile !== undefined) {
    const text = await formatResultsAs(second ?? first, results, shown, { color: false, quiet, summaryWritten, ruleDocsUrl });
    try {
      writeFileSync(args.outputFile, text);
    } catch (error) {
      throw new UsageError(`cannot write ${args.outputFile}: ${ioErrorText(error, 'write')}`);
    }
  }
}

/** Appends the Markdown table to `$GITHUB_STEP_SUMMARY`; false when it is not set. */
async function writeStepSummary(results: ValidationResult[], env: Record<string, string | undefined>, ruleDocsUrl: string | undefined): Promise<boolean> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return false;
  const { formatGithubSummary } = await import('../report/github.js');
  try {
    appendFileSync(file, formatGithubSummary(results, { ruleDocsUrl }));
  } catch (error) {
    throw new UsageError(`cannot write GITHUB_STEP_SUMMARY ${file}: ${ioErrorText(error, 'write')}`);
  }
  return true;
}
