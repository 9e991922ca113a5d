/**
 * Mutation testing, folder by folder (`npm run mutate`; CI runs only `mutate:changed --budget 480
 * --cap 1200` on the lines changed since the last commit CI passed, scripts/ci-state.mjs: a full run
 * takes hours on 2 cores). Stryker changes one thing at
 * a time in the code (a condition, an operator, a string) and runs the tests that cover it; a
 * mutant the tests do not notice is a bug they would not notice.
 *
 *   npm run mutate                    every target below, one after another
 *   npm run mutate -- fix server      some of them
 *   npm run mutate:changed            only the lines a change touches (git diff against a base), for CI
 *   npm run mutate:changed -- --base v1.2.0
 *   npm run mutate -- --sample 60 git-guards   60 of the target's lines, drawn at random (seeded)
 *
 * Each target keeps its own incremental file (reports/stryker-incremental-<target>.json, ignored
 * by git; CI keeps reports/ as its cache): a second run tests only the mutants whose code or
 * tests changed. Reports go to reports/mutation/<target>.html; the table at the end gives each
 * target's score (killed and timed out over all but the ignored), and the run exits 1 when one is
 * under 80%.
 *
 * `--changed` mutates, in each target, only the lines `git diff` shows changed since the merge base
 * of HEAD and `--base` (default: $DOCSNAV_MUTATE_BASE, else `main`), the working tree included;
 * each file goes to the first target that holds it. Nothing to mutate is a success. With
 * `--budget S` (CI: 480), each target's changed lines of code are drawn to fit S seconds (see
 * `planLines`: equal shares, planned again with the pace measured; the cheapest starts first, a
 * target whose start no longer fits not run, and that fails the run; a target still running at the
 * budget's end is stopped whole, its process group killed, scripts/mutate-run.mjs, and it and those
 * after it fail the run as not measured); with `--cap C` (CI: 1200) the
 * budget grows to every changed line's reckoned cost, up to C (`budgetFor`): a change that fits is
 * mutated whole. The floor (`--floor`, 85%) is applied to each target and to all together (see
 * `estimate` and `gate`): a score under it fails, exact or estimated from the lines drawn; with
 * `--base-not-passed` (CI, when its base is not a commit it recorded as passed), an estimate fails
 * only when its whole 95% interval is under the floor.
 *
 * `--sample N` mutates N lines of code of each target, drawn with a fixed seed (the target's name,
 * or `--seed S`), for targets whose whole run takes hours here (the tests of the repository access
 * and of the page scanner are slow or many): the score is an estimate, printed with its 95% interval
 * (Wilson's, over mutants; mutants of one line are not independent, so it is if anything narrow).
 *
 * The library's targets run the in-process tests of vitest.mutate.config.ts under
 * stryker.config.mjs; the server's run its unit tests (server/vitest.mutate.config.ts, test paths
 * relative to server/) under stryker.server.config.mjs, against docsnav's build (built here when
 * missing). `tests` lists every test file that covers a target, not only the ones that mirror it:
 * the site and redirect rules live in src/rules and are tested in test/site and test/redirects.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { changedRanges } from './changed-lines.mjs';
import { SERVER as SERVER_PACKAGE, checksFor, ensureFresh } from './fresh-build.mjs';
import { FLOOR, LIBRARY, SERVER, TARGETS, THRESHOLD, globsOf, isSource, targetOf } from './mutate-targets.mjs';
import { keepWholeRun, seedIncremental } from './mutation-state.mjs';
import { runInGroup } from './mutate-run.mjs';
import {
  budgetFor,
  estimate as estimateOf,
  gate as gateAt,
  targetGate as targetGateAt,
  inRanges,
  linesInRanges as linesInRangesOf,
  linesOf,
  parseArguments,
  planLines as planLinesAt,
  pooled,
  sample,
  shownScore,
  tally,
  wilson,
} from './mutate-gate.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);

function git(...args) {
  const result = spawnSync('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) {
    console.error(`mutate: git ${args.join(' ')} failed: ${(result.stderr || result.stdout).trim().split('\n')[0]}`);
    process.exit(2);
  }
  return result.stdout;
}

/** The lines of code (not blank, not a comment, an import or a lone bracket) of a target's paths, as `[file, line]`. */
function codeLines(paths) {
  const lines = [];
  for (const entry of paths) {
    const [, file, start, end] = /^(.*?)(?::(\d+)-(\d+))?$/.exec(entry);
    const files = file.endsWith('/')
      ? readdirSync(file, { recursive: true })
          .map((name) => path.posix.join(file, String(name).split(path.sep).join('/')))
          .filter((name) => isSource(name))
          .sort()
      : [file];
    for (const name of files) {
      const text = readFileSync(name, 'utf8').split('\n');
      const from = start === undefined ? 1 : Number(start);
      const to = end === undefined ? text.length : Number(end);
      for (let line = from; line <= to; line++) {
        const code = text[line - 1].trim();
        if (code && !/^(\/\/|\/\*|\*|import |export \{|export type |[)}\]]+[;,]?$)/.test(code)) lines.push([name, line]);
      }
    }
  }
  return lines;
}

