/**
 * Completion (src/lsp/completion.ts, and handlers.ts's onCompletion) through a real LSP client
 * and the language server of src/lsp in this process: the exact items, kinds, details, text
 * edits and ranges in docs.json (tab-indented, CRLF, multi-byte names) and docs.yaml.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionRequest, type CompletionItem, type Position } from 'vscode-languageserver-protocol/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { inProcessServer, startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { completionsAt } from '../../src/lsp/completion.js';
import { cursorAt } from '../../src/lsp/cursor.js';
import { siteWith } from '../move/harness.js';

const FILE = 17;
const FUNCTION = 3;
const ENUM_MEMBER = 20;
const MODULE = 9;
const PROPERTY = 10;
const PLAIN_TEXT = 1;
const SNIPPET = 2;

const DOCS = [
  '{',
  '\t"name": "Site",',
  '\t"navigation": {',
  '\t\t"tabs": [',
  '\t\t\t{',
  '\t\t\t\t"tab": "Guides 📘",',
  '\t\t\t\t"groups": [',
  '\t\t\t\t\t{ "group": "Démarrage", "root": "", "pages": ["intro", "", "guides/setup"] }',
  '\t\t\t\t]',
  '\t\t\t},',
  '\t\t\t{',
  '\t\t\t\t"tab": "API",',
  '\t\t\t\t"openapi": ["api/openapi.json", "https://example.com/spec.json", "api/missing.json", "api/second.yaml"],',
  '\t\t\t\t"groups": [',
  '\t\t\t\t\t{ "group": "Users", "pages": ["POST /users", "", { "group": "Nested", "openapi": [], "pages": [""] }] },',
  '\t\t\t\t\t{ "group": "Own", "openapi": "api/second.yaml", "pages": [""] }',
  '\t\t\t\t]',
  '\t\t\t}',
  '\t\t],',
  '\t\t"languages": [{ "language": "" }]',
  '\t}',
  '}',
  '',
].join('\r\n');

const SPEC = JSON.stringify(
  {
    openapi: '3.1.0',
    info: { title: 'A', version: '1' },
    paths: {
      '/users': { get: { summary: 'List users', responses: {} }, post: { responses: {} } },
      '/users/{id}': { delete: { 'x-excluded': true, summary: 'Gone', responses: {} } },
      // Its entry would read as a page path (three words): not offered.
      '/a b': { get: { summary: 'Spaced', responses: {} } },
    },
    webhooks: { 'user.created': { post: { summary: 'A user was created', responses: {} } } },
  },
  null,
  2,
);
const SECOND =
  'openapi: 3.0.3\ninfo:\n  title: B\n  version: "1"\npaths:\n  /users:\n    get:\n      summary: Other list\n      responses: {}\n  /orders:\n    get:\n      summary: Orders\n      responses: {}\n';

const SITE = {
  'docsnav.config.json': '{ "extends": "spec", "languageCodes": ["tlh", "en"] }',
  'intro.mdx': '---\ntitle: Intro\n---\n',
  'guides/setup.mdx': '',
  // The same page twice (.md and .mdx): offered once.
  'guides/setup.md': '',
  'guides/deploy-now.md': '',
  'guides/café.mdx': '',
  'legacy/v1.0/OLD.MDX': '',
  'notes.txt': 'not a page',
  'api/openapi.json': SPEC,
  'api/second.yaml': SECOND,
};

/** The position just after the n-th occurrence of `needle` (moved by `shift`). */
function positionOf(text: string, needle: string, nth = 0, shift = 0): Position {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`${needle} not in the text`);
  return TextDocument.create('file:///x', 'json', 1, text).positionAt(index + needle.length + shift);
}

/** A page item as withEdit makes it in JSON, replacing `range`. */
const jsonPage = (label: string, range: object) => ({
  label,
  kind: FILE,
  detail: 'page',
  textEdit: { range, newText: JSON.stringify(label) },
  filterText: JSON.stringify(label),
});

