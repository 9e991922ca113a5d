/**
 * A generated site for the server's load tests and benches: `pages` pages in groups of 500
 * (`p/page-<n>`), committed on main in a new repository at `repo`; each page holds `filler` after
 * its one sentence (to give it a size). Used by server/test/helpers.ts (bigSiteRepo) and
 * bench/deploy-stall.mjs, so that the bench measures the site the tests deploy.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function git(cwd, ...args) {
  execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=Test', '-c', 'init.defaultBranch=main', ...args], { cwd });
}

export function bigSiteRepo(repo, pages, filler = '') {
  mkdirSync(path.join(repo, 'docs', 'p'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  const names = Array.from({ length: pages }, (_, index) => `p/page-${index}`);
  for (const name of names)
    writeFileSync(path.join(repo, 'docs', `${name}.mdx`), `---\ntitle: Page ${name}\n---\n\n## Setup\n\nHow to set up ${name}.${filler}\n`);
  const groups = [];
  for (let start = 0; start < names.length; start += 500) groups.push({ group: `Part ${start / 500 + 1}`, pages: names.slice(start, start + 500) });
  writeFileSync(path.join(repo, 'docs', 'docs.json'), JSON.stringify({ name: 'Big', theme: 'mint', colors: { primary: '#000000' }, navigation: { groups } }));
  git(repo, 'add', '-A');
  // No `git gc --auto` (past 6,700 loose objects it packs them in the background and deletes
  // objects/xx folders while a server under test copies the repository, which then fails, rightly).
  git(repo, '-c', 'gc.auto=0', 'commit', '-qm', 'Big site');
  return repo;
}
