#!/usr/bin/env node
/**
 * npm run test:e2e: docsnav as users install it, with the real tools, in temp folders.
 *
 * A temp clone of this repository at its HEAD commit (commit first: uncommitted changes are not
 * in it) is installed as
 *   1. a pre-commit hook repository, by Debian's pre-commit (3.x), installed with apt when missing,
 *      with docs/pre-commit.md's .pre-commit-config.yaml (its `repo:` and `rev:` made the clone's);
 *   2. a global npm install from git, with the exact command pre-commit 4.x runs for a `language: node`
 *      hook (pre_commit/languages/node.py; pre-commit 4.x itself needs pip, which CI does not have);
 *   3. a dev dependency from the tarball `npm pack` makes, run by husky + lint-staged (from npm) with
 *      docs/pre-commit.md's lint-staged.config.mjs and .husky/pre-commit, in a CommonJS project (`npm init -y`)
 *      and in an ES module one;
 *   4. a dev dependency of a TypeScript project that imports the types, and from a local path;
 *   5. README.md's install block, run as written in an empty project (`npm init -y`), its git URL
 *      made the clone's.
 * Each hook must block a commit of a broken docs.json, block the deletion of a page docs.json lists,
 * and let a fixed docs.json through. Every command has a time limit; nothing outside the temp folder
 * is written (pre-commit's cache included). Needs git, npm and the npm registry.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmeBlock, runRecipe, shellCommands } from '../readme-blocks.mjs';

const project = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const HUSKY = 'husky@9.1.7';
const LINT_STAGED = 'lint-staged@16.4.0';
const MINUTE = 60_000;
const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-e2e-'));
const failures = [];
const started = performance.now();

function log(line) {
  process.stdout.write(`${line}\n`);
}

/** Runs a command (no shell) with a time limit; returns status and output. */
function run(command, args, { cwd = temp, env = {}, timeout = 5 * MINUTE } = {}) {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout, maxBuffer: 64 << 20 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.error) return { status: -1, output: `${output}\n${command}: ${result.error.message}` };
  return { status: result.status, output };
}

/** Runs a setup step that must succeed; stops the whole run when it does not. */
function setup(what, command, args, options) {
  const result = run(command, args, options);
  if (result.status !== 0) {
    log(`FAIL ${what}: ${command} ${args.join(' ')} exited ${result.status}\n${result.output.slice(-4000)}`);
    finish(1);
  }
  return result.output;
}

function check(what, ok, detail = '') {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) {
    failures.push(what);
    if (detail) log(detail.slice(-4000).replace(/^/gm, '     '));
  }
}

/** `text` with `from` replaced by `to`; `from` must occur exactly once, or the documented block changed shape. */
function replaceOnce(text, from, to, what) {
  const count = text.split(from).length - 1;
  if (count !== 1) {
    log(`FAIL ${what}: the documented block holds ${count} copies of ${JSON.stringify(from)}, not one; it changed shape`);
    finish(1);
  }
  return text.replace(from, () => to);
}

