/**
 * Renaming a page or a folder in the editor: `docsnav lsp` driven by a real LSP client registers
 * `workspace.fileOperations.willRename` for page files and folders, and answers
 * `workspace/willRenameFiles` with the edits `docsnav mv` makes (the same library function), from
 * the editor's unsaved text where it has some; a refused rename gets no edit and one warning.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ShowMessageNotification, WillRenameFilesRequest, type WorkspaceEdit } from 'vscode-languageserver-protocol/node.js';
import { startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { planMove } from '../../dist/index.js';
import { docsJson, siteWith } from '../move/harness.js';

function site(): string {
  return siteWith({
    'docs.json': docsJson(['index', 'guides/a', 'guides/b']),
    'index.mdx': '# Home\n\n[A](/guides/a) and [B](guides/b)\n',
    'guides/a.mdx': '# A\n\n[B](./b)\n',
    'guides/b.mdx': '# B\n\n[A](./a#a)\n',
  });
}

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

const rename = (client: LspClient, root: string, from: string, to: string) =>
  client.connection.sendRequest(WillRenameFilesRequest.type, { files: [{ oldUri: uriOf(path.join(root, from)), newUri: uriOf(path.join(root, to)) }] });

describe('workspace/willRenameFiles', () => {
  it('is registered for page files and folders', async () => {
    const filters = await withClient(site(), (client) => Promise.resolve(client.capabilities.workspace?.fileOperations?.willRename?.filters));
    expect(filters).toEqual([
      { scheme: 'file', pattern: { glob: '**/*.{md,mdx}', matches: 'file' } },
      { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
    ]);
  });

  it("a page renamed: the edits of docsnav mv's plan, on the files where they are before the rename", async () => {
    const root = site();
    const plan = planMove(path.join(root, 'docs.json'), { from: 'guides/a.mdx', to: 'start/a.mdx' }, { cwd: root });
    const edit = await withClient(root, (client) => rename(client, root, 'guides/a.mdx', 'start/a.mdx'));
    expect(applied(root, edit)).toEqual(Object.fromEntries(plan.changes.map((change) => [change.file, change.after])));
    expect(Object.keys(edit?.changes ?? {}).sort()).toEqual(
      ['docs.json', 'guides/a.mdx', 'guides/b.mdx', 'index.mdx'].map((file) => uriOf(path.join(root, file))),
    );
    expect(applied(root, edit)['guides/a.mdx']).toBe('# A\n\n[B](../guides/b)\n');
  });

  it('a folder renamed', async () => {
    const root = site();
    const edit = await withClient(root, (client) => rename(client, root, 'guides', 'learn'));
    const texts = applied(root, edit);
    expect(texts['index.mdx']).toBe('# Home\n\n[A](/learn/a) and [B](learn/b)\n');
    expect(JSON.parse(texts['docs.json']).redirects).toEqual([
      { source: '/guides/a', destination: '/learn/a' },
      { source: '/guides/b', destination: '/learn/b' },
    ]);
  });

  it("the editor's unsaved text is what is edited", async () => {
    const root = site();
    const unsaved = '# Home\n\nNew line first. [B](/guides/b#b)\n\n[A](/guides/a) and [B](guides/b)\n';
    const edit = await withClient(root, async (client) => {
      client.open(path.join(root, 'index.mdx'), unsaved, 'mdx');
      await client.nextDiagnostics(uriOf(path.join(root, 'index.mdx')));
      return rename(client, root, 'guides/b.mdx', 'guides/c.mdx');
    });
    expect(applied(root, edit, { 'index.mdx': unsaved })['index.mdx']).toBe('# Home\n\nNew line first. [B](/guides/c#b)\n\n[A](/guides/a) and [B](guides/c)\n');
  });

  it("docs.json open with unsaved edits: the edits are to the editor's text", async () => {
    const root = site();
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
    const root = site();
    const { edit, message } = await withClient(root, async (client) => {
      const warned = new Promise<string>((resolve) => client.connection.onNotification(ShowMessageNotification.type, ({ message: text }) => resolve(text)));
      return { edit: await rename(client, root, 'guides/a.mdx', 'snippets/a.mdx'), message: await warned };
    });
    expect(edit).toBeNull();
    expect(message).toMatch(/^docsnav: links and navigation not updated for guides\/a\.mdx: .*snippets\/ \(parts of pages, not pages\)/);
  });
});
