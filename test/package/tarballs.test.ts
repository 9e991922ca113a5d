/**
 * The two packages as users get them (`npm run test:packages`; `pack:all` builds both first when a source is newer than the build): the
 * tarballs `npm pack` makes, their contents, publint and arethetypeswrong on each, then
 *
 * - `docsnav` alone installed into an empty project: within its targets (at most 40 installed
 *   packages, 8 MB of node_modules), nothing of the server's, `validate` works, and `serve` says in
 *   one line how to get the server;
 * - both installed together: `validate` on the example, and `docsnav serve` with one deployment.
 *
 * The install time is printed (and measured in `npm run bench`), never asserted. Needs git, npm and
 * the npm registry (or npm's cache, which `npm ci` filled).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskMegabytes, installedPackages } from '../../bench/install-cost.mjs';
import { allCodes } from '../../src/codes.js';
import { readmeBlock, runRecipe } from '../readme-blocks.mjs';
import { hangGuard } from '../time-scale.mjs';

const REPO = path.resolve(import.meta.dirname, '../..');
const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-packages-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(temp, { recursive: true, force: true });
});

const MINUTE = 60_000;
/** The lean package's targets (the issue that split the packages). */
const MAX_PACKAGES = 40;
const MAX_MEGABYTES = 8;

/**
 * What the READMEs say an install costs, each figure where it is written: the package count exactly,
 * the megabytes within 15% of what was measured here (a disk's block size moves them a little).
 */
const STATED = {
  lean: [
    { file: 'README.md', pattern: /\| `docsnav` \|[^\n]*\| (\d+) packages, ([\d.]+) MB \|/ },
    { file: 'server/README.md', pattern: /installs `docsnav` alone \((\d+) packages,\s+([\d.]+) MB\)/ },
  ],
  both: [
    { file: 'README.md', pattern: /\| `@docsnav\/server` \|[^\n]*\| (\d+) packages with docsnav, ([\d.]+) MB/ },
    { file: 'server/README.md', pattern: /\((\d+)\s+packages, ([\d.]+) MB in all\)/ },
  ],
};

function expectStated(which: keyof typeof STATED, packages: number, megabytes: number): void {
  for (const { file, pattern } of STATED[which]) {
    const match = pattern.exec(readFileSync(path.join(REPO, file), 'utf8'));
    expect(match, `${file} states the install's cost (${pattern})`).not.toBeNull();
    expect({ file, packages: Number(match![1]) }).toEqual({ file, packages });
    expect(Math.abs(Number(match![2]) - megabytes) / megabytes, `${file}: ${match![2]} MB stated, ${megabytes.toFixed(1)} MB measured`).toBeLessThanOrEqual(
      0.15,
    );
  }
}

