/**
 * The mutation step's work (scripts/mutate-step.mjs; issue 67: it was top-level code in
 * scripts/mutate.mjs that no test ran, and every line of it CI's draw picked survived). The lines of
 * code a target's paths hold and the test files its globs hold, on real files; the runs a change asks
 * for; the loop within a budget and without one, on Stryker answers and a clock of the test's own
 * (the loop's order, its draws, its paces, a start that does not fit, a target stopped at the
 * deadline, one Stryker failed on); and the report's every verdict.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MutantResult } from '../scripts/mutate-gate.mjs';
import { estimate, linesOf, sample } from '../scripts/mutate-gate.mjs';
import type { Row, Run, Stryker } from '../scripts/mutate-step.mjs';
import {
  COST,
  aliveLines,
  changedRuns,
  codeLines,
  costOf,
  linesIn,
  nextPace,
  report,
  runBudgeted,
  runEach,
  strykerFailed,
  tableLines,
  testFiles,
} from '../scripts/mutate-step.mjs';
import { LIBRARY, SERVER, THRESHOLD } from '../scripts/mutate-targets.mjs';

const temporary = mkdtempSync(path.join(tmpdir(), 'docsnav-mutate-step-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

/** A folder of files (relative names to text) under the temporary folder. */
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(temporary, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const SOURCE = [
  "import { x } from './x.js';", // 1: an import
  '', // 2: blank
  '// a comment', // 3
  '/* a block', // 4
  ' * of comment', // 5
  ' */', // 6: '*/' starts with '*'
  'export { x };', // 7: a re-export
  'export type Y = number;', // 8: a type export
  'export function f(a) {', // 9: code
  '  if (a) return [1,', // 10: code
  '  ];', // 11: a lone bracket
  '  return g(a, {', // 12: code
  '  });', // 13: a lone run of brackets
  '}', // 14: a lone bracket
  "  const s = ')';", // 15: code (a bracket inside code)
  '  })]', // 16: a lone run of brackets without ; or ,
  '  },', // 17: a lone bracket with a comma
  '  x;', // 18: code
  'importer();', // 19: code: 'import' without its space
  'export const z = 1;', // 20: code: an export that is no re-export
].join('\n');

describe('codeLines', () => {
  const root = tree('code', {
    'src/a.ts': SOURCE,
    'src/deeper/b.mjs': 'const b = 1;\n\nb;\n',
    'src/deeper/c.d.ts': 'declare const c: number;\n',
    'src/d.generated.ts': 'const d = 1;\n',
    'src/e.json': '{ "e": 1 }\n',
    'src/0.ts': 'zero();\n',
  });

  it('keeps the lines of code of a file, not blanks, comments, imports, re-exports, type exports or lone brackets', () => {
    expect(codeLines(['src/a.ts'], root)).toEqual([9, 10, 12, 15, 18, 19, 20].map((line) => ['src/a.ts', line]));
  });

  it('reads a file from the root given, whatever the working folder', () => {
    expect(codeLines(['src/0.ts'], root)).toEqual([['src/0.ts', 1]]);
    expect(() => codeLines(['src/0.ts'], temporary)).toThrow(/ENOENT/);
  });

  it('keeps a range of lines, both ends included', () => {
    expect(codeLines(['src/a.ts:10-15'], root)).toEqual([
      ['src/a.ts', 10],
      ['src/a.ts', 12],
      ['src/a.ts', 15],
    ]);
    expect(codeLines(['src/a.ts:9-9'], root)).toEqual([['src/a.ts', 9]]);
    expect(codeLines(['src/a.ts:11-11'], root)).toEqual([]);
  });

  it('walks a folder: its source files at any depth, sorted, named from the root with /', () => {
    expect(codeLines(['src/'], root)).toEqual([
      ['src/0.ts', 1],
      ...[9, 10, 12, 15, 18, 19, 20].map((line): [string, number] => ['src/a.ts', line]),
      ['src/deeper/b.mjs', 1],
      ['src/deeper/b.mjs', 3],
    ]);
  });

  it('joins the paths in the order given', () => {
    expect(codeLines(['src/deeper/b.mjs', 'src/0.ts'], root)).toEqual([
      ['src/deeper/b.mjs', 1],
      ['src/deeper/b.mjs', 3],
      ['src/0.ts', 1],
    ]);
  });
});

describe('testFiles and costOf', () => {
  const root = tree('tests', {
    'test/a.test.ts': '',
    'test/deep/b.test.ts': '',
    'test/deep/deeper/c.test.ts': '',
    'test/deep/helpers.ts': '',
    'test/axtest.ts': '',
    'server/test/s.test.ts': '',
    'server/test/t.test.ts': '',
    'server/test/u/v.test.ts': '',
  });
  const library = (tests: string[], cost?: { perLine: number }) => ({ configFile: LIBRARY, paths: [], tests, ...(cost ? { cost } : {}) });
  const server = (tests: string[]) => ({ configFile: SERVER, paths: [], tests });

  it('counts the files a glob holds: ** any folders (none too), * any name within one folder, . itself', () => {
    expect(testFiles(library(['test/**/*.test.ts']), root)).toBe(3);
    expect(testFiles(library(['test/*.test.ts']), root)).toBe(1);
    expect(testFiles(library(['test/deep/*.test.ts']), root)).toBe(1);
    expect(testFiles(library(['test/a.test.ts']), root)).toBe(1);
    // "." is a dot, not any character: test/axtest.ts is not test/a.test.ts.
    expect(testFiles(library(['test/a.test.ts', 'test/deep/**/*.ts']), root)).toBe(4);
  });

  it('counts a file once, whichever globs hold it', () => {
    expect(testFiles(library(['test/**/*.test.ts', 'test/a.test.ts']), root)).toBe(3);
  });

  it("reads the server's from server/", () => {
    expect(testFiles(server(['test/*.test.ts']), root)).toBe(2);
    expect(testFiles(server(['test/**/*.test.ts']), root)).toBe(3);
  });

  it("reckons a start by the test files and a line by the configuration's cost, or the target's own", () => {
    expect(costOf(library(['test/**/*.test.ts']), root)).toEqual({
      start: COST[LIBRARY].start + 3 * COST[LIBRARY].perTestFile,
      perLine: COST[LIBRARY].perLine,
    });
    expect(costOf(server(['test/**/*.test.ts']), root)).toEqual({ start: COST[SERVER].start + 3 * COST[SERVER].perTestFile, perLine: COST[SERVER].perLine });
    expect(costOf(library(['test/a.test.ts'], { perLine: 30 }), root)).toEqual({ start: COST[LIBRARY].start + COST[LIBRARY].perTestFile, perLine: 30 });
    expect(COST).toEqual({ [LIBRARY]: { start: 20, perTestFile: 2, perLine: 8 }, [SERVER]: { start: 40, perTestFile: 8, perLine: 25 } });
  });
});

describe('changedRuns', () => {
  const root = tree('changed', {
    'src/a.ts': SOURCE,
    'src/b.ts': 'one();\ntwo();\nthree();\nfour();\nfive();\n',
    'scripts/c.mjs': '// only a comment\n',
  });
  const ranges = new Map([
    ['alpha', ['src/a.ts:1-10']],
    ['beta', ['src/b.ts']],
    ['gamma', ['scripts/c.mjs']],
  ]);
  const options = { asked: [] as string[], seed: undefined, head: 'h'.repeat(40), sampleSize: undefined, root };

  it('gives each target with a line of code changed its changed lines, the lines touched, its seed and every line to mutate', () => {
    expect(changedRuns(ranges, options)).toEqual([
      {
        name: 'alpha',
        changed: [
          ['src/a.ts', 9],
          ['src/a.ts', 10],
        ],
        touched: 10,
        seed: `${'h'.repeat(40)}:alpha`,
        mutate: ['src/a.ts:9-9', 'src/a.ts:10-10'],
      },
      {
        name: 'beta',
        changed: [1, 2, 3, 4, 5].map((line) => ['src/b.ts', line]),
        // A whole file: its lines as split on newlines (a last newline leaves an empty last line).
        touched: 6,
        seed: `${'h'.repeat(40)}:beta`,
        mutate: [1, 2, 3, 4, 5].map((line) => `src/b.ts:${line}-${line}`),
      },
    ]);
  });

  it('keeps the targets asked for, and a seed given', () => {
    const runs = changedRuns(ranges, { ...options, asked: ['beta', 'gamma'], seed: 'fixed' });
    expect(runs.map((run) => [run.name, run.seed])).toEqual([['beta', 'fixed']]);
  });

  it('draws sampleSize lines by the seed, the same draw for the same seed', () => {
    const [, beta] = changedRuns(ranges, { ...options, sampleSize: 2 });
    const lines = [1, 2, 3, 4, 5].map((line): [string, number] => ['src/b.ts', line]);
    expect(beta?.mutate).toEqual(linesOf(sample(lines, 2, `${'h'.repeat(40)}:beta`)));
    expect(beta?.mutate).toHaveLength(2);
    expect(beta?.changed).toHaveLength(5);
  });
});

/** Stryker's results over `mutate`'s lines: per line, `detected` killed and `alive` survived (the first alive is NoCoverage when `uncovered`). */
function resultsFor(root: string, mutate: readonly string[], detected: number, alive: number, uncovered = false): MutantResult[] {
  return linesIn(mutate).flatMap((line) => {
    const [file, number] = [line.slice(0, line.lastIndexOf(':')), Number(line.slice(line.lastIndexOf(':') + 1))];
    const at = { fileName: path.join(root, file), location: { start: { line: number } } };
    return [
      ...Array.from({ length: detected }, () => ({ ...at, status: 'Killed', mutatorName: 'ConditionalExpression' })),
      ...Array.from({ length: alive }, (_, k) => ({
        ...at,
        status: uncovered && k === 0 ? 'NoCoverage' : 'Survived',
        mutatorName: 'BooleanLiteral',
        replacement: 'false',
      })),
    ];
  });
}

/** A run of `n` changed lines of `file`. */
function runOf(name: string, file: string, n: number): Run {
  const changed = Array.from({ length: n }, (_, index): [string, number] => [file, index + 1]);
  return { name, changed, touched: n + 1, seed: `${'c'.repeat(40)}:${name}`, mutate: linesOf(changed) };
}

/** A clock of the test's own, and a Stryker that answers `answers[name]` after `seconds[name]` of it, recording each call. */
function harness(answers: Record<string, 'ok' | 'error' | 'stopped' | 'alive'>, seconds: Record<string, number>) {
  let time = 1_000;
  const calls: Array<{ name: string; mutate: string[]; deadline: number | undefined; at: number }> = [];
  const stryker: Stryker = async (run, mutate, deadline) => {
    // A real run answers later, never within the call.
    await Promise.resolve();
    calls.push({ name: run.name, mutate, deadline, at: time });
    time += (seconds[run.name] ?? 0) * 1000;
    const answer = answers[run.name];
    if (answer === 'error') return { error: 'There were failed tests in the initial test run.' };
    if (answer === 'stopped') return { stopped: seconds[run.name] ?? 0 };
    // Results also for a line not asked for (an incremental file answers for every mutant it holds): never counted.
    const extra = resultsFor('/repo', ['src/elsewhere.ts:1-1'], 0, 5);
    return { results: [...resultsFor('/repo', mutate, answer === 'alive' ? 1 : 3, answer === 'alive' ? 3 : 0, true), ...extra] };
  };
  const log: string[] = [];
  return { stryker, calls, log, now: () => time, advance: (ms: number) => (time += ms) };
}

const configOf = (name: string) => (name.startsWith('server') ? SERVER : LIBRARY);

describe('runBudgeted', () => {
  const costs: Record<string, { start: number; perLine: number }> = {
    cheap: { start: 10, perLine: 1 },
    dear: { start: 50, perLine: 5 },
    also: { start: 10, perLine: 1 },
    server: { start: 40, perLine: 25 },
  };
  const options = (h: ReturnType<typeof harness>, budget: number, cap: number | undefined) => ({
    budget,
    cap,
    costs: (name: string) => costs[name] ?? { start: 0, perLine: 0 },
    configOf,
    stryker: h.stryker,
    now: h.now,
    log: (line: string) => h.log.push(line),
    root: '/repo',
  });

  it("runs the cheapest start first (by name on a tie), every line when all fit, each with the budget's end as its deadline", async () => {
    const h = harness({ cheap: 'ok', dear: 'ok', also: 'ok' }, { cheap: 5, dear: 20, also: 5 });
    const runs = [runOf('dear', 'src/d.ts', 4), runOf('cheap', 'src/c.ts', 3), runOf('also', 'src/a.ts', 2)];
    const measured = await runBudgeted(runs, options(h, 1000, undefined));
    expect(h.calls.map((call) => call.name)).toEqual(['also', 'cheap', 'dear']);
    expect(h.calls.map((call) => call.deadline)).toEqual([1000 + 1000 * 1000, 1000 + 1000 * 1000, 1000 + 1000 * 1000]);
    expect(h.calls.map((call) => call.mutate)).toEqual([runs[2]?.mutate, runs[1]?.mutate, runs[0]?.mutate]);
    expect(measured.notRun).toEqual([]);
    expect(measured.errored).toEqual([]);
    expect(measured.budget).toBe(1000);
    expect(measured.rows.map((row) => [row.name, row.killed, row.survived, row.minutes])).toEqual([
      ['also', 6, 0, 5 / 60],
      ['cheap', 9, 0, 5 / 60],
      ['dear', 12, 0, 20 / 60],
    ]);
    expect(measured.rows[0]?.estimate).toEqual(estimate(resultsFor('/repo', runs[2].mutate, 3, 0), linesIn(runs[2].mutate), 2, '/repo'));
    expect(measured.rows.every((row) => row.estimate?.exact)).toBe(true);
    // No cap: nothing said of the budget's growth.
    expect(h.log[0]).toMatch(/^mutate: also: 2 of its 2 changed lines of code \(seed cccccccccccc:also\), reckoned 12 s of the 1000 s left$/);
  });

  it("grows the budget to every line's reckoned cost, up to the cap, and says so", async () => {
    const runs = [runOf('cheap', 'src/c.ts', 10), runOf('dear', 'src/d.ts', 10)];
    // Every line: 10 + 10 + 50 + 50 = 120 s.
    // Each target takes what it was reckoned, so the pace stays 1.
    const grown = harness({ cheap: 'ok', dear: 'ok' }, { cheap: 20 });
    expect((await runBudgeted(runs, options(grown, 60, 1000))).budget).toBe(120);
    expect(grown.log[0]).toBe(
      'mutate: every changed line is reckoned at 120 s; the budget: 120 s (60 s at least, 1000 s at most), so every changed line is mutated',
    );
    const capped = harness({ cheap: 'ok', dear: 'ok' }, { cheap: 20 });
    expect((await runBudgeted(runs, options(capped, 60, 100))).budget).toBe(100);
    expect(capped.log[0]).toBe(
      'mutate: every changed line is reckoned at 120 s; the budget: 100 s (60 s at least, 100 s at most), so lines are drawn to fit it',
    );
    expect(capped.calls[1]?.deadline).toBe(1000 + 100 * 1000);
    // Drawn: cheap takes its 20 s; of the 80 s left dear's start takes 50, and 30 s hold 6 of its lines.
    expect(capped.calls.map((call) => call.mutate.length)).toEqual([10, 6]);
    expect(capped.calls[1]?.mutate).toEqual(linesOf(sample(runs[1].changed, 6, runs[1].seed)));
    expect(capped.log).toContain(`mutate: dear: 6 of its 10 changed lines of code (seed ${'c'.repeat(12)}:dear), reckoned 80 s of the 80 s left`);
  });

  it('does not run a target whose start no longer fits, and goes on to the next', async () => {
    const h = harness({ cheap: 'ok', dear: 'ok', also: 'ok' }, { also: 26 });
    const runs = [runOf('also', 'src/a.ts', 5), runOf('dear', 'src/d.ts', 5), runOf('cheap', 'src/c.ts', 5)];
    // 40 s: also (first by name) is reckoned 13 s (no room for more than its three lines) and takes 26,
    // so the pace is 1.5, and 14 s are left: cheap's least (15 + 3 x 1.5) does not fit, nor dear's start (75).
    const measured = await runBudgeted(runs, options(h, 40, undefined));
    expect(h.calls.map((call) => [call.name, call.mutate.length])).toEqual([['also', 3]]);
    expect(measured.notRun).toEqual([
      'cheap (its start alone is reckoned at 15 s; 14 s were left)',
      'dear (its start alone is reckoned at 75 s; 14 s were left)',
    ]);
  });

  it('says 0 s left, never a negative time, when the budget is already spent', async () => {
    const h = harness({ also: 'ok', cheap: 'ok' }, { also: 100 });
    const measured = await runBudgeted([runOf('also', 'src/a.ts', 1), runOf('cheap', 'src/c.ts', 1)], options(h, 20, undefined));
    // also was reckoned 11 s and took 100: the pace goes to its most, 4.
    expect(measured.notRun).toEqual(['cheap (its start alone is reckoned at 40 s; 0 s were left)']);
  });

  it('runs a target whose least fits exactly', async () => {
    const h = harness({ cheap: 'ok' }, {});
    // cheap's least: its start and three lines, 13 s.
    const measured = await runBudgeted([runOf('cheap', 'src/c.ts', 5)], options(h, 13, undefined));
    expect(measured.notRun).toEqual([]);
    expect(h.calls[0]?.mutate).toHaveLength(3);
  });

  it('stops at a target stopped at the deadline: it and those after it are not measured, those before are', async () => {
    const h = harness({ also: 'ok', cheap: 'stopped', dear: 'ok' }, { also: 11, cheap: 7.4 });
    const runs = [runOf('also', 'src/a.ts', 1), runOf('cheap', 'src/c.ts', 1), runOf('dear', 'src/d.ts', 1)];
    const measured = await runBudgeted(runs, options(h, 1000, undefined));
    expect(h.calls.map((call) => call.name)).toEqual(['also', 'cheap']);
    expect(measured.rows.map((row) => row.name)).toEqual(['also']);
    expect(measured.notRun).toEqual(["cheap (stopped at the budget's end, 7 s after it began; reckoned 11 s)", 'dear (no time was left)']);
  });

  it('lists a target Stryker failed on apart, and goes on', async () => {
    const h = harness({ also: 'error', cheap: 'ok' }, {});
    const measured = await runBudgeted([runOf('also', 'src/a.ts', 1), runOf('cheap', 'src/c.ts', 1)], options(h, 1000, undefined));
    expect(measured.errored).toEqual([strykerFailed('also', 'There were failed tests in the initial test run.')]);
    expect(measured.errored).toEqual(['also (Stryker: There were failed tests in the initial test run.)']);
    expect(measured.rows.map((row) => row.name)).toEqual(['cheap']);
  });

  it('lists each mutant left alive on the lines asked about, not those elsewhere', async () => {
    const h = harness({ cheap: 'alive' }, {});
    const measured = await runBudgeted([runOf('cheap', 'src/c.ts', 1)], options(h, 1000, undefined));
    expect(h.log.slice(1)).toEqual([
      '  no test reached it: src/c.ts:1, BooleanLiteral → "false"',
      '  survived: src/c.ts:1, BooleanLiteral → "false"',
      '  survived: src/c.ts:1, BooleanLiteral → "false"',
    ]);
    expect(measured.rows[0]).toMatchObject({ killed: 1, survived: 2, noCoverage: 1 });
  });

  it("learns the pace of each configuration apart: a slow library target shrinks the next library target's draw, not the server's", async () => {
    // also reckoned 10 + 10 = 20 s, takes 60 s: the library's pace becomes (1 + 3) / 2 = 2.
    const h = harness({ also: 'ok', cheap: 'ok', server: 'ok' }, { also: 60, cheap: 100 });
    const runs = [runOf('also', 'src/a.ts', 10), runOf('cheap', 'src/c.ts', 40), runOf('server', 'src/s.ts', 40)];
    await runBudgeted(runs, options(h, 400, undefined));
    // Left 340 s: cheap at pace 2 (start 20, 2 s a line) is reckoned 100 s, and takes them (the pace stays 2);
    // server at its own pace 1 (start 40, 25 s a line) has 240 s: 8 lines (at the library's pace 2, 3).
    expect(h.calls.map((call) => [call.name, call.mutate.length])).toEqual([
      ['also', 10],
      ['cheap', 40],
      ['server', 8],
    ]);
    expect(h.log).toContain(`mutate: cheap: 40 of its 40 changed lines of code (seed ${'c'.repeat(12)}:cheap), reckoned 100 s of the 340 s left`);
  });
});

describe('nextPace', () => {
  it('moves halfway to the measured ratio, within 0.25 and 4', () => {
    expect(nextPace(1, 30, 10)).toBe(2);
    expect(nextPace(1, 5, 10)).toBe(0.75);
    expect(nextPace(2, 10, 10)).toBe(2);
    expect(nextPace(1, 1000, 10)).toBe(4);
    expect(nextPace(0.25, 0, 10)).toBe(0.25);
    expect(nextPace(1, 70, 10)).toBe(4);
    expect(nextPace(0.5, 0, 10)).toBe(0.25);
  });
});

describe('runEach', () => {
  it('counts only the lines asked for on a partial run, and lists what is alive', async () => {
    const h = harness({ cheap: 'alive' }, { cheap: 90 });
    const kept: string[] = [];
    const run = runOf('cheap', 'src/c.ts', 2);
    const measured = await runEach([run], {
      partial: true,
      changedMode: true,
      stryker: h.stryker,
      keepWhole: (name) => kept.push(name),
      now: h.now,
      log: (line) => h.log.push(line),
      root: '/repo',
    });
    expect(h.calls).toEqual([{ name: 'cheap', mutate: run.mutate, deadline: undefined, at: 1000 }]);
    expect(measured.rows).toHaveLength(1);
    expect(measured.rows[0]).toMatchObject({ name: 'cheap', killed: 2, survived: 4, noCoverage: 2, minutes: 1.5 });
    expect(measured.rows[0]?.estimate).toMatchObject({ n: 2, population: 2, exact: true });
    expect(h.log).toHaveLength(6);
    expect(kept).toEqual([]);
  });

  it('counts every mutant of a whole run, keeps it whole, and gives no estimate', async () => {
    const h = harness({ cheap: 'ok', also: 'error' }, {});
    const kept: Array<[string, unknown]> = [];
    const measured = await runEach(
      [
        { name: 'also', mutate: ['src/a/**/*.ts'] },
        { name: 'cheap', mutate: ['src/c.ts:1-1'] },
      ],
      {
        partial: false,
        changedMode: false,
        stryker: h.stryker,
        keepWhole: (name, counts) => kept.push([name, counts]),
        now: h.now,
        log: (line) => h.log.push(line),
        root: '/repo',
      },
    );
    // The 5 survivors elsewhere count in a whole run.
    expect(measured.rows[0]).toMatchObject({ name: 'cheap', killed: 3, survived: 5, estimate: undefined });
    expect(kept).toEqual([['cheap', expect.objectContaining({ killed: 3, survived: 5, score: 37.5 })]]);
    expect(measured.errored).toEqual(['also (Stryker: There were failed tests in the initial test run.)']);
    expect(measured.notRun).toEqual([]);
    expect(h.log).toEqual([]);
  });

  it('counts only the lines asked for on a sample (no estimate without --changed)', async () => {
    const h = harness({ cheap: 'ok' }, {});
    const measured = await runEach([{ name: 'cheap', mutate: ['src/c.ts:1-1'] }], {
      partial: true,
      changedMode: false,
      stryker: h.stryker,
      keepWhole: () => undefined,
      now: h.now,
      log: (line) => h.log.push(line),
      root: '/repo',
    });
    expect(measured.rows[0]).toMatchObject({ killed: 3, survived: 0, score: 100, estimate: undefined });
  });
});

/** A row measured with --changed: `detected` of `valid` mutants over `n` of `population` lines, one line each. */
function changedRow(name: string, detected: number, valid: number, population: number): Row {
  const lines = Array.from({ length: valid }, (_, index) => `src/${name}.ts:${index + 1}`);
  const results = lines.map((line, index) => ({
    fileName: path.join('/repo', line.slice(0, line.lastIndexOf(':'))),
    location: { start: { line: index + 1 } },
    status: index < detected ? 'Killed' : 'Survived',
  }));
  return {
    name,
    killed: detected,
    timeout: 0,
    survived: valid - detected,
    noCoverage: 0,
    ignored: 1,
    errors: 0,
    score: (100 * detected) / valid,
    minutes: 2.25,
    estimate: estimate(results, lines, population, '/repo'),
  };
}

const changedReport = {
  changedMode: true,
  sampleSize: undefined,
  floor: 85,
  ofOthers: false,
  base: 'abc',
  minutes: 3.14,
  budget: 600,
  notRun: [] as string[],
  errored: [] as string[],
};
const runsOf = (...rows: Array<[string, number, number]>) =>
  rows.map(([name, touched, code]) => ({ name, touched, changed: Array.from({ length: code }, (_, i): [string, number] => [name, i]) }));

describe('report', () => {
  it('passes an exact score at the floor, and says what was measured', () => {
    const rows = [changedRow('alpha', 17, 20, 20)];
    const { lines, failed } = report({ ...changedReport, runs: runsOf(['alpha', 30, 20]), rows });
    expect(failed).toBe(false);
    expect(lines.slice(0, 4)).toEqual([
      '',
      'mutate: measured since abc:',
      '  alpha: 30 lines changed, 20 of them lines of code; 20 mutated (exact: every one), 20 mutants',
      '  all targets: 30 lines changed, 20 lines of code, 20 mutated (exact)',
    ]);
    expect(lines).toContain(
      'the changed lines, all targets: 85.0% over 20 of 20 lines (3.1 min); the floor 85% fails a score under it, exact or estimated from the lines drawn',
    );
    expect(lines.some((line) => line.startsWith('FAILED'))).toBe(false);
  });

  it('fails an exact score under the floor, the target and all targets named', () => {
    const { lines, failed } = report({ ...changedReport, runs: runsOf(['alpha', 20, 20]), rows: [changedRow('alpha', 16, 20, 20)] });
    expect(failed).toBe(true);
    expect(lines.at(-1)).toBe('FAILED: under the floor of 85%: alpha, all targets');
  });

  it("on a range not the change's alone, says an estimate under the floor whose interval reaches it, and fails one whose interval does not", () => {
    const reaching = report({ ...changedReport, ofOthers: true, runs: runsOf(['alpha', 100, 100]), rows: [changedRow('alpha', 7, 10, 100)] });
    expect(reaching.failed).toBe(false);
    expect(reaching.lines).toContain(
      "under 85%, though its interval reaches it, on a range not the change's alone (not failed; the survivors above say what to test): alpha, all targets",
    );
    expect(reaching.lines.find((line) => line.startsWith('the changed lines'))).toMatch(
      /--base-not-passed: an estimate fails only when its whole 95% interval is under the floor\)$/,
    );
    // A target's draw is said, never failed, there; all targets together fail when their whole interval is under.
    const under = report({ ...changedReport, ofOthers: true, runs: runsOf(['alpha', 100, 100]), rows: [changedRow('alpha', 10, 60, 100)] });
    expect(under.failed).toBe(true);
    expect(under.lines.slice(-2)).toEqual([
      "under 85%, though its interval reaches it, on a range not the change's alone (not failed; the survivors above say what to test): alpha",
      'FAILED: under the floor of 85%: all targets',
    ]);
    // The same estimate on the change's own range fails.
    expect(report({ ...changedReport, runs: runsOf(['alpha', 100, 100]), rows: [changedRow('alpha', 7, 10, 100)] }).failed).toBe(true);
  });

  it("fails a target not measured within the budget, and only says it on a range not the change's alone", () => {
    const runs = runsOf(['alpha', 5, 5], ['beta', 3, 2]);
    const rows = [changedRow('alpha', 5, 5, 5)];
    const own = report({ ...changedReport, runs, rows, notRun: ['beta (no time was left)'] });
    expect(own.failed).toBe(true);
    expect(own.lines.slice(0, 2)).toEqual(['', 'FAILED: not measured within the budget of 600 s: beta (no time was left)']);
    expect(own.lines).toContain('  beta: 3 lines changed, 2 of them lines of code; none mutated: not run within the budget (FAILED)');
    expect(own.lines).toContain('  all targets: 8 lines changed, 7 lines of code, 5 mutated (a sample: 2 not mutated)');
    const others = report({ ...changedReport, ofOthers: true, runs, rows, notRun: ['beta (no time was left)'] });
    expect(others.failed).toBe(false);
    expect(others.lines.slice(0, 2)).toEqual([
      '',
      "mutate: not measured within the budget of 600 s, on a range not the change's alone (not failed): beta (no time was left)",
    ]);
    expect(others.lines).toContain('  beta: 3 lines changed, 2 of them lines of code; none mutated: not run within the budget');
  });

  it('fails a target Stryker failed on, on any range, and names it so', () => {
    for (const ofOthers of [false, true]) {
      const { lines, failed } = report({
        ...changedReport,
        ofOthers,
        runs: runsOf(['alpha', 5, 5], ['beta', 3, 2]),
        rows: [changedRow('alpha', 5, 5, 5)],
        errored: ['beta (Stryker: boom)'],
      });
      expect(failed).toBe(true);
      expect(lines).toContain('FAILED: not measured, Stryker failed: beta (Stryker: boom)');
      expect(lines).toContain('  beta: 3 lines changed, 2 of them lines of code; none mutated: Stryker failed (FAILED)');
    }
  });

  it('tells a target Stryker failed on from one whose name only begins the same', () => {
    const { lines } = report({
      ...changedReport,
      runs: runsOf(['alpha', 5, 5], ['al', 3, 2]),
      rows: [changedRow('alpha', 5, 5, 5)],
      notRun: ['al (no time was left)'],
      errored: [],
    });
    expect(lines).toContain('  al: 3 lines changed, 2 of them lines of code; none mutated: not run within the budget (FAILED)');
  });

  it('stops after what was measured when nothing was', () => {
    const { lines, failed } = report({ ...changedReport, runs: [], rows: [] });
    expect(failed).toBe(false);
    expect(lines).toEqual(['', 'mutate: measured since abc:', '  all targets: 0 lines changed, 0 lines of code, 0 mutated (exact)']);
    expect(report({ ...changedReport, changedMode: false, runs: [], rows: [] })).toEqual({ lines: [], failed: false });
  });

  it('says a sample for a target partly mutated', () => {
    const { lines } = report({ ...changedReport, ofOthers: true, runs: runsOf(['alpha', 100, 100]), rows: [changedRow('alpha', 9, 10, 100)] });
    expect(lines).toContain('  alpha: 100 lines changed, 100 of them lines of code; 10 mutated (a sample of 10/100), 10 mutants');
  });

  it(`fails a whole run under ${THRESHOLD}%, not one at it`, () => {
    const whole = { ...changedReport, changedMode: false, runs: [{ name: 'alpha' }, { name: 'beta' }] };
    const at = { ...changedRow('alpha', 4, 5, 5), estimate: undefined, score: THRESHOLD };
    const under = { ...changedRow('beta', 3, 5, 5), estimate: undefined, score: THRESHOLD - 0.1 };
    expect(report({ ...whole, rows: [at] }).failed).toBe(false);
    const { lines, failed } = report({ ...whole, rows: [at, under] });
    expect(failed).toBe(true);
    expect(lines.slice(-2)).toEqual(['', `under ${THRESHOLD}%: beta`]);
    expect(lines.some((line) => line.startsWith('mutate: measured'))).toBe(false);
  });
});

