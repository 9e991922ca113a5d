import type { ValidationResult } from '../result.js';
import { version } from './run.js';

export const FORMATS = ['pretty', 'json', 'sarif', 'github'] as const;

/** Loads only the formatter asked for, so a run pays for one. */
export async function formatResultsAs(format: string, results: ValidationResult[], options: { color: boolean }): Promise<string> {
  switch (format) {
    case 'json':
      return (await import('../report/json.js')).formatJson(results);
    case 'sarif':
      return (await import('../report/sarif.js')).formatSarif(results, { toolVersion: version() });
    case 'github':
      return (await import('../report/github.js')).formatGithub(results);
    default:
      return (await import('../report/pretty.js')).formatPretty(results, { color: options.color });
  }
}