describe('docs.json', () => {
  let client: LspClient;
  let root: string;
  let file: string;
  let version = 1;
  beforeAll(async () => {
    root = siteWith({ ...SITE, 'docs.json': DOCS });
    file = path.join(root, 'docs.json');
    client = await startClient(root, { serve: await inProcessServer() });
    client.open(file, DOCS);
    await client.nextDiagnostics(uriOf(file));
  });
  afterAll(() => client.stop());

  async function complete(text: string, position: Position, uri = uriOf(file)): Promise<CompletionItem[]> {
    if (uri === uriOf(file)) client.change(file, text, ++version);
    return (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionItem[];
  }

  it('in a pages list: the page files not listed there, each replacing the string with its quotes', async () => {
    const position = positionOf(DOCS, '"intro", "');
    // The string "" on line 8, after tabs and a multi-byte group title: UTF-16 columns.
    expect(position).toEqual({ line: 7, character: 61 });
    const range = { start: { line: 7, character: 60 }, end: { line: 7, character: 62 } };
    expect(await complete(DOCS, position)).toEqual([jsonPage('guides/café', range), jsonPage('guides/deploy-now', range), jsonPage('legacy/v1.0/OLD', range)]);
  });

  it("a group's root: every page, listed or not", async () => {
    const range = { start: { line: 7, character: 37 }, end: { line: 7, character: 39 } };
    expect(await complete(DOCS, positionOf(DOCS, '"root": "'))).toEqual(
      ['guides/café', 'guides/deploy-now', 'guides/setup', 'intro', 'legacy/v1.0/OLD'].map((label) => jsonPage(label, range)),
    );
  });

  const pagesNotListed = ['guides/café', 'guides/deploy-now', 'guides/setup', 'intro', 'legacy/v1.0/OLD'];

  it("under a tab's openapi: its specs' operations too, the first spec's first, none excluded, listed, remote, missing or page-like", async () => {
    const position = positionOf(DOCS, '"POST /users", "');
    const range = { start: position, end: { line: position.line, character: position.character + 1 } };
    range.start = { line: position.line, character: position.character - 1 };
    const endpoint = (label: string, detail: string) => ({
      label,
      kind: FUNCTION,
      detail,
      textEdit: { range, newText: JSON.stringify(label) },
      filterText: JSON.stringify(label),
    });
    expect(await complete(DOCS, position)).toEqual([
      ...pagesNotListed.map((label) => jsonPage(label, range)),
      endpoint('GET /users', 'List users'),
      endpoint('webhook user.created', 'A user was created'),
      endpoint('GET /orders', 'Orders'),
    ]);
  });

  it('an operation without a summary: its spec file is the detail', async () => {
    const text = DOCS.replace('"POST /users", ""', '"GET /users", ""');
    const items = await complete(text, positionOf(text, '"GET /users", "'));
    expect(items.filter((item) => item.kind === FUNCTION).map((item) => [item.label, item.detail])).toEqual([
      ['POST /users', 'api/openapi.json'],
      ['webhook user.created', 'A user was created'],
      ['GET /orders', 'Orders'],
    ]);
  });

  it("a group whose own openapi is empty: the tab's specs apply", async () => {
    const items = await complete(DOCS, positionOf(DOCS, '"openapi": [], "pages": ["'));
    expect(items.filter((item) => item.kind === FUNCTION).map((item) => item.label)).toEqual([
      'GET /users',
      'POST /users',
      'webhook user.created',
      'GET /orders',
    ]);
  });

  it("a group's own openapi: its spec's operations only", async () => {
    const items = await complete(DOCS, positionOf(DOCS, '"api/second.yaml", "pages": ["'));
    expect(items.filter((item) => item.kind === FUNCTION).map((item) => [item.label, item.detail])).toEqual([
      ['GET /users', 'Other list'],
      ['GET /orders', 'Orders'],
    ]);
    expect(items.filter((item) => item.kind !== FUNCTION).map((item) => item.label)).toEqual(pagesNotListed);
  });

  it("a language's code: the profile's codes and the config's, once each, sorted", async () => {
    const position = positionOf(DOCS, '"language": "');
    const range = { start: { line: 19, character: 30 }, end: { line: 19, character: 32 } };
    const items = await complete(DOCS, position);
    const codes = ['ar', 'cn', 'de', 'en', 'es', 'fr', 'id', 'it', 'jp', 'ko', 'lv', 'nl', 'no', 'pt-BR', 'ru', 'sv', 'tlh', 'tr', 'ua', 'vn', 'zh-Hant'];
    expect(items).toEqual(
      codes.map((code) => ({
        label: code,
        kind: ENUM_MEMBER,
        detail: 'language code',
        textEdit: { range, newText: JSON.stringify(code) },
        filterText: JSON.stringify(code),
      })),
    );
  });

  it.each([
    ["a tab's label", '"tab": "', 0],
    ["a group's title", '"group": "', 0],
    ['the name of the site', '"name": "', 0],
  ])('%s: nothing', async (_, needle, nth) => {
    expect(await complete(DOCS, positionOf(DOCS, needle, nth))).toEqual([]);
  });

  it('a pages list outside navigation, or in an element the model does not know: nothing', async () => {
    const outside = DOCS.replace('\t"name": "Site",', '\t"name": "Site",\r\n\t"pages": [""],');
    expect(await complete(outside, positionOf(outside, '"pages": ["'))).toEqual([]);
    const unknown = DOCS.replace('"groups": [\r\n\t\t\t\t\t{ "group": "Démarrage"', '"sections": [\r\n\t\t\t\t\t{ "group": "Démarrage"');
    expect(await complete(unknown, positionOf(unknown, '"intro", "'))).toEqual([]);
  });

  it('on a listed page: that page is offered too (it is the one being replaced)', async () => {
    const range = { start: { line: 7, character: 64 }, end: { line: 7, character: 78 } };
    expect(await complete(DOCS, positionOf(DOCS, '"guides/se'))).toEqual(
      ['guides/café', 'guides/deploy-now', 'guides/setup', 'legacy/v1.0/OLD'].map((label) => jsonPage(label, range)),
    );
  });

  it('a word typed without quotes in pages: the word is replaced, filtered by the label itself', async () => {
    const text = DOCS.replace('"intro", "", "guides/setup"', '"intro", "guides/setup", gu');
    const position = positionOf(text, '"guides/setup", gu');
    const range = { start: { line: 7, character: 76 }, end: { line: 7, character: 78 } };
    expect(position).toEqual(range.end);
    expect(await complete(text, position)).toEqual(
      ['guides/café', 'guides/deploy-now', 'legacy/v1.0/OLD'].map((label) => ({ ...jsonPage(label, range), filterText: label })),
    );
  });

  describe('keys', () => {
    /** DOCS with `insert` written after the first `after`. */
    const withText = (after: string, insert: string) => DOCS.replace(after, `${after}${insert}`);

    it('a key in quotes in a group with no pages: pages, then its fields, each a snippet replacing the quoted key', async () => {
      const text = withText('{ "group": "Own", ', '"ta", ').replace('"openapi": "api/second.yaml", "pages": [""] ', '');
      const position = positionOf(text, '"Own", "ta');
      const range = { start: { line: 15, character: 23 }, end: { line: 15, character: 27 } };
      expect(position).toEqual({ line: 15, character: 26 });
      const items = await complete(text, position);
      const by = (label: string) => items.find((item) => item.label === label);
      expect(items.map((item) => item.label)).toEqual([
        'pages',
        'icon',
        'tag',
        'expanded',
        'root',
        'hidden',
        'openapi',
        'asyncapi',
        'directory',
        'public',
        'boost',
        'searchable',
        'sdk',
      ]);
      expect(by('pages')).toEqual({
        label: 'pages',
        kind: MODULE,
        detail: 'child elements',
        documentation: 'Pages (paths, endpoint entries) and groups.',
        textEdit: { range, newText: '"pages": [$0]' },
        insertTextFormat: SNIPPET,
        filterText: '"pages"',
      });
      expect(by('tag')).toEqual({
        label: 'tag',
        kind: PROPERTY,
        detail: 'string',
        documentation: 'A short label shown beside the title, e.g. "NEW".',
        textEdit: { range, newText: '"tag": "$0"' },
        insertTextFormat: SNIPPET,
        filterText: '"tag"',
      });
      expect(by('expanded')).toMatchObject({ detail: 'boolean', textEdit: { range, newText: '"expanded": $0' } });
      expect(by('icon')).toEqual({
        label: 'icon',
        kind: PROPERTY,
        documentation: 'An icon name (e.g. "book"), or an object {name, style?, library?}.',
        textEdit: { range, newText: '"icon": $0' },
        insertTextFormat: SNIPPET,
        filterText: '"icon"',
      });
      // Applied, the quoted key the user typed is replaced whole: JSON again once the snippet is filled.
      const applied = TextDocument.applyEdits(TextDocument.create(uriOf(file), 'json', 1, text), [{ range, newText: '"tag": "New"' }]);
      expect(applied.split('\r\n')[15]).toBe('\t\t\t\t\t{ "group": "Own", "tag": "New", }');
    });

    it('a key followed by its colon: the key alone, as plain text', async () => {
      const text = withText('{ "group": "Users", ', '"exp" : true, ');
      const items = await complete(text, positionOf(text, '"exp'));
      const range = { start: { line: 14, character: 25 }, end: { line: 14, character: 30 } };
      expect(items.find((item) => item.label === 'expanded')).toEqual({
        label: 'expanded',
        kind: PROPERTY,
        detail: 'boolean',
        documentation: 'Show a nested group expanded by default. Top-level groups are always expanded.',
        textEdit: { range, newText: '"expanded"' },
        insertTextFormat: PLAIN_TEXT,
        filterText: '"expanded"',
      });
      // The key being written is not taken as present; the group holds pages: no child array.
      expect(items.map((item) => item.label)).toEqual([
        'icon',
        'tag',
        'expanded',
        'root',
        'hidden',
        'openapi',
        'asyncapi',
        'directory',
        'public',
        'boost',
        'searchable',
        'sdk',
      ]);
    });

    it('a key being retyped over an existing key is offered again', async () => {
      const text = DOCS.replace('{ "group": "Own", "openapi"', '{ "group": "Own", "tag": "x", "openapi"');
      const items = await complete(text, positionOf(text, '"Own", "ta'));
      expect(items.map((item) => item.label)).toContain('tag');
      expect(items.find((item) => item.label === 'tag')?.textEdit).toEqual({
        range: { start: { line: 15, character: 23 }, end: { line: 15, character: 28 } },
        newText: '"tag"',
      });
    });

    it('a key typed without quotes: the word is replaced, filtered by the key itself', async () => {
      const text = withText('{ "group": "Own", ', 'ta ');
      const items = await complete(text, positionOf(text, '"Own", ta'));
      const range = { start: { line: 15, character: 23 }, end: { line: 15, character: 25 } };
      expect(items.find((item) => item.label === 'tag')).toEqual({
        label: 'tag',
        kind: PROPERTY,
        detail: 'string',
        documentation: 'A short label shown beside the title, e.g. "NEW".',
        textEdit: { range, newText: '"tag": "$0"' },
        insertTextFormat: SNIPPET,
        filterText: 'tag',
      });
    });

    it("a global anchor's keys: href once", async () => {
      const text = DOCS.replace('\t\t"languages"', '\t\t"global": { "anchors": [{ "anchor": "Status", "" }] },\r\n\t\t"languages"');
      const items = await complete(text, positionOf(text, '"Status", "'));
      expect(items.map((item) => [item.label, item.detail])).toEqual([
        ['href', 'string'],
        ['icon', undefined],
        ['color', undefined],
        ['hidden', 'boolean'],
        ['directory', 'string'],
      ]);
    });

    it("global's keys: the link arrays it does not hold yet", async () => {
      const text = DOCS.replace('\t\t"languages"', '\t\t"global": { "anchors": [], "" },\r\n\t\t"languages"');
      const items = await complete(text, positionOf(text, '"anchors": [], "'));
      expect(items.map((item) => [item.label, item.kind])).toEqual([
        ['tabs', MODULE],
        ['dropdowns', MODULE],
        ['products', MODULE],
        ['versions', MODULE],
        ['languages', MODULE],
      ]);
    });

    it.each([
      ['at the top of the file', '\t"name": "Site",', '\r\n\t"",', '"Site",\r\n\t"'],
      ['in a child array written as an object', '\t\t"languages": [{ "language": "" }]', ',\r\n\t\t"dropdowns": { "" }', '"dropdowns": { "'],
    ])('%s: no key', async (_, after, insert, needle) => {
      const text = withText(after, insert);
      expect(await complete(text, positionOf(text, needle))).toEqual([]);
    });
  });

  it('nothing in a file that is not the docs file (a page of the site)', async () => {
    const page = path.join(root, 'intro.mdx');
    client.open(page, '---\ntitle: Intro\n---\n');
    expect(await complete('', { line: 1, character: 3 }, uriOf(page))).toEqual([]);
  });

  it('nothing in a JSON file of the site that is not its docs file', async () => {
    const other = path.join(root, 'parts/nav.json');
    const text = '{ "navigation": { "pages": [""] } }';
    client.open(other, text);
    expect(await complete(text, positionOf(text, '["'), uriOf(other))).toEqual([]);
  });

  it('nothing for a document the editor has not opened, or outside every site', async () => {
    expect(await complete('', { line: 0, character: 0 }, uriOf(path.join(root, 'guides/deploy-now.md')))).toEqual([]);
    expect(await complete('', { line: 0, character: 0 }, 'untitled:Untitled-1')).toEqual([]);
  });

  it('nothing where the text is no JSON value yet', async () => {
    expect(await complete('', { line: 0, character: 0 })).toEqual([]);
    client.change(file, DOCS, ++version);
  });
});

describe('docs.yaml', () => {
  const YAML = [
    'name: Site',
    'navigation:',
    '  tabs:',
    '    - tab: API',
    '      openapi: api/openapi.json',
    '      groups:',
    '        - group: Démarrage',
    '          ',
    '          pages:',
    '            - intro',
    '            - ',
    '',
  ].join('\n');
  let client: LspClient;
  let file: string;
  beforeAll(async () => {
    const root = siteWith({ ...SITE, 'docs.yaml': YAML });
    file = path.join(root, 'docs.yaml');
    client = await startClient(root, { serve: await inProcessServer() });
    client.open(file, YAML);
    await client.nextDiagnostics(uriOf(file));
  });
  afterAll(() => client.stop());

  async function complete(text: string, offset: number): Promise<CompletionItem[]> {
    client.change(file, text, Date.now());
    const position = TextDocument.create(uriOf(file), 'yaml', 1, text).positionAt(offset);
    return (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: uriOf(file) }, position })) as CompletionItem[];
  }

  it('a list item: plain scalars where they are plain, quoted where YAML needs it', async () => {
    const offset = YAML.indexOf('- intro\n            - ') + 22;
    const range = { start: { line: 10, character: 14 }, end: { line: 10, character: 14 } };
    const items = await complete(YAML, offset);
    expect(items.map((item) => [item.label, item.kind, (item.textEdit as { newText: string }).newText, item.filterText])).toEqual([
      ['guides/café', FILE, '"guides/café"', 'guides/café'],
      ['guides/deploy-now', FILE, 'guides/deploy-now', 'guides/deploy-now'],
      ['guides/setup', FILE, 'guides/setup', 'guides/setup'],
      ['legacy/v1.0/OLD', FILE, 'legacy/v1.0/OLD', 'legacy/v1.0/OLD'],
      ['GET /users', FUNCTION, '"GET /users"', 'GET /users'],
      ['POST /users', FUNCTION, '"POST /users"', 'POST /users'],
      ['webhook user.created', FUNCTION, '"webhook user.created"', 'webhook user.created'],
    ]);
    for (const item of items) expect((item.textEdit as { range: object }).range).toEqual(range);
  });

  it('a document with an alias to an anchor not written yet (being typed): pages are still completed, no error', async () => {
    const text = YAML.replace('            - intro\n', '            - *intro\n');
    const items = await complete(text, text.indexOf('- *intro\n            - ') + '- *intro\n            - '.length);
    // Its value cannot be read: nothing counts as listed, and no spec is in scope.
    expect(items.map((item) => item.label)).toEqual(['guides/café', 'guides/deploy-now', 'guides/setup', 'intro', 'legacy/v1.0/OLD']);
  });

  it('a key on a blank line of a group: YAML snippets by the type of the value', async () => {
    const offset = YAML.indexOf('Démarrage\n') + 'Démarrage\n          '.length;
    const items = await complete(YAML, offset);
    const range = { start: { line: 7, character: 10 }, end: { line: 7, character: 10 } };
    expect(items.map((item) => item.label)).toEqual([
      'icon',
      'tag',
      'expanded',
      'root',
      'hidden',
      'openapi',
      'asyncapi',
      'directory',
      'public',
      'boost',
      'searchable',
      'sdk',
    ]);
    const edits = Object.fromEntries(items.map((item) => [item.label, [item.textEdit, item.insertTextFormat, item.filterText]]));
    expect(edits.tag).toEqual([{ range, newText: 'tag: $0' }, SNIPPET, 'tag']);
    expect(edits.expanded).toEqual([{ range, newText: 'expanded: $0' }, SNIPPET, 'expanded']);
    expect(edits.icon).toEqual([{ range, newText: 'icon: $0' }, SNIPPET, 'icon']);
  });

  it('an array key: its first item on the next line', async () => {
    const text = YAML.replace('          \n          pages:\n            - intro\n            - \n', '          pa\n');
    const items = await complete(text, text.indexOf('pa\n') + 2);
    expect(items.find((item) => item.label === 'pages')).toMatchObject({
      textEdit: { range: { start: { line: 7, character: 10 }, end: { line: 7, character: 12 } }, newText: 'pages: \n  - $0' },
      insertTextFormat: SNIPPET,
      filterText: 'pages',
    });
  });

  it('a key typed above another: the word is replaced by the key alone when a colon follows on its line', async () => {
    const text = YAML.replace('          \n          pages:', '          ta\n          pages:');
    const items = await complete(text, text.indexOf('ta\n') + 2);
    expect(items.find((item) => item.label === 'tag')).toMatchObject({
      textEdit: { range: { start: { line: 7, character: 10 }, end: { line: 7, character: 12 } }, newText: 'tag: $0' },
      insertTextFormat: SNIPPET,
    });
  });
});

