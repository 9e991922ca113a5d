import { printParseErrorCode } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { countKeysByStrings, countKeysInValue, parseJsonSource } from '../../src/source/json.js';

/** The findings of a JSON text, as [message, start, end]. */
const syntax = (text: string) => parseJsonSource('docs.json', text).findings.map((f) => [f.message, ...f.span!]);

describe('JSON syntax errors: the tolerant scanner names each mistake once', () => {
  it.each([
    ['a trailing comma in an object', '{"a": 1,}', 'a property name in double quotes is expected here (is there a trailing comma before it?)', 8, 9],
    ['a comment', '{"a": 1 /* c */}', 'comments are not allowed in JSON', 8, 15],
    ['a line comment', '{"a": 1 // c\n}', 'comments are not allowed in JSON', 8, 12],
    ['an empty file', '', 'a value is expected here', 0, 1],
    ['a file of blank lines', '\n\n  \r\n', 'a value is expected here', 6, 7],
    ['a missing colon', '{"a" 1}', 'a colon is expected after the property name', 5, 6],
    ['a misspelt literal', '{"a": tru}', 'unexpected character', 6, 9],
    ['an unknown escape', '{"a": "\\x"}', 'invalid escape character in string', 6, 10],
    ['a raw control character', '{"a": "b\u0001"}', 'invalid character in string (control characters must be escaped)', 6, 10],
    ['a short unicode escape', '["\\u12"]', 'invalid unicode escape', 1, 7],
    ['a number cut short', '[1e, 2]', 'unterminated number', 1, 3],
    ['a second value after the first', '{"a": 1} {}', 'unexpected text after the end of the JSON value', 9, 10],
    ['a stray character after the value', '{"a": 1} x', 'unexpected character', 9, 10],
    ['a missing closing brace', '{"a": [1, 2]', 'a closing `}` is expected here', 12, 13],
  ])('%s', (_, text, message, start, end) => {
    expect(syntax(text)[0]).toEqual([`JSON syntax error: ${message}.`, start, end]);
  });

  it('has words for every error jsonc-parser names', () => {
    // jsonc-parser 3 names its errors 1 to 16 (ParseErrorCode, a const enum); the next number is none of them.
    const named = Array.from({ length: 16 }, (_, i) => printParseErrorCode(i + 1));
    expect(printParseErrorCode(17 as Parameters<typeof printParseErrorCode>[0])).toBe('<unknown ParseErrorCode>');
    // The names src/source/json.ts has words for: a name added or renamed by a later jsonc-parser fails here.
    expect(named.sort()).toEqual(
      [
        'InvalidSymbol',
        'InvalidNumberFormat',
        'PropertyNameExpected',
        'ValueExpected',
        'ColonExpected',
        'CommaExpected',
        'CloseBraceExpected',
        'CloseBracketExpected',
        'EndOfFileExpected',
        'InvalidCommentToken',
        'UnexpectedEndOfComment',
        'UnexpectedEndOfString',
        'UnexpectedEndOfNumber',
        'InvalidUnicode',
        'InvalidEscapeCharacter',
        'InvalidCharacter',
      ].sort(),
    );
    // Each named error reached above, through a file: none falls back to "unexpected input".
    for (const text of ['[tru tru]', '{"a": "b', '[1 /* x', '{a: 1}', '{"a": [1, 2}', '[{"a": 1]]', '[1 2]'])
      for (const [message] of syntax(text)) expect(message).not.toContain('unexpected input');
  });

  it('skips an error that starts where the last one ended: an echo of it', () => {
    // `nul` is an unexpected character over [6, 9); the scanner then wants a value at 9.
    expect(syntax('{"a": nul}')).toEqual([['JSON syntax error: unexpected character.', 6, 9]]);
    // After `tru,` a value is wanted at 4 (an echo of `tru`), and again at the end (5, of no length, then counted as one
    // character), where a closing `]` is wanted too: that second error of no length at one place is the first's echo.
    expect(syntax('[tru,')).toEqual([
      ['JSON syntax error: unexpected character.', 1, 4],
      ['JSON syntax error: a value is expected here.', 5, 6],
    ]);
    // Separate mistakes are each named.
    expect(syntax('[tru tru]')).toEqual([
      ['JSON syntax error: unexpected character.', 1, 4],
      ['JSON syntax error: unexpected character.', 5, 8],
    ]);
  });

  it('names a mistake at the first character', () => {
    expect(syntax('}')).toEqual([['JSON syntax error: a value is expected here.', 0, 1]]);
    expect(syntax(']\n')).toEqual([['JSON syntax error: a value is expected here.', 0, 1]]);
  });

  it('names at most five mistakes a file', () => {
    const found = syntax('[1 2 3 4 5 6 7 8 9]');
    expect(found).toEqual([3, 5, 7, 9, 11].map((at) => ['JSON syntax error: a comma is expected here.', at, at + 1]));
    expect(syntax('[1 2 3 4 5 6]')).toHaveLength(5);
    expect(syntax('[1 2 3 4 5]')).toHaveLength(4);
  });

  it("falls back to JSON.parse's own words, at its position, when nesting is too deep for the scanner", () => {
    // Deep enough to overflow the tolerant scanner under any stack a test runner gives (20,000 did not under Stryker's).
    const depth = 200_000;
    const deep = '['.repeat(depth) + ']'.repeat(depth - 1) + '}';
    const [finding] = parseJsonSource('docs.json', deep).findings;
    expect(finding.code).toBe('parse-error');
    expect(finding.message).toMatch(/^JSON syntax error: .*position 399999\.$/);
    expect(finding.span).toEqual([399_999, 400_000]);
    // Without a position in JSON.parse's words, the finding is at the start.
    const cut = parseJsonSource('docs.json', '['.repeat(depth)).findings;
    expect(cut).toEqual([{ code: 'parse-error', message: 'JSON syntax error: Unexpected end of JSON input.', pointer: '', span: [0, 1] }]);
  });
});

