/**
 * The page scan cache as users meet it: on by default, where the ecosystem keeps caches, off in CI
 * unless asked for, shared by validate and resolve, safe with two processes at once. Real sites in
 * temporary folders, the built CLI in child processes, the user's cache folder ($XDG_CACHE_HOME)
 * in the test run's temporary folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = path.resolve('dist/cli/main.js');

/** A folder of its own: the user's cache folder of one test's processes. */
function userCache(): string {
  return mkdtempSync(path.join(tmpdir(), 'docsnav-user-cache-'));
}

function environment(cacheHome: string, extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', XDG_CACHE_HOME: cacheHome, ...extra };
  // The test run sets CI (test/temp-folder.ts); these runs are a developer's unless a test says otherwise.
  if (extra.CI === undefined) delete env.CI;
  delete env.GITHUB_STEP_SUMMARY;
  return env;
}

function docsnav(options: { cacheHome: string; env?: Record<string, string | undefined>; cwd?: string }, ...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: environment(options.cacheHome, options.env ?? {}), cwd: options.cwd });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The example site in `<project>/docs`, with a package.json in `<project>` when asked. */
function project(withPackageJson: boolean): { project: string; docs: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-project-'));
  if (withPackageJson) writeFileSync(path.join(folder, 'package.json'), '{ "name": "site", "private": true }\n');
  const docs = path.join(folder, 'docs');
  cpSync('fixtures/example', docs, { recursive: true });
  rmSync(path.join(docs, 'expected'), { recursive: true, force: true });
  return { project: folder, docs };
}

/**
 * The one store file in a default cache folder (`page-scans-<hash of the docs root>.json`, its
 * whole runs beside it in `….runs.json`), or a path that does not exist.
 */
function storeIn(folder: string): string {
  const names = existsSync(folder) ? readdirSync(folder) : [];
  expect(names.every((name) => /^page-scans-[0-9a-f]{12}(\.runs)?\.json$/.test(name))).toBe(true);
  const stores = names.filter((name) => !name.endsWith('.runs.json'));
  expect(stores.length).toBeLessThanOrEqual(1);
  return path.join(folder, stores[0] ?? 'none.json');
}
const inProject = (folder: string) => storeIn(path.join(folder, 'node_modules', '.cache', 'docsnav'));
const inUserCache = (cacheHome: string) => storeIn(path.join(cacheHome, 'docsnav'));

/** The file is a whole store written by this docsnav: JSON with its key and some scans. */
function isWholeStore(file: string): boolean {
  const store = JSON.parse(readFileSync(file, 'utf8')) as { key?: unknown; scans?: Record<string, unknown>; pages?: Record<string, unknown> };
  return typeof store.key === 'string' && Object.keys(store.scans ?? {}).length > 0 && Object.keys(store.pages ?? {}).length > 0;
}

