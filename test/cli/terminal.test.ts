/**
 * Long work on a terminal (issue 71 item 4), as a user sees it: the CLI run under a real
 * pseudo-terminal (util-linux `script`), Ctrl-C typed into it (the terminal's line discipline
 * sends SIGINT to the process group, as a keyboard does). A progress line on stderr while it works
 * (DOCSNAV_PROGRESS_AFTER=0 here: drawn from the start, so that a test waits for it, not for a
 * clock), none when piped or with a CI format; Ctrl-C during a check says what was changed and
 * exits 130.
 *
 * Where Ctrl-C lands is made certain, not raced: `git` on the command's PATH is a wrapper that
 * holds one git command (validate --since's `rev-parse`, mv's first `rev-parse` while it plans, or
 * mv's `update-index`, the last step of its write) until the test lets it go, and Ctrl-C is typed
 * while it waits. Ctrl-C reaches git too, as it does on a real terminal (the whole foreground
 * group): git dies of it, and the command must take that as the interruption it is. One case
 * holds a git that ignores SIGINT instead, to land the signal just after the write's last step:
 * the test waits for the CLI to say it stops at its next step (the signal taken), then lets git go.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { git } from '../history/repo.js';
import { hangGuard } from '../time-scale.mjs';
import { generatedSiteRepo } from './site-repo.js';

const cli = path.resolve('dist/cli/main.js');
const PAGES = 2000;
const env = { ...process.env, NO_COLOR: '1', DOCSNAV_PROGRESS_AFTER: '0', TERM: 'xterm' };

/** A progress line as drawn: over the last one, the stage then its counts. */
const LINE = /\r\x1b\[Kdocsnav: (validating|mv: [a-z ]+)…/;

/** A command run on a pseudo-terminal; its output as the terminal got it (stdout and stderr together). */
function onTerminal(args: readonly string[], cwd: string, more: NodeJS.ProcessEnv = {}) {
  const command = [process.execPath, cli, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd, env: { ...env, ...more }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const waiting: Array<{ pattern: RegExp; resolve: () => void }> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const wait of waiting.filter((each) => each.pattern.test(output))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  });
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    output: () => output,
    /** Resolves once the output so far matches `pattern`. */
    until: (pattern: RegExp) =>
      pattern.test(output)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const guard = setTimeout(() => reject(new Error(`no ${pattern} in ${JSON.stringify(output.slice(-400))}`)), hangGuard(30_000));
            waiting.push({ pattern, resolve: () => (clearTimeout(guard), resolve()) });
          }),
    /** Ctrl-C typed on the terminal. */
    interrupt: () => child.stdin.write('\x03'),
    ended,
  };
}

/** A git repository holding a generated site (each check of it reads and scans 2,000 pages). */
const siteRepo = (): string => generatedSiteRepo(PAGES, 'docsnav-terminal-');

const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();

/**
 * A `git` that holds the first `git <held> …` until `release()` (at most a minute), and says it is
 * holding by a file; every other git command runs at once. Its PATH for the command's environment.
 */
