/**
 * A project's own docsnav config file applies to its deployments, as it does to
 * `docsnav validate` in the repository. The search goes from the docs folder up to the top
 * of the checkout and never above it: nothing outside the repository is read.
 */
import { loadConfig, mergeConfigOptions, PROFILES, type Code, type LoadedConfig, type ProfileName, type SeveritySetting } from 'docsnav';

export function projectConfig(docsFile: string, checkoutRoot: string): LoadedConfig {
  return loadConfig(docsFile, { stopAt: checkoutRoot });
}

/**
 * What a deployment checks differently from `docsnav validate` (a project's config may say otherwise):
 * - what the hosted platform's build lets through and deploys: a redirect that leads nowhere,
 *   loops or is written wrong, a broken link in a page: warnings;
 * - page bodies are not read. The platform's build does not check links (its `mint broken-links`
 *   is a command of its own), and parsing every page for them costs more than the rest of a
 *   deployment. Measured with server/bench/server.mjs on this 2-core machine (PGlite): the
 *   platform's docs repository (984 pages), first deployment 8.00 s with them, 2.89 s without;
 *   a generated 100,000-page site 69 s and 1.87 GB peak RSS with them, 46 s and 1.43 GB without.
 *   `docsnav validate` in CI checks them; a project whose config sets one of these rules has its
 *   deployments check it too, with the page scans kept between deployments.
 */
const DEPLOYS_WITH: Partial<Record<Code, SeveritySetting>> = {
  'redirect-not-found': 'warning',
  'redirect-loop': 'warning',
  'redirect-pattern': 'warning',
  'link-not-found': 'off',
  'anchor-not-found': 'off',
  'page-unparsable': 'off',
};

/**
 * The options a deployment or repair checks a project with: its config, under which the
 * platform profile applies unless the config names a profile (a site deploys when the hosted
 * platform would deploy it), then what the server sets.
 */
export function serverOptions<T extends object>(
  config: LoadedConfig,
  server: T,
  purpose: 'deployment' | 'repair' = 'deployment',
): T & { profile?: ProfileName; concurrency?: number } {
  const profile = config.options.profile ?? 'platform';
  // A repair lists every mistake at its own severity (a page with no file needs a person); a deployment fails only where the build does.
  const tolerated = purpose === 'deployment' ? deploysDespite(profile) : {};
  return mergeConfigOptions<T & { profile?: ProfileName; concurrency?: number }>(
    { ...config.options, rules: { ...tolerated, ...DEPLOYS_WITH, ...config.options.rules } },
    {
      ...server,
      // Pages are scanned in the task's own thread, within its heap and time limits: helper
      // threads would have limits of their own. The server's parallelism is its deployments.
      concurrency: 1,
      ...(config.options.profile === undefined ? { profile: 'platform' as const } : {}),
    },
  );
}

/**
 * A site deploys where its profile's build deploys it: what that build lets through with a
 * warning (under `platform`, a listed page with no file among them) is a warning in the
 * deployment's problems, not a failed deployment. A project's config may still make it an error.
 */
function deploysDespite(profile: ProfileName): Partial<Record<Code, SeveritySetting>> {
  return Object.fromEntries([...PROFILES[profile].deploysDespite].map((code) => [code, 'warning' as const]));
}
