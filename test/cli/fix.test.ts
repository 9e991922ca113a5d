import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = path.resolve('dist/cli/main.js');

/** Runs the built CLI (npm test builds first), from `cwd` (default: the project folder). */
function docsnav(args: string[], cwd = process.cwd()) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh copy of a fixture folder; the fixtures themselves are never written. */
function copyOf(fixture: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `docsnav-${fixture}-`));
  cpSync(path.join('fixtures', fixture), dir, { recursive: true });
  return dir;
}

/** Runs git in `cwd`, with an identity for commits and no user or system config. */
function git(args: string[], cwd: string, input?: string) {
  const result = spawnSync('git', ['-c', 'user.name=docsnav', '-c', 'user.email=docsnav@example.invalid', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    input,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A fresh git repository (`git init`) with the broken site in `docs/` and an empty `other/`
 * folder beside it. The temp folder's real path, so that paths compare whatever the OS's
 * temp folder is a link to.
 */
function repositoryWithBrokenSite(): string {
  const repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-repo-')));
  expect(git(['init', '--quiet'], repo).code).toBe(0);
  cpSync(path.join('fixtures', 'broken'), path.join(repo, 'docs'), { recursive: true });
  mkdirSync(path.join(repo, 'other'));
  return repo;
}

const codesIn = (json: string) => (JSON.parse(json) as Array<{ problems: Array<{ code: string }> }>).flatMap((r) => r.problems.map((p) => p.code));

describe('docsnav validate --fix', () => {
  it('repairs the safe problems of the broken copy, keeps its formatting, and reports what remains', () => {
    const dir = copyOf('broken');
    const file = path.join(dir, 'docs.json');
    const before = readFileSync(file, 'utf8');
    const run = docsnav(['validate', dir, '--fix']);
    expect(run.code).toBe(1); // errors remain: a missing page, endpoint entries without a spec, …
    expect(run.stderr).toBe('docsnav: fixed 5 problems in 1 file; 8 problems remain (7 errors, 1 warning)\n');
    const after = readFileSync(file, 'utf8');
    const changed = after.split('\n').filter((line) => !before.split('\n').includes(line));
    expect(changed).toEqual([
      '  "styling": { "eyebrows": "breadcrumbs" },',
      '            "pages": ["index", "quickstart", "concepts/overveiw"]',
      '                "expanded": true,',
      '      { "language": "ua", "pages": ["index"] }',
    ]);
    expect(after.split('\n')).toHaveLength(before.split('\n').length - 1); // `"expanded": false` on a top-level group is gone
    // The report is of the fixed file: none of the fixed codes is left in it.
    const remaining = codesIn(docsnav(['validate', dir, '--format', 'json']).stdout);
    expect(remaining.sort()).toEqual([
      'duplicate-page',
      'endpoint-no-spec',
      'endpoint-no-spec',
      'external-href',
      'missing-field',
      'mixed-children',
      'page-not-found',
      'primary-pattern',
    ]);
    expect(run.stdout).toContain('8 problems');

    // A second run has nothing to fix and changes nothing.
    const again = docsnav(['validate', dir, '--fix']);
    expect(again.stderr).toBe('docsnav: fixed 0 problems in 0 files; 8 problems remain (7 errors, 1 warning)\n');
    expect(readFileSync(file, 'utf8')).toBe(after);
  });

  it('prints the remaining problems in the chosen format', () => {
    const dir = copyOf('broken');
    const run = docsnav(['validate', path.join(dir, 'docs.json'), '--fix', '--format', 'json']);
    expect(run.code).toBe(1);
    expect(codesIn(run.stdout)).toHaveLength(8);
  });

  it('fixes YAML in place, comments and all; exit 0 when no errors remain', () => {
    const dir = copyOf('yaml');
    const file = path.join(dir, 'docs.yaml');
    const before = readFileSync(file, 'utf8');
    const run = docsnav(['validate', file, '--fix']);
    expect(run.code).toBe(0);
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(before.replace('        - guide/\n', '        - guide\n').replace('      expanded: true\n', ''));
    expect(after.startsWith('# docs.yaml: the same navigation as JSON, in YAML\n')).toBe(true);
    expect(docsnav(['validate', file, '--fix']).stderr).toMatch(/^docsnav: fixed 0 problems in 0 files;/);
  });
});

describe('docsnav validate --fix-dry-run', () => {
  it('prints a unified diff that `git apply` turns into what --fix writes, and writes nothing', () => {
    const dry = copyOf('broken');
    const real = copyOf('broken');
    const before = readFileSync(path.join(dry, 'docs.json'), 'utf8');
    const run = docsnav(['validate', 'docs.json', '--fix-dry-run'], dry);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('docsnav: would fix 5 problems in 1 file; 8 problems would remain (7 errors, 1 warning)\n');
    expect(run.stdout.startsWith('--- a/docs.json\n+++ b/docs.json\n@@ ')).toBe(true);
    expect(run.stdout).toContain('-                "expand": true,\n+                "expanded": true,\n');
    expect(readFileSync(path.join(dry, 'docs.json'), 'utf8')).toBe(before);

    docsnav(['validate', 'docs.json', '--fix'], real);
    writeFileSync(path.join(dry, 'fix.patch'), run.stdout);
    const applied = spawnSync('git', ['apply', 'fix.patch'], { cwd: dry, encoding: 'utf8' });
    expect(applied.stderr).toBe('');
    expect(readFileSync(path.join(dry, 'docs.json'), 'utf8')).toBe(readFileSync(path.join(real, 'docs.json'), 'utf8'));
  });

  it('prints nothing on stdout when there is nothing to fix (exit 0)', () => {
    const run = docsnav(['validate', 'fixtures/example', '--fix-dry-run']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('docsnav: would fix 0 problems in 0 files; 0 problems would remain\n');
  });

  it('--fix and --fix-dry-run together are a usage error (exit 2, one line)', () => {
    const run = docsnav(['validate', 'fixtures/broken', '--fix', '--fix-dry-run']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('docsnav: --fix and --fix-dry-run cannot be used together\n');
  });

  it('a missing file is an I/O error (exit 2, one line), with --fix too', () => {
    const run = docsnav(['validate', 'fixtures/no-such-folder/docs.json', '--fix']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^docsnav: cannot read fixtures\/no-such-folder\/docs.json: ENOENT/);
  });
});

describe('docsnav validate --format sarif, run from a subfolder of a git repository', () => {
  it('names the fixed file in each fix exactly as in its result: relative to the repository root, with %SRCROOT%', () => {
    const repo = repositoryWithBrokenSite();
    for (const [cwd, file] of [
      [path.join(repo, 'docs'), 'docs.json'],
      [repo, 'docs/docs.json'],
      [path.join(repo, 'other'), '../docs/docs.json'],
    ]) {
      const run = docsnav(['validate', file, '--format', 'sarif'], cwd);
      expect(run.code).toBe(1);
      const log = JSON.parse(run.stdout);
      expect(log.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(repo).href}/`);
      const withFixes = log.runs[0].results.filter((r: { fixes?: unknown }) => r.fixes);
      expect(withFixes).toHaveLength(5);
      for (const result of withFixes) {
        const own = result.locations[0].physicalLocation.artifactLocation;
        expect(own).toEqual({ uri: 'docs/docs.json', uriBaseId: '%SRCROOT%' });
        for (const fix of result.fixes) for (const change of fix.artifactChanges) expect(change.artifactLocation).toEqual(own);
      }
    }
  });
});

describe('a newcomer breaks the example site and runs --fix', () => {
  it('gets the original docs.json back, byte for byte', () => {
    const dir = copyOf('example');
    const file = path.join(dir, 'docs.json');
    const original = readFileSync(file, 'utf8');
    const broken = original
      .replace('"expanded": true,', '"expand": true,')
      .replace('"pages": ["index", "quickstart"]', '"pages": ["index.mdx", "/quickstart"]');
    expect(broken).not.toBe(original);
    writeFileSync(file, broken);

    const check = docsnav(['validate', dir, '--format', 'json']);
    expect(check.code).toBe(1);
    expect(codesIn(check.stdout).sort()).toEqual(['page-path', 'page-path', 'unknown-field']);

    const run = docsnav(['validate', dir, '--fix']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('docsnav: fixed 3 problems in 1 file; 0 problems remain\n');
    expect(run.stdout).toContain('no problems');
    expect(readFileSync(file, 'utf8')).toBe(original);
  });
});
