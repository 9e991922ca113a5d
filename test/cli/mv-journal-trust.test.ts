/**
 * A move journal docsnav did not write for this user and this docs root holds nothing (issue 66):
 * `docsnav mv`, `--continue` and `--abort` (the built CLI) each refuse it in one line that says it
 * is not ours and how to remove it (exit 2), and nothing it names happens. The crafted journals:
 *
 * - one with no seal of ours, otherwise well-made: it writes its bytes over a page whose hash anyone
 *   knows (an empty file) — what a site arriving as files can carry;
 * - sealed with this user's key (a key that leaked, or a bug of ours), each with one thing wrong, so
 *   that each check is seen on its own: a root of `.` or another absolute folder, `../` in a request
 *   or a change, a `top` naming another repository of the user's or one inside the site with a
 *   `core.fsmonitor` command (a harmless marker command, asserted never run), index entries outside
 *   the docs root, an `old/` copy that is not the file as it was, new bytes that are not the plan's;
 * - one in a `.git` another user may write, made by that user (a real second user, made here as
 *   root), holding a journal sealed with our key (a replay of one we wrote): its owner refuses it.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalKey, sealedPlan } from '../../src/move/journal-seal.js';
import { forward } from '../../src/move/journal.js';
import { prepareMove } from '../../src/move/write.js';
import { git, repoWith, write } from '../history/repo.js';
import { planOn } from '../move/harness.js';
import { otherUser } from '../other-user.js';

const cli = path.resolve('dist/cli/main.js');

function docsnav(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: run.status, stderr: run.stderr };
}

const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

const DOCS = `${JSON.stringify({ navigation: { pages: ['index', 'a', 'empty'] } }, null, 2)}\n`;
const SITE = { 'docs.json': DOCS, 'index.mdx': '# Home\n\n[A](/a)\n', 'a.mdx': '# A\n', 'empty.mdx': '' };

/** A plan as docsnav writes one (version 2), with `more` in place of its parts. */
function planWith(root: string, more: Record<string, unknown>): Record<string, unknown> {
  return { version: 2, id: '0123456789abcdef', pid: 1, started: '2025-01-01T00:00:00.000Z', root, requests: [], folders: [], changes: [], index: [], ...more };
}

interface Planted {
  /** The journal folder. */
  folder: string;
  /** The root the seal binds to (this run's, unless a case names another). */
  sealRoot: string;
  plan: Record<string, unknown>;
  /** `ours`: sealed with this user's key; `forged`: a seal line with bytes of no one's key. */
  seal: 'ours' | 'forged';
  after?: Buffer;
  old?: Buffer[];
}

/** Writes a journal folder as a crafted one would be laid out. */
function plant({ folder, sealRoot, plan, seal, after, old }: Planted): void {
  mkdirSync(folder, { mode: 0o700 });
  writeFileSync(path.join(folder, 'after'), after ?? Buffer.alloc(0));
  mkdirSync(path.join(folder, 'old'));
  (old ?? []).forEach((bytes, n) => writeFileSync(path.join(folder, 'old', String(n)), bytes));
  const key = journalKey(sealRoot);
  if (!('key' in key)) throw new Error(`no key: ${key.refused}`);
  const bytes =
    seal === 'ours'
      ? sealedPlan({ root: sealRoot, key }, folder, plan)
      : Buffer.concat([Buffer.from(`docsnav-mv hmac-sha256:${randomBytes(32).toString('hex')}\n`), Buffer.from(JSON.stringify(plan))]);
  writeFileSync(path.join(folder, 'plan.json'), bytes);
}