describe('tableLines', () => {
  it('gives a whole run its score, counts and minutes, columns padded to the widest', () => {
    const row = { ...changedRow('alpha', 4, 5, 5), estimate: undefined, score: 80 };
    expect(
      tableLines([row, { ...row, name: 'a-longer-name', score: 100, killed: 12 }], { changedMode: false, sampleSize: undefined, floor: 85, ofOthers: false }),
    ).toEqual([
      'target         score   killed  timeout  survived  no coverage  ignored  errors  minutes',
      'alpha          80.0%   4       0        1         0            1        0       2.3    ',
      'a-longer-name  100.0%  12      0        1         0            1        0       2.3    ',
    ]);
  });

  it("gives a sample's score its Wilson interval", () => {
    const row = { ...changedRow('alpha', 4, 5, 5), estimate: undefined, score: 80 };
    expect(tableLines([row], { changedMode: false, sampleSize: 5, floor: 85, ofOthers: false })[1]).toMatch(/^alpha {3}80\.0% \(95%: 38–96%\) {2}4 /);
  });

  it("gives a change's rows their lines and the verdict beside a score that does not pass", () => {
    const lines = tableLines([changedRow('alpha', 5, 5, 5), changedRow('beta', 1, 5, 5), changedRow('gamma', 7, 10, 100)], {
      changedMode: true,
      sampleSize: undefined,
      floor: 85,
      ofOthers: true,
    });
    expect(lines[0]).toMatch(/^target {2}lines {3}score {2,}killed/);
    expect(lines[1]).toMatch(/^alpha {3}5\/5 {5}100\.0% {2,}5 /);
    expect(lines[2]).toMatch(/^beta {4}5\/5 {5}20\.0% fails {2,}1 /);
    expect(lines[3]).toMatch(/^gamma {3}10\/100 {2}70\.0% \(95%: \d+–\d+%\) under {2}7 /);
  });
});

