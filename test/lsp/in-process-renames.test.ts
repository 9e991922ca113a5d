/**
 * src/lsp/renames.ts: the renames the server plans (workspace/willRenameFiles), through a real LSP
 * client and the server of src/lsp in this process, for what the other rename tests leave: a site
 * whose docs file cannot be read (refused as `docsnav mv` refuses it, in its words), renames naming
 * a document that is no file, the docs file itself renamed (not a page: nothing to edit), a batch
 * with one file refused alone and the rest refused together (each said once), a folder renamed
 * into another folder; and, directly, an internal error while planning (thrown, not taken for a
 * refusal).
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ShowMessageNotification, WillRenameFilesRequest, type FileRename, type WorkspaceEdit } from 'vscode-languageserver-protocol/node.js';
import { inProcessServer, startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { MoveError } from '../../src/move/messages.js';
import { planMove } from '../../src/move/plan.js';
import { RedirectTable } from '../../src/redirects/table.js';
import { renameEdits } from '../../src/lsp/renames.js';
import { Sites } from '../../src/lsp/sites.js';
import { docsJson, siteWith } from '../move/harness.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';
import { renameSite } from './rename-site.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The answer to willRenameFiles, and the warnings the server sent before it (on the same stream: all of them). */
async function willRename(root: string, files: FileRename[]): Promise<{ edit: WorkspaceEdit | null; warnings: string[] }> {
  const client: LspClient = await startClient(root, { serve: await inProcessServer() });
  const warnings: string[] = [];
  client.connection.onNotification(ShowMessageNotification.type, ({ message }) => warnings.push(message));
  try {
    const edit = await client.connection.sendRequest(WillRenameFilesRequest.type, { files });
    return { edit, warnings };
  } finally {
    await client.stop();
  }
}

const renamed = (root: string, from: string, to: string): FileRename => ({ oldUri: uriOf(path.join(root, from)), newUri: uriOf(path.join(root, to)) });

/** planMove's refusal of these requests on the disk's site, as `docsnav mv` says it. */
function refusal(root: string, requests: Array<{ from: string; to: string }>): string {
  try {
    planMove(path.join(root, 'docs.json'), requests, { root, cwd: root });
  } catch (error) {
    expect(error).toBeInstanceOf(MoveError);
    return (error as MoveError).message;
  }
  throw new Error('not refused');
}

describe('a rename in a site whose docs file cannot be read', () => {
  it('docs.json a symbolic link leading out of the docs root: no edit, one warning in the words of docsnav mv', async () => {
    const elsewhere = siteWith({ 'docs.json': docsJson(['index', 'guides/a'], REQUIRED_SETTINGS) });
    const root = siteWith({ 'index.mdx': '# Home\n\n[A](/guides/a)\n', 'guides/a.mdx': '# A\n' });
    symlinkSync(path.join(elsewhere, 'docs.json'), path.join(root, 'docs.json'));
    const expected = refusal(root, [{ from: 'guides/a.mdx', to: 'start/a.mdx' }]);
    expect(expected).toBe('cannot read docs.json: leads outside the docs root (through a symlink), so it is not read');
    // The site is never checked (its docs file is not read): the rename has no check's options to go by.
    expect(await willRename(root, [renamed(root, 'guides/a.mdx', 'start/a.mdx')])).toEqual({
      edit: null,
      warnings: [`docsnav: links and navigation not updated for guides/a.mdx: ${expected}`],
    });
  });
});

describe('renames that are not of a page', () => {
  it('a document that is no file (untitled:) renamed to a file, and a file to one: nothing planned, nothing said', async () => {
    const root = renameSite();
    const files = [
      { oldUri: 'untitled:Untitled-1', newUri: uriOf(path.join(root, 'guides/c.mdx')) },
      { oldUri: uriOf(path.join(root, 'guides/a.mdx')), newUri: 'untitled:Untitled-2' },
    ];
    expect(await willRename(root, files)).toEqual({ edit: null, warnings: [] });
  });

  it('the docs file itself renamed: no page moves, nothing to edit, nothing said', async () => {
    const root = renameSite();
    expect(await willRename(root, [renamed(root, 'docs.json', 'docs-old.json')])).toEqual({ edit: null, warnings: [] });
  });
});

describe('a batch with one file refused alone and the others together', () => {
  it('each said once: the one alone, then the others (not the one again)', async () => {
    const root = renameSite();
    const requests = [
      { from: 'index.mdx', to: 'home.mdx' },
      { from: 'guides/a.mdx', to: 'guides/b.md' },
      { from: 'guides/b.mdx', to: 'snippets/b.mdx' },
    ];
    const alone: string[] = [];
    let together = '';
    try {
      planMove(path.join(root, 'docs.json'), requests, { root, cwd: root, onRefused: (request, error) => alone.push(`${request.from}: ${error.message}`) });
    } catch (error) {
      together = (error as MoveError).message;
    }
    expect(alone).toHaveLength(1);
    expect(alone[0]).toMatch(/^guides\/b\.mdx: .*snippets\//);
    expect(together).toMatch(/\/guides\/b/);
    const { edit, warnings } = await willRename(
      root,
      requests.map(({ from, to }) => renamed(root, from, to)),
    );
    expect(edit).toBeNull();
    expect(warnings).toEqual([
      `docsnav: links and navigation not updated for ${alone[0]}`,
      `docsnav: links and navigation not updated for index.mdx, guides/a.mdx: ${together}`,
    ]);
  });
});

describe('a folder renamed into another folder', () => {
  it("the edits of docsnav mv's plan, at the positions of each file's text (multi-byte text before them)", async () => {
    const root = siteWith({
      'docs.json': docsJson(['index', 'guides/a', 'guides/b'], REQUIRED_SETTINGS),
      'index.mdx': '# Démarrage 🚀\r\n\r\nVoir [A](/guides/a) et [B](guides/b).\r\n',
      'guides/a.mdx': '# A\n\n[B](./b)\n',
      'guides/b.mdx': '# B\n\n[A](./a#a)\n',
    });
    const plan = planMove(path.join(root, 'docs.json'), { from: 'guides', to: 'learn/guides' }, { root, cwd: root });
    const { edit, warnings } = await willRename(root, [renamed(root, 'guides', 'learn/guides')]);
    expect(warnings).toEqual([]);
    const after = Object.fromEntries(
      Object.entries(edit?.changes ?? {}).map(([uri, edits]) => {
        const file = path.relative(root, new URL(uri).pathname);
        const before = plan.changes.find((change) => change.file === file)!.before;
        return [file, TextDocument.applyEdits(TextDocument.create(uri, 'mdx', 1, before), edits)];
      }),
    );
    expect(after).toEqual(Object.fromEntries(plan.changes.map((change) => [change.file, change.after])));
    expect(after['index.mdx']).toBe('# Démarrage 🚀\r\n\r\nVoir [A](/learn/guides/a) et [B](learn/guides/b).\r\n');
  });
});

describe('an internal error while planning', () => {
  it('is thrown (the request fails), not said as a refusal', () => {
    const root = renameSite();
    const sites = new Sites({ textOf: () => undefined });
    sites.track(path.join(root, 'docs.json'));
    vi.spyOn(RedirectTable.prototype, 'match').mockImplementation(() => {
      throw new TypeError('the table broke');
    });
    expect(() => renameEdits(sites, [renamed(root, 'guides/a.mdx', 'start/a.mdx')], () => undefined)).toThrow(new TypeError('the table broke'));
  });
});
