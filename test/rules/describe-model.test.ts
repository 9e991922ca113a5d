/**
 * What describe.ts's keptChildren takes for granted of the element model (its mutants marked
 * equivalent say so): checked over every element kind and every pair of its child arrays, so a
 * change of the model that breaks one fails here, not in a message no test reads.
 */
import { describe, expect, it } from 'vitest';
import { CHILD_KEYS, childKind, ELEMENT_KINDS, platformKeptChild, type ElementKind } from '../../src/navigation/model.js';

/** Every pair of child arrays an element of this kind can hold, but groups beside pages (said apart). */
function pairs(kind: ElementKind): Array<[string, string]> {
  const keys = CHILD_KEYS.filter((key) => childKind(kind, key) !== undefined);
  return keys
    .flatMap((a, i) => keys.slice(i + 1).map((b): [string, string] => [a, b]))
    .filter(([a, b]) => !(new Set([a, b]).has('groups') && new Set([a, b]).has('pages')));
}

const holds = (kind: ElementKind, outer: string, inner: string): boolean => {
  const outerKind = childKind(kind, outer);
  return outerKind !== undefined && childKind(outerKind, inner) !== undefined;
};

describe('the element model, as keptChildren reads it', () => {
  it('platformKeptChild reads which arrays are there, not their values', () => {
    for (const kind of ELEMENT_KINDS)
      for (const [a, b] of pairs(kind))
        expect(platformKeptChild(kind, { [a]: false, [b]: false }), `${kind}: ${a}, ${b}`).toBe(platformKeptChild(kind, { [a]: true, [b]: true }));
  });

  it('`pages` holds none of the arrays it is paired with', () => {
    for (const kind of ELEMENT_KINDS)
      for (const [a, b] of pairs(kind)) {
        if (a === 'pages') expect(holds(kind, a, b), `${kind}: pages, ${b}`).toBe(false);
        if (b === 'pages') expect(holds(kind, b, a), `${kind}: pages, ${a}`).toBe(false);
      }
  });

  it('of every pair, one nests in the other, but for `global`’s (which no rule asks about)', () => {
    const neither = ELEMENT_KINDS.flatMap((kind) =>
      pairs(kind)
        .filter(([a, b]) => !holds(kind, a, b) && !holds(kind, b, a))
        .map(([a, b]) => `${kind}: ${a}, ${b}`),
    );
    expect(neither.filter((pair) => !pair.startsWith('global'))).toEqual([]);
  });
});
