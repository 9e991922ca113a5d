/**
 * `docsnav lsp` driven over JSON-RPC as an editor drives it: diagnostics equal the CLI's JSON
 * problem for problem, code actions carry the fixes' own edits, completions are exactly what
 * the model and the docs root allow, hover and go-to-definition land on the right page.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  FileChangeType,
  HoverRequest,
  type CodeAction,
  type CompletionItem,
  type Diagnostic,
  type Location,
  type MarkupContent,
  type TextEdit,
} from 'vscode-languageserver-protocol/node.js';
import { fixText, validateFile } from '../../dist/index.js';
import { startClient, uriOf, type LspClient } from '../../bench/lsp-client.mjs';
import { cliDiagnostics, comparable } from './expected.js';
import { partFileOf, readPart } from '../cache/parts.js';

const temps: string[] = [];
/**
 * The sites here are navigation-only documents (no `theme`, `colors`), written when the spec profile
 * was the default: each is checked under it, by a config beside it, unless the test writes its own.
 */
function tempSite(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-lsp-'));
  temps.push(dir);
  for (const [name, text] of Object.entries({ 'docsnav.config.json': '{ "extends": "spec" }', ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe('diagnostics are the CLI problems', () => {
  for (const fixture of ['broken', 'refs', 'yaml', 'example', 'syntax-error']) {
    it(`fixtures/${fixture}`, async () => {
      const dir = tempSite({});
      cpSync(path.resolve('fixtures', fixture), dir, { recursive: true });
      rmSync(path.join(dir, 'expected'), { recursive: true, force: true });
      const expected = cliDiagnostics(dir);
      const docsFile = [...expected.keys()][0];
      const client = await startClient(dir);
      try {
        await client.nextDiagnostics(uriOf(docsFile));
        // Every file the CLI names (the docs file, `$ref` targets) has exactly its problems.
        for (const [file, list] of expected) {
          const uri = uriOf(file);
          const published = client.diagnostics.get(uri) ?? (await client.nextDiagnostics(uri));
          expect(published.map(comparable), file).toEqual(list);
        }
        for (const [uri, list] of client.diagnostics) if (!expected.has(path.resolve(new URL(uri).pathname))) expect(list, uri).toEqual([]);
      } finally {
        await client.stop();
      }
    });
  }
});

describe('the page scan cache', () => {
  it("is the CLI's file: a site the CLI checked is checked by the server from it, with the same problems", async () => {
    // A project: package.json at the top, the site in docs/ with a broken link in a page.
    const project = tempSite({ 'package.json': '{ "name": "site", "private": true }\n' });
    const docs = path.join(project, 'docs');
    cpSync(path.resolve('fixtures/example'), docs, { recursive: true });
    rmSync(path.join(docs, 'expected'), { recursive: true, force: true });
    writeFileSync(path.join(docs, 'quickstart.mdx'), `${readFileSync(path.join(docs, 'quickstart.mdx'), 'utf8')}\nSee [the old guide](/guides/old).\n`);
    // A developer's machine: no CI, the user's cache folder in the test's temporary folder.
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: tempSite({}) };
    delete env.CI;
    const cli = spawnSync(process.execPath, [path.resolve('dist/cli/main.js'), 'validate', docs, '--format', 'json'], { encoding: 'utf8', env });
    expect(cli.status).toBe(1);
    const cacheFolder = path.join(project, 'node_modules', '.cache', 'docsnav');
    const store = path.join(
      cacheFolder,
      readdirSync(cacheFolder).find((name) => /^page-scans-[0-9a-f]{12}\.json$/.test(name))!,
    );
    // What the index holds of each page, but whether its stamp could tell an edit yet (racily clean: src/cache/stamp.ts), which time changes.
    const entries = () =>
      Object.entries(readPart<{ pages: Record<string, { racy?: true }> }>(store).pages)
        .map(([page, entry]): [string, object] => [page, { ...entry, racy: undefined }])
        .sort(([a], [b]) => a.localeCompare(b));
    const written = entries();
    const problems = JSON.parse(cli.stdout)[0].problems as { code: string; file: string }[];
    const page = path.join(docs, 'quickstart.mdx');
    expect(problems.filter((problem) => path.resolve(problem.file) === page).map((problem) => problem.code)).toEqual(['link-not-found']);

    const client = await startClient(docs, { env });
    try {
      const docsFile = path.join(docs, 'docs.json');
      client.open(docsFile, readFileSync(docsFile, 'utf8'));
      const onPage = client.diagnostics.get(uriOf(page)) ?? (await client.nextDiagnostics(uriOf(page)));
      expect(onPage.map((diagnostic) => diagnostic.code)).toEqual(['link-not-found']);
    } finally {
      await client.stop();
    }
    // Every page was found in the store: the server had nothing new to keep.
    expect(entries()).toEqual(written);
  });

  /** The example site in a project with a package.json, its docs.json opened and checked once by a server with this environment; the project's folder. */
  async function firstCheckOfExample(env: NodeJS.ProcessEnv): Promise<string> {
    const project = tempSite({ 'package.json': '{ "name": "site", "private": true }\n' });
    const docs = path.join(project, 'docs');
    cpSync(path.resolve('fixtures/example'), docs, { recursive: true });
    const client = await startClient(docs, { env: { ...env, XDG_CACHE_HOME: tempSite({}) } });
    try {
      const docsFile = path.join(docs, 'docs.json');
      client.open(docsFile, readFileSync(docsFile, 'utf8'));
      await client.nextDiagnostics(uriOf(docsFile));
    } finally {
      await client.stop();
    }
    return project;
  }

  it('where CI is set, the server keeps no page scans', async () => {
    const project = await firstCheckOfExample({ ...process.env, CI: 'true' });
    expect(existsSync(path.join(project, 'node_modules'))).toBe(false);
  });

  it('without CI, the server writes the file on its first check of a site', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.CI;
    const project = await firstCheckOfExample(env);
    const cacheFolder = path.join(project, 'node_modules', '.cache', 'docsnav');
    const index = readdirSync(cacheFolder).find((name) => /^page-scans-[0-9a-f]{12}\.json$/.test(name))!;
    expect(Object.keys(readPart<{ pages: object }>(path.join(cacheFolder, index)).pages).length).toBeGreaterThan(0);
    expect(readdirSync(partFileOf(path.join(cacheFolder, index), 'scans')).length).toBeGreaterThan(0);
  });
});

describe('code actions', () => {
  let client: LspClient;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = tempSite({});
    cpSync(path.resolve('fixtures/broken'), dir, { recursive: true });
    file = path.join(dir, 'docs.json');
    client = await startClient(dir);
    client.open(file, readFileSync(file, 'utf8'));
    await client.nextDiagnostics(uriOf(file));
  });
  afterAll(() => client.stop());

  it('each fixable problem gets one quick fix whose edits are the fix', async () => {
    const text = readFileSync(file, 'utf8');
    const document = TextDocument.create(uriOf(file), 'json', 1, text);
    const fixable = validateFile(file).problems.filter((p) => p.fix && path.resolve(p.file) === file);
    expect(fixable.length).toBeGreaterThan(1);
    for (const problem of fixable) {
      const range = { start: { line: problem.line - 1, character: problem.column - 1 }, end: { line: problem.endLine - 1, character: problem.endColumn - 1 } };
      const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri: uriOf(file) },
        range,
        context: { diagnostics: [], only: ['quickfix'] },
      })) as CodeAction[];
      const mine = actions.filter((action) => action.diagnostics?.[0]?.code === problem.code && sameRange(action.diagnostics[0].range, range));
      expect(mine, problem.code).toHaveLength(1);
      const edits = mine[0].edit!.changes![uriOf(file)];
      expect(edits).toEqual(
        problem.fix!.edits.map((e) => ({ range: { start: document.positionAt(e.start), end: document.positionAt(e.end) }, newText: e.text })),
      );
    }
  });

  it('no quick fix for a problem without a safe fix', async () => {
    const problem = validateFile(file).problems.find((p) => !p.fix && p.code === 'page-not-found')!;
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uriOf(file) },
      range: { start: { line: problem.line - 1, character: problem.column - 1 }, end: { line: problem.line - 1, character: problem.column - 1 } },
      context: { diagnostics: [], only: ['quickfix'] },
    })) as CodeAction[];
    expect(actions.filter((a) => a.diagnostics?.some((d) => d.code === 'page-not-found'))).toEqual([]);
  });

  it('fix all writes what --fix writes', async () => {
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uriOf(file) },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    })) as CodeAction[];
    expect(actions.map((a) => a.kind)).toEqual(['source.fixAll.docsnav']);
    const text = readFileSync(file, 'utf8');
    const after = TextDocument.applyEdits(TextDocument.create(uriOf(file), 'json', 1, text), actions[0].edit!.changes![uriOf(file)]);
    expect(after).toBe(fixText(text, { file, root: dir }).files[0].after);
  });
});

