// Mutation testing of the server's request guards (the key check and the one auth hook) and answer stream (`npm run mutate`; see
// stryker.config.mjs for the library). The server's tests import docsnav by its package name,
// that is its build: scripts/mutate.mjs builds first.
import library from './stryker.config.mjs';

export default {
  ...library,
  vitest: { configFile: 'server/vitest.mutate.config.ts' },
  // A run of limits.test.ts opens an embedded database (seconds on a busy machine): a tighter
  // limit counts slow runs as timeouts, that is as killed.
  timeoutMS: 30_000,
  // scripts/mutate.mjs gives each target's files (and its tests, DOCSNAV_MUTATE_TESTS).
  mutate: [
    'server/src/http/auth.ts',
    'server/src/http/routes/auth.ts',
    'server/src/assistant/limits.ts',
    'server/src/assistant/protocols.ts',
    'server/src/assistant/events.ts',
  ],
  incrementalFile: 'reports/stryker-incremental-server.json',
  htmlReporter: { fileName: 'reports/mutation/server.html' },
  jsonReporter: { fileName: 'reports/mutation/server.json' },
};
