/**
 * Redirects appended to docs.json, docs.yaml and `$ref`'d lists (src/fix/redirect-edits.ts), on the
 * shapes the first tests did not cover, each text checked whole: a byte-order mark before an array
 * on the first line (no indentation), a key written twice (the last one, as the parsers keep it),
 * an array on one line in a file of several, text cut short, a YAML list whose last item is a flow
 * map with a comment and a key after it, several spaces after a dash, a dash on its own line, a key
 * named `undefined` beside a key that is a list, an index of two digits.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { applyEdits } from '../../src/fix/apply.js';
import { jsonArrayAppendEdits, jsonRedirectEdits, yamlRedirectEdits, yamlSequenceAppendEditsAt, type RedirectToAdd } from '../../src/fix/redirect-edits.js';
import type { TextEdit } from '../../src/text-edit.js';

const two: RedirectToAdd[] = [
  { source: '/old', destination: '/new' },
  { source: '/a "b"', destination: '/c' },
];
const none = [undefined, undefined];

/** The text with the edits made (a redirect that waits for the next pass has none). */
const apply = (text: string, edits: Array<TextEdit | undefined>): string =>
  applyEdits(
    text,
    edits.filter((edit): edit is TextEdit => edit !== undefined),
  );

const entry = (r: RedirectToAdd) => `{ "source": ${JSON.stringify(r.source)}, "destination": ${JSON.stringify(r.destination)} }`;
const yamlItems = (indent: string, nl = '\n') =>
  two.map((r) => `${indent}- source: ${JSON.stringify(r.source)}${nl}${indent}  destination: ${JSON.stringify(r.destination)}${nl}`).join('');

describe('docs.json', () => {
  it('a byte-order mark before an empty array on the first line is no indentation', () => {
    const text = '\uFEFF{"redirects": []}';
    expect(apply(text, jsonRedirectEdits(text, JSON.parse(text.slice(1)), two))).toBe(`\uFEFF{"redirects": [\n  ${entry(two[0])}\n]}`);
  });

  it('a byte-order mark before a `$ref`’d list whose last entry is on the first line', () => {
    const text = '\uFEFF[{"source": "/x", "destination": "/y"}\n]';
    expect(apply(text, jsonArrayAppendEdits(text, [1, text.length], 1, two))).toBe(
      `\uFEFF[{"source": "/x", "destination": "/y"},\n${entry(two[0])},\n${entry(two[1])}\n]`,
    );
  });

  it('a byte-order mark before a list that is not empty, indented', () => {
    const text = '\uFEFF{\n  "redirects": [\n    { "source": "/x", "destination": "/y" }\n  ]\n}';
    expect(apply(text, jsonRedirectEdits(text, JSON.parse(text.slice(1)), two.slice(0, 1)))).toBe(
      `\uFEFF{\n  "redirects": [\n    { "source": "/x", "destination": "/y" },\n    ${entry(two[0])}\n  ]\n}`,
    );
  });

  it('`redirects` written twice: appended to the last one, which JSON.parse keeps', () => {
    const text = '{\n  "redirects": [],\n  "redirects": [\n    { "source": "/x", "destination": "/y" }\n  ]\n}';
    expect(apply(text, jsonRedirectEdits(text, JSON.parse(text), two))).toBe(
      `{\n  "redirects": [],\n  "redirects": [\n    { "source": "/x", "destination": "/y" },\n    ${entry(two[0])},\n    ${entry(two[1])}\n  ]\n}`,
    );
  });

  it('an array on one line in a file of several lines: appended on that line', () => {
    const text = '{\n  "name": "x",\n  "redirects": [{ "source": "/x", "destination": "/y" }]\n}\n';
    expect(apply(text, jsonRedirectEdits(text, JSON.parse(text), two))).toBe(
      `{\n  "name": "x",\n  "redirects": [{ "source": "/x", "destination": "/y" }, ${entry(two[0])}, ${entry(two[1])}]\n}\n`,
    );
  });

  it('CRLF and tabs: a list of several lines gets each entry on a line of its own', () => {
    const text = '{\r\n\t"redirects": [\r\n\t\t{ "source": "/x", "destination": "/y" }\r\n\t]\r\n}';
    expect(apply(text, jsonRedirectEdits(text, JSON.parse(text), two))).toBe(
      `{\r\n\t"redirects": [\r\n\t\t{ "source": "/x", "destination": "/y" },\r\n\t\t${entry(two[0])},\r\n\t\t${entry(two[1])}\r\n\t]\r\n}`,
    );
  });

  const refused: Array<[name: string, text: string, value: unknown]> = [
    ['a value that is no object (null)', '{}', null],
    ['text that is an array, for an object', '[]', {}],
    ['text cut short, no closing brace', '{"name": "x"', { name: 'x' }],
    ['`redirects` that is a string', '{"redirects": "/x"}', { redirects: '/x' }],
  ];
  it.each(refused)('no edit: %s', (_name, text, value) => {
    expect(jsonRedirectEdits(text, value, two)).toEqual(none);
  });

  const spans: Array<[name: string, text: string, span: [number, number]]> = [
    ['a span that starts at `[` and ends inside the array', '[1, 2]', [0, 3]],
    ['a span that ends at `]` and starts at `{`', '{"a": [1]}', [0, 9]],
  ];
  it.each(spans)('no edit: %s', (_name, text, span) => {
    expect(jsonArrayAppendEdits(text, span, 1, two)).toEqual(none);
  });
});

