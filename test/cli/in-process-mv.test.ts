/**
 * `docsnav mv` driven in process (src/cli/run.ts's `run` with a capturing CliIo), alone and as
 * the command thread runs it (src/cli/thread.ts's CommandThread over cells of the test's own): its
 * four stages and the progress line each asks for, a signal at each stage (what it says was
 * changed, its exit code, the site's lock let go), the site's lock held by another move, a move
 * already cut short, --continue / --abort, the journal left unsealed, the counts of what the site
 * had. Paths are absolute: a test may not change the process's folder (Stryker runs tests on
 * worker threads). test/cli/mv*.test.ts run the built CLI; these are what mutation testing sees.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run, type CliIo } from '../../src/cli/run.js';
import { CELL, CELL_COUNT, CommandThread, type Stage } from '../../src/cli/thread.js';
import { prepareMove } from '../../src/move/write.js';
import { docsJson, planOn, siteWith } from '../move/harness.js';

const FILES = {
  'docs.json': docsJson(['index', 'guides/a']),
  'index.mdx': '# Home\n\n[A](/guides/a)\n',
  'guides/a.mdx': '# A\n\n[Home](/index)\n[X](/missing)\n',
};
const SUMMARY = 'docsnav: moved guides → learn/guides (1 page); rewrote 1 navigation entry and 1 link in 2 files; 1 redirect added, 0 re-pointed\n';
const ADDED_NONE = 'docsnav: the move added no problem; the site had 2 problems before it (2 errors, 0 warnings): docsnav validate lists them\n';

function capture(thread?: CommandThread, env: Record<string, string | undefined> = { NO_COLOR: '1' }) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (text) => out.push(text), stderr: (text) => err.push(text), isTTY: false, env, thread };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** A command thread that records each stage begun (and whether a line is wanted), and sets the signal cell when `signalAt` says so. */
function recordingThread(
  options: { tty?: boolean; signalAt?: { stage: Stage; when: 'before' | 'after'; signal?: number }; onBegin?: (stage: Stage, cells: Int32Array) => void } = {},
) {
  const cells = new Int32Array(new SharedArrayBuffer(CELL_COUNT * Int32Array.BYTES_PER_ELEMENT));
  const thread = new CommandThread(cells, options.tty ?? false);
  const stages: Array<[Stage, boolean]> = [];
  const begin = thread.begin.bind(thread);
  const signalNow = () => Atomics.store(cells, CELL.signal, options.signalAt?.signal ?? 2);
  Object.defineProperty(thread, 'begin', {
    value: (stage: Stage, show: boolean) => {
      stages.push([stage, show]);
      options.onBegin?.(stage, cells);
      const at = options.signalAt?.stage === stage ? options.signalAt.when : undefined;
      if (at === 'before') signalNow();
      begin(stage, show);
      if (at === 'after') signalNow();
    },
  });
  return { thread, cells, stages };
}

