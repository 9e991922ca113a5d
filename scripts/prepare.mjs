/**
 * `npm run prepare`: builds dist/ when npm installs this repository from a checkout or a git URL
 * (contributors' `npm ci`, `npm install <git url>`, and pre-commit, which installs hook
 * repositories with npm). Two things make that harder than `npm run build`:
 *
 * - pre-commit 3.x runs `npm pack` and reads the tarball's name from its standard output, so
 *   nothing of the build may be written there: the build's output goes to standard error (and
 *   .npmrc turns off npm's own "> docsnav prepare" banner for `npm pack`).
 * - `npm install -g <git url>` (pre-commit 4.x) prepares the clone with the global flag still
 *   set, so npm puts the clone's dependencies in the global prefix and the build finds none of
 *   its tools. Then this script installs them into the clone from the lockfile, from the npm
 *   registry, before building.
 *
 * A build that is already as new as its sources is kept: npm also runs `prepare` when it links the
 * repository into its own node_modules again (the first `npx docsnav` in a fresh clone does), and a
 * build started then rewrote dist/ under the test suite that was running the CLI from it.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIBRARY, staleness } from './fresh-build.mjs';

const BUILD_TOOLS = ['typescript', 'esbuild', 'ajv', 'ajv-errors'];

/** Runs npm (the one running this script when `env` names one, else `npm` on its PATH) in `project`, its output on stderr; the exit code. */
function npm(project, args, env, say) {
  const [command, prefix] = env.npm_execpath ? [process.execPath, [env.npm_execpath]] : ['npm', []];
  const run = spawnSync(command, [...prefix, ...args], {
    cwd: project,
    env,
    stdio: ['ignore', 2, 2],
    // Stryker disable next-line ConditionalExpression,BooleanLiteral,StringLiteral: equivalent off Windows, where the tests run: npm is a .cmd file there
    shell: !env.npm_execpath && process.platform === 'win32',
  });
  if (run.status === 0) return 0;
  say(`docsnav prepare: npm ${args.join(' ')} failed (${run.error?.message ?? `exit ${run.status}`})`);
  return run.status || 1;
}

/**
 * Builds the package `check` (fresh-build.mjs's) names, in its root, unless its build is as new as
 * its sources, first installing the build tools from the lockfile when they are not resolvable from
 * there. Returns the exit code.
 */
export function prepare({ check = LIBRARY, env = process.env, say = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const project = check.root;
  if (staleness(check) === undefined) {
    say('docsnav prepare: dist/ is as new as its sources; not building it again');
    return 0;
  }
  const require = createRequire(path.join(project, 'package.json'));
  const resolvable = (name) => {
    try {
      require.resolve(`${name}/package.json`);
      return true;
    } catch (error) {
      if (error.code === 'MODULE_NOT_FOUND') return false;
      // Installed, with an `exports` that does not list its package.json.
      if (error.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return true;
      throw error;
    }
  };
  const missing = BUILD_TOOLS.filter((name) => !resolvable(name));
  if (missing.length > 0) {
    say(`docsnav prepare: ${missing.join(', ')} not installed here (a global install from git?); installing the build tools from the lockfile`);
    // Drop the global install's settings so the tools land in this folder's node_modules.
    const local = Object.fromEntries(Object.entries(env).filter(([key]) => !/^npm_config_(global|location|prefix)$/i.test(key)));
    const code = npm(project, ['ci', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--global=false', '--location=project'], local, say);
    if (code !== 0) return code;
  }
  return npm(project, ['run', 'build'], env, say);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = prepare();