const SITE_DOCS = `{
  "name": "Site",
  "navigation": {
    "tabs": [
      {
        "tab": "Guides",
        "groups": [
          { "group": "Start", "pages": ["intro", ""] }
        ]
      },
      {
        "tab": "API",
        "openapi": "api/openapi.json",
        "pages": ["GET /users", ""]
      }
    ],
    "languages": []
  }
}
`;
const SPEC = JSON.stringify(
  {
    openapi: '3.0.3',
    info: { title: 'API', version: '1' },
    paths: {
      '/users': { get: { summary: 'List users', responses: {} }, post: { summary: 'Create a user', responses: {} } },
      '/users/{id}': { get: { summary: 'Get a user', responses: {} }, delete: { 'x-excluded': true, summary: 'Gone', responses: {} } },
    },
  },
  null,
  2,
);

describe('completions, hover and definition', () => {
  let client: LspClient;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = tempSite({
      'docs.json': SITE_DOCS,
      'intro.mdx': '---\ntitle: Introduction\n---\n',
      'guides/setup.mdx': '---\ntitle: Setup\n---\n',
      'guides/deploy.md': '# Deploy\n',
      'api/openapi.json': SPEC,
      'notes.txt': 'not a page',
    });
    file = path.join(dir, 'docs.json');
    client = await startClient(dir);
    client.open(file, SITE_DOCS);
    await client.nextDiagnostics(uriOf(file));
  });
  afterAll(() => client.stop());

  /** The position just after the n-th occurrence of `needle` (or at its start with `at: 'start'`). */
  function positionOf(text: string, needle: string, nth = 0, at: 'start' | 'end' = 'end') {
    let index = -1;
    for (let i = 0; i <= nth; i++) index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`${needle} not in the text`);
    return TextDocument.create('file:///x', 'json', 1, text).positionAt(index + (at === 'end' ? needle.length : 0));
  }

  async function complete(text: string, position: { line: number; character: number }): Promise<string[]> {
    client.change(file, text, Date.now());
    const items = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: uriOf(file) }, position })) as CompletionItem[];
    return items.map((item) => item.label).sort();
  }

  it('in a pages list: the page files that exist and are not listed there yet', async () => {
    // Inside the empty string after "intro".
    const labels = await complete(SITE_DOCS, positionOf(SITE_DOCS, '"intro", "'));
    expect(labels).toEqual(['guides/deploy', 'guides/setup']);
  });

  it('in a pages list under openapi: also the operations of the spec, not x-excluded ones, not listed ones', async () => {
    const labels = await complete(SITE_DOCS, positionOf(SITE_DOCS, '"GET /users", "'));
    expect(labels).toEqual(['GET /users/{id}', 'POST /users', 'guides/deploy', 'guides/setup', 'intro']);
  });

  it('keys of a tab that holds groups: its fields, no second child type', async () => {
    const text = SITE_DOCS.replace('"tab": "Guides",', '"tab": "Guides", "",');
    const labels = await complete(text, positionOf(text, '"Guides", "'));
    // The tab's name is there and it holds groups: its other fields, no child type but groups (already there).
    expect(labels).toEqual(['align', 'asyncapi', 'directory', 'global', 'graphql', 'hidden', 'href', 'icon', 'openapi', 'sdk', 'searchable']);
  });

  it('keys of a tab that holds pages: no generator field (it allows only groups beside it)', async () => {
    const text = SITE_DOCS.replace('"tab": "API",', '"tab": "API", "",');
    const labels = await complete(text, positionOf(text, '"API", "'));
    expect(labels).toEqual(['align', 'asyncapi', 'directory', 'global', 'hidden', 'href', 'icon', 'searchable']);
  });

  it('keys of the navigation root that has a primary pattern: no second one', async () => {
    const text = SITE_DOCS.replace('"languages": []', '""');
    const labels = await complete(text, positionOf(text, '\n    "', 1, 'end'));
    expect(labels).toEqual(['asyncapi', 'directory', 'global']);
  });

  it('a language code: exactly the profile codes', async () => {
    const text = SITE_DOCS.replace('"languages": []', '"languages": [{ "language": "" }]').replace('"tabs": [', '"x": [');
    const labels = await complete(text, positionOf(text, '"language": "'));
    const spec = (await import('../../dist/index.js')).LANGUAGE_CODES;
    expect(labels).toEqual([...spec].sort());
  });

  it('hover on a page entry: its URL and title; on a problem: the rule doc', async () => {
    client.change(file, SITE_DOCS, Date.now());
    await client.nextDiagnostics(uriOf(file));
    const hover = await client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri: uriOf(file) },
      position: positionOf(SITE_DOCS, '"intro', 0, 'end'),
    });
    expect((hover!.contents as MarkupContent).value).toContain('**`/intro`**: Introduction');
    const onEndpoint = await client.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri: uriOf(file) },
      position: positionOf(SITE_DOCS, '"GET /us'),
    });
    expect((onEndpoint!.contents as MarkupContent).value).toContain('GET `/users` in `api/openapi.json`: List users');
    const problem = client.diagnostics.get(uriOf(file))![0];
    const onProblem = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(file) }, position: problem.range.start });
    expect((onProblem!.contents as MarkupContent).value).toContain(`#### \`${problem.code}\``);
  });

  it('go to definition: a page to its file, an endpoint to its operation, openapi to the spec', async () => {
    const definition = async (position: { line: number; character: number }) =>
      (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: uriOf(file) }, position })) as Location | null;
    expect((await definition(positionOf(SITE_DOCS, '"intr')))!.uri).toBe(uriOf(path.join(dir, 'intro.mdx')));
    const operation = (await definition(positionOf(SITE_DOCS, '"GET /us')))!;
    expect(operation.uri).toBe(uriOf(path.join(dir, 'api/openapi.json')));
    const specLines = SPEC.split('\n');
    expect(specLines[operation.range.start.line]).toContain('"get"');
    expect(specLines[operation.range.start.line - 1]).toContain('"/users": {');
    expect((await definition(positionOf(SITE_DOCS, '"api/open')))!.uri).toBe(uriOf(path.join(dir, 'api/openapi.json')));
  });
});

