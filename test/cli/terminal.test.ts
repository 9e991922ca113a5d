/**
 * Long work on a terminal (issue 71 item 4), as a user sees it: the CLI run under a real
 * pseudo-terminal (util-linux `script`), Ctrl-C typed into it (the terminal's line discipline
 * sends SIGINT to the process group, as a keyboard does). A progress line on stderr while it works
 * (DOCSNAV_PROGRESS_AFTER=0 here: drawn from the start, so that a test waits for it, not for a
 * clock), none when piped or with a CI format; Ctrl-C during a check says what was changed and
 * exits 130. Each wait is for the output the test needs, bounded by a hang guard.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { git } from '../history/repo.js';
import { hangGuard } from '../time-scale.mjs';

const { writeSiteWithPages } = (await import(new URL('../../bench/generate.mjs', import.meta.url).href)) as {
  writeSiteWithPages: (folder: string, pages: number) => { pages: number };
};

const cli = path.resolve('dist/cli/main.js');
const PAGES = 2000;
const env = { ...process.env, NO_COLOR: '1', DOCSNAV_PROGRESS_AFTER: '0', TERM: 'xterm' };

/** A progress line as drawn: over the last one, the stage then its counts. */
const LINE = /\r\x1b\[Kdocsnav: (validating|mv: [a-z ]+)…/;

/** A command run on a pseudo-terminal; its output as the terminal got it (stdout and stderr together). */
function onTerminal(args: readonly string[], cwd: string) {
  const command = [process.execPath, cli, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
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

/** A git repository holding a generated site (each check of it reads and scans 2,000 pages: there is time to type Ctrl-C). */
function siteRepo(): string {
  const repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-terminal-')));
  git(repo, 'init', '-q');
  writeSiteWithPages(repo, PAGES);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  return repo;
}

/** A line of `stage` that says fewer than 1,000 of the site's 2,001 files were read: the check is under way, most of it still to come. */
const UNDER_WAY = (stage: string) => new RegExp(`docsnav: ${stage}… [\\d,]+ entries?, \\d{1,3} files? read`);

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
    const run = onTerminal(['validate'], repo);
    await run.until(UNDER_WAY('validating'));
    run.interrupt();
    expect(await run.ended).toBe(130);
    // Stopped at its next step, not at the end: fewer than the site's 2,001 files read, or no page checked yet.
    const stopped = /docsnav: interrupted \(SIGINT\) after ([\d,]+) files? read and ([\d,]+) pages? checked: nothing was changed\r\n$/.exec(run.output());
    expect(stopped, run.output().slice(-300)).not.toBeNull();
    const [read, checked] = [stopped![1], stopped![2]].map((count) => Number(count.replaceAll(',', '')));
    expect(read < PAGES + 1 || checked === 0, `${read} read, ${checked} checked`).toBe(true);
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

  it('mv: Ctrl-C while it checks the site before writing leaves it as it was', async () => {
    const run = onTerminal(['mv', 'en/v1/t0', 'en/v1/moved'], repo);
    await run.until(UNDER_WAY('mv: checking'));
    run.interrupt();
    expect(await run.ended).toBe(130);
    expect(run.output()).toMatch(/docsnav: interrupted \(SIGINT\) before the move wrote anything: nothing was changed\r\n$/);
    expect(git(repo, 'status', '--porcelain=v1')).toBe('');
  });

  it('mv: Ctrl-C while it checks the moved site says the move is made and its check is not', async () => {
    const run = onTerminal(['mv', 'en/v1/t0', 'en/v1/moved'], repo);
    await run.until(UNDER_WAY('mv: checking again'));
    run.interrupt();
    expect(await run.ended).toBe(130);
    const output = run.output();
    expect(output).toMatch(/docsnav: mv: writing… [\d,]+ steps? done/);
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
