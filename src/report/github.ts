import type { Problem, Severity } from '../problem.js';
import type { ValidationResult } from '../result.js';
import { shorten, visible } from '../text.js';

const commands: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/**
 * GitHub Actions workflow commands, one annotation per problem:
 * `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=<code>::<message>`.
 * Empty output (no newline) when there is nothing to say.
 */
export function formatGithub(results: readonly ValidationResult[]): string {
  const lines: string[] = [];
  // A `$ref` target shared by several checked files yields the same problem once per file.
  const seen = new Set<string>();
  for (const result of results) {
    for (const problem of result.problems) {
      const line = annotation(problem);
      if (seen.has(line)) continue;
      seen.add(line);
      lines.push(line);
    }
  }
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

function annotation(problem: Problem): string {
  const message =
    problem.suggest === undefined
      ? problem.message
      : `${problem.message} Suggestion: use ${JSON.stringify(shorten(problem.suggest))}.`;
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