describe('a file that does not parse has no locations', () => {
  it('locates every pointer at the start of the file', () => {
    const source = parseJsonSource('docs.json', '\n\n{"a": {"b": 1},}');
    expect(source.value).toBeUndefined();
    expect(source.format).toBe('json');
    const start = { line: 1, column: 1, endLine: 1, endColumn: 2 };
    expect(source.locate('/a/b')).toEqual(start);
    expect(source.locateAll([{ pointer: '/a/b' }, { pointer: '/a', at: 'key' }])).toEqual([start, start]);
  });
});

describe('locating in a file that parses', () => {
  const text = '{\r\n\t"navigation": {\r\n\t\t"pages": ["intro", "ünïcode"],\r\n\t\t"group": "Start"\r\n\t}\r\n}\r\n';

  it('locates values by default and keys when asked, one by one and all at once', () => {
    const source = parseJsonSource('docs.json', text);
    expect(source.findings).toEqual([]);
    const requests = [{ pointer: '/navigation/group' }, { pointer: '/navigation/group', at: 'key' as const }, { pointer: '/navigation/pages/1' }];
    const one = requests.map((r) => source.locate(r.pointer, r.at));
    expect(one).toEqual([
      { line: 4, column: 12, endLine: 4, endColumn: 19 },
      { line: 4, column: 3, endLine: 4, endColumn: 10 },
      { line: 3, column: 22, endLine: 3, endColumn: 31 },
    ]);
    expect(source.locateAll(requests)).toEqual(one);
  });

  it('names the last of a key written twice, as JSON.parse keeps it', () => {
    const source = parseJsonSource('docs.json', '{\n  "theme": "mint",\n  "name": "A",\n  "theme": "maple"\n}');
    expect(source.value).toEqual({ theme: 'maple', name: 'A' });
    expect(source.locate('/theme')).toEqual({ line: 4, column: 12, endLine: 4, endColumn: 19 });
    expect(source.locate('/theme', 'key')).toEqual({ line: 4, column: 3, endLine: 4, endColumn: 10 });
    expect(source.locateAll([{ pointer: '/theme' }])).toEqual([{ line: 4, column: 12, endLine: 4, endColumn: 19 }]);
  });
});

describe('duplicate keys', () => {
  const findings = (text: string) => parseJsonSource('docs.json', text).findings;

  it('is a finding at the second key, with the first one’s line', () => {
    expect(findings('{\n  "a": 1,\n  "a": 2\n}')).toEqual([
      {
        code: 'duplicate-key',
        message: '`a` is written twice in this object (first on line 2); only this last value is used.',
        pointer: '/a',
        at: 'key',
        span: [14, 17],
      },
    ]);
  });

  it('takes no string value for a key, even one that spells a key', () => {
    expect(findings('{"a": "a", "b": ["a", "b"], "a": 1}').map((f) => [f.pointer, f.span])).toEqual([['/a', [28, 31]]]);
  });

  it('finds keys written twice in objects inside arrays, at their index', () => {
    const text = '{"navigation": {"tabs": [{"tab": "A"}, "x", {"tab": "B", "tab": "C"}], "pages": [[1, 2], {"p": 1, "p": 2}]}}';
    expect(findings(text).map((f) => f.pointer)).toEqual(['/navigation/tabs/2/tab', '/navigation/pages/1/p']);
  });

  it('scopes keys to their object: the same key in two objects is no duplicate', () => {
    const text = '{"a": {"x": 1}, "b": {"x": 1, "y": {"x": 2}}, "c": [{"x": 1}, {"x": 2}], "b": 0}';
    expect(findings(text).map((f) => f.pointer)).toEqual(['/b']);
  });

  it('finds each key written twice after keys with escapes and nested containers', () => {
    const text = '{"a\\"b": {"k": [1, {"z": 1}]}, "c": 1, "a\\"b": 2, "c": 3}';
    expect(findings(text).map((f) => f.pointer)).toEqual(['/a"b', '/c']);
  });
});

describe('counting keys', () => {
  it.each([
    ['a tab', '{"a"\t: 1}'],
    ['a line feed', '{"a"\n: 1}'],
    ['a carriage return', '{"a"\r\n: 1}'],
    ['spaces', '{"a"   : 1}'],
  ])('counts a key with %s before its colon', (_, text) => {
    expect(countKeysByStrings(text)).toBe(1);
  });

  it('counts keys after a string with an even run of backslashes and not after an odd one', () => {
    expect(countKeysByStrings('{"a\\\\": 1, "b": "c\\\\\\"d: e"}')).toBe(2);
    expect(countKeysByStrings('["x\\\\\\\\", "y"]')).toBe(0);
  });

  it('stops at a string that never closes', () => {
    expect(countKeysByStrings('{"a": 1, "b')).toBe(1);
    expect(countKeysByStrings('"unclosed')).toBe(0);
  });

  it('counts no key in a value that is no object', () => {
    for (const value of ['abc', 5, true, null, [], ['ab', 'cd']]) expect(countKeysInValue(value)).toBe(0);
  });

  it('counts the keys of objects in arrays, at any depth', () => {
    expect(countKeysInValue([{ a: 1 }, [{ b: 2, c: [{ d: null }] }], 'e'])).toBe(4);
    expect(countKeysInValue({ a: [{ b: { c: 1 } }], d: 'x' })).toBe(4);
  });
});
