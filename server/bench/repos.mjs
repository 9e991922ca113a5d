/** Local git repositories holding a site in docs/, for the server and assistant benchmarks. */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
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
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', `${name} docs`);
  return dir;
}

/** The repository's top folder: its fixtures/ hold the example site. */
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Copies the bundled example site (fixtures/example, without its expected outputs) into `docs`. */
export function copyExample(docs) {
  cpSync(path.join(repository, 'fixtures/example'), docs, { recursive: true, filter: (f) => !f.includes('expected') });
}

/** The `docsnav` command of the docsnav package the server depends on (it hands the server's commands to this package). */
export function docsnavCli() {
  const manifest = createRequire(import.meta.url).resolve('docsnav/package.json');
  return path.join(path.dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.docsnav);
}
