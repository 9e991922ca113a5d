/**
 * The mutation gate's rules (scripts/mutate-gate.mjs, run by `npm run mutate:changed` in CI), as
 * tables (issue 67: the gate's own code had no test, and a broken path parse passed CI). Each table
 * fails when its rule is made lenient: the floor, the 95% interval, the estimate from drawn lines,
 * the budget shared among targets, the draw, the base and the options, the paths of the diff.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedRanges } from '../scripts/changed-lines.mjs';
import {
  MIN_LINES,
  budgetFor,
  targetGate,
  estimate,
  gate,
  inRanges,
  interval,
  linesInRanges,
  parseArguments,
  planLines,
  pooled,
  sample,
  tally,
  tQuantile,
  wilson,
  type Estimate,
  type MutantResult,
} from '../scripts/mutate-gate.mjs';
import { FLOOR, targetOf } from '../scripts/mutate-targets.mjs';

const ROOT = '/repo';

/** Stryker's results for lines 1..n of `src/x.ts`: each line's [detected, alive] mutants (detected alternate Killed and Timeout). */
function results(perLine: Array<[number, number]>, file = 'src/x.ts'): MutantResult[] {
  return perLine.flatMap(([detected, alive], index) => [
    ...Array.from({ length: detected }, (_, k) => ({
      fileName: path.join(ROOT, file),
      location: { start: { line: index + 1 } },
      status: k % 2 ? 'Timeout' : 'Killed',
    })),
    ...Array.from({ length: alive }, (_, k) => ({
      fileName: path.join(ROOT, file),
      location: { start: { line: index + 1 } },
      status: k % 2 ? 'NoCoverage' : 'Survived',
    })),
  ]);
}

/** The estimate of `drawn` lines (each [detected, alive]) out of `population` changed lines. */
function measured(drawn: Array<[number, number]>, population: number): Estimate {
  return estimate(
    results(drawn),
    drawn.map((_, index) => `src/x.ts:${index + 1}`),
    population,
    ROOT,
  );
}

/** `n` lines of one mutant each, `detected` of them killed, in a spread order. */
const lines = (n: number, detected: number): Array<[number, number]> =>
  Array.from({ length: n }, (_, i) => (Math.floor(((i + 1) * detected) / n) > Math.floor((i * detected) / n) ? [1, 0] : [0, 1]));

