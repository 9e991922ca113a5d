/**
 * scripts/ci-due.mjs, the predicate that decides whether CI runs a step that guards some rooms (the
 * server's slow suite): in real git repositories, every way a change reaches a room or not, every
 * way a release is cut, and the command line's exit codes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commandLine, due } from '../scripts/ci-due.mjs';
import { git, repoWith, write } from './history/repo.js';
import { hangGuard } from './time-scale.mjs';

const SCRIPT = fileURLToPath(new URL('../scripts/ci-due.mjs', import.meta.url));
const ROOMS = ['server/src/repository', 'server/test/slow'];

/** A repository shaped as this one: both packages' package.json, a room's files and a file outside the rooms. */
function repository(): { repo: string; base: string } {
  const repo = repoWith({
    'package.json': `${JSON.stringify({ name: 'docsnav', version: '0.1.0' }, null, 2)}\n`,
    'server/package.json': `${JSON.stringify({ name: '@docsnav/server', version: '0.1.0' }, null, 2)}\n`,
    'server/src/repository/local.ts': 'export const cap = 1;\n',
    'server/src/repository-extra/other.ts': 'export const other = 1;\n',
    'server/src/search/index.ts': 'export const search = 1;\n',
    'server/test/slow/walk.test.ts': 'it("walks", () => {});\n',
    'server/test/slow/links.test.ts': 'it("links", () => {});\n',
    'src/validate.ts': 'export const validate = 1;\n',
  });
  return { repo, base: git(repo, 'rev-parse', 'HEAD').trim() };
}

function commit(repo: string, files: Record<string, string>, message = 'change'): void {
  write(repo, files);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
}

const bumped = (name: string, version: string) => `${JSON.stringify({ name, version }, null, 2)}\n`;

