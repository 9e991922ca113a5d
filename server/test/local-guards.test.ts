/**
 * Issue 52 items 1 and 6, each condition of the local-repository guards alone, through the code
 * that relies on it (`fetchBranch`, as a deployment and a repair fetch; `pushHead`, as a repair
 * pushes), with real git: what makes a repository a partial clone, what borrows objects, every
 * kind of entry that is not a plain file or folder, the limits of a copy (entries, bytes, time),
 * what a push may write; and the pinned folder alone (a folder moved once it is open).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitError, LocalRepoError } from '../src/repository/errors.js';
import { PinError, PinnedFolder } from '../src/repository/pinned.js';
import { fetchBranch, remoteBranches } from '../src/repository/operations/fetch.js';
import { DEFAULT_GIT_LIMITS, type GitLimits } from '../src/repository/operations/limits.js';
import { pushHead } from '../src/repository/operations/push.js';
import { addWorktree } from '../src/repository/operations/worktrees.js';
import { commitFile, exampleRepo, git, hardLinks, tempDir } from './helpers.js';

const dir = tempDir('local-guards');
const allowed = path.join(dir, 'allowed');
const outside = path.join(dir, 'outside');
mkdirSync(allowed);
mkdirSync(outside);
const limits: GitLimits = { ...DEFAULT_GIT_LIMITS, timeoutMs: 60_000, localRoots: [allowed] };
let caches = 0;

/** A fetch of `main` from `repo` into a cache of its own: the commit id, or the error's message. */
async function fetched(repo: string, extra: Partial<GitLimits> = {}): Promise<string> {
  return fetchBranch(path.join(dir, `cache-${++caches}.git`), repo, 'main', { ...limits, ...extra }).then(
    (sha) => sha,
    (error: unknown) => {
      expect(error).toBeInstanceOf(GitError);
      return `refused: ${(error as Error).message}`;
    },
  );
}

const SHA = /^[0-9a-f]{40}$/;
const PARTIAL =
  "refused: the repository is a partial clone (git fetches its missing objects from another repository); docsnav reads only a repository's own objects";

describe('a partial clone is refused: each way a config says so, alone', () => {
  it('a real partial clone (git clone --filter=blob:none of a repository served with uploadpack.allowFilter), its branch checked out', async () => {
    const source = exampleRepo(path.join(outside, 'partial-source'));
    git(source, 'config', 'uploadpack.allowFilter', 'true');
    const clone = path.join(allowed, 'partial');
    git(dir, 'clone', '-q', '--filter=blob:none', `file://${source}`, clone);
    // What makes it one, and that its tip's files are all there (a copy of it would deploy).
    expect(readFileSync(path.join(clone, '.git', 'config'), 'utf8')).toMatch(/\n\tpromisor = true\n/);
    expect(git(clone, 'cat-file', '-p', 'HEAD:docs/docs.json').length).toBeGreaterThan(0);
    expect(await fetched(clone)).toBe(PARTIAL);
  });

  const cases: Array<[string, string, string | RegExp]> = [
    ['remote.<name>.promisor alone', '[remote "origin"]\n\turl = /elsewhere\n\tpromisor = true\n', PARTIAL],
    ['extensions.partialClone alone', '[extensions]\n\tpartialClone = origin\n', PARTIAL],
    ['neither: "promisor" in a value', '[remote "origin"]\n\turl = /srv/promisor.git\n', SHA],
    ['neither: a key that ends in "promisor"', '[x]\n\tnotpromisor = true\n', SHA],
  ];
  it.each(cases)('%s', async (_name, config, expected) => {
    const repo = exampleRepo(path.join(allowed, `config-${++caches}`));
    writeFileSync(path.join(repo, '.git', 'config'), readFileSync(path.join(repo, '.git', 'config'), 'utf8') + config);
    const outcome = await fetched(repo);
    if (typeof expected === 'string') expect(outcome).toBe(expected);
    else expect(outcome).toMatch(expected);
  });

  it('in config.worktree alone', async () => {
    const repo = exampleRepo(path.join(allowed, 'config-worktree'));
    writeFileSync(path.join(repo, '.git', 'config.worktree'), '[remote "origin"]\n\tpromisor = true\n');
    expect(await fetched(repo)).toBe(PARTIAL);
  });

  it("in a linked worktree's common folder alone (the worktree's own folder has none)", async () => {
    const main = exampleRepo(path.join(allowed, 'common-main'));
    const worktree = path.join(allowed, 'common-worktree');
    git(main, 'worktree', 'add', '-q', '-b', 'wt', worktree);
    // The linked worktree deploys (its branches are its common folder's).
    expect(await fetched(worktree)).toMatch(SHA);
    writeFileSync(path.join(main, '.git', 'config'), `${readFileSync(path.join(main, '.git', 'config'), 'utf8')}[remote "origin"]\n\tpromisor = true\n`);
    expect(await fetched(worktree)).toBe(
      "refused: the repository (its commondir) is a partial clone (git fetches its missing objects from another repository); docsnav reads only a repository's own objects",
    );
  });
});

