/**
 * `jsonParts`: a value's JSON text in parts of about `size` characters, joined exactly
 * `JSON.stringify(value)`; a container of at most `small` values is one part of its own text,
 * a heavier one is written element by element. Exact parts, so a changed bound or flush shows.
 */
import { describe, expect, it } from 'vitest';
import { jsonParts } from '../src/analysis/json-parts.js';

const parts = (value: unknown, size: number, small?: number) => [...jsonParts(value, size, small)];

describe('jsonParts', () => {
  it.each([
    ['a light array, whole', [1, 2, 3], 1, 4, ['[1,2,3]']],
    ['an array of exactly `small` values, whole', [1, 2], 1, 3, ['[1,2]']],
    ['an array of one value more, element by element', [1, 2], 1, 2, ['[1', ',2', ']']],
    ['a light object, whole', { a: 1, b: 'x' }, 1, 3, ['{"a":1,"b":"x"}']],
    ['a heavy object, element by element', { a: 1, b: 'x' }, 1, 2, ['{"a":1', ',"b":"x"', '}']],
    ['parts as long as `size` end there', [10, 20, 30, 40], 3, 0, ['[10', ',20', ',30', ',40', ']']],
    ['a part ends once it reaches `size`, not past it', ['ab', 'cd'], 5, 0, ['["ab"', ',"cd"', ']']],
    ['a nested heavy array', [[1, 2], 3], 100, 1, ['[[1,2],3]']],
    ['a string', 'text', 1, 0, ['"text"']],
    ['a number', 42, 1, 0, ['42']],
    ['null', null, 1, 0, ['null']],
  ])('%s', (_name, value, size, small, expected) => {
    expect(parts(value, size, small)).toEqual(expected);
    expect(expected.join('')).toBe(JSON.stringify(value));
  });

  it('nothing for undefined, a function or a symbol, as JSON.stringify gives no text', () => {
    expect(parts(undefined, 10)).toEqual([]);
    expect(parts(() => 1, 10)).toEqual([]);
    expect(parts(Symbol('s'), 10)).toEqual([]);
  });

  it('leaves out what JSON leaves out of an object, and writes it as null in an array', () => {
    const value = { fn: () => 1, sym: Symbol('s'), none: undefined, list: [() => 1, Symbol('s'), undefined, 1], kept: 'yes' };
    const text = parts(value, 1000, 0).join('');
    expect(text).toBe('{"list":[null,null,null,1],"kept":"yes"}');
    expect(text).toBe(JSON.stringify(value));
  });

  it('writes a value with toJSON through it (a date), also inside a heavy container', () => {
    const value = { when: new Date(Date.UTC(2024, 0, 2)), later: { toJSON: () => 'custom' } };
    expect(parts(value, 1000, 0)).toEqual(['{"when":"2024-01-02T00:00:00.000Z","later":"custom"}']);
  });

  it('a toJSON that gives nothing is null in an array', () => {
    const value = [{ toJSON: () => undefined }, 1];
    expect(parts(value, 1000, 0)).toEqual(['[null,1]']);
    expect(JSON.stringify(value)).toBe('[null,1]');
  });

  it('counts the holes of a sparse array as values', () => {
    // Three holes and the array: four values, more than three.
    const sparse = new Array<number>(3);
    expect(parts(sparse, 1, 3)).toEqual(['[null', ',null', ',null', ']']);
    expect(parts(sparse, 1, 4)).toEqual(['[null,null,null]']);
  });

  it('gives the text of a large tree in parts of about the size, joined exactly', () => {
    const tree = { pages: Array.from({ length: 3000 }, (_, i) => ({ path: `guides/page-${i}`, title: `Page ${i}`, hidden: i % 7 === 0 })) };
    const all = parts(tree, 10_000);
    expect(all.join('')).toBe(JSON.stringify(tree));
    expect(all.length).toBeGreaterThan(10);
    for (const part of all.slice(0, -1)) expect(part.length).toBeGreaterThanOrEqual(10_000);
    for (const part of all) expect(part.length).toBeLessThan(10_100);
  });
});
