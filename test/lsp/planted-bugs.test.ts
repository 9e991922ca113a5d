/**
 * Issue 58, the row of src/lsp: renames.ts keeping the byte order mark of a docs.json (or page)
 * read from the disk because the editor has not opened it. The editor holds such a file's text
 * without the mark (VS Code drops it when it reads the file), so offsets counted with it put the
 * rename's edit one character off on the file's first line (a minified docs.json is all one line):
 * docs.json is no longer JSON after the rename.
 *
 * Through a real LSP client (`workspace/willRenameFiles`), against the built `docsnav lsp` as an
 * editor runs it, and against the same server in this process (src/lsp: what mutation testing
 * can see, `npm run mutate -- lsp`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { WillRenameFilesRequest, type WorkspaceEdit } from 'vscode-languageserver-protocol/node.js';
import { inProcessServer, startClient, uriOf } from '../../bench/lsp-client.mjs';
import { siteWith } from '../move/harness.js';

const BOM = '\uFEFF';

/** Each file's text as the editor holds it (no byte order mark) with the edit applied, by root-relative path. */
function applied(root: string, edit: WorkspaceEdit | null): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [uri, edits] of Object.entries(edit?.changes ?? {})) {
    const file = path.relative(root, new URL(uri).pathname);
    const held = readFileSync(path.join(root, file), 'utf8').replace(/^\uFEFF/, '');
    texts[file] = TextDocument.applyEdits(TextDocument.create(uri, 'text', 1, held), edits);
  }
  return texts;
}

describe.each([
  { name: 'the built docsnav lsp', inProcess: false },
  { name: 'src/lsp in this process', inProcess: true },
])('issue 58: renames.ts, files with a byte order mark that the editor has not opened ($name)', ({ inProcess }) => {
  it("a page renamed: docs.json's and the page's edits land where the editor's text has them, and docs.json stays JSON", async () => {
    const root = siteWith({
      // On one line, as a minified docs.json is: an edit's position is then counted from the start of the file, where the mark is.
      'docs.json': `${BOM}${JSON.stringify({ navigation: { groups: [{ group: 'Docs', pages: ['index', 'guides/a'] }] } })}\n`,
      'index.mdx': `${BOM}See [A](/guides/a).\n`,
      'guides/a.mdx': '# A\n',
    });
    const client = await startClient(
      root,
      inProcess ? { serve: await inProcessServer() } : { command: [process.execPath, path.resolve('dist/cli/main.js'), 'lsp', '--stdio'] },
    );
    let edit: WorkspaceEdit | null;
    try {
      edit = await client.connection.sendRequest(WillRenameFilesRequest.type, {
        files: [{ oldUri: uriOf(path.join(root, 'guides/a.mdx')), newUri: uriOf(path.join(root, 'start/a.mdx')) }],
      });
    } finally {
      await client.stop();
    }
    const texts = applied(root, edit);
    expect(Object.keys(texts).sort()).toEqual(['docs.json', 'index.mdx']);
    expect(JSON.parse(texts['docs.json'])).toEqual({
      navigation: { groups: [{ group: 'Docs', pages: ['index', 'start/a'] }] },
      redirects: [{ source: '/guides/a', destination: '/start/a' }],
    });
    expect(texts['index.mdx']).toBe('See [A](/start/a).\n');
  });
});
