/**
 * `$ref` following (src/source/refs.ts), case by case: what each kind of target becomes, the
 * exact message of each way a `$ref` cannot be followed, and the way back from every part of the
 * merged document to the file and pointer it was written at.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadOutcome } from '../../src/files.js';
import { formatOf } from '../../src/source/index.js';
import { loadDocument, type LoadedDocument } from '../../src/source/refs.js';

/** A tiny in-memory project under /project. */
function project(files: Record<string, string>) {
  return (absolute: string) => files[path.relative('/project', absolute)];
}

function load(main: string, files: Record<string, string> = {}): LoadedDocument {
  return loadDocument('/project/docs.json', main, { readFile: project(files) });
}

/** File and pointer a pointer into the loaded value came from. */
function where(doc: LoadedDocument, pointer: string): [string, string] {
  const origin = doc.origin(pointer);
  return [origin.source.file, origin.pointer];
}

function problems(doc: LoadedDocument) {
  return doc.findings.map((f) => ({ code: f.code, message: f.message, pointer: f.pointer, file: f.source.file }));
}

const notRelative = (ref: string) => `\`$ref\` "${ref}" is not a relative file path; docsnav follows only files inside the project.`;

describe('a document without $ref', () => {
  it('gives back its own findings, each in the main file', () => {
    const doc = load('{\n  "name": "A",\n  "name": "B"\n}');
    expect(doc.findings.map((f) => [f.code, f.pointer])).toEqual([['duplicate-key', '/name']]);
    expect(doc.findings[0].source).toBe(doc.main);
  });

  it('keeps the findings of a main file that does have $refs, in the main file', () => {
    const doc = load('{"navigation": {"$ref": "nav.json"}, "name": "A", "name": "B"}', { 'nav.json': '{"tabs": []}' });
    expect(doc.findings.map((f) => [f.code, f.source.file])).toEqual([['duplicate-key', '/project/docs.json']]);
    expect(doc.findings[0].source).toBe(doc.main);
  });

  it('maps every pointer to itself in the main file, as written', () => {
    const doc = load('{"navigation": {"tabs": []}}');
    expect(doc.files).toEqual([doc.main]);
    expect(where(doc, '/navigation/tabs')).toEqual(['/project/docs.json', '/navigation/tabs']);
    // Not rewritten segment by segment: an odd escape stays as the caller wrote it.
    expect(where(doc, '/navigation/a~2b')).toEqual(['/project/docs.json', '/navigation/a~2b']);
    expect(doc.isUnresolved('/navigation')).toBe(false);
  });

  it('does not follow anything in a main file that does not parse', () => {
    const doc = load('{"navigation": {"$ref": "nav.json"', { 'nav.json': '{}' });
    expect(doc.value).toBeUndefined();
    expect(doc.files).toEqual([doc.main]);
    expect(doc.findings.map((f) => f.code)).toEqual(['parse-error']);
    expect(where(doc, '/navigation/a~2b')).toEqual(['/project/docs.json', '/navigation/a~2b']);
  });

  it('parses the main file by its name, or as told', () => {
    expect(loadDocument('/project/docs.json', '{"a": 1}').main.format).toBe('json');
    expect(loadDocument('/project/docs.yaml', 'a: 1\n').main.format).toBe('yaml');
    expect(loadDocument('/project/docs.json', 'a: 1\n', { format: 'yaml' }).value).toEqual({ a: 1 });
  });
});

