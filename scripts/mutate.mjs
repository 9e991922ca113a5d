/**
 * Mutation testing, folder by folder (`npm run mutate`, not in CI: a full run takes an hour or
 * more on 2 cores). Stryker changes one thing at a time in the code (a condition, an operator, a
 * string) and runs the tests that cover it; a mutant the tests do not notice is a bug they would
 * not notice.
 *
 *   npm run mutate                    every target below, one after another
 *   npm run mutate -- fix server      some of them
 *   npm run mutate:changed            only the lines a change touches (git diff against a base), for CI
 *   npm run mutate:changed -- --base v1.2.0
 *
 * Each target keeps its own incremental file (reports/stryker-incremental-<target>.json, ignored
 * by git; CI keeps reports/ as its cache): a second run tests only the mutants whose code or
 * tests changed. Reports go to reports/mutation/<target>.html; the table at the end gives each
 * target's score (killed and timed out over all but the ignored), and the run exits 1 when one is
 * under 80%.
 *
 * `--changed` mutates, in each target, only the lines `git diff` shows changed since the merge base
 * of HEAD and `--base` (default: $DOCSNAV_MUTATE_BASE, else `main`), the working tree included;
 * each file goes to the first target that holds it. Nothing to mutate is a success.
 *
 * The library's targets run the in-process tests of vitest.mutate.config.ts under
 * stryker.config.mjs; the server's run its unit tests (server/vitest.mutate.config.ts, test paths
 * relative to server/) under stryker.server.config.mjs, against docsnav's build (built here when
 * missing). `tests` lists every test file that covers a target, not only the ones that mirror it:
 * the site and redirect rules live in src/rules and are tested in test/site and test/redirects.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';

const LIBRARY = 'stryker.config.mjs';
const SERVER = 'stryker.server.config.mjs';

/** The site rules' own tests (test/rules/site-harness.ts), which the site, its links and redirects run under. */
const SITE_RULE_TESTS = ['test/rules/redirect-*.test.ts', 'test/rules/link-not-found.test.ts', 'test/rules/anchor-not-found.test.ts'];

/**
 * `paths`: the folders (ending in `/`) and files mutated; `tests`: the test files run against
 * their mutants (the library's from the top of the repository, the server's from server/).
 */
const TARGETS = {
  rules: { configFile: LIBRARY, paths: ['src/rules/'], tests: ['test/rules/**/*.test.ts', 'test/site/**/*.test.ts', 'test/redirects/**/*.test.ts'] },
  navigation: {
    configFile: LIBRARY,
    paths: ['src/navigation/'],
    tests: ['test/navigation/**/*.test.ts', 'test/rules/**/*.test.ts', 'test/schema/**/*.test.ts'],
  },
  resolve: { configFile: LIBRARY, paths: ['src/resolve/'], tests: ['test/resolve/**/*.test.ts'] },
  fix: { configFile: LIBRARY, paths: ['src/fix/'], tests: ['test/fix/**/*.test.ts'] },
  site: { configFile: LIBRARY, paths: ['src/site/'], tests: ['test/site/**/*.test.ts', 'test/redirects/**/*.test.ts', ...SITE_RULE_TESTS] },
  redirects: { configFile: LIBRARY, paths: ['src/redirects/'], tests: ['test/redirects/**/*.test.ts', 'test/site/**/*.test.ts', ...SITE_RULE_TESTS] },
  pages: { configFile: LIBRARY, paths: ['src/pages/'], tests: ['test/pages/**/*.test.ts', 'test/site/**/*.test.ts'] },
  cache: { configFile: LIBRARY, paths: ['src/cache.ts'], tests: ['test/cache.test.ts'] },
  // A validation given again from the page scan store (its runs file), and the store's side of it.
  replay: { configFile: LIBRARY, paths: ['src/validate-replay.ts'], tests: ['test/validate-replay.test.ts', 'test/pages/store.test.ts', 'test/files.test.ts'] },
  settings: { configFile: LIBRARY, paths: ['src/settings/'], tests: ['test/settings/**/*.test.ts'] },
  // test/docs/rule-docs.test.ts reads a git base (readSiteBase) for redirect-missing's examples; test/fix's `since` is a literal SiteBase.
  history: { configFile: LIBRARY, paths: ['src/history/'], tests: ['test/history/**/*.test.ts', 'test/docs/rule-docs.test.ts'] },
  server: {
    configFile: SERVER,
    paths: ['server/src/auth.ts', 'server/src/routes/auth.ts', 'server/src/limits.ts', 'server/src/assistant/protocols.ts', 'server/src/assistant/events.ts'],
    tests: ['test/api-keys.test.ts', 'test/auth.test.ts', 'test/limit-scopes.test.ts', 'test/protocols.test.ts'],
  },
  jobs: {
    configFile: SERVER,
    paths: ['server/src/jobs/'],
    tests: ['test/job-lease.test.ts', 'test/job-kinds.test.ts', 'test/job-faults.test.ts', 'test/deploy-incremental.test.ts'],
  },
  redact: { configFile: SERVER, paths: ['server/src/redact.ts'], tests: ['test/git.test.ts', 'test/git-faults.test.ts', 'test/redact*.test.ts'] },
  git: { configFile: SERVER, paths: ['server/src/git.ts'], tests: ['test/git.test.ts', 'test/git-faults.test.ts'] },
  'data-folder': { configFile: SERVER, paths: ['server/src/data-folder.ts'], tests: ['test/data-folder*.test.ts', 'test/job-kinds.test.ts'] },
  assistant: {
    configFile: SERVER,
    paths: ['server/src/assistant/'],
    tests: [
      'test/assistant.test.ts',
      'test/assistant-v5.test.ts',
      'test/assistant-limits.test.ts',
      'test/extractive.test.ts',
      'test/model.test.ts',
      'test/data-stream.test.ts',
      'test/protocols.test.ts',
      'test/embeddings.test.ts',
    ],
  },
  routes: {
    configFile: SERVER,
    paths: ['server/src/routes/'],
    tests: [
      'test/auth.test.ts',
      'test/api-keys.test.ts',
      'test/app.test.ts',
      'test/assistant.test.ts',
      'test/boundaries.test.ts',
      'test/requests.test.ts',
      'test/agent.test.ts',
      'test/route-guards.test.ts',
    ],
  },
};
const THRESHOLD = 80;

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);