describe('the floor (85%)', () => {
  it('is the floor CI runs with', () => {
    expect(FLOOR).toBe(85);
  });

  it.each([
    ['every line mutated, 84 of 100 mutants detected', measured([...Array(16).fill([5, 0]), ...Array(4).fill([1, 4])], 20), 'fails'],
    ['every line mutated, 85 of 100 detected', measured([...Array(17).fill([5, 0]), ...Array(3).fill([0, 5])], 20), 'passes'],
    ['every line mutated, 100 of 100', measured(Array(20).fill([5, 0]), 20), 'passes'],
    ['every line mutated, one line of one mutant that survives', measured([[0, 1]], 1), 'fails'],
    // A sample is held to the floor on the lines drawn: its interval reaching 85% passes nothing (issue 67's sixth session).
    ['10 of 1,000 lines drawn, 8 detected: its interval reaches the floor, its score is under', measured(lines(10, 8), 1000), 'fails'],
    ['10 of 1,000 lines drawn, 3 detected', measured(lines(10, 3), 1000), 'fails'],
    ['5 of 1,000 lines drawn, 2 detected', measured(lines(5, 2), 1000), 'fails'],
    ['56 of 3,046 lines drawn, 47 detected (83.9%: a draw CI passed before)', measured(lines(56, 47), 3046), 'fails'],
    ['200 of 1,000 lines drawn, 169 detected (84.5%)', measured(lines(200, 169), 1000), 'fails'],
    ['200 of 1,000 lines drawn, 170 detected (85%)', measured(lines(200, 170), 1000), 'passes'],
    ['10 of 1,000 lines drawn, 9 detected: its interval reaches under the floor, its score is over', measured(lines(10, 9), 1000), 'passes'],
    ['40 of 1,000 lines drawn, all detected', measured(lines(40, 40), 1000), 'passes'],
  ])('%s: %s', (_, one, verdict) => {
    expect(gate(one, FLOOR)).toBe(verdict);
  });

  it.each([
    ['10 of 1,000 lines drawn, 8 detected: its interval reaches the floor', measured(lines(10, 8), 1000), 'under'],
    ['10 of 1,000 lines drawn, 3 detected: its whole interval is under', measured(lines(10, 3), 1000), 'fails'],
    ['200 of 1,000 lines drawn, 150 detected: its whole interval is under', measured(lines(200, 150), 1000), 'fails'],
    ['200 of 1,000 lines drawn, 190 detected', measured(lines(200, 190), 1000), 'passes'],
    ['every line mutated, 84 of 100 detected: exact, so it fails', measured([...Array(16).fill([5, 0]), ...Array(4).fill([1, 4])], 20), 'fails'],
  ])('on a range not the change’s alone (--base-not-passed), %s: %s', (_, one, verdict) => {
    expect(gate(one, FLOOR, true)).toBe(verdict);
  });

  it("one target's drawn sample on a range not the change's alone is said, never failed; exact, it fails; on the change's own lines, it fails", () => {
    // A draw of ten lines, three detected: its whole interval is under the floor (as schema's on 9a01d56: 64.7%, 95%: 38–85%).
    const schema = measured(lines(10, 3), 204);
    expect(gate(schema, FLOOR, true)).toBe('fails');
    expect(targetGate(schema, FLOOR, true)).toBe('under');
    expect(targetGate(schema, FLOOR, false)).toBe('fails');
    expect(targetGate(measured(lines(4, 3), 4), FLOOR, true)).toBe('fails');
    expect(targetGate(measured(lines(10, 10), 1000), FLOOR, true)).toBe('passes');
  });

  it('a higher floor fails what a lower one passes', () => {
    const one = measured([...Array(9).fill([1, 0]), [0, 1]], 10);
    expect(gate(one, 90)).toBe('passes');
    expect(gate(one, 91)).toBe('fails');
  });
});

describe('the estimate from the lines drawn', () => {
  it('is exact when every changed line was mutated, an estimate with a variance otherwise', () => {
    expect(measured(lines(10, 9), 10)).toMatchObject({ exact: true, variance: 0, score: 0.9, n: 10, population: 10, valid: 10 });
    const drawn = measured(lines(10, 9), 100);
    expect(drawn).toMatchObject({ exact: false, score: 0.9, n: 10, population: 100, valid: 10 });
    expect(drawn.variance).toBeGreaterThan(0);
  });

  it('counts Killed and Timeout as detected, Survived and NoCoverage as alive, nothing else; only the lines asked about', () => {
    const all: MutantResult[] = [
      ...results([[2, 1]]),
      { fileName: `${ROOT}/src/x.ts`, location: { start: { line: 1 } }, status: 'Ignored' },
      { fileName: `${ROOT}/src/x.ts`, location: { start: { line: 1 } }, status: 'CompileError' },
      { fileName: `${ROOT}/src/x.ts`, location: { start: { line: 1 } }, status: 'RuntimeError' },
      // Another line, and another file: not asked about.
      { fileName: `${ROOT}/src/x.ts`, location: { start: { line: 2 } }, status: 'Survived' },
      { fileName: `${ROOT}/src/y.ts`, location: { start: { line: 1 } }, status: 'Survived' },
    ];
    expect(estimate(all, ['src/x.ts:1'], 1, ROOT)).toMatchObject({ exact: true, valid: 3, score: 2 / 3 });
  });

  it('lines drawn with no mutant among them: nothing measured, not exact, weighed nothing beside another target', () => {
    const nothing = estimate([], ['src/x.ts:1', 'src/x.ts:2', 'src/x.ts:3'], 171, ROOT);
    expect(nothing).toMatchObject({ exact: false, valid: 0, perLine: 0, n: 3, population: 171 });
    expect(interval(nothing)).toEqual([0, 100]);
    // Every line of a target drawn, none with a mutant: exact (there is nothing else to measure).
    expect(estimate([], ['src/x.ts:1'], 1, ROOT)).toMatchObject({ exact: true, valid: 0 });
    const other = measured(lines(10, 8), 10);
    expect(pooled([nothing, other])).toMatchObject({ score: 0.8, exact: false });
  });

  it('a line drawn with no mutant counts as drawn, not as detected', () => {
    expect(estimate(results([[1, 1]]), ['src/x.ts:1', 'src/x.ts:2'], 2, ROOT)).toMatchObject({ n: 2, valid: 2, score: 0.5 });
  });

  it('mutants of one line stand or fall together: a line is the unit, not a mutant', () => {
    // The same 50% from one line of 10 mutants and from ten lines of one: the first varies more.
    const oneLine = measured([[5, 5]], 100);
    const many = measured(lines(10, 5), 100);
    expect(oneLine.score).toBe(many.score);
    const [lowOne, highOne] = interval(oneLine);
    const [lowMany, highMany] = interval(many);
    expect(highOne - lowOne).toBeGreaterThan(highMany - lowMany);
  });
});

