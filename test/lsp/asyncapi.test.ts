/**
 * `asyncapi` in the editor, driven by the real LSP client (bench/lsp-client.mjs; in-process under
 * `npm run mutate -- lsp`): docs.json's diagnostics are the CLI's; hover on an `asyncapi` value
 * lists the channel pages it made (the first 20, then how many more), hover elsewhere is what it
 * was (a page entry's page, nothing on a name); go to definition opens the spec a local value
 * names, and nothing for a URL.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DefinitionRequest, HoverRequest, type Location, type MarkupContent } from 'vscode-languageserver-protocol/node.js';
import { startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { cliDiagnostics, comparable } from './expected.js';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tempSite(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-lsp-asyncapi-'));
  temps.push(dir);
  for (const [name, text] of Object.entries({ 'docsnav.config.json': '{ "extends": "spec" }', ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** An AsyncAPI 3 spec with these channels (name: its fields). */
const spec = (title: string, channels: Record<string, object>) => JSON.stringify({ asyncapi: '3.0.0', info: { title, version: '1' }, channels }, null, 2);

const EVENTS = spec('Events', {
  orderUpdates: { address: 'orders', description: 'Every change.' },
  chat: { title: 'Chat Room', tags: [{ name: 'Live Events' }] },
});
const ONE = spec('One', { ticker: { title: 'Ticker', tags: [{ name: 'Market' }] } });
/** 22 channels: the hover lists 20 and says how many more. */
const MANY = spec(
  'Many',
  Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`feed${String(i).padStart(2, '0')}`, { title: `Feed ${i}`, tags: [{ name: 'Feeds' }] }])),
);

/** 20 channels: all listed, no line for more. */
const TWENTY = spec('Twenty', Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`tick${i}`, { title: `Tick ${i}`, tags: [{ name: 'Ticks' }] }])));

const DOCS = `{
  "name": "S",
  "navigation": {
    "tabs": [
      { "tab": "Guides", "groups": [{ "group": "Start", "pages": ["intro"] }] },
      { "tab": "Events", "asyncapi": "ws/events.json" },
      { "tab": "Gone", "asyncapi": { "source": "ws/gone.yaml" } },
      { "tab": "One", "asyncapi": { "source": "ws/one.json" } },
      { "tab": "Many", "asyncapi": "ws/many.json" },
      { "tab": "Twenty", "asyncapi": "ws/twenty.json" },
      { "tab": "Remote", "asyncapi": "https://example.com/asyncapi.json" }
    ]
  }
}
`;

/** The position of `needle`'s character at `offset` in DOCS (inside a string value). */
const at = (needle: string, offset = 3) => TextDocument.create('file:///x', 'json', 1, DOCS).positionAt(DOCS.indexOf(needle) + offset);

async function withSite<T>(run: (client: LspClient, dir: string, file: string) => Promise<T>): Promise<T> {
  const dir = tempSite({
    'docs.json': DOCS,
    'ws/events.json': EVENTS,
    'ws/one.json': ONE,
    'ws/many.json': MANY,
    'ws/twenty.json': TWENTY,
    'intro.mdx': '---\ntitle: Intro\n---\n\n[chat](/api-reference/live-events/chat-room)\n',
  });
  const file = path.join(dir, 'docs.json');
  const client = await startClient(dir);
  try {
    client.open(file, DOCS);
    await client.nextDiagnostics(uriOf(file));
    return await run(client, dir, file);
  } finally {
    await client.stop();
  }
}

const hoverText = async (client: LspClient, file: string, needle: string, offset?: number): Promise<MarkupContent | undefined> => {
  const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(file) }, position: at(needle, offset) });
  return hover?.contents as MarkupContent | undefined;
};

const definitionOf = async (client: LspClient, file: string, needle: string) =>
  (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: uriOf(file) }, position: at(needle) })) as Location | null;

