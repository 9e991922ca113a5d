/**
 * The global setup that keeps the tests off a stale build (test/fresh-build.ts), on a package
 * of its own in a temporary folder whose build is a real child process (a node script writing
 * the output and counting its runs).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_CHECKED, checksFor, ensureFresh, freshBuildProgram, LIBRARY, SERVER, staleness, type BuildCheck } from './fresh-build.js';
import { tinyPackage } from './tiny-package.js';

/** Sets a file's modification time `seconds` from now. */
const touch = (file: string, seconds: number) => {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(file, when, when);
};

const runs = (check: BuildCheck) => {
  try {
    return readFileSync(path.join(check.root, 'runs.txt'), 'utf8').length;
  } catch {
    return 0;
  }
};

describe('a test run on a stale build', () => {
  it('builds when the output is missing, then not again while nothing changed', () => {
    const check = tinyPackage();
    const said: string[] = [];
    expect(ensureFresh(check, (line) => said.push(line))).toBe('rebuilt');
    expect(said).toEqual(['tiny: dist/index.js is missing; building it (' + check.build.join(' ') + ')']);
    expect(runs(check)).toBe(1);
    touch(path.join(check.root, 'dist', 'index.js'), 10);
    expect(ensureFresh(check, (line) => said.push(line))).toBe('fresh');
    expect(runs(check)).toBe(1);
  });

  it('builds again when a source deep in the tree is newer than the output, naming it', () => {
    const check = tinyPackage();
    ensureFresh(check, () => {});
    touch(path.join(check.root, 'dist', 'index.js'), -60);
    touch(path.join(check.root, 'src', 'a.ts'), -120);
    touch(path.join(check.root, 'src', 'deep', 'b.ts'), -30);
    expect(staleness(check)).toBe(`${path.join('src', 'deep', 'b.ts')} is newer than its build`);
    const said: string[] = [];
    expect(ensureFresh(check, (line) => said.push(line))).toBe('rebuilt');
    expect(said[0]).toMatch(/^tiny: src\/deep\/b\.ts is newer than its build; building it/);
    expect(runs(check)).toBe(2);
    expect(staleness(check)).toBeUndefined();
  });

  it('counts a source that is a file (a build script) beside folders, and skips one that does not exist', () => {
    const check = { ...tinyPackage(), sources: ['src', 'build.mjs', 'gone.mjs'] };
    ensureFresh(check, () => {});
    touch(path.join(check.root, 'dist', 'index.js'), -60);
    touch(path.join(check.root, 'src', 'a.ts'), -120);
    touch(path.join(check.root, 'src', 'deep', 'b.ts'), -120);
    touch(path.join(check.root, 'build.mjs'), -30);
    expect(staleness(check)).toBe('build.mjs is newer than its build');
    expect(ensureFresh(check, () => {})).toBe('rebuilt');
    expect(runs(check)).toBe(2);
  });

  it('the oldest of several outputs counts: one output left from an older build is stale', () => {
    const check = { ...tinyPackage(), outputs: ['dist/index.js', 'dist/old.js'] };
    writeFileSync(path.join(check.root, 'dist', 'old.js'), 'old');
    writeFileSync(path.join(check.root, 'dist', 'index.js'), 'new');
    touch(path.join(check.root, 'dist', 'old.js'), -60);
    // Both sources are newer than old.js; a.ts is the newest by a clear margin (two touches at the
    // same offset differ by however long the first took, which named either file).
    touch(path.join(check.root, 'src', 'a.ts'), -30);
    touch(path.join(check.root, 'src', 'deep', 'b.ts'), -45);
    expect(staleness(check)).toBe('src/a.ts is newer than its build');
  });

  it('fails the run with one line when the build fails', () => {
    const check = tinyPackage("console.error('src/a.ts(1,1): error TS1005: oops'); process.exit(1);");
    expect(() => ensureFresh(check, () => {})).toThrow(
      new Error(`tiny: the build is stale (dist/index.js is missing) and \`${check.build.join(' ')}\` failed: src/a.ts(1,1): error TS1005: oops`),
    );
  });

  it('fails when the build leaves the output older than a source (a build that writes nothing)', () => {
    const check = tinyPackage("appendFileSync('runs.txt', 'x');");
    writeFileSync(path.join(check.root, 'dist', 'index.js'), 'old');
    touch(path.join(check.root, 'dist', 'index.js'), -60);
    expect(() => ensureFresh(check, () => {})).toThrow(/^tiny: still stale after `.*` \(src\/(deep\/b|a)\.ts is newer than its build\)$/);
  });

  it("checks the library for the library's suites, and the library then the server for the server's", () => {
    expect(checksFor(LIBRARY.root)).toEqual([LIBRARY]);
    expect(checksFor(SERVER.root)).toEqual([LIBRARY, SERVER]);
    expect(checksFor(path.join(SERVER.root, '.'))).toEqual([LIBRARY, SERVER]);
  });

  it('the program: builds what is stale of the package named (library by default), each build said; exit 0', () => {
    const [first, second] = [tinyPackage(), tinyPackage(undefined, 'tiny-server')];
    const asked: string[] = [];
    const said: string[] = [];
    const checksOf = (which: string) => (asked.push(which), which === 'server' ? [first, second] : [first]);
    expect(freshBuildProgram([], { say: (line) => said.push(line), checksOf })).toBe(0);
    expect(freshBuildProgram(['server'], { say: (line) => said.push(line), checksOf })).toBe(0);
    expect(asked).toEqual(['library', 'server']);
    expect([runs(first), runs(second)]).toEqual([1, 1]);
    expect(said).toEqual([
      `tiny: dist/index.js is missing; building it (${first.build.join(' ')})`,
      `tiny-server: dist/index.js is missing; building it (${second.build.join(' ')})`,
    ]);
  });

  it('the program: an unknown package or a failed build is one line and exit 2, and what follows is not built', () => {
    const said: string[] = [];
    const never = () => expect.fail('no check for an unknown name');
    expect(freshBuildProgram(['lib'], { say: (line) => said.push(line), checksOf: never })).toBe(2);
    expect(said.splice(0)).toEqual(['fresh-build: unknown package "lib": use library or server']);
    const failing = tinyPackage('process.exit(4);');
    const after = tinyPackage();
    expect(freshBuildProgram(['server'], { say: (line) => said.push(line), checksOf: () => [failing, after] })).toBe(2);
    expect(said.at(-1)).toBe(`tiny: the build is stale (dist/index.js is missing) and \`${failing.build.join(' ')}\` failed: exit 4`);
    expect(runs(after)).toBe(0);
  });

  // These two need the setup to have made the build fresh. Mutation testing runs src/ in a sandbox without
  // that setup (vitest.mutate.config.ts), where the copy's times made its dist/ older than src/ at
  // random: the scripts target's dry run failed on it, and Stryker with it (2 of 6 runs here).
  const afterSetup = it.runIf(process.env[BUILD_CHECKED] === 'yes');

  afterSetup("this run's own build is fresh (the setup ran before it)", () => {
    expect(staleness(LIBRARY)).toBeUndefined();
  });

  // npm runs \`prepare\` again whenever it links the repository into its own node_modules (the first
  // \`npx docsnav\` of a fresh clone, which the editor tests run): a build then rewrote dist/ under the
  // tests running the CLI from it. A fresh build is kept.
  afterSetup('`npm run prepare` keeps a build that is as new as its sources, and says so', () => {
    const before = LIBRARY.outputs.map((output) => statSync(path.join(LIBRARY.root, output)).mtimeMs);
    const prepare = spawnSync(process.execPath, ['scripts/prepare.mjs'], { cwd: LIBRARY.root, encoding: 'utf8' });
    expect(prepare.status, prepare.stderr).toBe(0);
    expect(prepare.stderr).toBe('docsnav prepare: dist/ is as new as its sources; not building it again\n');
    expect(LIBRARY.outputs.map((output) => statSync(path.join(LIBRARY.root, output)).mtimeMs)).toEqual(before);
  });
});