describe('a site whose config has problems', () => {
  it('is not checked: nothing is completed', async () => {
    const root = siteWith({ 'docsnav.config.json': '{ "extends": "nope" }', 'docs.json': '{ "navigation": { "pages": [""] } }', 'intro.mdx': '' });
    const file = path.join(root, 'docs.json');
    const client = await startClient(root, { serve: await inProcessServer() });
    try {
      client.open(file, '{ "navigation": { "pages": [""] } }');
      await client.nextDiagnostics(uriOf(path.join(root, 'docsnav.config.json')), (list) => list.length > 0);
      const items = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: uriOf(file) }, position: { line: 0, character: 29 } });
      expect(items).toEqual([]);
      // Fixed: the same place completes.
      writeFileSync(path.join(root, 'docsnav.config.json'), '{ "extends": "spec" }');
      client.filesChanged([{ uri: uriOf(path.join(root, 'docsnav.config.json')), type: 2 }]);
      await client.nextDiagnostics(uriOf(file));
      const after = (await client.connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri: uriOf(file) },
        position: { line: 0, character: 29 },
      })) as CompletionItem[];
      expect(after.map((item) => item.label)).toEqual(['intro']);
    } finally {
      await client.stop();
    }
  });
});

describe('completionsAt without a docs root or a config', () => {
  const context = (text: string) => ({
    options: {},
    format: 'json' as const,
    text,
    rangeOf: ([start, end]: [number, number]) => ({ start: { line: 0, character: start }, end: { line: 0, character: end } }),
  });

  it('no page and no operation to offer; language codes from the default profile', async () => {
    const pages = '{ "navigation": { "groups": [{ "group": "G", "openapi": "api/openapi.json", "pages": [""] }] } }';
    expect(completionsAt(cursorAt(pages, 'json', pages.indexOf('[""') + 2)!, context(pages))).toEqual([]);
    const language = '{ "navigation": { "languages": [{ "language": "" }] } }';
    const codes = completionsAt(cursorAt(language, 'json', language.indexOf(': ""') + 3)!, context(language)).map((item) => item.label);
    const { profileOf } = await import('../../src/config/profiles.js');
    expect(codes).toEqual([...profileOf(undefined).languageCodes].sort());
    expect(codes).toContain('en');
  });

  it.each([
    ['an item of tabs', '{ "navigation": { "tabs": [""] } }', '[""'],
    ['an item of a list in global', '{ "navigation": { "global": [""] } }', '[""'],
    ['an item of a language written as a list', '{ "navigation": { "languages": [[""]] } }', '[[""'],
  ])('no value in %s', (_, text, needle) => {
    expect(completionsAt(cursorAt(text, 'json', text.indexOf(needle) + needle.length - 1)!, context(text))).toEqual([]);
  });
});

