/**
 * The machine `npm run mutate` runs on (scripts/mutate-machine.mjs; issue 67): each part scripts/mutate.mjs
 * gives scripts/mutate-program.mjs, run here in process: real git in a repository of the test's own, a
 * real process group stopped at its deadline, real builds of a package of the test's own, the clock and
 * the console.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildFresh, mutateMachine } from '../scripts/mutate-machine.mjs';
import { keepWholeRun, seedIncremental } from '../scripts/mutation-state.mjs';
import { tinyPackage } from './tiny-package.js';

const temporary = mkdtempSync(path.join(tmpdir(), 'docsnav-mutate-machine-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

/** A console of the test's own: what was logged and what was said as an error. */
function recorder() {
  const logged: string[] = [];
  const errors: string[] = [];
  return { logged, errors, out: { log: (line: string) => void logged.push(line), error: (line: string) => void errors.push(line) } };
}

describe('mutateMachine', () => {
  it('git runs in the repository it is given (not the process’s folder), answers text, and holds more than a few bytes of it', () => {
    const root = path.join(temporary, 'repo');
    mkdirSync(root);
    const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    git('init', '-q');
    const big = `${'a line of a changed file\n'.repeat(400)}`;
    writeFileSync(path.join(root, 'big.txt'), big);
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
    const machine = mutateMachine({ argv: [], env: {}, root, out: recorder().out, checks: [] });
    const shown = machine.git(['show', 'HEAD:big.txt']);
    expect(shown.status).toBe(0);
    expect(typeof shown.stdout).toBe('string');
    expect(shown.stdout).toBe(big);
    expect(machine.git(['rev-parse', '--show-toplevel']).stdout).toBe(`${realpathSync(root)}\n`);
  });

  it('passes its argv, environment and root through, and the incremental state’s own functions', () => {
    const env = { DOCSNAV_MUTATE_BASE: 'v1' };
    const machine = mutateMachine({ argv: ['--changed'], env, root: temporary, out: recorder().out, checks: [] });
    expect(machine.argv).toEqual(['--changed']);
    expect(machine.env).toBe(env);
    expect(machine.root).toBe(temporary);
    expect(machine.seedIncremental).toBe(seedIncremental);
    expect(machine.keepWholeRun).toBe(keepWholeRun);
  });

  it('a job runs in a process group that is stopped at its deadline', async () => {
    const machine = mutateMachine({ argv: [], env: {}, root: temporary, out: recorder().out, checks: [] });
    const job = { name: 'none', configFile: path.join(temporary, 'no-such-config.mjs'), options: {} };
    const answer = await machine.runJob(job as never, { ...process.env }, performance.now());
    expect(answer).toEqual({ stopped: expect.any(Number) });
  });

  it('the clock is performance.now(), and today is the UTC date', () => {
    const machine = mutateMachine({ argv: [], env: {}, root: temporary, out: recorder().out, checks: [] });
    const before = performance.now();
    const now = machine.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(performance.now());
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T23:59:59.999Z') });
    try {
      expect(machine.today()).toBe('2026-11-30');
    } finally {
      vi.useRealTimers();
    }
  });

  it('log and error go to the console it is given, each to its own', () => {
    const { logged, errors, out } = recorder();
    const machine = mutateMachine({ argv: [], env: {}, root: temporary, out, checks: [] });
    machine.log('a line');
    machine.error('a failure');
    expect(logged).toEqual(['a line']);
    expect(errors).toEqual(['a failure']);
  });

  it('the server’s build: a stale one is built, said in the log as mutate’s; a fresh one is left; a failing one is its line', () => {
    const { logged, out } = recorder();
    const stale = tinyPackage(undefined, 'stale', temporary);
    expect(mutateMachine({ argv: [], env: {}, root: temporary, out, checks: [stale] }).buildServer()).toBeUndefined();
    expect(existsSync(path.join(stale.root, 'dist', 'index.js'))).toBe(true);
    expect(logged).toEqual([`mutate: stale: dist/index.js is missing; building it (${stale.build.join(' ')})`]);
    expect(mutateMachine({ argv: [], env: {}, root: temporary, out, checks: [stale] }).buildServer()).toBeUndefined();
    expect(logged).toHaveLength(1);
    const failing = tinyPackage("console.error('no compiler here'); process.exit(3)", 'failing', temporary);
    expect(mutateMachine({ argv: [], env: {}, root: temporary, out, checks: [failing] }).buildServer()).toBe(
      `failing: the build is stale (dist/index.js is missing) and \`${failing.build.join(' ')}\` failed: no compiler here`,
    );
  });
});

describe('buildFresh', () => {
  it('builds each check in order and stops at the first that fails, with its line', () => {
    const said: string[] = [];
    const first = tinyPackage("console.error('broken'); process.exit(1)", 'first', temporary);
    const second = tinyPackage(undefined, 'second', temporary);
    expect(buildFresh([first, second], (line) => said.push(line))).toMatch(/^first: the build is stale .* failed: broken$/);
    expect(existsSync(path.join(second.root, 'dist', 'index.js'))).toBe(false);
    expect(said).toHaveLength(1);
    expect(buildFresh([second], (line) => said.push(line))).toBeUndefined();
    expect(existsSync(path.join(second.root, 'dist', 'index.js'))).toBe(true);
  });
});
