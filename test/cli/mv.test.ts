/**
 * `docsnav mv` as users run it (the built CLI, in a git repository): the move made with git mv,
 * the site whole afterwards (`validate --since` the commit before says nothing); `--dry-run`
 * writes nothing and prints the diff `git apply` makes the same move from; a refusal is one line
 * and changes nothing; a write that fails puts everything back, the git index included.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { git, repoWith, write } from '../history/repo.js';

const cli = path.resolve('dist/cli/main.js');

function docsnav(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const DOCS = `${JSON.stringify(
  {
    navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/a', 'guides/b'] }] },
    redirects: [{ source: '/first', destination: '/guides/a' }],
    // The settings the platform requires (the default profile checks them).
    name: 'Docs',
    theme: 'mint',
    colors: { primary: '#0D9373' },
  },
  null,
  2,
)}\n`;

function site(): Record<string, string> {
  return {
    'docs.json': DOCS,
    'index.mdx': '# Home\n\nStart with [A](/guides/a) and [B](guides/b#b).\n',
    'guides/a.mdx': '# A\n\nThen [B](./b).\n',
    'guides/b.mdx': '# B\n\nBack to [A](./a#a).\n',
    'z-last.mdx': '# Z\n\n[A](/guides/a)\n',
  };
}

/** The working tree (every file and its text, .git left out), what git status says, and the index's entries. */
function state(repo: string): { files: Record<string, string>; status: string; index: string } {
  const files: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(repo, relative), { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        files[`${child}/`] = 'folder';
        walk(child);
      } else files[child] = readFileSync(path.join(repo, child), 'utf8');
    }
  };
  walk('');
  return { files, status: git(repo, 'status', '--porcelain=v1', '-uall'), index: git(repo, 'ls-files', '-s') };
}

const immutable: string[] = [];
afterEach(() => {
  for (const file of immutable.splice(0)) lock(file, false);
});

/** A file no write can change, even root's (chattr +i; chmod for other users). */
function lock(file: string, on = true): void {
  if (process.getuid?.() === 0) {
    const run = spawnSync('chattr', [on ? '+i' : '-i', file]);
    if (run.status !== 0) throw new Error(`chattr: ${run.stderr.toString()}`);
  } else {
    spawnSync('chmod', [on ? 'a-w' : 'u+w', file]);
  }
  if (on) immutable.push(file);
}

