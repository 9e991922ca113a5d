import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Runs git in `cwd` with an identity for commits and no user or system config; throws on failure. */
export function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', ['-c', 'user.name=docsnav', '-c', 'user.email=docsnav@example.invalid', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** Writes files (path -> text) under `dir`, making folders. */
export function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

/** A new repository (real path) with these files committed as its first commit. */
export function repoWith(files: Record<string, string>): string {
  const repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-history-')));
  git(repo, 'init', '-q');
  write(repo, files);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '--allow-empty', '-m', 'base');
  return repo;
}

/** docs.json text for a list of pages, with redirects when given. */
export function docsJson(pages: string[], redirects?: Array<{ source: string; destination: string }>): string {
  return `${JSON.stringify({ navigation: { pages }, ...(redirects ? { redirects } : {}) }, null, 2)}\n`;
}
