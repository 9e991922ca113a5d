/**
 * Moves interrupted for real, for the interruption tests (the default suite's small site, the
 * slow suite's big one): a generated site of `pages` pages in a git repository, one folder
 * holding every page moved (every page and docs.json rewritten, every index entry moved), and a
 * seeded loop of SIGINT, SIGTERM and SIGKILL at random points: some at any time of the run, the
 * others at a random time after the journal appears (while it writes). After each, the working
 * tree and `git ls-files -s` are hashed and must be the old site's or the new one's, after
 * `docsnav mv --continue` or `--abort` where kill -9 left a journal (the next mv says so first).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { random } from '../../bench/mv.mjs';
import { git } from '../history/repo.js';

const { writeSiteWithPages } = (await import(new URL('../../bench/generate.mjs', import.meta.url).href)) as {
  writeSiteWithPages: (folder: string, pages: number) => { pages: number };
};

const cli = path.resolve('dist/cli/main.js');
const FROM = 'en/v1/t0';
const TO = 'en/v1/tab-zero';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGKILL'] as const;
/** The journal's folder, in the repository's git folder (src/move/journal.ts). */
const JOURNAL = 'docsnav-mv';

/** Every file under the repository (its git folder left out) by its bytes' hash, and the index's entries, as one hash; and whether a page is empty. */
export function stateOf(repo: string): { hash: string; emptyPages: string[] } {
  const hash = createHash('sha256');
  const emptyPages: string[] = [];
  const walk = (relative: string) => {
    const entries = readdirSync(path.join(repo, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name === '.git') continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        hash.update(`${child}/\n`);
        walk(child);
        continue;
      }
      const bytes = readFileSync(path.join(repo, child));
      if (bytes.length === 0) emptyPages.push(child);
      hash.update(`${child} ${createHash('sha256').update(bytes).digest('hex')}\n`);
    }
  };
  walk('');
  hash.update(git(repo, 'ls-files', '-s'));
  return { hash: hash.digest('hex'), emptyPages };
}

function docsnav(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: run.status, stderr: run.stderr };
}

/**
 * The move run, `signal` sent to it `delay` ms after it starts, or after it starts writing: the
 * journal's folder made in the git folder, an event waited for, never a guessed time. Only that
 * name counts: the lock's note (`docsnav-mv.lock`) is written there too, at the command's start,
 * long before anything is written, and git writes its own files there.
 */
async function interrupted(repo: string, signal: (typeof SIGNALS)[number] | undefined, delay: number, afterWriting: boolean) {
  const gitDir = path.join(repo, '.git');
  let writing: () => void = () => {};
  const started = new Promise<void>((resolve) => (writing = resolve));
  const watcher = watch(gitDir, (_event, name) => {
    if (name === JOURNAL) writing();
  });
  const child = spawn(process.execPath, [cli, 'mv', FROM, TO, '--format', 'json'], { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, by) => resolve({ code, signal: by })),
  );
  const startedAt = Date.now();
  let wroteAt: number | undefined;
  void started.then(() => (wroteAt ??= Date.now()));
  if (signal !== undefined) {
    if (afterWriting) await Promise.race([started, exited]);
    await new Promise((resolve) => setTimeout(resolve, delay));
    child.kill(signal);
  }
  const end = await exited;
  watcher.close();
  const endedAt = Date.now();
  return { ...end, stderr, ms: { whole: endedAt - startedAt, writing: endedAt - (wroteAt ?? endedAt) } };
}

export interface LoopResult {
  rounds: number;
  /** How the rounds ended: the old site, the new one; how many left a journal (kill -9 while writing) and were continued or aborted; how many were rolled back in the process (SIGINT/SIGTERM while writing). */
  old: number;
  new: number;
  continued: number;
  aborted: number;
  rolledBack: number;
  /** What went wrong, one line each (none when all is well). */
  failures: string[];
  /** The move's time, whole and from its first write (ms), in the calibrating run. */
  ms: { whole: number; writing: number };
}

/** The loop: `rounds` interruptions on a generated site of `pages` pages, seeded, bounded by `budgetMs` (it stops early, saying how many it ran). */
export async function interruptionLoop(pages: number, rounds: number, seed: number, budgetMs: number): Promise<LoopResult> {
  const repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-mv-signals-')));
  git(repo, 'init', '-q');
  writeSiteWithPages(repo, pages);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  const reset = () => {
    // A journal a failed round left (said in its failure) would refuse every later move.
    rmSync(path.join(repo, '.git', 'docsnav-mv'), { recursive: true, force: true });
    git(repo, 'reset', '-q', '--hard');
    git(repo, 'clean', '-qfdx');
  };
  const old = stateOf(repo).hash;
  // Calibrating: the whole move, and its time from its first write to its end (the later validation included).
  const whole = await interrupted(repo, undefined, 0, false);
  if (whole.code !== 0) throw new Error(`the move failed: ${whole.stderr}`);
  const moved = stateOf(repo).hash;
  const { ms } = whole;
  reset();

  const result: LoopResult = { rounds: 0, old: 0, new: 0, continued: 0, aborted: 0, rolledBack: 0, failures: [], ms };
  const next = random(seed);
  const deadline = Date.now() + budgetMs;
  for (let round = 0; round < rounds && Date.now() < deadline; round++) {
    const signal = SIGNALS[Math.floor(next() * SIGNALS.length)];
    const afterWriting = next() < 0.6;
    const delay = Math.floor(next() * (afterWriting ? ms.writing : ms.whole));
    const end = await interrupted(repo, signal, delay, afterWriting);
    const where = `round ${round}: ${signal} ${afterWriting ? `${delay} ms after it started writing` : `at ${delay} ms`}`;
    result.rounds++;
    if (end.stderr.includes('interrupted (')) result.rolledBack++;
    if (existsSync(path.join(repo, '.git', 'docsnav-mv', 'plan.json'))) {
      if (signal !== 'SIGKILL') result.failures.push(`${where}: a journal left after ${signal}`);
      const again = docsnav(['mv', FROM, TO], repo);
      if (again.code !== 2 || !/an unfinished move \(en\/v1\/t0 → en\/v1\/tab-zero, started .*docsnav mv --continue/.test(again.stderr))
        result.failures.push(`${where}: the next mv said ${again.code}: ${again.stderr.trim()}`);
      const how = next() < 0.5 ? 'continue' : 'abort';
      const finish = docsnav(['mv', `--${how}`], repo);
      if (finish.code !== 0) result.failures.push(`${where}: --${how} exited ${finish.code}: ${finish.stderr.trim()}`);
      const state = stateOf(repo);
      if (state.hash !== (how === 'continue' ? moved : old))
        result.failures.push(`${where}: after --${how}, neither the ${how === 'continue' ? 'new' : 'old'} site`);
      if (how === 'continue') result.continued++;
      else result.aborted++;
    } else {
      const state = stateOf(repo);
      if (state.emptyPages.length > 0) result.failures.push(`${where}: empty pages ${state.emptyPages.slice(0, 3).join(', ')}`);
      if (state.hash === old) result.old++;
      else if (state.hash === moved) result.new++;
      else result.failures.push(`${where}: the tree and index are a mix (exit ${end.code ?? end.signal}: ${end.stderr.trim().split('\n')[0]})`);
    }
    reset();
  }
  rmSync(repo, { recursive: true, force: true });
  return result;
}
