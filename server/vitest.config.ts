import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, hangGuard } from '../test/time-scale.mjs';

/**
 * The server's suites:
 * - default (`npm run test:server` at the top of the repository, or `npm test` here): the server
 *   on PGlite, and on PostgreSQL when one is given (DOCSNAV_TEST_DATABASE_URL) or can be started;
 * - slow (`npm run test:slow` here): what takes minutes to set up (a million hard links in a
 *   local repository, with the default limits);
 * - browser (`npm run test:browser`): the chat page and the widget in a real Chromium
 *   (/usr/bin/chromium, Debian's `chromium`, driven by playwright-core); it fails, saying how to
 *   install it, when it is missing.
 * Each imports docsnav by its package name, so they run against docsnav's build. Each puts its
 * temporary folders in one folder of the run, removed when it ends (../test/temp-folder.ts), and
 * builds docsnav and the server again first when a source is newer than its build
 * (../test/fresh-build.ts): the CLI tests run the server's dist/.
 */
const browser = ['test/browser/**/*.test.ts'];
const slow = ['test/slow/**/*.test.ts'];
const tempFolder = '../test/temp-folder.ts';
const freshBuild = '../test/fresh-build.ts';

export default defineConfig({
  test: {
    // Limits against a hang, scaled with the load or DOCSNAV_TEST_TIME_SCALE (../test/time-scale.mjs).
    testTimeout: hangGuard(TEST_TIMEOUT_MS),
    hookTimeout: hangGuard(HOOK_TIMEOUT_MS),
    setupFiles: ['../test/time-scale-setup.ts'],
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...browser, ...slow],
          globalSetup: [tempFolder, freshBuild],
        },
      },
      { extends: true, test: { name: 'browser', include: browser, globalSetup: [tempFolder, freshBuild, 'test/browser/chromium.ts'] } },
      { extends: true, test: { name: 'slow', include: slow, globalSetup: [tempFolder, freshBuild] } },
    ],
  },
});
