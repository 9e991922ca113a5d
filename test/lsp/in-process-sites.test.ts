/**
 * src/lsp/sites.ts: the sites the language server checks. Through a real LSP client and the server
 * of src/lsp in this process: a config that cannot be read (said on the config file, the site not checked) and a
 * config loader that fails otherwise (an internal error, said in the log); the page scan store of
 * the CLI, read and written by a site's first check only, saved when it has something new, always
 * closed; a docs file that cannot be read; a page edited before the site has a check to check it
 * against. Directly: the tree a check builds (once) and where its entries are written, which file
 * of a folder is its docs file, the site a file belongs to, the sites holding a file, and whether
 * a saved file is in their listings.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CodeActionRequest,
  DiagnosticSeverity,
  DidCloseTextDocumentNotification,
  FileChangeType,
  HoverRequest,
  LogMessageNotification,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node.js';
import { inProcessServer, startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { PageScanStores } from '../../src/cache/location.js';
import { ValidationCache } from '../../src/cache/memory.js';
import { PageScanStore } from '../../src/cache/store.js';
import { run } from '../../src/cli/run.js';
import { ConfigLoader } from '../../src/config-file/load.js';
import { docsFileIn } from '../../src/docs-root.js';
import { isDocsFile, placeInDocsFile, Sites, treeOf } from '../../src/lsp/sites.js';
import { siteWith } from '../move/harness.js';

const SPEC_CONFIG = '{ "extends": "spec" }';
const codes = (list: readonly Diagnostic[] | undefined) => (list ?? []).map((diagnostic) => diagnostic.code);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** Every notification the server sent before now has arrived: it answers a request after them, on the same stream. */
async function settled(client: LspClient): Promise<void> {
  await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: 'untitled:none' }, position: { line: 0, character: 0 } });
}

/**
 * A client on an empty workspace folder (no site found at start: each test opens what it checks),
 * and the lines the server wrote to its log.
 */
async function withClient(run: (client: LspClient, logs: string[]) => Promise<void>, options: { watchFiles?: boolean } = {}): Promise<void> {
  const workspace = siteWith({});
  const client = await startClient(workspace, { ...options, serve: await inProcessServer() });
  const logs: string[] = [];
  client.connection.onNotification(LogMessageNotification.type, ({ message }) => logs.push(message));
  try {
    await run(client, logs);
  } finally {
    await client.stop();
  }
}

describe('the config of a site', () => {
  it('a config file that cannot be read (an I/O error): as the CLI, the site is not checked and the config file says why; readable again, the site is checked with it', async () => {
    const docs = '{ "navigation": { "pages": ["intro", "missing"] } }';
    const root = siteWith({ 'docs.json': docs, 'intro.mdx': '# Intro\n' });
    // A regular file to stat whose read fails (EIO), whoever runs the test (root reads a mode-000 file).
    const config = path.join(root, 'docsnav.config.json');
    symlinkSync('/proc/self/mem', config);
    const file = path.join(root, 'docs.json');
    await withClient(async (client, logs) => {
      client.open(file, docs);
      const inConfig = client.diagnostics.get(uriOf(config)) ?? (await client.nextDiagnostics(uriOf(config)));
      // The line `docsnav validate` exits 2 with, on the same site.
      let stderr = '';
      const cli = await run(['validate', root, '--no-cache'], {
        stdout: () => undefined,
        stderr: (text) => (stderr += text),
        isTTY: false,
        env: { NO_COLOR: '1' },
      });
      expect({ cli, stderr }).toEqual({ cli: 2, stderr: `docsnav: cannot read config file ${config}: EIO\n` });
      expect(inConfig.map(({ code, severity, message, range }) => ({ code, severity, message, range }))).toEqual([
        {
          code: 'config-invalid',
          severity: DiagnosticSeverity.Error,
          message: stderr.slice('docsnav: '.length, -1),
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        },
      ]);
      expect(client.diagnostics.get(uriOf(file)) ?? []).toEqual([]);
      // The spec profile's config, readable now: the site is checked with it (the platform's missing-field problems off).
      rmSync(config);
      writeFileSync(config, SPEC_CONFIG);
      client.filesChanged([{ uri: uriOf(config), type: FileChangeType.Changed }]);
      expect(codes(await client.nextDiagnostics(uriOf(file)))).toEqual(['page-not-found']);
      await settled(client);
      expect(client.diagnostics.get(uriOf(config))).toEqual([]);
      expect(logs).toEqual([]);
    });
  });

  it('a config loader failing otherwise (a bug): the site is not checked, the error is logged', async () => {
    const docs = '{ "navigation": { "pages": ["missing"] } }';
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': docs });
    const file = path.join(root, 'docs.json');
    vi.spyOn(ConfigLoader.prototype, 'load').mockImplementation(() => {
      throw new TypeError('the loader broke');
    });
    await withClient(async (client, logs) => {
      client.open(file, docs);
      expect(await client.nextDiagnostics(uriOf(file))).toEqual([]);
      await settled(client);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatch(new RegExp(`^docsnav: internal error checking ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: TypeError: the loader broke\\n`));
    });
  });

  it('a config with problems: they are in the config file; the docs file is not checked; no tree to hover', async () => {
    const docs = '{ "navigation": { "pages": ["missing"] } }';
    const root = siteWith({ 'docsnav.config.json': '{ "extends": "spek" }', 'docs.json': docs });
    const file = path.join(root, 'docs.json');
    const config = path.join(root, 'docsnav.config.json');
    await withClient(async (client, logs) => {
      client.open(file, docs);
      expect(await client.nextDiagnostics(uriOf(file))).toEqual([]);
      const inConfig = client.diagnostics.get(uriOf(config)) ?? (await client.nextDiagnostics(uriOf(config)));
      expect(inConfig.map(({ code, message, range }) => ({ code, message, range }))).toEqual([
        {
          code: 'config-invalid',
          message: 'Unknown profile "spek": `extends` is one of platform, spec. Suggestion: use "spec".',
          range: { start: { line: 0, character: 13 }, end: { line: 0, character: 19 } },
        },
      ]);
      // Hover on the page entry: the check has no options, so no tree to tell the page from.
      const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(file) }, position: { line: 0, character: 31 } });
      expect(hover).toBeNull();
      await settled(client);
      expect(logs).toEqual([]);
    });
  });
});

