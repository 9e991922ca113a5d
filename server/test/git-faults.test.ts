/**
 * Issue 17 items 1, 8 and 14 at the git layer, with real git: a killed git's leftovers never
 * wedge a project's cache, a damaged cache is made anew, a crash's worktrees and git processes
 * are cleared at start, a local repository is read only inside the allowed folders and never
 * through alternates or symbolic links, a push to a local repository runs none of its hooks,
 * and a huge commit message is cut instead of failing the deployment.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitError } from '../src/repository/errors.js';
import { localServiceCommand } from '../src/repository/guards.js';
import { commitMessage, listFiles, MAX_COMMIT_MESSAGE } from '../src/repository/operations/commits.js';
import { fetchBlobs, fetchBranch } from '../src/repository/operations/fetch.js';
import { DEFAULT_GIT_LIMITS, type GitLimits } from '../src/repository/operations/limits.js';
import { pushHead } from '../src/repository/operations/push.js';
import { recoverGitFolders } from '../src/repository/operations/recover.js';
import { runGit } from '../src/repository/operations/run-git.js';
import { addWorktree } from '../src/repository/operations/worktrees.js';
import { commitFile, exampleRepo, git, gitHttpServer, tempDir, waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const dir = tempDir('git-faults');
const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, timeoutMs: 20_000, localRoots: [dir] };

afterAll(() => rmSync(dir, { recursive: true, force: true }), 60_000);

describe('a git cache recovers by itself', () => {
  it("a killed git's lock files and temporary packs are cleared under the cache's lock; the next fetch works", async () => {
    const repo = exampleRepo(path.join(dir, 'locks-repo'));
    const cache = path.join(dir, 'locks-cache.git');
    await fetchBranch(cache, repo, 'main', limits);
    // What `git fetch --depth=1` killed by a timeout, a size limit or a SIGTERM of serve leaves.
    const leftovers = [
      'shallow.lock',
      'packed-refs.lock',
      'config.lock',
      'refs/docsnav/main.lock',
      'objects/pack/tmp_pack_Xy12ab',
      'objects/incoming-AbC123/pack',
    ];
    for (const file of leftovers) {
      mkdirSync(path.dirname(path.join(cache, file)), { recursive: true });
      writeFileSync(path.join(cache, file), 'left over');
    }
    const sha = commitFile(repo, 'docs/new.mdx', '# New\n');
    expect(await fetchBranch(cache, repo, 'main', limits)).toBe(sha);
    for (const file of leftovers) expect(existsSync(path.join(cache, file)), file).toBe(false);
  });

  it(
    'a fetch killed at the git timeout leaves a cache the next fetch can use',
    async () => {
      const root = path.join(dir, 'slow-root');
      exampleRepo(path.join(root, 'site'));
      const slow = await gitHttpServer(root, { delayMs: 3_000 });
      const cache = path.join(dir, 'slow-cache.git');
      try {
        await expect(fetchBranch(cache, `${slow.url}/site/.git`, 'main', { ...limits, timeoutMs: 1_000 })).rejects.toThrow(/timed out after 1 s/);
      } finally {
        await slow.close();
      }
      const fast = await gitHttpServer(root);
      try {
        expect(await fetchBranch(cache, `${fast.url}/site/.git`, 'main', limits)).toMatch(/^[0-9a-f]{40}$/);
      } finally {
        await fast.close();
      }
    },
    hangGuard(30_000),
  );

  it('a damaged cache (not a repository any more) is made anew and the fetch retried once', async () => {
    const repo = exampleRepo(path.join(dir, 'damaged-repo'));
    const cache = path.join(dir, 'damaged-cache.git');
    await fetchBranch(cache, repo, 'main', limits);
    rmSync(path.join(cache, 'objects'), { recursive: true, force: true });
    writeFileSync(path.join(cache, 'config'), '[core\nthis is not git config');
    expect(await fetchBranch(cache, repo, 'main', limits)).toBe(git(repo, 'rev-parse', 'HEAD').trim());
  });

  it("at start, a crashed process's worktrees and still-running git processes are cleared", async () => {
    const data = path.join(dir, 'crashed-data');
    const repo = exampleRepo(path.join(dir, 'crashed-repo'));
    const cache = path.join(data, 'git', 'acme.git');
    const sha = await fetchBranch(cache, repo, 'main', limits);
    await addWorktree(cache, sha, path.join(data, 'worktrees', 'job-1'), limits);
    // A git left running by a worker killed with -9 (it waits on its stdin for ever).
    const orphan = spawn('git', ['cat-file', '--batch'], { cwd: cache, stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    const exited = new Promise((resolve) => orphan.on('exit', resolve));
    await waitFor(() => orphan.pid !== undefined, 5_000, 'git to start');
    const recovered = await recoverGitFolders(data, limits);
    expect(recovered).toEqual({ killed: 1, worktrees: 1 });
    await exited;
    expect(existsSync(path.join(data, 'worktrees'))).toBe(false);
    expect(git(cache, 'worktree', 'list')).not.toMatch(/job-1/);
    // The cache still works.
    expect(await fetchBranch(cache, repo, 'main', limits)).toBe(sha);
  });
});

describe('local repositories', () => {
  it('are refused unless the operator allowed their folder', async () => {
    const repo = exampleRepo(path.join(dir, 'anywhere'));
    const cache = path.join(dir, 'refused.git');
    await expect(fetchBranch(cache, repo, 'main', { ...limits, localRoots: [] })).rejects.toThrow(
      /reads no repository from its own disk .*--allow-local-repos/,
    );
    await expect(fetchBranch(cache, `file://${repo}`, 'main', { ...limits, localRoots: [path.join(dir, 'elsewhere')] })).rejects.toThrow(
      /outside the folders this server may read/,
    );
  });

  it("cannot borrow another repository's objects through alternates", async () => {
    const secret = exampleRepo(path.join(dir, 'private'));
    commitFile(secret, 'docs/secret.mdx', '# The private roadmap\n');
    // A repository whose history lives in `private`: its objects come from there.
    const borrower = path.join(dir, 'borrower');
    git(dir, 'clone', '-q', '--shared', secret, borrower);
    expect(existsSync(path.join(borrower, '.git', 'objects', 'info', 'alternates'))).toBe(true);
    const error = await fetchBranch(path.join(dir, 'borrower-cache.git'), borrower, 'main', limits).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitError);
    expect((error as Error).message).toMatch(/borrows objects from another repository \(objects\/info\/alternates\)/);
  });

  it('cannot point a branch at another repository through a symbolic link', async () => {
    const secret = exampleRepo(path.join(dir, 'private-2'));
    const linker = exampleRepo(path.join(dir, 'linker'));
    const ref = path.join(linker, '.git', 'refs', 'heads', 'main');
    rmSync(ref);
    symlinkSync(path.join(secret, '.git', 'refs', 'heads', 'main'), ref);
    await expect(fetchBranch(path.join(dir, 'linker-cache.git'), linker, 'main', limits)).rejects.toThrow(/refs\/heads\/main is a symbolic link/);
  });

  it("a push to a local repository runs none of that repository's hooks", async () => {
    const source = exampleRepo(path.join(dir, 'push-source'));
    const target = path.join(dir, 'push-target.git');
    git(dir, 'clone', '-q', '--bare', source, target);
    const marker = path.join(dir, 'hook-ran');
    for (const hook of ['pre-receive', 'update', 'post-receive']) {
      writeFileSync(path.join(target, 'hooks', hook), `#!/bin/sh\necho ${hook} >> ${marker}\n`);
      chmodSync(path.join(target, 'hooks', hook), 0o755);
    }
    const cache = path.join(dir, 'push-cache.git');
    const sha = await fetchBranch(cache, target, 'main', limits);
    const worktree = path.join(dir, 'push-worktree');
    await addWorktree(cache, sha, worktree, limits);
    commitFile(worktree, 'docs/fixed.mdx', '# Fixed\n', 'The fix');
    const fixed = git(worktree, 'rev-parse', 'HEAD').trim();
    await pushHead(worktree, target, 'docsnav/fix-1', limits);
    expect(git(target, 'rev-parse', 'refs/heads/docsnav/fix-1').trim()).toBe(fixed);
    expect(existsSync(marker)).toBe(false);
    // What was written (a pack of the new objects, the branch) is a whole repository to git.
    git(target, 'fsck', '--full', '--strict');
    expect(git(target, 'show', 'docsnav/fix-1:docs/fixed.mdx')).toBe('# Fixed\n');
  });
});

describe('a huge commit message', () => {
  it('is cut at the limit with an ellipsis instead of failing the deployment', async () => {
    const repo = exampleRepo(path.join(dir, 'long-message'));
    writeFileSync(path.join(repo, 'docs', 'x.mdx'), '# X\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', `Subject\n\n${'é long body line\n'.repeat(7_000)}`);
    const cache = path.join(dir, 'long-message.git');
    const sha = await fetchBranch(cache, repo, 'main', limits);
    const message = await commitMessage(cache, sha, limits);
    expect(message.startsWith('Subject\n\né long body line')).toBe(true);
    expect(message.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(MAX_COMMIT_MESSAGE + 4);
    expect(message).not.toMatch(/\uFFFD/);
  });
});

/**
 * Issue 38 item 3: a project's repository cannot make docsnav's git run a command of its
 * choosing. Each case plants one command-running setting (with a command that writes a marker)
 * in a real non-bare target repository that has the fix branch checked out with
 * `receive.denyCurrentBranch=updateInstead` (a push there would check the commit out through
 * its fsmonitor, filters and hooks), then runs the repair job's push (into the checked-out
 * branch: refused; into another branch: done) and the deployment's fetch from it.
 */
