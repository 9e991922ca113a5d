/**
 * `docsnav validate` driven in process (src/cli/run.ts's `run` with a capturing CliIo), as the
 * command thread runs it (src/cli/thread.ts's CommandThread over cells of the test's own): the
 * progress counts it shares, a signal at a step (what it says was changed, its exit code), a
 * signal after the last step (nothing more written), git stopped by Ctrl-C under --since, the
 * note of a move cut short, and the usage errors of a folder without a docs file. The built CLI's
 * tests (test/cli/cli.test.ts and others) cover the same from outside; these are what mutation
 * testing sees.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run, type CliIo } from '../../src/cli/run.js';
import { CELL, CELL_COUNT, CommandThread, STAGES } from '../../src/cli/thread.js';
import { git as runGit } from '../../src/git.js';
import { prepareMove } from '../../src/move/write.js';
import { repoWith } from '../history/repo.js';
import { docsJson, planOn, siteWith } from '../move/harness.js';

const FILES = {
  'docs.json': docsJson(['index', 'guides/a']),
  'index.mdx': '# Home\n\n[A](/guides/a)\n',
  'guides/a.mdx': '# A\n\n[Home](/index)\n[X](/missing)\n',
};

/** A CliIo that keeps what is written; `thread` when the command runs on a thread of its own. */
function capture(options: { thread?: CommandThread; env?: Record<string, string | undefined>; isTTY?: boolean; stdin?: string } = {}) {
  // Strings added, not joined: a write of `undefined` shows.
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    isTTY: options.isTTY ?? false,
    env: 'env' in options ? options.env : { NO_COLOR: '1' },
    thread: options.thread,
    readStdin: options.stdin === undefined ? undefined : () => Promise.resolve(options.stdin as string),
  };
  return { io, stdout: () => out, stderr: () => err };
}

function newCells(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(CELL_COUNT * Int32Array.BYTES_PER_ELEMENT));
}

/**
 * A command thread whose signal cell is set (SIGINT unless said) at the `at`-th report of progress: before
 * that report is taken (`when: 'before'`, the step throws) or after it (the next step, or the check after the last, throws).
 */
function threadSignalling(
  at: (call: number, progress: { entries: number; read: number; scanned: number }) => boolean,
  options: { when?: 'before' | 'after'; signal?: number; tty?: boolean } = {},
) {
  const cells = newCells();
  const thread = new CommandThread(cells, options.tty ?? false);
  const report = thread.onProgress;
  let calls = 0;
  Object.defineProperty(thread, 'onProgress', {
    value: (progress: Parameters<CommandThread['onProgress']>[0]) => {
      calls++;
      const signalNow = at(calls, progress);
      if (signalNow && options.when !== 'after') Atomics.store(cells, CELL.signal, options.signal ?? 2);
      report(progress);
      if (signalNow && options.when === 'after') Atomics.store(cells, CELL.signal, options.signal ?? 2);
    },
  });
  return { thread, cells, calls: () => calls };
}

const codes = (json: string) => (JSON.parse(json) as Array<{ problems: Array<{ code: string }> }>).flatMap((result) => result.problems.map((p) => p.code));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('validate in process, without a thread', () => {
  it('reports and exits as the built CLI does; the counts go nowhere', async () => {
    const root = siteWith(FILES);
    const { io, stdout, stderr } = capture();
    expect(await run(['validate', root, '--format', 'json'], io)).toBe(1);
    expect(codes(stdout())).toEqual(['missing-field', 'link-not-found']);
    expect(stderr()).toBe('');
  });
});