describe('completionsAt without specs', () => {
  it('offers no operation when the specs are not read (--no-specs)', () => {
    const root = siteWith({ 'api/openapi.json': SPEC, 'intro.mdx': '' });
    const text = '{ "navigation": { "openapi": "api/openapi.json", "pages": [""] } }';
    const cursor = cursorAt(text, 'json', text.indexOf('[""') + 2)!;
    const context = (specs?: boolean) => ({
      options: { root, specs },
      format: 'json' as const,
      text,
      rangeOf: ([start, end]: [number, number]) => ({ start: { line: 0, character: start }, end: { line: 0, character: end } }),
    });
    expect(completionsAt(cursor, context(false)).map((item) => item.label)).toEqual(['intro']);
    // The navigation root takes no openapi (the platform strips it): no operation either way.
    expect(completionsAt(cursor, context()).map((item) => item.label)).toEqual(['intro']);
    const inGroup = '{ "navigation": { "groups": [{ "group": "G", "openapi": "api/openapi.json", "pages": [""] }] } }';
    const groupCursor = cursorAt(inGroup, 'json', inGroup.indexOf('[""') + 2)!;
    expect(completionsAt(groupCursor, { ...context(false), text: inGroup }).map((item) => item.label)).toEqual(['intro']);
    expect(completionsAt(groupCursor, { ...context(true), text: inGroup }).map((item) => item.label)).toEqual([
      'intro',
      'GET /users',
      'POST /users',
      'webhook user.created',
    ]);
  });
});

