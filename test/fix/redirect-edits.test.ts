/**
 * The edits that add redirects to docs.json, docs.yaml or a `$ref`'d list (src/fix/redirect-edits.ts,
 * which `validate --fix` and `docsnav mv` write with), applied to real-shaped text and checked whole:
 * the array made when there is none (in an empty object and after the last member), appended to
 * (one line or several, empty), the file's indentation (spaces, tabs) and line breaks (LF, CRLF),
 * a byte-order mark, and every shape that gets no edit (not an object, not an array, a flow
 * sequence, YAML that does not parse).
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

/** The text with the edits made, as `--fix` makes them (applyEdits: insertions at one offset go in in their order); none for a redirect that waits. */
const apply = (text: string, edits: Array<TextEdit | undefined>): string =>
  applyEdits(
    text,
    edits.filter((edit): edit is TextEdit => edit !== undefined),
  );

const entry = (r: RedirectToAdd) => `{ "source": ${JSON.stringify(r.source)}, "destination": ${JSON.stringify(r.destination)} }`;

describe('docs.json', () => {
  it('no `redirects`: the first redirect makes the array after the last member, at the file’s indentation; the others wait for the next pass', () => {
    const text = '{\n  "name": "x",\n  "navigation": { "pages": ["a"] }\n}\n';
    const edits = jsonRedirectEdits(text, JSON.parse(text), two);
    expect(edits[1]).toBeUndefined();
    expect(apply(text, edits)).toBe(`{\n  "name": "x",\n  "navigation": { "pages": ["a"] },\n  "redirects": [\n    ${entry(two[0])}\n  ]\n}\n`);
  });

  it('keeps tabs and CRLF as the file has them; an empty object gets the array inside it', () => {
    const tabs = '{\r\n\t"name": "x"\r\n}';
    expect(apply(tabs, jsonRedirectEdits(tabs, JSON.parse(tabs), two))).toBe(`{\r\n\t"name": "x",\r\n\t"redirects": [\r\n\t\t${entry(two[0])}\r\n\t]\r\n}`);
    const empty = '{}';
    expect(apply(empty, jsonRedirectEdits(empty, {}, two))).toBe(`{\n  "redirects": [\n    ${entry(two[0])}\n  ]\n}`);
  });

  it('a byte-order mark stays, and every offset with it', () => {
    const text = '\uFEFF{\n  "name": "x"\n}';
    const out = apply(text, jsonRedirectEdits(text, JSON.parse(text.slice(1)), two));
    expect(out).toBe(`\uFEFF{\n  "name": "x",\n  "redirects": [\n    ${entry(two[0])}\n  ]\n}`);
  });

  it('an array of several lines gets each redirect after its last entry, on a line of its own; one of one line, after a comma', () => {
    const text = '{\n  "redirects": [\n    { "source": "/x", "destination": "/y" }\n  ]\n}';
    const out = apply(text, jsonRedirectEdits(text, JSON.parse(text), two));
    expect(out).toBe(`{\n  "redirects": [\n    { "source": "/x", "destination": "/y" },\n    ${entry(two[0])},\n    ${entry(two[1])}\n  ]\n}`);
    expect(JSON.parse(out).redirects).toHaveLength(3);
    const flat = '{ "redirects": [{ "source": "/x", "destination": "/y" }] }';
    expect(apply(flat, jsonRedirectEdits(flat, JSON.parse(flat), two))).toBe(
      `{ "redirects": [{ "source": "/x", "destination": "/y" }, ${entry(two[0])}, ${entry(two[1])}] }`,
    );
  });

  it('an empty array is written again holding the first redirect, indented under its key', () => {
    const text = '{\n    "redirects": []\n}';
    const edits = jsonRedirectEdits(text, JSON.parse(text), two);
    expect(edits[1]).toBeUndefined();
    expect(apply(text, edits)).toBe(`{\n    "redirects": [\n        ${entry(two[0])}\n    ]\n}`);
  });

  it('no edit where the value is not an object, `redirects` is not an array, or the span is not an array', () => {
    expect(jsonRedirectEdits('[1]', [1], two)).toEqual([undefined, undefined]);
    const text = '{ "redirects": { "source": "/x" } }';
    expect(jsonRedirectEdits(text, JSON.parse(text), two)).toEqual([undefined, undefined]);
    expect(jsonArrayAppendEdits('{"a": 1}', [0, 8], 1, two)).toEqual([undefined, undefined]);
  });

  it('a `$ref`’d file that is the list: appended at its own indentation', () => {
    const text = '[\n  { "source": "/x", "destination": "/y" }\n]\n';
    const out = apply(text, jsonArrayAppendEdits(text, [0, text.indexOf(']') + 1], 1, two));
    expect(out).toBe(`[\n  { "source": "/x", "destination": "/y" },\n  ${entry(two[0])},\n  ${entry(two[1])}\n]\n`);
  });
});

