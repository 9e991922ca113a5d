/**
 * docs.yaml edits as `validate --fix` makes them (src/fix/yaml-edits.ts), on the shapes real files
 * have that the first tests did not: a `-` on its own line above its item (the item is left alone:
 * dropping its line would leave the dash, a null item), a lone CR inside a comment (no line break
 * to the YAML parser), a blank line after the member, several spaces or a tab after a dash, a pair
 * with no value (`? key`, `{a, b: 1}`), an index of two digits, multi-byte text, tabs in a flow
 * list, text with an error elsewhere, and the values a plain scalar must not be written as.
 */
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { applyEdits } from '../../src/fix/apply.js';
import type { FixIntent } from '../../src/fix/types.js';
import { lineStart, yamlEdits } from '../../src/fix/yaml-edits.js';
import { fixText, validateText } from '../../src/index.js';

const remove = (pointer: string): FixIntent => ({ kind: 'remove', pointer });

/** The text after the one intent's edit; undefined when it gets none. */
function edited(text: string, intent: FixIntent): string | undefined {
  const [edit] = yamlEdits(text, [intent]);
  return edit && applyEdits(text, [edit]);
}

const eleven = 'p: [a, b, c, d, e, f, g, h, i, j, k, l]\n';

describe('a member removed with its line(s)', () => {
  const cases: Array<[name: string, text: string, pointer: string, after: string]> = [
    ['the blank line after it stays', 'a: 1\nb: 2\n\nc: 3\n', '/b', 'a: 1\n\nc: 3\n'],
    ['the blank line after it stays, in CRLF', 'a: 1\r\nb: 2\r\n\r\nc: 3\r\n', '/b', 'a: 1\r\n\r\nc: 3\r\n'],
    ['its comment with a lone CR in it goes whole (a lone CR ends no line)', 'a: 1\nb: 2 # x\ry\nc: 3\n', '/b', 'a: 1\nc: 3\n'],
    ['a lone CR in the comment of the line before', 'a: 1 # x\ry\nb: 2\nc: 3\n', '/b', 'a: 1 # x\ry\nc: 3\n'],
    ['multi-byte text and a comment', 'a: é\nb: 日本 # 註\nc: 3\n', '/b', 'a: é\nc: 3\n'],
    ['an item after a dash and several spaces', 'p:\n  -   one\n  -   two\n', '/p/0', 'p:\n  -   two\n'],
    ['an item after a dash and a tab', 'p:\n  -\tone\n  -\ttwo\n', '/p/0', 'p:\n  -\ttwo\n'],
    ['the first key after a dash and several spaces', 'g:\n  -   expanded: true\n      group: A\n', '/g/0/expanded', 'g:\n  -   group: A\n'],
    ['a key of a map whose dash is on its own line', 'p:\n  -\n    a: 1\n    b: 2\n  - two\n', '/p/0/a', 'p:\n  -\n    b: 2\n  - two\n'],
    ['a pair before a pair with no value', 'x: 1\n? a\ny: 2\n', '/x', '? a\ny: 2\n'],
    ['a pair after a pair with no value', 'x: 1\n? a\ny: 2\n', '/y', 'x: 1\n? a\n'],
    ['the first member of a map on the first line', 'a: 1\nb: 2\n', '/a', 'b: 2\n'],
    ['an item of a top-level list', '- a\n- b\n- c\n', '/1', '- a\n- c\n'],
    ['a later item after a dash and several spaces', 'p:\n  -   one\n  -   two\n  -   three\n', '/p/1', 'p:\n  -   one\n  -   three\n'],
    ['a block map value with its lines, in CRLF', 'a:\r\n  x: 1\r\n  y: 2\r\nb: 2\r\n', '/a', 'b: 2\r\n'],
    ['a block list item that is a map, with its lines', 'p:\n  - a: 1\n    b: 2\n  - c\n', '/p/0', 'p:\n  - c\n'],
    ['the last member, no line break after it, a comment', 'a: 1\nb: 2 # note', '/b', 'a: 1\n'],
    ['of two pairs with one key, the last (the one the parser keeps)', 'a: 1\nb: 2\na: 3\nc: 4\n', '/a', 'a: 1\nb: 2\nc: 4\n'],
  ];
  it.each(cases)('%s', (_name, text, pointer, after) => {
    expect(edited(text, remove(pointer))).toBe(after);
  });
});

describe('a member of a flow collection removed with its comma', () => {
  const cases: Array<[name: string, text: string, pointer: string, after: string]> = [
    ['tabs between the items', 'p: [a,\tb,\tc]\n', '/p/1', 'p: [a,\tc]\n'],
    ['after a pair with no value', 'g: {a, b: 1}\n', '/g/b', 'g: {a}\n'],
    ['a pair with no value, the first', '{a, b: 1, c: 2}\n', '/a', '{b: 1, c: 2}\n'],
    ['a pair after one with no value', '{a, b: 1, c: 2}\n', '/b', '{a, c: 2}\n'],
    ['an index of two digits', eleven, '/p/10', 'p: [a, b, c, d, e, f, g, h, i, j, l]\n'],
  ];
  it.each(cases)('%s', (_name, text, pointer, after) => {
    expect(edited(text, remove(pointer))).toBe(after);
  });
});

