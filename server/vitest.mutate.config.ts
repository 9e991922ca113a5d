import { defineConfig } from 'vitest/config';

/**
 * The server tests Stryker runs against mutants of the server (`npm run mutate`,
 * stryker.server.config.mjs at the top of the repository): the tests that call the code in-process.
 * scripts/mutate.mjs names them per target (DOCSNAV_MUTATE_TESTS, comma-separated globs relative
 * to server/); without it, the unit tests of the request guards (http/auth.ts, the auth hook, which
 * auth.test.ts drives over every route of an app on PGlite), assistant/limits.ts and the stream encoders.
 * The suites that start `docsnav serve` run the built server and cannot see a mutant.
 */
const only = process.env.DOCSNAV_MUTATE_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  root: import.meta.dirname,
  test: {
    testTimeout: 60_000,
    // Hooks as long as a test (Vitest's default is 10 s; a hook may open the embedded database on a loaded machine).
    hookTimeout: 60_000,
    // Temporary files in one folder of the run, removed at its end, as in the suites (a run over the
    // assistant left 569 folders in the system's temporary folder without it).
    globalSetup: ['../test/temp-folder.ts'],
    include: only?.length ? only : ['test/api-keys.test.ts', 'test/auth.test.ts', 'test/limit-scopes.test.ts', 'test/protocols.test.ts'],
  },
});
