/**
 * docs.json edits from a located span (src/fix/json-edits.ts), on the spans and texts the first
 * tests did not cover: a span that is not exactly one string (it starts inside a key, it ends
 * inside one), a key located for a pointer that goes further (a fallback to the parent), a key
 * where a value was asked for, a string JSON.parse refuses, a byte-order mark, CRLF with tabs and
 * multi-byte text; and `removal` on what is no member (a value after its colon, a member with no
 * comma after it).
 */
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/fix/apply.js';
import { jsonEdit, previousNonSpace, removal } from '../../src/fix/json-edits.js';
import type { FixIntent } from '../../src/fix/types.js';

/** The offsets of `literal` in `text` (its last occurrence). */
function spanOf(text: string, literal: string): [number, number] {
  const at = text.lastIndexOf(literal);
  return [at, at + literal.length];
}

function edited(text: string, intent: FixIntent, span: [number, number]): string | undefined {
  const edit = jsonEdit(text, intent, span);
  return edit && applyEdits(text, [edit]);
}

describe('edits made', () => {
  const cases: Array<[name: string, text: string, intent: FixIntent, literal: string, after: string]> = [
    ['the first member removed, a byte-order mark before the document', '\uFEFF{"a": "x", "b": 1}', { kind: 'remove', pointer: '/a' }, '"a"', '\uFEFF{"b": 1}'],
    ['the only member removed, a byte-order mark before the document', '\uFEFF{"a": 1}', { kind: 'remove', pointer: '/a' }, '"a"', '\uFEFF{}'],
    [
      'an entry removed in CRLF with tabs and multi-byte text',
      '{"p": [\r\n\t"é.mdx",\r\n\t"日本"\r\n]}',
      { kind: 'remove', pointer: '/p/1', current: '日本' },
      '"日本"',
      '{"p": [\r\n\t"é.mdx"\r\n]}',
    ],
    ['a key with an escaped quote renamed', '{"a\\"b": 1, "c": 2}', { kind: 'rename-key', pointer: '/a"b', key: 'ab' }, '"a\\"b"', '{"ab": 1, "c": 2}'],
    [
      'a value with multi-byte text replaced',
      '{\r\n\t"page": "ページ"\r\n}',
      { kind: 'replace-value', pointer: '/page', value: 'guides/日本', current: 'ページ' },
      '"ページ"',
      '{\r\n\t"page": "guides/日本"\r\n}',
    ],
  ];
  it.each(cases)('%s', (_name, text, intent, literal, after) => {
    expect(edited(text, intent, spanOf(text, literal))).toBe(after);
  });
});

describe('no edit where the span is not what the intent expects', () => {
  const cases: Array<[name: string, text: string, intent: FixIntent, span: [number, number]]> = [
    // `ab"` ends where a key ends, a colon after it, and spells `b` between its ends: still no string.
    ['a span that starts inside a key', '{"k": 1, "ab": 2}', { kind: 'rename-key', pointer: '/b', key: 'x' }, [10, 13]],
    // `"ab` is followed by the key's own colon and spells `a` between its ends: still not the key.
    ['a span that ends inside a key', '{"ab:c": 1}', { kind: 'rename-key', pointer: '/a', key: 'x' }, [1, 4]],
    ['a key located for a pointer below it (the member is not there)', '{"a": {"x": 1}}', { kind: 'rename-key', pointer: '/a/b', key: 'z' }, [1, 4]],
    ['a key where its value was asked for', '{"k": "v"}', { kind: 'replace-value', pointer: '/k', value: 'w', current: 'k' }, [1, 4]],
    ['a string JSON.parse refuses (a raw tab in it)', '{"k": "a\tb"}', { kind: 'replace-value', pointer: '/k', value: 'w', current: 'a\tb' }, [6, 11]],
    ['an entry that is a number', '{"p": [1, "x"]}', { kind: 'remove', pointer: '/p/0', current: '1' }, [7, 8]],
    ['an entry that is another string', '{"p": [1, "x"]}', { kind: 'remove', pointer: '/p/1', current: 'y' }, [10, 13]],
    ['an entry removed without the string it was computed for', '{"p": [1, "x"]}', { kind: 'remove', pointer: '/p/1' }, [10, 13]],
    ['an entry JSON.parse refuses, without the string it was computed for', '{"p": ["a\tb"]}', { kind: 'remove', pointer: '/p/0' }, [7, 12]],
  ];
  it.each(cases)('%s', (_name, text, intent, span) => {
    expect(jsonEdit(text, intent, span)).toBeUndefined();
  });
});

describe('removal: a member with its comma', () => {
  it('a value after its colon is no member', () => {
    const text = '{"a": 1, "b": 2}';
    expect(removal(text, 6, 7)).toBeUndefined();
  });

  it('a member with neither a comma nor a bracket after it (text that does not parse)', () => {
    const text = '{"a": 1 "b": 2}';
    expect(removal(text, 1, 7)).toBeUndefined();
  });

  it.each([
    ['the first of two, spaces and a line break after its comma', '{"a": 1,\n  "b": 2}', [1, 7], '{"b": 2}'],
    ['the last of two, the comma before it', '{"a": 1 ,\t"b": 2 }', [10, 16], '{"a": 1 }'],
    ['the only entry', '[ "x" ]', [2, 5], '[]'],
  ] as Array<[string, string, [number, number], string]>)('%s', (_name, text, [start, end], after) => {
    expect(applyEdits(text, [removal(text, start, end)!])).toBe(after);
  });

  it('previousNonSpace: -1 when only whitespace is before', () => {
    expect(previousNonSpace(' \r\n\t{', 4)).toBe(-1);
    expect(previousNonSpace('a \r\n\t{', 5)).toBe(0);
  });
});