describe('the page scan cache, on by default', () => {
  it('lives in node_modules/.cache/docsnav of the nearest package.json above the docs root, wherever docsnav is started', () => {
    const { project: folder, docs } = project(true);
    const cacheHome = userCache();
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'docsnav-cwd-'));
    const cold = docsnav({ cacheHome, cwd: elsewhere }, 'validate', docs, '--format', 'json');
    expect(cold.code).toBe(0);
    expect(isWholeStore(inProject(folder))).toBe(true);
    expect(existsSync(inUserCache(cacheHome))).toBe(false);
    expect(existsSync(path.join(elsewhere, 'node_modules'))).toBe(false);
    expect(docsnav({ cacheHome, cwd: elsewhere }, 'validate', docs, '--format', 'json').stdout).toBe(cold.stdout);
  });

  it("lives in the user's cache folder when no package.json is above the docs root", () => {
    const { project: folder, docs } = project(false);
    const cacheHome = userCache();
    expect(docsnav({ cacheHome }, 'validate', docs).code).toBe(0);
    expect(isWholeStore(inUserCache(cacheHome))).toBe(true);
    expect(existsSync(path.join(folder, 'node_modules'))).toBe(false);
  });

  it('--no-cache keeps nothing anywhere', () => {
    const { project: folder, docs } = project(true);
    const cacheHome = userCache();
    expect(docsnav({ cacheHome }, 'validate', docs, '--no-cache').code).toBe(0);
    expect(docsnav({ cacheHome }, 'resolve', docs, '--no-cache').code).toBe(0);
    expect(existsSync(path.join(folder, 'node_modules'))).toBe(false);
    expect(existsSync(path.join(cacheHome, 'docsnav'))).toBe(false);
  });

  it.each([
    ['true', [], false],
    ['1', [], false],
    ['true', ['--cache'], true],
    ['true', ['--cache-location', 'LOCATION'], true],
    ['false', [], true],
    ['0', [], true],
    ['', [], true],
  ])('CI=%j with %j: cache used %s', (ci, flags, used) => {
    const { project: folder, docs } = project(true);
    const cacheHome = userCache();
    const location = path.join(folder, 'chosen.json');
    const args = flags.map((flag) => (flag === 'LOCATION' ? location : flag));
    expect(docsnav({ cacheHome, env: { CI: ci } }, 'validate', docs, ...args).code).toBe(0);
    const file = args.includes('--cache-location') ? location : inProject(folder);
    expect(existsSync(file)).toBe(used);
  });

  it('resolve keeps page scans in the same file as validate', () => {
    const { project: folder, docs } = project(true);
    const cacheHome = userCache();
    expect(docsnav({ cacheHome }, 'resolve', docs).code).toBe(0);
    expect(isWholeStore(inProject(folder))).toBe(true);
    const kept = readFileSync(inProject(folder), 'utf8');
    // validate then finds every page kept: the file it writes holds the same entries.
    expect(docsnav({ cacheHome }, 'validate', docs).code).toBe(0);
    expect(JSON.parse(readFileSync(inProject(folder), 'utf8'))).toEqual(JSON.parse(kept));
  });

  it("two sites under one package.json keep a file each: neither run drops the other's pages", () => {
    const { project: folder, docs } = project(true);
    const other = path.join(folder, 'other-docs');
    cpSync(docs, other, { recursive: true });
    const cacheHome = userCache();
    for (const site of [docs, other]) expect(docsnav({ cacheHome }, 'validate', site).code).toBe(0);
    const cacheFolder = path.join(folder, 'node_modules', '.cache', 'docsnav');
    const files = readdirSync(cacheFolder).sort();
    // A scans file and a runs file (whole validations, src/cache/replay.ts) per site.
    expect(files).toHaveLength(4);
    expect(files.filter((name) => name.endsWith('.runs.json'))).toHaveLength(2);
    const before = files.map((name) => readFileSync(path.join(cacheFolder, name), 'utf8'));
    // Warm runs of both: every page found, nothing rewritten.
    for (const site of [docs, other]) expect(docsnav({ cacheHome }, 'validate', site).code).toBe(0);
    expect(files.map((name) => readFileSync(path.join(cacheFolder, name), 'utf8'))).toEqual(before);
  });

  it('--cache-location with a folder keeps page-scans.json in it', () => {
    const { docs } = project(false);
    const cacheHome = userCache();
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-location-')), 'ci-cache');
    expect(docsnav({ cacheHome }, 'validate', docs, '--cache-location', `${folder}${path.sep}`).code).toBe(0);
    expect(isWholeStore(path.join(folder, 'page-scans.json'))).toBe(true);
  });

  it.each([
    [['--no-cache', '--cache'], /^docsnav: --no-cache and --cache cannot be used together/],
    [['--no-cache', '--cache-location', 'x'], /^docsnav: --no-cache and --cache-location cannot be used together/],
    [['--cache-strategy', 'mtime'], /^docsnav: --cache-strategy must be one of metadata, content \(got "mtime"\)/],
  ])('%j is a usage error (exit 2, one line)', (flags, message) => {
    const run = docsnav({ cacheHome: userCache() }, 'validate', 'fixtures/example', ...flags);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a default cache folder that cannot be written is skipped in silence', () => {
    const { project: folder, docs } = project(true);
    // node_modules is a file: nothing can be made under it.
    writeFileSync(path.join(folder, 'node_modules'), '');
    const run = docsnav({ cacheHome: userCache() }, 'validate', docs);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });
});

