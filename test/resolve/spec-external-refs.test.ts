import { describe, expect, it } from 'vitest';
import { findExternalRefs, mayHoldExternalRef } from '../../src/resolve/spec-external-refs.js';

/**
 * External `$ref`s (src/resolve/spec-external-refs.ts): the quick look at a spec's text, and
 * the walk of its value, where the platform looks (objects, and strings that parse as objects).
 */

describe('mayHoldExternalRef: a look at the text', () => {
  it.each([
    ['no $ref at all', 'openapi: 3.1.0\npaths: {}\n', false],
    ['only internal refs, JSON', '{"a": {"$ref": "#/x"}, "b": {"$ref" : "#/y"}}', false],
    ['only internal refs, YAML, either quotes', 'a:\n  $ref: \'#/x\'\nb:\n  $ref: "#/y"\n', false],
    ['an external one after an internal one', '{"a": {"$ref": "#/x"}, "b": {"$ref": "b.json"}}', true],
    ['a $ref at the very start', '$ref: other.yaml\n', true],
    ['an unquoted # (a YAML comment: the value comes later)', 'a:\n  $ref: # note\n    other.yaml\n', true],
    ['a letter of $ref escaped', '{"a": {"\\u0024ref": "#/x"}}', true],
  ])('%s', (_name, text, expected) => {
    expect(mayHoldExternalRef(text)).toBe(expected);
  });
});

describe('findExternalRefs: a walk of the value', () => {
  it('what is not an object holds none', () => {
    for (const value of [42, null, undefined, true]) expect(findExternalRefs(value)).toEqual([]);
    expect(findExternalRefs('plain text')).toEqual([]);
  });

  it('only string $refs not starting with #; one ending with # is external', () => {
    expect(findExternalRefs({ a: { $ref: 5 }, b: { $ref: '#/x' }, c: { $ref: 'other.json#' }, d: { $ref: null } })).toEqual([
      { pointer: '/c/$ref', ref: 'other.json#' },
    ]);
  });

  it('in arrays, in document order, an object’s own $ref before its children’s', () => {
    expect(findExternalRefs({ list: [{}, { $ref: 'a.json', inner: { $ref: 'b.json' } }] })).toEqual([
      { pointer: '/list/1/$ref', ref: 'a.json' },
      { pointer: '/list/1/inner/$ref', ref: 'b.json' },
    ]);
  });

  it('inside string values that parse as JSON or YAML objects, located at the string; a $ref’s own value is not searched', () => {
    expect(
      findExternalRefs({
        $ref: '{"$ref": "not-searched.json"}',
        json: '{"$ref": "in-json.json"}',
        yaml: '$ref: in-yaml.yaml',
        escaped: '{"\\u0024ref": "escaped.json"}',
        nested: { deeper: '{"x": {"$ref": "deep.json"}}' },
        broken: '{"$ref": [',
        scalar: 'a $ref in prose',
        empty: '# $ref',
      }),
    ).toEqual([
      { pointer: '/$ref', ref: '{"$ref": "not-searched.json"}' },
      { pointer: '/json', ref: 'in-json.json' },
      { pointer: '/yaml', ref: 'in-yaml.yaml' },
      { pointer: '/escaped', ref: 'escaped.json' },
      { pointer: '/nested/deeper', ref: 'deep.json' },
    ]);
  });

  it('a key that needs escaping in the pointer', () => {
    expect(findExternalRefs({ paths: { '/a/{b}': { get: { $ref: 'x.yaml' } } }, 'c~d': { $ref: 'y.yaml' } })).toEqual([
      { pointer: '/paths/~1a~1{b}/get/$ref', ref: 'x.yaml' },
      { pointer: '/c~0d/$ref', ref: 'y.yaml' },
    ]);
  });

  it('at most 50 are listed', () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`s${i}`, { $ref: `f${i}.json` }]));
    const found = findExternalRefs(many);
    expect(found).toHaveLength(50);
    expect(found.at(-1)).toEqual({ pointer: '/s49/$ref', ref: 'f49.json' });
  });

  it('an object reached twice is walked once', () => {
    const shared = { $ref: 'shared.json' };
    expect(findExternalRefs({ a: shared, b: shared, c: [shared] })).toEqual([{ pointer: '/a/$ref', ref: 'shared.json' }]);
  });
});