describe('completionsAt: only a page list offers pages, only a language element its codes', () => {
  const root = siteWith({ 'api/openapi.json': SPEC, 'intro.mdx': '' });
  const at = (text: string, needle: string) => {
    const cursor = cursorAt(text, 'json', text.indexOf(needle) + needle.length - 1)!;
    const context = {
      options: { root },
      format: 'json' as const,
      text,
      rangeOf: ([start, end]: [number, number]) => ({ start: { line: 0, character: start }, end: { line: 0, character: end } }),
    };
    return completionsAt(cursor, context).map((item) => item.label);
  };

  it('a page list of a group (the control): its pages and its operations', () => {
    const text = '{ "navigation": { "groups": [{ "group": "G", "openapi": ["api/openapi.json"], "pages": [""] }] } }';
    expect(at(text, '"pages": [""')).toEqual(['intro', 'GET /users', 'POST /users', 'webhook user.created']);
  });

  it.each([
    // An item of another array of an element (its openapi sources), and a value inside an object field of one (its icon).
    [
      "an item of a group's openapi list",
      '{ "navigation": { "groups": [{ "group": "G", "openapi": ["api/openapi.json", ""], "pages": ["intro"] }] } }',
      '.json", ""',
    ],
    ["the name of a group's icon object", '{ "navigation": { "groups": [{ "group": "G", "icon": { "name": "" }, "pages": ["intro"] }] } }', '"name": ""'],
    // A `language` key outside a language element: no language code.
    ['a language key in a version', '{ "navigation": { "versions": [{ "version": "v1", "language": "", "pages": ["intro"] }] } }', '"language": ""'],
    ['a language key in a group', '{ "navigation": { "groups": [{ "group": "G", "language": "", "pages": ["intro"] }] } }', '"language": ""'],
  ])('%s: nothing', (_, text, needle) => {
    expect(at(text, needle)).toEqual([]);
  });
});
