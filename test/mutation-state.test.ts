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
import { keepWholeRun, readScores, seedIncremental, survivorsOf, tableOf, tableProgram, withTable } from '../scripts/mutation-state.mjs';
import { TARGETS } from '../scripts/mutate-targets.mjs';

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

describe('the table, by class (issue 67: the survivors of the scripts target’s whole run)', () => {
  it('seeds an incremental file in a folder not made yet', () => {
    const state = path.join(temporary, 'seed-deep-state');
    mkdirSync(state);
    writeFileSync(path.join(state, 'site.json'), '{"files":{}}');
    const incremental = path.join(temporary, 'not', 'made', 'yet.json');
    expect(seedIncremental(incremental, 'site', state)).toBe(
      `site: starting from the committed state of its last whole run (${path.join(state, 'site.json')})`,
    );
    expect(readFileSync(incremental, 'utf8')).toBe('{"files":{}}');
  });

  it('orders the survivors by file, then line as a number, then mutator', () => {
    const report = {
      files: {
        'src/a.ts': {
          mutants: [
            mutant(10, 'Survived', 'StringLiteral'),
            mutant(9, 'Survived', 'Regex'),
            mutant(10, 'Survived', 'BlockStatement'),
            mutant(10, 'Killed', 'A'),
          ],
        },
      },
    };
    expect(survivorsOf(report).map(({ line, mutator }) => `${line} ${mutator}`)).toEqual(['9 Regex', '10 BlockStatement', '10 StringLiteral']);
  });

  it('its header; each package’s source folder left out of the file names, no other; a score at the floor is not under it', () => {
    const report = {
      files: Object.fromEntries(
        ['server/src/x.ts', 'scripts/y.mjs', 'src/z.ts', 'test/src/w.ts', 'bench/scripts/v.mjs'].map((file) => [file, { mutants: [mutant(1, 'Survived')] }]),
      ),
    };
    const lines = tableOf(['site'], { site: { ...ROW, score: 85 } }, () => report, 85).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      '| target | whole score | killed | timeout | survived | no coverage | measured on | survivors (file:line, mutator) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ]);
    expect(lines[2]).toBe(
      '| site | 85.0% | 9 | 0 | 1 | 0 | aaaaaaaaaaaa, 2026-11-29 | bench/scripts/v.mjs:1 ConditionalExpression; y.mjs:1 ConditionalExpression; x.ts:1 ConditionalExpression; z.ts:1 ConditionalExpression; test/src/w.ts:1 ConditionalExpression |',
    );
  });

  it('a document whose end marker comes first, or with no section at all, gets a table of its own', () => {
    const begin = '<!-- whole-target scores: npm run mutate:table writes this table -->';
    const end = '<!-- end of the whole-target scores -->';
    const swapped = `# Scores\n${end}\n${begin}\n\n## Older\n`;
    const result = withTable(swapped, 'T');
    expect(result.startsWith(`# Scores\n${end}\n${begin}\n\n## Whole-target scores\n\n${begin}\n\nT\n\n${end}\n\n## Older\n`)).toBe(true);
    expect(withTable('# Scores\n\nno sections', 'T')).toBe(`# Scores\n\nno sections## Whole-target scores\n\n${begin}\n\nT\n\n${end}\n\n`);
    expect(withTable(`a\n${begin}\nold\n${end}\nb`, 'T')).toBe(`a\n${begin}\n\nT\n\n${end}\nb`);
    // Markers at the document's second character; an end marker alone is no table.
    expect(withTable(`\n${begin}\nold\n${end}\nb`, 'T')).toBe(`\n${begin}\n\nT\n\n${end}\nb`);
    expect(withTable(`# S\n${end}\n\n## Older\n`, 'T')).toBe(`# S\n${end}\n\n## Whole-target scores\n\n${begin}\n\nT\n\n${end}\n\n## Older\n`);
  });

  it('the program writes the table of every target from the state into the document, and says so', async () => {
    const state = path.join(temporary, 'program-state');
    mkdirSync(state);
    writeFileSync(path.join(state, 'scores.json'), JSON.stringify({ site: ROW }));
    writeFileSync(path.join(state, 'site.json'), JSON.stringify(REPORT));
    const doc = path.join(temporary, 'program-doc.md');
    writeFileSync(doc, '# Mutation scores\n\n## Notes\n');
    const said: string[] = [];
    expect(await tableProgram(['table'], { state, doc, say: (line) => said.push(line), err: (line) => said.push(`error: ${line}`) })).toBe(0);
    const text = readFileSync(doc, 'utf8');
    for (const target of Object.keys(TARGETS)) expect(text).toContain(target === 'site' ? '| site | 90.0% |' : `| ${target} | not measured whole yet |`);
    expect(text).toContain('a.ts:5 ConditionalExpression; a.ts:5 ConditionalExpression; b.ts:9 StringLiteral');
    expect(said).toEqual([
      `mutation-state: the table of ${Object.keys(TARGETS).length} targets written into ${path.relative(path.join(import.meta.dirname, '..'), doc)}`,
    ]);
  });

  it.each([[[]], [['table', 'x']], [['tables']], [['x']]])('the program with %j: the usage, exit 2, nothing written', async (argv) => {
    const doc = path.join(temporary, 'usage-doc.md');
    writeFileSync(doc, 'unchanged');
    const said: string[] = [];
    expect(await tableProgram(argv, { doc, say: (line) => said.push(line), err: (line) => said.push(`error: ${line}`) })).toBe(2);
    expect(said).toEqual(['error: usage: node scripts/mutation-state.mjs table']);
    expect(readFileSync(doc, 'utf8')).toBe('unchanged');
  });
});
