/**
 * JSON pointers (src/source/pointer.ts, RFC 6901), the one way problems say where they are: each
 * segment escaped (`~` then `/`, in that order, and back), the root, array indexes as the RFC
 * reads them, and own keys only when a pointer is followed into a value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childPointer, escapeSegment, isArrayIndex, ownChild, parsePointer, toPointer, valueAt } from '../../src/source/pointer.js';

describe('JSON pointers', () => {
  it.each([
    [['navigation', 'tabs', 0], '/navigation/tabs/0'],
    [['a/b', 'c~d', '~1', '/0'], '/a~1b/c~0d/~01/~10'],
    [[''], '/'],
    [[], ''],
  ] as const)('%j is %s, and back', (segments, pointer) => {
    expect(toPointer(segments)).toBe(pointer);
    expect(parsePointer(pointer)).toEqual(segments.map(String));
  });

  it('any segments survive the round trip, and a child pointer is the pointer of one more segment', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', '~', '/', '0', '1', 'é') })),
        fc.string({ unit: fc.constantFrom('x', '~', '/', '1') }),
        (segments, key) => {
          expect(parsePointer(toPointer(segments))).toEqual(segments);
          expect(childPointer(toPointer(segments), key)).toBe(toPointer([...segments, key]));
        },
      ),
      { seed: 20_261_129, numRuns: 300 },
    );
    expect(escapeSegment(7)).toBe('7');
    expect(escapeSegment('plain')).toBe('plain');
  });

  it('an array index is 0 or a number without a leading zero', () => {
    expect(['0', '7', '12', '100'].every(isArrayIndex)).toBe(true);
    expect(['01', '-1', '1.5', '', ' 1', '1 ', 'length', '1e2'].some(isArrayIndex)).toBe(false);
  });

  it('follows own keys and real indexes only', () => {
    const value = { a: [10, { b: 'x' }], 'c/d': 1 };
    expect(valueAt(value, ['a', '1', 'b'])).toBe('x');
    expect(valueAt(value, ['c/d'])).toBe(1);
    expect(valueAt(value, [])).toBe(value);
    for (const segments of [['a', 'length'], ['a', '01'], ['constructor'], ['__proto__'], ['a', '5'], ['a', '0', 'x'], ['toString']])
      expect(valueAt(value, segments), segments.join('/')).toBeUndefined();
    expect(ownChild(null, 'a')).toBeUndefined();
    expect(ownChild('text', 'length')).toBeUndefined();
    expect(ownChild([1, 2], '1')).toBe(2);
  });
});
