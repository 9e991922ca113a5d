/**
 * The page scan cache as users meet it: on by default, where the ecosystem keeps caches, off in CI
 * unless asked for, shared by validate and resolve, safe with two processes at once. Real sites in
 * temporary folders, the built CLI in child processes, the user's cache folder ($XDG_CACHE_HOME)
 * in the test run's temporary folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexOf, partFileOf, readPart, scansIn, writePart } from '../cache/parts.js';

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
 * The one store in a default cache folder: its index (`page-scans-<hash of the docs root>.json`),
 * and its parts beside it (`….runs.json`, `….check.json`, the folders `….scans` and `….reports`);
 * or a path that does not exist.
 */
function storeIn(folder: string): string {
  const names = existsSync(folder) ? readdirSync(folder) : [];
  // The user's cache folder holds the user's cache key too (src/cache/key.ts).
  expect(names.every((name) => /^page-scans-[0-9a-f]{12}(\.(runs|check|changes))?\.json$|^page-scans-[0-9a-f]{12}\.(scans|reports)$|^key$/.test(name))).toBe(
    true,
  );
  const stores = names.filter((name) => /^page-scans-[0-9a-f]{12}\.json$/.test(name));
  expect(stores.length).toBeLessThanOrEqual(1);
  return path.join(folder, stores[0] ?? 'none.json');
}
const inProject = (folder: string) => storeIn(path.join(folder, 'node_modules', '.cache', 'docsnav'));
const inUserCache = (cacheHome: string) => storeIn(path.join(cacheHome, 'docsnav'));

/** Every file under a folder (relative paths), with its text. */
function filesUnder(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(folder, name);
    if (lstatSync(file).isFile()) files[name] = readFileSync(file, 'utf8');
  }
  return files;
}

/** The store is whole and written by this docsnav: an index with some pages, and the scans it names in a pack. */
function isWholeStore(file: string): boolean {
  const index = readPart<{ build?: unknown }>(file);
  return typeof index.build === 'string' && Object.keys(indexOf(file).pages).length > 0 && scansIn(file).length > 0;
}