describe('formatOf', () => {
  it.each([
    ['docs.json', 'json'],
    ['nav.yaml', 'yaml'],
    ['nav.yml', 'yaml'],
    ['NAV.YML', 'yaml'],
    ['nav.yaml.json', 'json'],
    ['nav.yml.bak', 'json'],
    ['yaml', 'json'],
  ])('%s is %s', (file, format) => {
    expect(formatOf(file)).toBe(format);
  });

  it('reads a target by its own extension', () => {
    const doc = load('{"a": {"$ref": "a.yml"}, "b": {"$ref": "b.yaml.json"}}', {
      'a.yml': 'tabs:\n  - tab: A\n',
      'b.yaml.json': '{"tab": "B"}',
    });
    expect(doc.findings).toEqual([]);
    expect(doc.value).toEqual({ a: { tabs: [{ tab: 'A' }] }, b: { tab: 'B' } });
    expect(doc.files.map((f) => [f.file, f.format])).toEqual([
      ['/project/docs.json', 'json'],
      ['/project/a.yml', 'yaml'],
      ['/project/b.yaml.json', 'json'],
    ]);
  });
});

describe('what a $ref becomes', () => {
  it('replaces a top-level $ref by the whole target, which is then where everything comes from', () => {
    const doc = load('{"$ref": "nav.json"}', { 'nav.json': '{\n  "tabs": [{"tab": "A"}]\n}' });
    expect(doc.findings).toEqual([]);
    expect(doc.value).toEqual({ tabs: [{ tab: 'A' }] });
    expect(where(doc, '')).toEqual(['/project/nav.json', '']);
    expect(where(doc, '/tabs/0/tab')).toEqual(['/project/nav.json', '/tabs/0/tab']);
    expect(doc.isUnresolved('')).toBe(false);
  });

  it('keeps a top-level $ref that cannot be followed, and says everything in it is unresolved', () => {
    const doc = load('{"$ref": "gone.json"}');
    expect(doc.value).toEqual({ $ref: 'gone.json' });
    expect(doc.isUnresolved('')).toBe(true);
    expect(doc.isUnresolved('/tabs')).toBe(true);
  });

  it('maps the main file’s own keys to the main file', () => {
    const doc = load('{"name": "A", "navigation": {"$ref": "nav.json"}}', { 'nav.json': '{"tabs": []}' });
    expect(where(doc, '')).toEqual(['/project/docs.json', '']);
    expect(where(doc, '/name')).toEqual(['/project/docs.json', '/name']);
    expect(where(doc, '/navigation')).toEqual(['/project/nav.json', '']);
    expect(where(doc, '/navigation/tabs')).toEqual(['/project/nav.json', '/tabs']);
  });

  it('replaces a $ref by a string, a number, null or an array target as it is', () => {
    const doc = load('{"name": {"$ref": "name.json"}, "n": {"$ref": "n.json"}, "logo": {"$ref": "null.json"}, "pages": {"$ref": "pages.json"}}', {
      'name.json': '"Acme"',
      'n.json': '7',
      'null.json': 'null',
      'pages.json': '["a", "b"]',
    });
    expect(doc.findings).toEqual([]);
    expect(doc.value).toEqual({ name: 'Acme', n: 7, logo: null, pages: ['a', 'b'] });
    expect(where(doc, '/pages/1')).toEqual(['/project/pages.json', '/1']);
  });

  it('replaces a $ref with a fragment by the value there, whatever it is', () => {
    const meta = '{"title": "Acme Docs", "pages": ["a", "b"], "nav": {"tabs": [{"tab": "A"}]}, "off": false}';
    const doc = load(
      '{"t": {"$ref": "meta.json#/title"}, "p": {"$ref": "meta.json#/pages"}, "n": {"$ref": "meta.json#/nav"}, "o": {"$ref": "meta.json#/off"}}',
      {
        'meta.json': meta,
      },
    );
    expect(doc.findings).toEqual([]);
    expect(doc.value).toEqual({ t: 'Acme Docs', p: ['a', 'b'], n: { tabs: [{ tab: 'A' }] }, o: false });
    expect(where(doc, '/n')).toEqual(['/project/meta.json', '/nav']);
    expect(where(doc, '/n/tabs/0/tab')).toEqual(['/project/meta.json', '/nav/tabs/0/tab']);
    expect(where(doc, '/p/0')).toEqual(['/project/meta.json', '/pages/0']);
    expect(doc.files).toHaveLength(2);
  });

  it('merges keys beside a $ref over an object target only: a string or an array target stays as it is', () => {
    const doc = load(
      '{"t": {"$ref": "meta.json#/title", "icon": "x"}, "p": {"$ref": "meta.json#/pages", "icon": "x"}, "g": {"$ref": "meta.json#/group", "icon": "x"}}',
      { 'meta.json': '{"title": "Acme", "pages": ["a"], "group": {"group": "G", "icon": "old"}}' },
    );
    expect(doc.findings).toEqual([]);
    expect(doc.value).toEqual({ t: 'Acme', p: ['a'], g: { group: 'G', icon: 'x' } });
    expect(Array.isArray((doc.value as { p: unknown }).p)).toBe(true);
    expect(where(doc, '/g/group')).toEqual(['/project/meta.json', '/group/group']);
    expect(where(doc, '/g/icon')).toEqual(['/project/docs.json', '/g/icon']);
  });

  it('shares one target between the $refs to it when nothing is written beside them', () => {
    const doc = load('{"groups": [{"$ref": "g.json"}, {"$ref": "./g.json"}, {"$ref": "g.json#/pages"}, {"$ref": "g.json#/pages"}]}', {
      'g.json': '{"group": "G", "pages": ["x"]}',
    });
    expect(doc.findings).toEqual([]);
    const groups = (doc.value as { groups: unknown[] }).groups;
    expect(groups).toEqual([{ group: 'G', pages: ['x'] }, { group: 'G', pages: ['x'] }, ['x'], ['x']]);
    expect(groups[0]).toBe(groups[1]);
    expect(groups[2]).toBe(groups[3]);
    expect(groups[2]).toBe((groups[0] as { pages: unknown }).pages);
    expect(doc.files.map((f) => f.file)).toEqual(['/project/docs.json', '/project/g.json']);
  });

  it('follows $refs written beside a $ref and inside what is merged', () => {
    const doc = load('{"navigation": {"$ref": "nav.json", "global": {"$ref": "global.json"}, "": {"$ref": "e.json"}}}', {
      'nav.json': '{"tabs": []}',
      'global.json': '{"anchors": [{"anchor": "Blog"}]}',
      'e.json': '1',
    });
    expect(doc.findings).toEqual([]);
    expect(doc.value).toEqual({ navigation: { tabs: [], global: { anchors: [{ anchor: 'Blog' }] }, '': 1 } });
    expect(where(doc, '/navigation/global/anchors/0')).toEqual(['/project/global.json', '/anchors/0']);
    expect(where(doc, '/navigation/tabs')).toEqual(['/project/nav.json', '/tabs']);
  });

  it('reports a $ref under a key named "undefined" once', () => {
    const doc = load('{"undefined": {"$ref": "gone.json"}, "x": [{"$ref": "gone.json"}]}');
    expect(doc.findings.map((f) => f.pointer)).toEqual(['/undefined/$ref', '/x/0/$ref']);
  });

  it('sets replaced and merged keys as ordinary own properties', () => {
    const doc = load('{"navigation": {"$ref": "nav.json", "icon": "x"}, "name": {"$ref": "name.json"}}', {
      'nav.json': '{"tabs": []}',
      'name.json': '"Acme"',
    });
    const value = doc.value as Record<string, Record<string, unknown>>;
    const plain = { writable: true, enumerable: true, configurable: true };
    expect(Object.getOwnPropertyDescriptor(value, 'name')).toEqual({ value: 'Acme', ...plain });
    expect(Object.getOwnPropertyDescriptor(value, 'navigation')).toEqual({ value: { tabs: [], icon: 'x' }, ...plain });
    expect(Object.getOwnPropertyDescriptor(value.navigation, 'icon')).toEqual({ value: 'x', ...plain });
    expect(Object.getOwnPropertyDescriptor(value.navigation, 'tabs')).toEqual({ value: [], ...plain });
    value.navigation.icon = 'y';
    delete value.navigation.tabs;
    expect(value.navigation).toEqual({ icon: 'y' });
  });
});