describe('the page scan store (as the CLI keeps it, where CI is not set)', () => {
  /** The site's store files (its index and the parts beside it). */
  const storeFiles = (root: string) => {
    const folder = path.join(root, 'node_modules/.cache/docsnav');
    return existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith('page-scans-')) : [];
  };

  function spies() {
    return {
      opened: vi.spyOn(PageScanStores.prototype, 'for'),
      saved: vi.spyOn(PageScanStore.prototype, 'save'),
      closed: vi.spyOn(PageScanStore.prototype, 'close'),
    };
  }

  function storeSite(): string {
    // A package.json: the store goes in its node_modules/.cache/docsnav (the test's own folder).
    return siteWith({
      'package.json': '{ "name": "site" }',
      'docsnav.config.json': SPEC_CONFIG,
      'docs.json': '{ "navigation": { "pages": ["intro", "missing"] } }',
      'intro.mdx': '# Intro\n',
    });
  }

  it('the first check reads it and saves what it made; later checks leave it; it is closed; a session with nothing new saves nothing', async () => {
    vi.stubEnv('CI', '');
    const root = storeSite();
    const file = path.join(root, 'docs.json');
    const { opened, saved, closed } = spies();
    await withClient(async (client) => {
      client.open(file, '{ "navigation": { "pages": ["intro", "missing"] } }');
      expect(codes(await client.nextDiagnostics(uriOf(file)))).toEqual(['page-not-found']);
      expect([opened.mock.calls.length, saved.mock.calls.length, closed.mock.calls.length]).toEqual([1, 1, 1]);
      expect(opened.mock.calls[0]).toEqual([root]);
      expect(storeFiles(root).length).toBeGreaterThan(0);
      // A keystroke: checked from memory, the store not opened again.
      client.change(file, '{ "navigation": { "pages": ["intro"] } }', 2);
      expect(await client.nextDiagnostics(uriOf(file), (list) => list.length === 0)).toEqual([]);
      expect([opened.mock.calls.length, saved.mock.calls.length, closed.mock.calls.length]).toEqual([1, 1, 1]);
    });
    // Another session on the unchanged site: the store is read, has nothing new to save, and is closed.
    await withClient(async (client) => {
      client.open(file, '{ "navigation": { "pages": ["intro", "missing"] } }');
      expect(codes(await client.nextDiagnostics(uriOf(file)))).toEqual(['page-not-found']);
      expect([opened.mock.calls.length, saved.mock.calls.length, closed.mock.calls.length]).toEqual([2, 1, 2]);
    });
  });

  it('a store that cannot be saved: the check is published all the same, the store closed', async () => {
    vi.stubEnv('CI', '');
    const root = storeSite();
    const file = path.join(root, 'docs.json');
    const { closed } = spies();
    vi.spyOn(PageScanStore.prototype, 'save').mockImplementation(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    });
    await withClient(async (client, logs) => {
      client.open(file, '{ "navigation": { "pages": ["intro", "missing"] } }');
      expect(codes(await client.nextDiagnostics(uriOf(file)))).toEqual(['page-not-found']);
      expect(closed).toHaveBeenCalledTimes(1);
      await settled(client);
      expect(logs).toEqual([]);
    });
  });

  it('a check that failed inside (a bug, no last check left): the next check does not open the store again', async () => {
    vi.stubEnv('CI', '');
    const root = storeSite();
    const file = path.join(root, 'docs.json');
    const { opened } = spies();
    await withClient(async (client, logs) => {
      client.open(file, '{ "navigation": { "pages": ["intro", "missing"] } }');
      expect(codes(await client.nextDiagnostics(uriOf(file)))).toEqual(['page-not-found']);
      vi.spyOn(ValidationCache.prototype, 'filesFor').mockImplementationOnce(() => {
        throw new Error('the listing broke');
      });
      client.change(file, '{ "navigation": { "pages": ["missing"] } }', 2);
      expect(await client.nextDiagnostics(uriOf(file), (list) => list.length === 0)).toEqual([]);
      expect(logs.map((line) => line.split('\n')[0])).toEqual([`docsnav: internal error checking ${file}: Error: the listing broke`]);
      client.change(file, '{ "navigation": { "pages": ["intro", "gone"] } }', 3);
      expect(codes(await client.nextDiagnostics(uriOf(file), (list) => list.length > 0))).toEqual(['page-not-found']);
      expect(opened).toHaveBeenCalledTimes(1);
    });
  });

  it("a site whose first check found its config broken: the store is not opened once the config is mended (only a site's first check opens it)", async () => {
    vi.stubEnv('CI', '');
    const root = storeSite();
    const config = path.join(root, 'docsnav.config.json');
    writeFileSync(config, '{ "extends": "spek" }');
    const file = path.join(root, 'docs.json');
    const { opened } = spies();
    await withClient(async (client) => {
      client.open(file, '{ "navigation": { "pages": ["intro", "missing"] } }');
      expect(codes(await client.nextDiagnostics(uriOf(config)))).toEqual(['config-invalid']);
      writeFileSync(config, SPEC_CONFIG);
      client.filesChanged([{ uri: uriOf(config), type: FileChangeType.Changed }]);
      expect(codes(await client.nextDiagnostics(uriOf(file), (list) => list.length > 0))).toEqual(['page-not-found']);
      expect(opened).not.toHaveBeenCalled();
      expect(storeFiles(root)).toEqual([]);
    });
  });
});

