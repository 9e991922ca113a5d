/**
 * Fixes chosen for one pass (src/fix/apply.ts) when some are insertions: redirects appended to one
 * array are insertions at one offset, which stack in order; an insertion touching a replacement
 * (before or after it) still waits, as touching fixes do.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits, chooseFixes } from '../../src/fix/apply.js';
import type { TextEdit } from '../../src/text-edit.js';

const edit = (start: number, end: number, text = ''): TextEdit => ({ start, end, text });
const fix = (name: string, ...edits: TextEdit[]) => ({ name, fix: { edits } });
const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

describe('chooseFixes with insertions', () => {
  const cases: Array<[name: string, fixes: Array<ReturnType<typeof fix>>, chosen: string[], waiting: string[]]> = [
    [
      'insertions at one offset: all chosen, in their order',
      [fix('a', edit(5, 5, 'a')), fix('b', edit(5, 5, 'b')), fix('c', edit(5, 5, 'c'))],
      ['a', 'b', 'c'],
      [],
    ],
    ['insertions at one offset and one after it', [fix('a', edit(5, 5, 'a')), fix('b', edit(5, 5, 'b')), fix('c', edit(7, 7, 'c'))], ['a', 'b', 'c'], []],
    ['an insertion where a replacement ends: it waits', [fix('r', edit(0, 1, 'R')), fix('i', edit(1, 1, 'I'))], ['r'], ['i']],
    ['an insertion where a later replacement ends: it waits', [fix('r', edit(3, 5, 'R')), fix('i', edit(5, 5, 'I'))], ['r'], ['i']],
    ['a replacement that starts at an insertion: it waits', [fix('i', edit(5, 5, 'I')), fix('r', edit(5, 6, 'R'))], ['i'], ['r']],
    [
      'a replacement after stacked insertions, touching them: it waits',
      [fix('a', edit(2, 2, 'a')), fix('b', edit(2, 2, 'b')), fix('r', edit(2, 4))],
      ['a', 'b'],
      ['r'],
    ],
    ['an insertion after a replacement, apart from it', [fix('r', edit(0, 1, 'R')), fix('i', edit(2, 2, 'I'))], ['r', 'i'], []],
  ];
  it.each(cases)('%s', (_name, fixes, chosen, waiting) => {
    const result = chooseFixes(fixes);
    expect([names(result.chosen), names(result.waiting)]).toEqual([chosen, waiting]);
  });
});

describe('applyEdits with insertions at one offset', () => {
  it('in their order', () => {
    expect(applyEdits('abc', [edit(1, 1, 'X'), edit(1, 1, 'Y'), edit(1, 1, 'Z')])).toBe('aXYZbc');
  });
  it('before a replacement that starts there', () => {
    expect(applyEdits('abc', [edit(1, 2, 'R'), edit(1, 1, 'I')])).toBe('aIRc');
  });
});
