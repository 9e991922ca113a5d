/**
 * The mutation step's work, as functions (issue 67: scripts/mutate.mjs held it as top-level code no
 * test ran, so every line of it CI's draw picked was a survivor): which lines a target's paths hold,
 * what a target is reckoned to cost, the runs a change asks for, the loop that runs each target's
 * Stryker within the budget or without one, and the report with its verdict. Stryker itself is
 * passed in (`stryker(run, mutate, deadline)`), as is the clock, so test/mutate-step.test.ts runs the
 * loop on answers of its own; scripts/mutate.mjs is the program that joins them to git and Stryker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LIBRARY, SERVER, THRESHOLD, isSource } from './mutate-targets.mjs';
import {
  budgetFor,
  estimate,
  gate,
  inRanges,
  linesInRanges,
  linesOf,
  planLines,
  pooled,
  sample,
  shownScore,
  tally,
  targetGate,
  wilson,
} from './mutate-gate.mjs';

/** A line of a file that is no code: blank, a comment, an import, a re-export or a type export, a lone run of closing brackets. */
const NOT_CODE = /^(\/\/|\/\*|\*|import |export \{|export type |[)}\]]+[;,]?$)/;

/**
 * The lines of code (not blank, not a comment, an import or a lone bracket) of a target's paths, as
 * `[file, line]`: a path is a file, a file's `file:start-end` lines, or a folder (ending in `/`: its
 * source files, sorted), named from `root`.
 */
export function codeLines(paths, root) {
  const lines = [];
  for (const entry of paths) {
    const [, file, start, end] = /^(.*?)(?::(\d+)-(\d+))?$/.exec(entry);
    const files = file.endsWith('/')
      ? readdirSync(path.join(root, file), { recursive: true })
          .map((name) => path.posix.join(file, String(name).split(path.sep).join('/')))
          .filter((name) => isSource(name))
          .sort()
      : [file];
    for (const name of files) {
      const text = readFileSync(path.join(root, name), 'utf8').split('\n');
      const from = start === undefined ? 1 : Number(start);
      const to = end === undefined ? text.length : Number(end);
      for (let line = from; line <= to; line++) {
        const code = text[line - 1].trim();
        if (code && !NOT_CODE.test(code)) lines.push([name, line]);
      }
    }
  }
  return lines;
}

/**
 * A test glob (`**` any folders, `*` any name) as a pattern of a whole path. Both wildcards are
 * replaced in one pass: replacing `*` after `**` turned the `.*` of the first into `.[^/]*`, and
 * `test/**` held one folder level only (scripts/mutate.mjs counted 2 of test/, test/a/, test/a/b/'s 3).
 */