describe('a docs file that cannot be read, and pages edited before any check', () => {
  /** A page opened, then edited to front matter that does not parse: docs.json shows nothing either time, and the page gets no problem of its own. */
  async function pageEditedToBrokenFrontMatter(client: LspClient, file: string, page: string): Promise<void> {
    client.open(page, '# Intro\n');
    expect(await client.nextDiagnostics(uriOf(file))).toEqual([]);
    client.change(page, '---\ntitle: [Intro\n---\n', 2);
    expect(await client.nextDiagnostics(uriOf(file))).toEqual([]);
    await settled(client);
    expect(client.diagnostics.has(uriOf(page))).toBe(false);
  }

  it('docs.json a symbolic link (never followed): nothing published in it, nothing logged; a page edited: no check to check it against', async () => {
    const target = siteWith({ 'docs.json': '{ "navigation": { "pages": ["missing"] } }' });
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'intro.mdx': '# Intro\n' });
    symlinkSync(path.join(target, 'docs.json'), path.join(root, 'docs.json'));
    const file = path.join(root, 'docs.json');
    const page = path.join(root, 'intro.mdx');
    await withClient(async (client, logs) => {
      await pageEditedToBrokenFrontMatter(client, file, page);
      expect(logs).toEqual([]);
    });
  });

  it('a page edited in a site whose config is broken: the site is checked (the config problems), not the page alone', async () => {
    const root = siteWith({
      'docsnav.config.json': '{ "extends": "spek" }',
      'docs.json': '{ "navigation": { "pages": ["intro"] } }',
      'intro.mdx': '# Intro\n',
    });
    const file = path.join(root, 'docs.json');
    const page = path.join(root, 'intro.mdx');
    await withClient(async (client, logs) => {
      await pageEditedToBrokenFrontMatter(client, file, page);
      expect(codes(client.diagnostics.get(uriOf(path.join(root, 'docsnav.config.json'))))).toEqual(['config-invalid']);
      expect(logs).toEqual([]);
    });
  });

  it('a $ref file edited (not a page: no page check of it): the site is checked, nothing logged', async () => {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'docs.json': '{ "navigation": { "groups": [{ "$ref": "./more.json" }] } }',
      'more.json': '{ "group": "More", "pages": ["intro"] }',
      'intro.mdx': '# Intro\n',
    });
    const file = path.join(root, 'docs.json');
    const more = path.join(root, 'more.json');
    await withClient(async (client, logs) => {
      client.open(file, '{ "navigation": { "groups": [{ "$ref": "./more.json" }] } }');
      expect(await client.nextDiagnostics(uriOf(file))).toEqual([]);
      client.open(more, '{ "group": "More", "pages": ["intro"] }');
      client.change(more, '{ "group": "More", "pages": ["intro", "missing"] }', 2);
      expect(codes(await client.nextDiagnostics(uriOf(more), (list) => list.length > 0))).toEqual(['page-not-found']);
      await settled(client);
      expect(logs).toEqual([]);
      void client.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: uriOf(more) } });
      expect(await client.nextDiagnostics(uriOf(more), (list) => list.length === 0)).toEqual([]);
    });
  });
});