describe('validate on a thread of its own', () => {
  it('begins its one stage, shares its counts, and asks for a line only on a terminal', async () => {
    const root = siteWith(FILES);
    for (const [tty, env, format, show] of [
      [true, {}, 'json', 1],
      [true, { TERM: 'dumb' }, 'json', 0],
      [true, {}, 'github', 0],
      [false, {}, 'json', 0],
    ] as const) {
      const cells = newCells();
      const { io, stdout, stderr } = capture({ thread: new CommandThread(cells, tty), env });
      expect(await run(['validate', root, '--format', format], io)).toBe(1);
      expect(stderr()).toBe('');
      expect(stdout()).not.toBe('');
      expect([cells[CELL.signal], cells[CELL.stage], cells[CELL.show], cells[CELL.stages]]).toEqual([0, STAGES.indexOf('validating'), show, 1]);
      // Every navigation entry walked (the group and its pages), docs.json and each page read, each page checked.
      expect(Array.from(cells.slice(CELL.entries, CELL.scanned + 1))).toEqual([4, 3, 2]);
    }
  });

  it("the process's environment when the command is given none", async () => {
    const root = siteWith(FILES);
    for (const [term, show] of [
      ['dumb', 0],
      ['xterm', 1],
    ] as const) {
      vi.stubEnv('TERM', term);
      const cells = newCells();
      const { io } = capture({ thread: new CommandThread(cells, true), env: undefined });
      expect(await run(['validate', root, '--format', 'json'], io)).toBe(1);
      expect(cells[CELL.show]).toBe(show);
    }
  });

  it('standard input: its counts shared too', async () => {
    const cells = newCells();
    const { io, stdout } = capture({ thread: new CommandThread(cells, false), stdin: FILES['docs.json'] });
    expect(await run(['validate', '-', '--format', 'json'], io)).toBe(1);
    expect(codes(stdout())).toContain('missing-field');
    expect(cells[CELL.entries]).toBe(4);
  });

  it('a signal at a step: stops there, says how far it came and that nothing was changed; 130, 143', async () => {
    const root = siteWith(FILES);
    for (const [number, signal, code] of [
      [2, 'SIGINT', 130],
      [15, 'SIGTERM', 143],
    ] as const) {
      const { thread, cells } = threadSignalling((call) => call === 1, { signal: number });
      const { io, stdout, stderr } = capture({ thread });
      expect(await run(['validate', root, '--format', 'json'], io)).toBe(code);
      // Stopped at its first report: docs.json read, no page checked yet.
      expect(thread.progress()).toMatchObject({ read: 1, scanned: 0 });
      expect(stderr()).toBe(`docsnav: interrupted (${signal}) after 1 file read and 0 pages checked: nothing was changed\n`);
      expect(stdout()).toBe('');
      expect(cells[CELL.signal]).toBe(number);
    }
  });

  it('a signal after the last step: no report, no cache; the counts said are the last (docs.json and one page read, one page checked)', async () => {
    const root = siteWith({ 'docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    const counting = threadSignalling(() => false);
    expect(await run(['validate', root, '--format', 'json'], capture({ thread: counting.thread }).io)).toBe(1);
    const last = counting.calls();
    expect(last).toBeGreaterThan(0);
    const { thread } = threadSignalling((call) => call === last, { when: 'after' });
    const { io, stdout, stderr } = capture({ thread });
    expect(await run(['validate', root, '--format', 'json', '--cache'], io)).toBe(130);
    expect(stderr()).toBe('docsnav: interrupted (SIGINT) after 2 files read and 1 page checked: nothing was changed\n');
    expect(stdout()).toBe('');
  });

  it('--fix: the files fixed before the signal are named, nothing else changed', async () => {
    const first = mkdtempSync(path.join(tmpdir(), 'docsnav-fix-a-'));
    const second = mkdtempSync(path.join(tmpdir(), 'docsnav-fix-b-'));
    cpSync(path.join('fixtures', 'broken'), first, { recursive: true });
    cpSync(path.join('fixtures', 'broken'), second, { recursive: true });
    const before = readFileSync(path.join(first, 'docs.json'), 'utf8');
    const secondBefore = readFileSync(path.join(second, 'docs.json'), 'utf8');
    // The signal comes once the first site is fixed, in the second's check.
    const { thread } = threadSignalling(() => readFileSync(path.join(first, 'docs.json'), 'utf8') !== before);
    const { io, stdout, stderr } = capture({ thread });
    expect(await run(['validate', first, second, '--fix', '--format', 'json'], io)).toBe(130);
    expect(stderr()).toBe(
      `docsnav: interrupted (SIGINT) after 1 file read and 0 pages checked: ${path.join(first, 'docs.json')} fixed before it, nothing else changed\n`,
    );
    expect(stdout()).toBe('');
    expect(readFileSync(path.join(second, 'docs.json'), 'utf8')).toBe(secondBefore);
    // A dry run writes nothing: nothing was changed.
    // A dry run writes nothing: signalled in the second site's check (its counts start again), nothing was changed.
    let diffShown = false;
    const dry = threadSignalling(() => diffShown);
    const shown = capture({ thread: dry.thread });
    const show = shown.io.stdout;
    shown.io.stdout = (text) => {
      diffShown = true;
      show(text);
    };
    expect(await run(['validate', second, first, '--fix-dry-run', '--format', 'json'], shown.io)).toBe(130);
    expect(shown.stderr()).toBe('docsnav: interrupted (SIGINT) after 1 file read and 0 pages checked: nothing was changed\n');
    expect(shown.stdout()).toContain('+++ ');
    expect(readFileSync(path.join(second, 'docs.json'), 'utf8')).toBe(secondBefore);
  });

  it('--fix with three sites, signalled in the third: the two fixed are named', async () => {
    const sites = ['a', 'b', 'c'].map((name) => {
      const folder = mkdtempSync(path.join(tmpdir(), `docsnav-fix-${name}-`));
      cpSync(path.join('fixtures', 'broken'), folder, { recursive: true });
      return folder;
    });
    const before = readFileSync(path.join(sites[1], 'docs.json'), 'utf8');
    const { thread } = threadSignalling(() => readFileSync(path.join(sites[1], 'docs.json'), 'utf8') !== before);
    const { io, stderr } = capture({ thread });
    expect(await run(['validate', ...sites, '--fix', '--format', 'json'], io)).toBe(130);
    expect(stderr()).toBe(
      `docsnav: interrupted (SIGINT) after 1 file read and 0 pages checked: ${path.join(sites[0], 'docs.json')}, ${path.join(sites[1], 'docs.json')} fixed before it, nothing else changed\n`,
    );
  });

  it('--fix without a thread: fixed, and said in one line', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-fix-plain-'));
    cpSync(path.join('fixtures', 'broken'), folder, { recursive: true });
    const { io, stderr } = capture();
    expect(await run(['validate', folder, '--fix', '--format', 'json'], io)).toBe(1);
    expect(stderr()).toBe('docsnav: fixed 5 problems in 1 file; 8 problems remain (7 errors, 1 warning)\n');
  });

  it('an error that is not an interruption is not said to be one', async () => {
    const cells = newCells();
    const { io, stderr } = capture({ thread: new CommandThread(cells, false) });
    expect(await run(['validate', path.join(tmpdir(), 'docsnav-no-such-folder', 'docs.json')], io)).toBe(2);
    expect(stderr()).toMatch(/^docsnav: [^\n]*docsnav-no-such-folder[^\n]*\n$/);
    expect(stderr()).not.toContain('interrupted');
  });
});

describe('--since, git stopped by Ctrl-C', () => {
  const realGit = `${runGit(['--exec-path'], { cwd: process.cwd() }).toString('utf8').trim()}/git`;

  /** A `git` first on PATH that stops itself with SIGINT at every `<command>`; the others run the real git. */
  function gitStoppedAt(command: string): void {
    const folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-git-sigint-')));
    writeFileSync(path.join(folder, 'git'), ['#!/bin/sh', `if [ "$1" = '${command}' ]; then kill -INT $$; fi`, `exec '${realGit}' "$@"`, ''].join('\n'));
    chmodSync(path.join(folder, 'git'), 0o755);
    vi.stubEnv('PATH', `${folder}:${process.env.PATH}`);
  }

  it('on a thread: the command interrupted, nothing changed; in process: a usage error of --since', async () => {
    const root = repoWith(FILES);
    gitStoppedAt('rev-parse');
    const threaded = capture({ thread: new CommandThread(newCells(), false) });
    expect(await run(['validate', root, '--since', 'HEAD', '--format', 'json'], threaded.io)).toBe(130);
    expect(threaded.stderr()).toBe('docsnav: interrupted (SIGINT) after 0 files read and 0 pages checked: nothing was changed\n');
    const plain = capture();
    expect(await run(['validate', root, '--since', 'HEAD', '--format', 'json'], plain.io)).toBe(2);
    expect(plain.stderr()).toMatch(/^docsnav: --since HEAD: git [^\n]*stopped by SIGINT\n$/);
  });

  it('git failing on its own is a usage error of --since, on a thread too', async () => {
    const root = repoWith(FILES);
    for (const thread of [new CommandThread(newCells(), false), undefined]) {
      const { io, stderr } = capture({ thread });
      expect(await run(['validate', root, '--since', 'no-such-ref', '--format', 'json'], io)).toBe(2);
      expect(stderr()).toMatch(/^docsnav: --since no-such-ref: [^\n]+\n$/);
    }
    // With standard input, --since reads the named root's history alike.
    const { io, stderr } = capture({ thread: new CommandThread(newCells(), false), stdin: FILES['docs.json'] });
    expect(await run(['validate', '-', '--root', root, '--since', 'no-such-ref', '--format', 'json'], io)).toBe(2);
    expect(stderr()).toMatch(/^docsnav: --since no-such-ref: [^\n]+\n$/);
  });
});

describe('a site whose move was cut short', () => {
  it('one note on stderr per site partly moved; the exit code is the check’s', async () => {
    const root = siteWith(FILES);
    const clean = siteWith(FILES);
    prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
    const { io, stderr } = capture();
    expect(await run(['validate', root, clean, '--format', 'json'], io)).toBe(1);
    expect(stderr()).toMatch(
      /^docsnav: note: this site is partly moved: an unfinished move \(guides → learn\/guides, started [^)]+\) is recorded in [^\n]+docsnav-mv: run docsnav mv --continue to finish it, or docsnav mv --abort to undo it\n$/,
    );
  });

  it('looked for in the root the config names, not the folder of the docs file', async () => {
    const root = siteWith({ ...FILES, 'config/docs.json': FILES['docs.json'] });
    prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
    const inConfig = capture();
    expect(await run(['validate', path.join(root, 'config', 'docs.json'), '--root', root, '--format', 'json'], inConfig.io)).toBe(1);
    expect(inConfig.stderr()).toMatch(/^docsnav: note: this site is partly moved: /);
    const other = capture();
    await run(['validate', path.join(root, 'config', 'docs.json'), '--format', 'json'], other.io);
    expect(other.stderr()).toBe('');
  });
});

