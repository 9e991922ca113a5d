/**
 * Applying fixes (src/fix/apply.ts): which fixes go together in one pass, and edits applied to a
 * text in any order, refused when they overlap or leave the text.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits, chooseFixes } from '../../src/fix/apply.js';
import type { TextEdit } from '../../src/text-edit.js';

const edit = (start: number, end: number, text = ''): TextEdit => ({ start, end, text });

describe('applyEdits', () => {
  const cases: Array<[name: string, edits: TextEdit[], after: string]> = [
    ['no edits', [], 'abcdef'],
    ['one replacement', [edit(1, 3, 'XY')], 'aXYdef'],
    ['in any order', [edit(4, 6, 'X'), edit(0, 1)], 'bcdX'],
    ['an insertion and a removal at the same place', [edit(2, 4), edit(2, 2, 'I')], 'abIef'],
    ['edits that touch', [edit(0, 2, 'A'), edit(2, 4, 'B')], 'ABef'],
    ['the whole text', [edit(0, 6, 'new')], 'new'],
    ['at the very end', [edit(6, 6, '!')], 'abcdef!'],
  ];
  it.each(cases)('%s', (_name, edits, after) => {
    expect(applyEdits('abcdef', edits)).toBe(after);
  });

  const refused: Array<[name: string, edits: TextEdit[]]> = [
    ['overlapping', [edit(0, 3), edit(2, 4)]],
    ['an end before its start', [edit(3, 2)]],
    ['past the end of the text', [edit(5, 7)]],
  ];
  it.each(refused)('refused: %s', (_name, edits) => {
    expect(() => applyEdits('abcdef', edits)).toThrow(new RangeError(`overlapping or invalid edit [${edits.at(-1)!.start}, ${edits.at(-1)!.end})`));
  });
});

describe('chooseFixes: in text order, each after the previous one ended', () => {
  const fix = (name: string, ...edits: TextEdit[]) => ({ name, fix: { edits } });
  const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

  it('apart: all chosen, in text order', () => {
    const { chosen, waiting } = chooseFixes([fix('c', edit(8, 9)), fix('a', edit(0, 1)), fix('b', edit(3, 5))]);
    expect([names(chosen), names(waiting)]).toEqual([['a', 'b', 'c'], []]);
  });

  it('touching or overlapping: the later one waits (the waiting ones in text order too)', () => {
    const { chosen, waiting } = chooseFixes([fix('a', edit(0, 2)), fix('b', edit(2, 3)), fix('c', edit(1, 4)), fix('d', edit(5, 6))]);
    expect([names(chosen), names(waiting)]).toEqual([
      ['a', 'd'],
      ['c', 'b'],
    ]);
  });

  it('a fix spans from its first edit to its last: another fix inside that span waits', () => {
    const { chosen, waiting } = chooseFixes([fix('outer', edit(0, 1), edit(9, 10)), fix('inner', edit(4, 5))]);
    expect([names(chosen), names(waiting)]).toEqual([['outer'], ['inner']]);
  });

  it('at the same start, the shorter first', () => {
    const { chosen, waiting } = chooseFixes([fix('long', edit(2, 6)), fix('short', edit(2, 3))]);
    expect([names(chosen), names(waiting)]).toEqual([['short'], ['long']]);
  });

  it('a fix at the very start of the text is chosen; a fix without edits is neither chosen nor waiting', () => {
    const { chosen, waiting } = chooseFixes([fix('empty'), fix('first', edit(0, 0, 'x'))]);
    expect([names(chosen), names(waiting)]).toEqual([['first'], []]);
  });
});
