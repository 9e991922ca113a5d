/**
 * `npm run mutate`'s program (scripts/mutate.mjs joins it to this machine: git, Stryker in a process
 * group of its own, the build, the clock, the console). Given those, it reads the command line,
 * finds the runs (a change's lines, a sample's, or whole targets), runs them within the budget or
 * without one (scripts/mutate-step.mjs), prints the report and answers the exit code: 0, 1 (a
 * target under its floor, not measured, or one Stryker failed on), 2 (a usage error, git failing,
 * the server's build failing). Issue 67: this was top-level code no test ran, and every line of it
 * CI's draw picked survived; test/mutate-program.test.ts runs it with real git.
 */
import path from 'node:path';
import { changedRanges } from './changed-lines.mjs';
import { linesOf, parseArguments, sample } from './mutate-gate.mjs';
import { changedRuns, codeLines, costOf, report, runBudgeted, runEach } from './mutate-step.mjs';
import { FLOOR, SERVER, TARGETS, globsOf, targetOf } from './mutate-targets.mjs';

/** git failing (its command and the first line it said): the run ends with exit 2. */
class GitFailed extends Error {}

/** A target's incremental file: reports/ (git-ignored), seeded from mutation-state/ in a clone that has none (scripts/mutation-state.mjs). */
export const incrementalFileOf = (name) => `reports/stryker-incremental-${name}.json`;

/**
 * What one Stryker run of a target is given: the job (its configuration, `mutate`, its incremental
 * file and reports; DOCSNAV_MUTATE_CONCURRENCY test runners at once when set, else the configuration's
 * 2) and the environment (the target's own, and its tests in DOCSNAV_MUTATE_TESTS).
 */
export function strykerJob(name, mutate, env) {
  const { configFile, tests, env: own = {} } = TARGETS[name];
  const options = {
    mutate,
    incremental: true,
    ...(env.DOCSNAV_MUTATE_CONCURRENCY ? { concurrency: Number(env.DOCSNAV_MUTATE_CONCURRENCY) } : {}),
    incrementalFile: incrementalFileOf(name),
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
  };
  return { job: { name, configFile, options }, env: { ...env, ...own, DOCSNAV_MUTATE_TESTS: tests.join(',') } };
}

/**
 * The program. `git(args)` answers as spawnSync does ({ status, stdout, stderr }); `runJob(job, env,
 * deadline)` runs a Stryker job (scripts/mutate-run.mjs's runInGroup); `seedIncremental` and
 * `keepWholeRun` are scripts/mutation-state.mjs's; `buildServer()` builds what the server's targets
 * run against and answers a line when it fails; `now()` is the time in ms, `today()` the date.
 */
export async function mutateProgram(machine) {
  try {
    return await program(machine);
  } catch (failure) {
    if (!(failure instanceof GitFailed)) throw failure;
    machine.error(`mutate: ${failure.message}`);
    return 2;
  }
}

