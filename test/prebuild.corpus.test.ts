import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffSite, type SiteDiff } from '../bench/prebuild-diff.mjs';
import { PREBUILD } from '../bench/prebuild.mjs';
import { PROFILES } from '../src/config/profiles.js';
import { corpus } from './corpus-files.js';
import { skipWithoutPrebuild } from './platform-packages.js';
import { hangGuard } from './time-scale.mjs';

/**
 * docsnav against the platform's own build step (@mintlify/prebuild, installed on demand into
 * bench/.prebuild by bench/prebuild.mjs; never a dependency) on every site of complete-sites/ and
 * sites/: the page URLs of the navigation it builds, each page's title, and the verdict (the build
 * passes; `resolve --profile platform` reports no error). sites/ have no page files: page-not-found
 * is off there, and titles come from specs and paths only.
 *
 * What is allowed to differ is listed below, each with its cause; anything else fails.
 */

/** Sites where docsnav's tree differs from the platform's on purpose (it reports, the platform loses a page). */
const KNOWN_TREE_DIFFERENCES: Readonly<Record<string, string>> = {
  // sites/0261 (GET /health in two specs of one tab) matches since the platform profile marks the earlier page `lostTo` (issue 42).
};

/**
 * Errors docsnav reports on sites the platform builds, each a real mistake the build lets through
 * (a listed page with no file, a field the platform strips, two primary patterns, a redirect the
 * build does not follow): the platform profile's own list, which the server deploys despite.
 */
const ERRORS_THE_BUILD_LETS_THROUGH: ReadonlySet<string> = PROFILES.platform.deploysDespite;

/** The harness blocks the network, so a site with a remote spec cannot be built here: no verdict. */
const NO_NETWORK = /network access blocked/;

const SETS = ['complete-sites', 'sites'] as const;
const sites = SETS.flatMap((set) =>
  readdirSync(path.join(corpus, set))
    .sort()
    .map((name) => ({ set, name, key: `${set}/${name}`, dir: path.join(corpus, set, name) })),
);

const skip = skipWithoutPrebuild('prebuild agreement');

const diffs = new Map<string, SiteDiff>();

describe.skipIf(skip)(`docsnav beside the platform's build (${PREBUILD})`, () => {
  beforeAll(
    async () => {
      // Two at a time, each lane a long-lived child that imports the package once (3-5 s) and builds
      // site after site (1-4 s each): bench/prebuild.mjs's lanes, which give the same results as a
      // fresh child per site.
      const queue = [...sites];
      await Promise.all(
        [0, 1].map(async () => {
          for (let site = queue.shift(); site; site = queue.shift())
            diffs.set(site.key, await diffSite(site.dir, { pageFiles: site.set === 'complete-sites', reuse: true }));
        }),
      );
      const total = (pick: (d: SiteDiff) => number) => [...diffs.values()].reduce((sum, d) => sum + pick(d), 0);
      console.log(
        `prebuild agreement: ${diffs.size} sites, ${total((d) => d.urlsCompared ?? 0)} page URLs and ${total((d) => d.titlesCompared ?? 0)} titles compared; ` +
          `${total((d) => d.onlyPlatform.length + d.onlyDocsnav.length)} URL and ${total((d) => d.titles.length)} title differences`,
      );
    },
    hangGuard(15 * 60_000),
  );

  it.each(sites.filter((site) => site.set === 'complete-sites').map((site) => site.key))('%s: the same page URLs and titles', (key) => {
    const diff = diffs.get(key)!;
    if (!diff.build) return; // verdicts are the next test's
    expect({ onlyPlatform: diff.onlyPlatform, onlyDocsnav: diff.onlyDocsnav, titles: diff.titles }).toEqual({ onlyPlatform: [], onlyDocsnav: [], titles: [] });
  });

  it('sites/: the same page URLs and titles, but for the known differences', () => {
    const differing = sites
      .filter((site) => site.set === 'sites')
      .map((site) => diffs.get(site.key)!)
      .filter((diff) => diff.build && (diff.onlyPlatform.length > 0 || diff.onlyDocsnav.length > 0 || diff.titles.length > 0))
      .map((diff) => `sites/${diff.site}`);
    expect(differing).toEqual(Object.keys(KNOWN_TREE_DIFFERENCES));
    for (const key of Object.keys(KNOWN_TREE_DIFFERENCES)) expect(diffs.get(key)!.titles).toEqual([]);
  });

  it.each(sites.map((site) => site.key))('%s: validate --profile platform fails where the build fails', (key) => {
    const diff = diffs.get(key)!;
    if (!diff.build && NO_NETWORK.test(diff.buildErrors.join('\n'))) return;
    if (!diff.build) expect(diff.docsnav, `the build fails: ${diff.buildErrors.join(' ')}`).toBe(false);
    else
      expect(
        diff.docsnavCodes.filter((code) => !ERRORS_THE_BUILD_LETS_THROUGH.has(code)),
        diff.docsnavErrors.join('\n'),
      ).toEqual([]);
  });
});