/** Stryker's `mutate` globs of a target's paths. */
const globsOf = (paths) => paths.map((entry) => (entry.endsWith('/') ? `${entry}**/*.ts` : entry));

/** The target a file belongs to (the first that holds it), or undefined. */
function targetOf(file) {
  for (const [name, target] of Object.entries(TARGETS)) {
    if (target.paths.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry))) return name;
  }
  return undefined;
}

function git(...args) {
  const result = spawnSync('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) {
    console.error(`mutate: git ${args.join(' ')} failed: ${(result.stderr || result.stdout).trim().split('\n')[0]}`);
    process.exit(2);
  }
  return result.stdout;
}

/**
 * The lines changed since the merge base of HEAD and `base` (working tree included), as
 * Stryker's `file:start-end` ranges, by target: added and changed lines only (a deletion leaves
 * no line to mutate; the tests of what is left still run against the lines around it if changed).
 */
function changedRanges(diff) {
  const byTarget = new Map();
  let file;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      file = line === '+++ /dev/null' ? undefined : line.slice(line.indexOf('/') + 1);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || file === undefined || !file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    const name = targetOf(file);
    if (count === 0 || name === undefined) continue;
    if (!byTarget.has(name)) byTarget.set(name, []);
    byTarget.get(name).push(`${file}:${start}-${start + count - 1}`);
  }
  return byTarget;
}

const argv = process.argv.slice(2);
const changedMode = argv.includes('--changed');
let base = process.env.DOCSNAV_MUTATE_BASE || 'main';
const asked = [];
for (let index = 0; index < argv.length; index++) {
  if (argv[index] === '--changed') continue;
  if (argv[index] === '--base') {
    base = argv[++index];
    if (!base) {
      console.error('mutate: --base takes a git ref (a branch, tag or commit)');
      process.exit(2);
    }
    continue;
  }
  asked.push(argv[index]);
}
const unknown = asked.filter((name) => !(name in TARGETS));
if (unknown.length > 0) {
  console.error(`mutate: unknown target ${unknown.map((name) => `"${name}"`).join(', ')}; the targets are ${Object.keys(TARGETS).join(', ')}`);
  process.exit(2);
}

/** Each target to run and what it mutates. */
let runs;
if (changedMode) {
  const mergeBase = git('merge-base', base, 'HEAD').trim();
  const ranges = changedRanges(git('diff', '-U0', '--no-color', '--no-ext-diff', '--src-prefix=a/', '--dst-prefix=b/', mergeBase, '--', 'src', 'server/src'));
  runs = [...ranges].filter(([name]) => asked.length === 0 || asked.includes(name)).map(([name, mutate]) => ({ name, mutate }));
  console.log(
    runs.length === 0
      ? `mutate: no line of a target changed since ${base} (${mergeBase.slice(0, 12)})`
      : `mutate: lines changed since ${base} (${mergeBase.slice(0, 12)}): ${runs.map((run) => `${run.name} (${run.mutate.length} ranges)`).join(', ')}`,
  );
} else {
  runs = (asked.length > 0 ? asked : Object.keys(TARGETS)).map((name) => ({ name, mutate: globsOf(TARGETS[name].paths) }));
}

if (runs.some((run) => TARGETS[run.name].configFile === SERVER) && !existsSync(path.join(root, 'dist/index.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** True when `line` of `file` is in one of the `file:start-end` ranges. */
function inRanges(ranges, file, line) {
  return ranges.some((range) => {
    const [, rangeFile, start, end] = /^(.*):(\d+)-(\d+)$/.exec(range) ?? [];
    return rangeFile === file && line >= Number(start) && line <= Number(end);
  });
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
for (const { name, mutate } of runs) {
  const target = TARGETS[name];
  const started = performance.now();
  process.env.DOCSNAV_MUTATE_TESTS = target.tests.join(',');
  const results = await new Stryker({
    configFile: target.configFile,
    mutate,
    incremental: true,
    incrementalFile: `reports/stryker-incremental-${name}.json`,
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
  }).runMutationTest();
  // Stryker answers for every mutant its incremental file holds: in --changed mode, count the changed lines' only.
  const counted = changedMode ? results.filter((result) => inRanges(mutate, path.relative(root, result.fileName), result.location.start.line)) : results;
  rows.push({ name, ...tally(counted), minutes: (performance.now() - started) / 60_000 });
}
if (rows.length === 0) process.exit(0);

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
