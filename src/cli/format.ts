import { ioErrorText } from '../io-error.js';
import { appendFileSync, writeFileSync } from 'node:fs';
import type { ValidationResult } from '../result.js';
import { FORMATS, type Format } from '../report/formats.js';
import { UsageError, type CommonArgs } from './args.js';
import { repositoryRoot } from './paths.js';
import { version, type CliIo } from './io.js';

/** Loads only the formatter asked for, so a run pays for one. */
async function formatResultsAs(
  format: Format,
  results: ValidationResult[],
  options: { color: boolean; summaryWritten?: boolean; ruleDocsUrl?: string },
): Promise<string> {
  const formatter = await FORMATS[format].load();
  // SARIF's paths are relative to the repository root; only it pays for finding that root.
  const sarif = format === 'sarif' ? { toolVersion: version(), srcRoot: repositoryRoot() ?? process.cwd() } : {};
  return formatter(results, { ...options, ...sarif });
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
  const toFile = second ?? (args.outputFile !== undefined ? first : undefined);
  const toStream = second !== undefined || args.outputFile === undefined ? first : undefined;
  if (toStream !== undefined) io[stream](await formatResultsAs(toStream, shown, { color, summaryWritten, ruleDocsUrl }));
  if (toFile !== undefined && args.outputFile !== undefined) {
    const text = await formatResultsAs(toFile, shown, { color: false, summaryWritten, ruleDocsUrl });
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
