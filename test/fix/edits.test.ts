import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/fix/apply.js';
import { jsonEdit } from '../../src/fix/json-edits.js';
import type { FixIntent } from '../../src/fix/types.js';
import type { TextEdit } from '../../src/text-edit.js';
import { yamlEdits } from '../../src/fix/yaml-edits.js';
import { fixText as fixTextOf, type FixOptions } from '../../src/index.js';
import { parseSource } from '../../src/source/index.js';
import { LineIndex } from '../../src/source/lines.js';

// Navigation-only documents, checked under the spec profile, explicitly (the default platform profile would add the build's missing name, theme and colors).
const fixText = (text: string, options: FixOptions = {}) => fixTextOf(text, { profile: 'spec', ...options });

const remove = (pointer: string, current?: string): FixIntent => ({ kind: 'remove', pointer, current });
const apply = (text: string, edits: Array<TextEdit | undefined>) => {
  expect(edits.every((e) => e !== undefined)).toBe(true);
  return applyEdits(text, edits as TextEdit[]);
};

/** As the validator does it: locate the pointer (the key for a field, the value for an entry), then edit there. */
function jsonEdits(text: string, intents: FixIntent[], at: 'key' | 'value' = 'key'): Array<TextEdit | undefined> {
  const source = parseSource('docs.json', text);
  const lines = new LineIndex(text);
  return intents.map((intent) => {
    const range = source.locate(intent.pointer, intent.kind === 'replace-value' ? 'value' : at);
    return jsonEdit(text, intent, [lines.offset(range.line, range.column), lines.offset(range.endLine, range.endColumn)]);
  });
}

describe('JSON edits', () => {
  it.each([
    ['the only member leaves an empty object', '{"a": {"x": 1}}', '/a/x', '{"a": {}}'],
    ['the only entry leaves an empty array', '{"a": [ "p" ]}', '/a/0', '{"a": []}'],
    ['the first of several takes the comma after it', '{"a": ["p",\n  "q"]}', '/a/0', '{"a": ["q"]}'],
    ['a middle one takes the comma before it', '{"a": ["o" , "p" , "q"]}', '/a/1', '{"a": ["o" , "q"]}'],
    ['the last one takes the comma before it', '{"a": ["o",\r\n\t"p"\r\n]}', '/a/1', '{"a": ["o"\r\n]}'],
    ['a member whose value is an object', '{"a": {"b": {"c": [1]}},\r\n "d": 2}', '/a', '{"d": 2}'],
  ])('remove: %s', (_, text, pointer, after) => {
    const entry = /\/\d+$/.test(pointer);
    const current = entry ? (JSON.parse(text).a[Number(pointer.split('/').pop())] as string) : undefined;
    expect(apply(text, jsonEdits(text, [remove(pointer, current)], entry ? 'value' : 'key'))).toBe(after);
  });

  it('an array entry is removed only as the string it was computed for', () => {
    const text = '{"a": [["p"], "q"]}';
    // `/a/0/5` is not there; it is located at `/a/0`, which is not the string the fix is for.
    expect(jsonEdits(text, [remove('/a/0/5', 'p'), remove('/a/0')], 'value')).toEqual([undefined, undefined]);
  });

  it('a byte-order mark stays, offsets are the text’s own', () => {
    const text = '\uFEFF{"a": "x.mdx", "b": 1}';
    expect(apply(text, jsonEdits(text, [{ kind: 'replace-value', pointer: '/a', value: 'x', current: 'x.mdx' }, remove('/b')]))).toBe('\uFEFF{"a": "x"}');
  });

  it('a duplicated key: the last one, as JSON.parse reads it', () => {
    const text = '{"a": 1, "k": "v.md", "k": "w.md"}';
    expect(apply(text, jsonEdits(text, [{ kind: 'replace-value', pointer: '/k', value: 'w', current: 'w.md' }]))).toBe('{"a": 1, "k": "v.md", "k": "w"}');
  });

  it('escaped keys and values are matched and written as JSON', () => {
    const text = '{"a\\u0062": "\\u00e9.mdx"}';
    expect(apply(text, jsonEdits(text, [{ kind: 'replace-value', pointer: '/ab', value: 'é "quoted"', current: 'é.mdx' }]))).toBe(
      '{"a\\u0062": "é \\"quoted\\""}',
    );
  });

  it('no edit where the text at the location is not what the fix expects', () => {
    const text = '{"a": [1, "x"]}';
    expect(
      jsonEdits(text, [
        remove('/b'), // not there: located at its parent
        { kind: 'replace-value', pointer: '/a/0', value: 'x', current: '1' }, // not a string
        { kind: 'rename-key', pointer: '/a/0', key: 'x' }, // not a key
        { kind: 'replace-value', pointer: '/a/1', value: 'y', current: 'z' }, // another string
      ]),
    ).toEqual([undefined, undefined, undefined, undefined]);
    expect(jsonEdits(text, [remove('/a/1', 'z')], 'value')).toEqual([undefined]);
    expect(apply(text, jsonEdits(text, [remove('/a/1', 'x')], 'value'))).toBe('{"a": [1]}');
  });
});

