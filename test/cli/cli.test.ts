import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs the built CLI (npm test builds first) from the project folder. */
function docsnav(...args: string[]) {
  const result = spawnSync(process.execPath, ['dist/cli/main.js', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
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
    expectStored('broken', `${format}.txt`, run.stdout);
  });

  it('puts every problem of the broken copy at its line and column', () => {
    const problems = JSON.parse(docsnav('validate', 'fixtures/broken', '--format', 'json').stdout)[0].problems as Array<{ code: string; line: number; column: number }>;
    expect(problems.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual([
      '4:28 invalid-value',
      '8:39 external-href',
      '18:13 expanded-top-level',
      '19:32 page-path',
      '19:50 page-not-found',
      '27:17 unknown-field',
      '28:55 duplicate-page',
      '30:15 missing-field',
      '34:9 mixed-children',
      '39:40 endpoint-no-spec',
      '39:53 endpoint-no-spec',
      '43:5 primary-pattern',
      '44:21 language-code',
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
    const quiet = docsnav('validate', 'fixtures/broken', '--format', 'json', '--rule', 'language-code=off,page-not-found=warning', '--rule', 'duplicate-page=error');
    const problems = JSON.parse(quiet.stdout)[0].problems as Array<{ code: string; severity: string }>;
    expect(problems.some((p) => p.code === 'language-code')).toBe(false);
    expect(problems.find((p) => p.code === 'page-not-found')?.severity).toBe('warning');
    expect(problems.find((p) => p.code === 'duplicate-page')?.severity).toBe('error');
    const accepted = docsnav('validate', 'fixtures/broken', '--format', 'json', '--language-codes', 'uk');
    expect(JSON.parse(accepted.stdout)[0].problems.some((p: { code: string }) => p.code === 'language-code')).toBe(false);
  });

  it('checks several files in one run', () => {
    const run = docsnav('validate', 'fixtures/example/docs.json', 'fixtures/yaml/docs.yaml', '--format', 'json');
    expect(JSON.parse(run.stdout).map((r: { file: string }) => r.file)).toEqual(['fixtures/example/docs.json', 'fixtures/yaml/docs.yaml']);
  });

  it.each([
    [['validate', 'fixtures/nope/docs.json'], /^docsnav: cannot read fixtures\/nope\/docs.json: ENOENT\n$/],
    [['validate', '--format', 'xml', 'fixtures/example'], /^docsnav: --format must be one of pretty, json, sarif, github \(got "xml"\)\n$/],
    [['validate', '--rule', 'no-such-rule=off'], /^docsnav: --rule: unknown code "no-such-rule"/],
    [['validate', '--rule', 'page-path=loud'], /^docsnav: --rule page-path: severity must be/],
    [['validate', '--max-warnings', 'many'], /^docsnav: --max-warnings takes a whole number/],
    [['validate', '--bogus'], /^docsnav: Unknown option '--bogus'/],
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
    expect(docsnav('--version').stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});

describe('docsnav resolve', () => {
  it('prints the example site’s page tree (exit 0)', () => {
    const run = docsnav('resolve', 'fixtures/example', '--format', 'pretty');
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
    [['resolve', 'fixtures/nope'], /^docsnav: cannot read fixtures\/nope: ENOENT\n$/],
    [['resolve', 'a.json', 'b.json'], /^docsnav: resolve takes one docs.json\n$/],
    [['resolve', 'fixtures/example', '--format', 'sarif'], /^docsnav: --format must be one of json, pretty/],
    [['resolve', 'fixtures/example', '--out', '/nonexistent-dir/x.json'], /^docsnav: cannot write \/nonexistent-dir\/x.json: ENOENT\n$/],
  ])('exits 2 with one clear line for %j', (args, message) => {
    const run = docsnav(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