describe('docs.yaml', () => {
  it('`redirects` written twice: appended to the last one, which the parser keeps', () => {
    const text = 'redirects:\n  - source: /a\n    destination: /b\nname: x\nredirects:\n  - source: /x\n    destination: /y\n';
    const after = `${text}${yamlItems('  ')}`;
    expect(apply(text, yamlRedirectEdits(text, two))).toBe(after);
    expect(apply(text, yamlSequenceAppendEditsAt(text, ['redirects'], two))).toBe(after);
  });

  it('a last item that is a flow map with a comment, a key after the list: after the comment’s line', () => {
    const text = 'redirects:\n  - {source: /x, destination: /y}  # old\nname: x\n';
    const out = apply(text, yamlRedirectEdits(text, two));
    expect(out).toBe(`redirects:\n  - {source: /x, destination: /y}  # old\n${yamlItems('  ')}name: x\n`);
    expect(parseYaml(out)).toEqual({ redirects: [{ source: '/x', destination: '/y' }, ...two], name: 'x' });
  });

  it('the same in CRLF', () => {
    const text = 'redirects:\r\n  - {source: /x, destination: /y} # c\r\nname: x\r\n';
    expect(apply(text, yamlRedirectEdits(text, two))).toBe(`redirects:\r\n  - {source: /x, destination: /y} # c\r\n${yamlItems('  ', '\r\n')}name: x\r\n`);
  });

  it('a key after the list on the last line, no line break at the end: none added before the items', () => {
    const text = 'redirects:\n  - {source: /x, destination: /y}\nname: x';
    expect(apply(text, yamlRedirectEdits(text, two))).toBe(`redirects:\n  - {source: /x, destination: /y}\n${yamlItems('  ')}name: x`);
  });

  it('a last item that is a string, the end of the text: a line break first', () => {
    const text = 'redirects:\n  - /x';
    expect(apply(text, yamlRedirectEdits(text, two.slice(0, 1)))).toBe('redirects:\n  - /x\n  - source: "/old"\n    destination: "/new"\n');
  });

  it('several spaces after the dash: the new items at the dash’s indentation', () => {
    const text = 'redirects:\n  -   source: /x\n      destination: /y\n';
    const out = apply(text, yamlRedirectEdits(text, two));
    expect(out).toBe(`${text}${yamlItems('  ')}`);
    expect(parseYaml(out).redirects).toEqual([{ source: '/x', destination: '/y' }, ...two]);
  });

  it('no `redirects` after a multi-byte comment, no line break at the end', () => {
    const text = 'name: x # 日本語';
    expect(apply(text, yamlRedirectEdits(text, two))).toBe('name: x # 日本語\nredirects:\n  - source: "/old"\n    destination: "/new"\n');
  });

  const refused: Array<[name: string, text: string]> = [
    ['a dash on its own line above the first item', 'redirects:\n  -\n    source: /x\n    destination: /y\n'],
    ['a tab after the dash', 'redirects:\n  -\tsource: /x\n    destination: /y\n'],
    ['an error after the list', 'redirects:\n  - source: /x\n    destination: /y\nname: [\n'],
    ['a list that is the document', '- source: /x\n  destination: /y\n'],
    ['`redirects` that is a map', 'redirects:\n  source: /x\n'],
    ['an empty flow list', 'name: x\nredirects: []\n'],
    ['a flow list of several lines', 'redirects: [\n  {source: /x, destination: /y}\n]\n'],
  ];
  it.each(refused)('no edit: %s', (_name, text) => {
    expect(yamlRedirectEdits(text, two)).toEqual(none);
  });
});

describe('the YAML list at a path', () => {
  const list = (indent: string) => `${indent}- source: /x\n${indent}  destination: /y\n`;
  const added = (indent: string) => `${indent}- source: "/old"\n${indent}  destination: "/new"\n`;
  /** `a:` holding `count` string items, then an item `b:` holding the redirects. */
  const nested = (count: number) => `a:\n${'  - x\n'.repeat(count)}  - b:\n${list('      ')}`;

  const found: Array<[name: string, text: string, segments: string[], after: string]> = [
    ['the second item', nested(1), ['a', '1', 'b'], `${nested(1)}${added('      ')}`],
    ['the eleventh item (two digits)', nested(10), ['a', '10', 'b'], `${nested(10)}${added('      ')}`],
    [
      'a key named `undefined` beside a key that is a list',
      `undefined:\n${list('  ')}? [k]\n: 1\n`,
      ['undefined'],
      `undefined:\n${list('  ')}${added('  ')}? [k]\n: 1\n`,
    ],
  ];
  it.each(found)('%s', (_name, text, segments, after) => {
    expect(apply(text, yamlSequenceAppendEditsAt(text, segments, two.slice(0, 1)))).toBe(after);
  });

  const refused: Array<[name: string, text: string, segments: string[]]> = [
    ['an index with a leading zero', nested(1), ['a', '01', 'b']],
    ['an index into a string', 'a: x\n', ['a', '0']],
    ['a list in a list, sharing its dash’s line', '- - source: /x\n    destination: /y\n', ['0']],
    ['an error after the list', `a:\n${list('  ')}b: [\n`, ['a']],
    ['a key that is a list, by the name `undefined`', `a: 1\n? [k]\n:\n${list('  ')}`, ['undefined']],
  ];
  it.each(refused)('no edit: %s', (_name, text, segments) => {
    expect(yamlSequenceAppendEditsAt(text, segments, two.slice(0, 1))).toEqual([undefined]);
  });
});