/** Every way a user meets the journal: a new move, --continue, --abort; each refuses in the one line (exit 2) with `why`, and the journal stays. */
function expectRefusedEverywhere(root: string, folder: string, cwd: string, why: string | RegExp): void {
  const line = (verb: string) =>
    new RegExp(
      `^docsnav: cannot ${verb}: ${escape(folder)} is not a move journal docsnav wrote for ${escape(root)} as this user \\((.*)\\): nothing in it was used; remove it with rm -r ${escape(folder)}\\n$`,
    );
  for (const [args, verb] of [
    [['mv', 'index.mdx', 'home.mdx', path.join(root, 'docs.json')], 'move index.mdx'],
    [['mv', '--continue', path.join(root, 'docs.json')], 'continue the move'],
    [['mv', '--abort', path.join(root, 'docs.json')], 'abort the move'],
  ] as const) {
    const run = docsnav([...args], cwd);
    expect(run.stderr, args.join(' ')).toMatch(line(verb));
    const said = line(verb).exec(run.stderr)![1];
    if (typeof why === 'string') expect(said).toBe(why);
    else expect(said).toMatch(why);
    expect(run.code).toBe(2);
    expect(existsSync(path.join(folder, 'plan.json'))).toBe(true);
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A folder standing for the user's home, with the site in it (outside git), and the home's files. */
function homeWithSite(): { home: string; root: string } {
  const home = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-home-')));
  const root = path.join(home, 'site');
  write(root, SITE);
  write(home, { 'outside.txt': 'mine\n' });
  return { home, root };
}

describe('a move journal that is not ours', () => {
  it('with no seal of ours, it writes nothing over a page whose hash anyone knows (an empty file)', () => {
    const { home, root } = homeWithSite();
    const folder = path.join(root, '.docsnav-mv');
    const evil = Buffer.from('<script>alert(1)</script>\n');
    plant({
      folder,
      sealRoot: root,
      seal: 'forged',
      plan: planWith(root, {
        changes: [{ file: 'empty.mdx', movedTo: 'empty.mdx', before: sha(''), after: sha(evil), offset: 0, length: evil.length, kept: 'copy' }],
      }),
      after: evil,
      old: [Buffer.alloc(0)],
    });
    expectRefusedEverywhere(root, folder, home, 'its seal does not hold for this user and this docs root');
    expect(readFileSync(path.join(root, 'empty.mdx'), 'utf8')).toBe('');
  });

  it.each([
    ['an absolute root other than this one', (home: string) => home, (home: string) => home],
    ['the root "."', () => '.', (home: string) => home],
  ])('names %s: nothing of the user home is renamed', (_name, planRoot, cwdOf) => {
    const { home, root } = homeWithSite();
    write(root, { 'evil.mdx': 'export PS1=pwned\n' });
    const folder = path.join(root, '.docsnav-mv');
    // Undone, it would rename <its root>/site/evil.mdx to <its root>/.bash_profile.
    plant({ folder, sealRoot: root, seal: 'ours', plan: planWith(planRoot(home), { requests: [{ from: '.bash_profile', to: 'site/evil.mdx' }] }) });
    expectRefusedEverywhere(root, folder, cwdOf(home), /^it is for the docs root ".*", not /);
    expect(existsSync(path.join(home, '.bash_profile'))).toBe(false);
    expect(readFileSync(path.join(root, 'evil.mdx'), 'utf8')).toBe('export PS1=pwned\n');
  });

  it('has ../ in a request: no file outside the root is made', () => {
    const { home, root } = homeWithSite();
    write(root, { 'evil.mdx': 'export PS1=pwned\n' });
    const folder = path.join(root, '.docsnav-mv');
    plant({ folder, sealRoot: root, seal: 'ours', plan: planWith(root, { requests: [{ from: '../.bash_profile', to: 'evil.mdx' }] }) });
    expectRefusedEverywhere(root, folder, home, /^it names a move outside the docs root/);
    expect(existsSync(path.join(home, '.bash_profile'))).toBe(false);
  });

  it('has ../ in a change: no file outside the root is written', () => {
    const { home, root } = homeWithSite();
    const folder = path.join(root, '.docsnav-mv');
    const evil = Buffer.from('pwned\n');
    plant({
      folder,
      sealRoot: root,
      seal: 'ours',
      plan: planWith(root, {
        changes: [{ file: '../outside.txt', movedTo: '../outside.txt', before: sha('mine\n'), after: sha(evil), offset: 0, length: evil.length, kept: 'copy' }],
      }),
      after: evil,
      old: [Buffer.from('mine\n')],
    });
    expectRefusedEverywhere(root, folder, home, /^it names a file to rewrite outside the docs root/);
    expect(readFileSync(path.join(home, 'outside.txt'), 'utf8')).toBe('mine\n');
  });

  it('has an old/ copy that is not the file as it was, or new bytes not its plan names: neither is written', () => {
    const repo = repoWith(SITE);
    // A genuine journal, cut short after the texts were renamed over their files (as kill -9 leaves it).
    const { folder, journal } = prepareMove(planOn(repo, { from: 'a.mdx', to: 'b.mdx' }));
    const steps = forward(folder, journal);
    for (let i = 0; i < journal.changes.length * 2; i++) steps.next();
    const changed = journal.changes.findIndex((change) => change.file === 'index.mdx');
    const rewritten = readFileSync(path.join(repo, 'index.mdx'), 'utf8');
    rmSync(path.join(folder, 'old', String(changed)));
    writeFileSync(path.join(folder, 'old', String(changed)), 'not the old text\n');
    const run = docsnav(['mv', '--abort'], repo);
    expect(run.stderr).toBe(
      `docsnav: cannot abort the move: ${folder} is not a move journal docsnav wrote for ${repo} as this user (its old/${changed} is not index.mdx as it was): nothing in it was used; remove it with rm -r ${folder}\n`,
    );
    expect(run.code).toBe(2);
    expect(readFileSync(path.join(repo, 'index.mdx'), 'utf8')).toBe(rewritten);

    const other = repoWith(SITE);
    const second = prepareMove(planOn(other, { from: 'a.mdx', to: 'b.mdx' }));
    writeFileSync(path.join(second.folder, 'after'), Buffer.alloc(readFileSync(path.join(second.folder, 'after')).length, 'x'));
    const continued = docsnav(['mv', '--continue'], other);
    expect(continued.stderr).toMatch(/ \(its new text of [^ ]+ is not the one its plan names\): nothing in it was used; /);
    expect(continued.code).toBe(2);
    expect(readFileSync(path.join(other, 'index.mdx'), 'utf8')).toBe(SITE['index.mdx']);
    expect(readFileSync(path.join(other, 'docs.json'), 'utf8')).toBe(DOCS);
  });
});

describe('a move journal naming a repository', () => {
  it("names another repository of the user's as its top: that repository's index is not touched", () => {
    const repo = repoWith(SITE);
    const another = repoWith({ 'a.mdx': '# Theirs\n' });
    const index = git(another, 'ls-files', '-s');
    const object = index.split(' ')[1];
    const folder = path.join(repo, '.git', 'docsnav-mv');
    plant({
      folder,
      sealRoot: repo,
      seal: 'ours',
      plan: planWith(repo, { top: another, requests: [{ from: 'a.mdx', to: 'b.mdx' }], index: [{ mode: '100644', object, from: 'a.mdx', to: 'b.mdx' }] }),
    });
    expectRefusedEverywhere(repo, folder, repo, `it names the repository ${JSON.stringify(another)}, not ${repo}`);
    expect(git(another, 'ls-files', '-s')).toBe(index);
  });

  it('names a repository inside the site (outside git) whose core.fsmonitor is a command: git never runs there', () => {
    const { home, root } = homeWithSite();
    const inner = path.join(root, 'vendor');
    mkdirSync(inner);
    git(inner, 'init', '-q');
    write(inner, { 'a.mdx': '# A\n' });
    git(inner, 'add', '-A');
    const marker = path.join(home, 'fsmonitor-ran');
    git(inner, 'config', 'core.fsmonitor', `touch ${marker}; false`);
    const object = git(inner, 'ls-files', '-s').split(' ')[1];
    rmSync(marker, { force: true });
    const folder = path.join(root, '.docsnav-mv');
    plant({
      folder,
      sealRoot: root,
      seal: 'ours',
      plan: planWith(root, { top: inner, requests: [{ from: 'a.mdx', to: 'b.mdx' }], index: [{ mode: '100644', object, from: 'a.mdx', to: 'b.mdx' }] }),
    });
    expectRefusedEverywhere(root, folder, home, `it names the repository ${JSON.stringify(inner)}, and ${root} is in none`);
    expect(existsSync(marker)).toBe(false);
  });

  it('has index entries outside the docs root: the index is not touched', () => {
    const top = repoWith({ 'README.md': '# Repo\n', ...Object.fromEntries(Object.entries(SITE).map(([name, text]) => [`docs/${name}`, text])) });
    const root = path.join(top, 'docs');
    const index = git(top, 'ls-files', '-s');
    const object = index
      .split('\n')
      .find((line) => line.endsWith('\tREADME.md'))!
      .split(' ')[1];
    const folder = path.join(top, '.git', 'docsnav-mv');
    plant({
      folder,
      sealRoot: root,
      seal: 'ours',
      plan: planWith(root, { top, requests: [{ from: 'a.mdx', to: 'b.mdx' }], index: [{ mode: '100644', object, from: 'README.md', to: 'docs/b.mdx' }] }),
    });
    expectRefusedEverywhere(root, folder, top, /^it names an index entry outside the docs root/);
    expect(git(top, 'ls-files', '-s')).toBe(index);
  });
});

describe('a move journal in a .git another user may write', () => {
  const other = otherUser();
  it.runIf('uid' in other)('made by that user (a replay of one sealed with our key): refused by its owner, and nothing moves', () => {
    if (!('uid' in other)) return;
    const repo = repoWith(SITE);
    chmodSync(path.join(repo, '.git'), 0o777);
    const folder = path.join(repo, '.git', 'docsnav-mv');
    plant({ folder, sealRoot: repo, seal: 'ours', plan: planWith(repo, { requests: [{ from: 'a.mdx', to: 'b.mdx' }] }) });
    for (const file of [folder, path.join(folder, 'plan.json'), path.join(folder, 'after'), path.join(folder, 'old')]) chownSync(file, other.uid, other.gid);
    expectRefusedEverywhere(repo, folder, repo, `it belongs to user ${other.uid}, not to this process's user (0)`);
    expect(existsSync(path.join(repo, 'a.mdx'))).toBe(true);
    expect(existsSync(path.join(repo, 'b.mdx'))).toBe(false);
  });
  it.skipIf('uid' in other)(`needs a second user: ${'missing' in other ? other.missing : ''}`, () => {});

  it('one of ours that other users may write (mode 777) is refused too', () => {
    const repo = repoWith(SITE);
    const folder = path.join(repo, '.git', 'docsnav-mv');
    plant({ folder, sealRoot: repo, seal: 'ours', plan: planWith(repo, { requests: [{ from: 'a.mdx', to: 'b.mdx' }] }) });
    chmodSync(folder, 0o777);
    expectRefusedEverywhere(repo, folder, repo, 'it may be written by other users (mode 0777)');
    expect(existsSync(path.join(repo, 'a.mdx'))).toBe(true);
  });

  it('a journal sealed for this root and user that fits is ours: --continue finishes it (the seal is what the others lack)', () => {
    const repo = repoWith(SITE);
    const folder = path.join(repo, '.git', 'docsnav-mv');
    plant({ folder, sealRoot: repo, seal: 'ours', plan: planWith(repo, { requests: [{ from: 'a.mdx', to: 'b.mdx' }] }) });
    const run = docsnav(['mv', '--continue'], repo);
    expect(run.stderr).toBe('docsnav: finished the move a.mdx → b.mdx\n');
    expect(run.code).toBe(0);
    expect(existsSync(path.join(repo, 'b.mdx'))).toBe(true);
    expect(existsSync(folder)).toBe(false);
  });
});
