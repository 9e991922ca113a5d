/**
 * `__proto__`, `constructor` and `prototype` are ordinary keys everywhere (issue 8): reported
 * as unknown fields where the schema does not allow them, never a prototype, never a lookup
 * into Object.prototype; in JSON and in YAML.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';
import { contractBreaches } from '../robustness/helpers.js';

const KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** docs.json text with these keys on a group, on `navigation`, on `global` and in an icon object (JSON.parse keeps `__proto__` as an own key). */
function docsText(): string {
  const extras = (inner: string) => KEYS.map((key) => `"${key}": ${inner}`).join(', ');
  return `{"navigation": {${extras('[{"group": "x", "pages": ["y"]}]')}, "global": {${extras('[{"anchor": "a"}]')}},
    "groups": [{"group": "G", "pages": ["a", "b"], "icon": {"name": "book", ${extras('{"hidden": true}')}}, ${extras('{"hidden": true, "group": "H"}')}}]}}`;
}

const expectedPointers = [
  ...KEYS.map((key) => `/navigation/${key}`),
  ...KEYS.map((key) => `/navigation/groups/0/icon/${key}`),
  ...KEYS.map((key) => `/navigation/groups/0/${key}`),
].sort();
/** `global` is held to its keys on the platform (src/schema/strict-objects.ts): another key there fails it, at the key. */
const strictPointers = KEYS.map((key) => `/navigation/global/${key}`).sort();

describe.each([
  ['docs.json', () => docsText()],
  ['docs.yaml', () => stringify(JSON.parse(docsText()))],
])('%s', (file, text) => {
  it('each key is an unknown field at the key, or in `global` an invalid value at the key', () => {
    const result = validateText(text(), { file, profile: 'spec' });
    const pointersOf = (code: string) =>
      result.problems
        .filter((p) => p.code === code)
        .map((p) => p.pointer)
        .sort();
    expect(pointersOf('unknown-field')).toEqual(expectedPointers);
    expect(pointersOf('invalid-value')).toEqual(strictPointers);
    expect(result.problems).toHaveLength(expectedPointers.length + strictPointers.length);
    expect(contractBreaches(result)).toEqual([]);
  });

  it('no prototype is set: the pages are neither hidden nor renamed, and Object.prototype is untouched', async () => {
    const result = await resolveText(text(), { file });
    expect(result.tree.pages.map((p) => [p.path, p.hidden])).toEqual([
      ['a', false],
      ['b', false],
    ]);
    expect(result.tree.groups.map((g) => g.label)).toEqual(['G']);
    expect(({} as Record<string, unknown>).hidden).toBeUndefined();
    expect(({} as Record<string, unknown>).group).toBeUndefined();
  });
});

describe('a $ref file named __proto__', () => {
  it('is a source like any other: its problems point into it and its text is kept', () => {
    const part = '{"group": "G", "pages": ["a"], "bogus": 1}';
    const readFile = (absolute: string) => (path.basename(absolute) === '__proto__' ? part : undefined);
    const result = validateText('{"navigation": {"groups": [{"$ref": "__proto__"}]}}', { file: 'docs.json', root: process.cwd(), readFile });
    const unknown = result.problems.find((p) => p.code === 'unknown-field');
    expect(unknown?.file).toBe('__proto__');
    expect(Object.prototype.hasOwnProperty.call(result.sources, '__proto__')).toBe(true);
    expect(result.sources.__proto__).toBe(part);
    expect(contractBreaches(result)).toEqual([]);
  });
});
