import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import picomatch from 'picomatch';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { codes } from '../src/codes.js';
import { partFileOf } from './cache/parts.js';
import { fill, type Context, type WorkflowStep } from './github-expressions.js';
import { configSchemaPath, docsSchemaPath, loadConfig } from '../src/index.js';
import { DOCUMENTS, documentBlocks, documentText, readmeBlock, runRecipe, shellCommands, SHELLS, type FencedBlock, type RecipeRun } from './readme-blocks.mjs';

/**
 * README.md's first screen, and every block of the documents (README.md and the pages of docs/,
 * `DOCUMENTS`), the rule table of docs/checks.md among them. A block is an output
 * (```` ```text ````, or a bare fence), a library example (```` ```js ````, run here with its
 * `// ` output lines), or a named recipe (```` ```sh install ````, ```` ```json config-full ````, …)
 * that a test runs as written: here (RECIPES) or in another suite (CLAIMED_ELSEWHERE). A shell
 * command whose comment says `exits N` must exit N; any other must exit 0.
 */

const REPO = path.resolve(import.meta.dirname, '..');
const readme = documentText('README.md');
const blocks = documentBlocks();
const examples = blocks.filter((block) => block.lang === 'js');
/** Blocks that show what something prints (or a layout): nothing to run. */
const OUTPUTS = new Set(['text', '']);
/** The README's first screen: what docsnav is, how to install it, the two commands a newcomer runs. */
const FIRST_SCREEN = 50;

/**
 * Named blocks that need what the default suite does not have (a git host, the npm registry,
 * reinstalling the tree), each run by another suite: the file, and the call there that takes the block.
 */
const CLAIMED_ELSEWHERE: Record<string, { file: string; call: string }> = {
  install: { file: 'test/e2e/run.mjs', call: "readmeBlock('install')" },
  '.pre-commit-config.yaml': { file: 'test/e2e/run.mjs', call: "readmeBlock('.pre-commit-config.yaml')" },
  'lint-staged.config.mjs': { file: 'test/e2e/run.mjs', call: "readmeBlock('lint-staged.config.mjs')" },
  '.husky/pre-commit': { file: 'test/e2e/run.mjs', call: "readmeBlock('.husky/pre-commit')" },
  pack: { file: 'test/package/tarballs.test.ts', call: "readmeBlock('pack')" },
  'github-workflow-file': { file: 'test/docs/workflow.test.ts', call: "readmeBlock('github-workflow-file')" },
  'vscode-extension': { file: 'test/package/vscode-extension.test.ts', call: "readmeBlock('vscode-extension')" },
  neovim: { file: 'test/lsp/editors.test.ts', call: "readmeBlock('neovim')" },
  helix: { file: 'test/lsp/editors.test.ts', call: "readmeBlock('helix')" },
  newcomer: { file: '.ci/run', call: 'node test/readme-blocks.mjs run newcomer' },
};

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
  expect(realpathSync(path.join(dir, 'node_modules', '.bin', 'docsnav'))).toBe(realpathSync(path.join(REPO, 'dist', 'cli', 'client.js')));
  return dir;
}

/** npx finds docsnav in the project's node_modules; offline, so that a miss fails instead of fetching a package from the registry. */
const NPX_ENV = { npm_config_offline: 'true', npm_config_update_notifier: 'false' };

/** Every command ran and exited as its comment says (`exits N`, else 0). */
function expectExits(run: RecipeRun, block: FencedBlock) {
  const report = (statuses: Array<number | undefined>) => run.steps.map((step, i) => `${block.file}:${step.line}: ${statuses[i]}`);
  expect(report(run.steps.map((step) => step.status)), `${run.stderr}\n${run.stdout}`.slice(-4000)).toEqual(report(run.steps.map((step) => step.exits)));
}

/** A fixture site copied into `dir` (without its stored expected output). */
function copySite(fixture: string, dir: string) {
  cpSync(path.join(REPO, 'fixtures', fixture), dir, { recursive: true, filter: (source) => !source.split(path.sep).includes('expected') });
}

/**
 * The fixture committed in a new project, and the environment a workflow's validate step runs with
 * there on a push whose commit before it is that commit (its `env`'s expressions filled in): nothing
 * moved since, so what it reports is the site's own problems.
 */
