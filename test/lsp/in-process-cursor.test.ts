/**
 * src/lsp/cursor.ts: where a cursor is in a docs file being typed (JSON through jsonc-parser's
 * tolerant scanner, YAML through the `yaml` document model): the path of keys, key or value,
 * the span a completion replaces, and the values read tolerantly around it.
 */
import { describe, expect, it } from 'vitest';
import { cursorAt, type Cursor } from '../../src/lsp/cursor.js';

/** The offset just after the n-th occurrence of `needle` in `text`, moved by `shift`. */
function after(text: string, needle: string, shift = 0, nth = 0): number {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`${needle} not in the text`);
  return index + needle.length + shift;
}

/** The cursor without the whole document (checked on its own where it matters). */
function at(text: string, format: 'json' | 'yaml', offset: number): Omit<Cursor, 'document'> | undefined {
  const cursor = cursorAt(text, format, offset);
  if (!cursor) return undefined;
  const { document: _document, ...rest } = cursor;
  return rest;
}

describe('JSON', () => {
  // Tab-indented, CRLF line ends, a multi-byte title before the cursor: offsets are the text's UTF-16 offsets.
  const text =
    '{\r\n\t"navigation": {\r\n\t\t"groups": [\r\n\t\t\t{ "group": "Démarrage 🚀", "pages": ["intro" , "", gu/set-up.v2_x ] }\r\n\t\t]\r\n\t}\r\n}\r\n';

  it('inside an empty string of pages: the string is the span, quotes included', () => {
    const offset = after(text, '"intro" , "');
    expect(at(text, 'json', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'groups', 0, 'pages', 1],
      span: [offset - 1, offset + 1],
      quoted: true,
      container: ['intro', ''],
    });
  });

  it.each([
    ['at its opening quote', 0],
    ['inside it', 3],
    ['at its closing quote', 7],
  ])('on a string %s: the whole string', (_, shift) => {
    const start = text.indexOf('"intro"');
    expect(at(text, 'json', start + shift)).toEqual({
      at: 'value',
      path: ['navigation', 'groups', 0, 'pages', 0],
      span: [start, start + 7],
      quoted: true,
      container: ['intro', ''],
    });
  });

  it('one past a string (a space before the comma): an empty span there, not the string', () => {
    const offset = text.indexOf('"intro"') + 8;
    expect(at(text, 'json', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'groups', 0, 'pages', 0],
      span: [offset, offset],
      quoted: false,
      container: ['intro', ''],
    });
  });

  it('a word typed without quotes: the letters, slashes, dots, dashes and underscores before the cursor', () => {
    const offset = after(text, 'gu/set-up.v2_x');
    expect(at(text, 'json', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'groups', 0, 'pages', 2],
      span: [text.indexOf('gu/set'), offset],
      quoted: false,
      container: ['intro', ''],
    });
  });

  it('in the middle of an unquoted word: from its start to the cursor', () => {
    const offset = after(text, 'gu/set');
    expect(at(text, 'json', offset)?.span).toEqual([text.indexOf('gu/set'), offset]);
  });

  it('a key being written in quotes: its path ends with what is typed, the object is the container', () => {
    const keyText = '{ "navigation": { "groups": [ { "group": "G", "ta" } ] } }';
    const offset = after(keyText, '"ta');
    expect(at(keyText, 'json', offset)).toEqual({
      at: 'key',
      path: ['navigation', 'groups', 0, 'ta'],
      span: [offset - 3, offset + 1],
      quoted: true,
      container: { group: 'G' },
    });
  });

  it('a key typed without quotes: an empty key, the word as the span', () => {
    const keyText = '{ "navigation": { "groups": [ { "group": "G", ta } ] } }';
    const offset = after(keyText, 'ta');
    expect(at(keyText, 'json', offset)).toEqual({
      at: 'key',
      path: ['navigation', 'groups', 0, ''],
      span: [offset - 2, offset],
      quoted: false,
      container: { group: 'G' },
    });
  });

  it('a key at the top: the whole document is the container', () => {
    const top = '{ "name": "S", "" }';
    const offset = after(top, '"S", "');
    expect(cursorAt(top, 'json', offset)).toEqual({
      at: 'key',
      path: [''],
      span: [offset - 1, offset + 1],
      quoted: true,
      container: { name: 'S' },
      document: { name: 'S' },
    });
  });

  it('the document is read tolerantly: a missing comma, a trailing comma', () => {
    const broken = '{ "navigation": { "pages": ["a" "b",], }, }';
    const cursor = cursorAt(broken, 'json', after(broken, '"a'));
    expect(cursor?.document).toEqual({ navigation: { pages: ['a', 'b'] } });
    expect(cursor?.path).toEqual(['navigation', 'pages', 0]);
  });

  it.each([
    ['an empty file', '', 0],
    ['a word, no JSON value', 'ab', 2],
  ])('no cursor in %s', (_, source, offset) => {
    expect(cursorAt(source, 'json', offset)).toBeUndefined();
  });

  it('at the first character of an array document: a value at its first index, an empty span', () => {
    expect(at('[1, 2]', 'json', 1)).toEqual({ at: 'value', path: [0], span: [1, 1], quoted: false, container: [1, 2] });
  });
});

