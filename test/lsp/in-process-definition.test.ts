/**
 * Go to definition and hover (src/lsp/definition.ts, hover.ts, and handlers.ts's onDefinition
 * and onHover) through a real LSP client and the language server of src/lsp in this process:
 * exact locations (the operation's key in the spec), exact markdown.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefinitionRequest, HoverRequest, type Hover, type Location, type Position } from 'vscode-languageserver-protocol/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { inProcessServer, startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { cursorAt } from '../../src/lsp/cursor.js';
import { definitionAt } from '../../src/lsp/definition.js';
import type { SiteCheck } from '../../src/lsp/sites.js';
import { siteWith } from '../move/harness.js';

const DOCS = [
  '{',
  '\t"name": "Café ☕",',
  '\t"navigation": {',
  '\t\t"tabs": [',
  '\t\t\t{',
  '\t\t\t\t"tab": "Guides",',
  '\t\t\t\t"groups": [',
  '\t\t\t\t\t{ "group": "Démarrage", "pages": ["intro", "guides/setup", "missing"] },',
  '\t\t\t\t\t{ "group": "Hidden", "hidden": true, "pages": ["secret"] },',
  '\t\t\t\t\t{ "$ref": "parts/more.json" },',
  '\t\t\t\t\t{ "$ref": "../outside.json" }',
  '\t\t\t\t]',
  '\t\t\t},',
  '\t\t\t{',
  '\t\t\t\t"tab": "API",',
  '\t\t\t\t"openapi": "/api/openapi.json",',
  '\t\t\t\t"groups": [{ "group": "Users", "pages": ["GET /users", "POST /users", "webhook user.created"] }]',
  '\t\t\t},',
  '\t\t\t{ "tab": "Remote", "openapi": "https://example.com/openapi.json", "pages": ["GET /remote"] }',
  '\t\t]',
  '\t}',
  '}',
  '',
].join('\r\n');

const SPEC = JSON.stringify(
  {
    openapi: '3.1.0',
    info: { title: 'API', version: '1' },
    paths: { '/users': { get: { summary: 'List users', responses: {} }, post: { responses: {} } } },
    webhooks: { 'user.created': { post: { summary: 'A user was created', responses: {} } } },
  },
  null,
  2,
);

/** The position just after the n-th occurrence of `needle` in `text` (moved by `shift`). */
function positionOf(text: string, needle: string, shift = 0, nth = 0): Position {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`${needle} not in the text`);
  return TextDocument.create('file:///x', 'json', 1, text).positionAt(index + needle.length + shift);
}

const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