interface Packed {
  name: string;
  filename: string;
  files: Array<{ path: string }>;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: hangGuard(5 * MINUTE), env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

function npm(args: string[], cwd: string) {
  const result = run('npm', [...args, '--no-audit', '--no-fund'], cwd);
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${result.status}:\n${result.output.slice(-4000)}`);
  return result;
}

/** An empty project, as `npm init -y` makes it. */
function emptyProject(name: string): string {
  const dir = path.join(temp, name);
  mkdirSync(dir);
  npm(['init', '-y'], dir);
  return dir;
}

/** Installs tarballs into a project; returns the wall time in ms. */
function install(dir: string, tarballs: string[]): number {
  const started = performance.now();
  npm(['install', '--prefer-offline', ...tarballs], dir);
  return performance.now() - started;
}

function docsnav(project: string, args: string[], cwd = project, env: NodeJS.ProcessEnv = {}) {
  return run(path.join(project, 'node_modules', '.bin', 'docsnav'), args, cwd, env);
}

/** A copy of a fixture site (without its stored expected output). */
function site(fixture: string, into: string): string {
  cpSync(path.join(REPO, 'fixtures', fixture), into, { recursive: true, filter: (source) => !source.split(path.sep).includes('expected') });
  return into;
}

let lean: Packed;
let server: Packed;

/** The files in a tarball npm packed, without the `package/` folder they are in. */
function tarballFiles(file: string): Array<{ path: string }> {
  const list = run('tar', ['-tzf', file], temp);
  if (list.status !== 0) throw new Error(`tar -tzf ${file}: ${list.output}`);
  return list.stdout
    .split('\n')
    .filter((entry) => entry !== '' && !entry.endsWith('/'))
    .map((entry) => ({ path: entry.replace(/^package\//, '') }));
}

beforeAll(
  () => {
    // The README's pack recipe, `npm ci && npm run pack:all`, run in this repository without its
    // `npm ci`, which would reinstall node_modules under the running tests (pack:all builds what is
    // older than its sources, scripts/fresh-build.mjs, then packs with scripts off).
    const recipe = runRecipe(readmeBlock('pack'), { cwd: REPO, replace: [['npm ci && npm run pack:all', 'npm run pack:all']], timeout: 10 * MINUTE });
    expect(
      recipe.steps.map((step) => step.status),
      `${recipe.stderr}${recipe.stdout}`.slice(-4000),
    ).toEqual([0]);
    // It writes the two tarballs into the repository; they move to the temp folder. The README names them.
    const versions = ['package.json', 'server/package.json'].map(
      (file) => (JSON.parse(readFileSync(path.join(REPO, file), 'utf8')) as { version: string }).version,
    );
    const filenames = [`docsnav-${versions[0]}.tgz`, `docsnav-server-${versions[1]}.tgz`];
    for (const filename of filenames.filter((name) => existsSync(path.join(REPO, name)))) {
      copyFileSync(path.join(REPO, filename), path.join(temp, filename));
      rmSync(path.join(REPO, filename));
    }
    for (const filename of filenames) expect(existsSync(path.join(temp, filename)), `npm run pack:all wrote no ${filename}`).toBe(true);
    expect([...recipe.steps[0].command.matchAll(/[\w.-]+\.tgz/g)].map((match) => match[0])).toEqual(filenames);
    lean = { name: 'docsnav', filename: filenames[0], files: tarballFiles(path.join(temp, filenames[0])) };
    server = { name: '@docsnav/server', filename: filenames[1], files: tarballFiles(path.join(temp, filenames[1])) };
  },
  hangGuard(10 * MINUTE),
);

const tarball = (packed: Packed) => path.join(temp, packed.filename);
const paths = (packed: Packed) => packed.files.map((file) => file.path).sort();

describe('npm pack: what each package ships', () => {
  it('docsnav: the build (with build.json, the hash of its bundles the cache keys on), the schemas, a doc per problem code, the hook definition; no server, no sources, no tests', () => {
    const files = paths(lean);
    const allowed = [
      /^dist\/.+\.(js|d\.ts)$/,
      /^dist\/cli\/package\.json$/,
      /^dist\/cli\/build\.json$/,
      /^dist\/cli\/THIRD-PARTY-LICENSES\.txt$/,
      /^schema\/[\w.-]+\.json$/,
      /^docs\/rules\/[\w-]+\.md$/,
      // README's pages (docs/*.md), so that its links lead somewhere in an installed copy too.
      /^docs\/[\w-]+\.md$/,
    ];
    const always = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', '.pre-commit-hooks.yaml'];
    for (const file of files) expect(always.includes(file) || allowed.some((pattern) => pattern.test(file)), file).toBe(true);
    for (const file of [
      ...always,
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'dist/cli/build.json',
      'dist/cli/graphql.js',
      'dist/cli/THIRD-PARTY-LICENSES.txt',
      'schema/docs.schema.json',
      'schema/navigation.schema.json',
    ])
      expect(files).toContain(file);
    for (const code of allCodes) expect(files).toContain(`docs/rules/${code}.md`);
    // Every page README.md links in docs/; not the contributors' mutation scores.
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    const linked = [...readme.matchAll(/\]\((docs\/[\w/-]+\.md)\)/g)].map((match) => match[1]);
    expect(linked.length).toBeGreaterThan(10);
    for (const page of linked) expect(files).toContain(page);
    expect(files).not.toContain('docs/mutation-scores.md');
    expect(files.filter((file) => /server|migrations|\.sql$/.test(file))).toEqual([]);
  });

  it('@docsnav/server: its build with the migrations, the deployment files; no sources, no tests', () => {
    const files = paths(server);
    const allowed = [/^dist\/.+\.(js|d\.ts)$/, /^dist\/store\/migrations\/\d+_[\w]+\.sql$/, /^deploy\//];
    const always = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];
    for (const file of files) expect(always.includes(file) || allowed.some((pattern) => pattern.test(file)), file).toBe(true);
    for (const file of [
      ...always,
      'dist/index.js',
      'dist/index.d.ts',
      'dist/analysis/library-thread-entry.js',
      'dist/http/web/widget.js',
      'deploy/topology.sh',
    ])
      expect(files).toContain(file);
    const migrations = readdirSync(path.join(REPO, 'server', 'src', 'store', 'migrations')).map((name) => `dist/store/migrations/${name}`);
    expect(files.filter((file) => file.endsWith('.sql'))).toEqual(migrations.sort());
  });

  it('the manifests: versions, engines, licence, and the server depends on docsnav by a version range', () => {
    const root = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
    const own = JSON.parse(readFileSync(path.join(REPO, 'server', 'package.json'), 'utf8'));
    for (const manifest of [root, own]) {
      expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(manifest.license).toBe('MIT');
      expect(manifest.engines.node).toBe(root.engines.node);
      expect(manifest.type).toBe('module');
    }
    expect(own.dependencies.docsnav).toBe(`^${root.version}`);
    // The lean package carries none of the server's dependencies.
    for (const name of Object.keys(own.dependencies).filter((name) => name !== 'docsnav' && !(name in root.dependencies)))
      expect(root.dependencies).not.toHaveProperty(name);
  });

  it.each([
    ['docsnav', () => lean],
    ['@docsnav/server', () => server],
  ])('%s: publint finds nothing, and arethetypeswrong finds nothing for an ES module package', (_name, packed) => {
    const file = tarball(packed());
    const publint = run(path.join(REPO, 'node_modules', '.bin', 'publint'), ['run', '--strict', file], REPO);
    expect(publint.status, publint.output).toBe(0);
    expect(publint.output).toContain('All good!');
    // ES modules only: require() of them works from Node 20.19 (require(esm)), which `engines` asks for.
    const attw = run(path.join(REPO, 'node_modules', '.bin', 'attw'), [file, '--profile', 'esm-only', '--format', 'json'], REPO);
    expect(attw.status, attw.output).toBe(0);
    // The JSON report lists what the profile ignores too: what resolves for CommonJS callers (node10, node16-cjs).
    const report = JSON.parse(attw.stdout) as { analysis: { problems: Array<{ resolutionKind?: string }> } };
    expect(report.analysis.problems.filter((problem) => !['node10', 'node16-cjs'].includes(problem.resolutionKind ?? ''))).toEqual([]);
  });
});

describe('docsnav alone, installed from its tarball into an empty project', () => {
  let project: string;
  let milliseconds: number;

  beforeAll(
    () => {
      project = emptyProject('lean');
      milliseconds = install(project, [tarball(lean)]);
    },
    hangGuard(10 * MINUTE),
  );

  it(`is within its targets: at most ${MAX_PACKAGES} packages and ${MAX_MEGABYTES} MB, none of the server's`, () => {
    const packages = installedPackages(project);
    const megabytes = diskMegabytes(path.join(project, 'node_modules'));
    console.log(`docsnav alone: ${packages.length} packages, ${megabytes.toFixed(1)} MB of node_modules, installed in ${(milliseconds / 1000).toFixed(1)} s`);
    expect(packages.length).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(megabytes).toBeLessThanOrEqual(MAX_MEGABYTES);
    expectStated('lean', packages.length, megabytes);
    for (const name of ['@docsnav/server', 'fastify', '@electric-sql/pglite', 'pg', 'ai', 'zod', 'pino'])
      expect(packages).not.toContain(`node_modules/${name}`);
  });

  it('validates: the example passes, the broken copy fails with located problems', () => {
    const example = docsnav(project, ['validate', site('example', path.join(temp, 'lean-example'))]);
    expect(example.status, example.output).toBe(0);
    const broken = docsnav(project, ['validate', site('broken', path.join(temp, 'lean-broken')), '--format', 'json']);
    expect(broken.status, broken.output).toBe(1);
    const problems = (JSON.parse(broken.stdout) as Array<{ problems: Array<{ code: string; line: number }> }>)[0].problems;
    expect(problems.length).toBeGreaterThan(5);
    expect(problems.every((problem) => problem.line >= 1)).toBe(true);
  });

  it('reads a GraphQL tab with graphql-js from its own file (graphql is not installed): the command and the library', () => {
    expect(existsSync(path.join(project, 'node_modules', 'graphql'))).toBe(false);
    const root = path.join(temp, 'lean-graphql');
    mkdirSync(root, { recursive: true });
    const navigation = { tabs: [{ tab: 'API', graphql: 'schema.graphql', groups: [{ group: 'Start', pages: ['index'] }] }] };
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Lean', colors: { primary: '#112233' }, navigation }));
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Start\n---\n');
    writeFileSync(path.join(root, 'schema.graphql'), 'type Query { user(id: ID!): User }\ntype User { id: ID! }\n');
    const expected = ['index', 'graphql-reference/queries/user', 'graphql-reference/types/User'];
    const cli = docsnav(project, ['resolve', root, '--tree-format', 'json']);
    expect(cli.status, cli.output).toBe(0);
    expect((JSON.parse(cli.stdout) as { pages: Array<{ path: string }> }).pages.map((page) => page.path)).toEqual(expected);
    const script = `const { resolveFile } = await import('docsnav'); const { tree } = await resolveFile(${JSON.stringify(path.join(root, 'docs.json'))}); console.log(JSON.stringify(tree.pages.map((page) => page.path)));`;
    const library = run(process.execPath, ['--input-type=module', '-e', script], project);
    expect(library.status, library.output).toBe(0);
    expect(JSON.parse(library.stdout)).toEqual(expected);
    // A schema that does not hold together is the platform's failure, not a crash.
    writeFileSync(path.join(root, 'schema.graphql'), 'type Query { user: Missing }\n');
    const invalid = docsnav(project, ['validate', root, '--format', 'json']);
    expect(invalid.output).toContain('graphql-invalid');
  });

  it.each([['serve'], ['worker'], ['project', 'list'], ['key', 'list']])('docsnav %s says in one line how to get the server package, exit 2', (...argv) => {
    const result = docsnav(project, argv);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^docsnav: "\w+" is part of the server package, @docsnav\/server, which is not installed beside docsnav: /);
  });
});