function gitGate(held: string, { ignoresInterrupt = false } = {}) {
  const folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-git-gate-')));
  const [waiting, open] = [path.join(folder, 'waiting'), path.join(folder, 'open')];
  writeFileSync(
    path.join(folder, 'git'),
    [
      '#!/bin/sh',
      ...(ignoresInterrupt ? ["trap '' INT"] : []),
      `if [ "$1" = '${held}' ] && [ ! -e '${open}' ] && [ ! -e '${waiting}' ]; then`,
      `  : > '${waiting}'`,
      '  i=0',
      `  while [ ! -e '${open}' ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done`,
      'fi',
      `exec '${realGit}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(path.join(folder, 'git'), 0o755);
  return {
    env: { PATH: `${folder}:${process.env.PATH}` },
    /** Resolves once the held git command is waiting. */
    held: async () => {
      const guard = Date.now() + hangGuard(30_000);
      while (!existsSync(waiting)) {
        if (Date.now() > guard) throw new Error(`git ${held} was never called`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    release: () => writeFileSync(open, ''),
  };
}

/** Ctrl-C while the command waits on the held git (which dies of it, as git does). */
async function interruptHeldGit(run: ReturnType<typeof onTerminal>, gate: ReturnType<typeof gitGate>): Promise<void> {
  await gate.held();
  run.interrupt();
}

/** Ctrl-C while the command waits on a held git that ignores it; once the CLI says it stops at its next step (the signal taken), git goes on. */
async function interruptThenRelease(run: ReturnType<typeof onTerminal>, gate: ReturnType<typeof gitGate>): Promise<void> {
  await gate.held();
  run.interrupt();
  await run.until(/docsnav: SIGINT: stopping at the next step \(send it again to stop at once\)/);
  gate.release();
}

describe('a long check on a terminal', () => {
  let repo: string;
  beforeAll(() => {
    repo = siteRepo();
  });

  it('draws one progress line while it validates, and clears it before the report', async () => {
    const run = onTerminal(['validate'], repo);
    // The generated site has one error of its own (its docs.json lacks the platform's settings).
    expect(await run.ended).toBe(1);
    const output = run.output();
    expect(output).toMatch(/docsnav: validating… [\d,]+ entries, [\d,]+ files? read, [\d,]+ pages? checked/);
    // Every line drawn is taken away (\r\x1b[K) before the next output, and none is drawn after the report.
    const last = output.lastIndexOf('\r\x1b[Kdocsnav: validating');
    expect(output.slice(last).split('\r\x1b[K').length).toBeGreaterThan(2);
    expect(output.slice(output.indexOf('docsnav: validating', last) + 1)).not.toMatch(LINE);
  });

  it('Ctrl-C while it validates: stopped at its next step, "nothing was changed", exit 130', async () => {
    // validate --since reads the site at the ref with git first. Held there by a git that ignores SIGINT, the signal is
    // taken before the check begins; the check stops at its first step, not at its end (which reads the site's 2,001 files).
    const gate = gitGate('rev-parse', { ignoresInterrupt: true });
    const run = onTerminal(['validate', '--since', 'HEAD'], repo, gate.env);
    await interruptThenRelease(run, gate);
    expect(await run.ended, run.output().slice(-600)).toBe(130);
    // Its first step is the first entry walked or file read.
    expect(run.output()).toMatch(/docsnav: interrupted \(SIGINT\) after [01] files? read and 0 pages checked: nothing was changed\r\n$/);
  });

  it('Ctrl-C while validate --since waits on git, which it stops too: the same interruption, not a git failure', async () => {
    const gate = gitGate('rev-parse');
    const run = onTerminal(['validate', '--since', 'HEAD'], repo, gate.env);
    await interruptHeldGit(run, gate);
    expect(await run.ended, run.output().slice(-600)).toBe(130);
    expect(run.output()).toMatch(/docsnav: interrupted \(SIGINT\) after 0 files read and 0 pages checked: nothing was changed\r\n$/);
  });

  it('no progress line with a CI format on a terminal, nor when stderr is piped', async () => {
    const github = onTerminal(['validate', '--format', 'github'], repo);
    await github.ended;
    expect(github.output()).not.toMatch(LINE);
    const piped = spawnSync(process.execPath, [cli, 'validate'], { cwd: repo, env, encoding: 'utf8' });
    expect(piped.status).not.toBe(2);
    expect(piped.stderr).not.toContain('\r');
    expect(piped.stderr).not.toContain('validating…');
  });

  it('mv: Ctrl-C while it plans leaves the site as it was', async () => {
    // mv asks git where the repository is while it plans (an unfinished move's journal is looked for there).
    const gate = gitGate('rev-parse');
    const run = onTerminal(['mv', 'en/v1/t0', 'en/v1/moved'], repo, gate.env);
    await gate.held();
    // What the user sees while it waits.
    await run.until(/docsnav: mv: planning…/);
    await interruptHeldGit(run, gate);
    expect(await run.ended, run.output().slice(-600)).toBe(130);
    expect(run.output()).toMatch(/docsnav: interrupted \(SIGINT\) before the move wrote anything: nothing was changed\r\n$/);
    expect(git(repo, 'status', '--porcelain=v1')).toBe('');
  });

  it('mv: Ctrl-C while it writes (git stopped by it too): everything put back, the git index too', async () => {
    const gate = gitGate('update-index');
    const run = onTerminal(['mv', 'en/v1/t0', 'en/v1/moved'], repo, gate.env);
    await interruptHeldGit(run, gate);
    expect(await run.ended, run.output().slice(-600)).toBe(130);
    expect(run.output()).toMatch(/docsnav: mv: writing… [\d,]+ steps? done/);
    expect(run.output().slice(-400)).toMatch(/docsnav: interrupted \(SIGINT\): everything written and moved was put back as it was, the git index too\r\n$/);
    expect(git(repo, 'status', '--porcelain=v1')).toBe('');
  });

  it('mv: Ctrl-C just after its last write step: the move is made, and its check is said to be cut short', async () => {
    // The git index is written last (update-index): held there by a git that ignores SIGINT, the signal comes after every step of the write.
    const gate = gitGate('update-index', { ignoresInterrupt: true });
    const run = onTerminal(['mv', 'en/v1/t0', 'en/v1/moved'], repo, gate.env);
    await interruptThenRelease(run, gate);
    expect(await run.ended, run.output().slice(-600)).toBe(130);
    const output = run.output();
    expect(output).toMatch(/docsnav: moved en\/v1\/t0 → en\/v1\/moved .*\r\n/);
    expect(output).toMatch(
      /docsnav: interrupted \(SIGINT\) after the move was written \(said above\): the check of the moved site did not finish; docsnav validate checks it\r\n$/,
    );
    const status = git(repo, 'status', '--porcelain=v1').split('\n').filter(Boolean);
    expect(status.some((line) => line.startsWith('R  en/v1/t0/'))).toBe(true);
    git(repo, 'reset', '-q', '--hard');
    git(repo, 'clean', '-qfd');
  });
});
