/**
 * src/lsp/cursor.ts at the edges: a cursor at the very start of a document's first word, at a
 * key's first character, after an explicit key with no value on its own line, outside the items of
 * a flow list (before the first, after the last), in a word typed above a key with spaces after it,
 * in an empty array; with CRLF line ends and multi-byte text before the cursor.
 */
import { describe, expect, it } from 'vitest';
import { cursorAt, type Cursor } from '../../src/lsp/cursor.js';

/** The offset of the n-th occurrence of `needle` in `text` (its first character), moved by `shift`. */
function at(text: string, needle: string, shift = 0): number {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`${needle} not in the text`);
  return index + shift;
}

/** The cursor without the whole document. */
function cursor(text: string, format: 'json' | 'yaml', offset: number): Omit<Cursor, 'document'> | undefined {
  const found = cursorAt(text, format, offset);
  if (!found) return undefined;
  const { document: _document, ...rest } = found;
  return rest;
}

describe('JSON', () => {
  it('a document that is one word, the cursor at its end: the word from the first character', () => {
    expect(cursorAt('null', 'json', 4)).toEqual({ at: 'value', path: [], span: [0, 4], quoted: false, container: null, document: null });
  });

  it('inside an empty array (CRLF, a multi-byte title before it): a value at its first index, an empty span', () => {
    const text = '{\r\n  "navigation": {\r\n    "groups": [\r\n      { "group": "Démarrage 🚀", "pages": [] }\r\n    ]\r\n  }\r\n}\r\n';
    const offset = at(text, '[]', 1);
    expect(cursor(text, 'json', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'groups', 0, 'pages', 0],
      span: [offset, offset],
      quoted: false,
      container: [],
    });
  });

  it('just after a colon, no value yet: the value of that key, an empty span', () => {
    const text = '{\r\n  "name": "Café ☕",\r\n  "theme":\r\n}\r\n';
    const offset = at(text, '"theme":', 8);
    expect(cursor(text, 'json', offset)).toEqual({ at: 'value', path: ['theme'], span: [offset, offset], quoted: false, container: { name: 'Café ☕' } });
  });
});

describe('YAML', () => {
  it('at the first character of a key: the key', () => {
    const text = 'name: Café ☕\r\nnavigation:\r\n  tabs: x\r\n';
    const offset = at(text, 'tabs');
    expect(cursor(text, 'yaml', offset)).toEqual({
      at: 'key',
      path: ['navigation', 'tabs'],
      span: [offset, offset + 4],
      quoted: false,
      container: { tabs: 'x' },
    });
  });

  it('after an explicit key with no value, on its own line: its value, an empty span', () => {
    const text = 'name: Démarrage 🚀\r\nnavigation:\r\n  ? pages  \r\n  tabs: x\r\n';
    const offset = at(text, '? pages  ', 9);
    expect(cursorAt(text, 'yaml', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'pages'],
      span: [offset, offset],
      quoted: false,
      container: { pages: null, tabs: 'x' },
      document: { name: 'Démarrage 🚀', navigation: { pages: null, tabs: 'x' } },
    });
  });

  it('a word typed above a key, spaces after it: the word alone is the key typed, the span to its line end', () => {
    const text = 'navigation:\n  tabs:\n    - tab: Démarrage\n      ic  \n      groups: []\n';
    const start = at(text, 'ic  ');
    expect(cursor(text, 'yaml', start + 2)).toEqual({
      at: 'key',
      path: ['navigation', 'tabs', 0, 'ic'],
      span: [start, start + 4],
      quoted: false,
      container: { tab: 'Démarrage', groups: [] },
    });
  });

  it('in a flow list before its first item: a new item at its end', () => {
    const text = 'name: Démarrage 🚀\nnavigation:\n  pages: [ intro, setup]\n';
    const offset = at(text, '[', 1);
    expect(cursor(text, 'yaml', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'pages', 2],
      span: [offset, offset],
      quoted: false,
      container: ['intro', 'setup'],
    });
  });

  it('in a flow list after its last item and a comma: a new item, an empty span', () => {
    const text = 'navigation:\r\n  pages: [intro,  ]\r\n';
    const offset = at(text, ',  ', 2);
    expect(cursor(text, 'yaml', offset)).toEqual({
      at: 'value',
      path: ['navigation', 'pages', 1],
      span: [offset, offset],
      quoted: false,
      container: ['intro'],
    });
  });
});
