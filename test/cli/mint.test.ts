/**
 * The CLI on a site still configured by a legacy mint.json (fixtures/mint-site, hand-written):
 * validate and resolve read it as the platform builds it, problems at the mint.json's own lines;
 * `docsnav upgrade` writes the docs.json the platform makes of it and lists what it drops or changes.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const FIXTURE = 'fixtures/mint-site';

function docsnav(args: string[], cwd?: string) {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' };
  const result = spawnSync(process.execPath, [path.resolve('dist/cli/main.js'), ...args], { encoding: 'utf8', env, cwd });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture (without its expected output) in a temp folder. */
function copy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-mint-'));
  temps.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  rmSync(path.join(dir, 'expected'), { recursive: true, force: true });
  return dir;
}

/** As test/cli/cli.test.ts: the stored output beside the fixture; `UPDATE_EXPECTED=1` writes it. */
function expectStored(name: string, actual: string) {
  const file = path.join(FIXTURE, 'expected', name);
  if (process.env.UPDATE_EXPECTED === '1') {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  expect(existsSync(file), `${file} is missing: run UPDATE_EXPECTED=1 npx vitest run test/cli/mint.test.ts, read it, commit it`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('validate and resolve a mint.json site', () => {
  it('the folder stands for its mint.json: every problem at its line in mint.json (exit 1)', () => {
    const byFolder = docsnav(['validate', FIXTURE]);
    expect(byFolder.code).toBe(1);
    expectStored('pretty.txt', byFolder.stdout);
    const named = docsnav(['validate', `${FIXTURE}/mint.json`]);
    expect(named.stdout).toBe(byFolder.stdout);
    const problems = JSON.parse(docsnav(['validate', FIXTURE, '--format', 'json']).stdout)[0].problems as Array<{
      file: string;
      line: number;
      column: number;
      code: string;
      pointer: string;
      message: string;
    }>;
    expect(problems.map((p) => `${path.basename(p.file)} ${p.line}:${p.column} ${p.code} ${p.pointer}`)).toEqual([
      'mint.json 25:5 mint-json-dropped /tabs/1',
      'mint.json 34:47 duplicate-page /navigation/0/pages/2',
      'mint.json 43:39 page-not-found /navigation/1/pages/1/pages/1',
      'mint.json 55:3 mint-json-dropped /searchPrompt',
    ]);
    // The other listing a message names is the mint.json's too.
    expect(problems[1].message).toContain('(/navigation/0/pages/0)');
  });

  it('resolve gives the page tree the platform builds (URLs, titles, operations)', () => {
    const run = docsnav(['resolve', FIXTURE, '--tree-format', 'pretty']);
    expect(run.code).toBe(1);
    expectStored('resolve-pretty.txt', run.stdout);
    const tree = JSON.parse(docsnav(['resolve', FIXTURE]).stdout) as { pages: Array<{ path: string; title: string }>; global?: unknown };
    expect(tree.pages.map((p) => `${p.path} ${p.title}`)).toEqual([
      'introduction Introduction',
      'quickstart Quickstart',
      'introduction Introduction',
      'guides/writing Writing pages',
      'guides/publish Publishing',
      'guides/domains Domains',
      'api-reference/overview API overview',
      'api-reference/users/list List users',
      'api-reference/users/create Create a user',
    ]);
  });

  it('--fix edits the mint.json itself', () => {
    const dir = copy();
    const run = docsnav(['validate', dir, '--fix']);
    expect(run.code).toBe(1);
    expect(readFileSync(path.join(dir, 'mint.json'), 'utf8')).toBe(
      readFileSync(`${FIXTURE}/mint.json`, 'utf8').replace('["introduction", "quickstart", "introduction"]', '["introduction", "quickstart"]'),
    );
  });

  it('a folder with docs.json and mint.json is its docs.json (the mint.json beside it checked as stale under the platform profile)', () => {
    const dir = copy();
    writeFileSync(
      path.join(dir, 'docs.json'),
      JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { pages: ['introduction'] } }),
    );
    const run = JSON.parse(docsnav(['validate', dir, '--format', 'json', '--profile', 'platform']).stdout) as Array<{
      file: string;
      problems: Array<{ code: string; file: string }>;
    }>;
    expect(path.basename(run[0].file)).toBe('docs.json');
    expect(run[0].problems.map((p) => `${path.basename(p.file)} ${p.code}`)).toEqual(['mint.json mint-json-invalid']);
  });

  it('a mint.json that is not JSON: one parse error in it, no stack trace (exit 1)', () => {
    const dir = copy();
    writeFileSync(path.join(dir, 'mint.json'), '{ "name": "Acme", ');
    const run = docsnav(['validate', dir, '--format', 'json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)[0].problems.map((p: { code: string }) => p.code)).toEqual(['parse-error']);
  });
});

describe('a site that moves from mint.json to docs.json', () => {
  it('validate --since and diff read the mint.json at the ref: the upgrade keeps every URL; a page moved afterwards is caught', () => {
    const dir = copy();
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=docs', '-c', 'user.email=docs@example.com', ...args], { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'on mint.json');
    expect(docsnav(['upgrade', dir]).code).toBe(0);
    rmSync(path.join(dir, 'mint.json'));
    const since = docsnav(['validate', dir, '--since', 'HEAD', '--format', 'json']);
    const codes = (run: { stdout: string }) => (JSON.parse(run.stdout)[0].problems as Array<{ code: string }>).map((p) => p.code);
    expect(codes(since)).not.toContain('redirect-missing');
    expect(docsnav(['diff', 'HEAD', dir]).stdout.trimEnd().split('\n').at(-1)).toBe('0 added, 0 removed, 0 moved');
    // A page moved afterwards: its old URL, served at the ref from the mint.json, is gone.
    const docsFile = path.join(dir, 'docs.json');
    renameSync(path.join(dir, 'guides/writing.mdx'), path.join(dir, 'guides/authoring.mdx'));
    writeFileSync(docsFile, readFileSync(docsFile, 'utf8').replace('"guides/writing"', '"guides/authoring"'));
    expect(codes(docsnav(['validate', dir, '--since', 'HEAD', '--format', 'json']))).toContain('redirect-missing');
  });
});

describe('docsnav upgrade', () => {
  it('--stdout prints the docs.json; the changes, one line each with its place, go to stderr', () => {
    const run = docsnav(['upgrade', FIXTURE, '--stdout']);
    expect(run.code).toBe(0);
    expectStored('upgrade.docs.json', run.stdout);
    expectStored('upgrade-changes.txt', run.stderr);
    const docs = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(docs)).toEqual(['$schema', 'theme', 'name', 'colors', 'favicon', 'navigation', 'logo', 'api', 'navbar', 'footer']);
    expect(run.stdout).toBe(`${JSON.stringify(docs, null, 2)}\n`);
    expect(existsSync(path.join(FIXTURE, 'docs.json'))).toBe(false);
  });

  it('writes docs.json beside the mint.json, which then validates as the site', () => {
    const dir = copy();
    const run = docsnav(['upgrade'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(readFileSync(`${FIXTURE}/expected/upgrade.docs.json`, 'utf8'));
    expect(run.stdout).toContain(`docsnav: wrote docs.json from mint.json: 7 parts of it are dropped or changed, listed above.`);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('mint.json:'))).toHaveLength(7);
    // The same site, now from docs.json: the same pages, the same URLs.
    const before = JSON.parse(docsnav(['resolve', path.join(dir, 'mint.json')]).stdout) as { pages: Array<{ path: string; title: string }> };
    const after = JSON.parse(docsnav(['resolve', path.join(dir, 'docs.json')]).stdout) as { pages: Array<{ path: string; title: string }> };
    expect(after.pages.map((p) => [p.path, p.title])).toEqual(before.pages.map((p) => [p.path, p.title]));
  });

  it('a part of the mint.json in a `$ref` file: written out in docs.json, and said so at the `$ref`', () => {
    const dir = copy();
    const mint = JSON.parse(readFileSync(path.join(dir, 'mint.json'), 'utf8')) as { navigation: unknown[] };
    writeFileSync(path.join(dir, 'endpoints.json'), JSON.stringify(mint.navigation[2], null, 2));
    mint.navigation[2] = { $ref: './endpoints.json' };
    writeFileSync(path.join(dir, 'mint.json'), JSON.stringify(mint, null, 2));
    const run = docsnav(['upgrade', dir, '--stdout']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(readFileSync(`${FIXTURE}/expected/upgrade.docs.json`, 'utf8')));
    const line = run.stderr.split('\n').find((entry) => entry.includes('$ref'));
    expect(line).toMatch(/mint\.json:\d+:\d+ {2}changed {2}The `\$ref` "\.\/endpoints\.json" is written out in docs\.json/);
  });

  it('never overwrites a docs.json without --force: exit 2 with one line', () => {
    const dir = copy();
    writeFileSync(path.join(dir, 'docs.json'), '{ "mine": true }\n');
    const refused = docsnav(['upgrade', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(`docsnav: ${path.join(dir, 'docs.json')} already exists: --force overwrites it, --stdout prints the upgrade instead\n`);
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe('{ "mine": true }\n');
    expect(docsnav(['upgrade', dir, '--stdout']).code).toBe(0);
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe('{ "mine": true }\n');
    const forced = docsnav(['upgrade', dir, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(readFileSync(`${FIXTURE}/expected/upgrade.docs.json`, 'utf8'));
  });

  it('a mint.json the legacy check rejects is not upgraded: its problems, exit 1, nothing written', () => {
    const dir = copy();
    const text = readFileSync(path.join(dir, 'mint.json'), 'utf8').replace('"favicon": "/favicon.svg",', '');
    writeFileSync(path.join(dir, 'mint.json'), text);
    const run = docsnav(['upgrade', dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('mint-json-invalid');
    expect(run.stderr).toContain('`favicon`');
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      `docsnav: ${path.join(dir, 'mint.json')} was not upgraded: the platform's build fails on it too; fix the problems above and run again`,
    );
    expect(existsSync(path.join(dir, 'docs.json'))).toBe(false);
  });

  it('usage and I/O errors: exit 2 with one line', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'docsnav-mint-'));
    temps.push(empty);
    const cases: Array<[string[], string]> = [
      [['upgrade', empty], `docsnav: no mint.json in ${empty}; name the mint.json to upgrade (docsnav upgrade path/to/mint.json)\n`],
      [
        ['upgrade', path.join(empty, 'nothing.json')],
        `docsnav: cannot read ${path.join(empty, 'nothing.json')}: no such file or folder; check the path (ENOENT)\n`,
      ],
      [['upgrade', FIXTURE, '--stdout', '--force'], 'docsnav: --stdout writes no file: --force has nothing to overwrite\n'],
      [['upgrade', FIXTURE, FIXTURE], 'docsnav: upgrade takes one mint.json (or its folder)\n'],
      [['upgrade', '--frce'], 'docsnav: unknown option "--frce" (did you mean --force? see docsnav upgrade --help)\n'],
    ];
    for (const [args, stderr] of cases) {
      const run = docsnav(args);
      expect([run.code, run.stderr, run.stdout], args.join(' ')).toEqual([2, stderr, '']);
    }
  });
});
