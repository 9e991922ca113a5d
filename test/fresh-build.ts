/**
 * Vitest's global setup: the tests never run a stale build. The CLI, LSP and server tests run
 * `dist/` (the built CLI, docsnav imported by its package name), so after an edit of `src/` they
 * used to check the old build and pass or fail for the wrong reason. Here the newest file under
 * each package's sources is compared with the oldest of the build files the tests load; when a
 * source is newer (or a build file is missing), the package is built again before any test runs
 * (`npm run build`, seconds), and a failed build fails the run with one line.
 *
 * The library's suites check the library; the server's (server/vitest.config.ts) check both, the
 * library first (the server is built on its `dist/`). Mutation testing runs `src/` in place and
 * does not use this setup (vitest.mutate.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One package's build, as the tests load it. */
export interface BuildCheck {
  /** What to call it in the one line. */
  name: string;
  /** The folder the command runs in; `sources` and `outputs` are relative to it. */
  root: string;
  /** Folders whose every file is a source of the build. */
  sources: string[];
  /** Files the build writes last or always, that tests load. */
  outputs: string[];
  /** The command that builds it. */
  build: string[];
}

const repository = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export const LIBRARY: BuildCheck = {
  name: 'docsnav',
  root: repository,
  sources: ['src'],
  // tsc's output (the package's entry) and the two bundles the CLI and LSP tests spawn.
  outputs: ['dist/index.js', 'dist/cli/main.js', 'dist/cli/lsp.js'],
  build: ['npm', 'run', 'build'],
};

export const SERVER: BuildCheck = {
  name: '@docsnav/server',
  root: path.join(repository, 'server'),
  sources: ['src'],
  outputs: ['dist/index.js', 'dist/cli/serve.js', 'dist/app.js'],
  build: ['npm', 'run', 'build'],
};

/** The newest file under `folder` (its path and time), or undefined when it has none. */
function newestUnder(folder: string): { file: string; mtimeMs: number } | undefined {
  let newest: { file: string; mtimeMs: number } | undefined;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) {
        const { mtimeMs } = statSync(full);
        if (!newest || mtimeMs > newest.mtimeMs) newest = { file: full, mtimeMs };
      }
    }
  };
  visit(folder);
  return newest;
}

/** Why the build is stale (one clause), or undefined when it is as new as every source. */
export function staleness(check: BuildCheck): string | undefined {
  let built = Infinity;
  for (const output of check.outputs) {
    const file = path.join(check.root, output);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return `${output} is missing`;
    }
    built = Math.min(built, mtimeMs);
  }
  for (const folder of check.sources) {
    const newest = newestUnder(path.join(check.root, folder));
    if (newest && newest.mtimeMs > built) return `${path.relative(check.root, newest.file)} is newer than its build`;
  }
  return undefined;
}

/** Builds `check` when it is stale; throws one line when the build fails or leaves it stale. */
export function ensureFresh(check: BuildCheck, say: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): 'fresh' | 'rebuilt' {
  const why = staleness(check);
  if (why === undefined) return 'fresh';
  say(`${check.name}: ${why}; building it (${check.build.join(' ')}) before the tests`);
  const [command, ...args] = check.build;
  const result = spawnSync(command, args, { cwd: check.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    const last = `${result.stderr}${result.stdout}`.trim().split('\n').filter(Boolean).at(-1) ?? result.error?.message ?? `exit ${result.status}`;
    throw new Error(`${check.name}: the tests would run a stale build (${why}) and \`${check.build.join(' ')}\` failed: ${last}`);
  }
  const still = staleness(check);
  if (still !== undefined) throw new Error(`${check.name}: still stale after \`${check.build.join(' ')}\` (${still})`);
  return 'rebuilt';
}

/** The checks of the suite whose root is `root`: the server's suites check the library, then the server. */
export function checksFor(root: string): BuildCheck[] {
  return path.resolve(root) === SERVER.root ? [LIBRARY, SERVER] : [LIBRARY];
}

// One check per vitest process, however many projects (suites) share this setup.
const once = globalThis as { docsnavFreshBuild?: Map<string, 'fresh' | 'rebuilt'> };

export default function setup(project?: { config?: { root?: string } }): void {
  once.docsnavFreshBuild ??= new Map();
  for (const check of checksFor(project?.config?.root ?? process.cwd())) {
    if (!once.docsnavFreshBuild.has(check.name)) once.docsnavFreshBuild.set(check.name, ensureFresh(check));
  }
}
