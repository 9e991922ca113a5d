/**
 * The machine scripts/mutate.mjs runs `mutateProgram` on (scripts/mutate-program.mjs): real git in
 * the repository, Stryker's runs in a process group of their own (scripts/mutate-run.mjs), the
 * incremental state (scripts/mutation-state.mjs), the server's build made fresh, the clock and the
 * console. A module of its own so that a test runs each part in process (test/mutate-machine.test.ts;
 * issue 67: as top-level code of mutate.mjs they were reached only by a child process, which
 * Stryker's per-test coverage does not see, and counted as unreached in every draw of CI's step).
 */
import { spawnSync } from 'node:child_process';
import { SERVER, checksFor, ensureFresh } from './fresh-build.mjs';
import { runInGroup } from './mutate-run.mjs';
import { keepWholeRun, seedIncremental } from './mutation-state.mjs';

/** Most bytes git may answer (a diff of a large change). */
const GIT_OUTPUT = 256 * 1024 * 1024;

/** Makes every build of `checks` fresh; undefined when done, else the failure in one line (ensureFresh throws it as an Error). */
export function buildFresh(checks, say) {
  try {
    for (const check of checks) ensureFresh(check, say);
    return undefined;
  } catch (error) {
    return error.message;
  }
}

/** The real machine: `root` the repository, `out` the console, `checks` the builds the server's targets need. */
export function mutateMachine({ argv, env, root, out = console, checks = checksFor(SERVER.root) }) {
  return {
    argv,
    env,
    root,
    git: (args) => spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: GIT_OUTPUT }),
    runJob: (job, jobEnv, deadline) => runInGroup(job, { env: jobEnv, deadline }),
    seedIncremental,
    keepWholeRun,
    buildServer: () => buildFresh(checks, (line) => out.log(`mutate: ${line}`)),
    now: () => performance.now(),
    today: () => new Date().toISOString().slice(0, 10),
    log: (line) => out.log(line),
    error: (line) => out.error(line),
  };
}
