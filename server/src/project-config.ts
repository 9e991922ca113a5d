/**
 * A project's own docsnav config file applies to its deployments, as it does to
 * `docsnav validate` in the repository. The search goes from the docs folder up to the top
 * of the checkout and never above it: nothing outside the repository is read.
 */
import { loadConfig, type LoadedConfig } from 'docsnav';

export function projectConfig(docsFile: string, checkoutRoot: string): LoadedConfig {
  return loadConfig(docsFile, { stopAt: checkoutRoot });
}
