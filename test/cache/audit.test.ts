/**
 * The three ways an audit of the page scan cache found a warm run printing less than the truth
 * (issue 51), each as the pre-commit hook meets it: the built CLI in child processes, the cache
 * where docsnav puts it by default (node_modules/.cache/docsnav beside the site's package.json),
 * the warm run's whole report compared with a run of the same build without the cache.
 * - an edit that keeps the file's size and modification time (a same-length edit, then `touch -r`
 *   or `cp -p`): the change time, which no tool sets back, tells it;
 * - another build (a patched `dist/`, its files' sizes and times kept): the key covers every bundle;
 * - a cache file edited into other valid JSON (a kept scan's links emptied, a kept run's problems
 *   emptied): each file's checksum; and a cache folder or file that is a symbolic link: never used,
 *   never written through.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const PROJECT = path.resolve('.');
const CLI = path.join(PROJECT, 'dist', 'cli', 'main.js');
const BROKEN = 'See [the old guide](/guides/old).';

function environment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', XDG_CACHE_HOME: mkdtempSync(path.join(tmpdir(), 'docsnav-user-cache-')) };
  // The test run sets CI (test/temp-folder.ts): these are a developer's runs, the cache on by default.
  delete env.CI;
  delete env.GITHUB_STEP_SUMMARY;
  delete env.GITHUB_ACTIONS;
  return env;
}

function docsnav(cli: string, docs: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [cli, 'validate', docs, '--format', 'json', ...args], { encoding: 'utf8', env: environment() });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The example site in `<project>/docs` under a package.json: its cache in `<project>/node_modules/.cache/docsnav`. */
function project(): { folder: string; docs: string; page: string; cacheFolder: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-audit-'));
  writeFileSync(path.join(folder, 'package.json'), '{ "name": "site", "private": true }\n');
  const docs = path.join(folder, 'docs');
  cpSync('fixtures/example', docs, { recursive: true, filter: (from) => !from.includes(`${path.sep}expected`) });
  const page = path.join(docs, 'quickstart.mdx');
  writeFileSync(page, `${readFileSync(page, 'utf8')}\nSee [the projects](/concepts/projects).\n`);
  return { folder, docs, page, cacheFolder: path.join(folder, 'node_modules', '.cache', 'docsnav') };
}

/** Every regular file under a folder (none when it is missing). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => lstatSync(file).isFile());
}

/**
 * Rewrites every cache file holding JSON (the whole file, or what follows its first line) with
 * `edit` applied to each object in it: other valid JSON of the same shape, its first line kept.
 */
function editJsonIn(folder: string, edit: (object: Record<string, unknown>) => void): number {
  let edited = 0;
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      edit(value as Record<string, unknown>);
      Object.values(value).forEach(walk);
    }
  };
  for (const file of filesUnder(folder)) {
    const text = readFileSync(file, 'utf8');
    const newline = text.indexOf('\n');
    for (const [head, body] of [
      ['', text],
      [text.slice(0, newline + 1), text.slice(newline + 1)],
    ]) {
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        continue;
      }
      const before = JSON.stringify(value);
      walk(value);
      if (JSON.stringify(value) !== before) {
        writeFileSync(file, head + JSON.stringify(value));
        edited++;
      }
      break;
    }
  }
  return edited;
}

/** Files whose stamps must be old enough that only their content or change time can tell a later edit (racily clean files are read again anyway). */
const settled: Array<ReturnType<typeof project>> = [];
const SETTLE_MS = 2500;