describe('definition and hover', () => {
  let client: LspClient;
  let root: string;
  let file: string;
  let version = 1;
  beforeAll(async () => {
    root = siteWith({
      'docsnav.config.json': '{ "extends": "spec" }',
      'docs.json': DOCS,
      'intro.mdx': '---\ntitle: Introduction\n---\n',
      'guides/setup.mdx': '---\ntitle: Set up ⚙\n---\n',
      'secret.mdx': '---\ntitle: Secret\n---\n',
      'parts/more.json': '{ "group": "More", "pages": ["intro"] }',
      'api/openapi.json': SPEC,
    });
    file = path.join(root, 'docs.json');
    client = await startClient(root, { serve: await inProcessServer() });
    client.open(file, DOCS);
    await client.nextDiagnostics(uriOf(file));
  });
  afterAll(() => client.stop());

  const definition = async (position: Position, uri = uriOf(file)) =>
    (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position })) as Location | null;
  const hover = async (position: Position, uri = uriOf(file)): Promise<Hover | null> =>
    await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
  const markdown = async (position: Position, uri = uriOf(file)) =>
    ((await hover(position, uri))?.contents as { kind: string; value: string } | undefined)?.value;

  describe('definition', () => {
    it('a page entry: its file, at its start', async () => {
      expect(await definition(positionOf(DOCS, '"guides/se'))).toEqual({ uri: uriOf(path.join(root, 'guides/setup.mdx')), range: START });
    });

    it.each([
      ['GET /users', '"GET /us', 8, 6],
      ['POST /users', '"POST /us', 12, 6],
      ['a webhook', '"webhook user', 18, 4],
    ])('an endpoint entry (%s): the operation key in the spec', async (_, needle, line, character) => {
      const found = await definition(positionOf(DOCS, needle));
      expect(found?.uri).toBe(uriOf(path.join(root, 'api/openapi.json')));
      expect(found?.range.start).toEqual({ line, character });
    });

    it("the GET operation's range is its key in the spec, quotes included", async () => {
      const found = (await definition(positionOf(DOCS, '"GET /us')))!;
      const lines = SPEC.split('\n');
      expect(lines[found.range.start.line].slice(found.range.start.character, found.range.end.character)).toBe('"get"');
      expect(found.range.end).toEqual({ line: found.range.start.line, character: found.range.start.character + 5 });
    });

    it('an openapi value (written from the root, with a slash): the spec', async () => {
      expect(await definition(positionOf(DOCS, '"/api/open'))).toEqual({ uri: uriOf(path.join(root, 'api/openapi.json')), range: START });
    });

    it('a $ref: its target, relative to the file', async () => {
      expect(await definition(positionOf(DOCS, '"parts/mo'))).toEqual({ uri: uriOf(path.join(root, 'parts/more.json')), range: START });
    });

    it.each([
      ['a $ref that leads outside the docs root', '"../outs'],
      ['a remote spec', '"https://exa'],
      ['an endpoint of a remote spec', '"GET /rem'],
      ['a page entry with no file', '"missi'],
      ["a tab's label", '"Gui'],
      ['a key', '"pag'],
      ['a boolean', '"hidden": tr'],
      ['the name of the site', '"Caf'],
    ])('%s: none', async (_, needle) => {
      expect(await definition(positionOf(DOCS, needle))).toBeNull();
    });

    it("in a $ref target: its $ref-free entries are not the docs file's, none", async () => {
      const more = path.join(root, 'parts/more.json');
      client.open(more, '{ "group": "More", "pages": ["intro"] }');
      expect(await definition({ line: 0, character: 31 }, uriOf(more))).toBeNull();
    });

    it('docs.json edited: the entries are found where the edit put them', async () => {
      const edited = DOCS.replace('"pages": ["intro", "guides/setup"', '"pages": ["guides/setup", "intro"');
      client.change(file, edited, ++version);
      await client.nextDiagnostics(uriOf(file));
      expect(await definition(positionOf(edited, '"guides/se'))).toEqual({ uri: uriOf(path.join(root, 'guides/setup.mdx')), range: START });
      expect(await definition(positionOf(edited, '"intr'))).toEqual({ uri: uriOf(path.join(root, 'intro.mdx')), range: START });
      client.change(file, DOCS, ++version);
      await client.nextDiagnostics(uriOf(file));
    });

    it('a file of no site: none', async () => {
      expect(await definition({ line: 0, character: 0 }, 'untitled:Untitled-1')).toBeNull();
    });

    it('the $ref key, not its value: none', async () => {
      expect(await definition(positionOf(DOCS, '"$re'))).toBeNull();
    });

    it('a $ref in a $ref target: relative to that file', async () => {
      const more = path.join(root, 'parts/more.json');
      const text = '{ "group": "More", "pages": ["intro", { "$ref": "nested.json" }] }';
      client.open(more, text);
      expect(await definition(positionOf(text, '"nest'), uriOf(more))).toEqual({ uri: uriOf(path.join(root, 'parts/nested.json')), range: START });
    });

    it('an asyncapi value in any JSON file of the site: the spec, from the docs root', async () => {
      const other = path.join(root, 'parts/events.json');
      const text = '{ "asyncapi": "/events/asyncapi.yaml" }';
      client.open(other, text);
      expect(await definition(positionOf(text, '"/ev'), uriOf(other))).toEqual({ uri: uriOf(path.join(root, 'events/asyncapi.yaml')), range: START });
    });

    it("a copy of docs.json's text in another file: its entries are not docs.json's pages", async () => {
      const copy = path.join(root, 'copy.json');
      client.open(copy, DOCS);
      expect(await definition(positionOf(DOCS, '"guides/se'), uriOf(copy))).toBeNull();
      expect(await hover(positionOf(DOCS, '"guides/se'), uriOf(copy))).toBeNull();
      // docs.json's problem at the same place is not the copy's.
      expect(await hover(positionOf(DOCS, '"missi'), uriOf(copy))).toBeNull();
    });

    it('an openapi value that is no string: none', async () => {
      const other = path.join(root, 'parts/number.json');
      const text = '{ "openapi": 3, "$ref": false }';
      client.open(other, text);
      expect(await definition(positionOf(text, '"openapi": '), uriOf(other))).toBeNull();
      expect(await definition(positionOf(text, '"$ref": '), uriOf(other))).toBeNull();
    });

    it.each([
      ['the docs root itself (a folder)', () => '"."'],
      ['a sibling of the docs root whose name starts with its name', () => JSON.stringify(`../${path.basename(root)}-sibling.json`)],
    ])('a $ref to %s: none', async (_, target) => {
      const edited = DOCS.replace('"../outside.json"', target());
      client.change(file, edited, ++version);
      await client.nextDiagnostics(uriOf(file));
      expect(await definition(positionOf(edited, '"$ref": "', 1, 1))).toBeNull();
      client.change(file, DOCS, ++version);
      await client.nextDiagnostics(uriOf(file));
    });
  });

  describe('hover', () => {
    it('a page entry: its URL and title, its file, its trail', async () => {
      expect(await markdown(positionOf(DOCS, '"guides/se'))).toBe('**`/guides/setup`**: Set up ⚙\n\nFile: `guides/setup.mdx`\n\nIn: Guides › Démarrage');
    });

    it('a hidden page says so', async () => {
      expect(await markdown(positionOf(DOCS, '"secr'))).toBe('**`/secret`**: Secret (hidden)\n\nFile: `secret.mdx`\n\nIn: Guides › Hidden');
    });

    it('an endpoint entry: the operation, its summary when it has one', async () => {
      expect(await markdown(positionOf(DOCS, '"GET /us'))).toBe(
        '**`/api-reference/list-users`**: List users\n\nGET `/users` in `api/openapi.json`: List users\n\nIn: API › Users',
      );
      expect(await markdown(positionOf(DOCS, '"POST /us'))).toBe(
        '**`/api-reference/post-users`**: Post users\n\nPOST `/users` in `api/openapi.json`\n\nIn: API › Users',
      );
    });

    it("a problem under the cursor: its rule's documentation, after what the entry became", async () => {
      const value = (await markdown(positionOf(DOCS, '"missi')))!;
      const parts = value.split('\n\n---\n\n');
      expect(parts).toHaveLength(2);
      expect(parts[0]).toBe('**`/missing`**: Missing\n\nIn: Guides › Démarrage');
      expect(parts[1].startsWith('#### `page-not-found`')).toBe(true);
      // The documentation whole, its heading first, nothing around it.
      expect(parts[1]).toBe(parts[1].trim());
      expect(parts[1].length).toBeGreaterThan(100);
    });

    it('a range that is a hover of markdown', async () => {
      expect((await hover(positionOf(DOCS, '"guides/se')))?.contents).toMatchObject({ kind: 'markdown' });
    });

    it.each([
      ["a tab's label", '"Gui'],
      ['a key', '"pag'],
      ['the name of the site', '"Caf'],
    ])('%s: none', async (_, needle) => {
      expect(await hover(positionOf(DOCS, needle))).toBeNull();
    });

    it('a file of no site: none', async () => {
      expect(await hover({ line: 0, character: 0 }, 'untitled:Untitled-1')).toBeNull();
    });
  });
});