describe("the 95% interval (Wilson's at the effective size, Student's t for few lines)", () => {
  it('of an exact score is the score', () => {
    expect(interval(measured(lines(20, 17), 20))).toEqual([85, 85]);
  });

  it.each([
    [5, 4],
    [10, 8],
    [40, 30],
    [200, 170],
  ])('holds the score, within 0–100: %i lines, %i detected', (n, detected) => {
    const one = measured(lines(n, detected), 1000);
    const [low, high] = interval(one);
    expect(low).toBeGreaterThanOrEqual(0);
    expect(high).toBeLessThanOrEqual(100);
    expect(low).toBeLessThan(100 * one.score);
    expect(high).toBeGreaterThan(100 * one.score);
  });

  it('narrows as more lines are drawn, and as the drawn lines near all of them', () => {
    const widths = [10, 40, 160, 640].map((n) => {
      const [low, high] = interval(measured(lines(n, Math.round(n * 0.8)), 1000));
      return high - low;
    });
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeLessThan(widths[i - 1]);
    const [low, high] = interval(measured(lines(990, 792), 1000));
    expect(high - low).toBeLessThan(1);
  });

  it('a sample whose lines all agree still has an interval: ten lines all killed do not prove 100%', () => {
    const [low, high] = interval(measured(lines(10, 10), 1000));
    expect(high).toBe(100);
    expect(low).toBeLessThan(85);
  });

  it("uses Student's t for the lines drawn: wider than 1.96 for few", () => {
    expect(tQuantile(1)).toBe(12.71);
    expect(tQuantile(9)).toBe(2.26);
    expect(tQuantile(25)).toBe(2.04);
    expect(tQuantile(61)).toBe(1.96);
    expect(tQuantile(0)).toBe(12.71);
  });
});

describe('all targets together', () => {
  it("weights each target by its mutants (its changed lines times its mutants per line), exact only when every target's is", () => {
    const small = measured(lines(10, 10), 10);
    const large = measured(lines(90, 45), 90);
    expect(pooled([small, large])).toMatchObject({ score: 0.55, exact: true, n: 100, population: 100, valid: 100 });
    const drawn = measured(lines(10, 5), 90);
    const together = pooled([small, drawn]);
    expect(together.exact).toBe(false);
    expect(together.score).toBeCloseTo(0.55, 10);
    expect(gate(pooled([measured(lines(20, 20), 20), measured(lines(20, 10), 20)]), FLOOR)).toBe('fails');
  });

  it('no target: nothing measured, an exact 100%', () => {
    expect(pooled([])).toMatchObject({ score: 1, exact: true, n: 0 });
  });
});

