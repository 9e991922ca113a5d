/**
 * Code actions (src/lsp/code-actions.ts, and handlers.ts's onCodeAction) through a real LSP
 * client and the language server of src/lsp in this process: each fixable problem under the
 * range gets its quick fix with the fix's own edits, the docs file gets "Fix all docsnav
 * problems" as one edit, and the kinds asked for (`only`) are the kinds answered.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeActionRequest, type CodeAction, type Range } from 'vscode-languageserver-protocol/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { inProcessServer, startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { quickFixes } from '../../src/lsp/code-actions.js';
import { Sites } from '../../src/lsp/sites.js';
import { siteWith } from '../move/harness.js';

// Tab-indented, CRLF, a multi-byte name: the edits' columns are UTF-16 columns of the editor's text.
const DOCS = [
  '{',
  '\t"name": "Café ☕",',
  '\t"navigation": {',
  '\t\t"groups": [',
  '\t\t\t{ "group": "Start", "expand": true, "pages": ["intro.mdx", "guide", "guide"] },',
  '\t\t\t{ "$ref": "more.json" }',
  '\t\t]',
  '\t}',
  '}',
  '',
].join('\r\n');
const MORE = '{\n  "group": "More",\n  "pages": ["other.mdx", "missing"]\n}\n';

const range = (line: number, start: number, endLine: number, end: number): Range => ({
  start: { line, character: start },
  end: { line: endLine, character: end },
});

const EXPAND = range(4, 23, 4, 31);
const INTRO = range(4, 49, 4, 60);
const DUPLICATE = range(4, 71, 4, 78);

describe('code actions', () => {
  let client: LspClient;
  let root: string;
  let file: string;
  let more: string;
  beforeAll(async () => {
    root = siteWith({
      'docsnav.config.json': '{ "extends": "spec" }',
      'docs.json': DOCS,
      'more.json': MORE,
      'intro.mdx': '---\ntitle: Intro\n---\n',
      'guide.mdx': '# Guide\n',
      'other.mdx': '# Other\n',
    });
    file = path.join(root, 'docs.json');
    more = path.join(root, 'more.json');
    client = await startClient(root, { serve: await inProcessServer() });
    client.open(file, DOCS);
    await client.nextDiagnostics(uriOf(file));
  });
  afterAll(() => client.stop());

  async function actions(at: Range, only?: string[], uri = uriOf(file)): Promise<CodeAction[]> {
    return (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: at,
      context: { diagnostics: [], ...(only && { only }) },
    })) as CodeAction[];
  }

  /** What the client published for a problem's range, as the quick fix names it. */
  const published = (at: Range) => client.diagnostics.get(uriOf(file))!.filter((diagnostic) => JSON.stringify(diagnostic.range) === JSON.stringify(at));

  it('a problem with a suggestion: "Use …", its diagnostic, preferred, the fix replacing the entry', async () => {
    expect(await actions(range(4, 52, 4, 52), ['quickfix'])).toEqual([
      {
        title: 'Use "intro" (page-path)',
        kind: 'quickfix',
        diagnostics: published(INTRO),
        isPreferred: true,
        edit: { changes: { [uriOf(file)]: [{ range: INTRO, newText: '"intro"' }] } },
      },
    ]);
    expect(published(INTRO).map((diagnostic) => diagnostic.code)).toEqual(['page-path']);
  });

  it('a problem without a suggestion: "Fix: <code>", the fix removing the key with its comma', async () => {
    expect(await actions(range(4, 25, 4, 26), ['quickfix'])).toEqual([
      {
        title: 'Fix: unknown-field',
        kind: 'quickfix',
        diagnostics: published(EXPAND),
        isPreferred: true,
        edit: { changes: { [uriOf(file)]: [{ range: range(4, 21, 4, 37), newText: '' }] } },
      },
    ]);
  });

  it.each([
    ['a cursor at the end of the problem', range(4, 78, 4, 78)],
    ['a range ending at its start', range(4, 60, 4, 71)],
    ['a range over several lines around it', range(3, 0, 6, 0)],
  ])('the problems it touches: %s', async (_, at) => {
    const titles = (await actions(at, ['quickfix'])).map((action) => action.title);
    expect(titles).toContain('Fix: duplicate-page');
  });

  it('every quick fix of a range, in the order of the problems', async () => {
    expect((await actions(range(4, 0, 4, 90), ['quickfix'])).map((action) => [action.title, action.edit!.changes![uriOf(file)]])).toEqual([
      ['Fix: unknown-field', [{ range: range(4, 21, 4, 37), newText: '' }]],
      ['Use "intro" (page-path)', [{ range: INTRO, newText: '"intro"' }]],
      ['Fix: duplicate-page', [{ range: range(4, 69, 4, 78), newText: '' }]],
    ]);
    expect(published(DUPLICATE).map((diagnostic) => diagnostic.code)).toEqual(['duplicate-page']);
  });

  it("another file's problem at the same place: not this file's quick fix", async () => {
    // more.json has a fixable problem on line 3, columns 13 to 24; docs.json has none there.
    expect(await actions(range(2, 14, 2, 14), ['quickfix'])).toEqual([]);
    expect((await actions(range(2, 14, 2, 14), ['quickfix'], uriOf(more))).map((action) => action.title)).toEqual(['Use "other" (page-path)']);
  });

  it.each([
    ['a line without a problem', range(1, 0, 1, 5)],
    ['just before a problem', range(4, 0, 4, 22)],
    ['just after one', range(4, 79, 4, 85)],
  ])('no quick fix on %s', async (_, at) => {
    expect(await actions(at, ['quickfix'])).toEqual([]);
  });

  it('fix all: one edit from the first change to the last, what --fix writes', async () => {
    const fixAll = await actions(range(0, 0, 0, 0), ['source.fixAll']);
    expect(fixAll).toEqual([
      {
        title: 'Fix all docsnav problems (4)',
        kind: 'source.fixAll.docsnav',
        edit: {
          changes: {
            [uriOf(file)]: [{ range: range(4, 24, 4, 68), newText: 'pages": ["intro' }],
            // The $ref target's fix too, in its own file.
            [uriOf(more)]: [{ range: range(2, 18, 2, 22), newText: '' }],
          },
        },
      },
    ]);
    const after = TextDocument.applyEdits(TextDocument.create(uriOf(file), 'json', 1, DOCS), fixAll[0].edit!.changes![uriOf(file)]);
    expect(after).toBe(DOCS.replace('"expand": true, ', '').replace('"intro.mdx", "guide", "guide"', '"intro", "guide"'));
    const moreAfter = TextDocument.applyEdits(TextDocument.create(uriOf(more), 'json', 1, MORE), fixAll[0].edit!.changes![uriOf(more)]);
    expect(moreAfter).toBe(MORE.replace('other.mdx', 'other'));
  });

  it.each<[string, string[] | undefined, string[]]>([
    ['nothing asked: quick fixes, then fix all', undefined, ['quickfix', 'source.fixAll.docsnav']],
    ['quick fixes asked', ['quickfix'], ['quickfix']],
    ['a kind above fix all asked (source)', ['source'], ['source.fixAll.docsnav']],
    ['fix all asked by its own kind', ['source.fixAll.docsnav'], ['source.fixAll.docsnav']],
    ['both asked', ['source.fixAll', 'quickfix'], ['quickfix', 'source.fixAll.docsnav']],
    ['another kind asked', ['refactor'], []],
    ['a kind that only starts like quickfix', ['quick'], []],
  ])('%s', async (_, only, kinds) => {
    expect((await actions(INTRO, only)).map((action) => action.kind)).toEqual(kinds);
  });

  it("in a $ref target: its quick fixes, never fix all (that is the docs file's)", async () => {
    client.open(more, MORE);
    const found = await actions(range(2, 14, 2, 14), undefined, uriOf(more));
    expect(found).toEqual([
      {
        title: 'Use "other" (page-path)',
        kind: 'quickfix',
        diagnostics: [expect.objectContaining({ code: 'page-path', range: range(2, 12, 2, 23) })],
        isPreferred: true,
        edit: { changes: { [uriOf(more)]: [{ range: range(2, 12, 2, 23), newText: '"other"' }] } },
      },
    ]);
  });

  it('a file whose text is not the one checked: no quick fix (its offsets would land elsewhere)', () => {
    const sites = new Sites({ textOf: () => undefined });
    const check = sites.check(sites.track(file))!;
    const at = range(2, 14, 2, 14);
    expect(quickFixes(check, more, at, MORE).map((action) => action.title)).toEqual(['Use "other" (page-path)']);
    // Not open in the editor: the checked text stands.
    expect(quickFixes(check, more, at, undefined).map((action) => action.title)).toEqual(['Use "other" (page-path)']);
    expect(quickFixes(check, more, at, MORE.replace('"More"', '"More and more"'))).toEqual([]);
    // docs.json, not open: more.json's problem at the same place is not its own.
    expect(quickFixes(check, file, at, undefined)).toEqual([]);
    // A relative path names the same file.
    expect(quickFixes(check, path.relative(process.cwd(), more), at, MORE).map((action) => action.title)).toEqual(['Use "other" (page-path)']);
  });

  it('nothing for a file of no site, or no file at all', async () => {
    expect(await actions(range(0, 0, 0, 0), undefined, 'untitled:Untitled-1')).toEqual([]);
    expect(await actions(range(0, 0, 0, 0), undefined, uriOf(path.join(path.dirname(root), 'elsewhere', 'docs.json')))).toEqual([]);
  });
});