describe('hover on pages at the top and a group root', () => {
  it('a page outside any group: no trail; a group root: its page; the key before it: nothing', async () => {
    const docs = '{\n  "navigation": {\n    "pages": ["intro", { "group": "Guides", "root": "guides/index", "pages": ["guides/setup"] }]\n  }\n}\n';
    const root = siteWith({
      'docsnav.config.json': '{ "extends": "spec" }',
      'docs.json': docs,
      'intro.mdx': '---\ntitle: Intro\n---\n',
      'guides/index.mdx': '---\ntitle: All guides\n---\n',
      'guides/setup.mdx': '---\ntitle: Setup\n---\n',
    });
    const file = path.join(root, 'docs.json');
    const client = await startClient(root, { serve: await inProcessServer() });
    try {
      client.open(file, docs);
      expect(await client.nextDiagnostics(uriOf(file))).toEqual([]);
      const markdown = async (needle: string) =>
        (
          (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(file) }, position: positionOf(docs, needle) }))?.contents as
            { value: string } | undefined
        )?.value;
      expect(await markdown('"intr')).toBe('**`/intro`**: Intro\n\nFile: `intro.mdx`');
      expect(await markdown('"guides/ind')).toBe('**`/guides/index`**: All guides\n\nFile: `guides/index.mdx`\n\nIn: Guides');
      expect(await markdown('"roo')).toBeUndefined();
      expect(await markdown('"guides/se')).toBe('**`/guides/setup`**: Setup\n\nFile: `guides/setup.mdx`\n\nIn: Guides');
    } finally {
      await client.stop();
    }
  });
});

describe('a site whose config has problems', () => {
  it('is not checked: no definition, no hover in its docs file', async () => {
    const docs = '{ "navigation": { "pages": ["intro"] } }';
    const root = siteWith({ 'docsnav.config.json': '{ "extends": "nope" }', 'docs.json': docs, 'intro.mdx': '# Intro\n' });
    const file = path.join(root, 'docs.json');
    const client = await startClient(root, { serve: await inProcessServer() });
    try {
      client.open(file, docs);
      await client.nextDiagnostics(uriOf(path.join(root, 'docsnav.config.json')), (list) => list.length > 0);
      await client.nextDiagnostics(uriOf(file));
      const position = positionOf(docs, '"intr');
      expect(await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: uriOf(file) }, position })).toBeNull();
      expect(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(file) }, position })).toBeNull();
    } finally {
      await client.stop();
    }
  });
});

describe('a site at the file-system root (its docs root `/`)', () => {
  it("goes to what a `$ref` or a spec names below it, not the root folder itself (until issue 67's eleventh session, `'/' + '/'` held nothing)", () => {
    const text = '{ "navigation": { "groups": [{ "$ref": "parts/more.json" }, { "$ref": "." }], "openapi": "api/openapi.json" } }';
    const check: SiteCheck = { text, result: { file: '/docs.json', problems: [], sources: {} }, options: { root: '/' } };
    const at = (needle: string) => definitionAt(check, '/docs.json', cursorAt(text, 'json', text.indexOf(needle) + 2)!);
    expect(at('"parts/more.json"')).toEqual({ uri: 'file:///parts/more.json', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
    expect(at('"api/openapi.json"')).toEqual({ uri: 'file:///api/openapi.json', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
    expect(at('"."')).toBeNull();
  });
});
