import { readdirSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { CORPUS, PACKAGES, SLOW } from './test/suites.mjs';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS, hangGuard } from './test/time-scale.mjs';

/**
 * The tests Stryker runs against its mutants (`npm run mutate`, stryker.config.mjs): the default
 * suite's tests that call the library in-process. Tests that spawn the built CLI (`dist/`) cannot
 * see a mutant of `src/` and only cost time; the corpus and package suites stay out too, and the slow suite unless a target names one of its files.
 */
const spawnsTheBuiltCli = ['test/lsp/lsp.test.ts', 'test/lsp/editors.test.ts', 'test/readme.test.ts', 'test/schema/editors.test.ts'];

/**
 * test/cli's files spawn the build (no mutant is seen from them, and under Stryker their dry run
 * alone took 3 minutes 50 s) but those named `in-process*.test.ts`, which drive a command through
 * src/cli/run.ts in process and see its mutants; test/daemon/daemon.test.ts spawns the built client
 * and daemon (its other files drive src/daemon in process). Until issue 67's third session test/cli
 * was left out whole, no test Stryker ran could see a mutant of src/cli or src/daemon, and the gate
 * counted their lines as 100% (scripts/mutate.mjs now counts the mutants no test reaches).
 */
const spawnsTheBuild = [
  ...readdirSync('test/cli', { recursive: true })
    .map((file) => String(file).split(path.sep).join('/'))
    .filter((file) => file.endsWith('.test.ts') && !path.posix.basename(file).startsWith('in-process'))
    .map((file) => `test/cli/${file}`),
  'test/daemon/daemon.test.ts',
];
const otherSuites = [...CORPUS, ...PACKAGES];
/** The slow suite's files: a target may name one (a property test), the whole run takes none. */
const slowSuite = SLOW;

/**
 * scripts/mutate.mjs narrows them per folder (DOCSNAV_MUTATE_TESTS, comma-separated globs) to the
 * tests that mirror it: every validate test runs every rule, and a mutant is run against every
 * test that reaches it, which over the whole suite takes hours on 2 cores.
 */
const only = process.env.DOCSNAV_MUTATE_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    // The suites' limits, hooks' too (a hook under Vitest's default 10 s failed test/time-scale.test.ts, and with it the core target's dry run).
    testTimeout: hangGuard(TEST_TIMEOUT_MS),
    hookTimeout: hangGuard(HOOK_TIMEOUT_MS),
    // Temporary files in one folder of the run, removed at its end, as in the suites (a run over the
    // assistant left 569 folders in the system's temporary folder without it).
    globalSetup: ['test/temp-folder.ts'],
    include: only?.length ? only : ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...spawnsTheBuiltCli, ...spawnsTheBuild, ...otherSuites, ...(only?.length ? [] : slowSuite)],
  },
});