/** The keys of the scans a store holds (each scan in its pack says its key). */
function scanKeysOf(file: string): string[] {
  return scansIn(file).map(({ body }) => (JSON.parse(body) as { key: string }).key);
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
    // What the index holds of each page, but whether its stamp could tell an edit yet (racily clean: src/cache/stamp.ts), which time changes.
    const entries = () =>
      Object.entries(indexOf(inProject(folder)).pages as Record<string, { racy?: true }>)
        .map(([page, entry]): [string, object] => [page, { ...entry, racy: undefined }])
        .sort(([a], [b]) => a.localeCompare(b));
    const kept = entries();
    // validate then finds every page kept: the index holds the same entries.
    expect(docsnav({ cacheHome }, 'validate', docs).code).toBe(0);
    expect(entries()).toEqual(kept);
  });

  it("two sites under one package.json keep a file each: neither run drops the other's pages", () => {
    const { project: folder, docs } = project(true);
    const other = path.join(folder, 'other-docs');
    cpSync(docs, other, { recursive: true });
    const cacheHome = userCache();
    for (const site of [docs, other]) expect(docsnav({ cacheHome }, 'validate', site).code).toBe(0);
    const cacheFolder = path.join(folder, 'node_modules', '.cache', 'docsnav');
    const names = readdirSync(cacheFolder);
    // An index and a runs file (whole validations, src/cache/replay.ts), each with its parts beside it, per site.
    expect(names.filter((name) => /^page-scans-[0-9a-f]{12}\.json$/.test(name))).toHaveLength(2);
    expect(names.filter((name) => name.endsWith('.runs.json'))).toHaveLength(2);
    expect(names.filter((name) => name.endsWith('.scans'))).toHaveLength(2);
    const before = filesUnder(cacheFolder);
    // Warm runs of both: every page found, nothing rewritten.
    for (const site of [docs, other]) expect(docsnav({ cacheHome }, 'validate', site).code).toBe(0);
    expect(filesUnder(cacheFolder)).toEqual(before);
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

  // XDG: a relative $XDG_CACHE_HOME is to be ignored. Taken as it is, it is resolved against the
  // working folder, and a run started in the site put the user's cache key (and, with no
  // package.json, the cache) inside the site under check, where a pull request can bring its own.
  it.each([
    ['with a package.json above the site', true],
    ["with none (the cache in the user's cache folder too)", false],
  ])('a relative XDG_CACHE_HOME is ignored: the key and the cache go under ~/.cache, never into the site (%s)', (_, withPackageJson) => {
    const { docs } = project(withPackageJson);
    const home = mkdtempSync(path.join(tmpdir(), 'docsnav-home-'));
    for (const relative of ['.cache', 'cache/']) {
      const run = docsnav({ cacheHome: relative, cwd: docs, env: { HOME: home } }, 'validate', '.');
      expect(run.code).toBe(0);
      expect(readdirSync(docs).filter((name) => /cache/i.test(name))).toEqual([]);
      expect(lstatSync(path.join(home, '.cache', 'docsnav', 'key')).size).toBe(32);
    }
    if (!withPackageJson) expect(isWholeStore(inUserCache(path.join(home, '.cache')))).toBe(true);
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

  /** Each part of the store (its index, each pack) spoiled as `spoil` says (a file's path, its text, the user cache folder whose key the run uses). */
  function spoilStore(file: string, cacheHome: string, spoil: (part: string, whole: string, cacheHome: string) => void): void {
    const scans = partFileOf(file, 'scans');
    // The changes written beside the index, when a run wrote some.
    const changes = [partFileOf(file, 'changes')].filter((part) => existsSync(part));
    for (const part of [file, ...changes, ...readdirSync(scans).map((name) => path.join(scans, name))]) spoil(part, readFileSync(part, 'utf8'), cacheHome);
  }

  it.each([
    ['damaged', (part: string, whole: string) => writeFileSync(part, whole.replace(/"links":\[/g, '"links":{').replace(/"pages":\{/g, '"pages":['))],
    ['edited into other valid JSON', (part: string, whole: string) => writeFileSync(part, whole.replace(/"url":"[^"]*"/g, '"url":"/"'))],
    ['truncated', (part: string, whole: string) => writeFileSync(part, whole.slice(0, Math.floor(whole.length / 3)))],
    ['foreign', (part: string) => writeFileSync(part, JSON.stringify({ some: 'other tool', scans: {} }))],
    ['foreign, with a checksum that holds', (part: string, _: string, cacheHome: string) => writePart(part, { some: 'other tool', scans: {} }, cacheHome)],
    [
      'of another docsnav version',
      // The index (a pack has no build of its own: the index that names its scans has).
      (part: string, _: string, cacheHome: string) =>
        part.endsWith('.pack') ||
        writePart(part, { ...readPart<{ build: string }>(part), build: `4:0.0.1:${readPart<{ build: string }>(part).build}` }, cacheHome),
    ],
    ['empty', (part: string) => writeFileSync(part, '')],
  ])('%s', (_name, spoil) => {
    const { folder, docs, cacheHome, expected } = brokenSite();
    expect(docsnav({ cacheHome }, 'validate', docs, '--format', 'json')).toEqual(expected);
    const file = inProject(folder);
    spoilStore(file, cacheHome, spoil);
    // The whole run kept beside it would be given again without reading the scans (test/cache/replay.test.ts spoils that file).
    rmSync(partFileOf(file, 'runs'));
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
    const scansOf = () => scanKeysOf(inProject(folder));
    expect(scansOf().every((key) => key.startsWith('mdx:spec:'))).toBe(true);
    expect(docsnav({ cacheHome }, 'validate', docs, '--profile', 'platform').code).toBe(1);
    expect(scansOf().every((key) => key.startsWith('mdx:platform:'))).toBe(true);
  });
});

describe('packs no index names (a run killed before it saved its index)', () => {
  // A killed run leaves its pack in `<store>.scans/` with no index naming it. One older than ten
  // minutes is no running process's: the next run that saves removes it. One just written may be
  // a run's still going (it names it when it saves its index): kept.
  it('an old orphan pack is removed by the next run; a fresh one is kept; the packs the index names stay', () => {
    const { project: folder, docs } = project(true);
    const cacheHome = userCache();
    expect(docsnav({ cacheHome }, 'validate', docs).code).toBe(0);
    const store = inProject(folder);
    const scans = `${store.slice(0, -'.json'.length)}.scans`;
    const named = readdirSync(scans);
    expect(named.length).toBeGreaterThan(0);
    const pack = readFileSync(path.join(scans, named[0]));
    const old = path.join(scans, '0123456789abcdef.pack');
    const fresh = path.join(scans, 'fedcba9876543210.pack');
    for (const orphan of [old, fresh]) writeFileSync(orphan, pack);
    const elevenMinutesAgo = (Date.now() - 11 * 60 * 1000) / 1000;
    utimesSync(old, elevenMinutesAgo, elevenMinutesAgo);
    writeFileSync(path.join(docs, 'quickstart.mdx'), `${readFileSync(path.join(docs, 'quickstart.mdx'), 'utf8')}\nOne more line.\n`);
    const again = docsnav({ cacheHome }, 'validate', docs);
    expect(again.code).toBe(0);
    const left = readdirSync(scans);
    expect(left).not.toContain(path.basename(old));
    expect(left).toContain(path.basename(fresh));
    expect(isWholeStore(store)).toBe(true);
    // The run after it reads every page from the cache it left: the packs its index names are there.
    expect(docsnav({ cacheHome }, 'validate', docs).stdout).toBe(again.stdout);
    for (const key of scanKeysOf(store)) expect(key).toMatch(/^mdx?:/);
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
    // No temporary file is left behind.
    expect(Object.keys(filesUnder(path.dirname(inProject(folder)))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
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
  /** The reports kept with the runs: each run names its reports' files (in `….reports`). */
  const reportFilesOf = (folder: string) =>
    Object.values(readPart<{ runs: Record<string, { reports?: Record<string, string> }> }>(partFileOf(inProject(folder), 'runs')).runs).flatMap((run) =>
      Object.values(run.reports ?? {}).map((id) => path.join(partFileOf(inProject(folder), 'reports'), id)),
    );
  const reportsOf = (folder: string) => reportFilesOf(folder).map((file) => readPart<{ report: string }>(file).report);

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
    // Edited (its checksum left), then of another shape (its checksum holding): made again, and kept anew.
    const [report] = reportFilesOf(folder);
    writeFileSync(report, readFileSync(report, 'utf8').replace('/elsewhere', '/elsewhen'));
    expect(docsnav({ cacheHome }, 'validate', docs, '--no-color')).toEqual(changed);
    expect(reportsOf(folder)).toEqual([changed.stdout]);
    writePart(report, { ...readPart<object>(report), report: { not: 'a report' } }, cacheHome);
    expect(docsnav({ cacheHome }, 'validate', docs, '--no-color')).toEqual(changed);
    expect(reportsOf(folder)).toEqual([changed.stdout]);
  });
});