describe('aliveLines', () => {
  it('names survivors and mutants no test reached, with a replacement cut to 100 characters', () => {
    const at = { fileName: '/repo/src/a.ts', location: { start: { line: 4 } } };
    expect(
      aliveLines(
        [
          { ...at, status: 'Killed', mutatorName: 'X' },
          { ...at, status: 'Timeout', mutatorName: 'X' },
          { ...at, status: 'Ignored', mutatorName: 'X' },
          { ...at, status: 'Survived', mutatorName: 'BlockStatement', replacement: '{}' },
          { ...at, status: 'NoCoverage', mutatorName: 'BooleanLiteral' },
          { ...at, status: 'Survived', mutatorName: 'StringLiteral', replacement: 'x'.repeat(200) },
        ],
        '/repo',
      ),
    ).toEqual([
      '  survived: src/a.ts:4, BlockStatement → "{}"',
      '  no test reached it: src/a.ts:4, BooleanLiteral',
      `  survived: src/a.ts:4, StringLiteral → "${'x'.repeat(99)}`,
    ]);
  });
});

describe('linesIn', () => {
  it('drops only the end of a range of one line, whatever the digits and the name', () => {
    expect(linesIn(['src/a-1b.ts:12-12', 'src/x-9.ts:7-7', 'src/b.ts:100-100'])).toEqual(['src/a-1b.ts:12', 'src/x-9.ts:7', 'src/b.ts:100']);
  });
});

