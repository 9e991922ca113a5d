/**
 * LineIndex (src/source/lines.ts) against the plain reading of a text's lines: split at `\r\n`,
 * `\n` and a lone `\r`, as the JSON and YAML parsers count them. It keeps only where lines start
 * (issue 66), so a line's end and text come from the next one's start: every mix of breaks,
 * empty lines and a text that ends in one.
 */
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/source/lines.js';

/** The lines as [start, end) offsets, read one character at a time. */
function plainLines(text: string): [number, number][] {
  const lines: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\n' && c !== '\r') continue;
    lines.push([start, i]);
    if (c === '\r' && text[i + 1] === '\n') i++;
    start = i + 1;
  }
  lines.push([start, text.length]);
  return lines;
}

/** Texts of `a`, `bc`, `\n`, `\r`, `\r\n` and empty strings, from a seeded generator. */
function texts(count: number): string[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const parts = ['a', 'bc', '\n', '\r', '\r\n', '\n\n', '\r\r', ''];
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 12) }, () => parts[Math.floor(next() * parts.length)]).join(''));
}

describe('LineIndex: lines, their text and positions, as the plain reading gives them', () => {
  it.each(['', 'one line', 'a\nb', 'a\r\nb\r\n', '\r\r\n\n', 'x\r', '\n'])('%j', (text) => {
    const index = new LineIndex(text);
    const lines = plainLines(text);
    expect(index.lineCount).toBe(lines.length);
    lines.forEach(([start, end], i) => expect(index.lineText(i + 1)).toBe(text.slice(start, end)));
  });

  it('2,000 generated texts: line count, each line’s text, the position of every offset and back', () => {
    for (const text of texts(2000)) {
      const index = new LineIndex(text);
      const lines = plainLines(text);
      expect(index.lineCount, JSON.stringify(text)).toBe(lines.length);
      lines.forEach(([start, end], i) => expect(index.lineText(i + 1), JSON.stringify(text)).toBe(text.slice(start, end)));
      for (let offset = 0; offset <= text.length; offset++) {
        const line = lines.findLastIndex(([start]) => start <= offset);
        const position = index.position(offset);
        expect(position, `${JSON.stringify(text)} at ${offset}`).toEqual({ line: line + 1, column: offset - lines[line][0] + 1 });
        expect(index.offset(position.line, position.column)).toBe(offset);
      }
    }
  });
});
