/**
 * The pretty report's code frame at its edges, each frame written out whole: a line exactly as
 * wide as the frame and one column wider, a short problem line beside a long one, a range that
 * runs past the window or onto the next line, a neighbour shorter than where the window starts,
 * a column that is no number, lines outside the text, and the colours of gutter, marker and carets.
 */
import { describe, expect, it } from 'vitest';
import type { Range } from '../../src/problem.js';
import { formatPretty } from '../../src/report/pretty.js';
import { problem, result } from './fixtures.js';

/** The frame formatPretty prints for one problem at `range` of `text` (the lines between the header and the rule's docs line). */
function frame(text: string, range: Range, color = false): string[] {
  const out = formatPretty([result('f.txt', [problem('parse-error', 'error', 'f.txt', range, 'Bad.')], { 'f.txt': text })], { color });
  const lines = out.split('\n');
  return lines.slice(
    1,
    lines.findIndex((line) => line.includes('docs: ')),
  );
}

const at = (line: number, column: number, endColumn = column + 1, endLine = line): Range => ({ line, column, endLine, endColumn });

describe('the code frame', () => {
  it('shows a line exactly as wide as the frame (120 columns) whole; one column more is clipped', () => {
    const wide = 'a'.repeat(119) + 'B';
    expect(frame(wide, at(1, 120))).toEqual([`  > 1 | ${wide}`, `      | ${' '.repeat(119)}^`]);
    const wider = 'a'.repeat(120) + 'B';
    // The window: 120 columns ending one past the line (from column 3), an ellipsis for what is left out.
    expect(frame(wider, at(1, 121))).toEqual([`  > 1 | …${'a'.repeat(118)}B`, `      | ${' '.repeat(119)}^`]);
  });

  it('clips every line to one window when any line is too wide, a short problem line too', () => {
    const text = `short "x"\n${'y'.repeat(300)}`;
    expect(frame(text, at(1, 7, 10))).toEqual(['  > 1 | short "x"', '      |       ^^^', `    2 | ${'y'.repeat(120)}…`]);
  });

  it('keeps 40 columns left of the problem in the window, and runs carets to its end when the range goes past it', () => {
    const text = `${'a'.repeat(199)}${'B'.repeat(201)}`;
    const [code, carets] = frame(text, at(1, 200, 401));
    // start = 200 - 1 - 40 = 159: 120 columns from there, the range to the window's end.
    expect(code).toBe(`  > 1 | …${'a'.repeat(40)}${'B'.repeat(80)}…`);
    expect(carets).toBe(`      | ${' '.repeat(41)}${'^'.repeat(80)}`);
  });

  it('a window that starts past a short neighbour leaves that row empty, without an ellipsis', () => {
    const text = `tiny\n${'c'.repeat(299)}X`;
    expect(frame(text, at(2, 300))).toEqual(['    1 |', `  > 2 | …${'c'.repeat(118)}X`, `      | ${' '.repeat(119)}^`]);
  });

  it('a range onto a later line is marked to the end of its first line, whatever column it ends at', () => {
    const text = '{\n  "key": [\n1]\n}';
    expect(frame(text, at(2, 3, 2, 3))).toEqual(['    1 | {', '  > 2 |   "key": [', '      |   ^^^^^^^^', '    3 | 1]']);
  });

  it('a column that is no finite number is taken as the first', () => {
    expect(frame('abc', at(1, Infinity, Infinity))).toEqual(['  > 1 | abc', '      | ^']);
    expect(frame('abc', at(1, Number.NaN, Number.NaN))).toEqual(['  > 1 | abc', '      | ^']);
  });

  it('no frame for a line before the first, after the last, or between two', () => {
    for (const line of [0, -1, 2, 1.5]) expect(frame('abc', at(line, 1)), String(line)).toEqual([]);
  });

  it('colours the gutter grey, the marker and the carets red and bold, the text not at all', () => {
    const gray = (s: string) => `\u001b[90m${s}\u001b[39m`;
    const red = (s: string) => `\u001b[31m\u001b[1m${s}\u001b[22m\u001b[39m`;
    // Each row as the frame has it, then indented under the problem's header.
    expect(frame('one\ntwo\nthree', at(2, 2, 4), true)).toEqual([
      `  ${gray('  1 |')} one`,
      `  ${red('>')}${gray(' 2 |')} two`,
      `  ${gray('    |')}  ${red('^^')}`,
      `  ${gray('  3 |')} three`,
    ]);
  });

  it('puts a blank line between the problems of a file, framed or not', () => {
    const text = 'one\ntwo';
    const out = (ranges: Range[]) =>
      formatPretty(
        [
          result(
            'f.txt',
            ranges.map((range, i) => problem('parse-error', 'error', 'f.txt', range, `Bad ${i}.`)),
            { 'f.txt': text },
          ),
        ],
        { color: false },
      );
    expect(
      out([at(1, 1), at(9, 1)])
        .split('\n')
        .slice(0, 7),
    ).toEqual([
      'f.txt:1:1  error  parse-error  Bad 0.',
      '  > 1 | one',
      '      | ^',
      '    2 | two',
      '  docs: docs/rules/parse-error.md',
      '',
      'f.txt:9:1  error  parse-error  Bad 1.',
    ]);
    expect(
      out([at(8, 1), at(9, 1)])
        .split('\n')
        .slice(0, 5),
    ).toEqual([
      'f.txt:8:1  error  parse-error  Bad 0.',
      '  docs: docs/rules/parse-error.md',
      '',
      'f.txt:9:1  error  parse-error  Bad 1.',
      '  docs: docs/rules/parse-error.md',
    ]);
  });
});
