import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../history/repo.js';

/**
 * `validate --since` on a copy of a real docs repository (../shared/corpus/docs-repos/runpod, so a
 * corpus test: `npm test` runs where nothing is beside the project).
 */

const cli = path.resolve('dist/cli/main.js');

/** Runs the built CLI in `cwd`. */
function docsnav(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('docsnav validate --since on a real repository', () => {
  it('a copy of a real repository (runpod): pages moved and committed, validate --since HEAD~1 --fix, then no redirect-missing', () => {
    const repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-runpod-')));
    cpSync(path.resolve('../shared/corpus/docs-repos/runpod'), repo, { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'base');
    const docs = path.join(repo, 'docs.json');
    let text = readFileSync(docs, 'utf8');
    const before = docsnav(['validate', '--format', 'json'], repo);
    // Three listed pages moved into a new folder: files with git mv, entries in docs.json.
    const moved = ['pods/overview', 'serverless/overview', 'get-started/api-keys'];
    for (const page of moved) {
      expect(text).toContain(`"${page}"`);
      git(repo, 'mv', `${page}.mdx`, `${page.replace('/', '-')}.mdx`);
      text = text.replace(`"${page}"`, `"${page.replace('/', '-')}"`);
    }
    writeFileSync(docs, text);
    git(repo, 'commit', '-qam', 'move three pages');
    const since = docsnav(['validate', '--since', 'HEAD~1', '--format', 'json'], repo);
    const missing = JSON.parse(since.stdout)[0].problems.filter((p: { code: string }) => p.code === 'redirect-missing');
    expect(missing.map((p: { suggest: string }) => p.suggest).sort()).toEqual(moved.map((page) => `/${page.replace('/', '-')}`).sort());
    // The three redirects, and every in-page link to a moved page's old URL rewritten to its new one.
    expect(docsnav(['validate', '--since', 'HEAD~1', '--fix'], repo).stderr).toMatch(/fixed \d+ problems/);
    for (const page of moved) expect(readFileSync(path.join(repo, 'overview.mdx'), 'utf8')).not.toContain(`](/${page})`);
    const after = JSON.parse(docsnav(['validate', '--since', 'HEAD~1', '--format', 'json'], repo).stdout)[0].problems;
    expect(after.filter((p: { code: string }) => p.code === 'redirect-missing')).toEqual([]);
    // Nothing else changed: the problems are those of the site before the move.
    expect(after.map((p: { code: string }) => p.code).sort()).toEqual(
      JSON.parse(before.stdout)[0]
        .problems.map((p: { code: string }) => p.code)
        .sort(),
    );
  });
});
