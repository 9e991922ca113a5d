/**
 * The test files of the suites other than the default one (vitest.config.ts), shared with the
 * mutation runs' configuration (vitest.mutate.config.ts), which leaves them out too: a suite's file
 * named in one place only was run by one and not the other (test/package/boundaries.test.ts, in the
 * default suite, was left out of every mutation run by a `test/package/**` of its own).
 */
export const CORPUS = ['test/corpus.test.ts', 'test/**/*.corpus.test.ts'];
export const PACKAGES = ['test/package/tarballs.test.ts', 'test/package/vscode-extension.test.ts', 'test/package/vitepress.test.ts'];
export const SLOW = ['test/robustness/**/*.test.ts', 'test/rules/robustness.test.ts', 'test/hostile/**/*.test.ts'];