function pushedSite(fixture: string, step: WorkflowStep): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = project();
  copySite(fixture, dir);
  const git = (...args: string[]) =>
    spawnSync('git', ['-c', 'user.name=docsnav', '-c', 'user.email=docsnav@example.invalid', ...args], { cwd: dir, encoding: 'utf8' });
  expect(git('add', '-A').status).toBe(0);
  expect(git('commit', '-qm', 'base').status).toBe(0);
  const before = git('rev-parse', 'HEAD').stdout.trim();
  const context = { github: { event_name: 'push', base_ref: '', ref_name: 'main', event: { before } } };
  const env: NodeJS.ProcessEnv = { ...process.env, ...NPX_ENV, HOME: mkdtempSync(path.join(tmpdir(), 'docsnav-readme-home-')) };
  delete env.XDG_CACHE_HOME;
  for (const [name, value] of Object.entries(step.env ?? {})) env[name] = fill(value, context);
  return { dir, env };
}

/** Where a path in an editor setting or a `$schema` leads, in a project with docsnav in node_modules (this repository is one). */
function inInstalledDocsnav(relative: string): string {
  expect(relative).toMatch(/^\.\/node_modules\/docsnav\//);
  expect(realpathSync(path.join(REPO, 'node_modules', 'docsnav'))).toBe(realpathSync(REPO));
  const file = path.join(REPO, relative);
  expect(existsSync(file), `${relative} does not exist`).toBe(true);
  // …and the package ships it (package.json `files`), so an installed copy has it too.
  const { files } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { files: string[] };
  const inPackage = relative.slice('./node_modules/docsnav/'.length);
  expect(
    files.some((pattern) => picomatch.isMatch(inPackage, pattern) || inPackage.startsWith(`${pattern}/`)),
    `${inPackage} is not in package.json files`,
  ).toBe(true);
  return file;
}

/** The schema an editor is given compiles, accepts the example site and rejects the broken one. */
function expectDocsSchemaWorks(schemaFile: string) {
  expect(realpathSync(schemaFile)).toBe(realpathSync(docsSchemaPath));
  const ajv = new Ajv({ allErrors: true, strict: false });
  // docs.schema.json refers to its neighbour by a relative name, as an editor resolves it.
  ajv.addSchema(JSON.parse(readFileSync(path.join(path.dirname(schemaFile), 'navigation.schema.json'), 'utf8')) as object, 'navigation.schema.json');
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
  const fixture = (name: string) => JSON.parse(readFileSync(path.join(REPO, 'fixtures', name, 'docs.json'), 'utf8')) as unknown;
  expect(validate(fixture('example')), JSON.stringify(validate.errors)).toBe(true);
  expect(validate(fixture('broken'))).toBe(false);
  return validate;
}

function parseSettings(block: FencedBlock): Record<string, unknown> {
  const errors: ParseError[] = [];
  const settings = parseJsonc(block.text, errors, { allowTrailingComma: true }) as Record<string, unknown>;
  expect(errors).toEqual([]);
  return settings;
}

/** A config block, written as docsnav.config.json beside a docs.json: loadConfig finds it, with no problems, and gives `options`. */
function expectConfig(block: FencedBlock, options: unknown) {
  const dir = path.join(temp, `config-${block.name}`);
  copySite('example', dir);
  writeFileSync(path.join(dir, 'docsnav.config.json'), block.text);
  const config = loadConfig(path.join(dir, 'docs.json'));
  expect(config.file).toBe(path.join(dir, 'docsnav.config.json'));
  expect(config.problems).toEqual([]);
  expect(config.options).toEqual(options);
  // The config schema (an editor's completion) accepts it too.
  const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(configSchemaPath, 'utf8')) as object);
  expect(validate(JSON.parse(block.text)), JSON.stringify(validate.errors)).toBe(true);
}

