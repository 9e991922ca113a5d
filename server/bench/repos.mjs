/** Local git repositories holding a site in docs/, for the server and assistant benchmarks. */
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function git(cwd, ...args) {
  execFileSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=Bench', '-c', 'init.defaultBranch=main', ...args], { cwd });
}

/** A repository `work/name` with one commit; `fill(docsFolder)` writes the site. */
export function repoOf(work, name, fill) {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'docs'), { recursive: true });
  git(dir, 'init', '-q');
  fill(path.join(dir, 'docs'));
  commitAll(dir, `${name} docs`);
  return dir;
}

/** Commits everything in the repository `dir`, creating it first if need be. */
export function commitAll(dir, message) {
  if (!existsSync(path.join(dir, '.git'))) git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', message);
}

/** The repository's top folder: its fixtures/ hold the example site. */
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The platform's own docs repository (the shared corpus copy, or DOCSNAV_BENCH_PLATFORM_DOCS). */
export function platformDocs() {
  const folder = process.env.DOCSNAV_BENCH_PLATFORM_DOCS ?? path.resolve(repository, '../shared/corpus/docs-repos/mintlify');
  if (!existsSync(path.join(folder, 'docs.json'))) throw new Error(`no platform docs at ${folder} (set DOCSNAV_BENCH_PLATFORM_DOCS)`);
  return folder;
}

/** Copies the bundled example site (fixtures/example, without its expected outputs) into `docs`. */
export function copyExample(docs) {
  cpSync(path.join(repository, 'fixtures/example'), docs, { recursive: true, filter: (f) => !f.includes('expected') });
}

/** The `docsnav` command of the docsnav package the server depends on (it hands the server's commands to this package). */
export function docsnavCli() {
  const manifest = createRequire(import.meta.url).resolve('docsnav/package.json');
  return path.join(path.dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.docsnav);
}
