/**
 * `npm run mutate`'s program (scripts/mutate-program.mjs; issue 67: it was top-level code in
 * scripts/mutate.mjs that no test ran), with real git in a repository of the test's own that holds
 * files where two targets' paths are (cache, a library target; redact, a server one). Stryker is the
 * one thing answered by the test (scripts/mutate-run.test.ts runs the real process group): each job
 * it is given is recorded, and its answer kills or spares the mutants of the lines asked about.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linesOf, sample } from '../scripts/mutate-gate.mjs';
import { incrementalFileOf, mutateProgram, strykerJob } from '../scripts/mutate-program.mjs';
import type { Answer } from '../scripts/mutate-run.mjs';
import { TARGETS, globsOf } from '../scripts/mutate-targets.mjs';

const temporary = mkdtempSync(path.join(tmpdir(), 'docsnav-mutate-program-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const CACHE = 'src/cache/memory.ts';
const REDACT = 'server/src/messages/redact.ts';
const code = (n: number, from = 1) => Array.from({ length: n }, (_, index) => `call${from + index}();`).join('\n') + '\n';

let repositories = 0;
/** A git repository with a first commit (the base) holding both targets' files and a test folder each. */
function repository() {
  const root = path.join(temporary, `repo-${repositories++}`);
  const files: Record<string, string> = {
    [CACHE]: code(5),
    [REDACT]: code(3),
    'test/cache/memory.test.ts': '',
    'server/test/redact.test.ts': '',
    'README.md': 'not code\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const git = gitIn(root);
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'base');
  git('tag', 'base');
  return { root, git, commit: (message: string) => git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-am', message) };
}

function gitIn(root: string) {
  return (...args: string[]) => {
    const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
    return result.stdout;
  };
}

/** A repository whose head changed both targets' files since `base`: 5 lines of cache, 3 of redact. */
function bothChanged() {
  const made = repository();
  writeFileSync(path.join(made.root, CACHE), code(5, 50));
  writeFileSync(path.join(made.root, REDACT), code(3, 80));
  made.commit('both');
  return made;
}

type Job = { name: string; configFile: string; options: { mutate: string[]; incrementalFile: string; concurrency?: number } };

/** The machine the program is given: real git in `root`; Stryker answering `answer(job)`; the rest recorded. */
function machine(
  root: string,
  argv: string[],
  options: {
    answer?: (job: Job) => Answer<unknown>;
    env?: Record<string, string>;
    buildFails?: string;
    git?: () => { status: number; stdout: string; stderr: string };
  } = {},
) {
  const seen = {
    jobs: [] as Array<{ job: Job; env: Record<string, string | undefined>; deadline: number | undefined }>,
    log: [] as string[],
    errors: [] as string[],
    seeded: [] as string[],
    kept: [] as Array<[string, string, Record<string, unknown>]>,
    builds: 0,
  };
  // The clock starts where a real one would be, far from 0.
  let time = 1_000_000;
  const killAll = (job: Job) => ({
    results: linesOfJob(job).map(([file, line]) => ({ fileName: path.join(root, file), location: { start: { line } }, status: 'Killed', mutatorName: 'X' })),
  });
  const program = mutateProgram({
    argv,
    env: { PATH: process.env.PATH, ...options.env },
    root,
    git: options.git ?? ((args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' })),
    runJob: async (job: Job, env: Record<string, string | undefined>, deadline: number | undefined): Promise<Answer<unknown>> => {
      // A real run answers later, never within the call.
      await Promise.resolve();
      seen.jobs.push({ job, env, deadline });
      time += 30_000;
      return (options.answer ?? killAll)(job);
    },
    seedIncremental: (file: string, name: string) => {
      seen.seeded.push(file);
      return name === 'cache' ? `${name}'s incremental file seeded` : undefined;
    },
    keepWholeRun: (file: string, name: string, row: Record<string, unknown>) => seen.kept.push([file, name, row]),
    buildServer: () => {
      seen.builds++;
      return options.buildFails;
    },
    now: () => time,
    today: () => '2026-11-30',
    log: (line: string) => seen.log.push(line),
    error: (line: string) => seen.errors.push(line),
  });
  return { program, seen };
}

/** The `[file, line]`s a job's `file:a-b` ranges of single lines name (a whole file or glob names none). */
function linesOfJob(job: Job): Array<[string, number]> {
  return job.options.mutate.flatMap((range): Array<[string, number]> => {
    const named = /^(.*):(\d+)-\d+$/.exec(range);
    return named === null ? [] : [[named[1], Number(named[2])]];
  });
}

describe('mutateProgram: refusals', () => {
  it('refuses a usage error with exit 2 and one line', async () => {
    const { root } = repository();
    const { program, seen } = machine(root, ['--budget']);
    expect(await program).toBe(2);
    expect(seen.errors).toHaveLength(1);
    expect(seen.errors[0]).toMatch(/^mutate: /);
    expect(seen.jobs).toEqual([]);
  });

  it('refuses an unknown target, an inherited property name too, naming every target', async () => {
    const { root } = repository();
    for (const name of ['nope', 'constructor', 'toString']) {
      const { program, seen } = machine(root, ['cache', name]);
      expect(await program).toBe(2);
      expect(seen.errors).toEqual([`mutate: unknown target "${name}"; the targets are ${Object.keys(TARGETS).join(', ')}`]);
      expect(seen.jobs).toEqual([]);
    }
    const two = machine(root, ['nope', 'cache', 'other']);
    expect(await two.program).toBe(2);
    expect(two.seen.errors[0]).toMatch(/^mutate: unknown target "nope", "other"; the targets are /);
  });

  it("ends with exit 2 and git's first line when git fails: a base that is no commit, a folder that is no repository", async () => {
    const { root } = repository();
    const { program, seen } = machine(root, ['--changed', '--base', 'no-such-ref']);
    expect(await program).toBe(2);
    expect(seen.errors).toEqual(['mutate: git merge-base no-such-ref HEAD failed: fatal: Not a valid object name no-such-ref']);
    const bare = mkdtempSync(path.join(temporary, 'no-repo-'));
    const outside = machine(bare, ['--changed']);
    expect(await outside.program).toBe(2);
    expect(outside.seen.errors[0]).toMatch(/^mutate: git rev-parse HEAD failed: fatal: not a git repository/);
  });

  it("says git's first line said, on stdout when it said nothing on stderr", async () => {
    const { root } = repository();
    for (const [stderr, stdout] of [
      ['\n  fatal: the first line\nthe second\n', ''],
      ['', 'fatal: on stdout\n'],
    ]) {
      const { program, seen } = machine(root, ['--changed'], { git: () => ({ status: 128, stdout: stdout, stderr: stderr }) });
      expect(await program).toBe(2);
      expect(seen.errors.at(-1)).toBe(`mutate: git rev-parse HEAD failed: ${stderr ? 'fatal: the first line' : 'fatal: on stdout'}`);
    }
  });

  it('throws what is not git failing (no failure is taken for another)', async () => {
    const { root, commit } = repository();
    writeFileSync(path.join(root, CACHE), code(5, 10));
    commit('change');
    const { program } = machine(root, ['--changed', '--base', 'base'], {
      answer: () => {
        throw new TypeError('a bug of the runner');
      },
    });
    await expect(program).rejects.toThrow(TypeError);
  });
});

describe('mutateProgram --changed', () => {
  it('says when no line of code of a target changed, and passes', async () => {
    const { root, git, commit } = repository();
    writeFileSync(path.join(root, 'README.md'), 'changed, not code\n');
    commit('docs');
    const base = git('rev-parse', 'base').trim();
    const { program, seen } = machine(root, ['--changed', '--base', 'base']);
    expect(await program).toBe(0);
    expect(seen.log[0]).toBe(`mutate: no line of code of a target changed since base (${base.slice(0, 12)})`);
    expect(seen.jobs).toEqual([]);
    expect(seen.builds).toBe(0);
  });

  it('mutates exactly the lines of code changed since the base, committed or not, and passes them killed', async () => {
    const { root, commit } = repository();
    writeFileSync(path.join(root, CACHE), code(2) + 'changedA();\n' + code(2, 4));
    commit('one line');
    // Uncommitted: the working tree is measured too.
    writeFileSync(path.join(root, CACHE), code(2) + 'changedA();\n' + code(1, 4) + 'changedB();\n');
    const { program, seen } = machine(root, ['--changed', '--base', 'base']);
    expect(await program).toBe(0);
    expect(seen.jobs.map(({ job }) => [job.name, job.options.mutate])).toEqual([['cache', [`${CACHE}:3-3`, `${CACHE}:5-5`]]]);
    expect(seen.log[0]).toMatch(/^mutate: lines of code changed since base \([0-9a-f]{12}\): cache 2$/);
    expect(seen.builds).toBe(0);
    expect(seen.jobs[0]?.deadline).toBeUndefined();
    expect(seen.log).toContain('  cache: 2 lines changed, 2 of them lines of code; 2 mutated (exact: every one), 2 mutants');
  });

  it("fails when a changed line's mutant survives, and lists it", async () => {
    const { root, commit } = repository();
    writeFileSync(path.join(root, CACHE), code(4) + 'changed();\n');
    commit('one line');
    const { program, seen } = machine(root, ['--changed', '--base', 'base'], {
      answer: (job) => ({
        results: linesOfJob(job).map(([file, line]) => ({
          fileName: path.join(root, file),
          location: { start: { line } },
          status: 'Survived',
          mutatorName: 'BlockStatement',
          replacement: '{}',
        })),
      }),
    });
    expect(await program).toBe(1);
    expect(seen.log).toContain(`  survived: ${CACHE}:5, BlockStatement → "{}"`);
    expect(seen.log.at(-1)).toBe('FAILED: under the floor of 85%: cache, all targets');
  });

  it('draws the same lines for the same head commit and target, and others for another head', async () => {
    const { root, commit } = repository();
    writeFileSync(path.join(root, CACHE), code(40, 100));
    commit('forty lines');
    const first = machine(root, ['--changed', '--base', 'base', '--sample', '5']);
    const second = machine(root, ['--changed', '--base', 'base', '--sample', '5']);
    await first.program;
    await second.program;
    const drawn = first.seen.jobs[0]?.job.options.mutate;
    expect(drawn).toHaveLength(5);
    expect(second.seen.jobs[0]?.job.options.mutate).toEqual(drawn);
    const head = gitIn(root)('rev-parse', 'HEAD').trim();
    const all = Array.from({ length: 40 }, (_, index): [string, number] => [CACHE, index + 1]);
    expect(drawn).toEqual(linesOf(sample(all, 5, `${head}:cache`)));
    writeFileSync(path.join(root, 'README.md'), 'another head\n');
    commit('another head');
    const third = machine(root, ['--changed', '--base', 'base', '--sample', '5']);
    await third.program;
    expect(third.seen.jobs[0]?.job.options.mutate).not.toEqual(drawn);
  });

  it('runs within a budget: the cap grows it, the deadline is its end, a server target is built first', async () => {
    const { root } = bothChanged();
    const { program, seen } = machine(root, ['--changed', '--base', 'base', '--budget', '10', '--cap', '100000']);
    expect(await program).toBe(0);
    expect(seen.builds).toBe(1);
    expect(seen.log[0]).toMatch(/: redact 3, cache 5; a budget of 10 s, each target's lines drawn to fit it \(seed <head>:<target>\)$/);
    // cache: 20 + 2 x 1 test file + 5 x 8; redact: 40 + 8 x 1 + 3 x 25.
    expect(seen.log[1]).toBe(
      'mutate: every changed line is reckoned at 185 s; the budget: 185 s (10 s at least, 100000 s at most), so every changed line is mutated',
    );
    expect(seen.jobs.map(({ job, deadline }) => [job.name, job.options.mutate.length, deadline])).toEqual([
      ['cache', 5, 1_000_000 + 185_000],
      ['redact', 3, 1_000_000 + 185_000],
    ]);
  });

  it("fails when the server's build fails, saying its line, before any Stryker run", async () => {
    const { root, commit } = repository();
    writeFileSync(path.join(root, REDACT), code(3, 80));
    commit('server');
    const { program, seen } = machine(root, ['--changed', '--base', 'base'], { buildFails: 'server: the build is stale and `npm run build` failed: boom' });
    expect(await program).toBe(2);
    expect(seen.errors).toEqual(['mutate: server: the build is stale and `npm run build` failed: boom']);
    expect(seen.jobs).toEqual([]);
  });

  it('takes the base from DOCSNAV_MUTATE_BASE, and keeps the targets asked for', async () => {
    const { root } = bothChanged();
    const { program, seen } = machine(root, ['--changed', 'redact'], { env: { DOCSNAV_MUTATE_BASE: 'base' } });
    expect(await program).toBe(0);
    expect(seen.jobs.map(({ job }) => job.name)).toEqual(['redact']);
    expect(seen.log[0]).toMatch(/^mutate: lines of code changed since base /);
  });
});

describe('mutateProgram, whole targets and samples', () => {
  it('runs a whole target and keeps it, with the commit it ran on and whether its files were dirty', async () => {
    const { root, git } = repository();
    const head = git('rev-parse', 'HEAD').trim();
    const clean = machine(root, ['cache']);
    expect(await clean.program).toBe(0);
    expect(clean.seen.jobs.map(({ job }) => job.options.mutate)).toEqual([globsOf(TARGETS.cache.paths)]);
    expect(clean.seen.kept).toEqual([
      [
        path.join(root, incrementalFileOf('cache')),
        'cache',
        { score: 100, killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, commit: head, dirty: false, date: '2026-11-30' },
      ],
    ]);
    expect(clean.seen.log).toContain("mutate: cache's whole run kept in mutation-state/ (npm run mutate:table writes docs/mutation-scores.md's table)");
    // A change outside the code and tests is not dirt; one in src is.
    writeFileSync(path.join(root, 'README.md'), 'changed\n');
    const docs = machine(root, ['cache']);
    await docs.program;
    expect(docs.seen.kept[0]?.[2].dirty).toBe(false);
    writeFileSync(path.join(root, CACHE), code(6));
    const dirty = machine(root, ['cache']);
    await dirty.program;
    expect(dirty.seen.kept[0]?.[2].dirty).toBe(true);
  });

  it("seeds each run's incremental file from the root, and says when it did", async () => {
    const { root } = repository();
    const { program, seen } = machine(root, ['cache', 'redact']);
    await program;
    expect(seen.seeded).toEqual([path.join(root, incrementalFileOf('cache')), path.join(root, incrementalFileOf('redact'))]);
    expect(seen.log.filter((line) => line.startsWith('mutate: ') && !line.includes('whole run kept'))).toEqual(["mutate: cache's incremental file seeded"]);
    expect(seen.builds).toBe(1);
  });

  it("draws a sample of a target's lines of code by its name, or the seed given", async () => {
    const { root } = repository();
    const all = Array.from({ length: 5 }, (_, index): [string, number] => [CACHE, index + 1]);
    const named = machine(root, ['--sample', '2', 'cache']);
    expect(await named.program).toBe(0);
    expect(named.seen.log[0]).toBe('mutate: cache, 2 lines drawn (seed cache)');
    expect(named.seen.jobs[0]?.job.options.mutate).toEqual(linesOf(sample(all, 2, 'cache')));
    const seeded = machine(root, ['--sample', '2', '--seed', 'other', 'cache']);
    await seeded.program;
    expect(seeded.seen.log[0]).toBe('mutate: cache, 2 lines drawn (seed other)');
    expect(seeded.seen.jobs[0]?.job.options.mutate).toEqual(linesOf(sample(all, 2, 'other')));
    expect(seeded.seen.kept).toEqual([]);
  });
});

describe('mutateProgram, what it reports', () => {
  it("runs every target, in the table's order, when none is asked for", async () => {
    const { root } = repository();
    const { program, seen } = machine(root, []);
    expect(await program).toBe(0);
    expect(seen.jobs.map(({ job }) => job.name)).toEqual(Object.keys(TARGETS));
  });

  it('draws a sample of several targets, said in one line', async () => {
    const { root } = repository();
    const { program, seen } = machine(root, ['--sample', '1', 'cache', 'redact']);
    expect(await program).toBe(0);
    expect(seen.log[0]).toBe('mutate: cache, 1 lines drawn (seed cache); redact, 1 lines drawn (seed redact)');
  });

  it('says the budget as it grew, and the minutes the runs took by its clock', async () => {
    const { root } = bothChanged();
    // Every line is reckoned at 185 s: the budget grows from 30 s to the cap, 70 s. cache (start 22 s) gets 3 lines
    // of its 5 beside redact's share; it takes 30 s by the test's clock, and redact's start (48 s) does not fit the 40 left.
    const { program, seen } = machine(root, ['--changed', '--base', 'base', '--budget', '30', '--cap', '70']);
    expect(await program).toBe(1);
    expect(seen.log).toContain('FAILED: not measured within the budget of 70 s: redact (its start alone is reckoned at 48 s; 40 s were left)');
    expect(seen.log.find((line) => line.startsWith('the changed lines'))).toMatch(/ over 3 of 5 lines \(0\.5 min\);/);
  });
});

describe('strykerJob', () => {
  it("gives Stryker the target's configuration, lines, incremental file and reports, and its tests and environment", () => {
    const { job, env } = strykerJob('redact', ['a.ts:1-1'], { KEEP: 'yes' });
    expect(job).toEqual({
      name: 'redact',
      configFile: TARGETS.redact.configFile,
      options: {
        mutate: ['a.ts:1-1'],
        incremental: true,
        incrementalFile: 'reports/stryker-incremental-redact.json',
        htmlReporter: { fileName: 'reports/mutation/redact.html' },
        jsonReporter: { fileName: 'reports/mutation/redact.json' },
      },
    });
    expect(env).toEqual({ KEEP: 'yes', DOCSNAV_MUTATE_TESTS: TARGETS.redact.tests.join(',') });
  });

  it("sets the test runners at once from DOCSNAV_MUTATE_CONCURRENCY, and a target's own environment over the caller's", () => {
    expect(strykerJob('cache', [], { DOCSNAV_MUTATE_CONCURRENCY: '1' }).job.options).toMatchObject({ concurrency: 1 });
    const withEnv = Object.entries(TARGETS).find(([, target]) => target.env !== undefined);
    expect(withEnv).toBeDefined();
    const [name, target] = withEnv!;
    const [key, value] = Object.entries(target.env!)[0];
    expect(strykerJob(name, [], { [key]: `not ${value}` }).env[key]).toBe(value);
  });
});

describe('scripts/mutate.mjs, the program as CI runs it', () => {
  const script = path.resolve('scripts/mutate.mjs');
  const run = (args: string[]) => spawnSync(process.execPath, [script, ...args], { cwd: temporary, encoding: 'utf8' });

  it('refuses a usage error and an unknown target with exit 2 and one line, from any folder', () => {
    const unknown = run(['no-such-target']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe(`mutate: unknown target "no-such-target"; the targets are ${Object.keys(TARGETS).join(', ')}\n`);
    expect(unknown.stdout).toBe('');
    const usage = run(['--budget']);
    expect(usage.status).toBe(2);
    expect(usage.stderr.trim().split('\n')).toHaveLength(1);
  });

  it("runs git in the repository (not the folder it was started in), and says git's first line when it fails", () => {
    const failed = run(['--changed', '--base', 'no-such-ref-anywhere']);
    expect(failed.status).toBe(2);
    expect(failed.stderr).toBe('mutate: git merge-base no-such-ref-anywhere HEAD failed: fatal: Not a valid object name no-such-ref-anywhere\n');
  });
});