describe('a cache file that is not what it should be is a miss, never a wrong result or an error', () => {
  /** The example site with a broken link on one page, its expected report from a run without cache. */
  function brokenSite() {
    const { project: folder, docs } = project(true);
    const page = path.join(docs, 'quickstart.mdx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nSee [the old guide](/guides/old).\n`);
    const cacheHome = userCache();
    const expected = docsnav({ cacheHome }, 'validate', docs, '--no-cache', '--format', 'json');
    expect(expected.code).toBe(1);
    return { folder, docs, cacheHome, expected };
  }

  it.each([
    ['damaged', (whole: string) => whole.replace(/"links":\[/g, '"links":{')],
    ['truncated', (whole: string) => whole.slice(0, Math.floor(whole.length / 3))],
    ['foreign', () => JSON.stringify({ some: 'other tool', scans: {} })],
    ['of another docsnav version', (whole: string) => whole.replace(/^\{"key":"(\d+):([^:"]*)/, '{"key":"$1:$2-older')],
    ['empty', () => ''],
  ])('%s', (_name, spoil) => {
    const { folder, docs, cacheHome, expected } = brokenSite();
    expect(docsnav({ cacheHome }, 'validate', docs, '--format', 'json')).toEqual(expected);
    const file = inProject(folder);
    writeFileSync(file, spoil(readFileSync(file, 'utf8')));
    // The whole run kept beside it would be given again without reading the scans (test/cache/replay.test.ts spoils that file).
    rmSync(file.replace(/\.json$/, '.runs.json'));
    expect(docsnav({ cacheHome }, 'validate', docs, '--format', 'json')).toEqual(expected);
    expect(isWholeStore(file)).toBe(true);
  });

  it('a page changed since the last run is read again; a scan option changed (the profile) misses', () => {
    const { project: folder, docs } = project(true);
    const cacheHome = userCache();
    expect(docsnav({ cacheHome }, 'validate', docs, '--profile', 'spec').code).toBe(0);
    const page = path.join(docs, 'quickstart.mdx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nSee [the old guide](/guides/old).\n`);
    expect(docsnav({ cacheHome }, 'validate', docs, '--profile', 'spec').code).toBe(1);
    const scansOf = () => Object.keys((JSON.parse(readFileSync(inProject(folder), 'utf8')) as { scans: object }).scans);
    expect(scansOf().every((key) => key.startsWith('mdx:spec:'))).toBe(true);
    expect(docsnav({ cacheHome }, 'validate', docs, '--profile', 'platform').code).toBe(1);
    expect(scansOf().every((key) => key.startsWith('mdx:platform:'))).toBe(true);
  });
});

describe('two processes at once', () => {
  it('both succeed with the same report and leave a whole file', async () => {
    const { project: folder, docs } = project(true);
    const cacheHome = userCache();
    // More pages, so that the two runs overlap in reading and writing.
    for (let i = 0; i < 200; i++) {
      mkdirSync(path.join(docs, 'more'), { recursive: true });
      writeFileSync(path.join(docs, 'more', `page-${i}.mdx`), `# Page ${i}\n\nSee [the quickstart](/quickstart) and [next](/more/page-${(i + 1) % 200}).\n`);
    }
    const once = () =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = spawn(process.execPath, [CLI, 'validate', docs, '--format', 'json'], { env: environment(cacheHome, {}) });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.on('close', (code) => resolve({ code, stdout }));
      });
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([once(), once()]);
      expect([0, 1]).toContain(a.code);
      expect(b).toEqual(a);
      expect(isWholeStore(inProject(folder))).toBe(true);
    }
    // No temporary file is left behind: the scans and the runs beside them.
    const store = path.basename(inProject(folder));
    expect(readdirSync(path.dirname(inProject(folder))).sort()).toEqual([store, store.replace(/\.json$/, '.runs.json')]);
  });
});

