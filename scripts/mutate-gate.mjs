/**
 * The gate of `npm run mutate:changed` (scripts/mutate.mjs), its pure parts: which lines are drawn
 * (`sample`, `planLines`: the budget shared among targets), how a target's results are counted
 * (`tally`, `inRanges`), the score over the lines drawn as an estimate of the changed lines' score
 * (`estimate`, `interval`, `pooled`) and the floor's verdict on it (`gate`). Kept apart from the
 * script (which runs git and Stryker) so that test/mutate-gate.test.ts can table-test each rule and
 * fail when one is made lenient.
 */
import { mulberry32 } from './mulberry32.mjs';
import path from 'node:path';

/** Lines drawn from a target at least, when it runs at all: fewer say nothing. */
export const MIN_LINES = 3;

/** `count` of `items`, drawn without replacement by a generator seeded with `seed` (mulberry32 over the seed's FNV-1a hash). */
export function sample(items, count, seed) {
  const random = mulberry32([...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261));
  const pool = [...items];
  for (let index = 0; index < Math.min(count, pool.length); index++) {
    const pick = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[pick]] = [pool[pick], pool[index]];
  }
  return pool.slice(0, count);
}

/** Stryker's ranges of single lines (`[file, line]`), in file and line order. */
export function linesOf(drawn) {
  return [...drawn].sort(([a, x], [b, y]) => a.localeCompare(b) || x - y).map(([file, line]) => `${file}:${line}-${line}`);
}

/** Wilson's 95% interval of `detected` of `valid`, in percent. */
export function wilson(detected, valid) {
  if (valid === 0) return [100, 100];
  const z = 1.96;
  const p = detected / valid;
  const centre = (p + (z * z) / (2 * valid)) / (1 + (z * z) / valid);
  const half = (z * Math.sqrt((p * (1 - p)) / valid + (z * z) / (4 * valid * valid))) / (1 + (z * z) / valid);
  return [100 * (centre - half), 100 * (centre + half)];
}

/** A `file:start-end` range's file and lines; no lines when it names none (its whole file). The file's name may hold `:` itself: only a last `:start-end` is the lines. */
function parseRange(range) {
  const named = /:(\d+)-(\d+)$/.exec(range);
  return named === null ? { file: range } : { file: range.slice(0, named.index), start: Number(named[1]), end: Number(named[2]) };
}

/** How many lines `file:start-end` ranges hold; a range with no lines named is its whole file, of `linesOfFile(file)` lines. */
export function linesInRanges(ranges, linesOfFile) {
  let lines = 0;
  for (const range of ranges) {
    const { file, start, end } = parseRange(range);
    lines += start === undefined ? linesOfFile(file) : end - start + 1;
  }
  return lines;
}

/** True when `line` of `file` is in one of the `file:start-end` ranges (a range of a whole file holds none of its lines by number). */
export function inRanges(ranges, file, line) {
  return ranges.some((range) => {
    const named = parseRange(range);
    return named.file === file && line >= named.start && line <= named.end;
  });
}

