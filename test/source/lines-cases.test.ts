/**
 * LineIndex (src/source/lines.ts), case by case: the text of lines ended every way, and ranges that
 * cross lines, are empty, or run backwards.
 */
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/source/lines.js';

describe('LineIndex lines', () => {
  it.each([
    ['name: a\nicon: b', ['name: a', 'icon: b']],
    ['name: a\r\nicon: b\r\n', ['name: a', 'icon: b', '']],
    ['a\r\r\nb\rc\n\r\n', ['a', '', 'b', 'c', '', '']],
    ['\r\n\r\n', ['', '', '']],
    ['é\tü\r\n😀', ['é\tü', '😀']],
  ])('%j has the lines %j', (text, lines) => {
    const index = new LineIndex(text);
    expect(index.lineCount).toBe(lines.length);
    expect(lines.map((_, i) => index.lineText(i + 1))).toEqual(lines);
  });
});

describe('LineIndex ranges', () => {
  const index = () => new LineIndex('{\n  "name": "Acme",\r\n  "x": 1\n}');

  it.each([
    // Within a line: its columns.
    [4, 10, { line: 2, column: 3, endLine: 2, endColumn: 9 }],
    // Empty, or backwards: still one column.
    [4, 4, { line: 2, column: 3, endLine: 2, endColumn: 4 }],
    [10, 4, { line: 2, column: 9, endLine: 2, endColumn: 10 }],
    // Across lines, ending at a column before the start's: the end's own column.
    [12, 25, { line: 2, column: 11, endLine: 3, endColumn: 5 }],
    [12, 21, { line: 2, column: 11, endLine: 3, endColumn: 1 }],
    // Across lines, ending further right.
    [0, 29, { line: 1, column: 1, endLine: 3, endColumn: 9 }],
    // Clamped into the text.
    [-5, 1000, { line: 1, column: 1, endLine: 4, endColumn: 2 }],
  ])('range(%i, %i)', (start, end, range) => {
    expect(index().range(start, end)).toEqual(range);
  });

  it('offset and position are each other’s inverse', () => {
    expect(index().position(21)).toEqual({ line: 3, column: 1 });
    expect(index().offset(3, 1)).toBe(21);
    expect(index().offset(0, 0)).toBe(0);
    expect(index().offset(9, 9)).toBe(index().text.length);
  });
});