describe('borrowed objects are refused: each pointer alone', () => {
  const borrows = (pointer: string) =>
    `refused: the repository borrows objects from another repository (objects/info/${pointer}); docsnav reads only a repository's own objects`;
  it.each([
    [
      'alternates naming another repository',
      'alternates',
      (file: string) => writeFileSync(file, `${path.join(outside, 'x', 'objects')}\n`),
      borrows('alternates'),
    ],
    ['http-alternates', 'http-alternates', (file: string) => writeFileSync(file, 'https://example.com/objects\n'), borrows('http-alternates')],
    ['alternates as a link', 'alternates', (file: string) => symlinkSync('/etc/hostname', file), borrows('alternates')],
    ['an empty alternates file (git reads nothing from it)', 'alternates', (file: string) => writeFileSync(file, '\n'), SHA],
  ] as const)('%s', async (_name, pointer, plant, expected) => {
    const repo = exampleRepo(path.join(allowed, `borrow-${++caches}`));
    mkdirSync(path.join(repo, '.git', 'objects', 'info'), { recursive: true });
    plant(path.join(repo, '.git', 'objects', 'info', pointer));
    const outcome = await fetched(repo);
    if (typeof expected === 'string') expect(outcome).toBe(expected);
    else expect(outcome).toMatch(expected);
  });
});

describe('what is not a plain file or folder is refused, wherever the copy reads', () => {
  const secret = exampleRepo(path.join(outside, 'links-secret'));
  it.each([
    [
      'HEAD',
      (gitDir: string) => (rmSync(path.join(gitDir, 'HEAD')), symlinkSync(path.join(secret, '.git', 'HEAD'), path.join(gitDir, 'HEAD'))),
      'HEAD is a symbolic link',
    ],
    [
      'packed-refs',
      (gitDir: string) => (
        git(path.dirname(gitDir), 'pack-refs', '--all'),
        rmSync(path.join(gitDir, 'packed-refs')),
        symlinkSync(path.join(secret, '.git', 'packed-refs'), path.join(gitDir, 'packed-refs'))
      ),
      'packed-refs is a symbolic link',
    ],
    [
      'refs/heads',
      (gitDir: string) => (
        rmSync(path.join(gitDir, 'refs', 'heads'), { recursive: true }),
        symlinkSync(path.join(secret, '.git', 'refs', 'heads'), path.join(gitDir, 'refs', 'heads'))
      ),
      'refs/heads is a symbolic link',
    ],
    [
      'objects/pack',
      (gitDir: string) => (
        rmSync(path.join(gitDir, 'objects', 'pack'), { recursive: true }),
        symlinkSync(path.join(secret, '.git', 'objects', 'pack'), path.join(gitDir, 'objects', 'pack'))
      ),
      'objects/pack is a symbolic link',
    ],
    [
      'commondir',
      (gitDir: string) => symlinkSync(path.join(secret, '.git', 'commondir-target'), path.join(gitDir, 'commondir')),
      'commondir is a symbolic link',
    ],
    [
      'a FIFO where a loose object is (read without waiting on it)',
      (gitDir: string) => fifo(path.join(gitDir, 'objects', 'ff', 'f'.repeat(38))),
      'objects/ff/ffffffffffffffffffffffffffffffffffffff is not a regular file',
    ],
    [
      'a folder where a pack is',
      (gitDir: string) => mkdirSync(path.join(gitDir, 'objects', 'pack', `pack-${'a'.repeat(40)}.pack`), { recursive: true }),
      `objects/pack/pack-${'a'.repeat(40)}.pack is not a regular file`,
    ],
  ] as const)('%s', async (name, plant, said) => {
    const repo = exampleRepo(path.join(allowed, `kinds-${++caches}`));
    if (name === 'a folder where a pack is') writeFileSync(path.join(repo, '.git', 'objects', 'pack', `pack-${'a'.repeat(40)}.idx`), '');
    plant(path.join(repo, '.git'));
    const outcome = await fetched(repo);
    expect(outcome.startsWith(`refused: the repository's ${said}; `), outcome).toBe(true);
  });

  it('the repository path itself a link (to a folder inside the allowed folder): refused, never followed', async () => {
    const real = exampleRepo(path.join(allowed, 'real-site'));
    symlinkSync(real, path.join(allowed, 'linked-site'));
    expect(await fetched(path.join(allowed, 'linked-site'))).toBe(
      "refused: the repository's linked-site is a symbolic link; docsnav follows no link in a local repository",
    );
    expect(await fetched(real)).toMatch(SHA);
  });
});

