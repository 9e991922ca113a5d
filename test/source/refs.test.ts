import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/source/refs.js';

/** A tiny in-memory project under /project. */
function project(files: Record<string, string>) {
  return (absolute: string) => files[path.relative('/project', absolute)];
}

describe('$ref', () => {
  it('follows refs relative to the holding file, merging sibling keys over the target', () => {
    const files = {
      'nav/main.json': '{\n  "tabs": [{ "$ref": "./tab.json", "icon": "book" }]\n}',
      'nav/tab.json': '{\n  "tab": "Guides",\n  "pages": ["a"]\n}',
    };
    const doc = loadDocument('/project/docs.json', '{\n  "navigation": { "$ref": "nav/main.json" }\n}', { readFile: project(files) });
    expect(doc.findings).toEqual([]);
    expect(doc.value).toEqual({ navigation: { tabs: [{ tab: 'Guides', pages: ['a'], icon: 'book' }] } });
    expect(doc.files.map((f) => f.file)).toEqual(['/project/docs.json', '/project/nav/main.json', '/project/nav/tab.json']);
    // Each pointer maps back to the file (and pointer) it came from.
    const tab = doc.origin('/navigation/tabs/0/tab');
    expect([tab.source.file, tab.pointer]).toEqual(['/project/nav/tab.json', '/tab']);
    expect(tab.source.locate(tab.pointer)).toMatchObject({ line: 2, column: 10 });
    const icon = doc.origin('/navigation/tabs/0/icon');
    expect([icon.source.file, icon.pointer]).toEqual(['/project/nav/main.json', '/tabs/0/icon']);
    const tabs = doc.origin('/navigation/tabs');
    expect([tabs.source.file, tabs.pointer]).toEqual(['/project/nav/main.json', '/tabs']);
  });

  it('reports a missing target at the $ref and skips checks inside it', () => {
    const doc = loadDocument('/project/docs.json', '{"navigation": {"languages": [{"$ref": "./fr.json"}]}}', { readFile: project({}) });
    expect(doc.findings.map((f) => [f.code, f.pointer])).toEqual([['ref-not-found', '/navigation/languages/0/$ref']]);
    expect(doc.isUnresolved('/navigation/languages/0/language')).toBe(true);
    expect(doc.isUnresolved('/navigation/languages')).toBe(false);
  });

  it('reports cycles and paths outside the root', () => {
    const files = {
      'a.json': '{"pages": [{"$ref": "b.json"}]}',
      'b.json': '{"group": "B", "pages": [{"$ref": "a.json"}]}',
    };
    const doc = loadDocument('/project/docs.json', '{"navigation": {"$ref": "a.json"}, "x": {"$ref": "../outside.json"}}', { readFile: project(files) });
    expect(doc.findings.map((f) => [f.code, f.source.file, f.pointer])).toEqual([
      ['ref-cycle', '/project/b.json', '/pages/0/$ref'],
      ['path-outside-root', '/project/docs.json', '/x/$ref'],
    ]);
  });

  it('reports problems inside a referenced file in that file', () => {
    const doc = loadDocument('/project/docs.json', '{"navigation": {"$ref": "nav.json"}}', { readFile: project({ 'nav.json': '{\n  "tabs": [,]\n}' }) });
    expect(doc.findings.map((f) => [f.code, f.source.file])).toEqual([['parse-error', '/project/nav.json']]);
    expect(doc.findings[0].source.rangeOf(...doc.findings[0].span!)).toMatchObject({ line: 2, column: 12 });
  });

  it('reads each target once, however often it is referenced', () => {
    let reads = 0;
    const read = (absolute: string) => {
      reads++;
      return project({ 'g.json': '{"group": "G", "pages": ["x"]}' })(absolute);
    };
    const doc = loadDocument('/project/docs.json', '{"navigation": {"groups": [{"$ref": "g.json"}, {"$ref": "g.json"}, {"$ref": "./g.json"}]}}', {
      readFile: read,
    });
    expect(reads).toBe(1);
    expect((doc.value as { navigation: { groups: unknown[] } }).navigation.groups).toHaveLength(3);
  });
});