describe('the report of a run given again is given again too, only as it would be made', () => {
  /** The example site with an error and a warning on one page. */
  function siteWithProblems() {
    const { project: folder, docs } = project(true);
    const page = path.join(docs, 'quickstart.mdx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nSee [the setup](/nowhere) and [the top](#no-such-heading).\n`);
    return { folder, docs, page, cacheHome: userCache() };
  }
  const reportsOf = (folder: string) =>
    Object.values(
      (JSON.parse(readFileSync(inProject(folder).replace(/\.json$/, '.runs.json'), 'utf8')) as { runs: Record<string, { reports?: Record<string, unknown> }> })
        .runs,
    ).flatMap((run) => Object.values(run.reports ?? {}));

  it('the same text as a run without the cache, in every format and option that changes it', () => {
    const { folder, docs, cacheHome } = siteWithProblems();
    const asked = [
      ['--no-color'],
      ['--color'],
      ['--no-color', '--quiet'],
      ['--format', 'json'],
      ['--format', 'sarif'],
      ['--format', 'github'],
      ['--rule-docs-url', 'https://example.com/rules'],
    ];
    for (const options of asked) {
      const made = docsnav({ cacheHome, env: { GITHUB_ACTIONS: '' } }, 'validate', docs, '--no-cache', ...options);
      expect(made.code).toBe(1);
      // The first run makes it and keeps it, the second gives it again; both as made without the cache.
      for (let run = 0; run < 2; run++) expect(docsnav({ cacheHome, env: { GITHUB_ACTIONS: '' } }, 'validate', docs, ...options)).toEqual(made);
    }
    // One run (the options above change no result), its last reports kept with it.
    expect(reportsOf(folder)).toHaveLength(3);
    // From another working folder, the rule docs' paths are relative to it.
    const elsewhere = path.join(folder, 'elsewhere');
    mkdirSync(elsewhere);
    const made = docsnav({ cacheHome, cwd: elsewhere }, 'validate', docs, '--no-cache', '--no-color');
    expect(docsnav({ cacheHome, cwd: elsewhere }, 'validate', docs, '--no-color')).toEqual(made);
  });

  it('a page changed makes the report again; a spoiled kept report is made again', () => {
    const { folder, docs, page, cacheHome } = siteWithProblems();
    const first = docsnav({ cacheHome }, 'validate', docs, '--no-color');
    expect(first.stdout).toContain('/nowhere');
    writeFileSync(page, readFileSync(page, 'utf8').replace('/nowhere', '/elsewhere'));
    const changed = docsnav({ cacheHome }, 'validate', docs, '--no-color');
    expect(changed.stdout).toContain('/elsewhere');
    expect(changed.stdout).not.toContain('/nowhere');
    expect(reportsOf(folder)).toEqual([changed.stdout]);
    const runs = inProject(folder).replace(/\.json$/, '.runs.json');
    writeFileSync(runs, readFileSync(runs, 'utf8').replace(/("reports":\{"[^"\\]*(?:\\.[^"\\]*)*":)"(?:[^"\\]|\\.)*"/, '$1{"not":"a report"}'));
    expect(reportsOf(folder)).toEqual([{ not: 'a report' }]);
    expect(docsnav({ cacheHome }, 'validate', docs, '--no-color')).toEqual(changed);
  });
});
