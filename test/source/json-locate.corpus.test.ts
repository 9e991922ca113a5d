import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { locateAllInJson, locateInJson } from '../../src/source/json-locate.js';

const docs = path.resolve('../shared/corpus/docs');
const sample = readdirSync(docs)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .filter((_, i) => i % 25 === 0);

/** Every path into a value (capped), to compare the scanner with a full parse tree. */
function paths(value: unknown, cap: number): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  const stack: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (stack.length > 0 && out.length < cap) {
    const [v, p] = stack.pop()!;
    out.push(p);
    if (Array.isArray(v)) v.forEach((item, i) => stack.push([item, [...p, i]]));
    else if (typeof v === 'object' && v !== null) for (const [k, item] of Object.entries(v)) stack.push([item, [...p, k]]);
  }
  return out;
}

describe('locateInJson', () => {
  it.each(sample)('agrees with a full parse tree on %s', (name) => {
    const text = readFileSync(path.join(docs, name), 'utf8');
    const tree = parseTree(text)!;
    for (const p of paths(JSON.parse(text), 400)) {
      const node = findNodeAtLocation(tree, p)!;
      const found = locateInJson(text, p.map(String), false);
      expect(found.exact).toBe(true);
      expect(found.value).toEqual([node.offset, node.offset + node.length]);
      if (typeof p.at(-1) === 'string') {
        const keyNode = node.parent!.children![0];
        expect(found.key).toEqual([keyNode.offset, keyNode.offset + keyNode.length]);
      }
    }
  });

  it.each(sample)('locates all pointers of %s in one pass, as one at a time', (name) => {
    const text = readFileSync(path.join(docs, name), 'utf8');
    const pointers = paths(JSON.parse(text), 2000).map((p) => p.map(String));
    pointers.push(['navigation', 'no-such-key'], ['navigation', 'tabs', '99999', 'x'], ['nope']);
    const all = locateAllInJson(text, pointers);
    pointers.forEach((p, i) => {
      const one = locateInJson(text, p, false);
      expect(all[i].exact).toBe(one.exact);
      expect(all[i].value).toEqual(one.value);
      if (one.exact) expect(all[i].key).toEqual(one.key);
    });
  });

  it('handles escapes in keys and strings, and the last of duplicated keys', () => {
    const text = '{"a\\"b": {"x": "}\\\\", "y": [1, {"z": true}]}, "d": 1, "d": [2]}';
    expect(locateInJson(text, ['a"b', 'y', '1', 'z'], false)).toMatchObject({ exact: true, value: [37, 41] });
    expect(locateInJson(text, ['d'], true).value).toEqual([59, 62]);
    expect(locateInJson(text, ['d'], false).value).toEqual([51, 52]);
    expect(locateInJson(text, ['a"b', 'nope'], false)).toMatchObject({ exact: false, value: [9, 44] });
  });
});
