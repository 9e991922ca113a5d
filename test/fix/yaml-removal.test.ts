/**
 * YAML removals as `validate --fix` makes them in docs.yaml (src/fix/yaml-edits.ts), each result
 * written out: a member with its line(s) to itself, in LF and CRLF text, the last line with no line
 * break after it, a sequence item, the first key of a map item (the next key moves up after the
 * dash), a flow collection's member with its comma, the last of two pairs with one key, and every
 * shape left alone (the only member, a member sharing its line, an index that is no index).
 */
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/fix/apply.js';
import type { FixIntent } from '../../src/fix/types.js';
import { yamlEdits } from '../../src/fix/yaml-edits.js';
import type { TextEdit } from '../../src/text-edit.js';

const remove = (pointer: string): FixIntent => ({ kind: 'remove', pointer });
const removed = (text: string, ...pointers: string[]) => {
  const edits = yamlEdits(text, pointers.map(remove));
  return edits.some((edit) => edit === undefined) ? undefined : applyEdits(text, edits as TextEdit[]);
};

describe('removing a YAML member', () => {
  it.each([
    ['a member with its line', 'a: 1\nb: 2\nc: 3\n', '/b', 'a: 1\nc: 3\n'],
    ['a member with its comment', 'a: 1\nb: 2  # note\nc: 3\n', '/b', 'a: 1\nc: 3\n'],
    ['CRLF', 'a: 1\r\nb: 2\r\nc: 3\r\n', '/b', 'a: 1\r\nc: 3\r\n'],
    ['the last line, no line break after it', 'a: 1\nb: 2', '/b', 'a: 1\n'],
    ['a block value with its lines', 'a:\n  x: 1\n  y: 2\nb: 2\n', '/a', 'b: 2\n'],
    ['a sequence item', 'p:\n  - one\n  - two\n  - three\n', '/p/1', 'p:\n  - one\n  - three\n'],
    ['a sequence item in CRLF', 'p:\r\n  - one\r\n  - two\r\n', '/p/0', 'p:\r\n  - two\r\n'],
    ['the first key of a map item', 'g:\n  - expanded: true\n    group: A\n    pages: [a]\n', '/g/0/expanded', 'g:\n  - group: A\n    pages: [a]\n'],
    ['a later key of a map item', 'g:\n  - group: A\n    expanded: true\n    pages: [a]\n', '/g/0/expanded', 'g:\n  - group: A\n    pages: [a]\n'],
    ['a flow sequence item, not the first', 'p: [a, b, c]\n', '/p/1', 'p: [a, c]\n'],
    ['a flow sequence item, the first', 'p: [a, b, c]\n', '/p/0', 'p: [b, c]\n'],
    ['a flow map member', 'g: {group: A, expanded: true}\n', '/g/expanded', 'g: {group: A}\n'],
    ['the last of two pairs with one key', 'a: 1\nb: 2\na: 3\n', '/a', 'a: 1\nb: 2\n'],
  ])('%s', (_name, text, pointer, after) => {
    expect(removed(text, pointer)).toBe(after);
  });

  it('two members of one map removed in one pass', () => {
    expect(removed('a: 1\nb: 2\nc: 3\nd: 4\n', '/b', '/d')).toBe('a: 1\nc: 3\n');
  });

  it.each([
    ['the only member (it would leave null)', 'g:\n  - expanded: true\n', '/g/0/expanded'],
    ['the only item', 'p:\n  - one\n', '/p/0'],
    ['an item sharing its line with its parent’s dash', 'p:\n  - - a\n    - b\n', '/p/0/0'],
    ['an index with a leading zero', 'p:\n  - one\n  - two\n', '/p/01'],
    ['a key that is not there', 'a: 1\nb: 2\n', '/c'],
    ['the document itself', 'a: 1\n', ''],
    ['text that does not parse', 'a: [\n', '/a'],
  ])('no edit: %s', (_name, text, pointer) => {
    expect(yamlEdits(text, [remove(pointer)])).toEqual([undefined]);
  });
});