const options = parseArguments(process.argv.slice(2), process.env, FLOOR);
if ('error' in options) {
  console.error(`mutate: ${options.error}`);
  process.exit(2);
}
const { changedMode, base, sampleSize, seed, cap, floor, ofOthers, asked } = options;
let { budget } = options;
const unknown = asked.filter((name) => !(name in TARGETS));
if (unknown.length > 0) {
  console.error(`mutate: unknown target ${unknown.map((name) => `"${name}"`).join(', ')}; the targets are ${Object.keys(TARGETS).join(', ')}`);
  process.exit(2);
}

/**
 * Each target to run and what it mutates (`mutate`); with `--changed`, `changed` is every line of
 * code of the target the change touched (the population a sample is drawn from) and `seed` the
 * seed its lines are drawn with (the head commit's and the target's name: a commit draws the same lines).
 */
let runs;
let head;
if (changedMode) {
  const mergeBase = git('merge-base', base, 'HEAD').trim();
  head = git('rev-parse', 'HEAD').trim();
  const ranges = changedRanges(
    targetOf,
    git('diff', '-U0', '--no-color', '--no-ext-diff', '--src-prefix=a/', '--dst-prefix=b/', mergeBase, '--', 'src', 'server/src', 'scripts'),
  );
  runs = [...ranges]
    .filter(([name]) => asked.length === 0 || asked.includes(name))
    .map(([name, changed]) => ({
      name,
      changed: codeLines(changed),
      touched: linesInRangesOf(changed, (file) => readFileSync(file, 'utf8').split('\n').length),
      seed: seed ?? `${head}:${name}`,
    }))
    .filter((run) => run.changed.length > 0)
    .map((run) => ({ ...run, mutate: sampleSize === undefined ? linesOf(run.changed) : linesOf(sample(run.changed, sampleSize, run.seed)) }));
  console.log(
    runs.length === 0
      ? `mutate: no line of code of a target changed since ${base} (${mergeBase.slice(0, 12)})`
      : `mutate: lines of code changed since ${base} (${mergeBase.slice(0, 12)}): ${runs.map((run) => `${run.name} ${run.changed.length}`).join(', ')}${
          budget === undefined ? '' : `; a budget of ${budget} s, each target's lines drawn to fit it (seed <head>:<target>)`
        }`,
  );
} else if (sampleSize !== undefined) {
  runs = (asked.length > 0 ? asked : Object.keys(TARGETS)).map((name) => {
    return { name, mutate: linesOf(sample(codeLines(TARGETS[name].paths), sampleSize, seed ?? name)) };
  });
  console.log(`mutate: ${runs.map((run) => `${run.name}, ${run.mutate.length} lines drawn (seed ${seed ?? run.name})`).join('; ')}`);
} else {
  runs = (asked.length > 0 ? asked : Object.keys(TARGETS)).map((name) => ({ name, mutate: globsOf(TARGETS[name].paths) }));
}
const partial = changedMode || sampleSize !== undefined;

// The server's targets run against docsnav's build, and start the repository thread from the server's
// (Stryker's sandbox copies both): each built again when a source is newer, or a test would run a stale one.
if (runs.some((run) => TARGETS[run.name].configFile === SERVER)) {
  try {
    for (const check of checksFor(SERVER_PACKAGE.root)) ensureFresh(check, (line) => console.log(`mutate: ${line}`));
  } catch (error) {
    console.error(`mutate: ${error.message}`);
    process.exit(2);
  }
}

/**
 * Seconds the budget's plan reckons a target costs: its start (the sandbox, and the dry run of its
 * tests, reckoned by how many test files its globs hold) and each line drawn (its mutants' runs).
 * Rough, and scaled by `pace` (the measured over the reckoned, as targets end): a target that
 * costs more than reckoned leaves less to those after it, never more than the budget in all.
 */
const COST = { [LIBRARY]: { start: 20, perTestFile: 2, perLine: 8 }, [SERVER]: { start: 40, perTestFile: 8, perLine: 25 } };
/**
 * How much slower than the plan's costs the targets run so far took (1 until one has run), for the
 * library's targets and the server's apart: the server's start PGlite and its build, and a pace
 * learned on the library's left too little for them (a run on 69c96fe reached no server target
 * late in its budget that its plan had reckoned at a quarter of its cost).
 */
const paces = { [LIBRARY]: 1, [SERVER]: 1 };
/** A run's costs at its configuration's pace. */
const paced = (run) => {
  const pace = paces[TARGETS[run.name].configFile];
  return { ...run, cost: { start: run.cost.start * pace, perLine: run.cost.perLine * pace } };
};

/** How many test files a target's test globs hold (the library's from the top, the server's from server/). */
function testFiles(name) {
  const target = TARGETS[name];
  const base = target.configFile === SERVER ? 'server' : '.';
  const all = readdirSync(path.join(base, 'test'), { recursive: true }).map((file) => path.posix.join('test', String(file).split(path.sep).join('/')));
  const patterns = target.tests.map(
    (glob) =>
      new RegExp(
        `^${glob
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '(?:.*/)?')
          .replace(/\*/g, '[^/]*')}$`,
      ),
  );
  return all.filter((file) => patterns.some((pattern) => pattern.test(file))).length;
}

/** A target's reckoned costs (seconds), before `pace`. */
function costOf(name) {
  const cost = COST[TARGETS[name].configFile];
  return { start: cost.start + cost.perTestFile * testFiles(name), perLine: TARGETS[name].cost?.perLine ?? cost.perLine };
}

/** The plan of `planLines` with the paces measured so far. */
const planLines = (pending, left) => planLinesAt(pending.map(paced), left, 1);
/** The floor's verdict (`--floor`). */
const gate = (one) => gateAt(one, floor, ofOthers);
/** A target's verdict (`--floor`; see targetGate). */
const targetGate = (one) => targetGateAt(one, floor, ofOthers);
/** The estimate over the lines asked about, files named from the top of the repository. */
const estimate = (results, lines, population) => estimateOf(results, lines, population, root);

/** A target's incremental file: reports/ (git-ignored), seeded from mutation-state/ in a clone that has none (scripts/mutation-state.mjs). */
const incrementalFileOf = (name) => `reports/stryker-incremental-${name}.json`;

/**
 * One Stryker run: `mutate` against `tests`, with the incremental file and reports of `name`, in a
 * process group of its own (scripts/mutate-run.mjs) with the target's environment, stopped whole at
 * `deadline` (a `performance.now()` time; none: no limit). Resolves `{ results }`, `{ error }` or `{ stopped }`.
 */
function stryker(name, configFile, mutate, tests, env = {}, deadline = undefined) {
  const seeded = seedIncremental(incrementalFileOf(name), name);
  if (seeded) console.log(`mutate: ${seeded}`);
  const options = {
    mutate,
    incremental: true,
    // DOCSNAV_MUTATE_CONCURRENCY: test runners at once (the configs' 2 unless set; 1 on a machine others share).
    ...(process.env.DOCSNAV_MUTATE_CONCURRENCY ? { concurrency: Number(process.env.DOCSNAV_MUTATE_CONCURRENCY) } : {}),
    incrementalFile: incrementalFileOf(name),
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
  };
  return runInGroup({ name, configFile, options }, { env: { ...process.env, ...env, DOCSNAV_MUTATE_TESTS: tests.join(',') }, deadline });
}

/** A target Stryker failed on, in one line (its name and the first line of what Stryker said). */
const strykerFailed = (name, error) => `${name} (Stryker: ${error})`;

/**
 * A whole run of a target, kept in mutation-state/ (committed: the next whole run re-tests only what
 * changed, and docs/mutation-scores.md's table is made from it): its incremental file and its row,
 * with the commit it ran on and whether the code or tests had uncommitted changes.
 */
function keepWhole(name, counts) {
  const { score, killed, timeout, survived, noCoverage, ignored } = counts;
  const row = { score, killed, timeout, survived, noCoverage, ignored, ...measuredOn, date: new Date().toISOString().slice(0, 10) };
  keepWholeRun(incrementalFileOf(name), name, row);
  console.log(`mutate: ${name}'s whole run kept in mutation-state/ (npm run mutate:table writes docs/mutation-scores.md's table)`);
}

/** The commit the run's code and tests are, taken as it starts (a commit made while it runs is not what it measured). */
const measuredOn = {
  commit: git('rev-parse', 'HEAD').trim(),
  dirty: git('status', '--porcelain', '--', 'src', 'server/src', 'scripts', 'test', 'server/test').trim() !== '',
};

const rows = [];
const started = performance.now();
const notRun = [];
/** Targets whose Stryker run failed (its dry run over its time, its tests failing, an error): the step fails on them, unmeasured is not passed. */
const errored = [];

/** Lists what a partial run asked about and the tests missed, line by line: what to test next (or mark equivalent, with its reason). */
function listAlive(counted) {
  for (const result of counted.filter((result) => result.status === 'Survived' || result.status === 'NoCoverage'))
    console.log(
      `  ${result.status === 'Survived' ? 'survived' : 'no test reached it'}: ${path.relative(root, result.fileName)}:${result.location.start.line}, ${result.mutatorName}${
        result.replacement === undefined ? '' : ` → ${JSON.stringify(result.replacement).slice(0, 100)}`
      }`,
    );
}

/** The lines (`file:line`) of `file:start-end` ranges of single lines. */
const linesIn = (mutate) => mutate.map((range) => range.replace(/-\d+$/, ''));

if (changedMode && budget !== undefined) {
  // The cheapest starts first; the budget grows (up to --cap) to every changed line's reckoned cost. A target whose start does not fit is not measured, and fails the step.
  const pending = runs.map((run) => ({ ...run, cost: costOf(run.name) })).sort((a, b) => a.cost.start - b.cost.start || a.name.localeCompare(b.name));
  const asked = budget;
  budget = budgetFor(pending, budget, cap);
  if (cap !== undefined)
    console.log(
      `mutate: every changed line is reckoned at ${Math.round(budgetFor(pending, 0, Number.POSITIVE_INFINITY))} s; the budget: ${Math.round(budget)} s (${asked} s at least, ${cap} s at most)${
        budget < budgetFor(pending, 0, Number.POSITIVE_INFINITY) ? ', so lines are drawn to fit it' : ', so every changed line is mutated'
      }`,
    );
  while (pending.length > 0) {
    const run = pending[0];
    const begun = performance.now();
    const left = budget - (begun - started) / 1000;
    const plan = planLines(pending, left);
    pending.shift();
    if (left < plan.least) {
      notRun.push(`${run.name} (its start alone is reckoned at ${Math.round(paced(run).cost.start)} s; ${Math.max(0, Math.round(left))} s were left)`);
      continue;
    }
    const mutate = linesOf(sample(run.changed, plan.lines, run.seed));
    console.log(
      `mutate: ${run.name}: ${plan.lines} of its ${run.changed.length} changed lines of code (seed ${run.seed.slice(0, 12)}${run.seed.slice(40)}), reckoned ${Math.round(plan.seconds)} s of the ${Math.round(left)} s left`,
    );
    // Past the budget's end the run is stopped whole (issue 67: a target that overran took the step to its 25-minute kill, and nothing measured before it was reported).
    const answer = await stryker(run.name, TARGETS[run.name].configFile, mutate, TARGETS[run.name].tests, TARGETS[run.name].env, started + budget * 1000);
    if ('stopped' in answer) {
      notRun.push(`${run.name} (stopped at the budget's end, ${Math.round(answer.stopped)} s after it began; reckoned ${Math.round(plan.seconds)} s)`);
      notRun.push(...pending.splice(0).map((later) => `${later.name} (no time was left)`));
      break;
    }
    if ('error' in answer) {
      // Stryker's dry run over its time (a loaded machine), or its tests failing before any mutant: the target is not measured, and that fails the step (issue 67: "not measured" passed a broken target).
      errored.push(strykerFailed(run.name, answer.error));
      continue;
    }
    const { results } = answer;
    const seconds = (performance.now() - begun) / 1000;
    const config = TARGETS[run.name].configFile;
    paces[config] = Math.min(4, Math.max(0.25, (paces[config] + (paces[config] * seconds) / plan.seconds) / 2));
    const counted = results.filter((result) => inRanges(mutate, path.relative(root, result.fileName), result.location.start.line));
    rows.push({ name: run.name, ...tally(counted), minutes: seconds / 60, estimate: estimate(counted, linesIn(mutate), run.changed.length) });
    listAlive(counted);
  }
} else {
  for (const run of runs) {
    const begun = performance.now();
    const answer = await stryker(run.name, TARGETS[run.name].configFile, run.mutate, TARGETS[run.name].tests, TARGETS[run.name].env);
    if ('error' in answer) {
      // As with a budget: the target is not measured, said in one line, and the run fails on it (not a stack trace).
      errored.push(strykerFailed(run.name, answer.error));
      continue;
    }
    const { results } = answer;
    // Stryker answers for every mutant its incremental file holds: with --changed or --sample, count the lines asked for only.
    const counted = partial ? results.filter((result) => inRanges(run.mutate, path.relative(root, result.fileName), result.location.start.line)) : results;
    const minutes = (performance.now() - begun) / 60_000;
    rows.push({ name: run.name, ...tally(counted), minutes, estimate: changedMode ? estimate(counted, linesIn(run.mutate), run.changed.length) : undefined });
    if (partial) listAlive(counted);
    else keepWhole(run.name, tally(counted));
  }
}
if (notRun.length > 0 && ofOthers) {
  // A range of many submissions (--base-not-passed): more targets than any budget reaches; said, as the estimates are.
  console.log(`\nmutate: not measured within the budget of ${Math.round(budget)} s, on a range not the change's alone (not failed): ${notRun.join('; ')}`);
} else if (notRun.length > 0) {
  // Issue 67: a target the budget did not reach is a target nobody measured, not one that passed.
  console.log(`\nFAILED: not measured within the budget of ${Math.round(budget)} s: ${notRun.join('; ')}`);
  process.exitCode = 1;
}
if (errored.length > 0) {
  console.log(`\nFAILED: not measured, Stryker failed: ${errored.join('; ')}`);
  process.exitCode = 1;
}
if (changedMode) {
  // What was measured, exactly: per target, the lines the change touched, its lines of code, how many were mutated, and whether its score is exact or a sample's estimate.
  const measured = new Map(rows.map((row) => [row.name, row]));
  console.log(`\nmutate: measured since ${base}:`);
  for (const run of runs) {
    const row = measured.get(run.name);
    const what = row
      ? `${row.estimate.n} mutated (${row.estimate.exact ? 'exact: every one' : `a sample of ${row.estimate.n}/${row.estimate.population}`}), ${row.estimate.valid} mutants`
      : errored.some((line) => line.startsWith(`${run.name} `))
        ? 'none mutated: Stryker failed (FAILED)'
        : `none mutated: not run within the budget${ofOthers ? '' : ' (FAILED)'}`;
    console.log(`  ${run.name}: ${run.touched} lines changed, ${run.changed.length} of them lines of code; ${what}`);
  }
  const touched = runs.reduce((sum, run) => sum + run.touched, 0);
  const code = runs.reduce((sum, run) => sum + run.changed.length, 0);
  const mutated = rows.reduce((sum, row) => sum + row.estimate.n, 0);
  console.log(
    `  all targets: ${touched} lines changed, ${code} lines of code, ${mutated} mutated (${mutated === code ? 'exact' : `a sample: ${code - mutated} not mutated`})`,
  );
}
if (rows.length === 0) process.exit();

