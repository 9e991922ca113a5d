/**
 * A target's Stryker run in a process group of its own (scripts/mutate-run.mjs; issue 67: CI's
 * mutation step ran one target past its budget to the step's 25-minute kill, and nothing measured
 * before it was reported). Through the real code with real processes: a child program that uses
 * `serve` as Stryker's does, with jobs that answer, throw, exit, or hang with a runner of their own
 * (a grandchild, as Stryker's test runners are). Each way the group must end is seen: the deadline,
 * the child's own exit, the parent signalled, the parent killed outright.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runInGroup } from '../scripts/mutate-run.mjs';

const temporary = mkdtempSync(path.join(tmpdir(), 'docsnav-mutate-run-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));
const module = pathToFileURL(path.resolve('scripts/mutate-run.mjs')).href;

/** The child: answers, throws, exits without a word, or starts a runner that never ends and says its id on stdout. */
const CHILD = path.join(temporary, 'child.mjs');
writeFileSync(
  CHILD,
  `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { serve } from ${JSON.stringify(module)};
serve(async (job) => {
  if (job.kind === 'answer') return [{ id: '1', status: 'Killed', seen: process.env.DOCSNAV_RUN_SEEN }];
  if (job.kind === 'throw') throw new Error('Stryker: the dry run went over its time\\nat somewhere (stack)');
  if (job.kind === 'exit') process.exit(3);
  const runner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  writeFileSync(job.pidFile, String(runner.pid));
  if (job.say) console.log('runner ' + runner.pid);
  return new Promise(() => {});
});
`,
);

/** The parent: runs one job to its end with no deadline, and prints the answer. */
const PARENT = path.join(temporary, 'parent.mjs');
writeFileSync(
  PARENT,
  `import { runInGroup } from ${JSON.stringify(module)};
const answer = await runInGroup(JSON.parse(process.argv[2]), { env: process.env, program: ${JSON.stringify(CHILD)} });
console.log('answer ' + JSON.stringify(answer));
`,
);

/** Whether a process runs: its /proc entry is there and it is not a zombie (a killed runner no one reaped yet has ended). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Waits (at most 10 s, in steps of 25 ms: the end of a process not ours sends no event) for `pid` to end; whether it did. */
async function ended(pid: number): Promise<boolean> {
  for (let step = 0; step < 400; step++) {
    if (!running(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

let jobs = 0;
const pidFileOf = () => path.join(temporary, `runner-${++jobs}.pid`);

describe('a Stryker run in a group of its own', () => {
  it("gives the child's results, the child seeing the environment it was given", async () => {
    const answer = await runInGroup({ kind: 'answer' }, { env: { ...process.env, DOCSNAV_RUN_SEEN: 'yes' }, program: CHILD });
    expect(answer).toEqual({ results: [{ id: '1', status: 'Killed', seen: 'yes' }] });
  });

  it('gives what the child threw in one line, and an exit with no answer as an error that says how it ended', async () => {
    expect(await runInGroup({ kind: 'throw' }, { env: process.env, program: CHILD })).toEqual({ error: 'Stryker: the dry run went over its time' });
    expect(await runInGroup({ kind: 'exit' }, { env: process.env, program: CHILD })).toEqual({ error: 'the run ended with exit code 3 and no result' });
  });

  it('stops the run at its deadline: the child and the runner it started are killed', async () => {
    const pidFile = pidFileOf();
    const begun = performance.now();
    // Long enough for a child to start its runner on a loaded machine (it takes ~0.1 s on a quiet one).
    const answer = await runInGroup({ kind: 'hang', pidFile }, { env: process.env, deadline: begun + 6_000, program: CHILD });
    expect(answer).toHaveProperty('stopped');
    expect((answer as { stopped: number }).stopped).toBeGreaterThanOrEqual(5.9);
    expect(existsSync(pidFile), 'the child started its runner within the 6 s').toBe(true);
    expect(await ended(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
  });

  it('leaves no runner after a child that answered: one it started and left is killed with the group', async () => {
    const pidFile = pidFileOf();
    // The child answers at once, leaving a runner behind (a Stryker run whose runner did not stop).
    const program = path.join(temporary, 'leaves-runner.mjs');
    writeFileSync(
      program,
      `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { serve } from ${JSON.stringify(module)};
serve(async (job) => {
  const runner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  writeFileSync(job.pidFile, String(runner.pid));
  return [];
});
`,
    );
    expect(await runInGroup({ pidFile }, { env: process.env, program })).toEqual({ results: [] });
    expect(await ended(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
  });

  describe.each([
    ["signalled (SIGTERM, as CI's timeout does)", 'SIGTERM'],
    ['signalled (SIGINT, Ctrl-C)', 'SIGINT'],
    ['killed outright (SIGKILL: nothing of it runs)', 'SIGKILL'],
  ] as const)('the parent %s', (_, signal) => {
    it('takes the child and its runner with it', async () => {
      const pidFile = pidFileOf();
      const parent = spawn(process.execPath, [PARENT, JSON.stringify({ kind: 'hang', pidFile, say: true })], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        parent.on('exit', (code, signal) => resolve({ code, signal })),
      );
      let runner = 0;
      for await (const line of createInterface({ input: parent.stdout })) {
        const said = /^runner (\d+)$/.exec(line);
        if (said) {
          runner = Number(said[1]);
          break;
        }
      }
      expect(runner, 'the child said its runner').toBeGreaterThan(0);
      expect(running(runner)).toBe(true);
      parent.kill(signal);
      expect(await exit).toEqual({ code: null, signal });
      expect(await ended(runner)).toBe(true);
    });
  });
});