describe('asyncapi in the editor', () => {
  it('diagnostics are the CLI problems; hover on the value lists its channel pages; definition opens the spec', async () => {
    const dir = tempSite({
      'docs.json': DOCS,
      'ws/events.json': EVENTS,
      'ws/one.json': ONE,
      'ws/many.json': MANY,
      'intro.mdx': '---\ntitle: Intro\n---\n\n[chat](/api-reference/live-events/chat-room)\n',
    });
    const file = path.join(dir, 'docs.json');
    const expected = cliDiagnostics(dir);
    expect([...expected.values()].flat().map((d) => d.code)).toContain('asyncapi-not-found');
    const client = await startClient(dir);
    try {
      client.open(file, DOCS);
      const published = await client.nextDiagnostics(uriOf(file));
      expect(published.map(comparable)).toEqual(expected.get(file));
      for (const [uri, list] of client.diagnostics) if (uri !== uriOf(file)) expect(list, uri).toEqual([]);
      expect((await hoverText(client, file, '"ws/events.json"'))?.value).toBe(
        '**2 channel pages** from `ws/events.json`:\n- `/api-reference/websockets/orderupdates`: Order updates (channel `orderUpdates`)\n- `/api-reference/live-events/chat-room`: Chat Room (channel `chat`)',
      );
      expect((await definitionOf(client, file, '"ws/events.json"'))?.uri).toBe(uriOf(path.join(dir, 'ws/events.json')));
    } finally {
      await client.stop();
    }
  });

  it("a spec of one channel, named by an object's source: one channel page, and definition opens it", async () => {
    await withSite(async (client, dir, file) => {
      expect((await hoverText(client, file, '"ws/one.json"'))?.value).toBe(
        '**1 channel page** from `ws/one.json`:\n- `/api-reference/market/ticker`: Ticker (channel `ticker`)',
      );
      expect((await definitionOf(client, file, '"ws/one.json"'))?.uri).toBe(uriOf(path.join(dir, 'ws/one.json')));
    });
  });

  it('a spec of 22 channels: the first 20 listed, then how many more; one of 20: all 20, nothing more', async () => {
    await withSite(async (client, _dir, file) => {
      const lines = (await hoverText(client, file, '"ws/many.json"'))!.value.split('\n');
      expect(lines[0]).toBe('**22 channel pages** from `ws/many.json`:');
      expect(lines.slice(1, 21)).toEqual(
        Array.from({ length: 20 }, (_, i) => `- \`/api-reference/feeds/feed-${i}\`: Feed ${i} (channel \`feed${String(i).padStart(2, '0')}\`)`),
      );
      expect(lines.slice(21)).toEqual(['- … and 2 more']);
      const twenty = (await hoverText(client, file, '"ws/twenty.json"'))!.value.split('\n');
      expect(twenty[0]).toBe('**20 channel pages** from `ws/twenty.json`:');
      expect(twenty.slice(1)).toHaveLength(20);
      expect(twenty.at(-1)).toMatch(/^- `\/api-reference\/ticks\/tick-19`: Tick 19 /);
    });
  });

  it("a spec at a URL: its problem's documentation, no channel pages (none is fetched) and no file to open; a page entry and a name hover as before", async () => {
    await withSite(async (client, _dir, file) => {
      // Its hover is the documentation of the problem there (openapi-remote), and no list of pages.
      const remote = (await hoverText(client, file, '"https://example.com/asyncapi.json"'))!.value;
      expect(remote).toMatch(/^#### `openapi-remote`/);
      expect(remote).not.toMatch(/channel page/);
      expect(await definitionOf(client, file, '"https://example.com/asyncapi.json"')).toBeNull();
      expect((await hoverText(client, file, '"intro"'))?.value).toMatch(/^\*\*`\/intro`\*\*: Intro\n\nFile: `intro.mdx`/);
      expect(await hoverText(client, file, '"S"', 1)).toBeUndefined();
    });
  });
});