function finish(code = failures.length > 0 ? 1 : 0) {
  // A command its time limit stopped may leave children still writing there (npm's): removal is
  // retried, and a folder still not empty is left in place, said in one line (not a stack trace).
  try {
    rmSync(temp, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
  } catch (error) {
    if (error?.code !== 'ENOTEMPTY' && error?.code !== 'EBUSY') throw error;
    log(`note: ${temp} is left in place: a process stopped at its time limit still writes there (${error.code})`);
  }
  log(`\n${failures.length} failed, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.exit(code);
}

/**
 * The settings the platform requires of every docs.json (test/required-settings.ts): without them the
 * default (platform) profile fails the site, as the platform's build does.
 */
const SETTINGS = { theme: 'mint', colors: { primary: '#0D9373' } };
const BROKEN = `${JSON.stringify({ ...SETTINGS, name: 'Docs', navigation: { groups: [{ group: 'Start', expand: true, pages: ['index', 'guide'] }] } }, null, 2)}\n`;
const FIXED = `${JSON.stringify({ ...SETTINGS, name: 'Docs', navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] } }, null, 2)}\n`;
/** The site as first committed: valid, and not the same text as FIXED, so that the fixed commit has a change. */
const FIRST = `${JSON.stringify({ ...SETTINGS, name: 'Site', navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] } }, null, 2)}\n`;

/** A git repository with a valid docs site (docs.json lists index and guide) and `files` beside it. */
function siteRepo(name, files) {
  const dir = path.join(temp, name);
  mkdirSync(dir, { recursive: true });
  setup('git init', 'git', ['init', '-q', '-b', 'main'], { cwd: dir });
  for (const [key, value] of [
    ['user.email', 'e2e@docsnav.invalid'],
    ['user.name', 'docsnav e2e'],
    ['commit.gpgsign', 'false'],
  ]) {
    setup('git config', 'git', ['config', key, value], { cwd: dir });
  }
  for (const [file, text] of Object.entries({ 'docs.json': FIRST, 'index.mdx': '# Home\n', 'guide.mdx': '# Guide\n', ...files })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Commits everything in the work tree; true when the commit went through. */
function commit(dir, message, env) {
  run('git', ['add', '-A'], { cwd: dir });
  return run('git', ['commit', '-q', '-m', message], { cwd: dir, env, timeout: 10 * MINUTE });
}

/** The three cases every hook must get right, against `dir` whose hook is installed. */
function expectHookBlocksBrokenDocs(label, dir, env = {}) {
  writeFileSync(path.join(dir, 'docs.json'), BROKEN);
  let result = commit(dir, 'broken docs.json', env);
  check(`${label}: a broken docs.json blocks the commit`, result.status !== 0 && /unknown-field/.test(result.output), result.output);
  writeFileSync(path.join(dir, 'docs.json'), FIXED);
  result = commit(dir, 'fixed docs.json', env);
  check(`${label}: the fixed docs.json commits`, result.status === 0, result.output);
  rmSync(path.join(dir, 'guide.mdx'));
  result = commit(dir, 'delete a page docs.json lists', env);
  check(`${label}: deleting a page docs.json lists blocks the commit`, result.status !== 0 && /page-not-found/.test(result.output), result.output);
  writeFileSync(path.join(dir, 'guide.mdx'), '# Guide\n');
  run('git', ['add', '-A'], { cwd: dir });
}

// The repository as a user's git host serves it: a clone at HEAD, nothing of this work tree's builds.
const head = setup('git rev-parse', 'git', ['rev-parse', 'HEAD'], { cwd: project }).trim();
const clone = path.join(temp, 'docsnav');
setup('clone', 'git', ['clone', '-q', '--no-local', project, clone]);
setup('checkout', 'git', ['-c', 'advice.detachedHead=false', 'checkout', '-q', head], { cwd: clone });
log(`docsnav at ${head.slice(0, 12)}, in ${temp}`);

// 1. pre-commit (Debian's), installing the hook from the clone.
let preCommit = run('pre-commit', ['--version']);
if (preCommit.status !== 0) {
  if (run('apt-get', ['--version']).status === 0) {
    log('pre-commit is missing: apt-get install -y pre-commit');
    setup('apt-get update', 'apt-get', ['update', '-qq'], { timeout: 5 * MINUTE });
    setup('apt-get install pre-commit', 'apt-get', ['install', '-y', '-qq', 'pre-commit'], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 10 * MINUTE,
    });
    preCommit = run('pre-commit', ['--version']);
  } else {
    log('SKIP pre-commit: not installed and apt-get is not available to install it (apt-get install pre-commit, or pip install pre-commit)');
  }
}
if (preCommit.status === 0) {
  log(`\n${preCommit.output.trim()}`);
  // docs/pre-commit.md's config, with the clone as its repository: only `repo:` and `rev:` change.
  const readmeConfig = readmeBlock('.pre-commit-config.yaml');
  let config = replaceOnce(readmeConfig.text, 'repo: https://<your-git-host>/docsnav.git', `repo: ${clone}`, 'pre-commit config');
  config = replaceOnce(config, 'rev: <tag or commit>', `rev: ${head}`, 'pre-commit config');
  check("pre-commit: docs/pre-commit.md's config has no placeholder left", !/<[^>\n]+>/.test(config), config);
  const site = siteRepo('site-pre-commit', { [readmeConfig.name]: config });
  const env = { PRE_COMMIT_HOME: path.join(temp, 'pre-commit-home') };
  setup('pre-commit install', 'pre-commit', ['install'], { cwd: site, env });
  // The first commit installs the hook environment (npm install + npm pack of the clone).
  const first = commit(site, 'a valid site', env);
  check('pre-commit: the hook installs (npm pack, npm install -g) and passes a commit', first.status === 0, first.output);
  expectHookBlocksBrokenDocs('pre-commit', site, env);
}

// 2. What pre-commit 4.x runs to install a node hook: `npm install -g git+file://<repo>` into its own prefix.
{
  log('\nnpm install -g git+file://… (the install command of pre-commit 4.x)');
  const prefix = path.join(temp, 'node_env-4');
  const env = { NODE_VIRTUAL_ENV: prefix, NPM_CONFIG_PREFIX: prefix, npm_config_prefix: prefix, NPM_CONFIG_USERCONFIG: '', npm_config_userconfig: '' };
  const install = run('npm', ['install', '--allow-git=root', '--install-links', '-g', `git+file://${clone}#${head}`], { env, timeout: 10 * MINUTE });
  check('pre-commit 4.x install command: npm builds and installs docsnav globally from git', install.status === 0, install.output);
  const docsnav = path.join(prefix, 'bin', 'docsnav');
  if (install.status === 0) {
    const site = siteRepo('site-global', { 'docs.json': BROKEN });
    const broken = run(docsnav, ['validate'], { cwd: site });
    check(
      'pre-commit 4.x install: the installed docsnav fails the broken docs.json',
      broken.status === 1 && /unknown-field/.test(broken.output),
      broken.output,
    );
    writeFileSync(path.join(site, 'docs.json'), FIXED);
    const fixed = run(docsnav, ['validate'], { cwd: site });
    check('pre-commit 4.x install: and passes the fixed one', fixed.status === 0, fixed.output);
  }
}

