/**
 * The schemas editors load (schema/docs.schema.json and docs.platform.schema.json, with their
 * navigation schemas), as an editor uses them: through the real vscode-json-languageservice, the
 * library VS Code's JSON support is built on, reading the files from disk and resolving their
 * relative `$ref` itself. "Before" is the navigation schema docsnav compiles for itself
 * (buildNavigationSchema: no language codes, no alternatives), written beside a copy of
 * docs.schema.json in a temporary folder; it is what schema/navigation.schema.json was before
 * the editor schemas had their own form.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getLanguageService, TextDocument, type Diagnostic, type LanguageService } from 'vscode-json-languageservice';
import { PLATFORM_LANGUAGE_CODES } from '../../src/config/profiles.js';
import { CHILD_KEYS, ELEMENTS, LANGUAGE_CODES, PRIMARY_KEYS } from '../../src/navigation/model.js';
import { buildNavigationSchema, EDITOR_SCHEMA_FILES } from '../../src/schema/build-schema.js';
import { ALLOWED_KEYS, checkSchema } from '../../src/schema/index.js';

const SCHEMA = path.resolve('schema');
const before = mkdtempSync(path.join(tmpdir(), 'docsnav-editor-'));
writeFileSync(path.join(before, 'navigation.schema.json'), JSON.stringify(buildNavigationSchema()));
copyFileSync(path.join(SCHEMA, 'docs.schema.json'), path.join(before, 'docs.schema.json'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The docs.json schema files compared: before, and the editors' one per profile. */
const SCHEMAS = {
  before: path.join(before, 'docs.schema.json'),
  spec: path.join(SCHEMA, EDITOR_SCHEMA_FILES.spec.docs),
  platform: path.join(SCHEMA, EDITOR_SCHEMA_FILES.platform.docs),
} as const;
type Schema = keyof typeof SCHEMAS;

const services = new Map<Schema, LanguageService>();

