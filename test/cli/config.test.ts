import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTrees } from '../config/temp-tree.js';

const CLI = path.resolve('dist/cli/main.js');
const tree = tempTrees('docsnav-cli-config-');

/** Runs the built CLI (npm test builds first) in `cwd`. */
function docsnav(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A site under site/docs whose only problems are the two spec-strict ones (and `xx`, which no profile accepts). */
const SITE = {
  'site/docs/docs.json': JSON.stringify(
    {
      navigation: {
        languages: [
          { language: 'en', pages: ['index'] },
          { language: 'ja', pages: ['ja/index'] },
        ],
        global: { anchors: [{ anchor: 'Blog', href: '/blog' }] },
      },
      // The settings the platform requires (after navigation: the lines above stay where they are).
      theme: 'mint',
      name: 'Site',
      colors: { primary: '#0D9373' },
    },
    null,
    2,
  ),
  'site/docs/index.mdx': '# Hi',
  'site/docs/ja/index.mdx': '# こんにちは',
  // The global anchor's page: under the platform profile, a /path href links into the site and must lead somewhere.
  'site/docs/blog.mdx': '# Blog',
};
const XX_SITE = { ...SITE, 'site/docs/docs.json': SITE['site/docs/docs.json'].replace('"ja"', '"xx"') };

/** `code severity line:col` of each problem of the one checked file (json format). */
function problemsOf(stdout: string): string[] {
  const results = JSON.parse(stdout) as Array<{ file: string; problems: Array<{ code: string; severity: string; line: number; column: number }> }>;
  return results.flatMap((result) => result.problems.map((p) => `${p.code} ${p.severity} ${p.line}:${p.column}`));
}

/** What a run must never print: a stack trace. */
function expectNoStack(text: string) {
  expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(text).not.toContain('internal error');
}

describe('profiles and precedence (flag > config > profile > default)', () => {
  it.each<{ name: string; site: Record<string, string>; files: Record<string, string>; flags: string[]; expected: string[]; exit: number }>([
    // Issue 56: the default is the platform's verdict; the spec's stricter list warns, and errs when asked for.
    { name: 'default: the platform', site: SITE, files: {}, flags: [], expected: [], exit: 0 },
    {
      name: 'profile from the config',
      site: SITE,
      files: { 'site/docsnav.config.json': '{ "extends": "spec" }' },
      flags: [],
      expected: ['language-code warning 11:21', 'external-href warning 21:19'],
      exit: 0,
    },
    {
      name: 'profile from a flag',
      site: SITE,
      files: {},
      flags: ['--profile', 'spec'],
      expected: ['language-code warning 11:21', 'external-href warning 21:19'],
      exit: 0,
    },
    {
      name: 'the spec’s list asked for as errors',
      site: SITE,
      files: { 'site/docsnav.config.json': '{ "extends": "spec", "rules": { "language-code": "error", "external-href": "error" } }' },
      flags: [],
      expected: ['language-code error 11:21', 'external-href error 21:19'],
      exit: 1,
    },
    {
      name: 'the flag beats the config’s profile',
      site: SITE,
      files: { 'site/docsnav.config.json': '{ "extends": "spec", "rules": { "language-code": "error" } }' },
      flags: ['--profile', 'platform'],
      expected: [],
      exit: 0,
    },
    {
      name: 'a code no profile accepts is an error under platform',
      site: XX_SITE,
      files: { 'site/docsnav.config.json': '{ "extends": "platform" }' },
      flags: [],
      expected: ['language-code error 11:21'],
      exit: 1,
    },
    {
      name: 'config rules beat the default severity',
      site: XX_SITE,
      files: { 'site/docsnav.config.json': '{ "extends": "platform", "rules": { "language-code": "warning" } }' },
      flags: [],
      expected: ['language-code warning 11:21'],
      exit: 0,
    },
    {
      name: '--rule beats config rules',
      site: XX_SITE,
      files: { 'site/docsnav.config.json': '{ "extends": "platform", "rules": { "language-code": "warning" } }' },
      flags: ['--rule', 'language-code=error'],
      expected: ['language-code error 11:21'],
      exit: 1,
    },
    {
      name: '--rule off beats config rules',
      site: XX_SITE,
      files: { 'site/docsnav.config.yaml': 'extends: spec\nrules:\n  language-code: error\n  external-href: info\n' },
      flags: ['--rule', 'language-code=off'],
      expected: ['external-href info 21:19'],
      exit: 0,
    },
    {
      name: 'config languageCodes add to the profile’s',
      site: XX_SITE,
      files: { 'site/package.json': '{ "name": "s", "docsnav": { "extends": "platform", "languageCodes": ["xx"] } }' },
      flags: [],
      expected: [],
      exit: 0,
    },
    {
      name: '--language-codes add to the config’s',
      site: XX_SITE,
      files: { 'site/docsnav.config.json': '{ "extends": "spec", "languageCodes": ["yy"] }' },
      flags: ['--language-codes', 'xx'],
      expected: ['external-href warning 21:19'],
      exit: 0,
    },
    {
      name: 'config ignore by pointer',
      site: SITE,
      files: { 'docsnav.config.json': '{ "extends": "spec", "ignore": ["/navigation/global/**"] }' },
      flags: [],
      expected: ['language-code warning 11:21'],
      exit: 0,
    },
  ])('$name', ({ site, files, flags, expected, exit }) => {
    const base = tree({ ...site, ...files });
    const run = docsnav(base, 'validate', 'site/docs', '--format', 'json', ...flags);
    expect(problemsOf(run.stdout)).toEqual(expected);
    expect(run.code).toBe(exit);
    expect(run.stderr).toBe('');
  });

  it('under spec, the message says the platform accepts the value', () => {
    const run = docsnav(tree(SITE), 'validate', 'site/docs', '--profile', 'spec');
    expect(run.stdout).toContain('the spec allows ar, cn,');
    expect(run.stdout).toContain('the hosted platform accepts "ja", so this is a warning');
    expect(run.stdout).toContain('the hosted platform accepts "/blog", so this is a warning');
    // Issue 42: the platform profile is the suggestion, not another code (`jp`).
    expect(run.stdout).not.toContain('suggestion: use');
  });

  it('--profile takes spec or platform only', () => {
    const run = docsnav(tree(SITE), 'validate', 'site/docs', '--profile', 'hosted');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('docsnav: --profile must be one of platform, spec (got "hosted")\n');
  });
});

describe('ignore from the config', () => {
  it('page globs silence problems at those pages only', () => {
    const base = tree({
      // The settings the platform requires after navigation: the lines above stay where they are.
      'docs.json': JSON.stringify(
        { navigation: { pages: ['index', 'drafts/one', 'drafts/two', 'missing'] }, theme: 'mint', name: 'S', colors: { primary: '#0D9373' } },
        null,
        2,
      ),
      'index.mdx': '',
      'docsnav.config.yml': 'ignore:\n  - "drafts/**"\n',
    });
    expect(problemsOf(docsnav(base, 'validate', '--format', 'json').stdout)).toEqual(['page-not-found error 7:7']);
    expect(problemsOf(docsnav(base, 'validate', '--format', 'json', '--no-config').stdout)).toEqual([
      'page-not-found error 5:7',
      'page-not-found error 6:7',
      'page-not-found error 7:7',
    ]);
  });
});

describe('--config and --no-config', () => {
  it('--config uses that file instead of the one found', () => {
    const base = tree({
      ...SITE,
      'site/docsnav.config.json': '{ "extends": "spec", "rules": { "language-code": "error" } }',
      'ci/docsnav.yaml': 'extends: platform\n',
    });
    const run = docsnav(base, 'validate', 'site/docs', '--config', 'ci/docsnav.yaml');
    expect(run.code).toBe(0);
    expect(docsnav(base, 'validate', 'site/docs').code).toBe(1);
  });

  it('--no-config skips even a broken config', () => {
    const base = tree({ ...SITE, 'site/docsnav.config.json': '{ "extends": 7 }' });
    expect(docsnav(base, 'validate', 'site/docs').code).toBe(2);
    const run = docsnav(base, 'validate', 'site/docs', '--no-config', '--format', 'json');
    expect(problemsOf(run.stdout)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it.each([
    ['validate', 'site/docs'],
    ['resolve', 'site/docs'],
  ])('%s: a --config that does not exist is one line, exit 2', (...args) => {
    const run = docsnav(tree(SITE), ...args, '--config', 'nope.json');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('docsnav: cannot read config file nope.json: no such file or folder; check the path (ENOENT)\n');
  });

  it.each([
    [['--rule', 'config-invalid=off'], 'docsnav: --rule: config-invalid cannot be set: a bad config always stops the run (use --no-config to skip it)\n'],
    [['--config', ''], 'docsnav: --config takes a file name\n'],
  ])('%j is a usage error', (flags, message) => {
    const run = docsnav(tree(SITE), 'validate', 'site/docs', ...flags);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(message);
  });

  it('--config and --no-config together is a usage error', () => {
    const run = docsnav(tree(SITE), 'validate', 'site/docs', '--config', 'x.json', '--no-config');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('docsnav: --config and --no-config cannot be used together\n');
  });

  it('each folder gets its own config; a shared config is reported once', () => {
    const base = tree({
      'a/docs.json': SITE['site/docs/docs.json'],
      'a/index.mdx': '',
      'a/ja/index.mdx': '',
      'a/blog.mdx': '',
      'a/docsnav.config.json': '{ "extends": "spec" }',
      'b/docs.json': SITE['site/docs/docs.json'],
      'b/index.mdx': '',
      'b/ja/index.mdx': '',
      'b/blog.mdx': '',
    });
    const run = docsnav(base, 'validate', 'a', 'b', '--format', 'json');
    const results = JSON.parse(run.stdout) as Array<{ file: string; problems: unknown[] }>;
    expect(results.map((r) => `${r.file} ${r.problems.length}`)).toEqual([`${path.join('a', 'docs.json')} 2`, `${path.join('b', 'docs.json')} 0`]);
  });
});

describe('bad configs: config-invalid, located, exit 2, no stack', () => {
  it.each([
    { name: 'syntax error', file: 'docsnav.config.json', text: '{\n  "extends": "platform",\n}\n', at: ['3:1'] },
    { name: 'YAML syntax error', file: 'docsnav.config.yaml', text: 'extends: [platform\n', at: ['2:1'] },
    { name: 'unknown key', file: 'docsnav.config.json', text: '{\n  "extends": "platform",\n  "rulez": {}\n}\n', at: ['3:3'] },
    { name: 'wrong type', file: 'docsnav.config.yml', text: 'languageCodes: ja\n', at: ['1:16'] },
    { name: 'unknown code', file: 'docsnav.config.json', text: '{ "rules": { "language-cod": "off" } }', at: ['1:14'] },
    { name: 'unknown severity', file: 'docsnav.config.json', text: '{ "rules": { "language-code": "quiet" } }', at: ['1:31'] },
    { name: 'unknown profile', file: 'package.json', text: '{\n  "name": "s",\n  "docsnav": { "extends": "hosted" }\n}\n', at: ['3:27'] },
  ])('$name', ({ file, text, at }) => {
    const base = tree({ ...SITE, [`site/${file}`]: text });
    const json = docsnav(base, 'validate', 'site/docs', '--format', 'json');
    expect(json.code).toBe(2);
    const results = JSON.parse(json.stdout) as Array<{ file: string; problems: Array<{ code: string; line: number; column: number; file: string }> }>;
    // Only the config: the docs file is not checked with a config that cannot be read.
    expect(results.map((r) => r.file)).toEqual([path.join('site', file)]);
    expect(results[0].problems.map((p) => `${p.code} ${p.line}:${p.column}`)).toEqual(at.map((where) => `config-invalid ${where}`));

    const pretty = docsnav(base, 'validate', 'site/docs');
    expect(pretty.code).toBe(2);
    expect(pretty.stdout).toContain(`${path.join('site', file)}:${at[0]}  error  config-invalid  `);
    expect(pretty.stdout).toMatch(/> +\d+ \|/); // a code frame
    expectNoStack(pretty.stdout + pretty.stderr);

    const resolved = docsnav(base, 'resolve', 'site/docs');
    expect(resolved.code).toBe(2);
    expect(resolved.stdout).toBe('');
    expect(resolved.stderr).toContain(`${path.join('site', file)}:${at[0]}  error  config-invalid  `);
    expectNoStack(resolved.stderr);
  });

  it('a config shared by two files is reported once', () => {
    const base = tree({ 'a/docs.json': '{"navigation":{"pages":[]}}', 'b/docs.json': '{"navigation":{"pages":[]}}', 'docsnav.config.json': '{ "x": 1 }' });
    const run = docsnav(base, 'validate', 'a', 'b', '--format', 'json');
    expect(run.code).toBe(2);
    expect((JSON.parse(run.stdout) as Array<{ file: string }>).map((r) => r.file)).toEqual(['docsnav.config.json']);
  });
});

describe('resolve with a config', () => {
  it('uses the profile of the config found', () => {
    const base = tree({ ...SITE, 'site/docsnav.config.json': '{ "extends": "spec", "rules": { "language-code": "error" } }' });
    const run = docsnav(base, 'resolve', 'site/docs');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('language-code');
    expect(docsnav(base, 'resolve', 'site/docs', '--no-config').code).toBe(0);
    const platform = docsnav(base, 'resolve', 'site/docs', '--profile', 'platform');
    expect(platform.code).toBe(0);
    expect(JSON.parse(platform.stdout).pages.map((p: { path: string }) => p.path)).toEqual(['index', 'ja/index']);
  });
});
