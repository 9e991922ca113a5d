import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsJson, git, repoWith } from '../history/repo.js';

const cli = path.resolve('dist/cli/main.js');

/** Runs the built CLI (npm test builds first) in `cwd`. */
function docsnav(args: string[], cwd: string) {
  // The sites here are navigation-only (docsJson): validated under the spec profile, as when it was the
  // default (the default platform profile also wants the build's name, theme and colors).
  const profile = args[0] === 'validate' ? ['--profile', 'spec'] : [];
  const result = spawnSync(process.execPath, [cli, ...args, ...profile], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A site committed, then `quickstart` moved (git mv) and `old` removed in the working tree. */
function movedSite(): string {
  const repo = repoWith({
    'docs.json': docsJson(['index', 'quickstart', 'old']),
    'index.mdx': '# Home\n',
    'quickstart.mdx': '# Quick\n',
    'old.mdx': '# Old\n',
  });
  git(repo, 'mv', 'quickstart.mdx', 'start.mdx');
  git(repo, 'rm', '-q', 'old.mdx');
  writeFileSync(path.join(repo, 'docs.json'), docsJson(['index', 'start']));
  return repo;
}

describe('docsnav diff', () => {
  it('prints the pages moved, removed and added (pretty and json), exit 0', () => {
    const repo = movedSite();
    writeFileSync(path.join(repo, 'new.mdx'), '# New\n');
    const pretty = docsnav(['diff', 'HEAD'], repo);
    expect(pretty.code).toBe(0);
    expect(pretty.stdout).toMatch(
      /^Pages since HEAD \([0-9a-f]{12}\):\n {2}moved {4}\/quickstart → \/start\n {2}removed {2}\/old\n {2}added {4}\/new\n1 added, 1 removed, 1 moved\n$/,
    );
    const json = docsnav(['diff', 'HEAD', 'docs.json', '--format', 'json'], repo);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ ref: 'HEAD', added: ['/new'], removed: ['/old'], moved: [{ from: '/quickstart', to: '/start' }] });
  });

  it('usage and git errors exit 2 with one line, no stack trace', () => {
    const repo = movedSite();
    const outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-nogit-')));
    writeFileSync(path.join(outside, 'docs.json'), docsJson(['index']));
    for (const [args, cwd, said] of [
      [['diff'], repo, /diff takes a git ref/],
      [['diff', 'nope'], repo, /unknown git ref "nope"/],
      [['diff', '--', '--output=x'], repo, /"--output=x" is not a git ref/],
      [['diff', 'HEAD'], outside, /is not in a git repository/],
      [['diff', 'HEAD', 'missing.json'], repo, /cannot read missing\.json/],
      [['validate', '--since', 'nope'], repo, /--since nope: unknown git ref/],
      // A CI variable that was empty (GitHub's github.base_ref on a push): the ref ends with "/".
      [
        ['validate', '--since', 'origin/'],
        repo,
        /^docsnav: --since origin\/: "origin\/" ends with "\/": the branch name after it is missing \(in GitHub Actions, \$\{\{ github\.base_ref \}\} is empty outside pull requests: write \$\{\{ github\.base_ref \|\| github\.event\.repository\.default_branch \}\}\)$/m,
      ],
      [['diff', 'refs/heads/'], repo, /"refs\/heads\/" ends with "\/": the branch name after it is missing/],
    ] as const) {
      const run = docsnav([...args], cwd);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(said);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('docsnav validate --since', () => {
  it('in a shallow clone, a ref it does not hold says the clone is shallow and how to fetch the history', () => {
    const origin = repoWith({ 'docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    writeFileSync(path.join(origin, 'quickstart.mdx'), '# Quick\n');
    writeFileSync(path.join(origin, 'docs.json'), docsJson(['index', 'quickstart']));
    git(origin, 'add', '-A');
    git(origin, 'commit', '-q', '-m', 'quickstart');
    const clone = path.join(realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-shallow-'))), 'site');
    // file:// so git really makes a shallow clone (a plain path would copy every object).
    git(path.dirname(clone), 'clone', '-q', '--depth', '1', `file://${origin}`, clone);
    for (const args of [
      ['validate', '--since', 'HEAD~1'],
      ['diff', 'HEAD~1'],
    ]) {
      const run = docsnav(args, clone);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/unknown git ref "HEAD~1": .* is a shallow clone/);
      expect(run.stderr).toContain('git fetch --unshallow');
      expect(run.stderr).toContain('fetch-depth: 0');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
    // A full clone holds HEAD~1: the same command compares with it.
    git(clone, 'fetch', '-q', '--unshallow');
    expect(docsnav(['validate', '--since', 'HEAD~1'], clone).code).toBe(0);
  });

  it('fails with redirect-missing, located, in every format; --fix adds the moved page redirect', () => {
    const repo = movedSite();
    const pretty = docsnav(['validate', '--since', 'HEAD'], repo);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain('docs.json:5:7  error  redirect-missing  Page URL "/quickstart" was served at HEAD and has moved to "/start"');
    expect(pretty.stdout).toContain('docs.json:2:17  error  redirect-missing  Page URL "/old" was served at HEAD and is gone now');

    const sarif = JSON.parse(docsnav(['validate', '--since', 'HEAD', '--format', 'sarif'], repo).stdout);
    const results = sarif.runs[0].results.filter((r: { ruleId: string }) => r.ruleId === 'redirect-missing');
    expect(
      results
        .map((r: { locations: Array<{ physicalLocation: { region: { startLine: number } } }> }) => r.locations[0].physicalLocation.region.startLine)
        .sort(),
    ).toEqual([2, 5]);

    const github = docsnav(['validate', '--since', 'HEAD', '--format', 'github'], repo).stdout;
    expect(github).toMatch(/^::error file=docs\.json,line=5,col=7,.*title=redirect-missing.*::.*\/quickstart/m);

    const fixed = docsnav(['validate', '--since', 'HEAD', '--fix'], repo);
    expect(fixed.code).toBe(1); // the removed page is left to a person
    expect(JSON.parse(readFileSync(path.join(repo, 'docs.json'), 'utf8')).redirects).toEqual([{ source: '/quickstart', destination: '/start' }]);
    const after = docsnav(['validate', '--since', 'HEAD', '--format', 'json'], repo);
    expect(JSON.parse(after.stdout)[0].problems.map((p: { message: string }) => p.message)).toEqual([expect.stringContaining('"/old"')]);
  });
});
