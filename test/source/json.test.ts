import { describe, expect, it } from 'vitest';
import { countKeysByStrings, countKeysInText, countKeysInValue, parseJsonSource } from '../../src/source/json.js';

describe('JSON source', () => {
  const text = '{\n  "navigation": {\n    "tabs": [\n      { "tab": "A", "expand": true }\n    ]\n  }\n}\n';

  it('parses and locates values and keys', () => {
    const source = parseJsonSource('docs.json', text);
    expect(source.findings).toEqual([]);
    expect(source.locate('/navigation/tabs/0/tab')).toEqual({ line: 4, column: 16, endLine: 4, endColumn: 19 });
    expect(source.locate('/navigation/tabs/0/expand', 'key')).toEqual({ line: 4, column: 21, endLine: 4, endColumn: 29 });
    expect(source.locate('/navigation/tabs/0')).toMatchObject({ line: 4, column: 7, endLine: 4 });
  });

  it('falls back to the nearest existing ancestor for a missing pointer', () => {
    const source = parseJsonSource('docs.json', text);
    expect(source.locate('/navigation/tabs/0/missing')).toMatchObject({ line: 4, column: 7 });
    expect(source.locate('/navigation/tabs/9')).toMatchObject({ line: 3, column: 13 });
  });

  it('reports syntax errors with a location and no value', () => {
    const source = parseJsonSource('docs.json', '{\n  "navigation": {\n    "pages": ["a",]\n  }\n}');
    expect(source.value).toBeUndefined();
    expect(source.findings[0]).toMatchObject({ code: 'parse-error', pointer: '' });
    const [start, end] = source.findings[0].span!;
    expect(source.rangeOf(start, end)).toMatchObject({ line: 3, column: 19 });
  });

  it('reports an empty file and a truncated file', () => {
    expect(parseJsonSource('docs.json', '').findings[0].code).toBe('parse-error');
    expect(parseJsonSource('docs.json', '{"navigation": {"tabs": [').findings[0].code).toBe('parse-error');
  });

  it('reports duplicate keys at the second key, with the first line in the message', () => {
    const source = parseJsonSource('docs.json', '{\n  "a": 1,\n  "b": {"x": 1, "x": 2},\n  "a": 3\n}');
    expect(source.findings.map((f) => [f.code, f.pointer])).toEqual([
      ['duplicate-key', '/b/x'],
      ['duplicate-key', '/a'],
    ]);
    expect(source.findings[1].message).toMatch(/first on line 2/);
    expect(source.rangeOf(...source.findings[1].span!)).toMatchObject({ line: 4, column: 3, endColumn: 6 });
  });

  it('counts keys in text and value alike, whatever the strings hold', () => {
    const tricky = '{"a\\"": "x\\": y", "b": ["\\\\", ":", "\\"k\\": 1"], "c": {"d": "}"}}';
    expect(countKeysInText(tricky)).toBe(4);
    expect(countKeysInValue(JSON.parse(tricky))).toBe(4);
  });

  it.each([
    ['plain keys', '{"a": 1, "b": {"c": [1, "x"]}}', 3],
    ['a string starting with a colon', '{"a": ":root", "b": [":x"]}', 2],
    ['a key with a space before its colon', '{"a" : 1, "b": 2}', 2],
    ['an escaped quote before a colon in a string', '{"a": "say \\": hi"}', 1],
    ['a key ending in an escaped backslash', '{"a\\\\": 1, "b": 2}', 2],
    ['an empty key', '{"": 1, "b": {"": 2}}', 3],
    ['a duplicate key', '{"a": 1, "a": 2}', 2],
    ['a string holding `":`', '{"a": "x\\":y", "b": "\\":"}', 2],
  ])('counts keys exactly, the short way or the long, with %s', (_, text, keys) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(countKeysInText(text)).toBe(keys);
    expect(countKeysByStrings(text)).toBe(keys);
  });

  it('counts lines as the parsers do: \\r\\n, \\n and a lone \\r', () => {
    for (const eol of ['\r\n', '\n', '\r']) {
      const source = parseJsonSource('docs.json', ['{', '  "navigation": {', '    "pages": [1]', '  }', '}'].join(eol));
      expect(source.locate('/navigation/pages/0')).toMatchObject({ line: 3, column: 15 });
    }
  });

  it('accepts a byte-order mark and keeps columns', () => {
    const source = parseJsonSource('docs.json', '\uFEFF{"navigation": {"pages": [1]}}');
    expect(source.findings).toEqual([]);
    expect(source.locate('/navigation/pages/0')).toMatchObject({ line: 1, column: 28 });
  });
});
