import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The server's suite (`npm run test:server` at the top of the repository, or `npm test` here):
 * the server on PGlite, and on PostgreSQL when one is given (DOCSNAV_TEST_DATABASE_URL) or can
 * be started. It imports docsnav by its package name, so it runs against docsnav's build.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
