/**
 * The JSON locators (src/source/json-locate.ts), case by case: where a value ends (a scalar at the
 * end of the text, before white space of every kind; a root container before a final newline), which
 * of two equal keys is found, and what the many-pointer pass gives back.
 */
import { describe, expect, it } from 'vitest';
import { locateAllInJson, locateInJson } from '../../src/source/json-locate.js';

describe('locateInJson', () => {
  it.each([
    ['{"a": 1 , "b": 2}', [6, 7]],
    ['{"a": 12\n}', [6, 8]],
    ['{"a": true\r\n}', [6, 10]],
    ['{"a": null\t}', [6, 10]],
    ['{"a": -1.5e3}', [6, 12]],
    ['[{"a": "x y"}]', [7, 12]],
  ])('a scalar value ends before white space, a comma or a bracket: %j', (text, range) => {
    const pointer = text.startsWith('[') ? ['0', 'a'] : ['a'];
    expect(locateInJson(text, pointer, false)).toEqual({ key: [text.indexOf('"a"'), text.indexOf('"a"') + 3], value: range, exact: true });
  });

  it.each([
    ['true', [0, 4]],
    ['""\n', [0, 2]],
    ['"\\"a"', [0, 5]],
    ['["a"] \n', [0, 5]],
    ['{"a": 1}\n', [0, 8]],
    ['{"a": "}"}\r\n', [0, 10]],
  ])('the whole of %j', (text, range) => {
    expect(locateInJson(text, [], false)).toEqual({ key: undefined, value: range, exact: true });
  });

  it('the first of two equal keys, or the last (as JSON.parse keeps) when asked', () => {
    const text = '{"name": "A", "name": "B"}';
    expect(locateInJson(text, ['name'], false)).toEqual({ key: [1, 7], value: [9, 12], exact: true });
    expect(locateInJson(text, ['name'], true)).toEqual({ key: [14, 20], value: [22, 25], exact: true });
  });

  it('the nearest value for a pointer past the text', () => {
    expect(locateInJson('{"a": [1, 2]}', ['a', '5'], false)).toEqual({ key: [1, 4], value: [6, 12], exact: false });
    expect(locateInJson('{"a": []}', ['a', '0'], false)).toEqual({ key: [1, 4], value: [6, 8], exact: false });
    expect(locateInJson('{"a": 1}', ['a', 'b'], false)).toEqual({ key: [1, 4], value: [6, 7], exact: false });
  });
});

describe('locateAllInJson', () => {
  const text = '{\n  "name": "Acme",\n  "tabs": [\n    {"tab": "A", "pages": []},\n    {"tab": "B", "pages": ["x"]}\n  ],\n  "n": 12\n}\n';
  const at = (s: string) => text.indexOf(s);

  it('one result for each pointer, in order, and nothing else', () => {
    const results = locateAllInJson(text, [['n'], ['tabs', '1', 'tab'], ['tabs', '0', 'pages', '0'], ['name'], ['tabs', '1', 'pages'], []]);
    expect(Object.keys(results)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(results).toEqual([
      { key: [at('"n"'), at('"n"') + 3], value: [at('12'), at('12') + 2], exact: true },
      { key: [at('"tab": "B"'), at('"tab": "B"') + 5], value: [at('"B"'), at('"B"') + 3], exact: true },
      { value: [at('[]'), at('[]') + 2], exact: false },
      { key: [at('"name"'), at('"name"') + 6], value: [at('"Acme"'), at('"Acme"') + 6], exact: true },
      { key: [at('"pages": ["x"]'), at('"pages": ["x"]') + 7], value: [at('["x"]'), at('["x"]') + 5], exact: true },
      { key: undefined, value: [0, text.length - 1], exact: true },
    ]);
  });

  it('a pointer through a scalar or an empty container: that value, not exact', () => {
    expect(locateAllInJson('{"a": 123, "b": [], "c": {}}', [['a'], ['a', 'x'], ['b', '0'], ['c', 'd']])).toEqual([
      { key: [1, 4], value: [6, 9], exact: true },
      { value: [6, 9], exact: false },
      { value: [16, 18], exact: false },
      { value: [25, 27], exact: false },
    ]);
  });

  it('agrees with locateInJson on the last of two equal keys', () => {
    const dup = '{"a": {"x": 1}, "a": {"x": 2}}';
    expect(locateAllInJson(dup, [['a', 'x']])).toEqual([locateInJson(dup, ['a', 'x'], true)]);
  });
});