describe('fix all of one deletion', () => {
  it('a duplicate removed after the same text: the edit deletes exactly it', async () => {
    const text = '{\n  "navigation": { "pages": ["intro", "intro"] }\n}\n';
    const root = siteWith({ 'docsnav.config.json': '{ "extends": "spec" }', 'docs.json': text, 'intro.mdx': '# Intro\n' });
    const file = path.join(root, 'docs.json');
    const client = await startClient(root, { serve: await inProcessServer() });
    try {
      client.open(file, text);
      await client.nextDiagnostics(uriOf(file));
      const found = (await client.connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri: uriOf(file) },
        range: range(0, 0, 0, 0),
        context: { diagnostics: [], only: ['source.fixAll'] },
      })) as CodeAction[];
      expect(found).toEqual([
        {
          title: 'Fix all docsnav problems (1)',
          kind: 'source.fixAll.docsnav',
          edit: { changes: { [uriOf(file)]: [{ range: range(1, 35, 1, 44), newText: '' }] } },
        },
      ]);
      const after = TextDocument.applyEdits(TextDocument.create(uriOf(file), 'json', 1, text), found[0].edit!.changes![uriOf(file)]);
      expect(after).toBe('{\n  "navigation": { "pages": ["intro"] }\n}\n');
    } finally {
      await client.stop();
    }
  });
});