describe('a warm run is always the truth', () => {
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) settled.push(project());
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  });

  it.each([
    ['touch -r', (page: string, reference: string) => spawnSync('touch', ['-r', reference, page])],
    ['cp -p', (page: string, reference: string) => spawnSync('cp', ['-p', reference, page])],
  ])('an edit that keeps the size and the modification time (%s) is seen', (tool, keepTimes) => {
    const { folder, docs, page } = settled[tool === 'touch -r' ? 0 : 1];
    const clean = docsnav(CLI, docs);
    expect(clean.code).toBe(0);
    expect(docsnav(CLI, docs)).toEqual(clean);
    // The same length, the same inode: a link broken in place, then the old times put back.
    const reference = path.join(folder, 'reference.mdx');
    const text = readFileSync(page, 'utf8');
    const broken = text.replace('/concepts/projects', '/concepts/projectz');
    expect(broken.length).toBe(text.length);
    // touch -r copies the times to the nanosecond (utimes from JavaScript would round them).
    writeFileSync(reference, tool === 'touch -r' ? '' : broken);
    expect(spawnSync('touch', ['-r', page, reference]).status).toBe(0);
    if (tool === 'touch -r') writeFileSync(page, broken);
    const inode = statSync(page).ino;
    expect(keepTimes(page, reference).status).toBe(0);
    expect(statSync(page, { bigint: true }).mtimeNs).toBe(statSync(reference, { bigint: true }).mtimeNs);
    expect(statSync(page).ino).toBe(inode);
    const truth = docsnav(CLI, docs, '--no-cache');
    expect(truth.code).toBe(1);
    expect(truth.stdout).toContain('/concepts/projectz');
    expect(docsnav(CLI, docs)).toEqual(truth);
    // And after other edits.
    const other = path.join(docs, 'index.mdx');
    writeFileSync(other, `${readFileSync(other, 'utf8')}\nMore.\n`);
    expect(docsnav(CLI, docs)).toEqual(docsnav(CLI, docs, '--no-cache'));
  });

  it("another build's report is not given again: a bundle patched in place, its size and time kept", () => {
    // A copy of the package as installed: dist/ of its own, the rest shared.
    const installed = mkdtempSync(path.join(tmpdir(), 'docsnav-build-'));
    cpSync(path.join(PROJECT, 'dist'), path.join(installed, 'dist'), { recursive: true });
    cpSync(path.join(PROJECT, 'package.json'), path.join(installed, 'package.json'));
    for (const shared of ['node_modules', 'docs', 'schema']) symlinkSync(path.join(PROJECT, shared), path.join(installed, shared));
    const cli = path.join(installed, 'dist', 'cli', 'main.js');
    const { docs, page } = project();
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n${BROKEN}\n`);
    const before = docsnav(cli, docs);
    expect(before.code).toBe(1);
    expect(before.stdout).toContain('leads nowhere');
    expect(docsnav(cli, docs)).toEqual(before);
    // Another message, the same length; the file's times put back (touch -r: to the nanosecond).
    const times = path.join(installed, 'times');
    writeFileSync(times, '');
    expect(spawnSync('touch', ['-r', cli, times]).status).toBe(0);
    const patched = statSync(cli, { bigint: true });
    writeFileSync(cli, readFileSync(cli, 'utf8').replaceAll('leads nowhere', 'leads nowhen!'));
    expect(spawnSync('touch', ['-r', times, cli]).status).toBe(0);
    const after = statSync(cli, { bigint: true });
    expect([after.size, after.mtimeNs, after.ino]).toEqual([patched.size, patched.mtimeNs, patched.ino]);
    const truth = docsnav(cli, docs, '--no-cache');
    expect(truth.stdout).toContain('leads nowhen!');
    expect(docsnav(cli, docs)).toEqual(truth);
  });

  it.each([
    [
      "a kept scan's links emptied",
      (object: Record<string, unknown>) => {
        if (Array.isArray(object.links)) object.links = [];
      },
    ],
    [
      "a kept run's problems emptied",
      (object: Record<string, unknown>) => {
        if (Array.isArray(object.problems)) object.problems = [];
      },
    ],
    [
      "a kept check's findings emptied",
      (object: Record<string, unknown>) => {
        if (Array.isArray(object.findings)) object.findings = [];
      },
    ],
  ])('a cache file edited into other valid JSON is a miss: %s', (_name, edit) => {
    const { docs, page, cacheFolder } = project();
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n${BROKEN}\n`);
    const truth = docsnav(CLI, docs, '--no-cache');
    expect(truth.code).toBe(1);
    expect(docsnav(CLI, docs)).toEqual(truth);
    expect(docsnav(CLI, docs)).toEqual(truth);
    editJsonIn(cacheFolder, edit);
    expect(docsnav(CLI, docs)).toEqual(truth);
    // A run that is made again (the docs.json text changed) takes what it can from the cache.
    const docsFile = path.join(docs, 'docs.json');
    writeFileSync(docsFile, `${readFileSync(docsFile, 'utf8')}\n`);
    const made = docsnav(CLI, docs, '--no-cache');
    editJsonIn(cacheFolder, edit);
    expect(docsnav(CLI, docs)).toEqual(made);
  });

  it.each([
    ['node_modules/.cache/docsnav', 'docsnav'],
    ['node_modules/.cache', '.cache'],
  ])('a cache folder that is a symbolic link out of the clone (%s) is never used nor written through', (_name, linked) => {
    const { folder, docs, page, cacheFolder } = project();
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n${BROKEN}\n`);
    const outside = mkdtempSync(path.join(tmpdir(), 'docsnav-outside-'));
    const link = linked === 'docsnav' ? cacheFolder : path.dirname(cacheFolder);
    mkdirSync(path.dirname(link), { recursive: true });
    if (linked === '.cache') mkdirSync(path.join(outside, 'docsnav'));
    symlinkSync(outside, link);
    const truth = docsnav(CLI, docs, '--no-cache');
    for (let run = 0; run < 2; run++) {
      const warm = docsnav(CLI, docs);
      expect(warm.stdout).toBe(truth.stdout);
      expect(warm.code).toBe(truth.code);
      expect(warm.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(1);
    }
    expect(filesUnder(outside)).toEqual([]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(existsSync(path.join(folder, 'node_modules'))).toBe(true);
  });

  it('a cache file that is a symbolic link out of the clone is never used, replaced or written through', () => {
    const { docs, page, cacheFolder } = project();
    expect(docsnav(CLI, docs).code).toBe(0);
    const outside = mkdtempSync(path.join(tmpdir(), 'docsnav-outside-'));
    // Every file of the cache moved out of the clone, a link to it left in its place.
    const linked: Array<[string, string]> = [];
    for (const file of filesUnder(cacheFolder)) {
      const moved = path.join(outside, path.relative(cacheFolder, file).replaceAll(path.sep, '_'));
      renameSync(file, moved);
      symlinkSync(moved, file);
      linked.push([file, readFileSync(moved, 'utf8')]);
    }
    expect(linked.length).toBeGreaterThan(0);
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n${BROKEN}\n`);
    const truth = docsnav(CLI, docs, '--no-cache');
    expect(truth.code).toBe(1);
    const warm = docsnav(CLI, docs);
    expect(warm.stdout).toBe(truth.stdout);
    expect(warm.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(1);
    for (const [file, text] of linked) {
      expect(lstatSync(file).isSymbolicLink()).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });
});
