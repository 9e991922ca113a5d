/**
 * `docsnav lsp` on a site still configured by a legacy mint.json, driven by the real LSP client
 * (bench/lsp-client.mjs): the mint.json open in the editor gets `docsnav validate`'s problems at its
 * own lines, again after each edit; hover and go-to-definition read its page entries; a mint.json
 * beside docs.json is part of that site, not a site of its own.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CompletionRequest, DefinitionRequest, HoverRequest, type Location, type MarkupContent } from 'vscode-languageserver-protocol/node.js';
import { startClient, uriOf } from '../../bench/lsp-client.mjs';
import { cliDiagnostics, comparable } from './expected.js';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function fixtureCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-lsp-mint-'));
  temps.push(dir);
  cpSync(path.resolve('fixtures/mint-site'), dir, { recursive: true });
  rmSync(path.join(dir, 'expected'), { recursive: true, force: true });
  return dir;
}

/** The line and character of `needle` (its first character + `offset`) in `text`. */
function positionOf(text: string, needle: string, offset = 1) {
  const at = text.indexOf(needle) + offset;
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

describe('a mint.json site in the editor', () => {
  it('the mint.json gets the CLI problems at its own lines, on open and after an edit', async () => {
    const dir = fixtureCopy();
    const file = path.join(dir, 'mint.json');
    const expected = cliDiagnostics(dir);
    expect([...expected.keys()]).toEqual([file]);
    expect(expected.get(file)!.map((d) => d.code)).toEqual(['mint-json-dropped', 'duplicate-page', 'page-not-found', 'mint-json-dropped']);
    const client = await startClient(dir);
    try {
      // Found as the workspace's site, checked before anything is opened.
      const published = client.diagnostics.get(uriOf(file)) ?? (await client.nextDiagnostics(uriOf(file)));
      expect(published.map(comparable)).toEqual(expected.get(file));

      const text = readFileSync(file, 'utf8');
      client.open(file, text);
      // Unsaved: the duplicate gone, a page added that has no file, two lines further down.
      const edited = text.replace(
        '["introduction", "quickstart", "introduction"]',
        '[\n        "introduction",\n        "quickstart",\n        "missing/page"\n      ]',
      );
      client.change(file, edited, 2);
      const after = await client.nextDiagnostics(uriOf(file), (list) => !list.some((d) => d.code === 'duplicate-page'));
      const onDisk = fixtureCopy();
      writeFileSync(path.join(onDisk, 'mint.json'), edited);
      // The CLI's problems of the same text on disk (in another folder, which messages name).
      const cli = cliDiagnostics(onDisk).get(path.join(onDisk, 'mint.json'))!;
      expect(after.map(comparable)).toEqual(cli.map((d) => ({ ...d, message: d.message.replaceAll(onDisk, dir) })));
      const missing = after.find((d) => d.message.includes('missing/page'))!;
      expect([missing.code, missing.range.start]).toEqual(['page-not-found', positionOf(edited, '"missing/page"', 0)]);
    } finally {
      await client.stop();
    }
  });

  it('hover on a page entry shows the page the platform serves; go to definition opens its file; no docs.json completions', async () => {
    const dir = fixtureCopy();
    const file = path.join(dir, 'mint.json');
    const text = readFileSync(file, 'utf8');
    const client = await startClient(dir);
    try {
      client.open(file, text);
      await client.nextDiagnostics(uriOf(file));
      const position = positionOf(text, '"api-reference/users/list"');
      const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(file) }, position })) as {
        contents: MarkupContent;
      } | null;
      expect(hover?.contents.value).toContain('**`/api-reference/users/list`**: List users');
      expect(hover?.contents.value).toContain('GET `/users` in `openapi.json`');
      const guide = positionOf(text, '"guides/writing"');
      const definition = (await client.connection.sendRequest(DefinitionRequest.type, {
        textDocument: { uri: uriOf(file) },
        position: guide,
      })) as Location | null;
      expect(definition?.uri).toBe(uriOf(path.join(dir, 'guides/writing.mdx')));
      const completions = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: uriOf(file) }, position: guide });
      expect(completions).toEqual([]);
    } finally {
      await client.stop();
    }
  });

  it('a mint.json beside docs.json belongs to the docs.json site: its stale-file problems only', async () => {
    const dir = fixtureCopy();
    writeFileSync(path.join(dir, 'docsnav.config.json'), '{ "extends": "platform" }\n');
    writeFileSync(
      path.join(dir, 'docs.json'),
      `${JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { pages: ['introduction'] } }, null, 2)}\n`,
    );
    // A stale mint.json the legacy check rejects: no favicon.
    const mint = path.join(dir, 'mint.json');
    writeFileSync(mint, readFileSync(mint, 'utf8').replace('"favicon": "/favicon.svg",', ''));
    const expected = cliDiagnostics(dir);
    expect(expected.get(mint)!.map((d) => d.code)).toEqual(['mint-json-invalid']);
    const client = await startClient(dir);
    try {
      await client.nextDiagnostics(uriOf(mint));
      // Opened with an unsaved edit (the primary colour without its `#` too): whoever checks it now publishes anew.
      const edited = readFileSync(mint, 'utf8').replace('"primary": "#0D9373"', '"primary": "0D9373"');
      client.open(mint, edited);
      await client.nextDiagnostics(uriOf(mint), (list) => list.filter((d) => d.code === 'mint-json-invalid').length === 2);
      // A request answered after the checks the open scheduled: every site that checks the file has published.
      await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(mint) }, position: { line: 0, character: 0 } });
      writeFileSync(mint, edited);
      expect(client.diagnostics.get(uriOf(mint))!.map(comparable)).toEqual(cliDiagnostics(dir).get(mint));
      expect(client.diagnostics.get(uriOf(mint))!.map((d) => d.code)).toEqual(['mint-json-invalid', 'mint-json-invalid']);
    } finally {
      await client.stop();
    }
  });
});
