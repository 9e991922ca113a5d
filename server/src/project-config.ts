/**
 * A project's own docsnav config file applies to its deployments, as it does to
 * `docsnav validate` in the repository. The search goes from the docs folder up to the top
 * of the checkout and never above it: nothing outside the repository is read.
 */
import { loadConfig, mergeConfigOptions, type Code, type LoadedConfig, type ProfileName, type SeveritySetting } from 'docsnav';

export function projectConfig(docsFile: string, checkoutRoot: string): LoadedConfig {
  return loadConfig(docsFile, { stopAt: checkoutRoot });
}

/**
 * What the hosted platform's build lets through and deploys: a broken link in a page, a redirect
 * that leads nowhere, loops or is written wrong. A deployment reports them as warnings (a
 * project's config may say otherwise); `docsnav validate` keeps them errors.
 */
const DEPLOYS_WITH: Partial<Record<Code, SeveritySetting>> = {
  'link-not-found': 'warning',
  'redirect-not-found': 'warning',
  'redirect-loop': 'warning',
  'redirect-pattern': 'warning',
};

/**
 * The options a deployment or repair checks a project with: its config, under which the
 * platform profile applies unless the config names a profile (a site deploys when the hosted
 * platform would deploy it), then what the server sets.
 */
export function serverOptions<T extends object>(config: LoadedConfig, server: T): T & { profile?: ProfileName; concurrency?: number } {
  return mergeConfigOptions<T & { profile?: ProfileName; concurrency?: number }>(
    { ...config.options, rules: { ...DEPLOYS_WITH, ...config.options.rules } },
    {
      ...server,
      // Pages are scanned in the task's own thread, within its heap and time limits: helper
      // threads would have limits of their own. The server's parallelism is its deployments.
      concurrency: 1,
      ...(config.options.profile === undefined ? { profile: 'platform' as const } : {}),
    },
  );
}