describe('report, every line', () => {
  it("prints a change's report whole: what was not measured, what each target held, the table, the verdicts, each block after a blank line", () => {
    const rows = [changedRow('alpha', 5, 5, 5), changedRow('gamma', 7, 10, 100)];
    const { lines, failed } = report({
      ...changedReport,
      ofOthers: true,
      runs: runsOf(['alpha', 6, 5], ['gamma', 120, 100], ['beta', 3, 2], ['delta', 1, 1]),
      rows,
      notRun: ['beta (no time was left)', 'delta (no time was left)'],
      errored: ['epsilon (Stryker: one)', 'zeta (Stryker: two)'],
    });
    expect(failed).toBe(true);
    const table = tableLines(rows, { changedMode: true, sampleSize: undefined, floor: 85, ofOthers: true });
    expect(lines).toEqual([
      '',
      "mutate: not measured within the budget of 600 s, on a range not the change's alone (not failed): beta (no time was left); delta (no time was left)",
      '',
      'FAILED: not measured, Stryker failed: epsilon (Stryker: one); zeta (Stryker: two)',
      '',
      'mutate: measured since abc:',
      '  alpha: 6 lines changed, 5 of them lines of code; 5 mutated (exact: every one), 5 mutants',
      expect.stringMatching(/^ {2}gamma: 120 lines changed, 100 of them lines of code; 10 mutated \(a sample of 10\/100\), 10 mutants$/),
      '  beta: 3 lines changed, 2 of them lines of code; none mutated: not run within the budget',
      '  delta: 1 lines changed, 1 of them lines of code; none mutated: not run within the budget',
      '  all targets: 130 lines changed, 108 lines of code, 15 mutated (a sample: 93 not mutated)',
      '',
      ...table,
      '',
      expect.stringMatching(/^the changed lines, all targets: \d+\.\d% \(95%: \d+–\d+%\) over 15 of 105 lines \(3\.1 min\); the floor 85% fails/),
      "under 85%, though its interval reaches it, on a range not the change's alone (not failed; the survivors above say what to test): gamma, all targets",
    ]);
  });

  it("prints the budget's failure with every target it did not reach", () => {
    const { lines } = report({ ...changedReport, runs: [], rows: [], notRun: ['beta (x)', 'delta (y)'] });
    expect(lines.slice(0, 2)).toEqual(['', 'FAILED: not measured within the budget of 600 s: beta (x); delta (y)']);
  });

  it("prints a whole run's report whole", () => {
    const under = { ...changedRow('beta', 3, 5, 5), estimate: undefined, score: 60 };
    const low = { ...changedRow('gamma', 3, 5, 5), estimate: undefined, score: 70 };
    const { lines } = report({ ...changedReport, changedMode: false, runs: [{ name: 'beta' }, { name: 'gamma' }], rows: [under, low] });
    expect(lines).toEqual([
      '',
      ...tableLines([under, low], { changedMode: false, sampleSize: undefined, floor: 85, ofOthers: false }),
      '',
      `under ${THRESHOLD}%: beta, gamma`,
    ]);
  });

  it("counts timeouts as detected and mutants no test reached as alive in a sample's interval", () => {
    const row = { ...changedRow('alpha', 4, 5, 5), estimate: undefined, score: 50, killed: 2, timeout: 2, survived: 2, noCoverage: 2 };
    // 4 detected of 8: Wilson's 95% interval 22–78%.
    expect(tableLines([row], { changedMode: false, sampleSize: 8, floor: 85, ofOthers: false })[1]).toMatch(/^alpha {3}50\.0% \(95%: 22–78%\) {2}2 /);
  });
});