function fifo(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const made = spawnSync('mkfifo', [file]);
  expect(made.status).toBe(0);
}

describe('a copy that cannot finish refuses the repository', () => {
  it('past the entries, bytes or time it may take (each alone), in one line; within them it deploys', async () => {
    const repo = exampleRepo(path.join(allowed, 'limits'));
    // 3,000 entries the copy walks and never reads (names that are not objects), and a 3 MB object.
    hardLinks(path.join(repo, '.git', 'objects', '00'), 3_000, 'junk-');
    writeFileSync(path.join(repo, 'docs', 'big.bin'), randomBytes(3 * 1024 * 1024));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'A big file');
    expect(await fetched(repo, { maxLocalEntries: 3_000 })).toBe(
      'refused: the repository has more than 3,000 entries in its objects and branches; docsnav copies at most that many from a local repository',
    );
    expect(await fetched(repo, { maxLocalBytes: 1024 * 1024 })).toBe(
      "refused: the repository's objects and branches are over 1 MB; docsnav copies at most that much from a local repository",
    );
    expect(await fetched(repo, { timeoutMs: 1 })).toBe(
      'refused: the repository could not be copied within 1 ms; docsnav refuses a local repository it cannot read whole',
    );
    expect(await fetched(repo, { maxLocalEntries: 10_000, maxLocalBytes: 4 * 1024 * 1024 })).toMatch(SHA);
  });
});

describe('a copy made again', () => {
  it('copies only what the repository has new; after a copy that did not end, keeps the files that are whole and copies the rest', async () => {
    const repo = exampleRepo(path.join(allowed, 'again'));
    const cache = path.join(dir, 'again-cache.git');
    const copies: Array<{ copied: number; files: number; removed: number }> = [];
    const fetch = () => fetchBranch(cache, repo, 'main', limits, undefined, { onCopied: (copy) => copies.push(copy) });
    await fetch();
    const first = copies.at(-1)!;
    expect(first.copied).toBe(first.files);
    const sha = commitFile(repo, 'docs/new.mdx', '# New\n');
    expect(await fetch()).toBe(sha);
    // A commit, two trees and a blob (loose objects), and the branch.
    expect(copies.at(-1)).toMatchObject({ copied: 5, files: first.files + 4 });
    git(repo, 'gc', '-q');
    expect(await fetch()).toBe(sha);
    expect(copies.at(-1)!.removed).toBeGreaterThan(first.files - 2); // the loose objects, now in a pack
    // A copy that did not end (its state file gone): one object cut short, one missing.
    const copy = `${cache}.local`;
    rmSync(path.join(copy, 'docsnav-copy.json'));
    const packs = readdirSync(path.join(copy, 'objects', 'pack')).filter((name) => name.endsWith('.pack'));
    const idx = readdirSync(path.join(copy, 'objects', 'pack')).find((name) => name.endsWith('.idx'))!;
    truncateSync(path.join(copy, 'objects', 'pack', packs[0]), 100);
    rmSync(path.join(copy, 'objects', 'pack', idx));
    const after = commitFile(repo, 'docs/later.mdx', '# Later\n');
    expect(await fetch()).toBe(after);
    // The pack cut short and the missing index copied again; the new commit's four objects; the
    // branches (packed-refs since the gc, and main's new loose ref): all the copy holds.
    expect(copies.at(-1)).toMatchObject({ copied: 8, files: 8 });
    expect(JSON.parse(readFileSync(path.join(copy, 'docsnav-copy.json'), 'utf8')).bytes).toBeGreaterThan(1000);
    git(copy, 'fsck', '--full');
  });
});