describe('a step that guards rooms is due', () => {
  it('when a committed file under a room changed since the base, naming it', () => {
    const { repo, base } = repository();
    commit(repo, { 'server/src/repository/local.ts': 'export const cap = 2;\n' });
    const answer = due({ root: repo, base, rooms: ROOMS });
    expect(answer.due).toBe(true);
    expect(answer.why).toMatch(/^1 file\(s\) under its rooms changed since [0-9a-f]{12}: server\/src\/repository\/local\.ts$/);
  });

  it('when a file is added under a room, deleted from one, or moved out of one (both names count)', () => {
    for (const change of [
      (repo: string) => commit(repo, { 'server/test/slow/more.test.ts': 'it("more", () => {});\n' }),
      (repo: string) => {
        git(repo, 'rm', '-q', 'server/test/slow/walk.test.ts');
        git(repo, 'commit', '-q', '-m', 'deleted');
      },
      (repo: string) => {
        git(repo, 'mv', 'server/src/repository/local.ts', 'server/src/search/local.ts');
        git(repo, 'commit', '-q', '-m', 'moved out');
      },
    ]) {
      const { repo, base } = repository();
      change(repo);
      expect(due({ root: repo, base, rooms: ROOMS }).due).toBe(true);
    }
  });

  it('when the change under a room is not committed yet: modified, or a new untracked file', () => {
    const modified = repository();
    writeFileSync(path.join(modified.repo, 'server/src/repository/local.ts'), 'export const cap = 3;\n');
    expect(due({ root: modified.repo, base: modified.base, rooms: ROOMS })).toMatchObject({
      due: true,
      why: expect.stringContaining('server/src/repository/local.ts'),
    });
    const untracked = repository();
    writeFileSync(path.join(untracked.repo, 'server/src/repository/new.ts'), 'export const added = 1;\n');
    expect(due({ root: untracked.repo, base: untracked.base, rooms: ROOMS })).toMatchObject({
      due: true,
      why: expect.stringContaining('server/src/repository/new.ts'),
    });
  });

  it('when a room is a file, and a room is named with a trailing slash or ./', () => {
    const { repo, base } = repository();
    commit(repo, { 'src/validate.ts': 'export const validate = 2;\n' });
    expect(due({ root: repo, base, rooms: ['src/validate.ts'] }).due).toBe(true);
    expect(due({ root: repo, base, rooms: ['./src/'] }).due).toBe(true);
  });

  it('when the room is the whole repository (`.`, or `./`), for a change anywhere, committed or not', () => {
    for (const room of ['.', './']) {
      const { repo, base } = repository();
      commit(repo, { 'src/validate.ts': 'export const validate = 3;\n' });
      writeFileSync(path.join(repo, 'notes.txt'), 'new\n');
      expect(due({ root: repo, base, rooms: [room] })).toEqual({
        due: true,
        why: `2 file(s) under its rooms changed since ${base.slice(0, 12)}: notes.txt, src/validate.ts`,
      });
    }
  });

  it('a room named with several trailing slashes is the same room', () => {
    const { repo, base } = repository();
    commit(repo, { 'src/validate.ts': 'export const validate = 7;\n' });
    expect(due({ root: repo, base, rooms: ['src//'] })).toEqual({
      due: true,
      why: `1 file(s) under its rooms changed since ${base.slice(0, 12)}: src/validate.ts`,
    });
    expect(due({ root: repo, base, rooms: ['server/src/repository///'] })).toEqual({
      due: false,
      why: `nothing under server/src/repository changed since ${base.slice(0, 12)}, and no release is cut`,
    });
  });

  it('when the base is merged into a branch that changed a room: the merge base counts, not the base', () => {
    const { repo, base } = repository();
    git(repo, 'checkout', '-q', '-b', 'topic');
    commit(repo, { 'server/src/repository/local.ts': 'export const cap = 4;\n' });
    git(repo, 'checkout', '-q', 'main');
    commit(repo, { 'src/validate.ts': 'export const validate = 3;\n' }, 'main moves on');
    const mainHead = git(repo, 'rev-parse', 'HEAD').trim();
    git(repo, 'checkout', '-q', 'topic');
    expect(due({ root: repo, base: mainHead, rooms: ROOMS }).due).toBe(true);
    expect(due({ root: repo, base, rooms: ['src'] }).due).toBe(false);
  });

  it('when a release is cut: a v* tag names HEAD, or either package.json has another version', () => {
    const tagged = repository();
    commit(tagged.repo, { 'src/validate.ts': 'export const validate = 4;\n' });
    git(tagged.repo, 'tag', 'v0.1.1');
    expect(due({ root: tagged.repo, base: tagged.base, rooms: ROOMS })).toEqual({ due: true, why: 'a release is cut: the tag v0.1.1 names HEAD' });
    for (const file of ['package.json', 'server/package.json']) {
      const { repo, base } = repository();
      commit(repo, { [file]: bumped('x', '0.2.0') });
      expect(due({ root: repo, base, rooms: ROOMS })).toEqual({
        due: true,
        why: `a release is cut: ${file}'s version is 0.2.0, 0.1.0 at ${base.slice(0, 12)}`,
      });
    }
  });

  it('when two v* tags name HEAD (both named), or a package.json is deleted, not JSON, `null`, or has no version or not a string', () => {
    const tagged = repository();
    git(tagged.repo, 'tag', 'v0.2.0');
    git(tagged.repo, 'tag', 'v0.1.1');
    expect(due({ root: tagged.repo, base: tagged.base, rooms: ROOMS })).toEqual({ due: true, why: 'a release is cut: the tag v0.1.1, v0.2.0 names HEAD' });
    const deleted = repository();
    git(deleted.repo, 'rm', '-q', 'server/package.json');
    git(deleted.repo, 'commit', '-q', '-m', 'deleted');
    expect(due({ root: deleted.repo, base: deleted.base, rooms: ROOMS })).toEqual({
      due: true,
      why: `a release is cut: server/package.json's version is none, 0.1.0 at ${deleted.base.slice(0, 12)}`,
    });
    for (const text of ['{ "version": "0.2.0",\n', 'null\n', '{ "name": "docsnav" }\n', '{ "version": 2 }\n']) {
      const { repo, base } = repository();
      commit(repo, { 'package.json': text });
      expect(due({ root: repo, base, rooms: ROOMS }), text).toEqual({
        due: true,
        why: `a release is cut: package.json's version is none, 0.1.0 at ${base.slice(0, 12)}`,
      });
    }
  });

  it('when what changed cannot be told: the base is not a commit here', () => {
    const { repo } = repository();
    const answer = due({ root: repo, base: '0123456789abcdef0123456789abcdef01234567', rooms: ROOMS });
    expect(answer).toMatchObject({
      due: true,
      why: expect.stringMatching(/^what changed cannot be told: 0123456789abcdef0123456789abcdef01234567 is not a commit/),
    });
  });
});

describe('a step that guards rooms is not due', () => {
  it('when nothing changed', () => {
    const { repo, base } = repository();
    expect(due({ root: repo, base, rooms: ROOMS })).toEqual({
      due: false,
      why: `nothing under server/src/repository, server/test/slow changed since ${base.slice(0, 12)}, and no release is cut`,
    });
  });

  it('when only files outside its rooms changed, a folder whose name starts with a room name among them (whole names)', () => {
    const { repo, base } = repository();
    commit(repo, {
      'server/src/repository-extra/other.ts': 'export const other = 2;\n',
      'server/src/search/index.ts': 'export const search = 2;\n',
      'src/validate.ts': 'export const validate = 5;\n',
    });
    writeFileSync(path.join(repo, 'server/src/search/new.ts'), 'export const fresh = 1;\n');
    expect(due({ root: repo, base, rooms: ROOMS }).due).toBe(false);
  });

  it('when a tag that is not v* names HEAD, or a v* tag names another commit, and the versions are unchanged', () => {
    const { repo, base } = repository();
    git(repo, 'tag', 'v0.1.0');
    commit(repo, { 'src/validate.ts': 'export const validate = 6;\n', 'package.json': bumped('docsnav', '0.1.0') });
    git(repo, 'tag', 'nightly');
    expect(due({ root: repo, base, rooms: ROOMS }).due).toBe(false);
  });

  it('when neither the base nor HEAD has a version (not JSON, `null`, none, not a string): none is none', () => {
    const { repo } = repository();
    commit(repo, { 'package.json': 'null\n', 'server/package.json': '{ "version": 2 }\n' });
    const base = git(repo, 'rev-parse', 'HEAD').trim();
    commit(repo, { 'package.json': '{ "version": "0.2.0",\n', 'server/package.json': '{ "name": "@docsnav/server" }\n' });
    expect(due({ root: repo, base, rooms: ROOMS })).toEqual({
      due: false,
      why: `nothing under ${ROOMS.join(', ')} changed since ${base.slice(0, 12)}, and no release is cut`,
    });
  });

  it('when an ignored file appears under a room', () => {
    const { repo, base } = repository();
    commit(repo, { '.gitignore': 'server/src/repository/*.log\n' });
    writeFileSync(path.join(repo, 'server/src/repository/run.log'), 'noise\n');
    expect(due({ root: repo, base, rooms: ROOMS }).due).toBe(false);
  });
});