describe('a folder without a docs file', () => {
  const errorOf = async (args: string[]) => {
    const { io, stdout, stderr } = capture();
    const code = await run(args, io);
    expect(stdout()).toBe('');
    return { code, stderr: stderr() };
  };

  it('names the sites one level below, with the command run', async () => {
    const empty = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-empty-')));
    expect(await errorOf(['validate', empty])).toEqual({
      code: 2,
      stderr: `docsnav: no docs.json, docs.yaml, docs.yml or mint.json in ${empty}; name the site's file or folder (docsnav validate path/to/docs.json)\n`,
    });
    mkdirSync(path.join(empty, 'docs'));
    writeFileSync(path.join(empty, 'docs', 'docs.json'), '{}');
    expect(await errorOf(['validate', empty])).toEqual({
      code: 2,
      stderr: `docsnav: no docs.json, docs.yaml, docs.yml or mint.json in ${empty}; ${empty}/docs/docs.json is one level down: docsnav validate ${empty}/docs\n`,
    });
    for (const name of ['b', 'c']) {
      mkdirSync(path.join(empty, name));
      writeFileSync(path.join(empty, name, 'mint.json'), '{}');
    }
    expect(await errorOf(['validate', empty])).toEqual({
      code: 2,
      stderr: `docsnav: no docs.json, docs.yaml, docs.yml or mint.json in ${empty}; sites one level down: ${empty}/b/mint.json, ${empty}/c/mint.json, ${empty}/docs/docs.json: docsnav validate ${empty}/b\n`,
    });
    for (const name of ['d']) {
      mkdirSync(path.join(empty, name));
      writeFileSync(path.join(empty, name, 'mint.json'), '{}');
    }
    expect(await errorOf(['resolve', empty])).toEqual({
      code: 2,
      stderr: `docsnav: no docs.json, docs.yaml, docs.yml or mint.json in ${empty}; sites one level down: ${empty}/b/mint.json, ${empty}/c/mint.json, ${empty}/d/mint.json, …: docsnav resolve ${empty}/b\n`,
    });
  });

  it('a folder named as a docs file, given or inside the folder given, is said to be one', async () => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-folder-file-')));
    mkdirSync(path.join(root, 'docs.yaml'));
    expect(await errorOf(['validate', root])).toEqual({
      code: 2,
      stderr: `docsnav: ${root}/docs.yaml is a folder, not a file: a docs file is a JSON or YAML file; name the site's file or folder\n`,
    });
    expect(await errorOf(['validate', path.join(root, 'docs.yaml')])).toEqual({
      code: 2,
      stderr: `docsnav: ${root}/docs.yaml is a folder, not a file: a docs file is a JSON or YAML file; name the site's file or folder\n`,
    });
    expect(await errorOf(['diff', 'HEAD', path.dirname(root)])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/\(docsnav diff <git-ref> path\/to\/docs\.json\)\n$|: docsnav diff <git-ref> [^\n]+\n$/),
    });
    expect(await errorOf(['diff', 'HEAD', path.join(root, 'docs.yaml')])).toEqual({
      code: 2,
      stderr: `docsnav: ${root}/docs.yaml is a folder, not a file: a docs file is a JSON or YAML file; name the site's file or folder\n`,
    });
  });

  it('a glob: each match a site, the hint names validate', async () => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-glob-')));
    mkdirSync(path.join(root, 'one'));
    expect(await errorOf(['validate', `${root}/o*`])).toEqual({
      code: 2,
      stderr: `docsnav: no docs.json, docs.yaml, docs.yml or mint.json in ${root}/one/; name the site's file or folder (docsnav validate path/to/docs.json)\n`,
    });
    expect(await errorOf(['validate', `${root}/z*`])).toEqual({ code: 2, stderr: `docsnav: no file matches ${root}/z*\n` });
  });
});
