/**
 * The smallest inputs found (by the property tests and by reading what they hit) that make
 * validate or resolve throw, hang, or point outside the file. Each is a plain test of the
 * behaviour we want; they fail until the bug they name is fixed.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';
import { contractBreaches, generateDeep, generateSpec, tempSite } from './helpers.js';
import { hangGuard } from '../time-scale.mjs';

/** Deeper than the schema validator's limit, with room to spare for the stack size of any machine. */
const DEPTH = 5000;

let site: { root: string; remove: () => void };
let file: string;

beforeAll(() => {
  site = tempSite({
    'index.mdx': '# Home\n',
    'openapi.json': generateSpec(8),
    'part.json': '{\n  "group": "Part",\n  "pages": ["index"],\n  "bogus": 1\n}\n',
    'mid.json': '{\n  "$ref": "./part.json",\n  "hidden": true\n}\n',
  });
  file = path.join(site.root, 'docs.json');
});
afterAll(() => site?.remove());

/** Validates and resolves; neither may throw, and every problem must keep the contract. */
async function both(text: string) {
  const validated = validateText(text, { file, root: site.root });
  expect(contractBreaches(validated)).toEqual([]);
  const resolved = await resolveText(text, { file, root: site.root });
  expect(contractBreaches(resolved)).toEqual([]);
  return { validated, resolved };
}

describe('deep nesting with something else wrong: no RangeError', () => {
  // src/source/json.ts: syntaxFindings runs jsonc-parser's parse, which recurses once per level.
  it(`a syntax error in ${DEPTH}-deep nesting is a parse-error`, async () => {
    const text = generateDeep(DEPTH).replace('"leaf"', '"leaf",');
    const { validated } = await both(text);
    expect(validated.problems.map((p) => p.code)).toEqual(['parse-error']);
  });

  // src/source/json.ts: duplicateKeyFindings runs jsonc-parser's visit, which recurses the same way.
  it(`a duplicate key in ${DEPTH}-deep nesting is a duplicate-key`, async () => {
    const text = generateDeep(DEPTH).replace('{"navigation": ', '{"name": "a", "name": "b", "navigation": ');
    const { validated } = await both(text);
    expect(validated.problems.map((p) => p.code)).toContain('duplicate-key');
    expect(validated.problems.map((p) => p.code)).toContain('too-deep');
  });

  // src/source/refs.ts: loadDocument's resolveValue recurses through the whole value as soon as the text holds "$ref" anywhere.
  it(`"$ref" anywhere in ${DEPTH}-deep nesting (here: a page name)`, async () => {
    const text = generateDeep(DEPTH).replace('"leaf"', '"$ref"');
    const { validated } = await both(text);
    expect(validated.problems.map((p) => p.code)).toContain('too-deep');
  });

  it(`a real $ref at the bottom of ${DEPTH}-deep nesting is followed`, async () => {
    const text = generateDeep(DEPTH).replace('"leaf"', '{"$ref": "./part.json"}');
    const { validated } = await both(text);
    expect(validated.problems.map((p) => p.code)).toContain('too-deep');
    expect(validated.problems.map((p) => p.code)).not.toContain('ref-not-found');
  });
});

describe('$ref problems point into the file that holds the value', () => {
  // src/source/refs.ts resolveRef: after a file's own value is resolved, `origins.set(entry.resolved, { source: target, pointer: '' })`
  // overwrites the origin of a merged object whose root was itself a `$ref` with siblings, so keys that came from the
  // inner target are located in the middle file, at pointers it does not have.
  it('a file whose root is {"$ref", siblings}: problems in its target are reported in the target', async () => {
    const text = '{\n  "navigation": {\n    "groups": [{ "$ref": "./mid.json" }]\n  }\n}\n';
    const { validated } = await both(text);
    const unknown = validated.problems.find((p) => p.code === 'unknown-field');
    expect(unknown && { file: path.basename(unknown.file), pointer: unknown.pointer }).toEqual({ file: 'part.json', pointer: '/bogus' });
  });

  // src/source/refs.ts resolveRef: the fragment is followed with `target[segment]`, which reaches inherited
  // properties: `#/__proto__` splices Object.prototype into the navigation (and reports at a pointer the file
  // does not have); `#/constructor`, `#/toString` and `#/pages/length` give a function or a number.
  it.each(['#/__proto__', '#/constructor', '#/toString', '#/pages/length', '#/pages/constructor'])(
    '{"$ref": "./part.json%s"} is ref-not-found',
    async (fragment) => {
      const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: [{ $ref: `./part.json${fragment}` }] } }, null, 2);
      const { validated, resolved } = await both(text);
      expect(validated.problems.map((p) => [p.code, path.basename(p.file), p.pointer])).toEqual([['ref-not-found', 'docs.json', '/navigation/groups/0/$ref']]);
      // The same tree as for a fragment that names nothing.
      const control = await resolveText(text.replace(fragment, '#/nothing'), { file, root: site.root });
      expect(resolved.tree).toEqual(control.tree);
    },
  );
});

