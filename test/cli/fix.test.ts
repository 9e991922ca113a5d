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
      '                "pages": ["concepts/navigation/tabs", "quickstart"]',
    ]);
    expect(after.split('\n')).toHaveLength(before.split('\n').length - 1); // `"expanded": false` on a top-level group is gone
    // The report is of the fixed file: none of the fixed codes is left in it. (`uk` stays, and is no
    // problem: the default profile is the platform's, which accepts it; issue 56. So is the global
    // anchor's `/status`, which links into the site: a page that is not there.)
    const remaining = codesIn(docsnav(['validate', dir, '--format', 'json']).stdout);
    expect(remaining.sort()).toEqual([
      'duplicate-page',
      'endpoint-no-spec',
      'endpoint-no-spec',
      'link-not-found',
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
    expect(run.stdout.startsWith('diff --git a/docs.json b/docs.json\n--- a/docs.json\n+++ b/docs.json\n@@ ')).toBe(true);
    expect(run.stdout).toContain(
      '-                "expand": true,\n-                "pages": ["concepts/navigation/tabs", "quickstart", "concepts/navigation/tabs"]\n+                "expanded": true,\n+                "pages": ["concepts/navigation/tabs", "quickstart"]\n',
    );
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
    expect(run.stderr).toMatch(/^docsnav: cannot read fixtures\/no-such-folder\/docs.json: no such file or folder; check the path \(ENOENT\)/);
  });
});

describe('docsnav validate --fix-dry-run in a git repository', () => {
  /** The start of the diff of `docs/docs.json`, as `git diff` writes it: the `diff --git` line makes git read the paths from the top level. */
  const DOCS_DIFF = 'diff --git a/docs/docs.json b/docs/docs.json\n--- a/docs/docs.json\n+++ b/docs/docs.json\n@@ ';

  /** What --fix writes for the broken site: what every applied diff must give. */
  function fixedText(): string {
    const dir = copyOf('broken');
    docsnav(['validate', 'docs.json', '--fix'], dir);
    return readFileSync(path.join(dir, 'docs.json'), 'utf8');
  }

  /** `git apply --check`, then `git apply`, of this patch text, run in `cwd`. */
  function gitApply(patch: string, cwd: string) {
    const patchFile = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-patch-')), 'fix.patch');
    writeFileSync(patchFile, patch);
    return { check: git(['apply', '--check', '--verbose', patchFile], cwd), apply: git(['apply', '--verbose', patchFile], cwd) };
  }

  it.each([
    ['the site folder', 'docs', 'docs.json'],
    ['the repository root', '.', 'docs/docs.json'],
    ['another subfolder', 'other', '../docs/docs.json'],
  ])('run from %s, prints paths relative to the repository root, which git apply applies from the site folder and the root', (_, from, file) => {
    const fixed = fixedText();
    // git reads a patch's paths from the top level and, run in a subfolder, skips those outside it:
    // the diff is applied where it was made when the file is under that folder, and from the root.
    const applyFrom = [...new Set([from, 'docs', '.'])].filter((where) => where !== 'other');
    for (const where of applyFrom) {
      const repo = repositoryWithBrokenSite();
      const before = readFileSync(path.join(repo, 'docs', 'docs.json'), 'utf8');
      const run = docsnav(['validate', file, '--fix-dry-run'], path.join(repo, from));
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('docsnav: would fix 5 problems in 1 file; 8 problems would remain (7 errors, 1 warning)\n');
      expect(run.stdout.startsWith(DOCS_DIFF)).toBe(true);
      expect(readFileSync(path.join(repo, 'docs', 'docs.json'), 'utf8')).toBe(before);

      const { check, apply } = gitApply(run.stdout, path.join(repo, where));
      expect(check.code, check.stderr).toBe(0);
      expect(check.stderr).toContain('Checking patch docs/docs.json...');
      expect(apply.code, apply.stderr).toBe(0);
      expect(apply.stderr).toContain('Applied patch docs/docs.json cleanly.');
      expect(readFileSync(path.join(repo, 'docs', 'docs.json'), 'utf8')).toBe(fixed);
    }
    if (from === 'other') {
      // …and git apply run in another subfolder skips it (git's rule for a path outside the folder it runs in).
      const repo = repositoryWithBrokenSite();
      const before = readFileSync(path.join(repo, 'docs', 'docs.json'), 'utf8');
      const { apply } = gitApply(docsnav(['validate', file, '--fix-dry-run'], path.join(repo, from)).stdout, path.join(repo, from));
      expect(apply.stderr).toContain("Skipped patch 'docs/docs.json'.");
      expect(readFileSync(path.join(repo, 'docs', 'docs.json'), 'utf8')).toBe(before);
    }
  });

  it('prints the same diff from every folder of the repository', () => {
    const repo = repositoryWithBrokenSite();
    const diffs = [
      docsnav(['validate', 'docs.json', '--fix-dry-run'], path.join(repo, 'docs')).stdout,
      docsnav(['validate', 'docs/docs.json', '--fix-dry-run'], repo).stdout,
      docsnav(['validate', '../docs/docs.json', '--fix-dry-run'], path.join(repo, 'other')).stdout,
      docsnav(['validate', path.join(repo, 'docs'), '--fix-dry-run']).stdout, // from outside the repository
    ];
    expect(diffs[0].startsWith(DOCS_DIFF)).toBe(true);
    expect(new Set(diffs).size).toBe(1);
  });

  it('in a worktree, whose .git is a file, prints paths relative to the worktree', () => {
    const fixed = fixedText();
    const main = repositoryWithBrokenSite();
    expect(git(['add', 'docs'], main).code).toBe(0);
    expect(git(['commit', '--quiet', '-m', 'site'], main).code).toBe(0);
    const worktree = path.join(realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-worktree-'))), 'wt');
    expect(git(['worktree', 'add', '--quiet', worktree], main).stderr).toBe('');

    const run = docsnav(['validate', 'docs.json', '--fix-dry-run'], path.join(worktree, 'docs'));
    expect(run.stdout.startsWith(DOCS_DIFF)).toBe(true);
    const { check, apply } = gitApply(run.stdout, path.join(worktree, 'docs'));
    expect(check.code, check.stderr).toBe(0);
    expect(apply.stderr).toContain('Applied patch docs/docs.json cleanly.');
    expect(readFileSync(path.join(worktree, 'docs', 'docs.json'), 'utf8')).toBe(fixed);
    expect(git(['diff', '--stat'], worktree).stdout).toContain('docs/docs.json');
  });

  it('outside any repository, prints paths relative to the working folder', () => {
    const fixed = fixedText();
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-norepo-')));
    cpSync(path.join('fixtures', 'broken'), path.join(dir, 'site'), { recursive: true });
    const run = docsnav(['validate', 'site', '--fix-dry-run'], dir);
    expect(run.stdout.startsWith('diff --git a/site/docs.json b/site/docs.json\n--- a/site/docs.json\n+++ b/site/docs.json\n@@ ')).toBe(true);
    // outside a repository, git apply works like patch -p1 from the working folder
    const { apply } = gitApply(run.stdout, dir);
    expect(apply.code, apply.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'site', 'docs.json'), 'utf8')).toBe(fixed);
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

  it('says "1 problem remains" for one', () => {
    const dir = copyOf('example');
    const file = path.join(dir, 'docs.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"expanded": true,', '"expand": true,').replace('"quickstart"', '"quickstart-gone"'));
    const run = docsnav(['validate', dir, '--fix']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('docsnav: fixed 1 problem in 1 file; 1 problem remains (1 error, 0 warnings)\n');
  });
});