describe('where a part of a chain of $refs comes from', () => {
  const files = {
    'b.json': '{"$ref": "c.json#/groups/0"}',
    'c.json': '{"groups": [{"group": "G", "pages": ["p"]}]}',
  };

  it('a file that is itself a $ref: the part comes from the last file', () => {
    const doc = load('{"navigation": {"$ref": "b.json"}}', files);
    expect(doc.findings).toEqual([]);
    expect(doc.value).toEqual({ navigation: { group: 'G', pages: ['p'] } });
    expect(where(doc, '/navigation')).toEqual(['/project/c.json', '/groups/0']);
    expect(where(doc, '/navigation/group')).toEqual(['/project/c.json', '/groups/0/group']);
  });

  it('with keys beside the first $ref: those from the main file, the rest from the last file', () => {
    const doc = load('{"navigation": {"$ref": "b.json", "icon": "i"}}', files);
    expect(doc.value).toEqual({ navigation: { group: 'G', pages: ['p'], icon: 'i' } });
    expect(where(doc, '/navigation/group')).toEqual(['/project/c.json', '/groups/0/group']);
    expect(where(doc, '/navigation/pages/0')).toEqual(['/project/c.json', '/groups/0/pages/0']);
    expect(where(doc, '/navigation/icon')).toEqual(['/project/docs.json', '/navigation/icon']);
  });
});

