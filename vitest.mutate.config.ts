import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS, hangGuard } from './test/time-scale.mjs';

/**
 * The tests Stryker runs against its mutants (`npm run mutate`, stryker.config.mjs): the default
 * suite's tests that call the library in-process. Tests that spawn the built CLI (`dist/`) cannot
 * see a mutant of `src/` and only cost time; the corpus and package suites stay out too, and the slow suite unless a target names one of its files.
 */
const spawnsTheBuiltCli = ['test/lsp/lsp.test.ts', 'test/lsp/editors.test.ts', 'test/readme.test.ts', 'test/schema/editors.test.ts'];

/**
 * The files of test/cli and test/daemon that import no module of src/: they spawn the build, and no
 * mutant is seen from them. The others there run: a test that drives a command in process
 * (src/cli/run.ts, src/daemon/) sees the CLI's mutants. Until issue 67's third session test/cli was
 * left out whole, no test Stryker ran could see a mutant of src/cli or src/daemon, and the gate
 * counted their lines as 100% (scripts/mutate.mjs now counts mutants no test reaches).
 */
function importingNoSource(): string[] {
  return ['test/cli', 'test/daemon']
    .flatMap((folder) => readdirSync(folder).map((file) => `${folder}/${file}`))
    .filter((file) => file.endsWith('.test.ts') && !/\bfrom '(?:\.\.\/)+src\//.test(readFileSync(file, 'utf8')));
}
const otherSuites = ['test/**/*.corpus.test.ts', 'test/corpus.test.ts', 'test/package/**'];
/** The slow suite's files: a target may name one (a property test), the whole run takes none. */
const slowSuite = ['test/robustness/**', 'test/rules/robustness.test.ts', 'test/hostile/**'];

/**
 * scripts/mutate.mjs narrows them per folder (DOCSNAV_MUTATE_TESTS, comma-separated globs) to the
 * tests that mirror it: every validate test runs every rule, and a mutant is run against every
 * test that reaches it, which over the whole suite takes hours on 2 cores.
 */
const only = process.env.DOCSNAV_MUTATE_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    testTimeout: hangGuard(TEST_TIMEOUT_MS),
    // Temporary files in one folder of the run, removed at its end, as in the suites (a run over the
    // assistant left 569 folders in the system's temporary folder without it).
    globalSetup: ['test/temp-folder.ts'],
    include: only?.length ? only : ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...spawnsTheBuiltCli, ...importingNoSource(), ...otherSuites, ...(only?.length ? [] : slowSuite)],
  },
});
