// Mutation testing of the library (`npm run mutate`; the server's is stryker.server.config.mjs).
// Stryker changes one thing at a time in the code below (a condition, an operator, a string) and
// runs the tests that cover it: a mutant the tests do not notice is a bug they would not notice.
// Not in CI: a full run takes long. `npm run mutate:lib -- --mutate 'src/fix/**'` runs one folder.
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/rules/**/*.ts',
    'src/navigation/**/*.ts',
    'src/resolve/**/*.ts',
    'src/resolve.ts',
    'src/pages/front-matter.ts',
    'src/fix/**/*.ts',
    'src/fix.ts',
  ],
  coverageAnalysis: 'perTest',
  // Stryker heads each file this matches with `// @ts-nocheck` in its sandbox (by default every
  // JavaScript file, dist/ too). Not the build: test/bundle.test.ts holds the bundles it makes to the
  // sandbox's dist/ byte for byte, and vitest never checks types.
  disableTypeChecks: '{src,test,scripts,bench,schema}/**/*.{js,ts,jsx,tsx,mjs,mts,cjs,cts}',
  // Two cores, shared with the rest of the machine.
  concurrency: 2,
  timeoutMS: 5_000,
  // A static mutant (one in code that runs when a module loads: a table, a compiled pattern) makes
  // every test reload every module; on src/fix they were 41% of the mutants and 96% of the time.
  // Ignored ones are listed in the report as "Ignored", outside the score.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/library.html' },
  jsonReporter: { fileName: 'reports/mutation/library.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  // The committed whole-run state (scripts/mutation-state.mjs): megabytes no test reads.
  ignorePatterns: ['/mutation-state'],
  cleanTempDir: 'always',
};
