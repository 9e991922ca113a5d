/**
 * scripts/changed-lines.mjs, the lines CI's mutation step mutates (`npm run mutate:changed`): read
 * from real `git diff -U0` output, as scripts/mutate.mjs asks git for it. A line the change wrote
 * counts; a line it only moved (deleted here, added there, text unchanged) does not.
 */
import { describe, expect, it } from 'vitest';
import { MOVED_MIN, changedRanges } from '../scripts/changed-lines.mjs';
import { git, repoWith, write } from './history/repo.js';

/** Targets as scripts/mutate.mjs names them: a folder each under src/. */
const targetOf = (file: string): string | undefined => /^src\/(\w+)\//.exec(file)?.[1];

/** The diff scripts/mutate.mjs reads: `git diff -U0` from the first commit to the working tree. */
function ranges(before: Record<string, string>, after: Record<string, string | null>): Record<string, string[]> {
  const repo = repoWith(before);
  const base = git(repo, 'rev-parse', 'HEAD').trim();
  const kept = Object.fromEntries(Object.entries(after).filter((entry): entry is [string, string] => entry[1] !== null));
  write(repo, kept);
  for (const [file, text] of Object.entries(after)) if (text === null) git(repo, 'rm', '-q', file);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'change');
  const diff = git(repo, 'diff', '-U0', '--no-color', '--no-ext-diff', '--src-prefix=a/', '--dst-prefix=b/', base, '--', 'src');
  return Object.fromEntries(changedRanges(targetOf, diff));
}

const LONG_A = 'const total = items.reduce((sum, item) => sum + item.size, 0);';
const LONG_B = 'if (total > limit) throw new RangeError(`over ${limit}`);';
const LONG_C = 'return { total, count: items.length, limit };';
const fn = (indent = '  ', eol = '\n') =>
  ['export function measure(items, limit) {', `${indent}${LONG_A}`, `${indent}${LONG_B}`, `${indent}${LONG_C}`, '}'].join(eol) + eol;

describe('the lines a change wrote', () => {
  it('a line changed in place counts; consecutive lines are one range, lines apart are two', () => {
    const before = { 'src/pages/scan.ts': ['const a = 1;', 'const b = 2;', 'const c = 3;', 'const d = 4;', 'const e = 5;', ''].join('\n') };
    const after = { 'src/pages/scan.ts': ['const a = 10;', 'const b = 20;', 'const c = 3;', 'const d = 4;', 'const e = 50;', ''].join('\n') };
    expect(ranges(before, after)).toEqual({ pages: ['src/pages/scan.ts:1-2', 'src/pages/scan.ts:5-5'] });
  });

  it('a new file counts whole; a deleted file, a .d.ts, a file not .ts and a file of no target count nothing', () => {
    expect(
      ranges(
        { 'src/pages/gone.ts': fn(), 'README.md': 'x\n' },
        {
          'src/pages/gone.ts': null,
          'src/move/plan.ts': 'export const planned = 1;\nexport const done = 2;\n',
          'src/move/plan.d.ts': 'export declare const planned: number;\n',
          'src/move/notes.md': 'a note\n',
          'src/move/plan.ts.orig': 'export const planned = 0;\n',
          'src/move/plan.mjs.map': '{}\n',
          'src/top.ts': 'export const top = 1;\n',
        },
      ),
    ).toEqual({ move: ['src/move/plan.ts:1-2'] });
  });
});

describe('a line moved is not the change’s own', () => {
  it('a function moved to another file (another target too) is not mutated again, but its short lines are', () => {
    const moved = ranges(
      { 'src/pages/scan.ts': `export const x = 1;\n${fn()}` },
      { 'src/pages/scan.ts': 'export const x = 1;\n', 'src/site/measure.ts': fn() },
    );
    // Its first four lines are moves; its `}` is too short to tell from a new one.
    expect(moved).toEqual({ site: ['src/site/measure.ts:5-5'] });
  });

  it('moved with its indentation or its line endings changed (CRLF), it is still a move', () => {
    expect(ranges({ 'src/pages/scan.ts': fn() }, { 'src/pages/scan.ts': '', 'src/pages/measure.ts': fn('\t\t') })).toEqual({
      pages: ['src/pages/measure.ts:5-5'],
    });
    expect(ranges({ 'src/pages/scan.ts': fn() }, { 'src/pages/scan.ts': '', 'src/pages/measure.ts': fn('  ', '\r\n') })).toEqual({
      pages: ['src/pages/measure.ts:5-5'],
    });
  });

  it('a moved line edited on the way counts; one deletion answers one addition, so a line moved and copied counts once', () => {
    const edited = fn().replace('item.size', 'item.bytes');
    expect(ranges({ 'src/pages/scan.ts': fn() }, { 'src/pages/scan.ts': '', 'src/pages/measure.ts': edited })).toEqual({
      pages: ['src/pages/measure.ts:2-2', 'src/pages/measure.ts:5-5'],
    });
    const copied = { 'src/pages/scan.ts': '', 'src/pages/measure.ts': fn(), 'src/pages/again.ts': `${LONG_C}\n` };
    // The diff reads again.ts first: its copy takes the one deletion, and measure.ts's line 4 counts.
    expect(ranges({ 'src/pages/scan.ts': fn() }, copied)).toEqual({ pages: ['src/pages/measure.ts:4-5'] });
  });

  it(`a line of ${MOVED_MIN} characters moved is a move; one of ${MOVED_MIN - 1} counts`, () => {
    const [exact, shorter] = ['return this.entries;', 'return this.values;'];
    expect([exact.length, shorter.length]).toEqual([MOVED_MIN, MOVED_MIN - 1]);
    expect(ranges({ 'src/pages/scan.ts': `${exact}\n${shorter}\n` }, { 'src/pages/scan.ts': '', 'src/pages/other.ts': `${exact}\n${shorter}\n` })).toEqual({
      pages: ['src/pages/other.ts:2-2'],
    });
  });

  it(`a line shorter than ${MOVED_MIN} characters counts wherever it is added, even where the diff deletes its text`, () => {
    const short = 'return undefined;';
    expect(short.length).toBeLessThan(MOVED_MIN);
    expect(ranges({ 'src/pages/scan.ts': `${short}\n` }, { 'src/pages/scan.ts': '', 'src/pages/other.ts': `${short}\n` })).toEqual({
      pages: ['src/pages/other.ts:1-1'],
    });
  });
});

describe('the diff’s own lines, by shape', () => {
  it('a hunk of ten lines or more is read (its counts have two digits); an added line holding a hunk’s text is a line', () => {
    const before = { 'src/pages/scan.ts': `${Array.from({ length: 12 }, (_, i) => `const v${i} = ${i};`).join('\n')}\nexport const end = 1;\n` };
    const after = { 'src/pages/scan.ts': "const a = 1;\nconst hunk = '@@ -1 +40 @@';\nconst b = 2;\nexport const end = 1;\n" };
    expect(ranges(before, after)).toEqual({ pages: ['src/pages/scan.ts:1-3'] });
  });

  it('a file’s header is no deleted line: an added line with the header’s text is the change’s own', () => {
    const header = '-- a/src/pages/scan-with-a-long-name.ts';
    const before = { 'src/pages/scan-with-a-long-name.ts': 'export const x = 1;\n' };
    const after = { 'src/pages/scan-with-a-long-name.ts': `export const x = 1;\nconst sql = \`\n${header}\n\`;\n` };
    expect(ranges(before, after)).toEqual({ pages: ['src/pages/scan-with-a-long-name.ts:2-4'] });
  });
});
