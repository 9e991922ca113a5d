/**
 * Renaming a page or a folder in the editor: `docsnav lsp` driven by a real LSP client registers
 * `workspace.fileOperations.willRename` for page files and folders, and answers
 * `workspace/willRenameFiles` with the edits `docsnav mv` makes (the same library function), from
 * the editor's unsaved text where it has some; a refused rename gets no edit and one warning.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  DidRenameFilesNotification,
  ShowMessageNotification,
  WillRenameFilesRequest,
  type Diagnostic,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node.js';
import { startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { renameSite } from './rename-site.js';
import { planMove } from '../../dist/index.js';
import { docsJson } from '../move/harness.js';

/** Each file's text with the edit applied (the files the edit names), by root-relative path. */
function applied(root: string, edit: WorkspaceEdit | null, open: Record<string, string> = {}): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [uri, edits] of Object.entries(edit?.changes ?? {})) {
    const file = path.relative(root, new URL(uri).pathname);
    const before = open[file] ?? readFileSync(path.join(root, file), 'utf8');
    texts[file] = TextDocument.applyEdits(TextDocument.create(uri, 'mdx', 1, before), edits);
  }
  return texts;
}

async function withClient<T>(root: string, run: (client: LspClient) => Promise<T>): Promise<T> {
  const client = await startClient(root);
  try {
    return await run(client);
  } finally {
    await client.stop();
  }
}

async function withUnwatchedClient<T>(root: string, run: (client: LspClient) => Promise<T>): Promise<T> {
  const client = await startClient(root, { watchFiles: false });
  try {
    return await run(client);
  } finally {
    await client.stop();
  }
}

const rename = (client: LspClient, root: string, from: string, to: string) =>
  client.connection.sendRequest(WillRenameFilesRequest.type, { files: [{ oldUri: uriOf(path.join(root, from)), newUri: uriOf(path.join(root, to)) }] });

