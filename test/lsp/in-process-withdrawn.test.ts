/**
 * src/lsp/handlers.ts: a site withdrawn (its docs file deleted) while a check of it waits (asked
 * for by an earlier event of the same notification): the check does not run, so the problems the
 * withdrawal cleared (read from the editor's text of the docs file, still open) do not come back.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileChangeType } from 'vscode-languageserver-protocol/node.js';
import { uriOf } from '../../bench/lsp-client.mjs';
import { siteWith } from '../move/harness.js';
import { WATCHING, withSession } from './session.js';

describe('a site withdrawn while its check waits', () => {
  it('is not checked: the problems cleared stay cleared', async () => {
    const text = '{ "navigation": { "pages": ["page", "missing"] } }';
    const root = siteWith({ 'docsnav.config.json': '{ "extends": "spec" }', 'docs.json': text, 'page.mdx': '# Page\n' });
    const file = path.join(root, 'docs.json');
    await withSession({ workspaceFolders: [{ uri: uriOf(root), name: 'site' }], capabilities: WATCHING }, async (session) => {
      await session.next(file);
      session.open(file, text);
      await session.settled();
      expect(session.latest(file)?.map((diagnostic) => diagnostic.code)).toEqual(['page-not-found']);
      rmSync(file);
      session.filesChanged([
        { uri: uriOf(path.join(root, 'page.mdx')), type: FileChangeType.Changed },
        { uri: uriOf(file), type: FileChangeType.Deleted },
      ]);
      await session.settled();
      expect(session.latest(file)).toEqual([]);
      expect(session.logs).toEqual([]);
    });
  });
});
