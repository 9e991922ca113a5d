/**
 * The language server on real sites: for every site of the corpus's complete-sites (pages with
 * front matter) and sites (with their OpenAPI specs), the diagnostics an editor gets are the
 * CLI's problems, file by file. The server checks the sites one level below the workspace
 * folder when it starts, as `docsnav validate <folder>` names them.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startClient, uriOf } from '../../bench/lsp-client.mjs';
import { corpus } from '../corpus-files.js';
import { cliDiagnostics, comparable } from './expected.js';
import { hangGuard } from '../time-scale.mjs';

describe.each(['complete-sites', 'sites'])('diagnostics on %s equal the CLI', (folder) => {
  it(
    'problem for problem, in every file',
    async () => {
      const workspace = path.join(corpus, folder);
      const expected = cliDiagnostics(path.join(workspace, '*', 'docs.json'));
      const docsFiles = [...expected.keys()].filter((file) => path.basename(file) === 'docs.json');
      expect(docsFiles.length).toBe(40);
      const client = await startClient(workspace);
      try {
        // Every site is published once checked (its docs file at least, with an empty list when clean).
        await Promise.all(
          docsFiles.filter((file) => !client.diagnostics.has(uriOf(file))).map((file) => client.nextDiagnostics(uriOf(file), () => true, 240_000)),
        );
        let compared = 0;
        for (const [file, list] of expected) {
          expect((client.diagnostics.get(uriOf(file)) ?? []).map(comparable), file).toEqual(list);
          compared += list.length;
        }
        expect(compared).toBeGreaterThan(0);
        console.log(`${folder}: ${compared} problems in ${expected.size} files, the same in the editor`);
      } finally {
        await client.stop();
      }
    },
    hangGuard(300_000),
  );
});
