/**
 * The server's command table and dispatcher (src/cli/commands.ts) in process: each family's and
 * command's help, the exact one-line usage errors (unknown command or sub-command, wrong
 * positionals, missing settings), a store or input error as `docsnav: …` and exit 2, and the
 * management commands against a real embedded database in a temporary --data folder, with their
 * output exactly as printed (issue 67).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runServerCommand } from '../src/cli/commands.js';
import { ORIGINS_HELP } from '../src/http/origins.js';
import { openStore } from '../src/store/open.js';
import { findProject } from '../src/store/projects.js';
import { exampleRepo, tempDir } from './helpers.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `docsnav <argv>` in this process, with this environment only. */
async function cli(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const [command, ...rest] = argv;
  const code = await runServerCommand(command, rest, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), env });
  return { code, stdout, stderr };
}

/** A usage error: exit 2, this one line on stderr, nothing on stdout. */
async function refused(argv: string[], message: string, env: Record<string, string> = {}): Promise<void> {
  expect(await cli(argv, env)).toEqual({ code: 2, stdout: '', stderr: `docsnav: ${message}\n` });
}

const HELP_HEAD = 'Options (a flag wins over its environment variable, which wins over the default):';

describe('help: each command, and each family without (or with --help for) its sub-command', () => {
  it.each([
    [['serve'], 'docsnav serve [options]', 'the HTTP API and (unless --jobs 0) job workers in one process'],
    [['worker'], 'docsnav worker --database postgres://… [options]', 'job workers only: more processes or machines sharing one PostgreSQL'],
    [
      ['project', 'add'],
      'docsnav project add <id> --repo <git URL or path> --branch <branch> [options]',
      'add a project (works while serve runs); warns when its first deployment would fail (a local path the server refuses, a branch the repository lacks)',
    ],
    [
      ['project', 'update'],
      'docsnav project update <id> [--repo …] [--branch …] [--docs-dir …] [--domain …] [--compare-url …] [--origins …] [--auto-fix | --no-auto-fix]',
      "change a project's settings; its next deployment uses them (no restart)",
    ],
    [['project', 'remove'], 'docsnav project remove <id>', 'remove a project with its keys, deployments, threads and agent sessions'],
    [['project', 'list'], 'docsnav project list', 'list the projects (tab-separated)'],
    [['key', 'create'], 'docsnav key create --project <id> --kind admin|assistant', 'create an API key; prints its id and token (the token is shown once)'],
    [['key', 'list'], 'docsnav key list [--project <id>]', 'list API keys (ids, never tokens)'],
    [['key', 'revoke'], 'docsnav key revoke <key id>', 'revoke an API key at once (its next request gets 401)'],
    [
      ['status'],
      'docsnav status [--data <dir>]',
      "the data folder's size as du counts it, by part (embedded database, its write-ahead log, git caches, checkouts, worktrees), and its disk's free space, from the serve or worker holding it (or measured here when none does)",
    ],
  ])('%j --help and -h', async (command, usage, summary) => {
    for (const help of ['--help', '-h']) {
      const result = await cli([...command, help]);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout.split('\n').slice(0, 3)).toEqual([usage, '', `  ${summary}`]);
      expect(result.stdout.endsWith('  --help\n      this text\n')).toBe(true);
    }
  });

  it.each([
    [
      ['serve'],
      'data database log-level port host trust-proxy cors-origins request-timeout keep-alive-timeout max-connections max-connections-per-ip shutdown-grace metrics-port max-queued jobs lease git-timeout max-checkout-mb max-file-mb max-files max-pages max-page-mb min-free-disk keep-deployments check-timeout allow-local-repos max-local-copy-mb model-base-url model embeddings-base-url embeddings-model embeddings-budget embeddings-max-sections assistant-instructions assistant-deadline index-memory limit-key-month limit-org-hour limit-ip-day help',
    ],
    [
      ['worker'],
      'data database log-level metrics-port host jobs lease git-timeout max-checkout-mb max-file-mb max-files max-pages max-page-mb min-free-disk keep-deployments check-timeout allow-local-repos max-local-copy-mb embeddings-base-url embeddings-model embeddings-budget embeddings-max-sections help',
    ],
    [['project', 'add'], 'repo branch docs-dir domain compare-url origins auto-fix allow-local-repos data database help'],
    [['project', 'update'], 'repo branch docs-dir domain compare-url origins auto-fix no-auto-fix allow-local-repos data database help'],
    [['project', 'remove'], 'data database help'],
    [['project', 'list'], 'data database help'],
    [['key', 'create'], 'project kind data database help'],
    [['key', 'list'], 'project data database help'],
    [['key', 'revoke'], 'data database help'],
    [['status'], 'data help'],
  ])('%j lists its options, in order', async (command, options) => {
    const { stdout } = await cli([...command, '--help']);
    const listed = stdout
      .split('\n')
      .filter((line) => line.startsWith('  --'))
      .map((line) => line.trim().split(' ')[0].slice(2));
    expect(listed).toEqual(options.split(' '));
  });

  it('serve --help lists the routes, method and path padded to a column', async () => {
    const { stdout } = await cli(['serve', '--help']);
    const lines = stdout.split('\n');
    expect(lines.slice(3, 6)).toEqual(['', '  Routes:', '    POST   /v1/project/update/{projectId}        queue a deployment of the project (admin key)']);
    expect(lines).toContain('    GET    /healthz                              the server and its database answer');
    expect(lines).toContain('    GET    /v1/project/update-status/{statusId}  the status of a deployment (admin key)');
    expect(lines[lines.indexOf(HELP_HEAD) - 1]).toBe('');
    expect((await cli(['worker', '--help'])).stdout.split('\n').slice(3, 5)).toEqual(['', HELP_HEAD]);
  });

  it('help is given before the positionals and settings are checked', async () => {
    const result = await cli(['project', 'add', 'a', 'b', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('docsnav project add <id> --repo <git URL or path> --branch <branch> [options]');
  });

  it.each([[[]], [['--help']], [['-h']]])('docsnav project %j: the help of every project command', async (rest) => {
    const result = await cli(['project', ...rest]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const add = (await cli(['project', 'add', '--help'])).stdout;
    const update = (await cli(['project', 'update', '--help'])).stdout;
    const remove = (await cli(['project', 'remove', '--help'])).stdout;
    const list = (await cli(['project', 'list', '--help'])).stdout;
    expect(result.stdout).toBe([add, update, remove, list].join('\n'));
  });

  it("docsnav key: the help of every key command, in the table's order", async () => {
    const result = await cli(['key']);
    const firstLines = result.stdout.split('\n').filter((line) => line.startsWith('docsnav '));
    expect(firstLines).toEqual([
      'docsnav key create --project <id> --kind admin|assistant',
      'docsnav key list [--project <id>]',
      'docsnav key revoke <key id>',
    ]);
  });
});

describe('usage errors: one line, exit 2', () => {
  it.each([
    [['nope'], 'unknown command "nope" (the server\'s commands: serve, worker, project, key, status)'],
    [['add'], 'unknown command "add" (the server\'s commands: serve, worker, project, key, status)'],
    [['project', 'rename', 'acme'], 'unknown project command "rename" (project add, project update, project remove, project list)'],
    [['key', 'delete'], 'unknown key command "delete" (key create, key list, key revoke)'],
    [['key', '-x'], 'unknown key command "-x" (key create, key list, key revoke)'],
    // Positionals: none expected.
    [['serve', 'extra'], 'serve takes no arguments (got "extra")'],
    [['project', 'list', 'a', 'b'], 'project list takes no arguments (got "a")'],
    [['status', 'here'], 'status takes no arguments (got "here")'],
    [['key', 'create', 'k', '--project', 'p', '--kind', 'admin'], 'key create takes no arguments (got "k")'],
    // Positionals: one expected.
    [['project', 'remove'], 'project remove takes <id>: docsnav project remove <id>'],
    [['project', 'remove', 'a', 'b', 'c'], 'project remove takes <id>: docsnav project remove <id> (got "b")'],
    [['key', 'revoke'], 'key revoke takes <key id>: docsnav key revoke <key id>'],
    [['key', 'revoke', 'k1', 'k2'], 'key revoke takes <key id>: docsnav key revoke <key id> (got "k2")'],
    [
      ['project', 'add', '--repo', 'https://git.example/a.git', '--branch', 'main'],
      'project add takes <id>: docsnav project add <id> --repo <git URL or path> --branch <branch> [options]',
    ],
    // Settings.
    [['project', 'add', 'acme', '--branch', 'main'], 'project add needs --repo <git URL or path>'],
    [['project', 'add', 'acme', '--repo', 'https://git.example/a.git'], 'project add needs --branch <deployment branch>'],
    [['project', 'update', 'acme'], 'project update needs at least one setting to change (see --help)'],
    [['key', 'create', '--kind', 'admin'], 'key create needs --project <id>'],
    [['key', 'create', '--project', 'acme'], 'key create needs --kind admin or --kind assistant'],
    [['key', 'create', '--project', 'acme', '--kind', 'root'], '--kind takes admin, assistant (got "root")'],
    [['project', 'list', '--nope'], 'unknown option "--nope" (see docsnav project list --help)'],
    [['project', 'list', '--database', 'mysql://db'], '--database takes a postgres:// URL (got "mysql://db")'],
  ])('docsnav %j', async (argv, message) => {
    await refused(argv, message);
  });

  it("the environment given is the one read (DATABASE_URL), not the process's", async () => {
    await refused(['project', 'list'], 'DATABASE_URL takes a postgres:// URL (got "mysql://db")', { DATABASE_URL: 'mysql://db' });
  });

  it('a store error (no data folder for status) and an input error (no such project) become usage errors', async () => {
    const missing = path.join(tempDir('cmd-missing'), 'nothing-here');
    await refused(['status', '--data', missing], `no data folder at ${missing} (--data names it)`);
    const data = tempDir('cmd-input');
    await refused(['project', 'remove', 'ghost', '--data', data], 'no project "ghost" (see docsnav project list)');
    await refused(['key', 'revoke', 'k_nope', '--data', data], 'no key "k_nope" (see docsnav key list)');
  });

  it('another error is not a usage error: it is thrown, before and while a command runs', async () => {
    const failing = (where: 'stdout' | 'stderr') => ({
      stdout: () => {
        if (where === 'stdout') throw new Error(`${where} is closed`);
      },
      stderr: () => {
        if (where === 'stderr') throw new Error(`${where} is closed`);
      },
      env: {},
    });
    await expect(runServerCommand('project', ['list', '--help'], failing('stdout'))).rejects.toThrow(new Error('stdout is closed'));
    await expect(runServerCommand('project', [], failing('stdout'))).rejects.toThrow(new Error('stdout is closed'));
    // Nothing there yet: "no projects yet" goes to stderr, which fails.
    await expect(runServerCommand('project', ['list', '--data', tempDir('cmd-throw')], failing('stderr'))).rejects.toThrow(new Error('stderr is closed'));
    // The usage error's own line fails too: thrown, not swallowed.
    await expect(runServerCommand('nope', [], failing('stderr'))).rejects.toThrow(new Error('stderr is closed'));
  });
});

describe('the management commands on the embedded database of a --data folder', () => {
  let data: string;
  let repo: string;
  const allowed = ['--allow-local-repos', tmpdir()];

  beforeAll(() => {
    data = tempDir('cmd-manage');
    repo = exampleRepo(path.join(tempDir('cmd-repo'), 'site'));
  });

  const project = async (id: string) => {
    const store = await openStore({ data });
    try {
      return await findProject(store, id);
    } finally {
      await store.close();
    }
  };

  it('project list and key list when there is nothing yet', async () => {
    expect(await cli(['project', 'list', '--data', data])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'no projects yet (docsnav project add <id> --repo … --branch …)\n',
    });
    expect(await cli(['key', 'list', '--data', data])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'no keys (docsnav key create --project <id> --kind admin|assistant)\n',
    });
  });

  it('project add: one line; the settings stored; no warning when the branch exists in an allowed folder', async () => {
    const result = await cli([
      'project',
      'add',
      'acme',
      '--repo',
      repo,
      '--branch',
      'main',
      '--docs-dir',
      'docs',
      '--domain',
      'acme-docs',
      '--compare-url',
      'https://forge.example/acme/site/compare/{base}...{branch}',
      '--origins',
      'https://acme.example, https://www.acme.example',
      '--auto-fix',
      ...allowed,
      '--data',
      data,
    ]);
    expect(result).toEqual({ code: 0, stdout: `added project acme: ${repo} branch main, docs in docs, domain acme-docs\n`, stderr: '' });
    expect(await project('acme')).toMatchObject({
      repo,
      branch: 'main',
      docsDir: 'docs',
      domain: 'acme-docs',
      compareUrl: 'https://forge.example/acme/site/compare/{base}...{branch}',
      autoFix: true,
      corsOrigins: ['https://acme.example', 'https://www.acme.example'],
      currentDeploymentId: null,
    });
  });

  it('the allowed folders may come from DOCSNAV_ALLOW_LOCAL_REPOS; no domain: none printed; auto-fix off unless asked', async () => {
    const result = await cli(['project', 'add', 'beta', '--repo', repo, '--branch', 'main', '--data', data], { DOCSNAV_ALLOW_LOCAL_REPOS: tmpdir() });
    expect(result).toEqual({ code: 0, stdout: `added project beta: ${repo} branch main, docs in .\n`, stderr: '' });
    expect(await project('beta')).toMatchObject({ autoFix: false, domain: null, corsOrigins: null });
  });

  it('project add warns of a branch the repository lacks, and of a local path not allowed', async () => {
    const typo = await cli(['project', 'add', 'gamma', '--repo', repo, '--branch', 'mian', ...allowed, '--data', data]);
    expect(typo.code).toBe(0);
    expect(typo.stdout).toBe(`added project gamma: ${repo} branch mian, docs in .\n`);
    expect(typo.stderr).toBe(
      `warning: branch "mian" does not exist in ${repo} (did you mean "main"? its branches: main); fix it with: docsnav project update gamma --branch main\n`,
    );
    const local = await cli(['project', 'add', 'delta', '--repo', repo, '--branch', 'main', '--data', data]);
    expect(local.code).toBe(0);
    expect(local.stdout).toBe(`added project delta: ${repo} branch main, docs in .\n`);
    expect(local.stderr).toMatch(
      /^warning: .*: the first deployment of delta will fail\. Start docsnav serve with --allow-local-repos <folder holding it>, or give the project a URL: docsnav project update delta --repo <git URL>\n$/,
    );
  });

  it('project update: the changed project on one line; --auto-fix, --no-auto-fix, or neither', async () => {
    expect(await cli(['project', 'update', 'beta', '--auto-fix', '--data', data])).toEqual({
      code: 0,
      stdout: `updated project beta\t${repo}\tmain\t.\t-\tnot deployed\n`,
      stderr: '',
    });
    expect((await project('beta'))?.autoFix).toBe(true);
    expect((await cli(['project', 'update', 'beta', '--domain', 'beta-docs', '--data', data])).stdout).toBe(
      `updated project beta\t${repo}\tmain\t.\tbeta-docs\tnot deployed\n`,
    );
    expect((await project('beta'))?.autoFix).toBe(true);
    expect((await cli(['project', 'update', 'beta', '--no-auto-fix', '--data', data])).code).toBe(0);
    expect((await project('beta'))?.autoFix).toBe(false);
    // An empty --origins is a setting to check (and refuse), not "no setting".
    await refused(['project', 'update', 'beta', '--origins', '', '--data', data], `--origins ${ORIGINS_HELP}`);
  });

  it('project update of the branch checks it again and warns', async () => {
    const result = await cli(['project', 'update', 'beta', '--branch', 'mian', ...allowed, '--data', data]);
    expect(result).toEqual({
      code: 0,
      stdout: `updated project beta\t${repo}\tmian\t.\tbeta-docs\tnot deployed\n`,
      stderr: `warning: branch "mian" does not exist in ${repo} (did you mean "main"? its branches: main); fix it with: docsnav project update beta --branch main\n`,
    });
    expect((await cli(['project', 'update', 'beta', '--branch', 'main', ...allowed, '--data', data])).stderr).toBe('');
  });

  it('project update of a project that does not exist, and project add of one that does', async () => {
    await refused(['project', 'update', 'ghost', '--branch', 'main', '--data', data], 'no project "ghost" (see docsnav project list)');
    await refused(['project', 'add', 'acme', '--repo', repo, '--branch', 'main', '--data', data], 'a project "acme" already exists');
  });

  it('project list: one tab-separated line per project', async () => {
    const result = await cli(['project', 'list', '--data', data]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n').sort()).toEqual(
      [
        '',
        `acme\t${repo}\tmain\tdocs\tacme-docs\tnot deployed`,
        `beta\t${repo}\tmain\t.\tbeta-docs\tnot deployed`,
        `delta\t${repo}\tmain\t.\t-\tnot deployed`,
        `gamma\t${repo}\tmian\t.\t-\tnot deployed`,
      ].sort(),
    );
  });

  it('key create, key list (all, and of one project), key revoke', async () => {
    const admin = await cli(['key', 'create', '--project', 'acme', '--kind', 'admin', '--data', data]);
    expect(admin.code).toBe(0);
    const token = admin.stdout.trimEnd();
    expect(admin.stdout).toBe(`${token}\n`);
    const [, id] = /^key (\S+) /.exec(admin.stderr) ?? [];
    expect(admin.stderr).toBe(`key ${id} (revoke with: docsnav key revoke ${id}); the token above is not shown again\n`);
    expect(token).not.toContain(id === undefined ? '\n' : '\t');
    const assistant = await cli(['key', 'create', '--project', 'beta', '--kind', 'assistant', '--data', data]);
    const [, other] = /^key (\S+) /.exec(assistant.stderr) ?? [];

    const all = await cli(['key', 'list', '--data', data]);
    expect(all.stderr).toBe('');
    const rows = all.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map(([key, projectId, kind]) => [key, projectId, kind]).sort()).toEqual(
      [
        [id, 'acme', 'admin'],
        [other, 'beta', 'assistant'],
      ].sort(),
    );
    for (const row of rows) expect(row[3]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(all.stdout).not.toContain(token);

    const ofBeta = await cli(['key', 'list', '--project', 'beta', '--data', data]);
    expect(ofBeta.stdout.split('\t').slice(0, 3)).toEqual([other, 'beta', 'assistant']);
    expect(ofBeta.stdout.trimEnd().split('\n')).toHaveLength(1);

    expect(await cli(['key', 'revoke', id, '--data', data])).toEqual({ code: 0, stdout: `revoked key ${id}\n`, stderr: '' });
    expect((await cli(['key', 'list', '--project', 'acme', '--data', data])).stderr).toBe(
      'no keys (docsnav key create --project <id> --kind admin|assistant)\n',
    );
    await refused(['key', 'create', '--project', 'ghost', '--kind', 'admin', '--data', data], 'no project "ghost" (see docsnav project list)');
  });

  it('project remove', async () => {
    expect(await cli(['project', 'remove', 'gamma', '--data', data])).toEqual({ code: 0, stdout: 'removed project gamma\n', stderr: '' });
    expect(await project('gamma')).toBeUndefined();
  });
});
