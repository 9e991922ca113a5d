import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * CI cannot pass by skipping (issue 65): every suite that compares docsnav with the platform's own
 * packages is run here with an install that fails for real (npm offline, an empty cache, the
 * install folders pointed at an empty temp folder by DOCSNAV_PLATFORM_PACKAGES): under CI=true each
 * file fails, naming npm's failure; without CI one is skipped with one line saying so.
 */

const project = path.resolve(import.meta.dirname, '..');
const vitest = path.join(project, 'node_modules', 'vitest', 'vitest.mjs');

/** Every test file under test/, relative to the project, `/` separators. */
function testFiles(folder = path.join(project, 'test')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(project, full).split(path.sep).join('/')] : [];
  });
}

/** What installs a platform package on demand (bench/prebuild.mjs, platform-validator.mjs, mint-cli.mjs, …). */
const INSTALLS = /\b(ensure|skipWithout)(Prebuild|PlatformValidator|MintCli|Mint|Incumbent)\(/;

/** The suites that need @mintlify/prebuild, @mintlify/validation or the mint CLI: those that say so. */
const PLATFORM_SUITES = testFiles().filter(
  (file) => file !== 'test/platform-packages.corpus.test.ts' && /\bskipWithout(Platform|Prebuild)\(/.test(readFileSync(path.join(project, file), 'utf8')),
);

/** A guard against a hang, not a measure: a dozen files of npm's failing installs take minutes on a busy machine. */
const LIMIT = 20 * 60_000;

const work = mkdtempSync(path.join(tmpdir(), 'docsnav-platform-packages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Vitest on `files` with the platform's packages uninstallable; `ci` sets CI=true, else CI is unset. */
function runWithoutPackages(files: string[], ci: boolean) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DOCSNAV_PLATFORM_PACKAGES: path.join(work, ci ? 'ci' : 'local'),
    npm_config_offline: 'true',
    npm_config_cache: path.join(work, 'empty-npm-cache'),
    FORCE_COLOR: '0',
  };
  delete env.CI;
  delete env.DOCSNAV_RUN_CI;
  if (ci) env.CI = 'true';
  const run = spawnSync(process.execPath, [vitest, 'run', '--reporter=verbose', ...files], { cwd: project, env, encoding: 'utf8', timeout: 15 * 60_000 });
  // Vitest colours its output whatever FORCE_COLOR says here: the escapes are taken out.
  return { status: run.status, output: `${run.stdout}${run.stderr}`.replace(/\u001b\[[0-9;]*m/g, '') };
}

describe('suites that need the platform’s packages, when npm cannot install them', () => {
  it('are every suite that installs one, each saying what it does without them', () => {
    const installing = testFiles().filter((file) => INSTALLS.test(readFileSync(path.join(project, file), 'utf8')));
    expect(installing.filter((file) => !PLATFORM_SUITES.includes(file))).toEqual([]);
    expect(PLATFORM_SUITES.length).toBeGreaterThanOrEqual(12);
  });

  it(
    'fail under CI=true, each naming the failed install',
    () => {
      const { status, output } = runWithoutPackages(PLATFORM_SUITES, true);
      expect(status, output.slice(-3000)).toBe(1);
      for (const file of PLATFORM_SUITES) expect(output, file).toMatch(new RegExp(`FAIL\\s+\\S*\\s*${file.replace(/[./]/g, '\\$&')}`));
      expect(output).toMatch(/the platform's packages are needed under CI=true and could not be installed: npm install \S+ into \S+ failed \(exit 1\)/);
      expect(output).toMatch(/ENOTCACHED|offline/);
    },
    LIMIT,
  );

  it(
    'are skipped by a local run, with one line saying why',
    () => {
      const { status, output } = runWithoutPackages(['test/unlisted-pages.prebuild.corpus.test.ts'], false);
      expect(status, output.slice(-3000)).toBe(0);
      expect(output).toMatch(
        /unlisted pages against the build: skipped \(the platform's packages could not be installed: npm install @mintlify\/prebuild@\S+ into \S+ failed \(exit 1\)\)/,
      );
      expect(output).not.toMatch(/\n\s+at /); // no stack trace
    },
    LIMIT,
  );
});