const mv = (root: string, ...more: string[]) => ['mv', path.join(root, 'guides'), path.join(root, 'learn', 'guides'), path.join(root, 'docs.json'), ...more];
const moved = (root: string) => existsSync(path.join(root, 'learn', 'guides', 'a.mdx'));
const untouched = (root: string) => !moved(root) && readFileSync(path.join(root, 'docs.json'), 'utf8') === FILES['docs.json'];
const ALL_STAGES: Stage[] = ['mv: planning', 'mv: checking', 'mv: writing', 'mv: checking again'];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('mv in process', () => {
  it('without a thread: moved, said on stderr, the problems it added on stdout', async () => {
    const root = siteWith(FILES);
    const { io, stdout, stderr } = capture();
    expect(await run(mv(root, '--format', 'json'), io)).toBe(0);
    expect(stderr()).toBe(SUMMARY + ADDED_NONE);
    expect(JSON.parse(stdout())).toEqual([{ file: path.join(root, 'docs.json'), problems: [] }]);
    expect(moved(root)).toBe(true);
  });

  it('on a thread: four stages, each asking for a line only on a terminal and without a CI format; steps and counts shared', async () => {
    for (const [tty, format, env, show] of [
      [true, 'json', {}, true],
      [true, 'sarif', {}, false],
      [true, 'json', { TERM: 'dumb' }, false],
      [false, 'json', {}, false],
    ] as const) {
      const root = siteWith(FILES);
      const { thread, cells, stages } = recordingThread({ tty });
      const { io, stderr } = capture(thread, env);
      expect(await run(mv(root, '--format', format), io)).toBe(0);
      expect(stderr()).toBe(SUMMARY + ADDED_NONE);
      expect(stages).toEqual(ALL_STAGES.map((stage) => [stage, show]));
      expect(cells[CELL.stages]).toBe(4);
      // The check after the move: its entries walked, files read, pages checked.
      expect(Array.from(cells.slice(CELL.entries, CELL.scanned + 1))).toEqual([4, 3, 2]);
      expect(moved(root)).toBe(true);
    }
  });

  it('the lock it holds names the move (at most 200 characters)', async () => {
    for (const long of [false, true]) {
      const root = siteWith(FILES);
      const to = long ? path.join(root, 'x'.repeat(120), 'guides') : path.join(root, 'learn', 'guides');
      let what: string | undefined;
      const { thread } = recordingThread({
        onBegin: (stage) => {
          if (stage === 'mv: checking') what = (JSON.parse(readFileSync(path.join(root, '.docsnav-mv.lock'), 'utf8')) as { what: string }).what;
        },
      });
      expect(await run(['mv', path.join(root, 'guides'), to, path.join(root, 'docs.json')], capture(thread).io)).toBe(0);
      expect(what).toBe(`mv ${path.join(root, 'guides')} ${to}`.slice(0, 200));
      expect(what?.length).toBe(long ? 200 : `mv ${path.join(root, 'guides')} ${to}`.length);
    }
  });

  it("the steps written are counted in the writing stage's cell", async () => {
    const root = siteWith(FILES);
    let written = -1;
    const { thread } = recordingThread({
      onBegin: (stage, cells) => {
        if (stage === 'mv: checking again') written = cells[CELL.written];
      },
    });
    expect(await run(mv(root), capture(thread).io)).toBe(0);
    expect(written).toBeGreaterThan(2);
  });

  it('a dry run: the diff on stdout, what it would do on stderr, nothing written', async () => {
    const root = siteWith(FILES);
    const { thread, stages } = recordingThread();
    const { io, stdout, stderr } = capture(thread);
    expect(await run(mv(root, '--dry-run'), io)).toBe(0);
    expect(stderr()).toBe(
      'docsnav: would move guides → learn/guides (1 page); would rewrite 1 navigation entry and 1 link in 2 files; 1 redirect added, 0 re-pointed\n',
    );
    expect(stdout()).toContain(`\nrename to ${path.relative(process.cwd(), path.join(root, 'learn', 'guides', 'a.mdx'))}\n`);
    expect(stages).toEqual([['mv: planning', false]]);
    expect(untouched(root)).toBe(true);
  });
});

describe('mv stopped by a signal', () => {
  it('before anything is written (planning, checking): nothing was changed, 130 or 143; the lock let go', async () => {
    for (const [stage, when, number, signal, code] of [
      ['mv: planning', 'before', 2, 'SIGINT', 130],
      ['mv: checking', 'after', 15, 'SIGTERM', 143],
      ['mv: writing', 'before', 2, 'SIGINT', 130],
    ] as const) {
      const root = siteWith(FILES);
      const { thread } = recordingThread({ signalAt: { stage, when, signal: number } });
      const { io, stdout, stderr } = capture(thread);
      expect(await run(mv(root), io)).toBe(code);
      expect(stderr()).toBe(`docsnav: interrupted (${signal}) before the move wrote anything: nothing was changed\n`);
      expect(stdout()).toBe('');
      expect(untouched(root)).toBe(true);
      // The site's lock was let go: the next move runs.
      const again = capture();
      expect(await run(mv(root), again.io)).toBe(0);
      expect(again.stderr()).toBe(SUMMARY + ADDED_NONE);
    }
  });

  it('while writing: what was written put back, said as the move says it', async () => {
    const root = siteWith(FILES);
    const { thread } = recordingThread({ signalAt: { stage: 'mv: writing', when: 'after', signal: 15 } });
    const { io, stdout, stderr } = capture(thread);
    expect(await run(mv(root), io)).toBe(143);
    expect(stderr()).toBe('docsnav: interrupted (SIGTERM): everything written and moved was put back as it was, the git index too\n');
    expect(stdout()).toBe('');
    expect(untouched(root)).toBe(true);
  });

  it('after the move was written: it stands, and only its check was cut short', async () => {
    const root = siteWith(FILES);
    const { thread } = recordingThread({ signalAt: { stage: 'mv: checking again', when: 'before' } });
    const { io, stdout, stderr } = capture(thread);
    expect(await run(mv(root), io)).toBe(130);
    expect(stderr()).toBe(
      `${SUMMARY}docsnav: interrupted (SIGINT) after the move was written (said above): the check of the moved site did not finish; docsnav validate checks it\n`,
    );
    expect(stdout()).toBe('');
    expect(moved(root)).toBe(true);
  });
});