describe('no edit', () => {
  const cases: Array<[name: string, text: string, intent: FixIntent]> = [
    // The dash would stay behind as a null entry: `pages: [null, two]`.
    ['an item whose dash is alone on the line above it', 'p:\n  -\n    one\n  - two\n', remove('/p/0')],
    ['an item whose dash has a comment after it', 'p:\n  - # note\n    one\n  - two\n', remove('/p/0')],
    ['a map item whose dash is alone on the line above it', 'p:\n  -\n    a: 1\n    b: 2\n  - two\n', remove('/p/0')],
    ['the first key of a map after two dashes', 'p:\n  - - a: 1\n      b: 2\n', remove('/p/0/0/a')],
    ['a pair with no value, after its `?`', 'x: 1\n? a\ny: 2\n', remove('/a')],
    ['an item with nothing after its dash', 'p:\n  - a\n  -\n  - c\n', remove('/p/1')],
    ['text with an error after the member', 'a: 1\nb: 2\nc: "open\n', remove('/a')],
    ['a rename in text with an error after it', 'a: 1\nb: 2\nc: [\n', { kind: 'rename-key', pointer: '/a', key: 'z' }],
    ['a rename of an item, which has no key', 'p:\n  - one\n  - two\n', { kind: 'rename-key', pointer: '/p/0', key: 'z' }],
    ['a value replaced where there is no value (`? key`)', '? page\nnext: 1\n', { kind: 'replace-value', pointer: '/page', value: 'x', current: 'old' }],
    ['a key that is a list: its pointer is no segment', 'a: 1\n? [x]\n: 2\n', remove('/undefined')],
    ['an item sharing its line with its parent’s dash, not the first', 'p:\n  - - a\n    - b\n  - - c\n    - d\n', remove('/p/1/0')],
    ['an index with a leading zero', 'p:\n  - a\n  - b\n  - c\n', remove('/p/01')],
    ['the only member of a map', 'g:\n  a: 1\n', remove('/g/a')],
    ['the only item of a list', 'p:\n  - a\n', remove('/p/0')],
  ];
  it.each(cases)('%s', (_name, text, intent) => {
    expect(yamlEdits(text, [intent])).toEqual([undefined]);
  });
});

describe('keys and values rewritten in place', () => {
  it('a key named `undefined` beside a key that is a list: the scalar key is the one renamed', () => {
    expect(edited('undefined: 1\n? [x]\n: 2\n', { kind: 'rename-key', pointer: '/undefined', key: 'renamed' })).toBe('renamed: 1\n? [x]\n: 2\n');
  });

  it('an index of two digits', () => {
    expect(edited(eleven, { kind: 'replace-value', pointer: '/p/10', value: 'new', current: 'k' })).toBe('p: [a, b, c, d, e, f, g, h, i, j, new, l]\n');
  });

  it('several intents on one text, each its own edit, the layout of a collection shared', () => {
    const text = 'a: 1\nb: 2\nc: 3\nd: 4\n';
    const edits = yamlEdits(text, [remove('/a'), remove('/c'), { kind: 'rename-key', pointer: '/d', key: 'e' }]);
    expect(edits).toEqual([
      { start: 0, end: 5, text: '' },
      { start: 10, end: 15, text: '' },
      { start: 15, end: 16, text: 'e' },
    ]);
  });

  const quoted: Array<[name: string, value: string, written: string]> = [
    // JavaScript's trim takes the no-break space; YAML keeps it, yet a plain scalar that starts with it looks like one indented.
    ['a leading no-break space', '\u00a0lead', '"\u00a0lead"'],
    ['a trailing no-break space', 'trail\u00a0', '"trail\u00a0"'],
    ['a value that is two documents', 'one\n---\ntwo', '"one\\n---\\ntwo"'],
    ['a value of two lines', 'one\ntwo', '"one\\ntwo"'],
  ];
  it.each(quoted)('a plain scalar becomes a quoted one: %s', (_name, value, written) => {
    const after = edited('page: old\n', { kind: 'replace-value', pointer: '/page', value, current: 'old' });
    expect(after).toBe(`page: ${written}\n`);
    expect(YAML.parse(after!)).toEqual({ page: value });
  });

  it('a plain value with multi-byte text stays plain', () => {
    expect(edited('page: old # note\n', { kind: 'replace-value', pointer: '/page', value: 'guides/café-日本', current: 'old' })).toBe(
      'page: guides/café-日本 # note\n',
    );
  });
});

describe('lineStart: the offset where the line holding an offset starts', () => {
  const cases: Array<[text: string, offset: number, start: number]> = [
    ['abc', 2, 0],
    ['abc', 0, 0],
    ['a\nbc', 3, 2],
    ['a\nbc', 2, 2],
    ['a\r\nbc', 4, 3],
    // A lone CR is no line break to the YAML parser.
    ['a\rbc', 3, 0],
  ];
  it.each(cases)('%j at %i starts at %i', (text, offset, start) => {
    expect(lineStart(text, offset)).toBe(start);
  });
});

describe('through validate --fix', () => {
  it('a duplicate page whose dash is on the line above it is left to a person: its problem offers no fix that leaves a null entry', () => {
    const text = 'navigation:\n  pages:\n    - intro\n    -\n      intro\n    - other\n';
    const problems = validateText(text, { file: 'docs.yaml', profile: 'spec' }).problems;
    expect(problems.map((problem) => [problem.code, problem.pointer, problem.fix])).toEqual([['duplicate-page', '/navigation/pages/1', undefined]]);
    expect(fixText(text, { file: 'docs.yaml', profile: 'spec' }).files).toEqual([]);
  });

  it('a duplicate page after its dash is removed with its line', () => {
    const text = 'navigation:\n  pages:\n    - intro # first\n    - other\n    -   intro\n';
    expect(fixText(text, { file: 'docs.yaml', profile: 'spec' }).files.map((file) => file.after)).toEqual([
      'navigation:\n  pages:\n    - intro # first\n    - other\n',
    ]);
  });
});