describe('docsnav and @docsnav/server installed together from their tarballs', () => {
  let project: string;

  beforeAll(
    () => {
      project = emptyProject('both');
      // The server README's install recipe, with the tarballs' folder for its `/path/to/`.
      const block = readmeBlock('install', readFileSync(path.join(REPO, 'server', 'README.md'), 'utf8'));
      const started = performance.now();
      const recipe = runRecipe(block, {
        cwd: project,
        replace: [[`/path/to/${lean.filename} /path/to/${server.filename}`, `${tarball(lean)} ${tarball(server)}`]],
        timeout: hangGuard(10 * MINUTE),
      });
      const milliseconds = performance.now() - started;
      expect(
        recipe.steps.map((step) => step.status),
        `${recipe.stderr}${recipe.stdout}`.slice(-4000),
      ).toEqual([0, 0]);
      expect(recipe.steps[1].stdout).toMatch(/^docsnav serve \[options\]/);
      const packages = installedPackages(project);
      const megabytes = diskMegabytes(path.join(project, 'node_modules'));
      console.log(`docsnav + @docsnav/server: ${packages.length} packages, ${megabytes.toFixed(1)} MB, installed in ${(milliseconds / 1000).toFixed(1)} s`);
      expectStated('both', packages.length, megabytes);
    },
    hangGuard(10 * MINUTE),
  );

  it('one docsnav: the server uses the docsnav installed beside it', () => {
    expect(installedPackages(project).filter((key) => key.endsWith('node_modules/docsnav'))).toEqual(['node_modules/docsnav']);
  });

  it('validates the example', () => {
    const result = docsnav(project, ['validate', site('example', path.join(temp, 'both-example'))]);
    expect(result.status, result.output).toBe(0);
  });

  it(
    'docsnav serve runs the server: a project from a local git repository deploys',
    async () => {
      const repo = path.join(temp, 'acme-docs');
      site('example', path.join(repo, 'docs'));
      const git = (...args: string[]) => {
        const result = run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], repo);
        expect(result.status, result.output).toBe(0);
      };
      git('init', '-q', '-b', 'main');
      git('add', '-A');
      git('commit', '-qm', 'Example docs');
      const data = path.join(temp, 'data');
      const env = { DOCSNAV_DATA: data };
      const added = docsnav(project, ['project', 'add', 'acme', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs'], project, env);
      expect(added.status, added.output).toBe(0);
      const key = docsnav(project, ['key', 'create', '--project', 'acme', '--kind', 'admin'], project, env);
      expect(key.status, key.output).toBe(0);
      const token = key.stdout.trim();

      const port = await freePort();
      const serve = spawn(path.join(project, 'node_modules', '.bin', 'docsnav'), ['serve', '--port', String(port), '--allow-local-repos', temp], {
        cwd: project,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      children.push(serve);
      let stderr = '';
      serve.stderr.on('data', (chunk) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => serve.on('exit', (code) => resolve(code)));
      const base = `http://127.0.0.1:${port}`;
      await until(
        async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.ok,
        60_000,
        () => `serve did not answer /healthz: ${stderr}`,
      );

      const headers = { authorization: `Bearer ${token}` };
      const queued = await fetch(`${base}/v1/project/update/acme`, { method: 'POST', headers });
      expect(queued.status).toBe(202);
      const { statusId } = (await queued.json()) as { statusId: string };
      const status = await until(
        async () => {
          const body = (await (await fetch(`${base}/v1/project/update-status/${statusId}`, { headers })).json()) as { status: string; summary: string };
          return body.status === 'success' || body.status === 'failure' ? body : undefined;
        },
        2 * MINUTE,
        () => `the deployment did not end: ${stderr}`,
      );
      expect(status.status, status.summary).toBe('success');
      expect(status.summary).toMatch(/^deployed [0-9a-f]{12} of main: \d+ pages, 0 errors/);

      serve.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    hangGuard(5 * MINUTE),
  );
});

async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, failure: () => string): Promise<T> {
  const deadline = Date.now() + hangGuard(timeoutMs);
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