/** The named blocks this file runs, each as written, with what its page says about it. */
const RECIPES: Record<string, (block: FencedBlock) => void> = {
  broken(block) {
    const run = runRecipe(block, { cwd: REPO });
    expectExits(run, block);
    const [{ stdout }] = run.steps;
    const promised = Number(/\bexits 1: (\d+) problems, each with a code frame/.exec(shellCommands(block.text)[0].comment)?.[1]);
    expect(stdout).toMatch(new RegExp(`^✖ ${promised} problems \\(`, 'm'));
    // Each problem: its located header line, then a code frame (the line, marked with `>`, and a caret line).
    const header = /^\S+:\d+:\d+ {2}(?:error|warning|info) {2}/;
    const problems = stdout.split(new RegExp(`(?=${header.source})`, 'm')).filter((chunk) => header.test(chunk));
    expect(problems).toHaveLength(promised);
    for (const problem of problems) expect(problem).toMatch(/^ {2}> +\d+ \| .*\n {5,}\| +\^+/m);
  },

  fixing(block) {
    // The recipe makes its site in a new folder of a project (a git repository, as a docs project is).
    const commands = shellCommands(block.text);
    const original = /<<'EOF'\n([\s\S]*\n)EOF$/.exec(commands[0].text)?.[1];
    expect(original).toBeDefined();
    // What the fix table promises for these two problems: `expand` renamed, the page path cleaned.
    const fixed = original!.replace('"expand":', '"expanded":').replace('"quickstart.mdx"', '"quickstart"');

    const dir = project();
    const run = runRecipe(block, { cwd: dir, env: NPX_ENV });
    expectExits(run, block);
    const [, validate, dryRun, fix] = run.steps;
    expect(validate.stdout).toMatch(/^docsnav-demo\/docs\.json:\d+:\d+ {2}error {2}unknown-field {2}/m);
    expect(validate.stdout).toMatch(/^docsnav-demo\/docs\.json:\d+:\d+ {2}error {2}page-path {2}/m);
    expect(validate.stdout).toMatch(/^✖ 2 problems \(2 errors, 0 warnings\)$/m);
    expect(dryRun.stdout).toMatch(/^diff --git a\/docsnav-demo\/docs\.json b\/docsnav-demo\/docs\.json\n/);
    expect(fix.stderr).toContain('docsnav: fixed 2 problems in 1 file; 0 problems remain');
    expect(fix.stdout).toContain('no problems');
    expect(readFileSync(path.join(dir, 'docsnav-demo', 'docs.json'), 'utf8')).toBe(fixed);

    // Stopped after the dry run: nothing written, and git apply of its diff gives what --fix writes.
    const second = project();
    const upToDryRun = runRecipe(block, { cwd: second, env: NPX_ENV, until: 3 });
    expectExits(upToDryRun, block);
    expect(readFileSync(path.join(second, 'docsnav-demo', 'docs.json'), 'utf8')).toBe(original);
    writeFileSync(path.join(temp, 'fix.patch'), upToDryRun.steps[2].stdout);
    const apply = spawnSync('git', ['apply', path.join(temp, 'fix.patch')], { cwd: second, encoding: 'utf8' });
    expect(apply.status, apply.stderr).toBe(0);
    expect(readFileSync(path.join(second, 'docsnav-demo', 'docs.json'), 'utf8')).toBe(fixed);
  },

  'github-workflow'(block) {
    const [validate, upload] = parseYaml(block.text) as WorkflowStep[];
    expect(validate.run).toMatch(/^npx --no -- docsnav validate /);
    expect(upload.uses).toMatch(/^github\/codeql-action\/upload-sarif@v\d+$/);
    // The annotations fail the step on errors; the SARIF upload must run anyway.
    expect(upload.if).toBe('always()');
    const sarifFile = upload.with?.sarif_file as string;
    expect(sarifFile).toBe(/--output-file (\S+)/.exec(validate.run!)?.[1]);

    for (const [fixture, status] of [
      ['broken', 1],
      ['example', 0],
    ] as const) {
      const { dir, env } = pushedSite(fixture, validate);
      const summary = path.join(temp, `summary-${fixture}.md`);
      // GitHub runs a `run:` with `bash -e`, in the checkout, with GITHUB_STEP_SUMMARY set.
      const run = spawnSync('bash', ['-e', '-c', validate.run!], { cwd: dir, encoding: 'utf8', env: { ...env, GITHUB_STEP_SUMMARY: summary } });
      expect(run.status, run.stderr).toBe(status);
      const sarif = JSON.parse(readFileSync(path.join(dir, sarifFile), 'utf8'));
      expect(sarif.version).toBe('2.1.0');
      const results = sarif.runs[0].results as Array<{ ruleId: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>;
      const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::'));
      if (status === 0) {
        expect(results).toEqual([]);
        expect(annotations).toEqual([]);
        continue;
      }
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe('docs.json');
      expect(annotations.filter((line) => line.startsWith('::error file=docs.json,line=')).length).toBeGreaterThan(0);
      // Each annotation names its code; the annotations and the SARIF results tell of the same codes.
      const annotated = new Set(annotations.map((line) => /,title=([a-z-]+)::/.exec(line)?.[1] ?? line));
      expect([...annotated].sort()).toEqual([...new Set(results.map((result) => result.ruleId))].sort());
      expect(readFileSync(summary, 'utf8')).toContain('unknown-field');
    }
  },

  'github-workflow-cache'(block) {
    type Step = WorkflowStep & { with?: { path?: string; key?: string; 'restore-keys'?: string } };
    const [restore, validate, save] = parseYaml(block.text) as Step[];
    expect(restore.uses).toMatch(/^actions\/cache\/restore@v\d+$/);
    expect(save.uses).toMatch(/^actions\/cache\/save@v\d+$/);
    // Only a push to main writes the cache; every run reads it.
    expect(save.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
    expect(restore.if).toBeUndefined();
    expect(save.with?.path).toBe(restore.with?.path);
    // A pull request's run restores what main saved: main's key starts with the prefix a pull request into main restores.
    const onPullRequest = (text: string) => text.replace('${{ github.base_ref || github.ref_name }}', 'main');
    const onMain = (text: string) => text.replace('${{ github.ref_name }}', 'main').replace('${{ github.base_ref || github.ref_name }}', 'main');
    expect(onMain(save.with!.key!).startsWith(onPullRequest(restore.with!['restore-keys']!))).toBe(true);
    // The cache outside the work tree, in the folder the cache steps keep, with the user's cache key (the default user cache folder).
    const location = /--cache-location (\S+)/.exec(validate.run!)?.[1];
    expect(restore.with?.path).toBe('~/.cache/docsnav');
    expect(location?.startsWith(`${restore.with!.path!}/`)).toBe(true);
    expect(validate.run).toContain('--cache-strategy content');
    // Run as GitHub runs it (CI set, a home of its own, no XDG_CACHE_HOME): the cache and the key are written where the cache steps look, and a second run reads it.
    const pushed = pushedSite('example', validate);
    const { dir } = pushed;
    const home = pushed.env.HOME!;
    const env: NodeJS.ProcessEnv = { ...pushed.env, CI: 'true', GITHUB_STEP_SUMMARY: '' };
    const first = spawnSync('bash', ['-e', '-c', validate.run!], { cwd: dir, encoding: 'utf8', env });
    expect(first.status, first.stderr).toBe(0);
    const kept = restore.with!.path!.replace(/^~/, home);
    const file = path.join(location!.replace(/^~/, home), 'page-scans.json');
    expect(path.relative(kept, file).startsWith('..')).toBe(false);
    expect(readdirSync(partFileOf(file, 'scans')).length).toBeGreaterThan(0);
    expect(existsSync(path.join(kept, 'key'))).toBe(true);
    expect(existsSync(path.join(dir, '.docsnav-cache'))).toBe(false);
    const second = spawnSync('bash', ['-e', '-c', validate.run!], { cwd: dir, encoding: 'utf8', env });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
  },

  'github-workflow-since'(block) {
    const [checkout, validate] = parseYaml(block.text) as WorkflowStep[];
    expect(checkout.uses).toMatch(/^actions\/checkout@v\d+$/);
    // The base branch (and the commit before a push) must be in the clone for git to read the site at it.
    expect(checkout.with?.['fetch-depth']).toBe(0);
    expect(validate.run).toContain('--since "$SINCE"');
    const dir = project();
    copySite('example', dir);
    const git = (...args: string[]) => {
      const run = spawnSync('git', ['-c', 'user.name=docsnav', '-c', 'user.email=docsnav@example.invalid', ...args], { cwd: dir, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      return run.stdout.trim();
    };
    git('add', '-A');
    git('commit', '-qm', 'base');
    const base = git('rev-parse', 'HEAD');
    git('update-ref', 'refs/remotes/origin/main', 'HEAD');
    // The branch moves a page without a redirect.
    git('mv', 'quickstart.mdx', 'start.mdx');
    const docs = path.join(dir, 'docs.json');
    writeFileSync(docs, readFileSync(docs, 'utf8').replace('"quickstart"', '"start"'));
    // GitHub fills in the expressions: a pull request into main (its base branch), and a push to main (the commit before it).
    const events = {
      pull_request: { since: 'origin/main', github: { event_name: 'pull_request', base_ref: 'main', event: {} } },
      push: { since: base, github: { event_name: 'push', base_ref: '', event: { before: base } } },
    };
    const home = mkdtempSync(path.join(tmpdir(), 'docsnav-readme-home-'));
    const envOf = (github: Context): NodeJS.ProcessEnv => ({
      ...process.env,
      ...NPX_ENV,
      HOME: home,
      GITHUB_STEP_SUMMARY: '',
      SINCE: fill(validate.env!.SINCE, { github }),
    });
    for (const [event, { since, github }] of Object.entries(events)) {
      const env = envOf(github);
      expect(env.SINCE, event).toBe(since);
      const failed = spawnSync('bash', ['-e', '-c', validate.run!], { cwd: dir, encoding: 'utf8', env });
      expect(failed.status, `${event}: ${failed.stderr}`).toBe(1);
      expect(failed.stdout).toMatch(/^::error file=docs\.json,line=\d+,col=\d+,.*title=redirect-missing::/m);
    }
    // --fix with the same base appends the moved page's redirect; the step passes then.
    const env = envOf(events.push.github);
    const fix = spawnSync('bash', ['-e', '-c', 'npx --no -- docsnav validate --since "$SINCE" --fix'], { cwd: dir, encoding: 'utf8', env });
    expect(fix.status, fix.stderr).toBe(0);
    expect(JSON.parse(readFileSync(docs, 'utf8')).redirects).toEqual([{ source: '/quickstart', destination: '/start' }]);
    expect(spawnSync('bash', ['-e', '-c', validate.run!], { cwd: dir, encoding: 'utf8', env }).status).toBe(0);
  },

  'vscode-json-schemas'(block) {
    const settings = parseSettings(block);
    const schemas = settings['json.schemas'] as Array<{ fileMatch: string[]; url: string }>;
    expect(schemas).toHaveLength(1);
    expect(schemas[0].fileMatch).toEqual(['docs.json']);
    expectDocsSchemaWorks(inInstalledDocsnav(schemas[0].url));
  },

  'vscode-yaml-schemas'(block) {
    const settings = parseSettings(block);
    const schemas = Object.entries(settings['yaml.schemas'] as Record<string, string[]>);
    expect(schemas).toHaveLength(1);
    const [[url, fileMatch]] = schemas;
    expect(fileMatch).toEqual(['docs.yaml', 'docs.yml']);
    const validate = expectDocsSchemaWorks(inInstalledDocsnav(url));
    expect(validate(parseYaml(readFileSync(path.join(REPO, 'fixtures', 'yaml', 'docs.yaml'), 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
    // The first-line comment the prose offers instead names the same schema.
    const comments = [...documentText(block.file!).matchAll(/# yaml-language-server: \$schema=(\S+?)`/g)].map((match) => match[1]);
    expect(comments).toEqual([url]);
  },

  // Issue 42: the build-step recipe, on the example site with a broken image link in a page.
  'build-config'(block) {
    expectConfig(block, { profile: 'platform', rules: { 'link-not-found': 'off', 'anchor-not-found': 'off', 'page-unparsable': 'off' } });
  },

  'build-step'(block) {
    const dir = project();
    copySite('example', dir);
    writeFileSync(path.join(dir, 'index.mdx'), `${readFileSync(path.join(dir, 'index.mdx'), 'utf8')}\n![diagram](/images/missing.png)\n`);
    writeFileSync(path.join(dir, 'docsnav.build.json'), readmeBlock('build-config').text);
    const run = runRecipe(block, { cwd: dir, env: NPX_ENV });
    expectExits(run, block);
    const [build, lint] = run.steps;
    expect(build.stdout).toBe('');
    expect(lint.stdout).toMatch(/^::error file=index\.mdx,.*title=link-not-found::Image "\/images\/missing\.png" leads nowhere/m);
    // Exit 1 still writes the tree: a build can show what it has.
    const tree = JSON.parse(readFileSync(path.join(dir, 'tree.json'), 'utf8')) as { version: number; pages: Array<{ path: string }> };
    expect(tree.version).toBe(1);
    expect(tree.pages.map((page) => page.path)).toContain('quickstart');
  },

  'config-platform'(block) {
    expectConfig(block, { profile: 'platform' });
  },

  'config-full'(block) {
    expectConfig(block, {
      profile: 'platform',
      rules: { 'page-path': 'off', 'duplicate-page': 'error' },
      languageCodes: ['tlh'],
      ignore: ['drafts/**', '/navigation/tabs/3/**'],
    });
    // Its `$schema` is the config schema as installed.
    const { $schema } = JSON.parse(block.text) as { $schema: string };
    expect(realpathSync(inInstalledDocsnav($schema))).toBe(realpathSync(configSchemaPath));
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

describe('README and docs/', () => {
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

  it('links What it checks, whose table lists every problem code with its default severity', () => {
    expect(readme).toContain('(docs/checks.md)');
    const checks = documentText('docs/checks.md');
    for (const [code, info] of Object.entries(codes)) expect(checks).toContain(`| [\`${code}\`](rules/${code}.md) | ${info.severity} |`);
  });

  it('reads README.md and every page of docs/', () => {
    expect(DOCUMENTS).toEqual(expect.arrayContaining(['README.md', 'docs/ci.md', 'docs/editors.md', 'docs/library.md', 'docs/build-step.md']));
  });

  it('every block is an output, a js example or a named recipe; every shell block is named; names are unique across the documents', () => {
    const unnamed = blocks.filter((block) => !OUTPUTS.has(block.lang) && block.lang !== 'js' && !block.name);
    expect(unnamed.map((block) => `${block.file}:${block.line}: ${block.lang}`)).toEqual([]);
    expect(blocks.filter((block) => block.lang in SHELLS && !block.name)).toEqual([]);
    const names = blocks.flatMap((block) => (block.name ? [block.name] : []));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('every named block is run by a test, and every block a test runs is in a document', () => {
    const named = blocks.flatMap((block) => (block.name ? [block.name] : []));
    const claimed = [
      ...Object.keys(RECIPES),
      ...Object.keys(CLAIMED_ELSEWHERE),
      ...blocks.filter((block) => block.lang === 'js' && block.name).map((block) => block.name!),
    ];
    expect({ 'run by no test': named.filter((name) => !claimed.includes(name)), 'in no document': claimed.filter((name) => !named.includes(name)) }).toEqual({
      'run by no test': [],
      'in no document': [],
    });
  });

  it.each(Object.entries(CLAIMED_ELSEWHERE).map(([name, { file, call }]) => [name, file, call]))('%s: %s takes the block', (_name, file, call) => {
    expect(readFileSync(path.join(REPO, file), 'utf8').includes(call), `${file} has no ${call}`).toBe(true);
  });

  it('holds no path of a developer machine (in a command, an output or prose)', () => {
    // A path that existed only where an output was captured; a recipe makes its folders relative to where it runs.
    const machinePath = /(?<![\w.~-])\/(?:tmp|home|root|work|Users|private|var\/folders|mnt|opt|srv)\/|(?<![\w])[A-Z]:\\/;
    const found = DOCUMENTS.flatMap((file) =>
      documentText(file)
        .split('\n')
        .flatMap((line, i) => (machinePath.test(line) ? [`${file}:${i + 1}: ${line}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it.each(Object.keys(RECIPES))('recipe %s runs as written', (name) => {
    RECIPES[name](readmeBlock(name));
  });

  it.each(examples.map((block, index) => [`${block.file}:${block.line}`, index + 1, block.text]))(
    'example %s runs and prints what it says',
    (_at, index, code) => {
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
    },
  );
});
