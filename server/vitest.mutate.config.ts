import { defineConfig } from 'vitest/config';

/**
 * The server tests Stryker runs against mutants of auth.ts, routes/auth.ts (the auth hook, which
 * auth.test.ts drives over every route of an app on PGlite), limits.ts and the assistant's stream
 * encoders (`npm run mutate`, stryker.server.config.mjs at the top of the repository): the unit
 * tests that call them in-process. The suites that deploy a site or start `docsnav serve` cover
 * the same code end to end, at seconds per mutant.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    testTimeout: 60_000,
    include: ['test/api-keys.test.ts', 'test/auth.test.ts', 'test/limit-scopes.test.ts', 'test/protocols.test.ts'],
  },
});
