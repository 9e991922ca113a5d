/**
 * One target's Stryker run in a process group of its own, so that a run past its deadline is
 * stopped whole: Stryker, its test runners and whatever they started (issue 67: CI's mutation step
 * ran a target past its budget to the step's 25-minute kill, and the targets already measured were
 * never reported). scripts/mutate.mjs calls `runInGroup`; this file run as a program is the child.
 *
 * The child is forked detached (the leader of a new process group) and gets its job over IPC. When
 * the deadline passes, the parent kills the group with SIGKILL; when the child ends, the parent kills
 * what is left of its group; when the parent goes (it ended, was signalled, or was killed outright),
 * the IPC channel closes and the child kills its own group. No runner outlives the step.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const self = fileURLToPath(import.meta.url);

/** Kills a process group, the one led by `pid`; a group already gone (ESRCH) is what was wanted. */
function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/**
 * Runs `job` in a child (`program`, this file unless a test names another), in a process group of
 * its own. Resolves `{ results }` or `{ error }` (the child's message, a line), or `{ stopped: seconds }`
 * when `deadline` (a `performance.now()` time; none: no limit) passed first: the group is killed then.
 * `env` is the child's whole environment.
 */
export function runInGroup(job, { env, deadline, program = self }) {
  return new Promise((resolve) => {
    const begun = performance.now();
    const child = fork(program, [], { detached: true, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    let answer;
    let timer;
    const done = (value) => {
      clearTimeout(timer);
      resolve(value);
    };
    if (deadline !== undefined)
      timer = setTimeout(
        () => {
          answer ??= { stopped: (performance.now() - begun) / 1000 };
          killGroup(child.pid);
        },
        Math.max(0, deadline - begun),
      );
    child.on('message', (message) => {
      answer ??= message;
    });
    // Node could not start it (then no exit follows), or could not send it its job (its exit follows).
    child.on('error', (error) => {
      answer ??= { error: `the run could not start: ${error.message}` };
      if (child.pid === undefined) done(answer);
    });
    // The group is killed after the child's own exit too: a runner the child left behind does not outlive it.
    child.on('exit', (code, signal) => {
      killGroup(child.pid);
      done(answer ?? { error: `the run ended with ${signal ?? `exit code ${code}`} and no result` });
    });
    child.send(job);
  });
}

/** What Stryker said when it failed (an Error's message, or whatever it threw). */
const strykerSaid = (error) => String(error?.message ?? error);

/** Stryker's refusal of a run whose dry run executed no test. */
const noTestsRan = (error) => /No tests were executed/.test(strykerSaid(error));

/**
 * The child's side: Stryker's run of `mutate` (the options given), and when no test is "related" to
 * the mutated files (none imports them: Stryker stops, "No tests were executed") the run again with
 * every test of the target: a mutant none of them reaches is counted as no test reaching it, and a
 * target with no test that runs in process fails (not measured). Until issue 67's third session
 * `allowEmpty` passed that case with no mutant counted: src/cli and src/daemon, whose tests spawn the
 * build, scored 100%.
 */
async function child({ name, configFile, options }) {
  const { Stryker } = await import('@stryker-mutator/core');
  const run = (extra) => new Stryker({ configFile, ...options, ...extra }).runMutationTest();
  try {
    return await run({});
  } catch (error) {
    if (!noTestsRan(error)) throw error;
    console.log(`mutate: ${name}: no test imports the lines drawn; again with every test of the target`);
    const { default: config } = await import(pathToFileURL(path.resolve(configFile)).href);
    return await run({ vitest: { ...config.vitest, related: false } });
  }
}

/**
 * The child's loop: takes one job from the parent, answers `{ results }` from `work(job)` or `{ error }`
 * (the first line of what it threw), and exits. Its group is killed when the parent goes first.
 */
export function serve(work) {
  // The parent gone, the group goes: no runner is left working for nobody.
  process.on('disconnect', () => killGroup(process.pid));
  process.once('message', async (job) => {
    let answer;
    try {
      answer = { results: await work(job) };
    } catch (error) {
      answer = { error: strykerSaid(error).split('\n')[0] };
    }
    process.send(answer, () => process.exit(0));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) serve(child);
