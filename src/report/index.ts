import type { ValidationResult } from '../result.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatPretty } from './pretty.js';
import { formatSarif } from './sarif.js';
import type { RuleDocsOptions } from './rule-docs.js';
import type { Format } from './formats.js';

export { formatGithub, formatJson, formatPretty, formatSarif };
export { formats, isFormat, type Format } from './formats.js';

export interface FormatOptions extends RuleDocsOptions {
  /** ANSI colours in `pretty` (default off). */
  color?: boolean;
  /** docsnav's version, for `sarif`'s `tool.driver.version`. */
  toolVersion?: string;
  /** `sarif`: the repository root that artifact URIs are relative to (`%SRCROOT%`). */
  srcRoot?: string;
}

/** The whole report in `format`; ends with a newline when not empty (only `github` can be empty). */
export function formatResults(format: Format, results: readonly ValidationResult[], options: FormatOptions = {}): string {
  switch (format) {
    case 'pretty':
      return formatPretty(results, { color: options.color ?? false, ruleDocsUrl: options.ruleDocsUrl });
    case 'json':
      return formatJson(results);
    case 'sarif':
      return formatSarif(results, { toolVersion: options.toolVersion, srcRoot: options.srcRoot, ruleDocsUrl: options.ruleDocsUrl });
    case 'github':
      return formatGithub(results);
    default: {
      const unknown: never = format;
      throw new TypeError(`Unknown format: ${String(unknown)}`);
    }
  }
}
