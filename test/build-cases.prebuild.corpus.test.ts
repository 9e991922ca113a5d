import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PREBUILD, prebuildSite } from '../bench/prebuild.mjs';
import { skipWithoutPrebuild } from './platform-packages.js';
import { BUILD_CASES, buildCaseSite } from './resolve/build-cases.js';

/**
 * The platform's own build (@mintlify/prebuild, installed on demand into bench/.prebuild; never a
 * dependency) on the small sites of test/resolve/build-cases.ts: it passes exactly where the table
 * says, and serves the pages written there (URL and title, in navigation order). The same table
 * is docsnav's expectation (test/resolve/build-cases.test.ts), so the two agree case by case.
 */

const skip = skipWithoutPrebuild('issue 65’s cases against the build');

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

describe.skipIf(skip)(`issue 65's cases in the platform's build (${PREBUILD})`, () => {
  it.each(BUILD_CASES.map((c) => [`${c.cause}: ${c.name}`, c] as const))('%s', async (_name, { files, builds, pages }) => {
    const built = await prebuildSite(buildCaseSite(files, roots), { reuse: true });
    expect(built.ok, built.errors.join('\n')).toBe(builds);
    if (!builds) return;
    const served = built.pages.map((p, i) => [p.url, pages![i]?.[1] === null ? null : p.title]);
    expect(served).toEqual(pages);
  });
});