describe('a push into a local repository writes nothing outside it', () => {
  const ours = (name: string) => {
    const target = exampleRepo(path.join(allowed, name));
    git(target, 'checkout', '-q', '--detach');
    return target;
  };
  const fixIn = async (target: string, name: string) => {
    const cache = path.join(dir, `push-cache-${name}.git`);
    const sha = await fetchBranch(cache, target, 'main', limits);
    const worktree = path.join(dir, `push-worktree-${name}`);
    await addWorktree(cache, sha, worktree, limits);
    commitFile(worktree, 'docs/fixed.mdx', '# Fixed\n', 'The fix');
    return worktree;
  };
  const pushed = (worktree: string, target: string) =>
    pushHead(worktree, target, 'docsnav/fix-1', limits).then(
      () => 'pushed',
      (error: unknown) => `refused: ${(error as Error).message}`,
    );

  it("its refs/heads swapped for a link to a victim's: refused, the victim's branches untouched", async () => {
    const victim = exampleRepo(path.join(outside, 'push-victim'));
    const target = ours('push-refs');
    const worktree = await fixIn(target, 'refs');
    rmSync(path.join(target, '.git', 'refs', 'heads'), { recursive: true });
    symlinkSync(path.join(victim, '.git', 'refs', 'heads'), path.join(target, '.git', 'refs', 'heads'));
    expect(await pushed(worktree, target)).toBe("refused: the repository's refs/heads is a symbolic link; docsnav follows no link in a local repository");
    expect(existsSync(path.join(victim, '.git', 'refs', 'heads', 'docsnav'))).toBe(false);
  });

  it("its objects swapped for a link to a victim's: refused, no pack written there", async () => {
    const victim = exampleRepo(path.join(outside, 'push-victim-objects'));
    const target = ours('push-objects');
    const worktree = await fixIn(target, 'objects');
    renameSync(path.join(target, '.git', 'objects'), path.join(target, '.git', 'objects-aside'));
    symlinkSync(path.join(victim, '.git', 'objects'), path.join(target, '.git', 'objects'));
    const packs = () => git(victim, 'count-objects', '-v');
    const before = packs();
    expect(await pushed(worktree, target)).toBe("refused: the repository's objects is a symbolic link; docsnav follows no link in a local repository");
    expect(packs()).toBe(before);
  });

  it('a branch taken by another push meanwhile (its lock file there): refused, the branch as it was', async () => {
    const target = ours('push-locked');
    const worktree = await fixIn(target, 'locked');
    mkdirSync(path.join(target, '.git', 'refs', 'heads', 'docsnav'), { recursive: true });
    writeFileSync(path.join(target, '.git', 'refs', 'heads', 'docsnav', 'fix-1.lock'), '');
    expect(await pushed(worktree, target)).toBe('refused: the branch docsnav/fix-1 is being updated by someone else (its .lock file exists); try again');
    rmSync(path.join(target, '.git', 'refs', 'heads', 'docsnav', 'fix-1.lock'));
    expect(await pushed(worktree, target)).toBe('pushed');
    git(target, 'fsck', '--full', '--strict');
  });
});

describe('the branches project add lists, read the same way', () => {
  it("a repository whose refs/heads links to a victim's lists none of the victim's branches", async () => {
    const victim = exampleRepo(path.join(outside, 'branches-victim'));
    git(victim, 'branch', 'victim-secret-branch');
    const repo = exampleRepo(path.join(allowed, 'branches'));
    expect(await remoteBranches(repo, limits)).toEqual(['main']);
    rmSync(path.join(repo, '.git', 'refs', 'heads'), { recursive: true });
    symlinkSync(path.join(victim, '.git', 'refs', 'heads'), path.join(repo, '.git', 'refs', 'heads'));
    const error = await remoteBranches(repo, limits).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocalRepoError);
    expect((error as Error).message).toBe("the repository's refs/heads is a symbolic link; docsnav follows no link in a local repository");
  });
});

describe('a pinned folder', () => {
  it('opens nothing through a link, and refuses what it opens in a folder moved once it was open', () => {
    const root = path.join(dir, 'pinned');
    mkdirSync(path.join(root, 'a'), { recursive: true });
    writeFileSync(path.join(root, 'a', 'file'), 'text\n');
    symlinkSync(path.join(root, 'a'), path.join(root, 'link'));
    const pinned = PinnedFolder.root(root);
    try {
      const failure = (work: () => unknown) => {
        try {
          work();
        } catch (error) {
          return error instanceof PinError ? `${error.failure} ${error.relative}` : String(error);
        }
        return 'opened';
      };
      expect(failure(() => pinned.folder('link'))).toBe('link link');
      expect(failure(() => pinned.folder('missing'))).toBe('missing missing');
      const folder = pinned.folder('a');
      try {
        expect(folder.readText('file', 100)).toBe('text\n');
        // Moved (by whoever can write there) after it was opened: what is opened in it is no longer where it was found.
        renameSync(path.join(root, 'a'), path.join(root, 'b'));
        expect(failure(() => folder.readText('file', 100))).toBe('moved a/file');
      } finally {
        folder.close();
      }
    } finally {
      pinned.close();
    }
  });
});