describe('fix all when there is nothing to fix, or nothing checked', () => {
  it('a clean site: no fix all; a broken config: no action at all', async () => {
    const clean = '{\n  "navigation": { "pages": ["intro"] }\n}\n';
    const root = siteWith({ 'docsnav.config.json': '{ "extends": "spec" }', 'docs.json': clean, 'intro.mdx': '# Intro\n' });
    const file = path.join(root, 'docs.json');
    const client = await startClient(root, { serve: await inProcessServer() });
    try {
      client.open(file, clean);
      expect(await client.nextDiagnostics(uriOf(file))).toEqual([]);
      const ask = async () =>
        (await client.connection.sendRequest(CodeActionRequest.type, {
          textDocument: { uri: uriOf(file) },
          range: range(0, 0, 3, 0),
          context: { diagnostics: [] },
        })) as CodeAction[];
      expect(await ask()).toEqual([]);
      // A config with a problem: the site is not checked, its last check has no options to fix with.
      const config = path.join(root, 'docsnav.config.json');
      writeFileSync(config, '{ "extends": "spec", "rules": { "page-path": "loud" } }');
      client.filesChanged([{ uri: uriOf(config), type: 2 }]);
      await client.nextDiagnostics(uriOf(config), (list) => list.length > 0);
      client.change(file, '{\n  "navigation": { "pages": ["intro.mdx"] }\n}\n', 2);
      expect(await ask()).toEqual([]);
    } finally {
      await client.stop();
    }
  });
});