const header = [
  'target',
  changedMode ? 'lines' : 'score',
  ...(changedMode ? ['score'] : []),
  'killed',
  'timeout',
  'survived',
  'no coverage',
  'ignored',
  'errors',
  'minutes',
];
const table = [
  header,
  ...rows.map((row) => [
    row.name,
    ...(changedMode ? [`${row.estimate.n}/${row.estimate.population}`] : []),
    changedMode
      ? `${shownScore(row.estimate)}${targetGate(row.estimate) === 'passes' ? '' : ` ${targetGate(row.estimate)}`}`
      : sampleSize === undefined
        ? `${row.score.toFixed(1)}%`
        : `${row.score.toFixed(1)}% (95%: ${wilson(row.killed + row.timeout, row.killed + row.timeout + row.survived + row.noCoverage)
            .map((bound) => Math.abs(bound).toFixed(0))
            .join('–')}%)`,
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
if (changedMode) {
  // The floor holds for each target's changed lines and for all of them together.
  const all = pooled(rows.map((row) => row.estimate));
  const verdicts = [...rows.map((row) => ({ name: row.name, verdict: targetGate(row.estimate) })), { name: 'all targets', verdict: gate(all) }];
  console.log(
    `\nthe changed lines, all targets: ${shownScore(all)} over ${all.n} of ${all.population} lines (${((performance.now() - started) / 60_000).toFixed(1)} min); the floor ${floor}% fails a score under it, exact or estimated from the lines drawn${
      ofOthers ? ' (the base is not the last commit CI passed, --base-not-passed: an estimate fails only when its whole 95% interval is under the floor)' : ''
    }`,
  );
  const under = verdicts.filter((one) => one.verdict === 'under');
  if (under.length > 0)
    console.log(
      `under ${floor}%, though its interval reaches it, on a range not the change's alone (not failed; the survivors above say what to test): ${under.map((one) => one.name).join(', ')}`,
    );
  const failed = verdicts.filter((one) => one.verdict === 'fails');
  if (failed.length > 0) {
    console.log(`FAILED: under the floor of ${floor}%: ${failed.map((one) => one.name).join(', ')}`);
    process.exitCode = 1;
  }
} else {
  const low = rows.filter((row) => row.score < THRESHOLD);
  if (low.length > 0) {
    console.log(`\nunder ${THRESHOLD}%: ${low.map((row) => row.name).join(', ')}`);
    process.exitCode = 1;
  }
}