describe('docs.yaml', () => {
  it('no `redirects`: added at the end (a line break first when the file has none at its end), the first redirect only', () => {
    for (const [text, lead] of [
      ['name: x\n', ''],
      ['name: x', '\n'],
    ]) {
      const edits = yamlRedirectEdits(text, two);
      expect(edits[1]).toBeUndefined();
      const out = apply(text, edits);
      expect(out).toBe(`${text}${lead}redirects:\n  - source: "/old"\n    destination: "/new"\n`);
      expect(parseYaml(out).redirects).toEqual([two[0]]);
    }
  });

  it('a block sequence gets the redirects after its last item, at its indentation, with CRLF when the file uses it', () => {
    const text = 'name: x\nredirects:\n    - source: /x\n      destination: /y\nnavigation: {}\n';
    const out = apply(text, yamlRedirectEdits(text, two));
    expect(out).toBe(
      'name: x\nredirects:\n    - source: /x\n      destination: /y\n' +
        '    - source: "/old"\n      destination: "/new"\n    - source: "/a \\"b\\""\n      destination: "/c"\nnavigation: {}\n',
    );
    expect(parseYaml(out).redirects).toEqual([{ source: '/x', destination: '/y' }, ...two]);
    const crlf = 'redirects:\r\n  - source: /x\r\n    destination: /y';
    expect(apply(crlf, yamlRedirectEdits(crlf, two.slice(0, 1)))).toBe(`${crlf}\r\n  - source: "/old"\r\n    destination: "/new"\r\n`);
  });

  it('no edit for a flow or empty sequence, a flow map, YAML that does not parse, or a sequence in a flow', () => {
    for (const text of ['redirects: []\n', 'redirects: [{source: /x, destination: /y}]\n', '{redirects: []}\n', 'redirects: [\n', 'a: - b\n'])
      expect(yamlRedirectEdits(text, two), text).toEqual([undefined, undefined]);
  });

  it('the sequence at a path (a `$ref`’d list, or one below a key): appended there; nothing at a path that is not one', () => {
    const list = '- source: /x\n  destination: /y\n';
    expect(apply(list, yamlSequenceAppendEditsAt(list, [], two.slice(0, 1)))).toBe(`${list}- source: "/old"\n  destination: "/new"\n`);
    const nested = 'a:\n  - b:\n      - source: /x\n        destination: /y\n';
    expect(apply(nested, yamlSequenceAppendEditsAt(nested, ['a', '0', 'b'], two.slice(0, 1)))).toBe(
      `${nested}      - source: "/old"\n        destination: "/new"\n`,
    );
    for (const segments of [['a', '01', 'b'], ['a', 'x'], ['missing'], ['a', '0', 'b', 'c']])
      expect(yamlSequenceAppendEditsAt(nested, segments, two.slice(0, 1)), segments.join('/')).toEqual([undefined]);
    expect(yamlSequenceAppendEditsAt('a: [\n', ['a'], two.slice(0, 1))).toEqual([undefined]);
  });
});