describe('a page checked alone against the last check', () => {
  it('its problems while docs.json is as checked; none (check the site) once the editor changed docs.json', () => {
    const docs = '{ "navigation": { "pages": ["intro"] } }';
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': docs, 'intro.mdx': '# Intro\n' });
    const file = path.join(root, 'docs.json');
    const page = path.join(root, 'intro.mdx');
    const open = new Map<string, string>([[file, docs]]);
    const sites = new Sites({ textOf: (name) => open.get(name) });
    const site = sites.track(file);
    expect(sites.checkPage(site, page)).toBeUndefined();
    expect(sites.check(site)?.result.problems).toEqual([]);
    sites.cache.setText(page, '---\ntitle: [Intro\n---\n');
    expect(sites.checkPage(site, page)?.map((problem) => [problem.code, problem.file, problem.line])).toEqual([['front-matter-invalid', page, 3]]);
    open.set(file, '{ "navigation": { "pages": [] } }');
    expect(sites.checkPage(site, page)).toBeUndefined();
    // Closed again (the disk's text is the one checked): checked alone again.
    open.delete(file);
    expect(sites.checkPage(site, page)?.map((problem) => problem.code)).toEqual(['front-matter-invalid']);
  });
});

describe('the site a file belongs to (through the server)', () => {
  it('a page two folders below its docs file: the site is found above it', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': '{ "navigation": { "pages": ["guides/a/page", "nowhere"] } }' });
    mkdirSync(path.join(root, 'guides/a'), { recursive: true });
    writeFileSync(path.join(root, 'guides/a/page.mdx'), '# Page\n');
    const client = await startClient(path.join(root, 'guides'), { serve: await inProcessServer() });
    try {
      // The workspace is guides/: the site above it is not looked for (the walk stops at the workspace folder).
      client.open(path.join(root, 'guides/a/page.mdx'), '# Page\n');
      await settled(client);
      await settled(client);
      expect([...client.diagnostics.keys()]).toEqual([]);
    } finally {
      await client.stop();
    }
    await withClient(async (client) => {
      client.open(path.join(root, 'guides/a/page.mdx'), '# Page\n');
      expect(codes(await client.nextDiagnostics(uriOf(path.join(root, 'docs.json'))))).toEqual(['page-not-found']);
    });
  });
});

