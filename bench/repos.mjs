/** Local git repositories holding a site in docs/, for the server and assistant benchmarks. */
import { cpSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

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

/** Copies the bundled example site (fixtures/example, without its expected outputs) into `docs`. */
export function copyExample(project, docs) {
  cpSync(path.join(project, 'fixtures/example'), docs, { recursive: true, filter: (f) => !f.includes('expected') });
}
