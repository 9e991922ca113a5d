import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { partFileOf, scansIn, writeScan } from '../cache/parts.js';

/** Runs the built CLI (npm test builds first) from the project folder. */
function docsnav(...args: string[]) {
  return docsnavWith({}, ...args);
}

/** The same, with standard input or extra environment variables. */
function docsnavWith(options: { input?: string; env?: Record<string, string>; cwd?: string }, ...args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', ...options.env };
  if (!options.env?.GITHUB_STEP_SUMMARY) delete env.GITHUB_STEP_SUMMARY;
  const result = spawnSync(process.execPath, [path.resolve('dist/cli/main.js'), ...args], {
    encoding: 'utf8',
    env,
    input: options.input ?? '',
    cwd: options.cwd,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** SARIF names the repository root as an absolute file URI: the same everywhere but in that one place. */
function portableSarif(text: string): string {
  return text.replace(/("%SRCROOT%": \{\n\s+"uri": )"file:\/\/[^"]*"/, '$1"file:///repository-root/"');
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'docsnav-'));
}

/**
 * Compares with the stored expected output beside the fixture. A missing file fails the test;
 * `UPDATE_EXPECTED=1 npx vitest run test/cli` writes (or rewrites) the files, to be read and committed.
 */
function expectStored(fixture: string, name: string, actual: string) {
  const file = path.join('fixtures', fixture, 'expected', name);
  if (process.env.UPDATE_EXPECTED === '1') {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  expect(existsSync(file), `${file} is missing: run UPDATE_EXPECTED=1 npx vitest run test/cli, read it, commit it`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('docsnav validate', () => {
  it('passes the bundled example site (exit 0)', () => {
    const run = docsnav('validate', 'fixtures/example');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no problems');
  });

  it.each(['pretty', 'json', 'sarif', 'github'])('reports the broken copy in %s format (exit 1)', (format) => {
    const run = docsnav('validate', 'fixtures/broken', '--format', format);
    expect(run.code).toBe(1);
    expectStored('broken', `${format}.txt`, format === 'sarif' ? portableSarif(run.stdout) : run.stdout);
  });

  it('puts every problem of the broken copy at its line and column', () => {
    const problems = JSON.parse(docsnav('validate', 'fixtures/broken', '--format', 'json').stdout)[0].problems as Array<{
      code: string;
      line: number;
      column: number;
    }>;
    expect(problems.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual([
      '6:28 invalid-value',
      // Under the default (platform) profile a global anchor may link into the site: that page is missing.
      '10:39 link-not-found',
      '20:13 expanded-top-level',
      '21:32 page-path',
      '21:50 page-not-found',
      '29:17 unknown-field',
      '30:69 duplicate-page',
      '32:15 missing-field',
      '36:9 mixed-children',
      '41:40 endpoint-no-spec',
      '41:53 endpoint-no-spec',
      '45:5 primary-pattern',
      // "uk" is a language code the platform accepts: no problem under the default profile.
    ]);
  });

  it('reads YAML (warnings only: exit 0)', () => {
    const run = docsnav('validate', 'fixtures/yaml/docs.yaml');
    expect(run.code).toBe(0);
    expectStored('yaml', 'pretty.txt', run.stdout);
  });

  it('fails on warnings beyond --max-warnings', () => {
    expect(docsnav('validate', 'fixtures/yaml', '--max-warnings', '3').code).toBe(0);
    const run = docsnav('validate', 'fixtures/yaml', '--max-warnings', '2');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('3 warnings, more than --max-warnings 2');
  });

  it('reports a syntax error with its location (exit 1)', () => {
    const run = docsnav('validate', 'fixtures/syntax-error');
    expect(run.code).toBe(1);
    expectStored('syntax-error', 'pretty.txt', run.stdout);
  });

  it('follows $ref and reports problems in the referenced file', () => {
    const run = docsnav('validate', 'fixtures/refs', '--format', 'json');
    expect(run.code).toBe(1);
    expectStored('refs', 'json.txt', run.stdout);
  });

  it('sets rule severities and extra language codes', () => {
    const quiet = docsnav(
      'validate',
      'fixtures/broken',
      '--format',
      'json',
      '--rule',
      'language-code=off,page-not-found=warning',
      '--rule',
      'duplicate-page=error',
    );
    const problems = JSON.parse(quiet.stdout)[0].problems as Array<{ code: string; severity: string }>;
    expect(problems.some((p) => p.code === 'language-code')).toBe(false);
    expect(problems.find((p) => p.code === 'page-not-found')?.severity).toBe('warning');
    expect(problems.find((p) => p.code === 'duplicate-page')?.severity).toBe('error');
    const accepted = docsnav('validate', 'fixtures/broken', '--format', 'json', '--language-codes', 'uk');
    expect(JSON.parse(accepted.stdout)[0].problems.some((p: { code: string }) => p.code === 'language-code')).toBe(false);
  });

  it('a folder with no docs file: one line naming the sites one level down, and the command that checks one', () => {
    const repo = tempDir();
    mkdirSync(path.join(repo, 'docs'));
    mkdirSync(path.join(repo, 'node_modules', 'x'), { recursive: true });
    writeFileSync(path.join(repo, 'docs', 'docs.json'), '{"navigation":{"pages":["index"]}}');
    writeFileSync(path.join(repo, 'node_modules', 'x', 'docs.json'), '{}');
    for (const args of [['validate'], ['validate', '.'], ['resolve']]) {
      const run = docsnavWith({ cwd: repo }, ...args);
      expect(run.code, args.join(' ')).toBe(2);
      // Each command is told to run itself (resolve was told to run docsnav validate).
      expect(run.stderr).toBe(
        `docsnav: no docs.json, docs.yaml, docs.yml or mint.json in the current folder; docs/docs.json is one level down: docsnav ${args[0]} docs\n`,
      );
    }
    mkdirSync(path.join(repo, 'site'));
    writeFileSync(path.join(repo, 'site', 'docs.yaml'), 'navigation: { pages: [index] }\n');
    expect(docsnavWith({ cwd: path.join(repo, 'site') }, 'validate', '..').stderr).toBe(
      'docsnav: no docs.json, docs.yaml, docs.yml or mint.json in ..; sites one level down: ../docs/docs.json, ../site/docs.yaml: docsnav validate ../docs\n',
    );
    mkdirSync(path.join(repo, 'empty'));
    const empty = docsnavWith({ cwd: repo }, 'validate', 'empty');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe(
      "docsnav: no docs.json, docs.yaml, docs.yml or mint.json in empty; name the site's file or folder (docsnav validate path/to/docs.json)\n",
    );
  });

  it('checks several files in one run', () => {
    const run = docsnav('validate', 'fixtures/example/docs.json', 'fixtures/yaml/docs.yaml', '--format', 'json');
    expect(JSON.parse(run.stdout).map((r: { file: string }) => r.file)).toEqual(['fixtures/example/docs.json', 'fixtures/yaml/docs.yaml']);
  });

  it.each([
    [['validate', 'fixtures/nope/docs.json'], /^docsnav: cannot read fixtures\/nope\/docs.json: no such file or folder; check the path \(ENOENT\)\n$/],
    [['validate', '--format', 'xml', 'fixtures/example'], /^docsnav: --format must be one of pretty, json, sarif, github \(got "xml"\)\n$/],
    [['validate', '--rule', 'no-such-rule=off'], /^docsnav: --rule: unknown code "no-such-rule" \(every code: docs\/rules\/README\.md\)\n$/],
    // Issue 50: the nearest code, as the config file's rules get it.
    [['validate', '--rule', 'page-pth=off'], /^docsnav: --rule: unknown code "page-pth" \(did you mean page-path\? every code: docs\/rules\/README\.md\)\n$/],
    [['validate', '--rule', 'page-path=warning,langauge-code=off'], /^docsnav: --rule: unknown code "langauge-code" \(did you mean language-code\?/],
    [['validate', '--rule', 'page-path=loud'], /^docsnav: --rule page-path: severity must be/],
    [['validate', '--max-warnings', 'many'], /^docsnav: --max-warnings takes a whole number/],
    [['validate', '--bogus'], /^docsnav: unknown option "--bogus" \(see docsnav validate --help\)$/m],
    // Issue 42: the nearest real option, not Node's advice to put a typo after `--`.
    [['validate', '--fromat', 'json'], /^docsnav: unknown option "--fromat" \(did you mean --format\? see docsnav validate --help\)$/m],
    [['validate', '--no-colr'], /^docsnav: unknown option "--no-colr" \(did you mean --no-color\?/],
    [['resolve', '--tree-fromat=pretty'], /^docsnav: unknown option "--tree-fromat" \(did you mean --tree-format\? see docsnav resolve --help\)$/m],
    [['diff', 'HEAD', '--fromat', 'json'], /^docsnav: unknown option "--fromat" \(did you mean --format\? see docsnav diff --help\)$/m],
    [['validate', '-Z'], /^docsnav: unknown option "-Z" \(see docsnav validate --help\)$/m],
    [['frobnicate'], /^docsnav: unknown command "frobnicate"/],
  ])('exits 2 with one clear line for %j', (args, message) => {
    const run = docsnav(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('prints help and version', () => {
    expect(docsnav('--help').stdout).toContain('docsnav validate');
    for (const flag of ['--quiet', '--stdin-filename', '--output-file', '--tree-format', 'GITHUB_STEP_SUMMARY', 'docs/rules/<code>.md'])
      expect(docsnav('--help').stdout).toContain(flag);
    expect(docsnav('--version').stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});

describe('docsnav validate --cache and --concurrency', () => {
  it('keeps page scans between runs; a page changed since is read again', () => {
    const site = tempDir();
    cpSync('fixtures/example', site, { recursive: true });
    const cache = path.join(tempDir(), '.docsnavcache');
    const cold = docsnav('validate', site, '--cache-location', cache, '--format', 'json');
    expect(cold.code).toBe(0);
    expect(existsSync(cache)).toBe(true);
    const warm = docsnav('validate', site, '--cache-location', cache, '--format', 'json');
    expect(warm).toEqual(cold);
    const page = path.join(site, 'quickstart.mdx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nSee [the old guide](/guides/old).\n`);
    const changed = JSON.parse(docsnav('validate', site, '--cache-location', cache, '--format', 'json').stdout)[0].problems as { code: string; file: string }[];
    expect(changed.map((problem) => `${problem.code} ${path.basename(problem.file)}`)).toEqual(['link-not-found quickstart.mdx']);
  });

  it('after an upgrade of the page scanner (another build of dist/cli/pages.js), the kept scans are not used', () => {
    // A copy of the built package, whose scanner file can be "upgraded" without touching dist/ (its
    // dependencies found through a link to the project's node_modules).
    const copy = tempDir();
    cpSync('dist', path.join(copy, 'dist'), { recursive: true });
    const cli = path.join(copy, 'dist', 'cli');
    symlinkSync(path.resolve('node_modules'), path.join(copy, 'node_modules'), 'dir');
    const site = tempDir();
    cpSync('fixtures/example', site, { recursive: true });
    const page = path.join(site, 'quickstart.mdx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nSee [the quickstart](/quickstart).\n`);
    const cache = path.join(tempDir(), '.docsnavcache');
    const run = () => {
      const result = spawnSync(process.execPath, [path.join(cli, 'main.js'), 'validate', site, '--cache-location', cache, '--format', 'json'], {
        encoding: 'utf8',
      });
      return (JSON.parse(result.stdout) as Array<{ problems: Array<{ code: string; message: string }> }>)[0].problems;
    };
    expect(run()).toEqual([]);
    // Each kept scan with links now says its page links to /forged (as a whole scan of this build: the index's checksum and digest hold).
    for (const { key, scan } of scansIn(cache)) {
      const kept = scan as { links: Array<{ url: string }> };
      if (kept.links.length === 0) continue;
      writeScan(cache, key, { key, scan: { ...kept, links: [{ ...kept.links[0], url: '/forged' }] } });
    }
    // The whole run and the last check kept beside it go: the next run takes the forged scans.
    rmSync(partFileOf(cache, 'runs'));
    rmSync(partFileOf(cache, 'check'));
    expect(run().map((problem) => problem.code)).toContain('link-not-found');
    // That run, kept, is given again from now on, until the upgrade.
    expect(run().map((problem) => problem.code)).toContain('link-not-found');
    // The upgrade: the same scanner file, another time (a build's stamp is in the key).
    const later = new Date(Date.now() + 86_400_000);
    utimesSync(path.join(cli, 'pages.js'), later, later);
    expect(run()).toEqual([]);
  });

  it('a --cache file that cannot be written is one line, exit 2 (after the report)', () => {
    const blocker = path.join(tempDir(), 'a-file');
    writeFileSync(blocker, '');
    const run = docsnav('validate', 'fixtures/example', '--cache-location', path.join(blocker, 'cache'));
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('no problems');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/--cache-location: cannot write .*cache: E[A-Z]+: /);
  });

  it.each([['0'], ['two'], ['65'], ['-1']])('--concurrency %s is a usage error (exit 2)', (value) => {
    const run = docsnav('validate', 'fixtures/example', `--concurrency=${value}`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--concurrency takes auto or a whole number from 1 to 64');
  });

  it('--concurrency 1 and auto report the same', () => {
    const one = docsnav('validate', 'fixtures/example', '--concurrency', '1', '--format', 'json');
    expect(docsnav('validate', 'fixtures/example', '--concurrency', 'auto', '--format', 'json')).toEqual(one);
  });
});

describe('docsnav resolve', () => {
  it('prints the example site’s page tree (exit 0)', () => {
    const run = docsnav('resolve', 'fixtures/example', '--tree-format', 'pretty');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expectStored('example', 'resolve-pretty.txt', run.stdout);
  });

  it('writes the same JSON every time, to stdout or --out', () => {
    const first = docsnav('resolve', 'fixtures/example/docs.json');
    const second = docsnav('resolve', 'fixtures/example/docs.json');
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const tree = JSON.parse(first.stdout);
    expect(tree.pages.map((p: { path: string }) => p.path)).toContain('admin-reference/users/create-a-user-v2');
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-')), 'tree.json');
    const written = docsnav('resolve', 'fixtures/example', '--out', out);
    expect(written.code).toBe(0);
    expect(written.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(first.stdout);
  });

  it('still writes the tree, and reports problems on stderr with exit 1', () => {
    const run = docsnav('resolve', 'fixtures/resolve/problems');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).pages.length).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/endpoint-not-found/);
    expect(run.stderr).toMatch(/openapi-not-found/);
  });

  it('takes the same rule settings as validate', () => {
    const run = docsnav('resolve', 'fixtures/resolve/problems', '--rule', 'endpoint-not-found=off,openapi-not-found=warning,openapi-invalid=off');
    expect(run.stderr).not.toMatch(/endpoint-not-found|openapi-invalid/);
    expect(run.stderr).toMatch(/warning {2}openapi-not-found/);
  });

  it.each([
    [['resolve', 'fixtures/nope'], /^docsnav: cannot read fixtures\/nope: no such file or folder; check the path \(ENOENT\)\n$/],
    [['resolve', 'a.json', 'b.json'], /^docsnav: resolve takes one docs.json\n$/],
    [['resolve', 'fixtures/example', '--tree-format', 'sarif'], /^docsnav: --tree-format must be one of json, pretty \(got "sarif"\)\n$/],
    [['resolve', 'fixtures/example', '--format', 'xml'], /^docsnav: --format must be one of pretty, json, sarif, github/],
    [
      ['resolve', 'fixtures/example', '--out', '/nonexistent-dir/x.json'],
      /^docsnav: cannot write \/nonexistent-dir\/x.json: its folder does not exist; create it, or write somewhere else \(ENOENT\)\n$/,
    ],
  ])('exits 2 with one clear line for %j', (args, message) => {
    const run = docsnav(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});

describe('docsnav validate: conveniences', () => {
  it('--quiet reports errors only; the exit code still counts warnings', () => {
    const run = docsnav('validate', 'fixtures/broken', '--format', 'json', '--quiet');
    const problems = JSON.parse(run.stdout)[0].problems as Array<{ severity: string }>;
    expect(problems.length).toBe(10);
    expect(problems.every((p) => p.severity === 'error')).toBe(true);
    expect(run.code).toBe(1);
    const yaml = docsnav('validate', 'fixtures/yaml', '-q', '--max-warnings', '0');
    expect(yaml.stdout).toContain('no problems');
    expect(yaml.code).toBe(1);
  });

  it('reads standard input with - or --stdin, named by --stdin-filename (its folder is the docs root)', () => {
    const text = readFileSync('fixtures/broken/docs.json', 'utf8');
    const named = docsnavWith({ input: text }, 'validate', '-', '--stdin-filename', 'fixtures/broken/docs.json', '--format', 'json');
    const fromFile = docsnav('validate', 'fixtures/broken/docs.json', '--format', 'json');
    expect(named.code).toBe(1);
    expect(named.stdout).toBe(fromFile.stdout);
    const anonymous = docsnavWith({ input: text }, 'validate', '--stdin', '--format', 'json');
    const problems = JSON.parse(anonymous.stdout)[0].problems as Array<{ file: string; code: string }>;
    expect(problems.every((p) => p.file === '<stdin>')).toBe(true);
    // no docs root without a name: no page lookups
    expect(problems.some((p) => p.code === 'page-not-found')).toBe(false);
    const yaml = docsnavWith({ input: readFileSync('fixtures/yaml/docs.yaml', 'utf8') }, 'validate', '-', '--stdin-filename', 'fixtures/yaml/docs.yaml');
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toBe(docsnav('validate', 'fixtures/yaml/docs.yaml').stdout);
  });

  it('expands globs itself, in sorted order, each file once', () => {
    const run = docsnav('validate', 'fixtures/{yaml,example}', 'fixtures/*/docs.json', '--format', 'json');
    expect(JSON.parse(run.stdout).map((r: { file: string }) => r.file)).toEqual([
      'fixtures/example/docs.json',
      'fixtures/yaml/docs.yaml',
      'fixtures/broken/docs.json',
      'fixtures/config/docs.json',
      'fixtures/refs/docs.json',
      'fixtures/syntax-error/docs.json',
    ]);
    const absolute = docsnav('validate', path.resolve('fixtures/*/docs.yaml'), '--format', 'json');
    expect(JSON.parse(absolute.stdout).map((r: { file: string }) => r.file)).toEqual([path.resolve('fixtures/yaml/docs.yaml')]);
    const none = docsnav('validate', 'fixtures/*/nothing.json');
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('docsnav: no file matches fixtures/*/nothing.json\n');
  });

  it('writes the report to --output-file, and a second --format there while the first goes to stdout', () => {
    const dir = tempDir();
    const only = docsnav('validate', 'fixtures/broken', '--format', 'json', '--output-file', path.join(dir, 'only.json'));
    expect(only.code).toBe(1);
    expect(only.stdout).toBe('');
    expect(readFileSync(path.join(dir, 'only.json'), 'utf8')).toBe(docsnav('validate', 'fixtures/broken', '--format', 'json').stdout);
    const two = docsnav('validate', 'fixtures/broken', '--format', 'pretty', '--format', 'sarif', '--output-file', path.join(dir, 'results.sarif'));
    expect(two.code).toBe(1);
    expect(two.stdout).toBe(docsnav('validate', 'fixtures/broken').stdout);
    const log = JSON.parse(readFileSync(path.join(dir, 'results.sarif'), 'utf8'));
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].results).toHaveLength(12);
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'fixtures/broken/docs.json', uriBaseId: '%SRCROOT%' });
  });

  it('appends a table of every problem to GITHUB_STEP_SUMMARY with --format github', () => {
    const summary = path.join(tempDir(), 'summary.md');
    writeFileSync(summary, 'before\n');
    const run = docsnavWith({ env: { GITHUB_STEP_SUMMARY: summary } }, 'validate', 'fixtures/broken', '--format', 'github');
    expect(run.code).toBe(1);
    // 12 annotations (10 errors: as many as GitHub shows, so no line saying it hides some).
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(12);
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('before\n### docsnav: 12 problems\n')).toBe(true);
    expect(text.split('\n').filter((line) => line.startsWith('| error ') || line.startsWith('| warning '))).toHaveLength(12);
  });

  it('links the rule docs shipped in the package, or the copy --rule-docs-url names, in every report', () => {
    const shipped = docsnav('validate', 'fixtures/broken');
    expect(shipped.stdout).toContain('\n  docs: docs/rules/unknown-field.md\n');
    const base = 'https://git.example.com/tools/docsnav/blob/v0.1.0/docs/rules';
    const linked = docsnav('validate', 'fixtures/broken', '--rule-docs-url', base);
    expect(linked.stdout).toContain(`\n  docs: ${base}/unknown-field.md\n`);
    const sarif = JSON.parse(docsnav('validate', 'fixtures/broken', '--format', 'sarif', '--rule-docs-url', base).stdout);
    expect(sarif.runs[0].tool.driver.rules[0].helpUri).toBe(`${base}/${sarif.runs[0].tool.driver.rules[0].id}.md`);
    const summary = path.join(tempDir(), 'summary.md');
    docsnavWith({ env: { GITHUB_STEP_SUMMARY: summary } }, 'validate', 'fixtures/broken', '--format', 'github', '--rule-docs-url', base);
    expect(readFileSync(summary, 'utf8')).toContain(`[unknown-field](${base}/unknown-field.md)`);
  });

  it.each([
    [['validate', '--format', 'json', '--format', 'sarif', 'fixtures/example'], /^docsnav: two --format values need --output-file for the second/],
    [['validate', '-f', 'json', '-f', 'sarif', '-f', 'github', '--output-file', 'x'], /^docsnav: --format can be given at most twice/],
    [['validate', '-', 'fixtures/example'], /^docsnav: standard input \(- or --stdin\) cannot be combined with paths\n$/],
    [['validate', '--stdin-filename', 'docs.json', 'fixtures/example'], /^docsnav: --stdin-filename needs - or --stdin\n$/],
    [
      ['validate', 'fixtures/example', '--output-file', '/nonexistent-dir/x.json'],
      /^docsnav: cannot write \/nonexistent-dir\/x.json: its folder does not exist; create it, or write somewhere else \(ENOENT\)\n$/,
    ],
    [
      ['validate', 'fixtures/example', '--rule-docs-url', 'docs/rules/'],
      /^docsnav: --rule-docs-url takes an http or https URL of a copy of docs\/rules\/ \(got "docs\/rules\/"\)\n$/,
    ],
  ])('exits 2 with one clear line for %j', (args, message) => {
    const run = docsnav(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('docsnav resolve: problems as data', () => {
  it('carries a format version in the tree', () => {
    expect(JSON.parse(docsnav('resolve', 'fixtures/example').stdout).version).toBe(1);
  });

  it('writes the problems in --format on stderr, or on stdout when the tree goes to --out', () => {
    const onStderr = docsnav('resolve', 'fixtures/resolve/problems', '--format', 'json');
    expect(onStderr.code).toBe(1);
    expect(JSON.parse(onStderr.stdout).pages.length).toBeGreaterThan(0);
    const report = JSON.parse(onStderr.stderr) as Array<{ file: string; problems: Array<{ code: string }> }>;
    expect(report[0].file).toBe('fixtures/resolve/problems/docs.json');
    expect(report[0].problems.map((p) => p.code)).toContain('endpoint-not-found');
    const out = path.join(tempDir(), 'tree.json');
    const annotated = docsnav('resolve', 'fixtures/resolve/problems', '--out', out, '--format', 'github');
    expect(annotated.code).toBe(1);
    expect(annotated.stderr).toBe('');
    expect(annotated.stdout).toMatch(
      /^::error file=fixtures\/resolve\/problems\/docs.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=endpoint-not-found::/m,
    );
    expect(JSON.parse(readFileSync(out, 'utf8')).version).toBe(1);
  });

  it('takes two formats, --quiet and standard input like validate', () => {
    const sarif = path.join(tempDir(), 'resolve.sarif');
    const run = docsnav('resolve', 'fixtures/resolve/problems', '--format', 'json', '--format', 'sarif', '--output-file', sarif, '--quiet');
    const json = JSON.parse(run.stderr)[0].problems as Array<{ severity: string }>;
    expect(json.every((p) => p.severity === 'error')).toBe(true);
    expect(JSON.parse(readFileSync(sarif, 'utf8')).runs[0].results).toHaveLength(json.length);
    const piped = docsnavWith({ input: readFileSync('fixtures/example/docs.json', 'utf8') }, 'resolve', '-', '--stdin-filename', 'fixtures/example/docs.json');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(docsnav('resolve', 'fixtures/example/docs.json').stdout);
  });

  it('says nothing on stderr when there is nothing to say (pretty)', () => {
    const run = docsnav('resolve', 'fixtures/example');
    expect(run.stderr).toBe('');
  });
});

describe('config problems in the chosen format', () => {
  it('resolve reports a bad config as data in --format json and exits 2 without a tree', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'docs.json'), '{ "navigation": { "pages": ["index"] } }');
    writeFileSync(path.join(dir, 'docsnav.config.json'), '{ "extends": "platfrom" }');
    const run = docsnav('resolve', dir, '--format', 'json');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const report = JSON.parse(run.stderr) as Array<{ problems: Array<{ code: string; file: string }> }>;
    expect(report[0].problems.map((p) => p.code)).toEqual(['config-invalid']);
    expect(report[0].problems[0].file).toBe(path.join(dir, 'docsnav.config.json'));
    const piped = docsnavWith(
      { input: '{ "navigation": { "pages": ["index"] } }' },
      'validate',
      '-',
      '--stdin-filename',
      path.join(dir, 'docs.json'),
      '--format',
      'json',
    );
    expect(piped.code).toBe(2);
    expect(JSON.parse(piped.stdout)[0].problems[0].code).toBe('config-invalid');
  });
});