describe('a repository we do not own runs no command of its config', () => {
  const script = (name: string, marker: string) => {
    const file = path.join(dir, `cmd-${name}.sh`);
    writeFileSync(file, `#!/bin/sh\necho "$0 $*" >> '${marker}'\nexit 0\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const hooks = (name: string, marker: string) => {
    const folder = path.join(dir, `hooks-${name}`);
    mkdirSync(folder, { recursive: true });
    for (const hook of ['pre-receive', 'update', 'post-receive', 'post-update', 'push-to-checkout', 'reference-transaction', 'proc-receive', 'post-checkout']) {
      writeFileSync(path.join(folder, hook), `#!/bin/sh\necho ${hook} >> '${marker}'\n`);
      chmodSync(path.join(folder, hook), 0o755);
    }
    return folder;
  };
  /** Each case: the config it plants (given its command and the marker), and files it commits. */
  const cases: Array<{
    name: string;
    config: (command: string, marker: string) => Array<[string, string]>;
    commit?: Record<string, string>;
  }> = [
    { name: 'core.fsmonitor', config: (command) => [['core.fsmonitor', command]] },
    { name: 'core.hooksPath', config: (_command, marker) => [['core.hooksPath', hooks('path', marker)]] },
    { name: 'hooks in the repository', config: () => [] },
    {
      name: 'filter.<driver>',
      config: (command) => [
        ['filter.evil.smudge', command],
        ['filter.evil.clean', command],
        ['filter.evil.process', command],
        ['filter.evil.required', 'true'],
      ],
      commit: { '.gitattributes': '* filter=evil\n' },
    },
    { name: 'core.sshCommand', config: (command) => [['core.sshCommand', command]] },
    { name: 'uploadpack.packObjectsHook', config: (command) => [['uploadpack.packObjectsHook', command]] },
    {
      name: 'protocol.*.allow with a promisor remote',
      config: (command) => [
        ['protocol.allow', 'always'],
        ['protocol.ext.allow', 'always'],
        ['protocol.file.allow', 'always'],
        ['remote.evil.url', `ext::${command} %S`],
        ['remote.evil.uploadpack', command],
      ],
    },
    { name: 'core.askPass', config: (command) => [['core.askPass', command]] },
    { name: 'credential.helper', config: (command) => [['credential.helper', `!${command}`]] },
    { name: 'diff.external', config: (command) => [['diff.external', command]] },
    {
      name: 'core.pager',
      config: (command) => [
        ['core.pager', command],
        ['pager.log', 'true'],
      ],
    },
    {
      name: 'core.editor',
      config: (command) => [
        ['core.editor', command],
        ['sequence.editor', command],
      ],
    },
    // The refs it names would go to a proc-receive hook: no receive-pack runs there (the push is written pinned), so nothing does.
    { name: 'receive.procReceiveRefs', config: () => [['receive.procReceiveRefs', 'refs/heads']] },
    {
      name: 'gc after the push',
      config: (command) => [
        ['gc.auto', '1'],
        ['gc.autoDetach', 'false'],
        ['core.fsmonitor', command],
      ],
    },
    {
      name: 'safe.directory and include.path',
      config: (_command, marker) => [
        ['safe.directory', '*'],
        ['include.path', hooksConfig(marker)],
      ],
    },
  ];
  /** A config file included from the repository's config that turns hooks back on. */
  const hooksConfig = (marker: string) => {
    const file = path.join(dir, 'included-config');
    writeFileSync(file, `[core]\n\thooksPath = ${hooks('included', marker)}\n\tfsmonitor = ${script('included', marker)}\n`);
    return file;
  };

  it.each(cases)('$name: the push into the checked-out fix branch is refused, the push and the fetch run no command', async ({ name, config, commit }) => {
    const slug = name.replace(/\W+/g, '-');
    const marker = path.join(dir, `marker-${slug}`);
    const command = script(slug, marker);
    const target = exampleRepo(path.join(dir, `target-${slug}`));
    for (const [file, text] of Object.entries(commit ?? {})) commitFile(target, file, text);
    // Our cache and worktree, made before the target turns hostile.
    const cache = path.join(dir, `cache-${slug}.git`);
    const sha = await fetchBranch(cache, target, 'main', limits);
    const worktree = path.join(dir, `worktree-${slug}`);
    await addWorktree(cache, sha, worktree, limits);
    commitFile(worktree, 'docs/fixed.mdx', '# Fixed\n', 'The fix');

    git(target, 'checkout', '-q', '-b', 'docsnav/fix-1');
    git(target, 'config', 'receive.denyCurrentBranch', 'updateInstead');
    for (const [key, value] of config(command, marker)) git(target, 'config', '--add', key, value);
    // Last: the test's own git commands in the target would run them.
    for (const hook of ['pre-receive', 'update', 'post-receive', 'post-update', 'push-to-checkout', 'reference-transaction', 'proc-receive']) {
      writeFileSync(path.join(target, '.git', 'hooks', hook), `#!/bin/sh\necho ${hook} >> '${marker}'\n`);
      chmodSync(path.join(target, '.git', 'hooks', hook), 0o755);
    }

    const refused = await pushHead(worktree, target, 'docsnav/fix-1', limits).catch((error: unknown) => error);
    const other = await pushHead(worktree, target, 'docsnav/fix-2', limits).catch((error: unknown) => error);
    // The deployment's fetch (partial, then its blobs) and the repair's (whole) from the same repository.
    const deployCache = path.join(dir, `deploy-cache-${slug}.git`);
    const fetched = await fetchBranch(deployCache, target, 'docsnav/fix-1', limits, undefined, { partial: true });
    await fetchBlobs(
      deployCache,
      target,
      fetched,
      (await listFiles(deployCache, fetched, limits, { sizes: false })).map((entry) => entry.id),
      limits,
    );
    await fetchBranch(cache, target, 'docsnav/fix-1', limits);
    expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '', 'what the planted commands wrote').toBe('');
    expect(refused).toBeInstanceOf(GitError);
    expect((refused as Error).message).toMatch(/checked out in the repository's working tree/);
    expect(other).toBeUndefined();
    expect(git(target, 'rev-parse', 'refs/heads/docsnav/fix-2').trim()).toBe(git(worktree, 'rev-parse', 'HEAD').trim());
  });

  it('git itself refuses an updateInstead push into the checked-out branch when our check is not asked (denyCurrentBranch=refuse wins)', async () => {
    const marker = path.join(dir, 'marker-deny');
    const target = exampleRepo(path.join(dir, 'target-deny'));
    const cache = path.join(dir, 'cache-deny.git');
    const sha = await fetchBranch(cache, target, 'main', limits);
    const worktree = path.join(dir, 'worktree-deny');
    await addWorktree(cache, sha, worktree, limits);
    commitFile(worktree, 'docs/fixed.mdx', '# Fixed\n', 'The fix');
    git(target, 'config', 'receive.denyCurrentBranch', 'updateInstead');
    git(target, 'config', 'core.fsmonitor', script('deny', marker));
    // What pushHead runs, without its checked-out check: git's own push through the hardened receive-pack.
    const pushed = await runGit(['push', `--receive-pack=${localServiceCommand('receive-pack')}`, '--', target, 'HEAD:refs/heads/main'], {
      cwd: worktree,
      timeoutMs: 20_000,
    }).catch((error: unknown) => error);
    expect(pushed).toBeInstanceOf(GitError);
    expect((pushed as GitError).stderr).toMatch(/refusing to update checked out branch/);
    expect(existsSync(marker)).toBe(false);
  });
});
