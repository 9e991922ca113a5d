/**
 * src/lsp/code-actions.ts's `wholeChange`: "Fix all docsnav problems" is one edit from the file's
 * text to what `--fix` writes, the span between their common start and common end. Applied to the
 * text it gives the fixed text, and it replaces no more than that span, on texts whose common
 * start and end overlap (a character repeated where it was inserted or removed), line breaks (CRLF
 * too) and characters outside the BMP (two UTF-16 units each), drawn by fast-check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { wholeChange } from '../../src/lsp/code-actions.js';

const apply = (before: string, after: string): string =>
  TextDocument.applyEdits(TextDocument.create('file:///docs.json', 'json', 1, before), [wholeChange(before, after)]);

/** The offsets the edit should replace in `before`: its common start with `after`, then their common end in what is left. */
function expectedSpan(before: string, after: string): [number, number] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  // An offset between a CR and its LF has no LSP position: the span takes in the CR at its start, the LF at its end.
  if (start > 0 && before.slice(start - 1, start + 1) === '\r\n') start--;
  let end = 0;
  while (end < Math.min(before.length, after.length) - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  if (end > 0 && before.slice(before.length - end - 1, before.length - end + 1) === '\r\n') end--;
  return [start, before.length - end];
}

describe('wholeChange', () => {
  it.each([
    ['an insertion where the same character stands', 'a', 'aa'],
    ['a removal of a repeated character', 'aab', 'ab'],
    ['an insertion inside a run', '"pages": ["a"]', '"pages": ["a", "a"]'],
    ['a removal at the start', 'xab', 'ab'],
    ['a removal at the end', 'abx', 'ab'],
    ['text replaced in the middle', 'a"intro.mdx"b', 'a"intro"b'],
    ['a CRLF line removed', '{\r\n  "a": 1,\r\n  "b": 2\r\n}\r\n', '{\r\n  "b": 2\r\n}\r\n'],
    // Offsets between a CR and its LF have no position in the editor: the span takes the pair in.
    ['a CRLF made a CR', 'a\r\n', 'a\r'],
    ['a LF after a CR removed before text', 'a\r\nb', 'a\rb'],
    ['a CR before a LF removed', 'a\r\n', 'a\n'],
    ['a CRLF made a LF, the text after it kept', 'x\r\ny', 'x\ny'],
    ['after a character outside the BMP', '"🚀 x"', '"🚀 yx"'],
    ['everything replaced', 'abc', 'xyz'],
    ['to nothing', 'abc', ''],
    ['from nothing', '', 'abc'],
  ])('%s: the fixed text, replacing only what differs', (_, before, after) => {
    expect(apply(before, after)).toBe(after);
    const document = TextDocument.create('file:///docs.json', 'json', 1, before);
    const [start, end] = expectedSpan(before, after);
    expect(wholeChange(before, after)).toEqual({
      range: { start: document.positionAt(start), end: document.positionAt(end) },
      newText: after.slice(start, after.length - (before.length - end)),
    });
  });

  it('any two texts that differ: the edit gives the second, and spans exactly what differs', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r', '🚀', 'é'), maxLength: 12 });
    fc.assert(
      fc.property(text, text, (before, after) => {
        fc.pre(before !== after);
        expect(apply(before, after)).toBe(after);
        const document = TextDocument.create('file:///docs.json', 'json', 1, before);
        const [start, end] = expectedSpan(before, after);
        expect(wholeChange(before, after).range).toEqual({ start: document.positionAt(start), end: document.positionAt(end) });
      }),
      { seed: 67, numRuns: 2000 },
    );
  });
});
