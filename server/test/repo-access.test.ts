/**
 * What a project's repository may reach, through real deployments (issue 38 items 2 and 10,
 * issue 39 item 1): a local repository is read only through what git itself opens inside the
 * allowed folders (no `?`/`#` in a `file:` URL, no `.git` file, `commondir`, alternates or
 * symbolic link reaching out); an option-like URL is refused when the project is added; and a
 * token given as a URL's user name never leaves the server, whatever the forge echoes back.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { printManagement } from '../src/cli/manage.js';
import { Core, InputError } from '../src/core.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { createLogger } from '../src/host/log.js';
import { pageSections } from '../src/store/deployments.js';
import { insertProject } from '../src/store/projects.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { commitFile, deploymentEnded, exampleRepo, git, runCli, startServe, stopProc, tempDir, waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

/** Words of the private repository outside the allowed folders: never stored, never shown. */
const SECRET = 'PRIVATE-ROADMAP-7731';
const TOKEN = 'ghp_tokenAsUserName0123456789';

let dir: string;
let allowed: string;
let outside: string;
let store: Store;
let core: Core;
let app: FastifyInstance;
let runner: JobRunner;
let serverLog = '';
let adminHeaders: Record<string, string>;

/** A repository outside the allowed folders whose home page holds SECRET. */
function privateRepo(name: string): string {
  const repo = exampleRepo(path.join(outside, name));
  commitFile(repo, 'docs/index.mdx', `---\ntitle: ${SECRET}\n---\n# Roadmap\n\n${SECRET} ships next quarter.\n`);
  return repo;
}

/** A project stored as it is (an older docsnav's add, or a repository changed since): the fetch checks it. */
async function storedProject(id: string, repo: string): Promise<void> {
  await insertProject(store, { id, repo, branch: 'main', docsDir: 'docs', domain: null, compareUrl: null, autoFix: false, corsOrigins: null });
}

async function deploy(id: string) {
  const { statusId } = await core.queueUpdate(id);
  const deployment = await deploymentEnded(store, statusId, 60_000, `deployment of ${id}`);
  const sections = await pageSections(store, deployment.id);
  return { deployment, leaked: JSON.stringify(sections).includes(SECRET) || JSON.stringify(deployment).includes(SECRET) };
}

beforeAll(async () => {
  dir = tempDir('repo-access');
  allowed = path.join(dir, 'allowed');
  outside = path.join(dir, 'outside');
  mkdirSync(allowed);
  mkdirSync(outside);
  store = await openStore({ data: path.join(dir, 'data') });
  core = new Core(store);
  app = await buildApp(core);
  await app.ready();
  const log = new PassThrough();
  log.on('data', (chunk: Buffer) => (serverLog += chunk.toString('utf8')));
  runner = new JobRunner(
    store,
    jobKinds,
    workerSettings(path.join(dir, 'data'), { pollMs: 100, sweepMs: 500, git: { localRoots: [allowed], timeoutMs: 20_000 } }),
    createLogger('info', log),
  );
  await runner.start();
}, hangGuard(120_000));

afterAll(async () => {
  await runner?.stop();
  await app?.close();
  await store?.close();
});

