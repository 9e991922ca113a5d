/**
 * invalid-character (src/source/characters.ts): a NUL or an unpaired surrogate in a key or a string
 * of a parsed docs.json or docs.yaml, from every escape that makes one and from the bytes
 * themselves, with its pointer (a key's escaped as JSON pointers are), its words, at most 20 a
 * file; a surrogate pair, a lone backslash or a file with nothing risky finds nothing; and where
 * in the text the character was written (the character, else the escape, else the start).
 */
import { describe, expect, it } from 'vitest';
import {
  describeInvalidCharacter,
  findInvalidCharacter,
  invalidCharacterFindings,
  invalidCharactersIn,
  locateInvalidCharacter,
} from '../../src/source/characters.js';
import { parseSource } from '../../src/source/index.js';
import { textSource } from '../../src/source/text.js';

const found = (file: string, text: string) =>
  parseSource(file, text)
    .findings.filter((f) => f.code === 'invalid-character')
    .map(({ pointer, at }) => ({ pointer, at }));

describe('invalid characters in a parsed file', () => {
  it.each([
    ['a JSON \\u0000 in a value', 'docs.json', '{"name": "a\\u0000b"}', [{ pointer: '/name', at: 'value' }]],
    ['a lone high surrogate', 'docs.json', '{"name": "\\ud800"}', [{ pointer: '/name', at: 'value' }]],
    ['a lone low surrogate, upper-case escape', 'docs.json', '{"name": "\\uDC00x"}', [{ pointer: '/name', at: 'value' }]],
    ['a high surrogate then another high one', 'docs.json', '{"name": "\\ud83d\\ud83d\\ude00"}', [{ pointer: '/name', at: 'value' }]],
    ['in a key, whose pointer escapes ~ and /', 'docs.json', '{"a~/b\\u0000": 1}', [{ pointer: '/a~0~1b\u0000', at: 'key' }]],
    [
      'in an array, in order',
      'docs.json',
      '{"p": ["ok", "x\\u0000", {"k": "\\udfff"}]}',
      [
        { pointer: '/p/1', at: 'value' },
        { pointer: '/p/2/k', at: 'value' },
      ],
    ],
    ['a YAML \\0', 'docs.yaml', 'name: "a\\0b"\n', [{ pointer: '/name', at: 'value' }]],
    ['a YAML \\x00', 'docs.yaml', 'name: "a\\x00b"\n', [{ pointer: '/name', at: 'value' }]],
    ['a YAML \\U00000000', 'docs.yaml', 'name: "\\U00000000"\n', [{ pointer: '/name', at: 'value' }]],
    ['a raw unpaired surrogate', 'docs.json', '{"name": "a\ud800b"}', [{ pointer: '/name', at: 'value' }]],
  ])('%s', (_name, file, text, expected) => {
    expect(found(file, text)).toEqual(expected);
  });

  it.each([
    ['a surrogate pair (an emoji)', '{"name": "\\ud83d\\ude00"}'],
    ['a backslash and a zero that are no escape', '{"name": "C:\\\\0 and \\\\x00"}'],
    ['nothing risky', '{"name": "plain"}'],
    ['a number zero', '{"n": 0}'],
  ])('nothing in %s', (_name, text) => {
    expect(found('docs.json', text)).toEqual([]);
  });

  it('says which character in words, and at most 20 of them a file', () => {
    const text = JSON.stringify({ pages: Array.from({ length: 25 }, () => 'x\u0000') });
    const findings = invalidCharacterFindings(text, JSON.parse(text));
    expect(findings).toHaveLength(20);
    expect(findings[0]).toEqual({
      code: 'invalid-character',
      pointer: '/pages/0',
      at: 'value',
      message:
        'This value holds a NUL character (U+0000), which no documentation site can store or show: remove the escape (or the pasted bytes) that made it.',
    });
    expect(invalidCharacterFindings('{}', undefined)).toEqual([]);
    expect(describeInvalidCharacter('\udbff')).toBe('an unpaired surrogate (U+DBFF)');
    expect(describeInvalidCharacter('\udc0a')).toBe('an unpaired surrogate (U+DC0A)');
  });

  it('walks a document as deep as it goes, stopping where the consumer stops', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const first = invalidCharactersIn(deep).next();
    expect(first.value?.pointer.split('/')).toHaveLength(10_001);
    expect([...invalidCharactersIn({ a: null, b: 1, c: true })]).toEqual([]);
    expect(findInvalidCharacter('ab\u0000')).toEqual({ index: 2, character: '\u0000' });
    expect(findInvalidCharacter('ok')).toBeUndefined();
  });
});

describe('where the character was written', () => {
  it('the character itself, else the first escape that makes one, else the start', () => {
    expect(locateInvalidCharacter('{\n  "a": "x\u0000"\n}', '\u0000')).toEqual({ line: 2, column: 10, endLine: 2, endColumn: 11 });
    expect(locateInvalidCharacter('{\n  "a": "x\\u0000"\n}', '\u0000')).toEqual({ line: 2, column: 10, endLine: 2, endColumn: 11 });
    expect(locateInvalidCharacter('{"a":\r\n "\\uD83Dx"}', '\ud83d')).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 4 });
    expect(locateInvalidCharacter('a: "\\x00"\n', '\u0000')).toEqual({ line: 1, column: 5, endLine: 1, endColumn: 6 });
    expect(locateInvalidCharacter('a: "\\0"\n', '\u0000')).toEqual({ line: 1, column: 5, endLine: 1, endColumn: 6 });
    expect(locateInvalidCharacter('a: "\\U00000000"\n', '\u0000')).toEqual({ line: 1, column: 5, endLine: 1, endColumn: 6 });
    // An escape of a valid character (\\u0041) is not the place; nothing is: the start.
    expect(locateInvalidCharacter('{"a": "\\u0041"}', '\u0000')).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 2 });
  });
});

describe('a text that is no docs file (a page)', () => {
  it('has no value and no findings; its offsets are lines and columns; any pointer is its start', () => {
    const source = textSource('p.mdx', '---\ntitle: x\n---\nbody');
    expect(source).toMatchObject({ file: 'p.mdx', format: 'yaml', value: undefined, findings: [] });
    expect(source.rangeOf(4, 9)).toEqual({ line: 2, column: 1, endLine: 2, endColumn: 6 });
    expect(source.locate('/title', 'value')).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 2 });
    expect(
      source.locateAll([
        { pointer: '/a', at: 'key' },
        { pointer: '/b', at: 'value' },
      ]),
    ).toEqual([
      { line: 1, column: 1, endLine: 1, endColumn: 2 },
      { line: 1, column: 1, endLine: 1, endColumn: 2 },
    ]);
  });
});