describe('long page paths: no RangeError, no quadratic time', () => {
  // src/navigation/entries.ts cleanPagePath: `/^(\.\/|\/)+/` backtracks once per repetition and overflows the regexp stack.
  it.each([
    ['5,000,000 leading slashes', '/'.repeat(5_000_000) + 'page'],
    ['5,000,000 leading backslashes', '\\'.repeat(5_000_000) + 'page'],
    ['2,500,000 leading "./"', './'.repeat(2_500_000) + 'page'],
  ])('a page with %s', { timeout: hangGuard(60_000) }, async (_name, page) => {
    const { validated } = await both(JSON.stringify({ navigation: { pages: [page] } }));
    expect(validated.problems.map((p) => p.code)).toContain('page-path');
  });

  // src/navigation/entries.ts cleanPagePath: `/\/+$/` retries from every slash of a run that does not end the string (quadratic).
  it('a page with 100,000 slashes in the middle', { timeout: hangGuard(60_000) }, () => {
    const text = JSON.stringify({ navigation: { pages: [`a${'/'.repeat(100_000)}a`] } });
    expect(contractBreaches(validateText(text, { file, root: site.root }))).toEqual([]);
  });

  // src/resolve/operations.ts generatedPagePath: the same `/\/+$/` on the `directory` of an `openapi` object.
  it('an openapi directory with 30,000 slashes in the middle', { timeout: hangGuard(60_000) }, async () => {
    const text = JSON.stringify({ navigation: { tabs: [{ tab: 'API', openapi: { source: 'openapi.json', directory: `a${'/'.repeat(30_000)}a` } }] } });
    const resolved = await resolveText(text, { file, root: site.root });
    expect(contractBreaches(resolved)).toEqual([]);
  });

  // src/resolve/operations.ts pathTemplate: `/\{[^}]*\}/g` scans to the end from every `{` that has no `}` (quadratic).
  it('an endpoint entry "GET /{{{…" of 100,000 braces', { timeout: hangGuard(60_000) }, async () => {
    const text = JSON.stringify({ navigation: { groups: [{ group: 'G', openapi: 'openapi.json', pages: [`GET /${'{'.repeat(100_000)}`] }] } });
    const resolved = await resolveText(text, { file, root: site.root });
    expect(resolved.problems.map((p) => p.code)).toContain('endpoint-not-found');
  });
});

describe('deep YAML', () => {
  it('docs.yaml nested 3,000 levels is too-deep, not a syntax error', () => {
    let yaml = 'navigation:\n  groups:\n';
    let indent = '    ';
    for (let i = 0; i < 3000; i++) {
      yaml += `${indent}- group: g${i}\n${indent}  pages:\n`;
      indent += '    ';
    }
    yaml += `${indent}- leaf\n`;
    const result = validateText(yaml, { file: 'docs.yaml' });
    expect(contractBreaches(result)).toEqual([]);
    expect(result.problems.map((p) => p.code)).toEqual(['too-deep']);
  });
});

describe('openapi naming a folder', () => {
  it('says it is a folder, not that no file exists', () => {
    const result = validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { tabs: [{ tab: 'T', openapi: 'specs', pages: ['index'] }] } }), {
      file,
      root: site.root,
      files: { root: 'docs', hasFile: (f) => f === 'index.mdx', filesIn: (folder) => (folder === 'specs' ? ['a.json'] : []) },
    });
    expect(result.problems.map((p) => [p.code, p.message])).toEqual([['openapi-not-found', '"specs" is a folder, not an OpenAPI file.']]);
  });
});