/** A language service with the schema mapped to docs.json, as `json.schemas` does in VS Code; the schema read from disk. */
function service(schema: Schema): LanguageService {
  let found = services.get(schema);
  if (found) return found;
  found = getLanguageService({
    schemaRequestService: (uri) => Promise.resolve(readFileSync(fileURLToPath(uri), 'utf8')),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  found.configure({ validate: true, allowComments: false, schemas: [{ uri: pathToFileURL(SCHEMAS[schema]).href, fileMatch: ['docs.json'] }] });
  services.set(schema, found);
  return found;
}

function document(text: string): TextDocument {
  return TextDocument.create('file:///site/docs.json', 'json', 1, text);
}

/** The labels completion offers at `|` in the text. */
async function completions(schema: Schema, textWithCursor: string): Promise<string[]> {
  const offset = textWithCursor.indexOf('|');
  const doc = document(textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1));
  const languageService = service(schema);
  const list = await languageService.doComplete(doc, doc.positionAt(offset), languageService.parseJSONDocument(doc));
  return (list?.items ?? []).map((item) => item.label);
}

/**
 * The diagnostics of the text. A `$schema` in the file wins over the editor's mapping (the
 * fixtures say https://mintlify.com/docs.json, which would be fetched): it is pointed at the
 * schema under test instead, on the same line, so that lines still match.
 */
async function diagnostics(schema: Schema, text: string): Promise<Diagnostic[]> {
  const doc = document(text.replace(/("\$schema"\s*:\s*)"[^"]*"/, `$1${JSON.stringify(pathToFileURL(SCHEMAS[schema]).href)}`));
  const languageService = service(schema);
  return languageService.doValidation(doc, languageService.parseJSONDocument(doc));
}

/** A diagnostic's message as text (LSP allows markup; the JSON service writes plain text). */
function messageOf(diagnostic: Diagnostic): string {
  const message: unknown = diagnostic.message;
  return typeof message === 'string' ? message : (message as { value: string }).value;
}

/** The keys a tab accepts that are not child arrays (and not its name). */
const TAB_FIELDS = ALLOWED_KEYS.tab.filter((key) => key !== 'tab' && !(CHILD_KEYS as readonly string[]).includes(key));

describe('completion in the editor schemas', () => {
  it('a tab with `groups`: no other child kind is offered, its other fields are', async () => {
    const text = '{ "navigation": { "tabs": [{ "tab": "Guides", "groups": [], | }] } }';
    for (const schema of ['spec', 'platform'] as const) {
      const offered = await completions(schema, text);
      for (const key of CHILD_KEYS.filter((key) => key in ELEMENTS.tab.children)) expect(offered, `${schema}: ${key}`).not.toContain(key);
      expect(offered.sort()).toEqual([...TAB_FIELDS].sort());
    }
    // Before: every child kind was offered beside `groups`.
    expect(await completions('before', text)).toEqual(expect.arrayContaining(['pages', 'anchors', 'menu', ...TAB_FIELDS]));
  });

  it('inside a typed key, the same', async () => {
    const offered = await completions('spec', '{ "navigation": { "tabs": [{ "tab": "Guides", "groups": [], "|" }] } }');
    expect(offered).not.toContain('pages');
    expect(offered).toContain('icon');
  });

  it('a tab with no child yet: every child kind and field is offered', async () => {
    const offered = await completions('spec', '{ "navigation": { "tabs": [{ "tab": "Guides", | }] } }');
    expect(offered.sort()).toEqual(ALLOWED_KEYS.tab.filter((key) => key !== 'tab').sort());
  });

  it('a tab with `graphql` (which generates its pages): `groups` is the only child kind offered', async () => {
    const offered = await completions('spec', '{ "navigation": { "tabs": [{ "tab": "API", "graphql": "schema.graphql", | }] } }');
    expect(offered).toContain('groups');
    expect(offered).not.toContain('pages');
    expect(offered).not.toContain('menu');
    // …and a tab with `pages` is not offered `graphql`.
    expect(await completions('spec', '{ "navigation": { "tabs": [{ "tab": "API", "pages": [], | }] } }')).not.toContain('graphql');
  });

  it('a menu item with `pages`: no `groups`', async () => {
    const offered = await completions('spec', '{ "navigation": { "tabs": [{ "tab": "A", "menu": [{ "item": "B", "pages": [], | }] }] } }');
    expect(offered).not.toContain('groups');
    expect(offered).toContain('href');
  });

  it('the navigation root with `tabs`: no second primary pattern; `global` and the root fields are', async () => {
    const text = '{ "navigation": { "tabs": [], | } }';
    const offered = await completions('spec', text);
    for (const key of PRIMARY_KEYS) expect(offered, key).not.toContain(key);
    expect(offered.sort()).toEqual(['asyncapi', 'directory', 'global']);
    expect(await completions('before', text)).toEqual(expect.arrayContaining(['pages', 'groups', 'languages']));
    // An empty root is offered every pattern.
    expect(await completions('spec', '{ "navigation": { | } }')).toEqual(expect.arrayContaining([...PRIMARY_KEYS]));
  });

  it("a language's `language` value: exactly the profile's codes", async () => {
    for (const text of [
      '{ "navigation": { "languages": [{ "language": | }] } }',
      '{ "navigation": { "languages": [{ "language": "|" }] } }',
      '{ "navigation": { "global": { "languages": [{ "language": |, "href": "https://x.example" }] }, "pages": [] } }',
    ]) {
      expect(await completions('spec', text), text).toEqual(LANGUAGE_CODES.map((code) => JSON.stringify(code)));
      expect(await completions('platform', text), text).toEqual(PLATFORM_LANGUAGE_CODES.map((code) => JSON.stringify(code)));
      expect(await completions('before', text), text).toEqual([]);
    }
  });
});

describe('diagnostics from the editor schemas', () => {
  const language = (code: string) => `{\n  "navigation": {\n    "languages": [\n      { "language": "${code}", "pages": ["index"] }\n    ]\n  }\n}`;

  it('a language code outside the profile is an error on its line; one the profile has is not', async () => {
    for (const [schema, bad, good] of [
      ['spec', 'zh', 'cn'],
      ['spec', 'xx', 'pt-BR'],
      ['platform', 'ua', 'zh'],
      ['platform', 'xx', 'fr-CA'],
    ] as const) {
      const found = await diagnostics(schema, language(bad));
      expect(
        found.map((d) => d.range.start.line + 1),
        `${schema} ${bad}`,
      ).toEqual([4]);
      expect(messageOf(found[0])).toContain('language codes');
      expect(await diagnostics(schema, language(good)), `${schema} ${good}`).toEqual([]);
    }
    expect(await diagnostics('before', language('xx'))).toEqual([]);
  });

  it('the example site gets no diagnostic under either profile', async () => {
    const text = readFileSync('fixtures/example/docs.json', 'utf8');
    for (const schema of ['before', 'spec', 'platform'] as const) expect(await diagnostics(schema, text), schema).toEqual([]);
  });

  it('an element with two child kinds: the extra one is flagged, and errors inside both are still shown', async () => {
    const text = `{
  "navigation": {
    "tabs": [
      {
        "tab": "Guides",
        "groups": [{ "group": "Unfinished" }],
        "pages": [{ "group": "Also unfinished" }]
      }
    ]
  }
}`;
    const found = await diagnostics('spec', text);
    const lines = found.map((d) => `${d.range.start.line + 1}: ${messageOf(d)}`);
    expect(lines).toContainEqual(expect.stringMatching(/^(6|7): A tab holds one kind of child per level/));
    expect(lines).toContainEqual(expect.stringMatching(/^6: Missing property "pages"/));
    expect(lines).toContainEqual(expect.stringMatching(/^7: Missing property "pages"/));
  });

  // Documents being written: the editor schemas say what the compiled one says, nothing more.
  it.each([
    ['a group without pages yet', '{ "navigation": { "tabs": [{ "tab": "A", "groups": [{ "group": "G" }] }] } }'],
    ['a misspelt key beside groups', '{ "navigation": { "tabs": [{ "tab": "A", "groups": [], "icn": "x" }] } }'],
    ['a tab without its label', '{ "navigation": { "tabs": [{ "groups": [] }] } }'],
    ['a wrong type inside a language', '{ "navigation": { "languages": [{ "language": "en", "tabs": [{ "tab": 1, "pages": [] }] }] } }'],
    ['pages as a string', '{ "navigation": { "tabs": [{ "tab": "A", "pages": "index" }] } }'],
    ['an empty root', '{ "navigation": {} }'],
  ])('%s: the same diagnostics as before', async (_, text) => {
    const summary = (list: Diagnostic[]) => list.map((d) => `${d.range.start.line}:${d.range.start.character} ${messageOf(d)}`).sort();
    expect(summary(await diagnostics('spec', text))).toEqual(summary(await diagnostics('before', text)));
  });

  it("docsnav's own validator does not report what the rules own (no code twice)", () => {
    const docs = { navigation: { tabs: [{ tab: 'A', groups: [{ group: 'G', pages: [] }], pages: [] }], languages: [{ language: 'xx', pages: [] }] } };
    expect(checkSchema(docs)).toEqual([]);
  });
});

/** Runs the built CLI (npm test builds first) and returns its problems with their lines. */
function cliProblems(...args: string[]): Array<{ code: string; line: number }> {
  const result = spawnSync(process.execPath, [path.resolve('dist/cli/main.js'), 'validate', '--format', 'json', '--no-config', ...args], { encoding: 'utf8' });
  const files = JSON.parse(result.stdout) as Array<{ problems: Array<{ code: string; line: number }> }>;
  return files.flatMap((file) => file.problems);
}

/** How many of the problems the editor service flags too: with a diagnostic starting on the problem's line. */
async function agreement(schema: Schema, text: string, problems: ReadonlyArray<{ line: number }>): Promise<number> {
  const lines = new Set((await diagnostics(schema, text)).map((d) => d.range.start.line + 1));
  return problems.filter((problem) => lines.has(problem.line)).length;
}

describe('how many of docsnav problems an editor shows with the schema alone', () => {
  it('the broken example: not fewer than before', async () => {
    const problems = cliProblems('fixtures/broken');
    const text = readFileSync('fixtures/broken/docs.json', 'utf8');
    const [was, now] = [await agreement('before', text, problems), await agreement('spec', text, problems)];
    console.log(`fixtures/broken: the editor flags the lines of ${was} of ${problems.length} problems before, ${now} with the editor schema`);
    expect(now).toBeGreaterThanOrEqual(was);
    // The language code (line 44) and the second primary pattern (line 43) are new.
    expect(now).toBeGreaterThan(was);
  });

  const corpus = path.resolve('../shared/corpus/docs');
  it.skipIf(!existsSync(corpus))('five real files (../shared/corpus/docs, the first five; page files are not there, so page-not-found is off)', async () => {
    const names = readdirSync(corpus)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .slice(0, 5);
    let [total, was, now] = [0, 0, 0];
    for (const name of names) {
      const file = path.join(corpus, name);
      const problems = cliProblems('--no-specs', '--rule', 'page-not-found=off', file);
      const text = readFileSync(file, 'utf8');
      total += problems.length;
      was += await agreement('before', text, problems);
      now += await agreement('spec', text, problems);
    }
    console.log(`${names.join(', ')}: the editor flags the lines of ${was} of ${total} problems before, ${now} with the editor schema`);
    expect(now).toBeGreaterThanOrEqual(was);
  });
});
