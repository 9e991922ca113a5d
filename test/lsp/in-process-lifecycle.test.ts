/**
 * src/lsp/handlers.ts's initialize and initialized, through a bare LSP client (test/lsp/session.ts)
 * and the server of src/lsp in this process: the folders it takes from workspaceFolders (file: URIs
 * only) or else from rootUri, the client's capabilities it reads (file watchers registered only when
 * the client registers them dynamically), and the capabilities it answers with, exactly.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uriOf } from '../../bench/lsp-client.mjs';
import { siteWith } from '../move/harness.js';
import { WATCHING, withSession, type Session } from './session.js';

const SPEC_CONFIG = '{ "extends": "spec" }';
const MISSING = (page: string) => `{ "navigation": { "pages": ["${page}"] } }`;
const codes = (list: readonly { code?: unknown }[] | undefined) => list?.map((diagnostic) => diagnostic.code);
const folder = (file: string, name = path.basename(file)) => ({ uri: uriOf(file), name });

/** The URIs published to, in the order first published. */
const urisOf = (session: Session) => [...new Set(session.published.map((publication) => publication.uri))];

/** Three sites side by side, each a folder of its own with one page missing: a, b and c. */
function threeSites(): string {
  return siteWith({
    'a/docsnav.config.json': SPEC_CONFIG,
    'a/docs.json': MISSING('in-a'),
    'b/docsnav.config.json': SPEC_CONFIG,
    'b/docs.json': MISSING('in-b'),
    'c/docsnav.config.json': SPEC_CONFIG,
    'c/docs.json': MISSING('in-c'),
  });
}

describe('initialize: the workspace folders', () => {
  it('workspaceFolders: each file: folder is checked, a folder of another scheme is left, rootUri is not used', async () => {
    const root = threeSites();
    const [a, b, c] = ['a', 'b', 'c'].map((name) => path.join(root, name, 'docs.json'));
    // The folder that is no file first: a server that kept it would stop at it.
    const workspaceFolders = [{ uri: 'vscode-vfs://github/owner/repo', name: 'remote' }, folder(path.join(root, 'a')), folder(path.join(root, 'b'))];
    await withSession({ workspaceFolders, rootUri: uriOf(path.join(root, 'c')) }, async (session) => {
      const both = Promise.all([session.next(a), session.next(b)]);
      const [inA, inB] = await both;
      expect(codes(inA.diagnostics)).toEqual(['page-not-found']);
      expect(codes(inB.diagnostics)).toEqual(['page-not-found']);
      await session.settled();
      expect(session.latest(c)).toBeUndefined();
      expect(urisOf(session).sort()).toEqual([uriOf(a), uriOf(b)].sort());
      expect(session.logs).toEqual([]);
    });
  });

  it('workspaceFolders null: rootUri is the folder', async () => {
    const root = threeSites();
    await withSession({ workspaceFolders: null, rootUri: uriOf(path.join(root, 'c')) }, async (session) => {
      expect(codes((await session.next(path.join(root, 'c/docs.json'))).diagnostics)).toEqual(['page-not-found']);
      await session.settled();
      expect(urisOf(session)).toEqual([uriOf(path.join(root, 'c/docs.json'))]);
      expect(session.logs).toEqual([]);
    });
  });

  it('workspaceFolders empty, or all of other schemes: rootUri is the folder', async () => {
    const root = threeSites();
    for (const workspaceFolders of [[], [{ uri: 'untitled:folder', name: 'untitled' }]]) {
      await withSession({ workspaceFolders, rootUri: uriOf(path.join(root, 'b')) }, async (session) => {
        expect(codes((await session.next(path.join(root, 'b/docs.json'))).diagnostics)).toEqual(['page-not-found']);
        await session.settled();
        expect(urisOf(session)).toEqual([uriOf(path.join(root, 'b/docs.json'))]);
        expect(session.logs).toEqual([]);
      });
    }
  });

  it('neither workspaceFolders nor rootUri, or a rootUri of another scheme: no folder, nothing checked until a file is opened', async () => {
    const root = threeSites();
    for (const rootUri of [null, 'vscode-vfs://github/owner/repo']) {
      await withSession({ rootUri }, async (session) => {
        await session.settled();
        expect(session.published).toEqual([]);
        expect(session.logs).toEqual([]);
        // Opening a page finds its site all the same.
        session.open(path.join(root, 'a/in-a.mdx'), '# A\n');
        expect(codes((await session.next(path.join(root, 'a/docs.json'))).diagnostics)).toEqual(['page-not-found']);
        expect(session.logs).toEqual([]);
      });
    }
  });
});

describe('initialize: the client capabilities read', () => {
  it('dynamic registration of file watchers: the server registers its watchers', async () => {
    const root = threeSites();
    await withSession({ workspaceFolders: [folder(path.join(root, 'a'))], capabilities: WATCHING }, async (session) => {
      await session.next(path.join(root, 'a/docs.json'));
      await session.settled();
      expect(session.registrations).toEqual([
        { id: expect.any(String), method: 'workspace/didChangeWatchedFiles', registerOptions: { watchers: [{ globPattern: '**/*.{md,mdx,json,yaml,yml}' }] } },
      ]);
    });
  });

  it.each([
    ['no workspace capabilities', {}],
    ['a workspace without didChangeWatchedFiles', { workspace: {} }],
    ['didChangeWatchedFiles without dynamicRegistration', { workspace: { didChangeWatchedFiles: {} } }],
    ['dynamicRegistration false', { workspace: { didChangeWatchedFiles: { dynamicRegistration: false } } }],
  ])('%s: nothing registered, the workspace checked all the same', async (_, capabilities) => {
    const root = threeSites();
    await withSession({ workspaceFolders: [folder(path.join(root, 'a'))], capabilities }, async (session) => {
      expect(codes((await session.next(path.join(root, 'a/docs.json'))).diagnostics)).toEqual(['page-not-found']);
      await session.settled();
      expect(session.registrations).toEqual([]);
      expect(session.logs).toEqual([]);
    });
  });
});

describe('initialize: what the server answers', () => {
  it('its capabilities and name, exactly', async () => {
    const root = threeSites();
    await withSession({ workspaceFolders: [folder(root)], capabilities: WATCHING }, async (session) => {
      await session.settled();
      expect(session.result).toEqual({
        capabilities: {
          textDocumentSync: { openClose: true, change: 2, save: { includeText: false } },
          codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.docsnav'] },
          completionProvider: { triggerCharacters: ['"', '/', ' '] },
          hoverProvider: true,
          definitionProvider: true,
          workspace: {
            fileOperations: {
              willRename: {
                filters: [
                  { scheme: 'file', pattern: { glob: '**/*.{md,mdx}', matches: 'file' } },
                  { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
                ],
              },
              didRename: { filters: [{ scheme: 'file', pattern: { glob: '**/*' } }] },
            },
          },
        },
        serverInfo: { name: 'docsnav' },
      });
    });
  });
});
