/**
 * `docsnav diff <git-ref> [docs.json]` in process (src/cli/run.ts's `run` with a capturing
 * CliIo): the page URLs moved, removed and added since a ref, pretty (a list and its counts) and
 * json; the docs file from a path, a folder or the current folder; git's and I/O errors as one
 * line, exit 2. test/cli/history.test.ts runs the built CLI on the same from outside.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, type CliIo } from '../../src/cli/run.js';
import { docsJson, git, repoWith } from '../history/repo.js';
import { siteWith } from '../move/harness.js';

async function docsnav(...argv: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (text) => (out += text), stderr: (text) => (err += text), isTTY: false, env: {} };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}

const usage = (line: string) => ({ code: 2, stdout: '', stderr: `docsnav: ${line}\n` });

/** A site committed, then in the working tree: `quickstart` and `guides/über` moved (git mv), `old` removed, `new` and `neu/straße` added. */
function changedSite(): { repo: string; commit: string } {
  const repo = repoWith({
    'docs.json': docsJson(['index', 'quickstart', 'old', 'guides/über']),
    'index.mdx': '# Home\n',
    'quickstart.mdx': '# Quick\n',
    'old.mdx': '# Old\n',
    'guides/über.mdx': '# Über\n\nÜber uns, mit Umlauten.\n',
  });
  const commit = git(repo, 'rev-parse', 'HEAD').trim();
  git(repo, 'mv', 'quickstart.mdx', 'start.mdx');
  mkdirSync(path.join(repo, 'learn'));
  git(repo, 'mv', 'guides/über.mdx', 'learn/über.mdx');
  git(repo, 'rm', '-q', 'old.mdx');
  writeFileSync(path.join(repo, 'new.mdx'), '# New\n');
  mkdirSync(path.join(repo, 'neu'));
  writeFileSync(path.join(repo, 'neu', 'straße.mdx'), '# Straße\n');
  writeFileSync(path.join(repo, 'docs.json'), docsJson(['index', 'start', 'learn/über', 'new', 'neu/straße']));
  return { repo, commit };
}

describe('the pages since a ref', () => {
  it('pretty: moved, removed, added, then the counts; the ref and its commit (12 digits) first', async () => {
    const { repo, commit } = changedSite();
    const expected = {
      code: 0,
      stdout: [
        `Pages since HEAD (${commit.slice(0, 12)}):`,
        '  moved    /guides/über → /learn/über',
        '  moved    /quickstart → /start',
        '  removed  /old',
        '  added    /neu/straße',
        '  added    /new',
        '2 added, 1 removed, 2 moved',
        '',
      ].join('\n'),
      stderr: '',
    };
    expect(await docsnav('diff', 'HEAD', repo)).toEqual(expected);
    expect(await docsnav('diff', 'HEAD', path.join(repo, 'docs.json'), '--format', 'pretty')).toEqual(expected);
    // The ref as given, its commit the same.
    expect((await docsnav('diff', commit.slice(0, 7), repo)).stdout.split('\n')[0]).toBe(`Pages since ${commit.slice(0, 7)} (${commit.slice(0, 12)}):`);
  });

  it('json: the whole comparison, two-space indented', async () => {
    const { repo, commit } = changedSite();
    const expected = {
      ref: 'HEAD',
      commit,
      added: ['/neu/straße', '/new'],
      removed: ['/old'],
      moved: [
        { from: '/guides/über', to: '/learn/über' },
        { from: '/quickstart', to: '/start' },
      ],
    };
    for (const flag of ['--format', '-f']) {
      const result = await docsnav('diff', 'HEAD', repo, flag, 'json');
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(result.stdout)).toMatchObject(expected);
      expect(result.stdout).toBe(`${JSON.stringify(JSON.parse(result.stdout), null, 2)}\n`);
    }
  });

  it('nothing changed: no lines, the counts 0', async () => {
    const repo = repoWith({ 'docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    const commit = git(repo, 'rev-parse', 'HEAD').trim();
    expect(await docsnav('diff', 'HEAD', repo)).toEqual({
      code: 0,
      stdout: `Pages since HEAD (${commit.slice(0, 12)}):\n0 added, 0 removed, 0 moved\n`,
      stderr: '',
    });
  });

  it('no docs.json named: the current folder’s (the repository’s, which has none)', async () => {
    // No process.chdir: Stryker runs the tests on worker threads, which cannot change folder.
    const { code, stdout, stderr } = await docsnav('diff', 'HEAD');
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/^docsnav: no docs\.json, docs\.yaml, docs\.yml or mint\.json in the current folder; [^\n]*docsnav diff <git-ref> [^\n]+\n$/);
  });
});

describe('errors: one line, exit 2', () => {
  it('usage', async () => {
    expect(await docsnav('diff')).toEqual(usage('diff takes a git ref: docsnav diff <git-ref> [docs.json] (e.g. docsnav diff origin/main)'));
    expect(await docsnav('diff', '')).toEqual(usage('diff takes a git ref: docsnav diff <git-ref> [docs.json] (e.g. docsnav diff origin/main)'));
    expect(await docsnav('diff', 'HEAD', 'a', 'b')).toEqual(usage('diff takes one git ref and one docs.json'));
    expect(await docsnav('diff', 'HEAD', '--format', 'github')).toEqual(usage('--format must be one of pretty, json (got "github")'));
  });

  it('git: an unknown ref, a folder outside a repository', async () => {
    const { repo } = changedSite();
    const unknown = await docsnav('diff', 'no-such-ref', repo);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/^docsnav: unknown git ref "no-such-ref"[^\n]*\n$/);
    const outside = siteWith({ 'docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    const notGit = await docsnav('diff', 'HEAD', outside);
    expect(notGit.code).toBe(2);
    expect(notGit.stderr).toMatch(/^docsnav: [^\n]*is not in a git repository[^\n]*\n$/);
  });

  it('a docs file that cannot be read; a folder without one', async () => {
    const { repo } = changedSite();
    const missing = path.join(repo, 'missing.json');
    expect(await docsnav('diff', 'HEAD', missing)).toEqual(usage(`cannot read ${missing}: no such file or folder; check the path (ENOENT)`));
    const empty = path.join(repo, 'empty');
    mkdirSync(empty);
    expect(await docsnav('diff', 'HEAD', empty)).toEqual(
      usage(`no docs.json, docs.yaml, docs.yml or mint.json in ${empty}; name the site's file or folder (docsnav diff <git-ref> path/to/docs.json)`),
    );
  });
});
