/**
 * src/lsp/handlers.ts's documents and file events, through a real LSP client and the language
 * server of src/lsp in this process: sites found below the workspace, a docs file deleted or
 * created, documents closed and saved (with and without the client's file events), non-file
 * documents, and a `$ref` target two sites share (its problems once).
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompletionRequest, DidCloseTextDocumentNotification, FileChangeType, HoverRequest, type Diagnostic } from 'vscode-languageserver-protocol/node.js';
import { inProcessServer, startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { siteWith } from '../move/harness.js';

const SPEC_CONFIG = '{ "extends": "spec" }';
const codes = (list: readonly Diagnostic[]) => list.map((diagnostic) => diagnostic.code);

/** Every notification the server sent before now has arrived: it answers a request after them, on the same stream. */
async function settled(client: LspClient): Promise<void> {
  await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: 'untitled:none' }, position: { line: 0, character: 0 } });
}

async function withClient(root: string, options: { watchFiles?: boolean }, run: (client: LspClient) => Promise<void>): Promise<void> {
  const client = await startClient(root, { ...options, serve: await inProcessServer() });
  try {
    await run(client);
  } finally {
    await client.stop();
  }
}

const close = (client: LspClient, file: string) =>
  void client.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: uriOf(file) } });

describe('sites found and forgotten', () => {
  it('a workspace without a docs file: the sites one level below it are checked', async () => {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'a/docs.json': '{ "navigation": { "pages": ["missing"] } }',
      'b/docs.yaml': 'navigation:\n  pages:\n    - here\n',
      'b/here.mdx': '# Here\n',
      'deep/er/docs.json': '{ "navigation": { "pages": ["nowhere"] } }',
    });
    await withClient(root, {}, async (client) => {
      expect(codes(await client.nextDiagnostics(uriOf(path.join(root, 'a/docs.json'))))).toEqual(['page-not-found']);
      expect(client.diagnostics.get(uriOf(path.join(root, 'b/docs.yaml'))) ?? (await client.nextDiagnostics(uriOf(path.join(root, 'b/docs.yaml'))))).toEqual(
        [],
      );
      await settled(client);
      // Two levels below: not a site of this workspace until one of its files is opened.
      expect(client.diagnostics.has(uriOf(path.join(root, 'deep/er/docs.json')))).toBe(false);
      expect(client.registrations).toEqual([
        expect.objectContaining({ method: 'workspace/didChangeWatchedFiles', registerOptions: { watchers: [{ globPattern: '**/*.{md,mdx,json,yaml,yml}' }] } }),
      ]);
    });
  });

  it('a page opened in a site two levels down: its site is found above it, and checked', async () => {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'deep/er/docs.json': '{ "navigation": { "pages": ["page", "nowhere"] } }',
      'deep/er/page.mdx': '# Page\n',
    });
    await withClient(root, {}, async (client) => {
      client.open(path.join(root, 'deep/er/page.mdx'), '# Page\n');
      expect(codes(await client.nextDiagnostics(uriOf(path.join(root, 'deep/er/docs.json'))))).toEqual(['page-not-found']);
    });
  });

  it('a docs file deleted: its problems withdrawn, from its $ref target too; created again: checked again', async () => {
    const docs = '{ "navigation": { "groups": [{ "$ref": "./more.json" }] } }';
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': docs, 'more.json': '{ "group": "More", "pages": ["missing"] }' });
    const file = path.join(root, 'docs.json');
    const more = path.join(root, 'more.json');
    await withClient(root, {}, async (client) => {
      await client.nextDiagnostics(uriOf(file));
      expect(codes(client.diagnostics.get(uriOf(more)) ?? (await client.nextDiagnostics(uriOf(more))))).toEqual(['page-not-found']);
      rmSync(file);
      client.filesChanged([{ uri: uriOf(file), type: FileChangeType.Deleted }]);
      expect(await client.nextDiagnostics(uriOf(more), (list) => list.length === 0)).toEqual([]);
      expect(client.diagnostics.get(uriOf(file))).toEqual([]);
      // A page event in the root of no site: nothing to check, nothing published.
      client.diagnostics.clear();
      client.filesChanged([{ uri: uriOf(path.join(root, 'new.mdx')), type: FileChangeType.Created }]);
      await settled(client);
      expect([...client.diagnostics.keys()]).toEqual([]);
      writeFileSync(file, docs);
      client.filesChanged([{ uri: uriOf(file), type: FileChangeType.Created }]);
      expect(codes(await client.nextDiagnostics(uriOf(more), (list) => list.length > 0))).toEqual(['page-not-found']);
    });
  });

  it('a spec changed on disk (a Changed event): the site is checked again', async () => {
    const docs = '{ "navigation": { "groups": [{ "group": "API", "openapi": "openapi.json", "pages": ["GET /users"] }] } }';
    const spec = (path: string) => JSON.stringify({ openapi: '3.0.3', info: { title: 'A', version: '1' }, paths: { [path]: { get: { responses: {} } } } });
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': docs, 'openapi.json': spec('/people') });
    const file = path.join(root, 'docs.json');
    await withClient(root, {}, async (client) => {
      expect(codes(await client.nextDiagnostics(uriOf(file)))).toEqual(['endpoint-not-found']);
      writeFileSync(path.join(root, 'openapi.json'), spec('/users'));
      client.filesChanged([{ uri: uriOf(path.join(root, 'openapi.json')), type: FileChangeType.Changed }]);
      expect(await client.nextDiagnostics(uriOf(file), (list) => list.length === 0)).toEqual([]);
    });
  });
});