describe('a check’s tree', () => {
  const docs =
    '{\r\n  "navigation": {\r\n    "groups": [\r\n      { "group": "Démarrage", "pages": ["intro"] },\r\n      { "$ref": "more.json" }\r\n    ]\r\n  }\r\n}\r\n';

  function checked() {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'docs.json': docs,
      'more.json': '{ "group": "More", "pages": ["other"] }',
      'intro.mdx': '# Intro\n',
      'other.mdx': '# Other\n',
    });
    const sites = new Sites({ textOf: () => undefined });
    const check = sites.check(sites.track(path.join(root, 'docs.json')))!;
    return { root, check };
  }

  it('is built once per check, on the first ask', () => {
    const { check } = checked();
    const tree = treeOf(check);
    expect(tree?.pages.map((page) => page.path)).toEqual(['intro', 'other']);
    expect(treeOf(check)).toBe(tree);
  });

  it('an entry written in the docs file: its pointer there; one written in a $ref file: none in the docs file', () => {
    const { check } = checked();
    const [intro, other] = treeOf(check)!.pages;
    expect(placeInDocsFile(check, intro.source)).toBe('/navigation/groups/0/pages/0');
    expect(other.source).toBe('/navigation/groups/1/pages/0');
    expect(placeInDocsFile(check, other.source)).toBeUndefined();
  });

  it('a check without options (a broken config): no tree, no place', () => {
    const root = siteWith({ 'docsnav.config.json': '{ "extends": "spek" }', 'docs.json': docs });
    const sites = new Sites({ textOf: () => undefined });
    const check = sites.check(sites.track(path.join(root, 'docs.json')))!;
    expect(check.options).toBeUndefined();
    expect(treeOf(check)).toBeUndefined();
    expect(placeInDocsFile(check, '/navigation/groups/0/pages/0')).toBeUndefined();
  });
});

