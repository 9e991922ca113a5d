/**
 * A YAML value replaced in its own style (src/fix/yaml-edits.ts): a plain scalar stays plain only
 * when the new value, written plain, reads back as the same string (in a block and in a flow
 * collection); otherwise it is written double-quoted. Quoted scalars keep their quotes.
 */
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { applyEdits } from '../../src/fix/apply.js';
import { yamlEdits } from '../../src/fix/yaml-edits.js';

function replaced(text: string, pointer: string, value: string, current: string): string {
  const [edit] = yamlEdits(text, [{ kind: 'replace-value', pointer, value, current }]);
  expect(edit).toBeDefined();
  return applyEdits(text, [edit!]);
}

describe('a plain scalar', () => {
  const cases: Array<[value: string, written: string]> = [
    ['intro', 'intro'],
    ['guides/intro', 'guides/intro'],
    ['a b', 'a b'],
    ['a-b', 'a-b'],
    ['', '""'],
    [' lead', '" lead"'],
    ['trail ', '"trail "'],
    ['-dash', '"-dash"'],
    ['?what', '"?what"'],
    ['a,b', '"a,b"'],
    ['a]b', '"a]b"'],
    ['{x}', '"{x}"'],
    ['a #b', '"a #b"'],
    ['k: v', '"k: v"'],
    ['"q"', '"\\"q\\""'],
    ["it's", '"it\'s"'],
    ['&anchor', '"&anchor"'],
    ['*alias', '"*alias"'],
    ['!tag', '"!tag"'],
    ['|', '"|"'],
    ['>', '">"'],
    ['%x', '"%x"'],
    ['@x', '"@x"'],
    ['`x', '"`x"'],
    ['true', '"true"'],
    ['12', '"12"'],
    ['null', '"null"'],
  ];
  it.each(cases)('%j in a block is written %s, and reads back the same', (value, written) => {
    const after = replaced('page: old\n', '/page', value, 'old');
    expect(after).toBe(`page: ${written}\n`);
    expect(YAML.parse(after)).toEqual({ page: value });
  });

  it.each(cases)('%j in a flow list reads back the same', (value) => {
    const after = replaced('pages: [old, other]\n', '/pages/0', value, 'old');
    expect(YAML.parse(after)).toEqual({ pages: [value, 'other'] });
  });
});

describe('a quoted scalar keeps its quotes', () => {
  it('double', () => {
    expect(replaced('page: "old"\n', '/page', 'new "one"', 'old')).toBe('page: "new \\"one\\""\n');
  });
  it('single', () => {
    expect(replaced("page: 'old'\n", '/page', "it's", 'old')).toBe("page: 'it''s'\n");
  });
  it('a block scalar is left alone', () => {
    expect(yamlEdits('page: |\n  old\n', [{ kind: 'replace-value', pointer: '/page', value: 'new', current: 'old\n' }])).toEqual([undefined]);
  });
});

describe('where there is nothing to replace', () => {
  const cases: Array<[name: string, text: string, pointer: string]> = [
    ['a text that does not parse', 'page: [old\n', '/page'],
    ['the whole document', 'old\n', ''],
    ['a key that is not there', 'page: old\n', '/other'],
    ['an index past the end', 'pages: [old]\n', '/pages/1'],
    ['an index that is not a number', 'pages: [old]\n', '/pages/x'],
    ['an index with a leading zero', 'pages: [old]\n', '/pages/00'],
    ['a list, not a scalar', 'page: [old]\n', '/page'],
  ];
  it.each(cases)('%s', (_name, text, pointer) => {
    expect(yamlEdits(text, [{ kind: 'replace-value', pointer, value: 'new', current: 'old' }])).toEqual([undefined]);
  });
});