// 3. The tarball `npm pack` makes from the clone (its prepare installs the build tools it lacks).
log('\nnpm pack');
const packed = setup('npm pack', 'npm', ['pack', '--pack-destination', temp], { cwd: clone, timeout: 10 * MINUTE });
const tarballs = readdirSync(temp).filter((name) => name.endsWith('.tgz'));
check('npm pack prints the tarball name last on stdout', tarballs.length === 1 && packed.trim().split('\n').includes(tarballs[0]), packed);
const tarball = path.join(temp, tarballs[0]);

// docs/pre-commit.md's recipe: any staged change (deletions too) runs one validation of the whole site. Its
// config file (the block's name) must load in a CommonJS project, which `npm init -y` makes, and in
// an ES module one.
const lintStagedConfig = readmeBlock('lint-staged.config.mjs');
const huskyHook = readmeBlock('.husky/pre-commit');
for (const type of ['commonjs', 'module']) {
  log(`\nhusky + lint-staged (${HUSKY}, ${LINT_STAGED}), "type": "${type}"`);
  const site = siteRepo(`site-husky-${type}`, { '.gitignore': 'node_modules/\n', [lintStagedConfig.name]: lintStagedConfig.text });
  setup('npm init -y', 'npm', ['init', '-y'], { cwd: site });
  if (type === 'module') setup('npm pkg set type=module', 'npm', ['pkg', 'set', 'type=module'], { cwd: site });
  const manifest = readFileSync(path.join(site, 'package.json'), 'utf8');
  check(`husky (${type}): package.json says "type": "${type}"`, JSON.parse(manifest).type === type, manifest);
  setup('npm install (husky site)', 'npm', ['install', '--save-dev', '--no-audit', '--no-fund', tarball, HUSKY, LINT_STAGED], {
    cwd: site,
    timeout: 10 * MINUTE,
  });
  setup('husky init', 'npx', ['husky', 'init'], { cwd: site });
  writeFileSync(path.join(site, '.husky', 'pre-commit'), huskyHook.text);
  const first = commit(site, 'a valid site');
  check(`husky (${type}): the first commit passes`, first.status === 0, first.output);
  expectHookBlocksBrokenDocs(`husky + lint-staged (${type})`, site);
}