describe('docs files, and the sites a file belongs to', () => {
  it('a mint.json is its folder’s docs file only without a docs.json or docs.yaml beside it', () => {
    const alone = siteWith({ 'mint.json': '{}' });
    const beside = siteWith({ 'mint.json': '{}', 'docs.json': '{}' });
    const yaml = siteWith({ 'mint.json': '{}', 'docs.yaml': 'navigation: {}\n' });
    expect(isDocsFile(path.join(alone, 'mint.json'))).toBe(true);
    expect(isDocsFile(path.join(beside, 'mint.json'))).toBe(false);
    expect(isDocsFile(path.join(beside, 'docs.json'))).toBe(true);
    expect(isDocsFile(path.join(yaml, 'mint.json'))).toBe(false);
    expect(isDocsFile(path.join(yaml, 'docs.yaml'))).toBe(true);
    expect(isDocsFile(path.join(alone, 'package.json'))).toBe(false);
  });

  it('a docs file is its own site, even where another docs file of its folder would be preferred', () => {
    const root = siteWith({ 'docs.json': '{}', 'docs.yaml': 'navigation: {}\n' });
    const sites = new Sites({ textOf: () => undefined });
    expect(sites.siteOf(path.join(root, 'docs.yaml'))?.file).toBe(path.join(root, 'docs.yaml'));
    expect(sites.siteOf(path.join(root, 'docs.json'))?.file).toBe(path.join(root, 'docs.json'));
  });

  it('a page: the site already tracked in its folder (the docs file being edited), not the one its folder would give', () => {
    const root = siteWith({ 'docs.json': '{}', 'docs.yaml': 'navigation: {}\n', 'guides/page.mdx': '# P\n' });
    const sites = new Sites({ textOf: () => undefined });
    const other = siteWith({ 'docs.json': '{}' });
    sites.track(path.join(other, 'docs.json'));
    const yaml = sites.track(path.join(root, 'docs.yaml'));
    expect(sites.siteOf(path.join(root, 'guides/page.mdx'))).toBe(yaml);
    expect(sites.siteOf(path.join(root, 'index.mdx'))).toBe(yaml);
    expect(sites.all().map((site) => site.file)).toEqual([path.join(other, 'docs.json'), path.join(root, 'docs.yaml')]);
  });

  it('a page deep below a docs file: found, and tracked; the walk stops at `stopAt`, and at the file-system root', () => {
    const root = siteWith({ 'docs.json': '{}', 'a/b/c/page.mdx': '# P\n' });
    const page = path.join(root, 'a/b/c/page.mdx');
    // Nothing above the test's folders is a site (the walk up from them finds no docs file).
    for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
      expect(docsFileIn(folder)).toBeUndefined();
      if (path.dirname(folder) === folder) break;
    }
    expect(new Sites({ textOf: () => undefined }).siteOf(page, path.join(root, 'a'))).toBeUndefined();
    expect(new Sites({ textOf: () => undefined }).siteOf(page, path.join(root, 'a/b/c'))).toBeUndefined();
    const sites = new Sites({ textOf: () => undefined });
    expect(sites.siteOf(page, root)?.file).toBe(path.join(root, 'docs.json'));
    expect(sites.all().map((site) => site.file)).toEqual([path.join(root, 'docs.json')]);
    expect(new Sites({ textOf: () => undefined }).siteOf(page)?.file).toBe(path.join(root, 'docs.json'));
    const nowhere = siteWith({ 'x/y/page.mdx': '# P\n' });
    expect(new Sites({ textOf: () => undefined }).siteOf(path.join(nowhere, 'x/y/page.mdx'))).toBeUndefined();
  });

  it('the sites holding a file: those whose docs root it is under, or whose docs file it is (one at the file-system root too)', () => {
    const a = siteWith({ 'docs.json': '{}' });
    const b = siteWith({ 'docs.json': '{}', 'inner/docs.json': '{}' });
    const sites = new Sites({ textOf: () => undefined });
    const siteA = sites.track(path.join(a, 'docs.json'));
    const siteB = sites.track(path.join(b, 'docs.json'));
    const inner = sites.track(path.join(b, 'inner/docs.json'));
    expect(sites.sitesHolding(path.join(b, 'page.mdx'))).toEqual([siteB]);
    expect(sites.sitesHolding(path.join(b, 'inner/page.mdx'))).toEqual([siteB, inner]);
    expect(sites.sitesHolding(path.join(a, 'docs.json'))).toEqual([siteA]);
    expect(sites.sitesHolding(`${b}-sibling/page.mdx`)).toEqual([]);
    expect(sites.sitesHolding(path.dirname(a))).toEqual([]);
    const top = new Sites({ textOf: () => undefined });
    const atRoot = top.track('/docs.json');
    expect(atRoot.root).toBe('/');
    expect(top.sitesHolding('/docs.json')).toEqual([atRoot]);
    // Its pages too (until issue 67's eleventh session, `'/' + '/'` held none), and not the root folder itself.
    expect(top.sitesHolding('/page.mdx')).toEqual([atRoot]);
    expect(top.sitesHolding('/guides/page.mdx')).toEqual([atRoot]);
    expect(top.sitesHolding('/')).toEqual([]);
    expect(sites.sitesHolding(b)).toEqual([]);
  });

  it('a file saved is listed only when every site holding it has it in its listing', () => {
    const outer = siteWith({ 'docs.json': '{}', 'inner/docs.json': '{}', 'inner/old.mdx': '# Old\n' });
    const sites = new Sites({ textOf: () => undefined });
    sites.track(path.join(outer, 'docs.json'));
    sites.track(path.join(outer, 'inner/docs.json'));
    // The outer site's listing read before the page was made, the inner one's after.
    expect(sites.cache.filesFor(outer).hasFile('inner/old.mdx')).toBe(true);
    writeFileSync(path.join(outer, 'inner/new.mdx'), '# New\n');
    expect(sites.cache.filesFor(path.join(outer, 'inner')).hasFile('new.mdx')).toBe(true);
    expect(sites.cache.filesFor(outer).hasFile('inner/new.mdx')).toBe(false);
    expect(sites.isListed(path.join(outer, 'inner/new.mdx'))).toBe(false);
    expect(sites.isListed(path.join(outer, 'inner/old.mdx'))).toBe(true);
    sites.cache.changed(path.join(outer, 'inner/new.mdx'), 'created');
    expect(sites.isListed(path.join(outer, 'inner/new.mdx'))).toBe(true);
  });
});

describe('code actions with a broken config', () => {
  it('none in the docs file (nothing checked), none in the config file (its problems carry no fix)', async () => {
    const docs = '{ "navigation": { "pages": ["missing"] } }';
    const root = siteWith({ 'docsnav.config.json': '{ "extends": "spek" }', 'docs.json': docs });
    const file = path.join(root, 'docs.json');
    await withClient(async (client) => {
      client.open(file, docs);
      await client.nextDiagnostics(uriOf(file));
      const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 40 } };
      for (const uri of [uriOf(file), uriOf(path.join(root, 'docsnav.config.json'))]) {
        expect(await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics: [] } })).toEqual([]);
      }
    });
  });
});