describe('the budget, shared among the targets', () => {
  const run = (changed: number, start = 0, perLine = 1) => ({ changed: Array(changed).fill(0), cost: { start, perLine } });

  it.each([
    ['a change whose every line fits the budget: the budget', [run(10, 20, 2), run(5, 40, 8)], 480, 1200, 480],
    ['a change over the budget: grows to every line (20 + 200 + 40 + 400 s)', [run(100, 20, 2), run(50, 40, 8)], 480, 1200, 660],
    ['a change over the cap: the cap, and lines drawn', [run(1000, 20, 2), run(50, 40, 8)], 480, 1200, 1200],
    ['no cap: the budget, whatever the change', [run(1000, 20, 2)], 480, undefined, 480],
    ['the cap alone does not shrink a budget', [], 480, 480, 480],
  ])('%s', (_, pending, budget, cap, seconds) => {
    expect(budgetFor(pending, budget, cap)).toBe(seconds);
  });

  it.each([
    ['two equal targets share the time equally', [run(100), run(100)], 100, 1, 50],
    ['one that needs less than its share takes all its lines', [run(10), run(100)], 100, 1, 10],
    ['and leaves the rest to the others', [run(100), run(10)], 100, 1, 90],
    ['three: the time after the starts', [run(100, 20), run(100, 20), run(100, 20)], 210, 1, 50],
    ['a slower pace draws fewer lines', [run(100), run(100)], 100, 2, 25],
    ['never fewer than MIN_LINES', [run(100), run(100)], 2, 1, MIN_LINES],
    ['never more than the target has', [run(2), run(100)], 0, 1, 2],
    ['all of one target when the budget holds every line', [run(30, 5, 2)], 100, 1, 30],
  ])('%s', (_, pending, left, pace, lines) => {
    expect(planLines(pending, left, pace).lines).toBe(lines);
  });

  it('reckons the first target’s seconds and the least it needs, at the pace', () => {
    expect(planLines([run(100, 20, 2), run(100, 20, 2)], 240, 1)).toEqual({ lines: 50, seconds: 120, least: 26 });
    expect(planLines([run(100, 20, 2), run(100, 20, 2)], 240, 2)).toEqual({ lines: 20, seconds: 120, least: 52 });
  });
});

describe('the draw', () => {
  const items = Array.from({ length: 100 }, (_, i) => i);

  it('is seeded: the same seed draws the same lines, another seed others', () => {
    expect(sample(items, 10, 'abc:schema')).toEqual(sample(items, 10, 'abc:schema'));
    expect(sample(items, 10, 'abc:schema')).not.toEqual(sample(items, 10, 'abd:schema'));
  });

  it('draws without replacement, at most what there is', () => {
    const drawn = sample(items, 60, 's');
    expect(new Set(drawn).size).toBe(60);
    expect(sample(items, 500, 's').sort((a, b) => a - b)).toEqual(items);
  });
});

describe("counting a target's mutants", () => {
  it('tally: Killed and Timeout detected over all but ignored and errors; 100% when none is valid', () => {
    const counted = tally(results([[3, 1]]).concat([{ fileName: 'f', location: { start: { line: 1 } }, status: 'Ignored' }]));
    expect(counted).toEqual({ killed: 2, timeout: 1, survived: 1, noCoverage: 0, ignored: 1, errors: 0, score: 75 });
    expect(tally([{ fileName: 'f', location: { start: { line: 1 } }, status: 'CompileError' }])).toMatchObject({ errors: 1, score: 100 });
  });

  it.each([
    ['src/a.ts', 3, true],
    ['src/a.ts', 5, true],
    ['src/a.ts', 6, false],
    ['src/a.ts', 2, false],
    ['src/b.ts', 4, false],
    ['src/a.tsx', 4, false],
  ])('inRanges(src/a.ts:3-5): %s line %i is %s', (file, line, inside) => {
    expect(inRanges(['src/a.ts:3-5', 'src/c.ts:1-1'], file, line)).toBe(inside);
  });
});