describe('documents closed and saved', () => {
  it('a page closed with unsaved text: the site is checked from the disk again', async () => {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'docs.json': '{ "navigation": { "pages": ["intro"] } }',
      'intro.mdx': '---\ntitle: Intro\n---\n',
    });
    const page = path.join(root, 'intro.mdx');
    await withClient(root, {}, async (client) => {
      await client.nextDiagnostics(uriOf(path.join(root, 'docs.json')));
      client.open(page, '---\ntitle: Intro\n---\n');
      client.change(page, '---\ntitle: [Intro\n---\n', 2);
      expect(codes(await client.nextDiagnostics(uriOf(page), (list) => list.length > 0))).toEqual(['front-matter-invalid']);
      // The whole site, once the typing paused: the docs file is published again.
      await client.nextDiagnostics(uriOf(path.join(root, 'docs.json')));
      close(client, page);
      expect(await client.nextDiagnostics(uriOf(page), (list) => list.length === 0, 5000)).toEqual([]);
    });
  });

  it('docs.json closed with unsaved text: checked from the disk again', async () => {
    const text = '{ "navigation": { "pages": ["intro"] } }';
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': text, 'intro.mdx': '# Intro\n' });
    const file = path.join(root, 'docs.json');
    await withClient(root, {}, async (client) => {
      await client.nextDiagnostics(uriOf(file));
      client.open(file, text);
      client.change(file, '{ "navigation": { "pages": ["intro", "gone"] } }', 2);
      expect(codes(await client.nextDiagnostics(uriOf(file), (list) => list.length > 0))).toEqual(['page-not-found']);
      close(client, file);
      expect(await client.nextDiagnostics(uriOf(file), (list) => list.length === 0)).toEqual([]);
    });
  });

  it('without file events, a save is when a new page is seen; with them, a save reads nothing', async () => {
    for (const watchFiles of [false, true]) {
      const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': '{ "navigation": { "pages": ["intro", "later"] } }', 'intro.mdx': '# Intro\n' });
      const file = path.join(root, 'docs.json');
      await withClient(root, { watchFiles }, async (client) => {
        expect(codes(await client.nextDiagnostics(uriOf(file)))).toEqual(['page-not-found']);
        expect(client.registrations).toHaveLength(watchFiles ? 1 : 0);
        const later = path.join(root, 'later.mdx');
        client.open(later, '# Later\n');
        writeFileSync(later, '# Later\n');
        client.saved(later);
        if (!watchFiles) expect(await client.nextDiagnostics(uriOf(file), (list) => list.length === 0)).toEqual([]);
        else {
          await settled(client);
          // The client's file event is what tells the server.
          expect(codes(client.diagnostics.get(uriOf(file))!)).toEqual(['page-not-found']);
          client.filesChanged([{ uri: uriOf(later), type: FileChangeType.Created }]);
          expect(await client.nextDiagnostics(uriOf(file), (list) => list.length === 0)).toEqual([]);
        }
      });
    }
  });
});

describe('documents that are no files', () => {
  it('an untitled document is opened, edited, closed and asked about: nothing happens, nothing fails', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': '{ "navigation": { "pages": ["intro"] } }', 'intro.mdx': '# Intro\n' });
    await withClient(root, {}, async (client) => {
      await client.nextDiagnostics(uriOf(path.join(root, 'docs.json')));
      const uri = 'untitled:Untitled-1';
      void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: '{}' } });
      void client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: '{ "a": 1 }' }] });
      void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
      void client.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
      client.filesChanged([{ uri: 'untitled:Untitled-2', type: FileChangeType.Created }]);
      expect(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 0, character: 1 } })).toEqual([]);
      expect([...client.diagnostics.keys()]).toEqual([uriOf(path.join(root, 'docs.json'))]);
    });
  });
});

describe('a $ref target two sites share', () => {
  it('has its problems once', async () => {
    // The outer site's root holds the inner site, and both name the same group file.
    const shared = '{ "group": "Shared", "pages": ["here", "here"] }';
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'docs.json': '{ "navigation": { "groups": [{ "$ref": "inner/shared.json" }] } }',
      'inner/docs.json': '{ "navigation": { "groups": [{ "$ref": "shared.json" }] } }',
      'inner/shared.json': shared,
      'inner/here.mdx': '# Here\n',
    });
    const target = path.join(root, 'inner/shared.json');
    await withClient(root, {}, async (client) => {
      await client.nextDiagnostics(uriOf(path.join(root, 'docs.json')));
      client.open(path.join(root, 'inner/docs.json'), '{ "navigation": { "groups": [{ "$ref": "shared.json" }] } }');
      await client.nextDiagnostics(uriOf(path.join(root, 'inner/docs.json')));
      await settled(client);
      const published = client.diagnostics.get(uriOf(target))!;
      expect(codes(published)).toContain('duplicate-page');
      expect(published.filter((diagnostic) => diagnostic.code === 'duplicate-page')).toHaveLength(1);
    });
  });
});

describe('a config changed', () => {
  it('every site is checked again with it', async () => {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'a/docs.json': '{ "navigation": { "pages": ["missing"] } }',
      'b/docs.json': '{ "navigation": { "pages": ["gone"] } }',
    });
    await withClient(root, {}, async (client) => {
      await client.nextDiagnostics(uriOf(path.join(root, 'b/docs.json')));
      const config = path.join(root, 'docsnav.config.json');
      writeFileSync(config, JSON.stringify({ extends: 'spec', rules: { 'page-not-found': 'off' } }));
      const both = Promise.all(['a', 'b'].map((site) => client.nextDiagnostics(uriOf(path.join(root, site, 'docs.json')), (list) => list.length === 0)));
      client.filesChanged([{ uri: uriOf(config), type: FileChangeType.Changed }]);
      expect(await both).toEqual([[], []]);
    });
  });
});