describe('YAML edits', () => {
  it('CRLF: a removed line takes its own line break', () => {
    const text = 'pages:\r\n  - a\r\n  - b # dup\r\n  - c\r\n';
    expect(apply(text, yamlEdits(text, [remove('/pages/1')]))).toBe('pages:\r\n  - a\r\n  - c\r\n');
  });

  it('a flow mapping takes its comma', () => {
    const text = 'groups: [{group: A, expanded: true, pages: [a]}]\n';
    expect(apply(text, yamlEdits(text, [remove('/groups/0/expanded')]))).toBe('groups: [{group: A, pages: [a]}]\n');
  });

  it('a plain value that would not read back as the same string is quoted', () => {
    const text = 'a: x.mdx\nb: y.mdx\nc: z.md\n';
    const edits = yamlEdits(text, [
      { kind: 'replace-value', pointer: '/a', value: 'true', current: 'x.mdx' },
      { kind: 'replace-value', pointer: '/b', value: '12', current: 'y.mdx' },
      { kind: 'replace-value', pointer: '/c', value: 'x: y', current: 'z.md' },
    ]);
    expect(apply(text, edits)).toBe('a: "true"\nb: "12"\nc: "x: y"\n');
  });

  it('a single-quoted value keeps single quotes, doubling a quote inside', () => {
    const text = "a: 'x.mdx'\n";
    expect(apply(text, yamlEdits(text, [{ kind: 'replace-value', pointer: '/a', value: "it's", current: 'x.mdx' }]))).toBe("a: 'it''s'\n");
  });

  it('no edit for a lone member (it would leave null), a text that does not parse, or a missing pointer', () => {
    expect(yamlEdits('g:\n  - expanded: true\n', [remove('/g/0/expanded')])).toEqual([undefined]);
    expect(yamlEdits('a: [\n', [remove('/a/0')])).toEqual([undefined]);
    expect(yamlEdits('a: 1\n', [remove('/b'), remove('')])).toEqual([undefined, undefined]);
  });
});

describe('a fix that would cause a new error', () => {
  // `pagess` -> `pages` beside `groups`: the unknown field would become a mixed element.
  const text = '{"navigation":{"tabs":[{"tab":"A","groups":[{"group":"G","pages":["a.mdx"]}],"pagess":["missing"]}]}}';

  it('is left out, and the fixes elsewhere in the same pass are applied', () => {
    const result = fixText(text);
    expect(result.before.map((p) => p.code)).toEqual(['page-path', 'unknown-field']);
    expect(result.before.every((p) => p.fix)).toBe(true);
    expect(result.applied.map((a) => a.code)).toEqual(['page-path']);
    expect(result.files[0].after).toBe(text.replace('"a.mdx"', '"a"'));
    expect(result.remaining.map((p) => p.code)).toEqual(['unknown-field']);
    expect(result.introduced).toEqual([]);
  });

  it('is left out when it is the only one (nothing is written)', () => {
    const alone = text.replace('"a.mdx"', '"a"');
    const result = fixText(alone);
    expect(result.applied).toEqual([]);
    expect(result.files).toEqual([]);
    expect(result.passes).toBe(0);
  });
});