describe('YAML', () => {
  const yaml = 'navigation:\n  tabs:\n    - tab: Guides\n      groups:\n        - group: Démarrage\n          pages:\n            - intro\n            - \n';
  const document = { navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'Démarrage', pages: ['intro', null] }] }] } };

  it('on a key: its range, its path, the map holding it', () => {
    const offset = after(yaml, '- gr');
    expect(cursorAt(yaml, 'yaml', offset)).toEqual({
      at: 'key',
      path: ['navigation', 'tabs', 0, 'groups', 0, 'group'],
      span: [offset - 2, offset + 3],
      quoted: false,
      container: { group: 'Démarrage', pages: ['intro', null] },
      document,
    });
  });

  it.each([
    ['at its start', 0],
    ['at its end', 5],
  ])('on a scalar of a list %s: the scalar, the list as the container', (_, shift) => {
    const start = yaml.indexOf('intro');
    expect(at(yaml, 'yaml', start + shift)).toEqual({
      at: 'value',
      path: ['navigation', 'tabs', 0, 'groups', 0, 'pages', 0],
      span: [start, start + 5],
      quoted: false,
      container: ['intro', null],
    });
  });

  it('after an empty list item: the item, an empty span', () => {
    const offset = after(yaml, '- intro\n            - ');
    expect(at(yaml, 'yaml', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'tabs', 0, 'groups', 0, 'pages', 1],
      span: [offset, offset],
      quoted: false,
      container: ['intro', null],
    });
  });

  it('on a scalar value of a key (a multi-byte one): the scalar, the map as the container', () => {
    const start = yaml.indexOf('Démarrage');
    expect(at(yaml, 'yaml', start + 2)).toEqual({
      at: 'value',
      path: ['navigation', 'tabs', 0, 'groups', 0, 'group'],
      span: [start, start + 9],
      quoted: false,
      container: { group: 'Démarrage', pages: ['intro', null] },
    });
  });

  it('after a key with no value yet, on its line: its value', () => {
    const text = 'navigation:\n  languages:\n    - language: \n';
    const offset = after(text, 'language: ');
    expect(at(text, 'yaml', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'languages', 0, 'language'],
      span: [offset, offset],
      quoted: false,
      container: { language: null },
    });
  });

  it('on the line after a key with no value: a new key of the map above', () => {
    const text = 'navigation:\n  groups:\n    - group: Start\n      pages:\n';
    expect(at(text, 'yaml', text.length)).toEqual({
      at: 'key',
      path: [''],
      span: [text.length, text.length],
      quoted: false,
      container: { navigation: { groups: [{ group: 'Start', pages: null }] } },
    });
  });

  it('on a blank line inside a map: a new key of that map', () => {
    const text = 'navigation:\n  groups:\n    - group: Start\n      \n      pages: [a]\n';
    const offset = after(text, 'Start\n      ');
    expect(at(text, 'yaml', offset)).toEqual({
      at: 'key',
      path: ['navigation', 'groups', 0, ''],
      span: [offset, offset],
      quoted: false,
      container: { group: 'Start', pages: ['a'] },
    });
  });

  it('a word typed above a key reads as one key over two lines: the word is the key being typed', () => {
    const text = 'navigation:\n  tabs:\n    - tab: Guides\n      ic\n      groups: []\n';
    const offset = after(text, 'ic');
    expect(cursorAt(text, 'yaml', offset)).toEqual({
      at: 'key',
      path: ['navigation', 'tabs', 0, 'ic'],
      span: [offset - 2, offset],
      quoted: false,
      // The key that was there, under its own name.
      container: { tab: 'Guides', groups: [] },
      document: { navigation: { tabs: [{ tab: 'Guides', 'ic groups': [] }] } },
    });
  });

  it('a word typed above a key, at the top of a list', () => {
    const text = '- ic\n  groups: []\n';
    expect(at(text, 'yaml', 4)).toEqual({ at: 'key', path: [0, 'ic'], span: [2, 4], quoted: false, container: { groups: [] } });
  });

  it('a word typed above a key in a document that cannot be read yet: no container', () => {
    const text = '- ic\n  groups: *later\n';
    expect(cursorAt(text, 'yaml', 4)).toEqual({ at: 'key', path: [0, 'ic'], span: [2, 4], quoted: false, container: {}, document: undefined });
  });

  it('a key on the last line, no line end after it: the key', () => {
    const text = 'name: S\nnav';
    expect(at(text, 'yaml', text.length)).toEqual({ at: 'key', path: ['nav'], span: [8, 11], quoted: false, container: { name: 'S', nav: null } });
  });

  it('an explicit key ending at its line end: the key itself, not a word over two lines', () => {
    expect(at('? ic\n: x\n', 'yaml', 4)).toEqual({ at: 'key', path: ['ic'], span: [2, 4], quoted: false, container: { ic: 'x' } });
  });

  it('a blank line below a key with no value: a new key of that map, not the value above', () => {
    const text = 'navigation:\n  pages:\n  \n  tabs: x\n';
    const offset = after(text, 'pages:\n  ');
    expect(at(text, 'yaml', offset)).toEqual({
      at: 'key',
      path: ['navigation', ''],
      span: [offset, offset],
      quoted: false,
      container: { pages: null, tabs: 'x' },
    });
  });

  it('an explicit key with no value: a line below it is a new key of the map, not its value', () => {
    const text = 'navigation:\n  ? pages\n  \n  tabs: x\n';
    expect(at(text, 'yaml', 24)).toEqual({ at: 'key', path: ['navigation', ''], span: [24, 24], quoted: false, container: { pages: null, tabs: 'x' } });
  });

  it('an explicit key with no value: its indentation, before it, is a new key of the map', () => {
    const text = 'navigation:\n  tabs: x\n  ? pages';
    expect(at(text, 'yaml', 23)).toEqual({ at: 'key', path: ['navigation', ''], span: [23, 23], quoted: false, container: { tabs: 'x', pages: null } });
  });

  it('a key written twice (a block pasted): the value read is the last one, null below it', () => {
    const text = 'a:\n  b:\n    c: 1\na: null\n';
    expect(at(text, 'yaml', after(text, 'c'))).toEqual({ at: 'key', path: ['a', 'b', 'c'], span: [12, 13], quoted: false, container: undefined });
  });

  it('in a flow sequence: its items by index', () => {
    const text = 'navigation:\n  pages: [a, bc]\n';
    const offset = after(text, ', b');
    expect(at(text, 'yaml', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'pages', 1],
      span: [offset - 1, offset + 1],
      quoted: false,
      container: ['a', 'bc'],
    });
  });

  it('after the last item of a flow sequence: a new item, an empty span', () => {
    const text = 'navigation:\n  pages: [a]   \n';
    const offset = after(text, '[a] ');
    expect(at(text, 'yaml', offset)).toEqual({ at: 'key', path: ['navigation', ''], span: [offset, offset], quoted: false, container: { pages: ['a'] } });
  });

  it('a list at the top of the document', () => {
    expect(at('- a\n- b\n', 'yaml', 2)).toEqual({ at: 'value', path: [0], span: [2, 3], quoted: false, container: ['a', 'b'] });
  });

  it('after the items of a list: a new item at its end', () => {
    const text = 'navigation:\n  pages:\n    - a\n    -';
    expect(at(text, 'yaml', text.length)).toEqual({
      at: 'value',
      path: ['navigation', 'pages', 1],
      span: [text.length, text.length],
      quoted: false,
      container: ['a', null],
    });
  });

  it('on an alias: its value is read, the span is empty', () => {
    const text = 'navigation: &n\n  pages: [a]\nother: *n\n';
    const offset = after(text, '*n');
    expect(cursorAt(text, 'yaml', offset)).toEqual({
      at: 'value',
      path: ['other'],
      span: [offset, offset],
      quoted: false,
      container: { navigation: { pages: ['a'] }, other: { pages: ['a'] } },
      document: { navigation: { pages: ['a'] }, other: { pages: ['a'] } },
    });
  });

  it('a key that is not a scalar is passed over', () => {
    expect(at('? [a]\n: b\n', 'yaml', 3)).toEqual({ at: 'key', path: [''], span: [3, 3], quoted: false, container: { '[ a ]': 'b' } });
  });

  it('inside a value that is not an object: no container below it', () => {
    const text = 'navigation:\n  tabs: abc\n';
    const offset = after(text, 'tabs: ab');
    expect(at(text, 'yaml', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'tabs'],
      span: [offset - 2, offset + 1],
      quoted: false,
      container: { tabs: 'abc' },
    });
  });

  it('below a scalar: the path goes on where the document has no object', () => {
    const text = 'navigation: 3\n';
    expect(at(text, 'yaml', text.length - 1)).toEqual({ at: 'value', path: ['navigation'], span: [12, 13], quoted: false, container: { navigation: 3 } });
  });

  it('an empty file: a value at the top', () => {
    expect(cursorAt('', 'yaml', 0)).toEqual({ at: 'value', path: [], span: [0, 0], quoted: false, container: null, document: null });
  });

  it.each([
    ['an alias to an anchor not set yet', 'navigation:\n  pages: [*intro, ]\n', 'navigation:\n  pages: [*intro, '],
    ['an alias typed alone', 'navigation:\n  pages:\n    - *\n    - \n', '- *\n    - '],
  ])('a document being typed with %s: a cursor all the same (no document value)', (_, text, needle) => {
    const cursor = cursorAt(text, 'yaml', after(text, needle));
    expect(cursor?.at).toBe('value');
    expect(cursor?.path).toEqual(['navigation', 'pages', 1]);
    expect(cursor?.document).toBeUndefined();
  });
});
