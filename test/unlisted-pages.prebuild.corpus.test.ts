import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PREBUILD, prebuildSite } from '../bench/prebuild.mjs';
import { caseSite, UNLISTED_CASES } from './resolve/unlisted-cases.js';
import { skipWithoutPrebuild } from './platform-packages.js';

/**
 * The platform's own build (@mintlify/prebuild, installed on demand into bench/.prebuild; never a
 * dependency) on the small sites of test/resolve/unlisted-cases.ts: it fails exactly on those whose
 * table says so, naming the file. The same table is docsnav's expectation
 * (test/resolve/unlisted-pages.test.ts), so the two agree case by case.
 */

const skip = skipWithoutPrebuild('unlisted pages against the build');

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const site = (files: Record<string, string>) => caseSite(files, roots);

describe.skipIf(skip)(`page files no entry lists, in the platform's build (${PREBUILD})`, () => {
  it.each(UNLISTED_CASES)('$name', async ({ files, fails }) => {
    const built = await prebuildSite(site(files), { reuse: true });
    expect(built.ok, built.errors.join('\n')).toBe(fails.length === 0);
    // The build stops at the first page it cannot parse: that page is one of those the table names.
    if (fails.length > 0) expect(fails.some((file) => built.errors.some((error: string) => error.includes(`/${file}`)))).toBe(true);
  });
});