describe('the base and the options', () => {
  const options = (argv: string[], env: Record<string, string> = {}) => parseArguments(argv, env, FLOOR);

  it.each([
    ['main unless told', [], {}, 'main'],
    ['$DOCSNAV_MUTATE_BASE (a CI of pull requests)', [], { DOCSNAV_MUTATE_BASE: 'origin/main' }, 'origin/main'],
    ['--base over the environment (CI: .ci/mutate-base)', ['--changed', '--base', '503e3aa'], { DOCSNAV_MUTATE_BASE: 'origin/main' }, '503e3aa'],
    ['an empty environment value is no base', [], { DOCSNAV_MUTATE_BASE: '' }, 'main'],
  ])('the base: %s', (_, argv, env, base) => {
    expect(options(argv, env)).toMatchObject({ base });
  });

  it('reads CI’s line as CI writes it', () => {
    expect(options(['--changed', '--base', 'abc123', '--budget', '480', '--cap', '1200', 'schema', 'scripts'])).toEqual({
      changedMode: true,
      base: 'abc123',
      sampleSize: undefined,
      seed: undefined,
      budget: 480,
      cap: 1200,
      ofOthers: false,
      floor: 85,
      asked: ['schema', 'scripts'],
    });
    expect(options(['--sample', '40', '--seed', 'x', '--floor', '90'])).toMatchObject({ changedMode: false, sampleSize: 40, seed: 'x', floor: 90 });
    // A floor is a percentage: 100 is one (every mutant killed), 101 is not.
    expect(options(['--changed', '--floor', '100'])).toMatchObject({ floor: 100 });
    expect(options(['--changed', '--base', 'abc123', '--budget', '480', '--base-not-passed'])).toMatchObject({ ofOthers: true, asked: [] });
  });

  it('--sample sets the lines alone, --seed the seed alone', () => {
    const defaults = {
      changedMode: true,
      base: 'main',
      sampleSize: undefined,
      seed: undefined,
      budget: undefined,
      cap: undefined,
      ofOthers: false,
      floor: 85,
      asked: ['scripts'],
    };
    expect(options(['--changed', '--sample', '15', 'scripts'])).toEqual({ ...defaults, sampleSize: 15 });
    expect(options(['--changed', '--seed', 's1', 'scripts'])).toEqual({ ...defaults, seed: 's1' });
  });

  it.each([
    [['--base'], '--base takes a git ref (a branch, tag or commit)'],
    [['--floor', '0'], '--floor takes a percentage'],
    [['--floor', '101'], '--floor takes a percentage'],
    [['--floor', 'high'], '--floor takes a percentage'],
    [['--budget', '-1'], '--budget takes a number of seconds'],
    [['--budget'], '--budget takes a number of seconds'],
    [['--budget', '480', '--cap', 'x'], '--cap takes a number of seconds'],
    [['--cap', '1200'], '--cap takes a --budget to grow from'],
    [['--budget', '480', '--cap', '300'], '--cap is the most a --budget grows to: not under it'],
    [['--sample', '0'], '--sample takes a number of lines'],
    [['--sample', '2.5'], '--sample takes a number of lines'],
    [['--seed'], '--seed takes a word'],
  ])('%j is a usage error', (argv, error) => {
    expect(options(argv)).toEqual({ error });
  });
});

describe("the diff's paths, as CI reads them (git diff -U0 --src-prefix=a/ --dst-prefix=b/)", () => {
  const diff = (file: string, hunk = '@@ -10,0 +11,2 @@', body = ['+  const a = 1;', '+  const b = 2;']) =>
    [`diff --git a/${file} b/${file}`, 'index 1111111..2222222 100644', `--- a/${file}`, `+++ b/${file}`, hunk, ...body].join('\n');

  it.each([
    ['src/schema/lost-arrays.ts', 'schema'],
    ['src/cache/key.ts', 'replay'],
    ['src/navigation/model.ts', 'navigation'],
    ['server/src/analysis/page-text.ts', 'analysis'],
    ['server/src/http/app.ts', 'http'],
    ['scripts/mutate.mjs', 'scripts'],
    ['scripts/mutate-gate.mjs', 'scripts'],
    ['src/validate.ts', 'core'],
  ])('%s: its lines go to %s', (file, target) => {
    expect(Object.fromEntries(changedRanges(targetOf, diff(file)))).toEqual({ [target]: [`${file}:11-12`] });
  });

  it('several files in one diff, each to its target; a deleted file and a declaration file to none', () => {
    const text = [
      diff('src/schema/index.ts', '@@ -3 +3 @@', ['-  return 1;', '+  return 2;']),
      diff('server/src/analysis/channel-text.ts', '@@ -0,0 +1,3 @@', ['+a', '+b', '+c']),
      ['diff --git a/src/old.ts b/src/old.ts', 'deleted file mode 100644', '--- a/src/old.ts', '+++ /dev/null', '@@ -1 +0,0 @@', '-gone'].join('\n'),
      diff('scripts/changed-lines.d.mts', '@@ -1,0 +2 @@', ['+export const X: number;']),
      diff('src/schema/index.ts', '@@ -20,0 +21 @@', ['+  again();']),
    ].join('\n');
    expect(Object.fromEntries(changedRanges(targetOf, text))).toEqual({
      schema: ['src/schema/index.ts:3-3', 'src/schema/index.ts:21-21'],
      analysis: ['server/src/analysis/channel-text.ts:1-3'],
    });
  });
});

