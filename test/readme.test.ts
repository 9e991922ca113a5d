import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codes } from '../src/codes.js';
import { fencedBlocks, readmeBlock, runRecipe, shellCommands, type FencedBlock, type RecipeRun } from './readme-blocks.mjs';

/**
 * README.md: its first screen, its rule table, its library examples (```` ```js ````, run with
 * their `// ` output lines), and its named recipes, each run as written (RECIPES). A shell command
 * whose comment says `exits N` must exit N; any other must exit 0.
 */

const REPO = path.resolve(import.meta.dirname, '..');
const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
const blocks = fencedBlocks(readme);
const examples = blocks.filter((block) => block.lang === 'js').map((block) => block.text);
/** The README's first screen: what docsnav is, how to install it, the two commands a newcomer runs. */
const FIRST_SCREEN = 50;

const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-readme-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let projects = 0;

/**
 * An empty git repository where `npx docsnav` is this build, as in a project that installed docsnav:
 * its node_modules is a symlink to this repository's, whose docsnav is the repository itself.
 */
function project(): string {
  const dir = path.join(temp, `project-${++projects}`);
  const git = spawnSync('git', ['init', '--quiet', dir], { encoding: 'utf8' });
  expect(git.status, git.stderr).toBe(0);
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'site', private: true }, null, 2)}\n`);
  symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  expect(realpathSync(path.join(dir, 'node_modules', '.bin', 'docsnav'))).toBe(realpathSync(path.join(REPO, 'dist', 'cli', 'main.js')));
  return dir;
}

/** npx finds docsnav in the project's node_modules; offline, so that a miss fails instead of fetching a package from the registry. */
const NPX_ENV = { npm_config_offline: 'true', npm_config_update_notifier: 'false' };

/** Every command ran and exited as its comment says (`exits N`, else 0). */
function expectExits(run: RecipeRun) {
  const report = (statuses: Array<number | undefined>) => run.steps.map((step, i) => `README.md:${step.line}: ${statuses[i]}`);
  expect(report(run.steps.map((step) => step.status)), `${run.stderr}\n${run.stdout}`.slice(-4000)).toEqual(report(run.steps.map((step) => step.exits)));
}

/** The named blocks this file runs, each as written, with what the README says about it. */
const RECIPES: Record<string, (block: FencedBlock) => void> = {
  fixing(block) {
    // The recipe makes its site in a new folder of a project (a git repository, as a docs project is).
    const commands = shellCommands(block.text);
    const original = /<<'EOF'\n([\s\S]*\n)EOF$/.exec(commands[0].text)?.[1];
    expect(original).toBeDefined();
    // What the fix table promises for these two problems: `expand` renamed, the page path cleaned.
    const fixed = original!.replace('"expand":', '"expanded":').replace('"quickstart.mdx"', '"quickstart"');

    const dir = project();
    const run = runRecipe(block, { cwd: dir, env: NPX_ENV });
    expectExits(run);
    const [, validate, dryRun, fix] = run.steps;
    expect(validate.stdout).toMatch(/^docsnav-demo\/docs\.json:\d+:\d+ {2}error {2}unknown-field {2}/m);
    expect(validate.stdout).toMatch(/^docsnav-demo\/docs\.json:\d+:\d+ {2}warning {2}page-path {2}/m);
    expect(validate.stdout).toMatch(/^✖ 2 problems \(1 error, 1 warning\)$/m);
    expect(dryRun.stdout).toMatch(/^diff --git a\/docsnav-demo\/docs\.json b\/docsnav-demo\/docs\.json\n/);
    expect(fix.stderr).toContain('docsnav: fixed 2 problems in 1 file; 0 problems remain');
    expect(fix.stdout).toContain('no problems');
    expect(readFileSync(path.join(dir, 'docsnav-demo', 'docs.json'), 'utf8')).toBe(fixed);

    // Stopped after the dry run: nothing written, and git apply of its diff gives what --fix writes.
    const second = project();
    const upToDryRun = runRecipe(block, { cwd: second, env: NPX_ENV, until: 3 });
    expectExits(upToDryRun);
    expect(readFileSync(path.join(second, 'docsnav-demo', 'docs.json'), 'utf8')).toBe(original);
    writeFileSync(path.join(temp, 'fix.patch'), upToDryRun.steps[2].stdout);
    const apply = spawnSync('git', ['apply', path.join(temp, 'fix.patch')], { cwd: second, encoding: 'utf8' });
    expect(apply.status, apply.stderr).toBe(0);
    expect(readFileSync(path.join(second, 'docsnav-demo', 'docs.json'), 'utf8')).toBe(fixed);
  },
};

/** `// …` lines after the code are the output the example promises; `…` matches anything. */
function expectedOutput(code: string): RegExp[] {
  return code
    .split('\n')
    .filter((line) => line.startsWith('// '))
    .map(
      (line) =>
        new RegExp(
          `^${line
            .slice(3)
            .split('…')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
        ),
    );
}

describe('README', () => {
  it('shows how to install and then the two commands a newcomer runs, on the first screen', () => {
    expect(readme.split('\n')[0]).toBe('# docsnav');
    const install = readmeBlock('install');
    const newcomer = readmeBlock('newcomer');
    expect(install.line).toBeLessThan(newcomer.line);
    expect(newcomer.endLine).toBeLessThanOrEqual(FIRST_SCREEN);
    expect(install.text).toMatch(/npm install --save-dev git\+https:\/\/\S+\/docsnav\.git/);
    expect(newcomer.text).toContain('npm ci && npm run example');
    expect(newcomer.text).toContain('npm test');
    // Not published: the README must not tell anyone to install it from the registry by name.
    expect(readme).not.toMatch(/npm (install|i)( --save-dev| -D)? docsnav\b/);
  });

  it('lists every problem code with its default severity', () => {
    for (const [code, info] of Object.entries(codes)) expect(readme).toContain(`| [\`${code}\`](docs/rules/${code}.md) | ${info.severity} |`);
  });

  it.each(Object.keys(RECIPES))('recipe %s runs as written', (name) => {
    RECIPES[name](readmeBlock(name));
  });

  it.each(examples.map((code, index) => [index + 1, code]))('example %i runs and prints what it says', (index, code) => {
    // Inside the project folder, `import … from 'docsnav'` resolves to this package (the build in dist/).
    const file = `.readme-example-${index}.mjs`;
    writeFileSync(file, code);
    try {
      const run = spawnSync(process.execPath, [file], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const lines = run.stdout.trimEnd().split('\n');
      const expected = expectedOutput(code);
      expect(lines).toHaveLength(expected.length);
      lines.forEach((line, i) => expect(line).toMatch(expected[i]));
    } finally {
      rmSync(file, { force: true });
    }
  });
});