describe('workspace/willRenameFiles', () => {
  it('is registered for page files and folders', async () => {
    const filters = await withClient(renameSite(), (client) => Promise.resolve(client.capabilities.workspace?.fileOperations?.willRename?.filters));
    expect(filters).toEqual([
      { scheme: 'file', pattern: { glob: '**/*.{md,mdx}', matches: 'file' } },
      { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
    ]);
  });

  it('workspace/didRenameFiles is registered for every file and folder (what the sites hold is read again after any rename)', async () => {
    const filters = await withClient(renameSite(), (client) => Promise.resolve(client.capabilities.workspace?.fileOperations?.didRename?.filters));
    expect(filters).toEqual([{ scheme: 'file', pattern: { glob: '**/*' } }]);
  });

  it("a page renamed: the edits of docsnav mv's plan, on the files where they are before the rename", async () => {
    const root = renameSite();
    const plan = planMove(path.join(root, 'docs.json'), { from: 'guides/a.mdx', to: 'start/a.mdx' }, { cwd: root });
    const edit = await withClient(root, (client) => rename(client, root, 'guides/a.mdx', 'start/a.mdx'));
    expect(applied(root, edit)).toEqual(Object.fromEntries(plan.changes.map((change) => [change.file, change.after])));
    expect(Object.keys(edit?.changes ?? {}).sort()).toEqual(
      ['docs.json', 'guides/a.mdx', 'guides/b.mdx', 'index.mdx'].map((file) => uriOf(path.join(root, file))),
    );
    expect(applied(root, edit)['guides/a.mdx']).toBe('# A\n\n[B](../guides/b)\n');
  });

  it('a folder renamed', async () => {
    const root = renameSite();
    const edit = await withClient(root, (client) => rename(client, root, 'guides', 'learn'));
    const texts = applied(root, edit);
    expect(texts['index.mdx']).toBe('# Home\n\n[A](/learn/a) and [B](learn/b)\n');
    expect(JSON.parse(texts['docs.json']).redirects).toEqual([
      { source: '/guides/a', destination: '/learn/a' },
      { source: '/guides/b', destination: '/learn/b' },
    ]);
  });

  it("the editor's unsaved text is what is edited", async () => {
    const root = renameSite();
    const unsaved = '# Home\n\nNew line first. [B](/guides/b#b)\n\n[A](/guides/a) and [B](guides/b)\n';
    const edit = await withClient(root, async (client) => {
      client.open(path.join(root, 'index.mdx'), unsaved, 'mdx');
      await client.nextDiagnostics(uriOf(path.join(root, 'index.mdx')));
      return rename(client, root, 'guides/b.mdx', 'guides/c.mdx');
    });
    expect(applied(root, edit, { 'index.mdx': unsaved })['index.mdx']).toBe('# Home\n\nNew line first. [B](/guides/c#b)\n\n[A](/guides/a) and [B](guides/c)\n');
  });

  it("docs.json open with unsaved edits: the edits are to the editor's text", async () => {
    const root = renameSite();
    const docs = path.join(root, 'docs.json');
    const unsaved = docsJson(['index', 'guides/b', 'guides/a']).replace('"index",', '"index", "guides/b",');
    const edit = await withClient(root, async (client) => {
      client.open(docs, unsaved, 'json');
      await client.nextDiagnostics(uriOf(docs));
      return rename(client, root, 'guides/b.mdx', 'guides/c.mdx');
    });
    expect(JSON.parse(applied(root, edit, { 'docs.json': unsaved })['docs.json']).navigation.groups[0].pages).toEqual([
      'index',
      'guides/c',
      'guides/c',
      'guides/a',
    ]);
  });

  it('a refused rename: no edit, and one warning that says why', async () => {
    const root = renameSite();
    const { edit, message } = await withClient(root, async (client) => {
      const warned = new Promise<string>((resolve) => client.connection.onNotification(ShowMessageNotification.type, ({ message: text }) => resolve(text)));
      return { edit: await rename(client, root, 'guides/a.mdx', 'snippets/a.mdx'), message: await warned };
    });
    expect(edit).toBeNull();
    expect(message).toMatch(/^docsnav: links and navigation not updated for guides\/a\.mdx: .*snippets\/ \(parts of pages, not pages\)/);
  });
});

describe('a batch refused together', () => {
  it("a page renamed onto another page's URL, with a page beside it: no edit, and one warning naming both", async () => {
    const root = renameSite();
    const { edit, message } = await withClient(root, async (client) => {
      const warned = new Promise<string>((resolve) => client.connection.onNotification(ShowMessageNotification.type, ({ message: text }) => resolve(text)));
      const files = [
        { oldUri: uriOf(path.join(root, 'index.mdx')), newUri: uriOf(path.join(root, 'home.mdx')) },
        { oldUri: uriOf(path.join(root, 'guides/a.mdx')), newUri: uriOf(path.join(root, 'guides/b.md')) },
      ];
      return { edit: await client.connection.sendRequest(WillRenameFilesRequest.type, { files }), message: await warned };
    });
    expect(edit).toBeNull();
    expect(message).toMatch(/^docsnav: links and navigation not updated for index\.mdx, guides\/a\.mdx: .*\/guides\/b/);
  });
});

describe('a batch with one refused file', () => {
  it("the others' edits are made, and the refused one is said in one warning", async () => {
    const root = renameSite();
    const { edit, message } = await withClient(root, async (client) => {
      const warned = new Promise<string>((resolve) => client.connection.onNotification(ShowMessageNotification.type, ({ message: text }) => resolve(text)));
      const files = [
        { oldUri: uriOf(path.join(root, 'guides/a.mdx')), newUri: uriOf(path.join(root, 'start/a.mdx')) },
        { oldUri: uriOf(path.join(root, 'guides/b.mdx')), newUri: uriOf(path.join(root, 'snippets/b.mdx')) },
      ];
      return { edit: await client.connection.sendRequest(WillRenameFilesRequest.type, { files }), message: await warned };
    });
    expect(message).toMatch(/^docsnav: links and navigation not updated for guides\/b\.mdx: .*snippets\/ \(parts of pages, not pages\)/);
    const texts = applied(root, edit);
    expect(texts['index.mdx']).toBe('# Home\n\n[A](/start/a) and [B](guides/b)\n');
    expect(JSON.parse(texts['docs.json']).navigation.groups[0].pages).toEqual(['index', 'start/a', 'guides/b']);
  });
});

/**
 * An editor that watches no files (Neovim 0.7): after a rename, docs.json's diagnostics are those
 * of the renamed site, from workspace/didRenameFiles, or, where the editor sends none, from the
 * next save after a rename the server planned.
 */
describe('the editor in step after a rename, without file events', () => {
  /** The rename as the editor makes it: docs.json's edit in the editor (open, unsaved), the other edits and the rename on disk. */
  async function renameInEditor(client: LspClient, root: string): Promise<string> {
    const docs = path.join(root, 'docs.json');
    client.open(docs, readFileSync(docs, 'utf8'), 'json');
    expect(await client.nextDiagnostics(uriOf(docs))).toEqual([]);
    const edit = await rename(client, root, 'guides/a.mdx', 'start/a.mdx');
    const texts = applied(root, edit);
    client.change(docs, texts['docs.json'], 2);
    // The edit applied and the file not yet renamed: the new entry names no page yet.
    await client.nextDiagnostics(uriOf(docs), (list) => list.some((diagnostic) => diagnostic.code === 'page-not-found'));
    for (const [file, text] of Object.entries(texts)) if (file !== 'docs.json') writeFileSync(path.join(root, file), text);
    mkdirSync(path.join(root, 'start'));
    renameSync(path.join(root, 'guides/a.mdx'), path.join(root, 'start/a.mdx'));
    return texts['docs.json'];
  }

  it('workspace/didRenameFiles: docs.json is checked again against the renamed files', async () => {
    const root = renameSite();
    const diagnostics = await withUnwatchedClient(root, async (client) => {
      await renameInEditor(client, root);
      client.renamed([{ from: path.join(root, 'guides/a.mdx'), to: path.join(root, 'start/a.mdx') }]);
      return client.nextDiagnostics(uriOf(path.join(root, 'docs.json')));
    });
    expect(diagnostics).toEqual([]);
  });

  it('workspace/didRenameFiles naming a buffer that was never on disk (untitled:) beside the page: the page is read where it went', async () => {
    const root = renameSite();
    const diagnostics = await withUnwatchedClient(root, async (client) => {
      await renameInEditor(client, root);
      const files = [
        { oldUri: 'untitled:Untitled-1', newUri: uriOf(path.join(root, 'notes.md')) },
        { oldUri: uriOf(path.join(root, 'guides/a.mdx')), newUri: uriOf(path.join(root, 'start/a.mdx')) },
      ];
      void client.connection.sendNotification(DidRenameFilesNotification.type, { files });
      return client.nextDiagnostics(uriOf(path.join(root, 'docs.json')));
    });
    expect(diagnostics).toEqual([]);
  });

  it('no didRenameFiles: the next save reads the renamed folder again', async () => {
    const root = renameSite();
    const diagnostics = await withUnwatchedClient(root, async (client) => {
      const text = await renameInEditor(client, root);
      const docs = path.join(root, 'docs.json');
      writeFileSync(docs, text);
      client.saved(docs);
      return client.nextDiagnostics(uriOf(docs));
    });
    expect(diagnostics).toEqual([]);
  });

  it('no didRenameFiles, and a save before the renamed file is there: that save does not use the rename up, the next one reads it', async () => {
    const root = renameSite();
    const docs = path.join(root, 'docs.json');
    const diagnostics = await withUnwatchedClient(root, async (client) => {
      client.open(docs, readFileSync(docs, 'utf8'), 'json');
      expect(await client.nextDiagnostics(uriOf(docs))).toEqual([]);
      const texts = applied(root, await rename(client, root, 'guides/a.mdx', 'start/a.mdx'));
      // docs.json's edit saved before the editor renames the file: its new entry names no page yet.
      const notFound = (list: Diagnostic[]) => list.some((diagnostic) => diagnostic.code === 'page-not-found');
      client.change(docs, texts['docs.json'], 2);
      await client.nextDiagnostics(uriOf(docs), notFound);
      writeFileSync(docs, texts['docs.json']);
      client.saved(docs);
      await client.nextDiagnostics(uriOf(docs), notFound);
      // Then the rename on disk, and docs.json saved again.
      for (const [file, text] of Object.entries(texts)) if (file !== 'docs.json') writeFileSync(path.join(root, file), text);
      mkdirSync(path.join(root, 'start'));
      renameSync(path.join(root, 'guides/a.mdx'), path.join(root, 'start/a.mdx'));
      client.saved(docs);
      return client.nextDiagnostics(uriOf(docs));
    });
    expect(diagnostics).toEqual([]);
  });

  it('a page saved that the listing did not hold: it is there from that save on', async () => {
    const root = renameSite();
    const docs = path.join(root, 'docs.json');
    const diagnostics = await withUnwatchedClient(root, async (client) => {
      const text = readFileSync(docs, 'utf8').replace('"guides/b"', '"guides/b", "guides/new"');
      client.open(docs, text, 'json');
      // The first check may be of the disk's docs.json (the server checks the workspace as it starts): wait for the editor's text.
      await client.nextDiagnostics(uriOf(docs), (list) => list.length > 0);
      // A new buffer, `:w guides/new.mdx`: didOpen, then the file written and didSave.
      const page = path.join(root, 'guides/new.mdx');
      client.open(page, '# New\n', 'mdx');
      expect((await client.nextDiagnostics(uriOf(docs))).map((diagnostic) => diagnostic.code)).toEqual(['page-not-found']);
      writeFileSync(page, '# New\n');
      client.saved(page);
      return client.nextDiagnostics(uriOf(docs));
    });
    expect(diagnostics).toEqual([]);
  });
});
