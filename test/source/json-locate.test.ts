/**
 * The JSON locators (src/source/json-locate.ts) against JSON.parse, on documents fast-check makes
 * (nested objects and arrays, escaped and duplicated keys, strings with quotes and backslashes,
 * any white space) and pointers into them, there or not: the value range of a pointer that is
 * there parses to the value JSON.parse finds there, its key range to its last segment; one that
 * is not gets its nearest ancestor's range, not exact. Both the one-pointer locator and the
 * many-pointer pass are held to it, and to each other. Seeded and bounded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateAllInJson, locateInJson, type Located } from '../../src/source/json-locate.js';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_261_129);

const space = fc.constantFrom('', ' ', '\n', '\r\n  ', '\t');
const key = fc.constantFrom('a', 'b', 'pages', 'a/b', 'x~y', 'é', 'q"t', 'b\\s', '0', '1');
const scalar = fc.oneof(
  fc.integer({ min: -99, max: 999 }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('s', '', 'with "quotes"', 'back\\slash', 'ü}', '{[', '\\'),
);

/** JSON text of a value, written with `pad` between tokens, duplicating a key now and then. */
const doc: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar.map((v) => JSON.stringify(v)),
    fc.tuple(fc.array(tie('value'), { maxLength: 4 }), space).map(([items, pad]) => `[${pad}${items.join(`${pad},${pad}`)}${pad}]`),
    fc
      .tuple(fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }), space)
      .map(([members, pad]) => `{${pad}${members.map(([k, v]) => `${JSON.stringify(k)}${pad}:${pad}${v}`).join(`${pad},${pad}`)}${pad}}`),
  ),
})).value;

/** The value at `segments` as JSON.parse gives it, and how many segments were found. */
function walk(value: unknown, segments: readonly string[]): { value: unknown; found: number } {
  let current = value;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment) && Number(segment) < current.length) current = current[Number(segment)];
    else if (current !== null && typeof current === 'object' && !Array.isArray(current) && Object.hasOwn(current, segment))
      current = (current as Record<string, unknown>)[segment];
    else return { value: current, found: i };
  }
  return { value: current, found: segments.length };
}

function check(text: string, segments: readonly string[], located: Located): void {
  const { value, found } = walk(JSON.parse(text), segments);
  expect(located.exact).toBe(found === segments.length);
  expect(JSON.parse(text.slice(...located.value))).toEqual(value);
  if (located.exact && segments.length > 0 && located.key) expect(JSON.parse(text.slice(...located.key))).toBe(segments.at(-1));
}

describe('locating a pointer in JSON text', () => {
  it('agrees with JSON.parse on the value (and key) at every pointer, there or not', () => {
    fc.assert(
      fc.property(
        doc.filter((text) => text.startsWith('{') || text.startsWith('[')),
        fc.array(fc.array(fc.oneof(key, fc.constantFrom('0', '1', '2', '5')), { maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        (text, pointers) => {
          const many = locateAllInJson(text, pointers);
          pointers.forEach((segments, i) => {
            const one = locateInJson(text, segments, true);
            check(text, segments, one);
            check(text, segments, many[i]);
            expect(many[i].value).toEqual(one.value);
          });
        },
      ),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('a duplicated key: the last one, as JSON.parse keeps it', () => {
    const text = '{"a": 1, "b": {"c": 2}, "a": [3, 4]}';
    expect(text.slice(...locateInJson(text, ['a', '1'], true).value)).toBe('4');
    expect(text.slice(...locateAllInJson(text, [['a', '1']])[0].value)).toBe('4');
  });

  it('nested 20,000 deep without a stack overflow', () => {
    const text = `${'['.repeat(20_000)}7${']'.repeat(20_000)}`;
    const segments = Array.from({ length: 20_000 }, () => '0');
    expect(text.slice(...locateAllInJson(text, [segments])[0].value)).toBe('7');
  });
});