// 4. A TypeScript project that installs the tarball and imports the types; and an install from a local path.
{
  log('\nTypeScript consumer of the tarball');
  const consumer = path.join(temp, 'consumer-ts');
  mkdirSync(consumer);
  writeFileSync(path.join(consumer, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(
    path.join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: false,
        types: ['node'],
        outDir: 'out',
      },
    }),
  );
  writeFileSync(
    path.join(consumer, 'index.ts'),
    [
      "import { validateText, codes, type Problem, type ValidationResult, type PageTree } from 'docsnav';",
      `const result: ValidationResult = validateText('${JSON.stringify({ ...SETTINGS, name: 'Docs', navigation: { pages: ['index'] } })}', { file: 'docs.json' });`,
      'const problems: Problem[] = result.problems;',
      'const tree: PageTree | undefined = undefined;',
      'console.log(problems.length, Object.keys(codes).length > 0, tree === undefined);',
      '',
    ].join('\n'),
  );
  const { devDependencies } = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8'));
  setup(
    'npm install (TypeScript consumer)',
    'npm',
    ['install', '--no-audit', '--no-fund', tarball, `typescript@${devDependencies.typescript}`, `@types/node@${devDependencies['@types/node']}`],
    {
      cwd: consumer,
      timeout: 10 * MINUTE,
    },
  );
  const tsc = run(path.join(consumer, 'node_modules', '.bin', 'tsc'), ['-p', '.'], { cwd: consumer });
  check('TypeScript: the packed types compile without skipLibCheck', tsc.status === 0, tsc.output);
  const ran = run('node', ['out/index.js'], { cwd: consumer });
  check('TypeScript: the compiled consumer runs', ran.status === 0 && ran.output.trim() === '0 true true', ran.output);

  const fromPath = path.join(temp, 'consumer-path');
  mkdirSync(fromPath);
  writeFileSync(path.join(fromPath, 'package.json'), `${JSON.stringify({ name: 'consumer-path', private: true }, null, 2)}\n`);
  setup('npm install <path>', 'npm', ['install', '--no-audit', '--no-fund', '--save-dev', clone], { cwd: fromPath, timeout: 10 * MINUTE });
  const version = run(path.join(fromPath, 'node_modules', '.bin', 'docsnav'), ['--version'], { cwd: fromPath });
  check('npm install <path-to-clone>: the docsnav command runs', version.status === 0 && /^\d+\.\d+\.\d+/.test(version.output), version.output);
}

// 5. The README's install block, as written, in an empty project: its git URL is the only change (the
//    clone at HEAD, where the README says `git+https://<your-git-host>/docsnav.git`).
{
  log('\nREADME.md install block: npm install --save-dev git+file://… then npx --no docsnav validate, in an empty project');
  const placeholder = 'git+https://<your-git-host>/docsnav.git';
  const install = readmeBlock('install');
  const commands = shellCommands(install.text).map((command) => command.code);
  const shape = [`npm install --save-dev ${placeholder}`, 'npx --no docsnav validate'];
  const known = JSON.stringify(commands) === JSON.stringify(shape);
  check('README.md install block: the two commands this test knows, with the placeholder URL once', known, commands.join('\n'));
  const fromGit = path.join(temp, 'consumer-git');
  mkdirSync(fromGit);
  setup('npm init -y', 'npm', ['init', '-y'], { cwd: fromGit });
  for (const [file, text] of Object.entries({ 'docs.json': FIRST, 'index.mdx': '# Home\n', 'guide.mdx': '# Guide\n' }))
    writeFileSync(path.join(fromGit, file), text);
  // npx must take the docsnav just installed, never fetch a package of that name (npm_config_yes=false).
  const recipe = known
    ? runRecipe(install, { cwd: fromGit, env: { npm_config_yes: 'false' }, replace: [[placeholder, `git+file://${clone}#${head}`]], timeout: 10 * MINUTE })
    : {
        steps: [
          { stdout: '', stderr: 'not run' },
          { stdout: '', stderr: 'not run' },
        ],
      };
  const [installed, validated] = recipe.steps;
  check('README.md install block: npm install --save-dev <git url> installs', installed.status === 0, `${installed.stdout}${installed.stderr}`);
  check(
    'README.md install block: npx --no docsnav validate passes the valid docs.json of the project',
    validated.status === 0 && /no problems/.test(validated.stdout) && existsSync(path.join(fromGit, 'node_modules', '.bin', 'docsnav')),
    `${validated.stdout}${validated.stderr}`,
  );
  if (installed.status === 0) {
    writeFileSync(path.join(fromGit, 'docs.json'), BROKEN);
    const broken = run('sh', ['-c', commands[1]], { cwd: fromGit, env: { npm_config_yes: 'false' } });
    check(
      'README.md install block: npx --no docsnav validate fails a broken docs.json',
      broken.status === 1 && /^docs\.json:\d+:\d+ {2}error {2}unknown-field/m.test(broken.output),
      broken.output,
    );
    // Each problem ends with where its rule is documented: the file shipped in the installed package.
    const docsLine = /^ {2}docs: (.+)$/m.exec(broken.output)?.[1];
    check(
      'README.md install block: the rule doc a problem names is installed',
      docsLine === 'node_modules/docsnav/docs/rules/unknown-field.md' && existsSync(path.join(fromGit, docsLine)),
      String(docsLine),
    );
  }
}

finish();