async function program({ argv, env, root, git: spawnGit, runJob, seedIncremental, keepWholeRun, buildServer, now, today, log, error }) {
  const git = (...args) => {
    const result = spawnGit(args);
    if (result.status !== 0) throw new GitFailed(`git ${args.join(' ')} failed: ${(result.stderr || result.stdout).trim().split('\n')[0]}`);
    return result.stdout;
  };
  const options = parseArguments(argv, env, FLOOR);
  if ('error' in options) {
    error(`mutate: ${options.error}`);
    return 2;
  }
  const { changedMode, base, sampleSize, seed, budget, cap, floor, ofOthers, asked } = options;
  const unknown = asked.filter((name) => !Object.hasOwn(TARGETS, name));
  if (unknown.length > 0) {
    error(`mutate: unknown target ${unknown.map((name) => `"${name}"`).join(', ')}; the targets are ${Object.keys(TARGETS).join(', ')}`);
    return 2;
  }
  // The commit the run's code and tests are, taken as it starts (a commit made while it runs is not what it measured).
  const measuredOn = {
    commit: git('rev-parse', 'HEAD').trim(),
    dirty: git('status', '--porcelain', '--', 'src', 'server/src', 'scripts', 'test', 'server/test').trim() !== '',
  };
  const names = asked.length > 0 ? asked : Object.keys(TARGETS);
  let runs;
  if (changedMode) {
    const mergeBase = git('merge-base', base, 'HEAD').trim();
    const diff = git('diff', '-U0', '--no-color', '--no-ext-diff', '--src-prefix=a/', '--dst-prefix=b/', mergeBase, '--', 'src', 'server/src', 'scripts');
    runs = changedRuns(changedRanges(targetOf, diff), { asked, seed, head: measuredOn.commit, sampleSize, root });
    log(
      runs.length === 0
        ? `mutate: no line of code of a target changed since ${base} (${mergeBase.slice(0, 12)})`
        : `mutate: lines of code changed since ${base} (${mergeBase.slice(0, 12)}): ${runs.map((run) => `${run.name} ${run.changed.length}`).join(', ')}${
            budget === undefined ? '' : `; a budget of ${budget} s, each target's lines drawn to fit it (seed <head>:<target>)`
          }`,
    );
  } else if (sampleSize !== undefined) {
    runs = names.map((name) => ({ name, mutate: linesOf(sample(codeLines(TARGETS[name].paths, root), sampleSize, seed ?? name)) }));
    log(`mutate: ${runs.map((run) => `${run.name}, ${run.mutate.length} lines drawn (seed ${seed ?? run.name})`).join('; ')}`);
  } else {
    runs = names.map((name) => ({ name, mutate: globsOf(TARGETS[name].paths) }));
  }
  // The server's targets run against docsnav's build, and start the repository thread from the server's
  // (Stryker's sandbox copies both): each built again when a source is newer, or a test would run a stale one.
  if (runs.some((run) => TARGETS[run.name].configFile === SERVER)) {
    const failed = buildServer();
    if (failed !== undefined) {
      error(`mutate: ${failed}`);
      return 2;
    }
  }
  // One Stryker run, in a process group of its own, stopped whole at `deadline` (none: no limit).
  const stryker = (run, mutate, deadline) => {
    const seeded = seedIncremental(path.join(root, incrementalFileOf(run.name)), run.name);
    if (seeded) log(`mutate: ${seeded}`);
    const { job, env: jobEnv } = strykerJob(run.name, mutate, env);
    return runJob(job, jobEnv, deadline);
  };
  // A whole run kept in mutation-state/ (committed: the next whole run re-tests only what changed, and
  // docs/mutation-scores.md's table is made from it), with the commit it ran on and whether it was dirty.
  const keepWhole = (name, counts) => {
    const { score, killed, timeout, survived, noCoverage, ignored } = counts;
    keepWholeRun(path.join(root, incrementalFileOf(name)), name, { score, killed, timeout, survived, noCoverage, ignored, ...measuredOn, date: today() });
    log(`mutate: ${name}'s whole run kept in mutation-state/ (npm run mutate:table writes docs/mutation-scores.md's table)`);
  };
  const started = now();
  const measured =
    changedMode && budget !== undefined
      ? await runBudgeted(runs, {
          budget,
          cap,
          costs: (name) => costOf(TARGETS[name], root),
          configOf: (name) => TARGETS[name].configFile,
          stryker,
          now,
          log,
          root,
        })
      : await runEach(runs, { partial: changedMode || sampleSize !== undefined, changedMode, stryker, keepWhole, now, log, root });
  const { lines, failed } = report({
    runs,
    ...measured,
    budget: measured.budget ?? budget,
    changedMode,
    sampleSize,
    floor,
    ofOthers,
    base,
    minutes: (now() - started) / 60_000,
  });
  for (const line of lines) log(line);
  return failed ? 1 : 0;
}