describe('YAML docs files', () => {
  it('completes pages, keys and language codes in docs.yaml', async () => {
    const yaml =
      'name: S\nnavigation:\n  tabs:\n    - tab: Guides\n      ic\n      groups:\n        - group: Start\n          pages:\n            - intro\n            - \n';
    const dir = tempSite({ 'docs.yaml': yaml, 'intro.mdx': '', 'setup.mdx': '' });
    const file = path.join(dir, 'docs.yaml');
    const client = await startClient(dir);
    try {
      client.open(file, yaml);
      await client.nextDiagnostics(uriOf(file));
      const complete = async (text: string, offset: number) => {
        const document = TextDocument.create(uriOf(file), 'yaml', 1, text);
        client.change(file, text, Date.now());
        const items = (await client.connection.sendRequest(CompletionRequest.type, {
          textDocument: { uri: uriOf(file) },
          position: document.positionAt(offset),
        })) as CompletionItem[];
        return items;
      };
      const listed = yaml.replace('      ic\n', '');
      const pages = await complete(listed, listed.indexOf('- \n') + 2);
      expect(pages.map((i) => i.label)).toEqual(['setup']);
      expect((pages[0].textEdit as TextEdit).newText).toBe('setup');
      const keys = await complete(yaml, yaml.indexOf('ic\n') + 2);
      expect(keys.map((i) => i.label).sort()).toEqual([
        'align',
        'asyncapi',
        'directory',
        'global',
        'graphql',
        'hidden',
        'href',
        'icon',
        'openapi',
        'sdk',
        'searchable',
      ]);
      const languages = 'navigation:\n  languages:\n    - language: \n';
      const codes = await complete(languages, languages.indexOf('language: ') + 10);
      expect(codes.map((i) => i.label).sort()).toEqual([...(await import('../../dist/index.js')).LANGUAGE_CODES].sort());
    } finally {
      await client.stop();
    }
  });
});