describe('a room that does not exist', () => {
  it('is an error, not a step quietly turned off', () => {
    const { repo, base } = repository();
    rmSync(path.join(repo, 'server/test/slow'), { recursive: true });
    mkdirSync(path.join(repo, 'server/test/slower'));
    expect(due({ root: repo, base, rooms: ROOMS })).toEqual({ error: 'no such room here: server/test/slow (moved or renamed? name where its code is now)' });
  });
});

describe('node scripts/ci-due.mjs', () => {
  const inProcess = (cwd: string, ...args: string[]) => {
    const { code, stdout, stderr } = commandLine(args, cwd);
    return { status: code, stdout, stderr };
  };

  it('exits 0 and says why when due, 1 when not, 2 with one line on a missing room or a wrong command line (in process)', () => {
    const { repo, base } = repository();
    const quiet = inProcess(repo, '--base', base, ...ROOMS);
    expect([quiet.status, quiet.stdout, quiet.stderr]).toEqual([
      1,
      `not due: nothing under ${ROOMS.join(', ')} changed since ${base.slice(0, 12)}, and no release is cut\n`,
      '',
    ]);
    commit(repo, { 'server/test/slow/walk.test.ts': 'it("walks again", () => {});\n' });
    const changed = inProcess(repo, ...ROOMS, '--base', base);
    expect([changed.status, changed.stdout, changed.stderr]).toEqual([
      0,
      `due: 1 file(s) under its rooms changed since ${base.slice(0, 12)}: server/test/slow/walk.test.ts\n`,
      '',
    ]);
    const missing = inProcess(repo, '--base', base, 'server/src/gone');
    expect([missing.status, missing.stdout, missing.stderr]).toEqual([
      2,
      '',
      'ci-due: no such room here: server/src/gone (moved or renamed? name where its code is now)\n',
    ]);
    for (const args of [[], ['--base'], ['--base', base], [...ROOMS], ['--base', '--other', ...ROOMS], ['--base', base, ...ROOMS, '--other']]) {
      const wrong = inProcess(repo, ...args);
      expect([wrong.status, wrong.stdout, wrong.stderr]).toEqual([2, '', 'usage: node scripts/ci-due.mjs --base <commit> <room>...\n']);
    }
  });

  it('as a process: the answer on its streams and its exit code, in the folder it runs in', () => {
    const { repo, base } = repository();
    const run = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: repo, encoding: 'utf8', timeout: hangGuard(60_000) });
    const quiet = run('--base', base, ...ROOMS);
    expect([quiet.status, quiet.stdout, quiet.stderr]).toEqual([
      1,
      `not due: nothing under ${ROOMS.join(', ')} changed since ${base.slice(0, 12)}, and no release is cut\n`,
      '',
    ]);
    const wrong = run('--base');
    expect([wrong.status, wrong.stdout, wrong.stderr]).toEqual([2, '', 'usage: node scripts/ci-due.mjs --base <commit> <room>...\n']);
  });

  it('lists five changed files, no more to count, in name order: committed and untracked together', () => {
    const { repo, base } = repository();
    commit(repo, Object.fromEntries([1, 2, 3, 4].map((index) => [`server/src/repository/f${index}.ts`, `export const f = ${index};\n`])));
    writeFileSync(path.join(repo, 'server/src/repository/a0.ts'), 'export const a = 0;\n');
    const five = ['a0', 'f1', 'f2', 'f3', 'f4'].map((name) => `server/src/repository/${name}.ts`).join(', ');
    expect(due({ root: repo, base, rooms: ROOMS }).why).toBe(`5 file(s) under its rooms changed since ${base.slice(0, 12)}: ${five}`);
  });

  it('lists five changed files and counts the rest', () => {
    const { repo, base } = repository();
    commit(repo, Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`server/src/repository/f${index}.ts`, `export const f = ${index};\n`])));
    const five = [0, 1, 2, 3, 4].map((index) => `server/src/repository/f${index}.ts`).join(', ');
    expect(due({ root: repo, base, rooms: ROOMS }).why).toBe(`7 file(s) under its rooms changed since ${base.slice(0, 12)}: ${five} and 2 more`);
  });
});
