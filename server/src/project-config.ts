/**
 * A project's own docsnav config file applies to its deployments, as it does to
 * `docsnav validate` in the repository. The search goes from the docs folder up to the top
 * of the checkout and never above it: nothing outside the repository is read.
 */
import { loadConfig, mergeConfigOptions, type LoadedConfig, type ProfileName } from 'docsnav';

export function projectConfig(docsFile: string, checkoutRoot: string): LoadedConfig {
  return loadConfig(docsFile, { stopAt: checkoutRoot });
}

/**
 * The options a deployment or repair checks a project with: its config, under which the
 * platform profile applies unless the config names a profile (a site deploys when the hosted
 * platform would deploy it), then what the server sets.
 */
export function serverOptions<T extends object>(config: LoadedConfig, server: T): T & { profile?: ProfileName } {
  return mergeConfigOptions<T & { profile?: ProfileName }>(config.options, {
    ...server,
    ...(config.options.profile === undefined ? { profile: 'platform' as const } : {}),
  });
}
