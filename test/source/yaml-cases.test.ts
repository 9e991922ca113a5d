/**
 * YAML sources (src/source/yaml.ts), case by case: the exact words of each kind of finding, which
 * of them stop the read, how far aliases may expand, and where locate points.
 */
import { describe, expect, it } from 'vitest';
import { locateInvalidCharacter } from '../../src/source/characters.js';
import { parseSource } from '../../src/source/index.js';
import { parseYamlSource } from '../../src/source/yaml.js';

const TOO_DEEP = 'This YAML is nested too deeply (thousands of levels) for the YAML parser; nothing in the file was checked.';

describe('YAML findings', () => {
  it('says the file is YAML', () => {
    const source = parseYamlSource('docs.yml', 'name: A\n');
    expect(source.format).toBe('yaml');
    expect(source.file).toBe('docs.yml');
    expect(source.text).toBe('name: A\n');
  });

  it.each([
    // The first line of the parser's words; a trailing colon or full stop gives way to the finding's own.
    [
      '- a\nb: 1\n',
      [
        { message: 'YAML syntax error: Unexpected scalar at node end.', span: [4, 5] },
        { message: 'YAML syntax error: Unexpected map-value-ind token in YAML stream: ":".', span: [5, 6] },
        { message: 'YAML syntax error: Unexpected scalar token in YAML stream: "1".', span: [7, 8] },
      ],
    ],
    ['a: !<!> 1\n', [{ message: "YAML syntax error: Verbatim tags aren't resolved, so !<!> is invalid.", span: [3, 7] }]],
  ])('a syntax error in %j: its words, its span, and no value', (text, expected) => {
    const source = parseYamlSource('docs.yaml', text);
    expect(source.findings).toEqual(expected.map((e) => ({ code: 'parse-error', pointer: '', ...e })));
    expect(source.value).toBeUndefined();
  });

  it('a syntax error and a duplicate key: both reported, no value', () => {
    const source = parseYamlSource('docs.yaml', 'a: 1\na: 2\nb: "x\n');
    expect(source.findings.map((f) => f.code)).toEqual(['duplicate-key', 'parse-error']);
    expect(source.value).toBeUndefined();
  });

  it('a duplicate key alone does not stop the read; the last one wins', () => {
    const source = parseYamlSource('docs.yaml', 'a: 1\nb:\n  c: 1\n  c: 2\n');
    expect(source.findings).toEqual([{ code: 'duplicate-key', message: 'YAML duplicate key: Map keys must be unique.', pointer: '', span: [17, 18] }]);
    expect(source.value).toEqual({ a: 1, b: { c: 2 } });
    expect(source.locate('/b/c')).toEqual({ line: 4, column: 6, endLine: 4, endColumn: 7 });
  });

  it('nesting too deep for the parser: one kind of finding, where the parser gave up, and no value', () => {
    const source = parseYamlSource('docs.yaml', '- '.repeat(10_000) + 'x\n');
    expect(source.value).toBeUndefined();
    expect(source.findings.length).toBeGreaterThan(0);
    for (const finding of source.findings) {
      expect(finding).toMatchObject({ code: 'too-deep', message: TOO_DEEP, pointer: '' });
      // Deep in the text, not at its start (where a failure to build the value is reported).
      expect(finding.span![0]).toBeGreaterThan(1000);
      expect(finding.span![1]).toBe(finding.span![0] + 1);
    }
  });

  it('an alias with no anchor: the error of building the value, at the start', () => {
    const source = parseYamlSource('docs.yaml', 'navigation:\n  pages: *pages\n');
    expect(source.findings).toEqual([
      { code: 'parse-error', message: 'YAML error: Unresolved alias (the anchor must be set before the alias): pages.', pointer: '', span: [0, 1] },
    ]);
    expect(source.value).toBeUndefined();
  });

  it('reads a few hundred aliases of a small anchor (more than the yaml package allows by default)', () => {
    const text = 'icon: &icon book\ngroups:\n' + '  - *icon\n'.repeat(300);
    const source = parseYamlSource('docs.yaml', text);
    expect(source.findings).toEqual([]);
    expect((source.value as { groups: string[] }).groups).toEqual(Array.from({ length: 300 }, () => 'book'));
  });
});

describe('YAML locate', () => {
  const text = 'navigation:\n  tabs:\n    - tab: Guides\n      pages: [a, b]\n';

  it('a value when nothing is said, or when asked; a key when asked', () => {
    const source = parseYamlSource('docs.yaml', text);
    expect(source.locate('/navigation/tabs/0/tab')).toEqual({ line: 3, column: 12, endLine: 3, endColumn: 18 });
    expect(source.locate('/navigation/tabs/0/tab', 'value')).toEqual({ line: 3, column: 12, endLine: 3, endColumn: 18 });
    expect(source.locate('/navigation/tabs/0/tab', 'key')).toEqual({ line: 3, column: 7, endLine: 3, endColumn: 10 });
    expect(source.locateAll([{ pointer: '/navigation/tabs/0/pages/1' }, { pointer: '/navigation/tabs/0/pages', at: 'key' }])).toEqual([
      { line: 4, column: 18, endLine: 4, endColumn: 19 },
      { line: 4, column: 7, endLine: 4, endColumn: 12 },
    ]);
  });

  it('the nearest existing value for a pointer past the text', () => {
    const source = parseYamlSource('docs.yaml', text);
    expect(source.locate('/navigation/tabs/3/tab')).toEqual(source.locate('/navigation/tabs'));
    expect(source.locate('/navigation/tabs/0/pages/1/x/y', 'key')).toEqual({ line: 4, column: 18, endLine: 4, endColumn: 19 });
  });
});

describe('invalid characters in a YAML file (src/source/characters.ts)', () => {
  const nul = (at: 'key' | 'value') =>
    `This ${at} holds a NUL character (U+0000), which no documentation site can store or show: remove the escape (or the pasted bytes) that made it.`;

  it('finds them in keys and values, past nulls, numbers and lists', () => {
    const text = 'logo: ~\nsize: 3\npages: [a, "b\\0"]\n"c\\x00": true\nlist:\n  - - "\\U00000000"\n';
    const source = parseSource('docs.yaml', text);
    expect(source.findings).toEqual([
      // An object's keys as it is entered, then its values in order.
      { code: 'invalid-character', message: nul('key'), pointer: '/c\u0000', at: 'key' },
      { code: 'invalid-character', message: nul('value'), pointer: '/pages/1', at: 'value' },
      { code: 'invalid-character', message: nul('value'), pointer: '/list/0/0', at: 'value' },
    ]);
  });

  it.each([
    // The character itself, even at the very start, before any escape.
    ['\u0000: x\nb: "\\0"\n', '\u0000', { line: 1, column: 1, endLine: 1, endColumn: 2 }],
    // Else the first escape that makes one: a surrogate's needs all four hex digits.
    ['a: "\\ud8ag"\nb: "\\ud800"\n', '\ud800', { line: 2, column: 5, endLine: 2, endColumn: 6 }],
    ['a: 1\r\nb: "\\x00"\n', '\u0000', { line: 2, column: 5, endLine: 2, endColumn: 6 }],
    // Else the start of the text.
    ['a: 1\n', '\u0000', { line: 1, column: 1, endLine: 1, endColumn: 2 }],
  ])('locates the one in %j', (text, character, range) => {
    expect(locateInvalidCharacter(text, character)).toEqual(range);
  });
});