describe('linesInRanges: how many lines the changed ranges hold (the population a draw is taken from)', () => {
  const whole: Record<string, number> = { 'src/whole.ts': 40, 'dir:1-2/whole.ts': 7 };
  const linesOfFile = (file: string) => whole[file] ?? Number.NaN;
  it.each([
    [['src/a.ts:3-7'], 5],
    [['src/a.ts:10-10'], 1],
    [['src/a.ts:10-123'], 114],
    [['src/whole.ts'], 40],
    [['src/a.ts:3-7', 'src/whole.ts', 'src/b.ts:100-109'], 55],
    // A `:` in the file's name: only a last `:start-end` names lines.
    [['dir:1-2/x.ts:3-7'], 5],
    [['dir:1-2/whole.ts'], 7],
    [[], 0],
  ])('%j: %i lines', (ranges, lines) => {
    expect(linesInRanges(ranges, linesOfFile)).toBe(lines);
  });
});

/** The estimate of lines given as [valid, detected] mutants each (a line with none valid holds no mutant). */
function drawnLines(perLine: Array<[number, number]>, population: number): Estimate {
  return measured(
    perLine.map(([valid, detected]) => [detected, valid - detected]),
    population,
  );
}

describe('the gate’s arithmetic, by class (issue 67: the survivors of the scripts target’s whole run), against values worked out apart', () => {
  it('the estimate’s variance: one line (its mutants’ binomial spread), and two or more (the spread between lines)', () => {
    expect(drawnLines([[4, 3]], 10)).toMatchObject({ score: 0.75, n: 1, valid: 4, perLine: 4, exact: false });
    expect(drawnLines([[4, 3]], 10).variance).toBeCloseTo(0.16875, 12);
    expect(
      drawnLines(
        [
          [4, 3],
          [2, 0],
        ],
        10,
      ).variance,
    ).toBeCloseTo(0.08888888888888889, 12);
    expect(
      drawnLines(
        [
          [3, 2],
          [2, 2],
          [4, 1],
          [1, 1],
        ],
        40,
      ).variance,
    ).toBeCloseTo(0.0336, 12);
  });

  it('every changed line drawn is exact; lines drawn with no mutant are nothing measured, not exact', () => {
    expect(
      drawnLines(
        [
          [4, 3],
          [2, 0],
        ],
        2,
      ),
    ).toEqual({ score: 0.5, variance: 0, exact: true, perLine: 3, n: 2, population: 2, valid: 6 });
    expect(estimate([], ['src/x.ts:1', 'src/x.ts:2'], 5, ROOT)).toEqual({ score: 1, variance: 0, exact: false, perLine: 0, n: 2, population: 5, valid: 0 });
  });

  it.each([
    ['one line', [[4, 3]], 10, [0.38441312728559884, 99.95714098079401]],
    [
      'two lines',
      [
        [4, 3],
        [2, 0],
      ],
      10,
      [0.42965053792234364, 99.57034946207766],
    ],
    [
      'four lines',
      [
        [3, 2],
        [2, 2],
        [4, 1],
        [1, 1],
      ],
      40,
      [16.180875020288255, 92.09817533951929],
    ],
    // Lines that all agree (no spread): the effective size is the lines over the correction, or the mutants over it when fewer.
    [
      'three lines that agree',
      [
        [2, 2],
        [2, 2],
        [2, 2],
      ],
      10,
      [18.817035689644356, 100],
    ],
    [
      'three lines that agree, one with no mutant',
      [
        [1, 1],
        [0, 0],
        [1, 1],
      ],
      10,
      [13.384193267750794, 100],
    ],
  ] as Array<[string, Array<[number, number]>, number, [number, number]]>)('the interval of %s', (_, perLine, population, [low, high]) => {
    const [lower, upper] = interval(drawnLines(perLine, population));
    expect(lower).toBeCloseTo(low, 9);
    expect(upper).toBeCloseTo(high, 9);
  });

  it('pooled: each target weighted by its mutants (population × per line), its variance by the square of its share', () => {
    const together = pooled([
      drawnLines([[4, 3]], 10),
      drawnLines(
        [
          [4, 3],
          [2, 0],
        ],
        10,
      ),
    ]);
    expect(together.score).toBeCloseTo(0.6428571428571428, 12);
    expect(together.variance).toBeCloseTo(0.07142857142857142, 12);
    expect(together).toMatchObject({ exact: false, n: 3, population: 20, valid: 10 });
  });

  it("Student's t by degrees of freedom, at every step of its table", () => {
    expect([-1, 0, 1, 2, 9, 10, 11, 20, 21, 30, 31, 60, 61, 1000].map((df) => tQuantile(df))).toEqual([
      12.71, 12.71, 12.71, 4.3, 2.26, 2.23, 2.09, 2.09, 2.04, 2.04, 2.0, 2.0, 1.96, 1.96,
    ]);
  });

  it("Wilson's interval of mutants: 8 of 10, and none valid (all known)", () => {
    const [lower, upper] = wilson(8, 10);
    expect(lower).toBeCloseTo(49.01568467207233, 9);
    expect(upper).toBeCloseTo(94.33190520193067, 9);
    expect(wilson(0, 0)).toEqual([100, 100]);
  });

  it('tally counts compile and run-time errors apart, and the unreached as not detected', () => {
    const status = (value: string) => ({ fileName: 'f', location: { start: { line: 1 } }, status: value });
    expect(tally(['Killed', 'NoCoverage', 'NoCoverage', 'Survived', 'CompileError', 'RuntimeError'].map(status))).toEqual({
      killed: 1,
      timeout: 0,
      survived: 1,
      noCoverage: 2,
      ignored: 0,
      errors: 2,
      score: 25,
    });
  });

  it('the budget left by a target drawn whole goes to the others, its lines’ cost taken from the pool', () => {
    const run = (changed: number, perLine: number) => ({
      changed: Array.from({ length: changed }, (_, i) => `src/x.ts:${i + 1}`),
      cost: { start: 0, perLine },
    });
    // 100 s for two: 50 each; the small one takes 20 of its 50, so the large one gets 80 s of lines.
    expect(planLines([run(100, 1), run(2, 10)], 100).lines).toBe(80);
  });

  it('inRanges reads numbers of several digits and a file whose name holds a range', () => {
    expect(inRanges(['src/a.ts:10-12'], 'src/a.ts', 11)).toBe(true);
    expect(inRanges(['src/a.ts:10-12'], 'src/a.ts', 13)).toBe(false);
    expect(inRanges(['dir:1-2/x.ts:30-40'], 'dir:1-2/x.ts', 35)).toBe(true);
    expect(inRanges(['dir:1-2/x.ts:30-40'], 'dir', 1)).toBe(false);
    expect(inRanges(['src/whole.ts'], 'src/whole.ts', 1)).toBe(false);
  });

  it('a target’s verdict fails on its own when not told the range is others’; the floor takes 100; a cap may equal its budget', () => {
    const under = drawnLines(
      [
        [10, 5],
        [10, 5],
      ],
      100,
    );
    expect(targetGate(under, FLOOR)).toBe('fails');
    expect(targetGate(under, FLOOR, true)).toBe('under');
    expect(parseArguments(['--floor', '100'], {}, FLOOR)).toMatchObject({ floor: 100 });
    expect(parseArguments(['--floor', '100.5'], {}, FLOOR)).toEqual({ error: '--floor takes a percentage' });
    expect(parseArguments(['--budget', '480', '--cap', '480'], {}, FLOOR)).toMatchObject({ budget: 480, cap: 480 });
    expect(parseArguments(['--budget', '480', '--cap', '479'], {}, FLOOR)).toEqual({ error: '--cap is the most a --budget grows to: not under it' });
  });
});
