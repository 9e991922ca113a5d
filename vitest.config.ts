import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { CORPUS, PACKAGES, SLOW } from './test/suites.mjs';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, hangGuard } from './test/time-scale.mjs';

/**
 * Four suites (CONTRIBUTING.md); the server package has its own (server/vitest.config.ts):
 * - default (`npm test`): fast and self-contained, needs nothing beside the project;
 * - corpus (`npm run test:corpus`): the real-world files in ../shared/corpus;
 * - slow (`npm run test:slow`): robustness (huge, deep and hostile inputs, property tests; some read the corpus);
 * - packages (`npm run test:packages`): both packages packed and installed into empty projects, and the VS Code extension
 *   packaged and installed into code-server, README's VitePress sidebar built with VitePress (needs npm's registry or cache);
 * `npx vitest run test/foo` runs a file in whichever suite it belongs to.
 */
const [corpus, packages, slow] = [CORPUS, PACKAGES, SLOW];

export default defineConfig({
  test: {
    // Limits against a hang, never a speed: scaled with the machine's load per core, or by
    // DOCSNAV_TEST_TIME_SCALE (test/time-scale.mjs), and measured again as each file starts
    // (test/time-scale-setup.ts). Hooks build fixtures and remove install folders (thousands of
    // files): under CI's load that passed Vitest's 10 s default (tarballs' afterAll, docs-history's
    // beforeAll). At load 20 on 2 cores a fixed 60 s failed test/pages/slug-bundle.test.ts.
    testTimeout: hangGuard(TEST_TIMEOUT_MS),
    hookTimeout: hangGuard(HOOK_TIMEOUT_MS),
    setupFiles: ['test/time-scale-setup.ts'],
    // Temporary files of the run in one folder, removed at its end (test/temp-folder.ts); and
    // dist/ built again first when a source is newer (test/fresh-build.ts).
    globalSetup: ['test/temp-folder.ts', 'test/fresh-build.ts'],
    // Vitest's default leaves a core idle, which on a 2-core machine runs the files one by one; the
    // CLI tests wait on child processes, so two workers there halve the default suite's time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'default', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...corpus, ...slow, ...packages] } },
      { extends: true, test: { name: 'corpus', include: corpus } },
      { extends: true, test: { name: 'slow', include: slow } },
      { extends: true, test: { name: 'packages', include: packages } },
    ],
  },
});