describe('a $ref that cannot be followed', () => {
  it.each([
    '#/definitions/nav',
    '#',
    'https://example.com/nav.json',
    'HTTP://example.com/nav.json',
    'file:///etc/passwd',
    'git+ssh://host/x.json',
    'a1.b-c+d:x',
    'mailto:x',
  ])('%s is not a relative file path', (ref) => {
    let reads = 0;
    const doc = loadDocument('/project/docs.json', JSON.stringify({ navigation: { $ref: ref } }), {
      readFile: () => {
        reads++;
        return '{}';
      },
    });
    expect(problems(doc)).toEqual([{ code: 'ref-not-found', message: notRelative(ref), pointer: '/navigation/$ref', file: '/project/docs.json' }]);
    expect(reads).toBe(0);
    expect(doc.isUnresolved('/navigation/tabs')).toBe(true);
    expect(doc.value).toEqual({ navigation: { $ref: ref } });
  });

  it.each([
    ['parts/v1:nav.json', 'parts/v1:nav.json'],
    ['1abc:nav.json', '1abc:nav.json'],
  ])('%s is a file path, though it has a colon', (ref, file) => {
    const doc = load(JSON.stringify({ navigation: { $ref: ref } }), { [file]: '{"tabs": []}' });
    expect(doc.findings).toEqual([]);
    expect(doc.value).toEqual({ navigation: { tabs: [] } });
  });

  it('reports a path outside the root, named with the root', () => {
    const doc = load('{"x": {"$ref": "../outside.json"}}', { '../outside.json': '{}' });
    expect(problems(doc)).toEqual([
      {
        code: 'path-outside-root',
        message: '`$ref` "../outside.json" points outside the project root (/project).',
        pointer: '/x/$ref',
        file: '/project/docs.json',
      },
    ]);
  });

  it('reports a cycle where it closes', () => {
    const doc = load('{"navigation": {"$ref": "a.json"}}', { 'a.json': '{"pages": [{"$ref": "b.json"}]}', 'b.json': '{"pages": [{"$ref": "a.json"}]}' });
    expect(problems(doc)).toEqual([
      {
        code: 'ref-cycle',
        message: '`$ref` "a.json" leads back to a file that is already being included (a cycle).',
        pointer: '/pages/0/$ref',
        file: '/project/b.json',
      },
    ]);
    expect(doc.isUnresolved('/navigation/pages/0/pages/0')).toBe(true);
    expect(doc.isUnresolved('/navigation/pages/0')).toBe(false);
  });

  it('reports a fragment with nothing there, in the file of the $ref', () => {
    const doc = load('{"navigation": {"$ref": "nav/main.json"}}', {
      'nav/main.json': '{"tabs": [{"$ref": "../parts.json#/tabs/5", "icon": "x"}]}',
      'parts.json': '{"tabs": []}',
    });
    expect(problems(doc)).toEqual([
      {
        code: 'ref-not-found',
        message: '`$ref` "../parts.json#/tabs/5": /project/parts.json has nothing at #/tabs/5.',
        pointer: '/tabs/0/$ref',
        file: '/project/nav/main.json',
      },
    ]);
    expect(doc.value).toEqual({ navigation: { tabs: [{ $ref: '../parts.json#/tabs/5', icon: 'x' }] } });
    expect(doc.isUnresolved('/navigation/tabs/0/icon')).toBe(true);
    expect(doc.isUnresolved('/navigation/tabs')).toBe(false);
  });

  it('leaves a $ref to a file that does not parse in place, the parse error in that file', () => {
    const doc = load('{"navigation": {"$ref": "nav.json"}}', { 'nav.json': '{"tabs": [' });
    expect(doc.findings.map((f) => [f.code, f.source.file])).toEqual([['parse-error', '/project/nav.json']]);
    expect(doc.value).toEqual({ navigation: { $ref: 'nav.json' } });
    expect(doc.isUnresolved('/navigation')).toBe(true);
  });

  const failed = (reason: Extract<ReadOutcome, { ok: false }>['reason'], detail: string): ReadOutcome => ({ ok: false, reason, detail });
  it.each([
    [failed('missing', 'no file'), 'ref-not-found', '`$ref` "nav/fr.json": no file at nav/fr.json.'],
    [
      failed('outside-root', 'a symlink'),
      'path-outside-root',
      '`$ref` "nav/fr.json": nav/fr.json leads outside the docs root (through a symlink), so it is not read.',
    ],
    [failed('unreadable', 'EACCES'), 'ref-not-found', '`$ref` "nav/fr.json": nav/fr.json cannot be read: EACCES.'],
    [failed('not-regular', 'a folder'), 'ref-not-found', '`$ref` "nav/fr.json": nav/fr.json is a folder, not a regular file.'],
    [failed('too-big', '300 MB'), 'ref-not-found', '`$ref` "nav/fr.json": nav/fr.json is too big to read (300 MB).'],
  ])('reports a read that failed (%j) as %s', (outcome, code, message) => {
    const asked: string[] = [];
    const doc = loadDocument('/project/docs.json', '{"navigation": {"languages": [{"$ref": "nav/fr.json"}]}}', {
      reader: (absolute) => {
        asked.push(absolute);
        return outcome;
      },
    });
    expect(asked).toEqual(['/project/nav/fr.json']);
    expect(problems(doc)).toEqual([{ code, message, pointer: '/navigation/languages/0/$ref', file: '/project/docs.json' }]);
    expect(doc.isUnresolved('/navigation/languages/0')).toBe(true);
  });

  it('names the root itself by its absolute path', () => {
    const doc = load('{"navigation": {"$ref": "."}}');
    expect(problems(doc)).toEqual([
      { code: 'ref-not-found', message: '`$ref` ".": no file at /project.', pointer: '/navigation/$ref', file: '/project/docs.json' },
    ]);
  });

  it('reads nothing without a root or readFile', () => {
    const doc = loadDocument('/project/docs.json', '{"navigation": {"$ref": "nav.json"}}');
    expect(problems(doc)).toEqual([
      {
        code: 'ref-not-found',
        message: '`$ref` "nav.json": nav.json was not read: no docs root was given (pass `root` or `readFile`).',
        pointer: '/navigation/$ref',
        file: '/project/docs.json',
      },
    ]);
  });
});
