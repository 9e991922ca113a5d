/**
 * How a move looks at paths and at git, in process (src/move/disk.ts, messages.ts's `lookingAt`,
 * repository.ts, targets.ts): a path's absence (nothing there, or a file where a folder of the
 * path would be) is an answer, any other I/O error is said as it is, never read as "missing"; a
 * repository is looked for on disk (a `.git` above, or GIT_DIR), never in the words of git's
 * complaint; a target in a snippets folder is refused naming that folder as written. And the
 * redirects a move would add that the platform cannot read as meant are left out, with a note.
 */
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exists, lstatOrUndefined } from '../../src/move/disk.js';
import { lookingAt, MoveError } from '../../src/move/messages.js';
import { repositoryOf } from '../../src/move/repository.js';
import { prepareMove } from '../../src/move/write.js';
import { git, repoWith } from '../history/repo.js';
import type { MovePlan } from '../../src/index.js';
import { docsJson, planOn, refusalOf, siteWith } from './harness.js';

const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('looking at a path', () => {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-looking-')));
  writeFileSync(path.join(base, 'file'), 'x');

  it('nothing there, or a file where a folder would be: undefined, not there', () => {
    expect(lstatOrUndefined(path.join(base, 'none'))).toBeUndefined();
    expect(lstatOrUndefined(path.join(base, 'file', 'inside'))).toBeUndefined();
    expect(exists(path.join(base, 'file', 'inside'))).toBe(false);
    expect(lstatOrUndefined(path.join(base, 'file'))?.isFile()).toBe(true);
    expect(exists(path.join(base, 'file'))).toBe(true);
  });

  it('any other error is thrown as it is (a name too long: ENAMETOOLONG)', () => {
    const long = path.join(base, 'n'.repeat(300));
    expect(() => lstatOrUndefined(long)).toThrow(expect.objectContaining({ code: 'ENAMETOOLONG' }));
    expect(() => exists(long)).toThrow(expect.objectContaining({ code: 'ENAMETOOLONG' }));
  });

  it('lookingAt: the answer of the look; an I/O error refuses (unreadable) saying it; a refusal passes as it is', () => {
    expect(lookingAt('a.mdx', () => 7)).toBe(7);
    const denied = () => {
      throw errno('EACCES');
    };
    expect(refusalOf(() => lookingAt('guides/a.mdx', denied))).toEqual({
      reason: 'unreadable',
      data: { file: 'guides/a.mdx', why: 'permission denied; run as a user who may read it, or change its permissions (EACCES)' },
      message: 'cannot read guides/a.mdx: permission denied; run as a user who may read it, or change its permissions (EACCES)',
    });
    const refusal = new MoveError('symlink', { path: 'x' }, 'x is a symlink');
    let caught: unknown;
    try {
      lookingAt('y', () => {
        throw refusal;
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(refusal);
  });

  it('a move through a path too long to look at is refused as unreadable, naming it', () => {
    const root = siteWith({ 'docs.json': docsJson(['index', 'a']), 'index.mdx': '# Home\n', 'a.mdx': '# A\n' });
    const refusal = refusalOf(() => planOn(root, { from: 'a.mdx', to: `${'n'.repeat(300)}/a.mdx` }));
    expect(refusal.reason).toBe('unreadable');
    expect(refusal.data.why).toMatch(/ENAMETOOLONG/);
  });
});

describe('a plan written to a site where one of its paths cannot be looked at', () => {
  const files = { 'docs.json': docsJson(['index', 'a']), 'index.mdx': '# Home\n\n[A](/a)\n', 'a.mdx': '# A\n' };
  const long = `${'n'.repeat(300)}.mdx`;

  it.each([
    ['the file a change rewrites', (plan: MovePlan) => ({ ...plan, changes: [{ ...plan.changes[0], file: long }] })],
    ['the file a request moves', (plan: MovePlan) => ({ ...plan, requests: [{ from: long, to: 'b.mdx' }] })],
    ['where a request moves it', (plan: MovePlan) => ({ ...plan, requests: [{ from: 'a.mdx', to: long }] })],
  ])('%s: refused as unreadable, naming it, and nothing is written', (_name, change) => {
    const root = siteWith(files);
    const refusal = refusalOf(() => prepareMove(change(planOn(root, { from: 'a.mdx', to: 'b.mdx' }))));
    expect(refusal).toMatchObject({ reason: 'unreadable', data: { file: long } });
    expect(refusal.data.why).toMatch(/ENAMETOOLONG/);
    expect(exists(path.join(root, '.docsnav-mv'))).toBe(false);
  });
});

describe('the repository of a docs root', () => {
  const saved = { PATH: process.env.PATH, GIT_DIR: process.env.GIT_DIR };
  afterEach(() => {
    process.env.PATH = saved.PATH;
    if (saved.GIT_DIR === undefined) delete process.env.GIT_DIR;
    else process.env.GIT_DIR = saved.GIT_DIR;
  });

  it('none when no .git is above the root and no GIT_DIR is set', () => {
    expect(repositoryOf(siteWith({ 'a.mdx': '' }))).toBeUndefined();
  });

  it('GIT_DIR naming a repository git cannot read: refused, not "no repository"', () => {
    const root = siteWith({ 'a.mdx': '' });
    process.env.GIT_DIR = path.join(root, 'no-such-git-folder');
    expect(refusalOf(() => repositoryOf(root))).toMatchObject({ reason: 'gitUnreadable', data: { root } });
  });

  it('git not installed: no repository where none is above, a refusal where one is', () => {
    const plain = siteWith({ 'a.mdx': '' });
    const repo = repoWith({ 'a.mdx': '' });
    process.env.PATH = mkdtempSync(path.join(tmpdir(), 'docsnav-no-git-'));
    expect(repositoryOf(plain)).toBeUndefined();
    expect(refusalOf(() => repositoryOf(repo))).toMatchObject({
      reason: 'gitUnreadable',
      data: { root: repo, why: 'git rev-parse failed: git is not installed (or not on PATH)' },
    });
  });

  it('a .git that git cannot read (another owner, a broken folder): refused with what git said', () => {
    const root = siteWith({ 'a.mdx': '' });
    mkdirSync(path.join(root, '.git'));
    const refusal = refusalOf(() => repositoryOf(root));
    expect(refusal).toMatchObject({ reason: 'gitUnreadable', data: { root } });
    expect(refusal.data.why).toMatch(/not a git repository/);
  });

  it('a repository: its top, git folder and the root inside it', () => {
    const top = repoWith({ 'docs/a.mdx': '' });
    expect(repositoryOf(path.join(top, 'docs'))).toEqual({ top, gitDir: path.join(top, '.git'), prefix: 'docs/' });
    expect(git(top, 'rev-parse', '--show-toplevel').trim()).toBe(top);
  });
});

describe('a target in a snippets folder', () => {
  const root = siteWith({ 'docs.json': docsJson(['index', 'guides/a']), 'index.mdx': '# Home\n', 'guides/a.mdx': '# A\n' });
  it.each([
    ['snippets/a.mdx', 'snippets', 'snippets/a.mdx'],
    ['Snippets/deep/a.mdx', 'Snippets', 'Snippets/deep/a.mdx'],
    ['_snippets/a.mdx', '_snippets', '_snippets/a.mdx'],
    // A folder moved: said by the first page it would take there.
    ['_SNIPPETS', '_SNIPPETS', '_SNIPPETS/a.mdx'],
  ])('to %s: refused, naming %s/', (to, folder, shown) => {
    const request = to.endsWith('.mdx') ? { from: 'guides/a.mdx', to } : { from: 'guides', to };
    expect(refusalOf(() => planOn(root, request)).message).toBe(
      `${shown} is in ${folder}/ (parts of pages, not pages): the platform does not serve pages there, so the page would leave the site`,
    );
  });

  it('a folder whose name only begins like one is no snippets folder', () => {
    expect(planOn(root, { from: 'guides/a.mdx', to: 'snippetsx/a.mdx' }).files).toEqual([{ from: 'guides/a.mdx', to: 'snippetsx/a.mdx' }]);
  });
});

describe('a redirect the platform cannot read as meant is not added', () => {
  const pages = (name: string) => ({ 'docs.json': docsJson(['index', name]), 'index.mdx': '# Home\n', [`${name}.mdx`]: '# Page\n' });

  it.each([
    ['a#b', /^Redirect source "\/a#b" has a `#fragment`/],
    ['why?', /^Redirect source "\/why\?" has a `\?query`/],
    ['v1:beta', /^a `:` or `\*` in it would be read as a pattern$/],
  ])('from /%s: none added, a note says why', (name, why) => {
    const plan = planOn(siteWith(pages(name)), { from: `${name}.mdx`, to: 'moved.mdx' });
    expect(plan.redirects.added).toEqual([]);
    expect(plan.notes).toHaveLength(1);
    const [note] = plan.notes;
    expect(note).toMatchObject({ id: 'unwritableRedirect', file: 'docs.json' });
    const prefix = `no redirect from the old URL /${name} was added: `;
    expect(note.message.startsWith(prefix)).toBe(true);
    expect(note.message.slice(prefix.length)).toMatch(why);
  });

  // The destination's own trouble is redirect-syntax's: a `*` (or `:name`) the source does not have.
  it('to a URL with a `*`: none added, a note says why', () => {
    const plan = planOn(siteWith(pages('plain')), { from: 'plain.mdx', to: 'st*r.mdx' });
    expect(plan.redirects.added).toEqual([]);
    expect(plan.notes.map((note) => [note.id, note.message])).toEqual([
      [
        'unwritableRedirect',
        'no redirect from the old URL /plain was added: Redirect destination has one `*` but the source "/plain" has none: the platform fills the extra ones with nothing.',
      ],
    ]);
  });

  it('from a URL with a space: added, as written', () => {
    const plan = planOn(siteWith(pages('Old Name')), { from: 'Old Name.mdx', to: 'moved.mdx' });
    expect(plan.redirects.added.map(({ source, destination }) => [source, destination])).toEqual([['/Old Name', '/moved']]);
    expect(plan.notes).toEqual([]);
  });
});

// A folder that may not be searched is EACCES only for a user who is not root (root searches every folder).
describe.runIf(process.getuid?.() !== 0)('a folder that may not be searched', () => {
  it('is said as EACCES, not as a missing path', () => {
    const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-looking-')));
    mkdirSync(path.join(base, 'closed'));
    chmodSync(path.join(base, 'closed'), 0o000);
    try {
      expect(() => lstatOrUndefined(path.join(base, 'closed', 'a'))).toThrow(expect.objectContaining({ code: 'EACCES' }));
    } finally {
      chmodSync(path.join(base, 'closed'), 0o700);
    }
  });
});