describe('docsnav mv', () => {
  it('moves a tracked page with git mv, rewrites its entry, links and redirects, and the site stays whole', () => {
    const repo = repoWith(site());
    const run = docsnav(['mv', 'guides/a.mdx', 'start/a.mdx'], repo);
    expect(run.stderr).toBe(
      'docsnav: moved guides/a.mdx → start/a.mdx (1 page); rewrote 1 navigation entry and 4 links in 5 files; 1 redirect added, 1 re-pointed\n' +
        'docsnav: the move added no problem; the site had none before it\n',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('✔ no problems\n');
    expect(git(repo, 'status', '--porcelain=v1')).toContain('RM guides/a.mdx -> start/a.mdx\n');
    expect(readFileSync(path.join(repo, 'start/a.mdx'), 'utf8')).toBe('# A\n\nThen [B](../guides/b).\n');
    expect(readFileSync(path.join(repo, 'guides/b.mdx'), 'utf8')).toBe('# B\n\nBack to [A](../start/a#a).\n');
    expect(readFileSync(path.join(repo, 'index.mdx'), 'utf8')).toBe('# Home\n\nStart with [A](/start/a) and [B](guides/b#b).\n');
    const docs = JSON.parse(readFileSync(path.join(repo, 'docs.json'), 'utf8'));
    expect(docs.navigation.groups[0].pages).toEqual(['index', 'start/a', 'guides/b']);
    expect(docs.redirects).toEqual([
      { source: '/first', destination: '/start/a' },
      { source: '/guides/a', destination: '/start/a' },
    ]);
    const since = docsnav(['validate', '--since', 'HEAD', '--format', 'json'], repo);
    expect(JSON.parse(since.stdout)[0].problems).toEqual([]);
    expect(since.code).toBe(0);
  });

  it('moves a folder; an untracked page is renamed; a problem the site had before is counted, not reported (exit 0)', () => {
    const repo = repoWith(site());
    write(repo, { 'guides/new.mdx': '# New\n\n[missing](/nowhere)\n' });
    const run = docsnav(['mv', 'guides', 'learn', '--format', 'json'], repo);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)[0].problems).toEqual([]);
    expect(run.stderr).toContain('docsnav: the move added no problem; the site had 1 problem before it (1 error, 0 warnings): docsnav validate lists them\n');
    expect(existsSync(path.join(repo, 'guides'))).toBe(false);
    expect(git(repo, 'status', '--porcelain=v1', '-uall').split('\n').filter(Boolean).sort()).toEqual([
      ' M docs.json',
      ' M index.mdx',
      ' M z-last.mdx',
      '?? learn/new.mdx',
      'R  guides/a.mdx -> learn/a.mdx',
      'R  guides/b.mdx -> learn/b.mdx',
    ]);
  });

  it('works outside a git repository, from another folder, with the docs.json named', () => {
    const top = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-mv-')));
    write(path.join(top, 'docs'), site());
    const run = docsnav(['mv', 'docs/guides/b.mdx', 'docs/guides/c.mdx', 'docs'], top);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(top, 'docs/guides/c.mdx'), 'utf8')).toBe('# B\n\nBack to [A](./a#a).\n');
    expect(readFileSync(path.join(top, 'docs/index.mdx'), 'utf8')).toContain('[B](guides/c#b)');
  });

  it('--dry-run writes nothing, and git apply of its diff makes the same move', () => {
    const repo = repoWith(site());
    const before = state(repo);
    const dry = docsnav(['mv', 'guides', 'learn', '--dry-run'], repo);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toMatch(
      /^docsnav: would move guides → learn \(2 pages\); would rewrite 2 navigation entries and 3 links in 3 files; 2 redirects added, 1 re-pointed\n$/,
    );
    expect(state(repo)).toEqual(before);
    expect(dry.stdout).toContain('diff --git a/guides/a.mdx b/learn/a.mdx\nrename from guides/a.mdx\nrename to learn/a.mdx\n');

    const copy = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-mv-copy-')));
    cpSync(repo, copy, { recursive: true });
    writeFileSync(path.join(copy, 'change.diff'), dry.stdout);
    // The copy's files are new to its index (times, inodes): git looks at them again first.
    git(copy, 'status', '--porcelain');
    git(copy, 'apply', '--index', 'change.diff');
    git(copy, 'rm', '-q', '--cached', '--ignore-unmatch', 'change.diff');
    const applied = state(copy);
    delete applied.files['change.diff'];
    expect(docsnav(['mv', 'guides', 'learn'], repo).code).toBe(0);
    git(repo, 'add', '-A');
    git(copy, 'add', '-A', '--', '.', ':!change.diff');
    expect(applied.files).toEqual(state(repo).files);
    expect(git(copy, 'ls-files', '-s')).toBe(git(repo, 'ls-files', '-s'));
  });

  it('refuses with one line (exit 2) and changes nothing', () => {
    const repo = repoWith(site());
    const before = state(repo);
    const run = docsnav(['mv', 'guides/a.mdx', 'guides/b.mdx'], repo);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'docsnav: cannot move guides/a.mdx: guides/b.mdx exists already: docsnav does not replace a file or merge folders\n',
    });
    expect(state(repo)).toEqual(before);
    expect(docsnav(['mv', 'guides/a.mdx'], repo).stderr).toMatch(/^docsnav: mv takes a page \(or folder\) and where it goes: .*\n$/);
  });

  it('a write that fails puts everything back: files, folders and the git index', () => {
    const repo = repoWith(site());
    const before = state(repo);
    // The last file the move writes cannot be written: the moves and the writes before it are undone.
    lock(path.join(repo, 'z-last.mdx'));
    const run = docsnav(['mv', 'guides/a.mdx', 'start/deeper/a.mdx'], repo);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^docsnav: cannot move guides\/a\.mdx: the move failed \(.*z-last\.mdx: .*\); everything written and moved was put back as it was, the git index too\n$/,
    );
    expect(state(repo)).toEqual(before);
    expect(existsSync(path.join(repo, 'start'))).toBe(false);
  });

  it('a move that fails (nothing can be written in the page’s folder) puts back the folders made for it', () => {
    const repo = repoWith(site());
    const before = state(repo);
    lock(path.join(repo, 'guides'));
    const run = docsnav(['mv', 'guides/a.mdx', 'start/deeper/a.mdx'], repo);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^docsnav: cannot move guides\/a\.mdx: the move failed \(.*guides\/.*\); everything written and moved was put back as it was, the git index too\n$/,
    );
    expect(state(repo)).toEqual(before);
  });
});