describe('pages open in the editor', () => {
  it('front matter edited and not saved is checked as written', async () => {
    const dir = tempSite({ 'docs.json': '{"name":"S","navigation":{"pages":["intro"]}}', 'intro.mdx': '---\ntitle: Intro\n---\n' });
    const file = path.join(dir, 'docs.json');
    const page = path.join(dir, 'intro.mdx');
    const client = await startClient(dir);
    try {
      expect(await client.nextDiagnostics(uriOf(file))).toEqual([]);
      client.open(page, '---\ntitle: Intro\n---\n');
      client.change(page, '---\ntitle: [Intro\n---\n', 2);
      const inPage = await client.nextDiagnostics(uriOf(page), (d) => d.length > 0);
      expect(inPage.map((d) => d.code)).toEqual(['front-matter-invalid']);
      // The CLI sees the same once the file is saved so.
      writeFileSync(page, '---\ntitle: [Intro\n---\n');
      expect([
        ...cliDiagnostics(dir)
          .get(page)!
          .map((d) => d.code),
      ]).toEqual(['front-matter-invalid']);
      expect(inPage.map(comparable)).toEqual(cliDiagnostics(dir).get(page));
    } finally {
      await client.stop();
    }
  });
});

describe('diagnostics follow edits and files', () => {
  it('after an edit, a new page file, a changed $ref target and a config', async () => {
    const dir = tempSite({
      'docs.json': JSON.stringify({ name: 'S', navigation: { groups: [{ group: 'G', pages: ['intro', 'later'] }, { $ref: './more.json' }] } }, null, 2),
      'more.json': JSON.stringify({ group: 'More', pages: ['intro'] }, null, 2),
      'intro.mdx': '# Intro\n',
    });
    const file = path.join(dir, 'docs.json');
    const more = path.join(dir, 'more.json');
    const client = await startClient(dir);
    try {
      const codes = (list: Diagnostic[]) => list.map((d) => d.code).sort();
      expect(codes(await client.nextDiagnostics(uriOf(file)))).toEqual(['page-not-found']);
      expect(codes(client.diagnostics.get(uriOf(more)) ?? (await client.nextDiagnostics(uriOf(more))))).toEqual(['duplicate-page']);

      // The page is created on disk: the client's file watcher says so.
      writeFileSync(path.join(dir, 'later.mdx'), '# Later\n');
      client.filesChanged([{ uri: uriOf(path.join(dir, 'later.mdx')), type: FileChangeType.Created }]);
      expect(codes(await client.nextDiagnostics(uriOf(file), (d) => d.length === 0))).toEqual([]);

      // The $ref target is edited in the editor, unsaved: its duplicate goes.
      client.open(more, readFileSync(more, 'utf8'));
      client.change(more, JSON.stringify({ group: 'More', pages: ['later'] }), 2);
      // later is now listed twice across groups of the root: reported in more.json.
      expect(codes(await client.nextDiagnostics(uriOf(more), (d) => d.some((x) => String(x.message).includes('later'))))).toEqual(['duplicate-page']);

      // An edit to docs.json: a typo in a key, reported as the CLI would.
      const broken = readFileSync(file, 'utf8').replace('"group": "G"', '"gruop": "G"');
      client.open(file, broken);
      const afterEdit = await client.nextDiagnostics(uriOf(file), (d) => d.some((x) => x.code === 'unknown-field'));
      expect(codes(afterEdit)).toContain('unknown-field');

      // A config turns the rule off: every site is checked again.
      writeFileSync(path.join(dir, 'docsnav.config.json'), JSON.stringify({ rules: { 'unknown-field': 'off', 'missing-field': 'off' } }));
      client.filesChanged([{ uri: uriOf(path.join(dir, 'docsnav.config.json')), type: FileChangeType.Created }]);
      const configured = await client.nextDiagnostics(uriOf(file), (d) => !d.some((x) => x.code === 'unknown-field'));
      expect(codes(configured)).not.toContain('unknown-field');
    } finally {
      await client.stop();
    }
  });

  it('a deleted docs file takes its problems away, in its $ref targets too', async () => {
    const dir = tempSite({
      'docs.json': JSON.stringify({ name: 'S', navigation: { groups: [{ $ref: './more.json' }] } }),
      'more.json': JSON.stringify({ group: 'More', pages: ['missing'] }),
    });
    const file = path.join(dir, 'docs.json');
    const more = path.join(dir, 'more.json');
    const client = await startClient(dir);
    try {
      await client.nextDiagnostics(uriOf(file));
      expect((client.diagnostics.get(uriOf(more)) ?? (await client.nextDiagnostics(uriOf(more)))).map((d) => d.code)).toEqual(['page-not-found']);
      rmSync(file);
      client.filesChanged([{ uri: uriOf(file), type: FileChangeType.Deleted }]);
      expect(await client.nextDiagnostics(uriOf(more), (d) => d.length === 0)).toEqual([]);
      expect(client.diagnostics.get(uriOf(file))).toEqual([]);
    } finally {
      await client.stop();
    }
  });

  it('an event for a folder drops what was read under it (a folder replaced at once, as a checkout does)', async () => {
    const dir = tempSite({
      'docs.json': JSON.stringify({ name: 'S', navigation: { groups: [{ $ref: './parts/more.json' }] } }),
      'parts/more.json': JSON.stringify({ group: 'More', pages: ['missing'] }),
      'intro.mdx': '# Intro\n',
    });
    const more = path.join(dir, 'parts', 'more.json');
    const client = await startClient(dir);
    try {
      await client.nextDiagnostics(uriOf(path.join(dir, 'docs.json')));
      expect((client.diagnostics.get(uriOf(more)) ?? (await client.nextDiagnostics(uriOf(more)))).map((d) => d.code)).toEqual(['page-not-found']);
      // The folder's new contents, and one event for the folder itself, none for the file in it.
      rmSync(path.join(dir, 'parts'), { recursive: true });
      mkdirSync(path.join(dir, 'parts'));
      writeFileSync(more, JSON.stringify({ group: 'More', pages: ['intro'] }));
      client.filesChanged([{ uri: uriOf(path.join(dir, 'parts')), type: FileChangeType.Changed }]);
      expect(await client.nextDiagnostics(uriOf(more), (d) => d.length === 0)).toEqual([]);
    } finally {
      await client.stop();
    }
  });

  it('asks the client to watch page, spec and docs files', async () => {
    const dir = tempSite({ 'docs.json': '{"name":"S","navigation":{"pages":["a"]}}', 'a.mdx': '' });
    const client = await startClient(dir);
    try {
      await client.nextDiagnostics(uriOf(path.join(dir, 'docs.json')));
      expect(JSON.stringify(client.registrations)).toContain('**/*.{md,mdx,json,yaml,yml}');
    } finally {
      await client.stop();
    }
  });
});

describe('the command', () => {
  it('refuses an unknown option with one line, exit 2', () => {
    const result = spawnSync(process.execPath, [path.resolve('dist/cli/main.js'), 'lsp', '--tcp'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('unknown option "--tcp"');
  });
});

function sameRange(a: { start: { line: number; character: number }; end: { line: number; character: number } }, b: typeof a): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