export const globPattern = (glob) =>
  new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\/|\*/g, (wildcard) => (wildcard === '*' ? '[^/]*' : '(?:.*/)?'))}$`);

/** How many test files a target's test globs hold (the library's from `root`, the server's from `root`/server). */
export function testFiles(target, root) {
  const base = target.configFile === SERVER ? path.join(root, 'server') : root;
  const all = readdirSync(path.join(base, 'test'), { recursive: true }).map((file) => path.posix.join('test', String(file).split(path.sep).join('/')));
  const patterns = target.tests.map(globPattern);
  return all.filter((file) => patterns.some((pattern) => pattern.test(file))).length;
}

/**
 * Seconds the budget's plan reckons a target costs: its start (the sandbox, and the dry run of its
 * tests, reckoned by how many test files its globs hold) and each line drawn (its mutants' runs).
 * Rough, and scaled by the pace (the measured over the reckoned, as targets end): a target that
 * costs more than reckoned leaves less to those after it, never more than the budget in all.
 */
export const COST = { [LIBRARY]: { start: 20, perTestFile: 2, perLine: 8 }, [SERVER]: { start: 40, perTestFile: 8, perLine: 25 } };

/** A target's reckoned costs (seconds), before the pace. */
export function costOf(target, root) {
  const cost = COST[target.configFile];
  return { start: cost.start + cost.perTestFile * testFiles(target, root), perLine: target.cost?.perLine ?? cost.perLine };
}

/**
 * The runs a change asks for: per target of `ranges` (a target's changed `file:start-end` ranges,
 * changed-lines.mjs), those `asked` (none: all), each with `changed` (its lines of code the change
 * touched, the population a sample is drawn from), `touched` (every line it touched), `seed` (the
 * head commit's and the target's name unless one is given: a commit draws the same lines) and
 * `mutate` (every changed line, or `sampleSize` of them drawn); a target with no line of code changed is left out.
 */
export function changedRuns(ranges, { asked, seed, head, sampleSize, root }) {
  return [...ranges]
    .filter(([name]) => asked.length === 0 || asked.includes(name))
    .map(([name, changed]) => ({
      name,
      changed: codeLines(changed, root),
      touched: linesInRanges(changed, (file) => readFileSync(path.join(root, file), 'utf8').split('\n').length),
      seed: seed ?? `${head}:${name}`,
    }))
    .filter((run) => run.changed.length > 0)
    .map((run) => ({ ...run, mutate: sampleSize === undefined ? linesOf(run.changed) : linesOf(sample(run.changed, sampleSize, run.seed)) }));
}

/** The lines (`file:line`) of `file:start-end` ranges of single lines. */
export const linesIn = (mutate) => mutate.map((range) => range.replace(/-\d+$/, ''));

/** A target Stryker failed on, in one line (its name and the first line of what Stryker said). */
export const strykerFailed = (name, error) => `${name} (Stryker: ${error})`;

/** What a partial run asked about and the tests missed, line by line (what to test next, or mark equivalent with its reason). */
export function aliveLines(counted, root) {
  return counted
    .filter((result) => result.status === 'Survived' || result.status === 'NoCoverage')
    .map(
      (result) =>
        `  ${result.status === 'Survived' ? 'survived' : 'no test reached it'}: ${path.relative(root, result.fileName)}:${result.location.start.line}, ${result.mutatorName}${
          result.replacement === undefined ? '' : ` → ${JSON.stringify(result.replacement).slice(0, 100)}`
        }`,
    );
}

/** The pace after a run that took `seconds` where `reckoned` were planned: halfway to the measured ratio, kept within 0.25-4. */
export const nextPace = (pace, seconds, reckoned) => Math.min(4, Math.max(0.25, (pace + (pace * seconds) / reckoned) / 2));

/**
 * The budgeted loop (`--changed --budget`): the cheapest start first, the budget grown (up to `cap`)
 * to every changed line's reckoned cost; before each target the time left is shared again among
 * those pending at the paces measured so far (the library's and the server's apart). A target whose
 * start no longer fits is not measured; one still running at the budget's end is stopped (by
 * `stryker`, given the deadline) and it and those after it are not measured; one Stryker fails on
 * is listed apart. `costs` gives a target's reckoned costs, `configOf` its configuration, `now` the
 * time in ms, `log` takes each line as it comes. Returns the rows measured, `notRun`, `errored` and the budget.
 */
export async function runBudgeted(runs, { budget, cap, costs, configOf, stryker, now, log, root }) {
  const rows = [];
  const notRun = [];
  const errored = [];
  const paces = { [LIBRARY]: 1, [SERVER]: 1 };
  const paced = (run) => {
    const pace = paces[configOf(run.name)];
    return { ...run, cost: { start: run.cost.start * pace, perLine: run.cost.perLine * pace } };
  };
  const started = now();
  const pending = runs.map((run) => ({ ...run, cost: costs(run.name) })).sort((a, b) => a.cost.start - b.cost.start || a.name.localeCompare(b.name));
  const whole = budgetFor(pending, 0, Number.POSITIVE_INFINITY);
  const grown = budgetFor(pending, budget, cap);
  if (cap !== undefined)
    log(
      `mutate: every changed line is reckoned at ${Math.round(whole)} s; the budget: ${Math.round(grown)} s (${budget} s at least, ${cap} s at most)${
        grown < whole ? ', so lines are drawn to fit it' : ', so every changed line is mutated'
      }`,
    );
  while (pending.length > 0) {
    const run = pending[0];
    const begun = now();
    const left = grown - (begun - started) / 1000;
    const plan = planLines(pending.map(paced), left, 1);
    pending.shift();
    if (left < plan.least) {
      notRun.push(`${run.name} (its start alone is reckoned at ${Math.round(paced(run).cost.start)} s; ${Math.max(0, Math.round(left))} s were left)`);
      continue;
    }
    const mutate = linesOf(sample(run.changed, plan.lines, run.seed));
    log(
      `mutate: ${run.name}: ${plan.lines} of its ${run.changed.length} changed lines of code (seed ${run.seed.slice(0, 12)}${run.seed.slice(40)}), reckoned ${Math.round(plan.seconds)} s of the ${Math.round(left)} s left`,
    );
    // Past the budget's end the run is stopped whole (issue 67: a target that overran took the step to its 25-minute kill, and nothing measured before it was reported).
    const answer = await stryker(run, mutate, started + grown * 1000);
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
    const seconds = (now() - begun) / 1000;
    const config = configOf(run.name);
    paces[config] = nextPace(paces[config], seconds, plan.seconds);
    const counted = answer.results.filter((result) => inRanges(mutate, path.relative(root, result.fileName), result.location.start.line));
    rows.push({ name: run.name, ...tally(counted), minutes: seconds / 60, estimate: estimate(counted, linesIn(mutate), run.changed.length, root) });
    for (const line of aliveLines(counted, root)) log(line);
  }
  return { rows, notRun, errored, budget: grown };
}

/**
 * The loop without a budget: each target's `mutate` in turn. With `--changed` or `--sample`
 * (`partial`) only the lines asked for are counted (Stryker answers for every mutant its incremental
 * file holds) and those alive listed; a whole run is passed to `keepWhole(name, counts)`.
 */
export async function runEach(runs, { partial, changedMode, stryker, keepWhole, now, log, root }) {
  const rows = [];
  const errored = [];
  for (const run of runs) {
    const begun = now();
    const answer = await stryker(run, run.mutate, undefined);
    if ('error' in answer) {
      // As with a budget: the target is not measured, said in one line, and the run fails on it (not a stack trace).
      errored.push(strykerFailed(run.name, answer.error));
      continue;
    }
    const counted = partial
      ? answer.results.filter((result) => inRanges(run.mutate, path.relative(root, result.fileName), result.location.start.line))
      : answer.results;
    const minutes = (now() - begun) / 60_000;
    rows.push({
      name: run.name,
      ...tally(counted),
      minutes,
      estimate: changedMode ? estimate(counted, linesIn(run.mutate), run.changed.length, root) : undefined,
    });
    if (partial) for (const line of aliveLines(counted, root)) log(line);
    else keepWhole(run.name, tally(counted));
  }
  return { rows, notRun: [], errored };
}

/** The table of the rows measured: per target its lines (with --changed), score, counts and minutes. */
export function tableLines(rows, { changedMode, sampleSize, floor, ofOthers }) {
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
  const score = (row) => {
    if (changedMode) {
      const verdict = targetGate(row.estimate, floor, ofOthers);
      return `${shownScore(row.estimate)}${verdict === 'passes' ? '' : ` ${verdict}`}`;
    }
    if (sampleSize === undefined) return `${row.score.toFixed(1)}%`;
    const bounds = wilson(row.killed + row.timeout, row.killed + row.timeout + row.survived + row.noCoverage);
    return `${row.score.toFixed(1)}% (95%: ${bounds.map((bound) => Math.abs(bound).toFixed(0)).join('–')}%)`;
  };
  const table = [
    header,
    ...rows.map((row) => [
      row.name,
      ...(changedMode ? [`${row.estimate.n}/${row.estimate.population}`] : []),
      score(row),
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
  return table.map((cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  '));
}

/**
 * The report of a run and its verdict: what was not measured (failed, or said on a range not the
 * change's alone), with `--changed` what each target's change held and how much of it was mutated,
 * the table, and the floor on each target and on all together (`--changed`) or the whole runs'
 * threshold. `failed` is the step's verdict; `lines` what it prints.
 */
export function report({ runs, rows, notRun, errored, budget, changedMode, sampleSize, floor, ofOthers, base, minutes }) {
  const out = [];
  let failed = false;
  if (notRun.length > 0 && ofOthers) {
    // A range of many submissions (--base-not-passed): more targets than any budget reaches; said, as the estimates are.
    out.push('', `mutate: not measured within the budget of ${Math.round(budget)} s, on a range not the change's alone (not failed): ${notRun.join('; ')}`);
  } else if (notRun.length > 0) {
    // Issue 67: a target the budget did not reach is a target nobody measured, not one that passed.
    out.push('', `FAILED: not measured within the budget of ${Math.round(budget)} s: ${notRun.join('; ')}`);
    failed = true;
  }
  if (errored.length > 0) {
    out.push('', `FAILED: not measured, Stryker failed: ${errored.join('; ')}`);
    failed = true;
  }
  if (changedMode) {
    // What was measured, exactly: per target, the lines the change touched, its lines of code, how many were mutated, and whether its score is exact or a sample's estimate.
    const measured = new Map(rows.map((row) => [row.name, row]));
    out.push('', `mutate: measured since ${base}:`);
    for (const run of runs) {
      const row = measured.get(run.name);
      const what = row
        ? `${row.estimate.n} mutated (${row.estimate.exact ? 'exact: every one' : `a sample of ${row.estimate.n}/${row.estimate.population}`}), ${row.estimate.valid} mutants`
        : errored.some((line) => line.startsWith(`${run.name} `))
          ? 'none mutated: Stryker failed (FAILED)'
          : `none mutated: not run within the budget${ofOthers ? '' : ' (FAILED)'}`;
      out.push(`  ${run.name}: ${run.touched} lines changed, ${run.changed.length} of them lines of code; ${what}`);
    }
    const touched = runs.reduce((sum, run) => sum + run.touched, 0);
    const code = runs.reduce((sum, run) => sum + run.changed.length, 0);
    const mutated = rows.reduce((sum, row) => sum + row.estimate.n, 0);
    out.push(
      `  all targets: ${touched} lines changed, ${code} lines of code, ${mutated} mutated (${mutated === code ? 'exact' : `a sample: ${code - mutated} not mutated`})`,
    );
  }
  if (rows.length === 0) return { lines: out, failed };
  out.push('', ...tableLines(rows, { changedMode, sampleSize, floor, ofOthers }));
  if (changedMode) {
    // The floor holds for each target's changed lines and for all of them together.
    const all = pooled(rows.map((row) => row.estimate));
    const verdicts = [
      ...rows.map((row) => ({ name: row.name, verdict: targetGate(row.estimate, floor, ofOthers) })),
      { name: 'all targets', verdict: gate(all, floor, ofOthers) },
    ];
    out.push(
      '',
      `the changed lines, all targets: ${shownScore(all)} over ${all.n} of ${all.population} lines (${minutes.toFixed(1)} min); the floor ${floor}% fails a score under it, exact or estimated from the lines drawn${
        ofOthers ? ' (the base is not the last commit CI passed, --base-not-passed: an estimate fails only when its whole 95% interval is under the floor)' : ''
      }`,
    );
    const under = verdicts.filter((one) => one.verdict === 'under');
    if (under.length > 0)
      out.push(
        `under ${floor}%, though its interval reaches it, on a range not the change's alone (not failed; the survivors above say what to test): ${under.map((one) => one.name).join(', ')}`,
      );
    const fails = verdicts.filter((one) => one.verdict === 'fails');
    if (fails.length > 0) {
      out.push(`FAILED: under the floor of ${floor}%: ${fails.map((one) => one.name).join(', ')}`);
      failed = true;
    }
  } else {
    const low = rows.filter((row) => row.score < THRESHOLD);
    if (low.length > 0) {
      out.push('', `under ${THRESHOLD}%: ${low.map((row) => row.name).join(', ')}`);
      failed = true;
    }
  }
  return { lines: out, failed };
}
