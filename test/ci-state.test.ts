/**
 * CI's base (scripts/ci-state.mjs, issue 67): the last commit CI passed, recorded by CI itself on
 * its machine, outside the clone. The folder from the environment, the choice of the base as a
 * table, and the script run as .ci/run runs it, in a clone with real git: a record another run
 * wrote is taken, one that is not before HEAD or not a commit is ignored and said, and the record
 * is written whole (a temporary file renamed: a link at its place is replaced, not written through).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseBase, main, stateFolder } from '../scripts/ci-state.mjs';

const SCRIPT = path.resolve('scripts/ci-state.mjs');
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe("the record's folder", () => {
  it.each([
    ['DOCSNAV_CI_STATE, absolute', { DOCSNAV_CI_STATE: '/srv/ci', XDG_STATE_HOME: '/x', HOME: '/root' }, { folder: '/srv/ci' }],
    ['XDG_STATE_HOME, absolute', { XDG_STATE_HOME: '/x/state', HOME: '/root' }, { folder: '/x/state/docsnav-ci' }],
    ['a relative XDG_STATE_HOME is ignored (the XDG rules): HOME', { XDG_STATE_HOME: 'state', HOME: '/root' }, { folder: '/root/.local/state/docsnav-ci' }],
    ['HOME alone', { HOME: '/home/ci' }, { folder: '/home/ci/.local/state/docsnav-ci' }],
    ['a relative HOME: nowhere', { HOME: 'ci' }, { folder: undefined }],
    ['nothing: nowhere', {}, { folder: undefined }],
    [
      'a relative DOCSNAV_CI_STATE: an error, not a folder inside the clone',
      { DOCSNAV_CI_STATE: '../ci-state', HOME: '/root' },
      { error: expect.stringContaining('absolute') },
    ],
  ])('%s', (_, env, folder) => {
    expect(stateFolder(env)).toEqual(folder);
  });
});

describe('the base', () => {
  const before = (commit: string) => commit === A;
  const choose = (override: string | undefined, recorded: string | undefined) =>
    chooseBase({ override, recorded, where: '/state/last-passed', isAncestor: before, fallback: B });

  it.each([
    ['a record of a commit before HEAD: the record', undefined, `${A}\n`, A, 'record', 'the last commit CI passed'],
    ['DOCSNAV_MUTATE_BASE over the record', 'origin/main', `${A}\n`, 'origin/main', 'override', 'DOCSNAV_MUTATE_BASE'],
    ['an empty DOCSNAV_MUTATE_BASE is none', '', `${A}\n`, A, 'record', 'the last commit CI passed'],
    ['no record: .ci/mutate-base, said', undefined, undefined, B, 'fallback', 'no record'],
    ['a record of a commit not before HEAD: .ci/mutate-base, said', undefined, 'c'.repeat(40), B, 'fallback', 'not a commit before HEAD'],
    ['a record of a short id: not a commit id', undefined, A.slice(0, 12), B, 'fallback', 'holds no commit id'],
    ['a record of a ref name: not a commit id', undefined, 'HEAD~3', B, 'fallback', 'holds no commit id'],
    ['an empty record', undefined, '', B, 'fallback', 'holds no commit id'],
    ['a record of two commits', undefined, `${A}\n${A}\n`, B, 'fallback', 'holds no commit id'],
  ])('%s', (_, override, recorded, base, kind, why) => {
    const chosen = choose(override, recorded);
    expect(chosen.base).toBe(base);
    expect(chosen.kind).toBe(kind);
    expect(chosen.why).toContain(why);
  });

  it('asks git about the recorded commit, never about what the record only resembles', () => {
    const asked: string[] = [];
    chooseBase({ override: undefined, recorded: ` ${A} \n`, where: 'w', isAncestor: (commit: string) => (asked.push(commit), true), fallback: B });
    expect(asked).toEqual([A]);
  });
});

describe('scripts/ci-state.mjs, run as .ci/run runs it', () => {
  const temporary = mkdtempSync(path.join(tmpdir(), 'docsnav-ci-state-'));
  afterAll(() => rmSync(temporary, { recursive: true, force: true }));

  const git = (cwd: string, ...args: string[]) => {
    const result = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: temporary } });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim();
  };

  /** A clone as CI has it: the script and .ci/mutate-base committed, three commits. */
  function clone(name: string) {
    const root = path.join(temporary, name);
    mkdirSync(path.join(root, 'scripts'), { recursive: true });
    mkdirSync(path.join(root, '.ci'));
    copyFileSync(SCRIPT, path.join(root, 'scripts', 'ci-state.mjs'));
    copyFileSync(path.resolve('scripts/write-whole.mjs'), path.join(root, 'scripts', 'write-whole.mjs'));
    git(root, 'init', '-q', '-b', 'main');
    const commits: string[] = [];
    for (const n of [1, 2, 3]) {
      if (n === 1) writeFileSync(path.join(root, '.ci', 'mutate-base'), 'will be the first commit\n');
      writeFileSync(path.join(root, 'file.txt'), `${name} ${n}\n`);
      git(root, 'add', '-A');
      git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', `c${n}`);
      commits.push(git(root, 'rev-parse', 'HEAD'));
    }
    writeFileSync(path.join(root, '.ci', 'mutate-base'), `${commits[0]}\n`);
    return { root, commits };
  }

  /** The script's command line in this process (its own root: the clone), what it prints kept: as `node scripts/ci-state.mjs` would. */
  const run = (root: string, env: Record<string, string>, ...args: string[]) => {
    let stdout = '';
    let stderr = '';
    const status = main(args, env, { root, print: (line: string) => (stdout += `${line}\n`), say: (line: string) => (stderr += `${line}\n`) });
    return { status, stdout, stderr };
  };

  it('a run that passed records its HEAD; the next run, in a new clone with a new commit, takes it as its base', () => {
    const state = path.join(temporary, 'state-1');
    const first = clone('first');
    // No record yet: .ci/mutate-base, and said.
    const none = run(first.root, { DOCSNAV_CI_STATE: state }, 'base');
    expect(none.status).toBe(0);
    expect(none.stdout).toBe(`${first.commits[0]} fallback\n`);
    expect(none.stderr).toContain('no record of a commit CI passed');
    git(first.root, 'reset', '-q', '--hard', first.commits[1]);
    expect(run(first.root, { DOCSNAV_CI_STATE: state }, 'record').status).toBe(0);
    expect(readFileSync(path.join(state, 'last-passed'), 'utf8')).toBe(`${first.commits[1]}\n`);
    expect(readdirSync(state)).toEqual(['last-passed']);

    // The next submission: a clone of the same history, one commit on.
    const next = path.join(temporary, 'next');
    git(temporary, 'clone', '-q', first.root, next);
    git(next, 'reset', '-q', '--hard', first.commits[2]);
    const taken = run(next, { DOCSNAV_CI_STATE: state }, 'base');
    expect(taken.stdout).toBe(`${first.commits[1]} record\n`);
    expect(taken.stderr).toContain('the last commit CI passed');
  });

  it('the default folder is the XDG state folder under HOME, outside the clone', () => {
    const home = path.join(temporary, 'home');
    const { root, commits } = clone('home-clone');
    expect(run(root, { HOME: home }, 'record').status).toBe(0);
    expect(readFileSync(path.join(home, '.local', 'state', 'docsnav-ci', 'last-passed'), 'utf8')).toBe(`${commits[2]}\n`);
    expect(existsSync(path.join(root, '..', 'ci-state'))).toBe(false);
  });

  it("another repository's record is not before HEAD: ignored, said, .ci/mutate-base", () => {
    const state = path.join(temporary, 'state-2');
    const other = clone('other');
    expect(run(other.root, { DOCSNAV_CI_STATE: state }, 'record').status).toBe(0);
    const mine = clone('mine');
    const chosen = run(mine.root, { DOCSNAV_CI_STATE: state }, 'base');
    expect(chosen.status).toBe(0);
    expect(chosen.stdout).toBe(`${mine.commits[0]} fallback\n`);
    expect(chosen.stderr).toContain(`names ${other.commits[2]}, not a commit before HEAD`);
  });

  it('a record written over a link replaces the link, never writes through it', () => {
    const state = path.join(temporary, 'state-3');
    mkdirSync(state);
    const target = path.join(temporary, 'outside.txt');
    writeFileSync(target, 'keep\n');
    symlinkSync(target, path.join(state, 'last-passed'));
    const { root, commits } = clone('link');
    expect(run(root, { DOCSNAV_CI_STATE: state }, 'record').status).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('keep\n');
    expect(lstatSync(path.join(state, 'last-passed')).isSymbolicLink()).toBe(false);
    expect(readFileSync(path.join(state, 'last-passed'), 'utf8')).toBe(`${commits[2]}\n`);
  });

  it.each([
    [[], {}, 'usage: node scripts/ci-state.mjs base|record'],
    [['base', 'extra'], {}, 'usage: node scripts/ci-state.mjs base|record'],
    [['record', 'extra'], {}, 'usage: node scripts/ci-state.mjs base|record'],
    [['push'], {}, 'usage: node scripts/ci-state.mjs base|record'],
    [['base'], { DOCSNAV_CI_STATE: 'relative' }, 'ci-state: DOCSNAV_CI_STATE must be an absolute path, not "relative"'],
    [['record'], { DOCSNAV_CI_STATE: '', HOME: 'relative' }, 'ci-state: no absolute HOME, XDG_STATE_HOME or DOCSNAV_CI_STATE: nowhere to record the commit'],
  ])('%j with %j: exit 2, one line', (argv, env, line) => {
    const { root } = clone(`usage-${argv.join('-')}-${Object.keys(env).join('-')}`);
    const result = run(root, env, ...argv);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${line}\n`);
    expect(result.stdout).toBe('');
  });

  it('run as a command, in the clone it is in: records, then gives the record as the base', () => {
    const state = path.join(temporary, 'state-command');
    const { root, commits } = clone('command');
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !['DOCSNAV_CI_STATE', 'XDG_STATE_HOME', 'DOCSNAV_MUTATE_BASE'].includes(key)),
    );
    const command = (verb: string) =>
      spawnSync(process.execPath, [path.join(root, 'scripts', 'ci-state.mjs'), verb], {
        cwd: temporary,
        encoding: 'utf8',
        env: { ...clean, DOCSNAV_CI_STATE: state },
      });
    const recorded = command('record');
    expect(recorded.status).toBe(0);
    expect(recorded.stdout).toBe('');
    git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'c4');
    const base = command('base');
    expect(base.status).toBe(0);
    expect(base.stdout).toBe(`${commits[2]} record\n`);
    expect(command('rebase').status).toBe(2);
  });

  it('.ci/run takes its base from the script and records with it at the end of a run that passed', () => {
    const ci = readFileSync('.ci/run', 'utf8');
    expect(ci).toMatch(/^BASE_LINE=\$\(node scripts\/ci-state\.mjs base\)$/m);
    // A fallback base tells the step that the range is not the change's alone.
    expect(ci).toMatch(/\[ "\$BASE_KIND" != fallback \] \|\| of_others=\(--base-not-passed\)/);
    const last = ci.trimEnd().split('\n').at(-1);
    expect(last).toBe('node scripts/ci-state.mjs record');
  });
});
