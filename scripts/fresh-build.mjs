#!/usr/bin/env node
/**
 * The tests never run a stale build, and nothing builds twice. The CLI, LSP and server tests run
 * `dist/` (the built CLI, docsnav imported by its package name), so after an edit of a source they
 * used to check the old build and pass or fail for the wrong reason. Here the newest source of a
 * package is compared with the oldest of the build files the tests load; when a source is newer
 * (or a build file is missing), the package is built again (`npm run build`), and a failed build
 * fails with one line.
 *
 * Used two ways: as vitest's global setup (test/fresh-build.ts, every suite), and by the scripts that
 * run `dist/` outside vitest (`npm run eval:assistant`, `npm run bench`):
 *
 *   node scripts/fresh-build.mjs [library|server]   build what is stale (server: the library, then
 *                                                   the server); exit 2 with one line if a build fails
 *
 * So `npm ci` (whose `prepare` builds) followed by any number of suites builds once, not once a suite.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export const LIBRARY = {
  name: 'docsnav',
  root: repository,
  // The sources, the schema compiler (it writes src/schema/validate.generated.ts and schema/), the
  // bundler (the CLI, LSP and page-scanner bundles), the build's TypeScript settings, and the
  // package files (a changed build script or dependency, such as esbuild, changes the bundles).
  sources: ['src', 'schema/compile.mjs', 'scripts/bundle.mjs', 'tsconfig.build.json', 'package.json', 'package-lock.json'],
  // tsc's output (the package's entry) and the two bundles the CLI and LSP tests spawn.
  outputs: ['dist/index.js', 'dist/cli/main.js', 'dist/cli/lsp.js'],
  build: ['npm', 'run', 'build'],
};

export const SERVER = {
  name: '@docsnav/server',
  root: path.join(repository, 'server'),
  sources: ['src', 'tsconfig.json'],
  // The thread script the tests start from the build (src/repository/local-worker.ts: tests run the TypeScript sources, a thread needs JavaScript).
  outputs: ['dist/index.js', 'dist/cli/serve.js', 'dist/http/app.js', 'dist/repository/local-thread.js'],
  build: ['npm', 'run', 'build'],
};

/** The newest file at `source` (a file, or every file under a folder), or undefined when there is none. */
function newestAt(source) {
  let newest;
  const visit = (file) => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else if (stat.isFile() && (!newest || stat.mtimeMs > newest.mtimeMs)) newest = { file, mtimeMs: stat.mtimeMs };
  };
  visit(source);
  return newest;
}

/** Why the build is stale (one clause), or undefined when it is as new as every source. */
export function staleness(check) {
  let built = Infinity;
  for (const output of check.outputs) {
    let mtimeMs;
    try {
      mtimeMs = statSync(path.join(check.root, output)).mtimeMs;
    } catch {
      return `${output} is missing`;
    }
    built = Math.min(built, mtimeMs);
  }
  for (const source of check.sources) {
    const newest = newestAt(path.join(check.root, source));
    if (newest && newest.mtimeMs > built) return `${path.relative(check.root, newest.file)} is newer than its build`;
  }
  return undefined;
}

/** Builds `check` when it is stale; throws one line when the build fails or leaves it stale. */
export function ensureFresh(check, say = (line) => process.stderr.write(`${line}\n`)) {
  const why = staleness(check);
  if (why === undefined) return 'fresh';
  say(`${check.name}: ${why}; building it (${check.build.join(' ')})`);
  const [command, ...args] = check.build;
  const result = spawnSync(command, args, { cwd: check.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    const last = `${result.stderr}${result.stdout}`.trim().split('\n').filter(Boolean).at(-1) ?? result.error?.message ?? `exit ${result.status}`;
    throw new Error(`${check.name}: the build is stale (${why}) and \`${check.build.join(' ')}\` failed: ${last}`);
  }
  const still = staleness(check);
  if (still !== undefined) throw new Error(`${check.name}: still stale after \`${check.build.join(' ')}\` (${still})`);
  return 'rebuilt';
}

/** The checks of the suite whose root is `root`: the server's check the library, then the server. */
export function checksFor(root) {
  return path.resolve(root) === SERVER.root ? [LIBRARY, SERVER] : [LIBRARY];
}

/**
 * The program (`node scripts/fresh-build.mjs [library|server]`): builds what is stale of the package
 * named and what it depends on (`checksOf`), each build said in a line; a failed build or an unknown
 * name is one line and exit code 2.
 */
export function freshBuildProgram(
  argv,
  { say = (line) => process.stderr.write(`${line}\n`), checksOf = (which) => checksFor(which === 'server' ? SERVER.root : LIBRARY.root) } = {},
) {
  const which = argv[0] ?? 'library';
  if (which !== 'library' && which !== 'server') {
    say(`fresh-build: unknown package "${which}": use library or server`);
    return 2;
  }
  try {
    for (const check of checksOf(which)) ensureFresh(check, say);
  } catch (error) {
    say(error.message);
    return 2;
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = freshBuildProgram(process.argv.slice(2));
