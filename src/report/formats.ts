/**
 * The report formats, one registry: each format's one-line description (for `--help` and the
 * README's table) and its formatter, loaded with `import()` only when asked for, so a run pays
 * for one. Its own module: the CLI reads the names and descriptions without loading a formatter.
 * Adding a format is a name in `Format` (the compiler then asks for its entry) plus its file and tests.
 */
import type { ValidationResult } from '../result.js';
import type { RuleDocsOptions } from './rule-docs.js';

/** An output format of the CLI's `--format`. */
export type Format = 'pretty' | 'json' | 'sarif' | 'github';

/** What a report may be given; each format reads what it needs. */
interface ReportOptions extends RuleDocsOptions {
  /** ANSI colours (`pretty`; default off). */
  color?: boolean;
  /** docsnav's version (`sarif`'s `tool.driver.version`). */
  toolVersion?: string;
  /** The repository root that artifact URIs are relative to (`sarif`'s `%SRCROOT%`). */
  srcRoot?: string;
  /** The job summary holds the table of every problem (`github`). */
  summaryWritten?: boolean;
}

/** A whole report: ends with a newline when not empty (only `github` can be empty). */
type Formatter = (results: readonly ValidationResult[], options: ReportOptions) => string;

export interface FormatEntry {
  /** One line: what the report is and who reads it. */
  description: string;
  /** The formatter, from its own module. */
  load(): Promise<Formatter>;
}

export const FORMATS = {
  pretty: {
    description:
      'for a person: `file:line:col  severity  code  message`, a code frame, the suggestion and the rule doc; a long report (over 20 problems, several codes) ends with a count per code',
    load: async () => {
      const { formatPretty } = await import('./pretty.js');
      return (results, options) => formatPretty(results, { color: options.color ?? false, ruleDocsUrl: options.ruleDocsUrl });
    },
  },
  json: {
    description: 'for programs: `[{ file, problems: [{ code, severity, message, pointer, line, column, … }] }]`',
    load: async () => {
      const { formatJson } = await import('./json.js');
      return (results) => formatJson(results);
    },
  },
  sarif: {
    description: 'SARIF 2.1.0, for GitHub code scanning (`github/codeql-action/upload-sarif`)',
    load: async () => {
      const { formatSarif } = await import('./sarif.js');
      return (results, options) => formatSarif(results, { toolVersion: options.toolVersion, srcRoot: options.srcRoot, ruleDocsUrl: options.ruleDocsUrl });
    },
  },
  github: {
    description: 'GitHub Actions annotations on the pull request, and a table of every problem in the job summary',
    load: async () => {
      const { formatGithub } = await import('./github.js');
      return (results, options) => formatGithub(results, { summaryWritten: options.summaryWritten });
    },
  },
} satisfies Record<Format, FormatEntry>;

/** Every format, the default (`pretty`) first. */
export const formats: readonly Format[] = Object.freeze(Object.keys(FORMATS) as Format[]);

export function isFormat(value: string): value is Format {
  return Object.prototype.hasOwnProperty.call(FORMATS, value);
}