/** Stryker's statuses, counted the way its score counts them. */
export function tally(results) {
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

/**
 * The lines to draw from the first of `pending` within `left` seconds: the time left after each
 * target's start is shared equally among the targets, a target that needs less than its share
 * (all its lines) leaving the rest to the others, so that one slow or large target cannot take the
 * whole budget. Planned again before each target, with the time then left and the pace measured
 * (`pace`: how much slower than reckoned the targets so far ran).
 */
export function planLines(pending, left, pace = 1) {
  const costs = pending.map((run) => ({ run, start: run.cost.start * pace, perLine: run.cost.perLine * pace }));
  let pool = left - costs.reduce((sum, cost) => sum + cost.start, 0);
  const lines = new Map();
  let open = costs;
  // Stryker disable next-line EqualityOperator: equivalent: with none open, none is whole and the loop ends at the break below
  while (open.length > 0) {
    const share = Math.max(0, pool) / open.length;
    // Stryker disable next-line EqualityOperator: equivalent: a target whose lines cost its share exactly is drawn whole either way (share / perLine of them), and the others' shares are the same
    const whole = open.filter((cost) => cost.run.changed.length * cost.perLine <= share);
    if (whole.length === 0) {
      for (const cost of open) lines.set(cost.run, Math.min(cost.run.changed.length, Math.max(MIN_LINES, Math.floor(share / cost.perLine))));
      break;
    }
    for (const cost of whole) {
      lines.set(cost.run, cost.run.changed.length);
      pool -= cost.run.changed.length * cost.perLine;
    }
    open = open.filter((cost) => !whole.includes(cost));
  }
  const first = costs[0];
  return {
    lines: lines.get(first.run),
    seconds: first.start + lines.get(first.run) * first.perLine,
    least: first.start + Math.min(MIN_LINES, first.run.changed.length) * first.perLine,
  };
}

/**
 * A target's score over the lines it was asked about, as an estimate of its score over every line
 * `changed` holds: the ratio of detected to valid mutants, lines being the sampling unit (a line's
 * mutants stand or fall together: one test reaches them all). `exact` when every line was
 * mutated; else its variance is the ratio estimator's over lines, with the finite-population
 * correction (1 - drawn/changed), and its 95% interval Wilson's at the effective number of
 * mutants that variance implies (a sample of lines that all agree still gets an interval; see `interval`).
 */
export function estimate(results, lines, population, root) {
  const byLine = new Map(lines.map((line) => [line, { valid: 0, detected: 0 }]));
  for (const result of results) {
    const line = byLine.get(`${path.relative(root, result.fileName)}:${result.location.start.line}`);
    if (!line || !['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(result.status)) continue;
    line.valid++;
    if (result.status === 'Killed' || result.status === 'Timeout') line.detected++;
  }
  const drawn = [...byLine.values()];
  const valid = drawn.reduce((sum, line) => sum + line.valid, 0);
  const detected = drawn.reduce((sum, line) => sum + line.detected, 0);
  const score = valid === 0 ? 1 : detected / valid;
  const n = drawn.length;
  const fpc = Math.max(0, 1 - n / population);
  // Every changed line drawn: exact. Lines drawn with no mutant among them: nothing measured, weighed nothing (perLine 0), not exact.
  if (fpc === 0 || valid === 0) return { score, variance: 0, exact: fpc === 0, perLine: n === 0 ? 0 : valid / n, n, population, valid };
  const mean = valid / n;
  const spread = n < 2 ? score * (1 - score) * mean * mean : drawn.reduce((sum, line) => sum + (line.detected - score * line.valid) ** 2, 0) / (n - 1);
  return { score, variance: (fpc * spread) / (n * mean * mean), exact: false, perLine: mean, n, population, valid };
}

/** Student's t at 97.5% for `df` degrees of freedom (a few lines estimate their own spread poorly), 1.96 past 60. */
export function tQuantile(df) {
  const table = [12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23];
  if (df <= table.length) return table[Math.max(1, df) - 1];
  return df <= 20 ? 2.09 : df <= 30 ? 2.04 : df <= 60 ? 2.0 : 1.96;
}

/**
 * The 95% interval (in %) of an estimate: Wilson's at the effective sample size its variance
 * implies (never more than the mutants there are: a line's mutants are not independent), with
 * Student's t for the lines drawn in place of 1.96.
 */
export function interval({ score, variance, exact, n, population, valid }) {
  if (exact) return [100 * score, 100 * score];
  // No mutant in the lines drawn: nothing is known of the rest.
  if (valid === 0) return [0, 100];
  const fpc = 1 - n / population;
  const effective = Math.min(variance > 0 ? (score * (1 - score)) / variance : n / fpc, valid / fpc);
  const z = tQuantile(n - 1);
  const centre = (score + (z * z) / (2 * effective)) / (1 + (z * z) / effective);
  const half = (z * Math.sqrt((score * (1 - score)) / effective + (z * z) / (4 * effective * effective))) / (1 + (z * z) / effective);
  return [Math.max(0, 100 * (centre - half)), Math.min(100, 100 * (centre + half))];
}

/** The targets' estimates together, each weighted by its mutants (its changed lines times its mutants per line drawn). */
export function pooled(estimates) {
  const weights = estimates.map((one) => one.population * one.perLine);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return { score: 1, variance: 0, exact: true, n: 0, population: 0, valid: 0 };
  const share = weights.map((weight) => weight / total);
  const score = estimates.reduce((sum, one, index) => sum + share[index] * one.score, 0);
  const variance = estimates.reduce((sum, one, index) => sum + share[index] ** 2 * one.variance, 0);
  const n = estimates.reduce((sum, one) => sum + one.n, 0);
  const population = estimates.reduce((sum, one) => sum + one.population, 0);
  const valid = estimates.reduce((sum, one) => sum + one.valid, 0);
  return { score, variance, exact: estimates.every((one) => one.exact), n, population, valid };
}

/**
 * The floor's verdict on an estimate. An exact score (every changed line mutated) under the floor
 * fails. So does an estimate from drawn lines, on its own score: until issue 67's sixth session an
 * estimate failed only when its whole 95% interval was under the floor, so a draw of 56 lines
 * scoring 80% passed (its interval reached 85%). The interval rule is kept for one case,
 * `ofOthers`: a range that is not the change's alone (CI's base is not the last commit it passed,
 * as on a machine with no record yet: the range holds every submission since .ci/mutate-base), where
 * a draw of a few lines a target says too little of the change to fail it; there an estimate under
 * the floor whose interval reaches it is 'under', said and not failed.
 */
export function gate(one, floor, ofOthers = false) {
  if (100 * one.score >= floor) return 'passes';
  if (one.exact || !ofOthers) return 'fails';
  const [, upper] = interval(one);
  return upper < floor ? 'fails' : 'under';
}

/**
 * One target's verdict among several: `gate`'s, but on a range not the change's alone (`ofOthers`)
 * a target's drawn sample is said ('under'), never failed: the cap draws three to nine lines of a
 * target's hundreds there, and a single line with several survivors put a whole interval under
 * the floor (schema, 9 of 204 lines, 64.7% (95%: 38–85%), on 9a01d56). All the targets together
 * (`gate` on the pooled estimate, about a hundred lines) still fail under the interval rule, and an
 * exact score under the floor still fails.
 */
export function targetGate(one, floor, ofOthers = false) {
  const verdict = gate(one, floor, ofOthers);
  return verdict === 'fails' && ofOthers && !one.exact ? 'under' : verdict;
}

/**
 * The seconds a `--changed` run may take: every changed line's reckoned cost (each target's start
 * and its lines, `pending` as planLines takes them) when it is over `budget`, up to `cap`: the
 * change's own lines mutated exactly whenever they fit the cap, drawn to fit it only past it.
 */
export function budgetFor(pending, budget, cap) {
  const whole = pending.reduce((sum, run) => sum + run.cost.start + run.changed.length * run.cost.perLine, 0);
  return Math.min(Math.max(budget, whole), cap ?? budget);
}

export const shownScore = (one) => {
  const [lower, upper] = interval(one);
  return one.exact ? `${(100 * one.score).toFixed(1)}%` : `${(100 * one.score).toFixed(1)}% (95%: ${lower.toFixed(0)}–${upper.toFixed(0)}%)`;
};

/**
 * The command line of scripts/mutate.mjs: `--changed`, `--base REF` (else $DOCSNAV_MUTATE_BASE,
 * else `main`), `--base-not-passed` (the base is not the last commit CI passed: see `gate`), `--budget S`,
 * `--cap S` (the most the budget grows to, to mutate every changed line), `--floor P` (default `floor`), `--sample N`, `--seed S`, and target
 * names (`asked`); or the one line of a usage error.
 */
export function parseArguments(argv, env, floor) {
  const options = {
    changedMode: argv.includes('--changed'),
    base: env.DOCSNAV_MUTATE_BASE || 'main',
    sampleSize: undefined,
    seed: undefined,
    budget: undefined,
    cap: undefined,
    ofOthers: false,
    floor,
    asked: [],
  };
  for (let index = 0; index < argv.length; index++) {
    const option = argv[index];
    if (option === '--changed') continue;
    if (option === '--base-not-passed') {
      options.ofOthers = true;
      continue;
    }
    if (option === '--budget' || option === '--cap' || option === '--floor') {
      const value = Number(argv[++index]);
      if (!(Number.isFinite(value) && value > 0 && (option !== '--floor' || value <= 100)))
        return { error: `${option} takes ${option === '--floor' ? 'a percentage' : 'a number of seconds'}` };
      options[option.slice(2)] = value;
      continue;
    }
    if (option === '--sample' || option === '--seed') {
      const value = argv[++index];
      if (option === '--seed') options.seed = value;
      else options.sampleSize = Number(value);
      if (!value || (option === '--sample' && !(Number.isInteger(options.sampleSize) && options.sampleSize > 0)))
        return { error: `${option} takes ${option === '--sample' ? 'a number of lines' : 'a word'}` };
      continue;
    }
    if (option === '--base') {
      options.base = argv[++index];
      if (!options.base) return { error: '--base takes a git ref (a branch, tag or commit)' };
      continue;
    }
    options.asked.push(option);
  }
  if (options.cap !== undefined && options.budget === undefined) return { error: '--cap takes a --budget to grow from' };
  if (options.cap !== undefined && options.cap < options.budget) return { error: '--cap is the most a --budget grows to: not under it' };
  return options;
}
