/**
 * The validate options a project's own config file gives its deployments. The config file
 * support (`loadConfig`) lives in the library; until it is there, deployments use the
 * library's defaults, and this is the one place that changes when it lands.
 */
import type { ValidateOptions } from '../validate.js';

export function projectValidateOptions(_docsFile: string): Omit<ValidateOptions, 'file' | 'root' | 'readFile' | 'files'> {
  return {};
}
