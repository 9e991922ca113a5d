/**
 * The committed whole-run state of mutation testing (scripts/mutation-state.mjs, issue 67): a clone
 * with no incremental file of its own starts from the committed one (and one that has its own keeps
 * it); a whole run's file and row are kept, written whole; the survivors and the table of
 * docs/mutation-scores.md are made from them.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepWholeRun, readScores, seedIncremental, survivorsOf, tableOf, withTable } from '../scripts/mutation-state.mjs';

const temporary = mkdtempSync(path.join(tmpdir(), 'docsnav-mutation-state-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const mutant = (line: number, status: string, mutatorName = 'ConditionalExpression') => ({ location: { start: { line } }, status, mutatorName });
const REPORT = {
  files: {
    'src/b.ts': { mutants: [mutant(9, 'Survived', 'StringLiteral'), mutant(2, 'Killed')] },
    'src/a.ts': { mutants: [mutant(5, 'NoCoverage'), mutant(5, 'Survived'), mutant(1, 'Timeout'), mutant(3, 'Ignored')] },
  },
};
const ROW = { score: 90, killed: 9, timeout: 0, survived: 1, noCoverage: 0, ignored: 0, commit: 'a'.repeat(40), dirty: false, date: '2026-11-29' };

describe('the committed state', () => {
  it('seeds a clone that has no incremental file of its own, and leaves one that has alone', () => {
    const state = path.join(temporary, 'seed-state');
    mkdirSync(state);
    writeFileSync(path.join(state, 'config.json'), '{"committed":true}');
    const incremental = path.join(temporary, 'seed-reports', 'stryker-incremental-config.json');
    expect(seedIncremental(incremental, 'config', state)).toMatch(/^config: starting from the committed state/);
    expect(readFileSync(incremental, 'utf8')).toBe('{"committed":true}');
    writeFileSync(incremental, '{"mine":true}');
    expect(seedIncremental(incremental, 'config', state)).toBeUndefined();
    expect(readFileSync(incremental, 'utf8')).toBe('{"mine":true}');
    // No committed state for that target: nothing to seed.
    expect(seedIncremental(path.join(temporary, 'seed-reports', 'other.json'), 'other', state)).toBeUndefined();
  });

  it('keeps a whole run: its file and its row, sorted by target, written whole (no temporary file left)', () => {
    const state = path.join(temporary, 'keep-state');
    const incremental = path.join(temporary, 'keep-incremental.json');
    writeFileSync(incremental, JSON.stringify(REPORT));
    keepWholeRun(incremental, 'site', ROW, state);
    keepWholeRun(incremental, 'cache', { ...ROW, score: 50 }, state);
    expect(readFileSync(path.join(state, 'site.json'), 'utf8')).toBe(`${JSON.stringify(REPORT)}\n`);
    const scores = readScores(path.join(state, 'scores.json'));
    expect(Object.keys(scores)).toEqual(['cache', 'site']);
    expect(scores.site).toEqual(ROW);
    expect(readdirSync(state).sort()).toEqual(['cache.json', 'scores.json', 'site.json']);
    expect(readScores(path.join(state, 'none.json'))).toEqual({});
  });
});

describe('the table of whole scores', () => {
  it('lists the survivors and the unreached, in file and line order', () => {
    expect(survivorsOf(REPORT)).toEqual([
      { file: 'src/a.ts', line: 5, mutator: 'ConditionalExpression', status: 'NoCoverage' },
      { file: 'src/a.ts', line: 5, mutator: 'ConditionalExpression', status: 'Survived' },
      { file: 'src/b.ts', line: 9, mutator: 'StringLiteral', status: 'Survived' },
    ]);
    expect(survivorsOf({})).toEqual([]);
  });

  it('has a row per target, measured or not; a score under the floor says so; twelve survivors shown, the rest counted', () => {
    const many = { files: { 'src/x.ts': { mutants: Array.from({ length: 14 }, (_, i) => mutant(i + 1, 'Survived')) } } };
    const table = tableOf(
      ['cache', 'site', 'move'],
      { cache: { ...ROW, score: 84.9, dirty: true }, site: ROW },
      (target: string) => (target === 'cache' ? many : REPORT),
      85,
    );
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(
      /^\| cache \| 84\.9% \(under the floor\) \| 9 \| 0 \| 1 \| 0 \| aaaaaaaaaaaa \(and uncommitted changes\), 2026-11-29 \| x\.ts:1 ConditionalExpression;/,
    );
    expect(lines[2]).toMatch(/x\.ts:12 ConditionalExpression, and 2 more \|$/);
    expect(lines[3]).toBe(
      '| site | 90.0% | 9 | 0 | 1 | 0 | aaaaaaaaaaaa, 2026-11-29 | a.ts:5 ConditionalExpression; a.ts:5 ConditionalExpression; b.ts:9 StringLiteral |',
    );
    expect(lines[4]).toBe('| move | not measured whole yet | | | | | | |');
  });

  it('goes between its markers, replacing the last one; added before the first section when there are none', () => {
    const first = withTable('# Scores\n\nIntro.\n\n## Older\n\ntext\n', 'T1');
    expect(first).toContain('Intro.\n\n## Whole-target scores\n\n<!-- whole-target scores');
    expect(first.indexOf('T1')).toBeLessThan(first.indexOf('## Older'));
    const second = withTable(first, 'T2');
    expect(second).not.toContain('T1');
    expect(second.split('## Whole-target scores')).toHaveLength(2);
    expect(second.endsWith('## Older\n\ntext\n')).toBe(true);
  });
});