describe('mv refused', () => {
  it('while another process holds the site (its lock taken by the library, built)', async () => {
    const root = siteWith(FILES);
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { lockSite } from ${JSON.stringify(pathToFileURL(path.resolve('dist/move/write.js')).href)}; lockSite(${JSON.stringify(root)}, 'mv other'); process.stdout.write('locked\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const closed = new Promise((resolve) => holder.once('close', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once('data', () => resolve());
        holder.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
      });
      const { thread, stages } = recordingThread();
      const { io, stderr } = capture(thread);
      expect(await run(mv(root), io)).toBe(2);
      expect(stderr()).toMatch(
        new RegExp(
          `^docsnav: cannot move ${path.join(root, 'guides')}: another docsnav mv is moving files of this site \\([^\\n]*mv other[^\\n]*\\): wait for it to end, then move again\\n$`,
        ),
      );
      expect(stages).toEqual([['mv: planning', false]]);
      expect(untouched(root)).toBe(true);
    } finally {
      holder.stdin.end();
      await closed;
    }
  });

  it('while a move is cut short: --continue and --abort say what they did; with none, they are usage errors', async () => {
    const root = siteWith(FILES);
    prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
    const refused = capture();
    expect(await run(mv(root), refused.io)).toBe(2);
    expect(refused.stderr()).toMatch(/^docsnav: cannot move [^\n]*guides: [^\n]*unfinished move \(guides → learn\/guides, [^\n]+\n$/);
    const abort = capture();
    expect(await run(['mv', '--abort', path.join(root, 'docs.json')], abort.io)).toBe(0);
    expect(abort.stderr()).toBe('docsnav: undone the move guides → learn/guides\n');
    for (const how of ['continue', 'abort']) {
      const none = capture();
      expect(await run(['mv', `--${how}`, root], none.io)).toBe(2);
      expect(none.stderr()).toBe(`docsnav: no unfinished move is recorded for ${path.relative(process.cwd(), root)}: nothing to ${how}\n`);
    }
    prepareMove(planOn(root, { from: 'guides', to: 'learn/guides' }));
    const finish = capture();
    expect(await run(['mv', '--continue', root], finish.io)).toBe(0);
    expect(finish.stderr()).toBe('docsnav: finished the move guides → learn/guides\n');
    expect(moved(root)).toBe(true);
  });

  it('no docs file: the hint names mv and its arguments', async () => {
    const empty = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-mv-empty-')));
    const named = capture();
    expect(await run(['mv', 'a', 'b', empty], named.io)).toBe(2);
    expect(named.stderr()).toBe(
      `docsnav: no docs.json, docs.yaml, docs.yml or mint.json in ${empty}; name the site's file or folder (docsnav mv <from> <to> path/to/docs.json)\n`,
    );
    // None named: looked for from the current folder up, and the hint is the same command's.
    const above = capture();
    expect(await run(['mv', 'a', 'b'], above.io)).toBe(2);
    expect(above.stderr()).toMatch(
      /^docsnav: no docs\.json, docs\.yaml, docs\.yml or mint\.json in the current folder; [^\n]*docsnav mv <from> <to> [^\n]+\n$/,
    );
  });
});

describe('what mv says of the site', () => {
  it('the journal written unsealed (the key folder inside the docs root): moved all the same, and said', async () => {
    const root = siteWith(FILES);
    vi.stubEnv('XDG_CACHE_HOME', path.join(root, 'cache'));
    const { io, stderr } = capture();
    expect(await run(mv(root), io)).toBe(0);
    expect(stderr()).toBe(
      `${SUMMARY}docsnav: note: the move's journal was not sealed (the user's key folder ${path.join(root, 'cache', 'docsnav')} is inside the docs root ${root}): a move cut short by kill -9 could not have been finished or undone\n${ADDED_NONE}`,
    );
  });

  it("the site's infos counted with its errors and warnings", async () => {
    const root = siteWith({ ...FILES, 'docs.json': docsJson(['/index', 'guides/a']) });
    const { io, stderr } = capture();
    expect(await run(mv(root), io)).toBe(0);
    expect(stderr().split('\n').at(-2)).toBe(
      'docsnav: the move added no problem; the site had 3 problems before it (2 errors, 0 warnings, 1 info): docsnav validate lists them',
    );
  });
});