describe('a local repository is read only through what git opens inside the allowed folders', () => {
  it('a repository inside the allowed folder deploys', async () => {
    await core.addProject({ id: 'legit', repo: exampleRepo(path.join(allowed, 'legit')), branch: 'main', docsDir: 'docs' });
    const { deployment } = await deploy('legit');
    expect(deployment.status, deployment.summary).toBe('success');
  });

  for (const [name, suffix] of [
    ['query', '?x'],
    ['fragment', '#x'],
  ] as const) {
    it(`file://<allowed>/legit.git${suffix} (a link to a private repository beside the checked legit.git) is refused at add and at every fetch`, async () => {
      const legit = path.join(allowed, `${name}-legit.git`);
      git(dir, 'clone', '-q', '--bare', exampleRepo(path.join(dir, `${name}-seed`)), legit);
      symlinkSync(privateRepo(`${name}-private`), `${legit}${suffix}`);
      const repo = `file://${legit}${suffix}`;
      await storedProject(name, repo);
      const { deployment, leaked } = await deploy(name);
      expect(leaked).toBe(false);
      expect(deployment.status).toBe('failure');
      expect(deployment.summary).toMatch(/a file:\/\/ repository URL takes a path only: no "\?" or "#"/);
      await expect(core.addProject({ id: `${name}-added`, repo, branch: 'main', docsDir: 'docs' })).rejects.toThrow(/no "\?" or "#"/);
    });
  }

  it('a worktree whose commondir is inside the folder but whose alternates and symbolic refs reach a private repository is refused', async () => {
    const secret = privateRepo('common-private');
    const worktree = path.join(allowed, 'wt');
    const admin = path.join(allowed, 'wt-admin');
    const common = path.join(allowed, 'wt-common');
    mkdirSync(worktree);
    writeFileSync(path.join(worktree, '.git'), `gitdir: ${admin}\n`);
    mkdirSync(admin);
    writeFileSync(path.join(admin, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(path.join(admin, 'commondir'), '../wt-common\n');
    mkdirSync(path.join(common, 'objects', 'info'), { recursive: true });
    mkdirSync(path.join(common, 'refs', 'heads'), { recursive: true });
    writeFileSync(path.join(common, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(path.join(common, 'config'), '[core]\n\trepositoryformatversion = 0\n\tbare = true\n');
    writeFileSync(path.join(common, 'objects', 'info', 'alternates'), `${path.join(secret, '.git', 'objects')}\n`);
    symlinkSync(path.join(secret, '.git', 'refs', 'heads', 'main'), path.join(common, 'refs', 'heads', 'main'));
    await core.addProject({ id: 'commondir', repo: worktree, branch: 'main', docsDir: 'docs' });
    const { deployment, leaked } = await deploy('commondir');
    expect(leaked).toBe(false);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toMatch(/the repository \(its commondir\) borrows objects from another repository \(objects\/info\/alternates\)/);
  });

  it('a .git file pointing at a git folder outside the allowed folders is refused', async () => {
    const secret = privateRepo('dotgit-private');
    const repo = path.join(allowed, 'dotgit');
    mkdirSync(repo);
    writeFileSync(path.join(repo, '.git'), `gitdir: ${path.join(secret, '.git')}\n`);
    await core.addProject({ id: 'dotgit', repo, branch: 'main', docsDir: 'docs' });
    const { deployment, leaked } = await deploy('dotgit');
    expect(leaked).toBe(false);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe("the repository's git folder is outside the folders this server may read");
  });

  it('a working tree outside the allowed folders is refused even when its .git file points at a git folder inside them', async () => {
    const inside = path.join(allowed, 'outer-admin.git');
    git(dir, 'clone', '-q', '--bare', exampleRepo(path.join(dir, 'outer-seed')), inside);
    const repo = path.join(outside, 'outer-worktree');
    mkdirSync(repo);
    writeFileSync(path.join(repo, '.git'), `gitdir: ${inside}\n`);
    await storedProject('outer', repo);
    const { deployment } = await deploy('outer');
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe('the repository is outside the folders this server may read (--allow-local-repos)');
  });

  // Given a git folder's path, git opens `<path>/.git` or `<path>.git` when it finds a git folder
  // there: either, beside a checked git folder, could be what git reads instead. A link whose target
  // does not exist yet (inside) or a link to a private repository (beside) is refused.
  for (const [name, twin, target] of [
    ['inside it (.git), dangling', (gitDir: string) => path.join(gitDir, '.git'), () => path.join(outside, 'not-yet')],
    ['beside it (<name>.git)', (gitDir: string) => `${gitDir}.git`, () => path.join(privateRepo('twin-beside-private'), '.git')],
  ] as const) {
    it(`a git folder with a link ${name} is refused`, async () => {
      const id = `twin-${name.split(' ')[0]}`;
      const gitDir = path.join(allowed, id);
      git(dir, 'clone', '-q', '--bare', exampleRepo(path.join(dir, `${id}-seed`)), gitDir);
      symlinkSync(target(), twin(gitDir));
      await storedProject(id, gitDir);
      const { deployment, leaked } = await deploy(id);
      expect(leaked).toBe(false);
      expect(deployment.status).toBe('failure');
      expect(deployment.summary).toBe(`the repository's git folder has a ${path.basename(twin(gitDir))} beside or inside it that git could open instead`);
    });
  }

  it('a file:// URL with a malformed %-escape is refused at the fetch, in one line', async () => {
    await storedProject('escape', `file://${path.join(allowed, 'legit')}%zz`);
    const { deployment } = await deploy('escape');
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe('the file:// repository URL has a malformed %-escape');
  });

  it('a remote URL whose path holds "file://" is fetched as the remote it is, not checked as a local path', async () => {
    const { freePort } = await import('./helpers.js');
    await storedProject('remote-file', `http://127.0.0.1:${await freePort()}/a/file:///${path.join(allowed, 'legit')}`);
    const { deployment } = await deploy('remote-file');
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toMatch(/unable to access/);
  });

  it('a commondir pointing at a git folder outside the allowed folders is refused', async () => {
    const secret = privateRepo('commondir-private');
    const repo = path.join(allowed, 'escaping');
    const admin = path.join(allowed, 'escaping-admin');
    mkdirSync(repo);
    writeFileSync(path.join(repo, '.git'), `gitdir: ${admin}\n`);
    mkdirSync(admin);
    writeFileSync(path.join(admin, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(path.join(admin, 'commondir'), `${path.join(secret, '.git')}\n`);
    await core.addProject({ id: 'escaping', repo, branch: 'main', docsDir: 'docs' });
    const { deployment, leaked } = await deploy('escaping');
    expect(leaked).toBe(false);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toMatch(/^the repository shares its objects with a repository outside the allowed folders/);
  });

  it('a repository that turns into a link to a private one after it was added is refused at its next fetch', async () => {
    const repo = exampleRepo(path.join(allowed, 'turncoat'));
    await core.addProject({ id: 'turncoat', repo, branch: 'main', docsDir: 'docs' });
    expect((await deploy('turncoat')).deployment.status).toBe('success');
    const secret = privateRepo('turncoat-private');
    const { rmSync } = await import('node:fs');
    rmSync(path.join(repo, '.git'), { recursive: true, force: true });
    symlinkSync(path.join(secret, '.git'), path.join(repo, '.git'));
    const { deployment, leaked } = await deploy('turncoat');
    expect(leaked).toBe(false);
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toBe("the repository's git folder is outside the folders this server may read");
  });
});

describe('a repository URL that would pass an option to ssh or git is refused when the project is added', () => {
  it.each([
    ['ssh://-oProxyCommand=touch%20/tmp/pwned/x', 'host'],
    ['ssh://-oProxyCommand=touch /tmp/pwned/x', 'host'],
    ['ssh://host/repo\n.git', 'control character'],
    ['ssh://user@-oProxyCommand=x/repo.git', 'host'],
    ['ssh://%2DoProxyCommand=x/repo.git', 'host'],
    ['ssh://-user@host/repo.git', 'user'],
    ['ssh://[-oProxyCommand=x]/repo.git', 'host'],
    ['ssh://host:-oProxyCommand=x/repo.git', 'host'],
    ['ssh://host/~user/-oProxyCommand=x', 'path'],
    ['ssh://host//-oProxyCommand=x', 'path'],
    ['git@-oProxyCommand=x:repo.git', 'host'],
    ['-oProxyCommand=x@host:repo.git', 'user'],
    ['git@host:-u/repo.git', 'path'],
    ['host:-u/repo.git', 'path'],
    ['ssh://host/--upload-pack=touch', 'path'],
    ['git://-host/repo.git', 'host'],
  ])('%s (its %s)', async (repo, part) => {
    const error = await core.addProject({ id: 'option', repo, branch: 'main', docsDir: 'docs' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(
      part === 'control character' ? /control character/ : `the repository URL's ${part} starts with "-" (ssh or git would read it as an option)`,
    );
    expect((error as Error).message).not.toMatch(/\n/);
  });

  it('the CLI says so in one line and exits 2; nothing is added', () => {
    const data = path.join(dir, 'cli-option-data');
    const added = runCli(['project', 'add', 'evil', '--repo', 'ssh://-oProxyCommand=touch%20/tmp/pwned/x', '--branch', 'main', '--data', data], dir);
    expect(added.status).toBe(2);
    expect(added.stderr).toBe(
      'docsnav: the repository URL\'s host starts with "-" (ssh or git would read it as an option): "ssh://-oProxyCommand=touch%20/tmp/pwned/x"\n',
    );
    expect(runCli(['project', 'list', '--data', data], dir).stdout).toBe('');
  });

  it('ordinary URLs are still accepted (a "-" inside a name is fine)', async () => {
    for (const [index, repo] of [
      'ssh://git@host-1.example/acme/docs-site.git',
      'git@git-host.example:acme/-docs.git',
      'https://x-token:secret@forge.example/a/b.git',
    ].entries()) {
      await expect(core.addProject({ id: `ok-${index}`, repo, branch: 'main', docsDir: 'docs' })).resolves.toMatchObject({ id: `ok-${index}` });
    }
  });
});

describe('a token given as the URL user name never leaves the server', () => {
  let forge: Server;
  let forgeUrl: string;

  beforeAll(async () => {
    // A forge that, like GitHub, names the user a push or fetch was denied to (a text/plain
    // answer: git prints it as `remote: …`).
    forge = createServer((request, response) => {
      const auth = request.headers.authorization;
      if (!auth) {
        response.writeHead(401, { 'www-authenticate': 'Basic realm="forge"' }).end();
        return;
      }
      const user = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':')[0];
      response.writeHead(403, { 'content-type': 'text/plain' }).end(`Permission to acme/docs.git denied to ${user}.\n`);
    });
    await new Promise<void>((resolve) => forge.listen(0, '127.0.0.1', resolve));
    forgeUrl = `127.0.0.1:${(forge.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    forge?.closeAllConnections();
    await new Promise((resolve) => forge?.close(resolve));
  });

  it('a deployment the forge refuses: its summary says what the forge said, with the token as ***, in every output', async () => {
    await core.addProject({ id: 'private', repo: `http://${TOKEN}@${forgeUrl}/acme/docs.git`, branch: 'main', docsDir: 'docs' });
    const admin = (await core.createKey('private', 'admin')).token;
    adminHeaders = { authorization: `Bearer ${admin}` };
    const queued = await app.inject({ method: 'POST', url: '/v1/project/update/private', headers: adminHeaders });
    expect(queued.statusCode).toBe(202);
    const { statusId } = queued.json<{ statusId: string }>();
    const deployment = await deploymentEnded(store, statusId, 60_000, 'the refused deployment');
    expect(deployment.status).toBe('failure');
    // The forge's words reach the user (that is what makes the token worth redacting here).
    expect(deployment.summary).toMatch(/remote said: Permission to acme\/docs\.git denied to \*\*\*\./);
    const status = await app.inject({ method: 'GET', url: `/v1/project/update-status/${statusId}`, headers: adminHeaders });
    expect(status.statusCode).toBe(200);
    const jobs = await store.query<Record<string, unknown>>('SELECT * FROM jobs');
    let listed = '';
    printManagement({ op: 'project.list', args: {} }, await core.listProjects(), { stdout: (text) => (listed += text), stderr: (text) => (listed += text) });
    expect(listed).toContain(`http://${forgeUrl}/acme/docs.git`);
    const outputs = { deployment: JSON.stringify(deployment), api: status.body, jobs: JSON.stringify(jobs), log: serverLog, projectList: listed };
    for (const [where, text] of Object.entries(outputs)) expect(text.includes(TOKEN), where).toBe(false);
    expect(serverLog).toMatch(/denied to \*\*\*/);
  });

  it('a fetch that fails on a closed 127.0.0.1 port leaves no token either', async () => {
    const { freePort } = await import('./helpers.js');
    const logStart = serverLog.length;
    await core.addProject({ id: 'closed', repo: `https://${TOKEN}@127.0.0.1:${await freePort()}/acme/docs.git`, branch: 'main', docsDir: 'docs' });
    const { deployment } = await deploy('closed');
    expect(deployment.status).toBe('failure');
    expect(deployment.summary).toMatch(/unable to access/);
    expect(JSON.stringify(deployment).includes(TOKEN)).toBe(false);
    expect(serverLog.slice(logStart).includes(TOKEN)).toBe(false);
    expect(serverLog.slice(logStart)).toMatch(/unable to access/);
  });
});

describe('project add warns when the first deployment would fail, and project update fixes it without a restart (issue 42 §11)', () => {
  it('a local path, with no --allow-local-repos: one warning line saying what to do; allowed: none', () => {
    const data = path.join(dir, 'cli-data');
    const repo = exampleRepo(path.join(dir, 'cli-local'));
    const refused = runCli(['project', 'add', 'local', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--data', data], dir, {
      DOCSNAV_ALLOW_LOCAL_REPOS: '',
    });
    expect(refused.status, refused.stderr).toBe(0);
    expect(refused.stdout).toBe(`added project local: ${repo} branch main, docs in docs\n`);
    expect(refused.stderr).toBe(
      'warning: this server reads no repository from its own disk (its operator can allow folders with --allow-local-repos): the first deployment of local will fail. Start docsnav serve with --allow-local-repos <folder holding it>, or give the project a URL: docsnav project update local --repo <git URL>\n',
    );
    const allowed = runCli(['project', 'add', 'local-allowed', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--data', data], dir);
    expect(allowed.status).toBe(0);
    expect(allowed.stderr).toBe('');
  });

  it(
    'a branch the repository lacks, through a running serve: warned at add, the deployment fails, project update --branch fixes it',
    async () => {
      const data = path.join(dir, 'serve-data');
      const repo = exampleRepo(path.join(dir, 'serve-site'));
      const { proc, base } = await startServe(dir, ['--data', data]);
      try {
        const added = runCli(['project', 'add', 'typo', '--repo', repo, '--branch', 'mian', '--docs-dir', 'docs', '--data', data], dir);
        expect(added.status, added.stderr).toBe(0);
        expect(added.stderr).toBe(
          `warning: branch "mian" does not exist in ${repo} (did you mean "main"? its branches: main); fix it with: docsnav project update typo --branch main\n`,
        );
        const token = runCli(['key', 'create', '--project', 'typo', '--kind', 'admin', '--data', data], dir).stdout.trim();
        const deployOnce = async () => {
          const queued = await fetch(`${base}/v1/project/update/typo`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
          const { statusId } = (await queued.json()) as { statusId: string };
          return waitFor(
            async () => {
              const status = (await (
                await fetch(`${base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${token}` } })
              ).json()) as {
                status: string;
                summary: string;
              };
              return status.status === 'success' || status.status === 'failure' ? status : undefined;
            },
            60_000,
            'the deployment',
          );
        };
        const failed = await deployOnce();
        expect(failed.status).toBe('failure');
        expect(failed.summary).toMatch(/^branch "mian" does not exist in /);
        const updated = runCli(['project', 'update', 'typo', '--branch', 'main', '--data', data], dir);
        expect(updated.status, updated.stderr).toBe(0);
        expect(updated.stderr).toBe('');
        const fixed = await deployOnce();
        expect(fixed.status, fixed.summary).toBe('success');
        expect(proc.child.exitCode).toBeNull(); // the same serve: no restart
      } finally {
        await stopProc(proc);
      }
    },
    hangGuard(120_000),
  );
});
