/**
 * Vitest's global setup: the tests never run a stale build (scripts/fresh-build.mjs says how). The
 * library's suites check the library; the server's (server/vitest.config.ts) check both, the
 * library first (the server is built on its `dist/`). Mutation testing runs `src/` in place and
 * does not use this setup (vitest.mutate.config.ts).
 */
import { checksFor, ensureFresh } from '../scripts/fresh-build.mjs';

export { checksFor, ensureFresh, freshBuildProgram, LIBRARY, SERVER, staleness, type BuildCheck } from '../scripts/fresh-build.mjs';

// One check per vitest process, however many projects (suites) share this setup.
const once = globalThis as { docsnavFreshBuild?: Map<string, 'fresh' | 'rebuilt'> };

/** Set once this setup has made the build fresh: the test files started after it (its workers) see it in their environment. */
export const BUILD_CHECKED = 'DOCSNAV_BUILD_CHECKED';

export default function setup(project?: { config?: { root?: string } }): void {
  once.docsnavFreshBuild ??= new Map();
  for (const check of checksFor(project?.config?.root ?? process.cwd())) {
    if (!once.docsnavFreshBuild.has(check.name)) once.docsnavFreshBuild.set(check.name, ensureFresh(check));
  }
  process.env[BUILD_CHECKED] = 'yes';
}
