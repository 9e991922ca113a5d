/**
 * Mutation testing, folder by folder (`npm run mutate`, not in CI: a full run takes an hour or
 * more on 2 cores). Stryker changes one thing at a time in the code (a condition, an operator, a
 * string) and runs the tests that cover it; a mutant the tests do not notice is a bug they would
 * not notice.
 *
 *   npm run mutate                    every target below, one after another
 *   npm run mutate -- fix server      some of them
 *
 * Each target keeps its own incremental file (reports/stryker-incremental-<target>.json, ignored
 * by git): a second run tests only the mutants whose code or tests changed. Reports go to
 * reports/mutation/<target>.html; the table at the end gives each target's score (killed and
 * timed out over all but the ignored), and the run exits 1 when one is under 80%.
 *
 * The library's targets run the in-process tests of vitest.mutate.config.ts under
 * stryker.config.mjs, each folder against the tests that mirror it (`tests` below); the server's run its unit tests (server/vitest.mutate.config.ts) under
 * stryker.server.config.mjs, against docsnav's build (built here when missing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';

/** `tests`: the library's tests run against the target's mutants (vitest.mutate.config.ts), those that mirror it. */
const TARGETS = {
  rules: { configFile: 'stryker.config.mjs', mutate: ['src/rules/**/*.ts'], tests: ['test/rules/**/*.test.ts'] },
  navigation: {
    configFile: 'stryker.config.mjs',
    mutate: ['src/navigation/**/*.ts'],
    tests: ['test/navigation/**/*.test.ts', 'test/rules/**/*.test.ts', 'test/schema/**/*.test.ts'],
  },
  resolve: { configFile: 'stryker.config.mjs', mutate: ['src/resolve/**/*.ts'], tests: ['test/resolve/**/*.test.ts'] },
  fix: { configFile: 'stryker.config.mjs', mutate: ['src/fix/**/*.ts'], tests: ['test/fix/**/*.test.ts'] },
  server: {
    configFile: 'stryker.server.config.mjs',
    mutate: ['server/src/auth.ts', 'server/src/routes/auth.ts', 'server/src/limits.ts', 'server/src/assistant/protocols.ts', 'server/src/assistant/events.ts'],
  },
};
const THRESHOLD = 80;

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in TARGETS));
if (unknown.length > 0) {
  console.error(`mutate: unknown target ${unknown.map((name) => `"${name}"`).join(', ')}; the targets are ${Object.keys(TARGETS).join(', ')}`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : Object.keys(TARGETS);

if (names.includes('server') && !existsSync(path.join(root, 'dist/index.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Stryker's statuses, counted the way its score counts them. */
function tally(results) {
  const count = (...statuses) => results.filter((result) => statuses.includes(result.status)).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const ignored = count('Ignored');
  const errors = count('CompileError', 'RuntimeError');
  const detected = killed + timeout;
  const valid = detected + survived + noCoverage;
  return { killed, timeout, survived, noCoverage, ignored, errors, score: valid === 0 ? 100 : (100 * detected) / valid };
}

const rows = [];
for (const name of names) {
  const target = TARGETS[name];
  const started = performance.now();
  process.env.DOCSNAV_MUTATE_TESTS = (target.tests ?? []).join(',');
  const results = await new Stryker({
    configFile: target.configFile,
    mutate: target.mutate,
    incrementalFile: `reports/stryker-incremental-${name}.json`,
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
  }).runMutationTest();
  rows.push({ name, ...tally(results), minutes: (performance.now() - started) / 60_000 });
}

const header = ['target', 'score', 'killed', 'timeout', 'survived', 'no coverage', 'ignored', 'errors', 'minutes'];
const table = [
  header,
  ...rows.map((row) => [
    row.name,
    `${row.score.toFixed(1)}%`,
    row.killed,
    row.timeout,
    row.survived,
    row.noCoverage,
    row.ignored,
    row.errors,
    row.minutes.toFixed(1),
  ]),
].map((cells) => cells.map(String));
const widths = header.map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
console.log(`\n${table.map((cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ')).join('\n')}`);
const low = rows.filter((row) => row.score < THRESHOLD);
if (low.length > 0) {
  console.log(`\nunder ${THRESHOLD}%: ${low.map((row) => row.name).join(', ')}`);
  process.exitCode = 1;
}
