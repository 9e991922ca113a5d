import { messageWithSuggestion } from './message.js';
import type { Problem, Severity } from '../problem.js';
import { uniqueProblems, type ValidationResult } from '../result.js';
import { plural, visible } from '../text.js';
import { ruleDocUrl, type RuleDocsOptions } from './rule-docs.js';

const commands: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** GitHub shows at most this many annotations of each kind (error, warning, notice) per step. */
const GITHUB_ANNOTATION_LIMIT = 10;

export interface GithubOptions {
  /** The Markdown table of every problem was written to the job summary (`GITHUB_STEP_SUMMARY`). */
  summaryWritten?: boolean;
}

/**
 * GitHub Actions workflow commands, one annotation per problem:
 * `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=<code>::<message>`.
 * GitHub shows only the first 10 of each kind on the pull request (all stay in the log):
 * when there are more, a last plain line says how many and where the rest are.
 * Empty output (no newline) when there is nothing to say.
 */
export function formatGithub(results: readonly ValidationResult[], options: GithubOptions = {}): string {
  const lines: string[] = [];
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const problem of uniqueProblems(results)) {
    lines.push(annotation(problem));
    counts[problem.severity]++;
  }
  const over = (['error', 'warning', 'info'] as const).filter((severity) => counts[severity] > GITHUB_ANNOTATION_LIMIT);
  if (over.length > 0) {
    const what = over.map((severity) => `${counts[severity]} ${commands[severity]}s`).join(', ');
    const where = options.summaryWritten
      ? 'all problems are in the job summary'
      : 'all problems are in this log (run with --format pretty for the full report)';
    lines.push(`docsnav: ${what}; GitHub shows only the first ${GITHUB_ANNOTATION_LIMIT} annotations of each kind per step, ${where}.`);
  }
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

/** Rows of the summary table: GitHub keeps at most 1 MiB of summary per step. */
const SUMMARY_ROWS = 2000;

/**
 * A Markdown table of every problem, for the job summary (`$GITHUB_STEP_SUMMARY`), which has
 * no annotation limit. Each code links to its rule documentation when `ruleDocsUrl` names a
 * published copy (the summary is read on GitHub, where a path on the runner means nothing).
 */
export function formatGithubSummary(results: readonly ValidationResult[], options: RuleDocsOptions = {}): string {
  const problems = uniqueProblems(results);
  const lines = [`### docsnav: ${problems.length === 0 ? 'no problems' : plural(problems.length, 'problem')}`, ''];
  if (problems.length > 0) {
    lines.push('| severity | code | location | message |', '|---|---|---|---|');
    for (const p of problems.slice(0, SUMMARY_ROWS)) {
      const message = messageWithSuggestion(p, false);
      const url = ruleDocUrl(p.code, options);
      lines.push(
        `| ${p.severity} | ${url === undefined ? `\`${p.code}\`` : `[${p.code}](${url})`} | ${cell(`${p.file}:${p.line}:${p.column}`, true)} | ${cell(message, false)} |`,
      );
    }
    if (problems.length > SUMMARY_ROWS)
      lines.push('', `… and ${problems.length - SUMMARY_ROWS} more (GitHub keeps at most 1 MiB of summary per step; the log has every one).`);
  }
  return lines.join('\n') + '\n\n';
}

/** Table cell text: no line breaks, no `|`, no HTML; code spans for file names. */
function cell(text: string, code: boolean): string {
  const flat = text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/[\u0000-\u001F\u007F]/g, '\uFFFD');
  if (code) return `\`${flat.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
  return flat.replace(/[\\`*_[\]<>&|]/g, (ch) => `\\${ch}`);
}

function annotation(problem: Problem): string {
  const message = messageWithSuggestion(problem);
  const properties = [
    `file=${visible(escapeProperty(problem.file))}`,
    `line=${problem.line}`,
    `col=${problem.column}`,
    `endLine=${problem.endLine}`,
    `endColumn=${problem.endColumn}`,
    `title=${escapeProperty(problem.code)}`,
  ];
  // Line breaks are the command's own escapes (%0A); any other control character (ESC, bidi
  // overrides) would reach the log as it is, so it is made visible as in the pretty output.
  return `::${commands[problem.severity]} ${properties.join(',')}::${visible(escapeData(message))}`;
}

/** As @actions/core escapes a command's message. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** As @actions/core escapes a command's property values: also `:` and `,`, which delimit them. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
