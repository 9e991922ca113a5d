/**
 * Hostile OpenAPI files behind `openapi`: each case is a temp site (os.tmpdir()) with the spec
 * on a tab beside an ordinary tab, resolved with resolveFile. Whatever the spec is, resolve
 * must not throw or hang, must say what is wrong at the `openapi` value in words that name
 * the file, and must still give the rest of the site its tree.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Code } from '../../src/codes.js';
import { resolveFile } from '../../src/resolve.js';
import type { ResolveResult } from '../../src/resolve/types.js';
import { validateFile } from '../../src/validate.js';
import { contractBreaches, generateSpec, tempSite } from './helpers.js';
import { hangGuard } from '../time-scale.mjs';

const TIMEOUT = 20_000;
const OPENAPI_POINTER = '/navigation/tabs/0/openapi';

const removers: Array<() => void> = [];
afterAll(() => removers.forEach((remove) => remove()));

interface Run {
  result: ResolveResult;
  root: string;
}

/**
 * A site whose first tab takes its pages from `openapi` (bulk generation, or the given
 * endpoint entries) and whose second tab is an ordinary page; `files` are put beside docs.json.
 * `siteDir` puts the site deeper inside the temp folder, so that `..` paths have somewhere to go.
 */
async function resolveSite(openapi: unknown, files: Record<string, string | Buffer>, options: { entries?: string[]; siteDir?: string } = {}): Promise<Run> {
  const siteDir = options.siteDir ?? 'site';
  const apiTab: Record<string, unknown> = { tab: 'API', openapi };
  if (options.entries) apiTab.groups = [{ group: 'Endpoints', pages: options.entries }];
  const docs = { name: 'Hostile', navigation: { tabs: [apiTab, { tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }] }] } };
  const siteFiles: Record<string, string | Buffer> = {
    [`${siteDir}/docs.json`]: JSON.stringify(docs, null, 2),
    [`${siteDir}/index.mdx`]: '---\ntitle: Welcome\n---\n',
  };
  for (const [name, content] of Object.entries(files)) siteFiles[name.startsWith('/') ? name.slice(1) : `${siteDir}/${name}`] = content;
  const site = tempSite(siteFiles);
  removers.push(site.remove);
  const root = path.join(site.root, siteDir);
  const result = await resolveFile(path.join(root, 'docs.json'));
  return { result, root };
}

/** The checks every case shares: the contract and the ordinary tab's page still in the tree. */
function expectSane({ result }: Run): void {
  expect(contractBreaches(result)).toEqual([]);
  expect(result.tree.pages.some((page) => page.path === 'index' && page.title === 'Welcome')).toBe(true);
  expect(typeof JSON.stringify(result.tree)).toBe('string');
}

/** Exactly one problem about the spec, with this code, at the `openapi` value, naming the file. */
function expectSpecProblem({ result }: Run, code: Code, names: string): void {
  const atOpenapi = result.problems.filter((p) => p.pointer === OPENAPI_POINTER);
  expect(atOpenapi.map((p) => p.code)).toEqual([code]);
  expect(atOpenapi[0].message).toContain(names);
  expect(atOpenapi[0].severity).toBe('error');
}

function endpointPages({ result }: Run) {
  return result.tree.pages.filter((page) => page.kind === 'endpoint');
}

const spec = (paths: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ openapi: '3.1.0', info: { title: 'Hostile', version: '1' }, paths, ...extra });

describe('specs that are not OpenAPI objects', () => {
  it.each([
    ['a JSON array', 'spec.json', '[{"openapi": "3.1.0"}]'],
    ['a JSON string', 'spec.json', '"openapi: 3.1.0"'],
    ['JSON null', 'spec.json', 'null'],
    ['a JSON number', 'spec.json', '3.1'],
    ['JSON true', 'spec.json', 'true'],
    ['a YAML scalar', 'spec.yaml', 'just some words\n'],
    ['a YAML list', 'spec.yaml', '- openapi: 3.1.0\n- paths: {}\n'],
    ['a YAML null document', 'spec.yml', '~\n'],
    ['YAML that does not parse', 'spec.yaml', 'openapi: 3.1.0\npaths: {\n  /a: [\n'],
    ['JSON that does not parse (and is no YAML either)', 'spec.json', '{"openapi": "3.1.0", "paths": {"/a": }'],
    ['an object with neither openapi nor swagger', 'spec.json', '{"info": {}, "paths": {}}'],
    ['openapi: 3.1 as a number', 'spec.json', '{"openapi": 3.1, "paths": {}}'],
    ['openapi: "4.0.0"', 'spec.json', '{"openapi": "4.0.0", "paths": {}}'],
  ])('%s: openapi-invalid', { timeout: TIMEOUT }, async (_name, file, text) => {
    const run = await resolveSite(file, { [file]: text });
    expectSane(run);
    expectSpecProblem(run, 'openapi-invalid', file);
    expect(endpointPages(run)).toEqual([]);
  });

  it('an empty file: openapi-invalid', { timeout: TIMEOUT }, async () => {
    const run = await resolveSite('empty.json', { 'empty.json': '' });
    expectSane(run);
    expectSpecProblem(run, 'openapi-invalid', 'empty.json');
    expect(run.result.problems.find((p) => p.pointer === OPENAPI_POINTER)?.message).toMatch(/empty/);
  });

  it('a file of whitespace: openapi-invalid', { timeout: TIMEOUT }, async () => {
    const run = await resolveSite('blank.yaml', { 'blank.yaml': ' \n\t\n' });
    expectSane(run);
    expectSpecProblem(run, 'openapi-invalid', 'blank.yaml');
  });

  it('a binary file: openapi-invalid, not a text file', { timeout: TIMEOUT }, async () => {
    const png = Buffer.from([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      0,
      0,
      0,
      0x0d,
      0x49,
      0x48,
      0x44,
      0x52,
      ...Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256),
    ]);
    const run = await resolveSite('logo.json', { 'logo.json': png });
    expectSane(run);
    expectSpecProblem(run, 'openapi-invalid', 'logo.json');
  });

  it('a UTF-16 spec (NUL bytes): openapi-invalid', { timeout: TIMEOUT }, async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(spec({ '/a': { get: { summary: 'A' } } }), 'utf16le')]);
    const run = await resolveSite('utf16.json', { 'utf16.json': utf16 });
    expectSane(run);
    expectSpecProblem(run, 'openapi-invalid', 'utf16.json');
  });

  it('invalid UTF-8 inside a string still loads (as U+FFFD), and names nothing wrong', { timeout: TIMEOUT }, async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"openapi": "3.1.0", "info": {"title": "'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]),
      Buffer.from('", "version": "1"}, "paths": {"/a": {"get": {"summary": "Caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}}}}'),
    ]);
    const run = await resolveSite('latin1.json', { 'latin1.json': bytes });
    expectSane(run);
    expect(run.result.problems.filter((p) => p.pointer === OPENAPI_POINTER)).toEqual([]);
    expect(endpointPages(run).map((page) => page.title)).toEqual(['Caf\uFFFD']);
  });

  it('invalid UTF-8 between tokens: not strict JSON, so read as YAML (as the platform does), with a warning', { timeout: TIMEOUT }, async () => {
    const bytes = Buffer.concat([Buffer.from('{"openapi": "3.1.0", '), Buffer.from([0xc0, 0xaf, 0xff]), Buffer.from('"paths": {"/a": {"get": {}}}}')]);
    const run = await resolveSite('bad-bytes.json', { 'bad-bytes.json': bytes });
    expectSane(run);
    const atOpenapi = run.result.problems.filter((p) => p.pointer === OPENAPI_POINTER);
    // Read as YAML, the bytes take `paths` into the key before them: a 3.1.0 spec with nothing to generate, on which
    // the platform's build fails ("No paths or webhooks defined.").
    expect(atOpenapi.map((p) => p.code).sort()).toEqual(['openapi-invalid', 'openapi-warning']);
    expect(atOpenapi.find((p) => p.code === 'openapi-warning')!.message).toContain('"bad-bytes.json" is not strict JSON');
    expect(atOpenapi.find((p) => p.code === 'openapi-invalid')!.message).toContain('neither paths nor webhooks');
  });
});

describe('paths that are not files under the docs root', () => {
  it.each(['../../etc/passwd', '/../../etc/passwd', '..\\..\\etc\\passwd', './api/../../../etc/passwd', '..'])(
    'openapi: %j is path-outside-root and is never read',
    { timeout: TIMEOUT },
    async (openapi) => {
      // A readable spec where the path leads (two folders up from the site): if it were read, its pages would appear.
      const run = await resolveSite(openapi, { '/etc/passwd': spec({ '/stolen': { get: { summary: 'Stolen' } } }) }, { siteDir: 'a/b' });
      expectSane(run);
      expectSpecProblem(run, 'path-outside-root', openapi);
      expect(endpointPages(run)).toEqual([]);
      expect(JSON.stringify(run.result)).not.toContain('Stolen');
    },
  );

  it('an endpoint entry naming a spec outside the root: path-outside-root at the entry, never read', { timeout: TIMEOUT }, async () => {
    const run = await resolveSite(
      'api.json',
      { 'api.json': spec({ '/a': { get: { summary: 'A' } } }), '/etc/passwd': spec({ '/stolen': { get: { summary: 'Stolen' } } }) },
      {
        siteDir: 'a/b',
        entries: ['GET /a', '../../etc/passwd GET /stolen'],
      },
    );
    expectSane(run);
    const atEntry = run.result.problems.filter((p) => p.pointer === '/navigation/tabs/0/groups/0/pages/1');
    expect(atEntry.map((p) => p.code)).toContain('path-outside-root');
    expect(endpointPages(run).map((page) => page.title)).toEqual(['A']);
    expect(JSON.stringify(run.result)).not.toContain('Stolen');
  });

  it.each([
    ['a folder', 'specs', { 'specs/a.json': '{}' }],
    ['a folder named like a spec', 'api.json', { 'api.json/openapi.json': spec({ '/a': { get: {} } }) }],
    ['the docs root itself', '/', {}],
    ['the docs root as "."', '.', {}],
  ] as Array<[string, string, Record<string, string>]>)('%s: openapi-not-found, naming it', { timeout: TIMEOUT }, async (_name, openapi, files) => {
    const run = await resolveSite(openapi, files);
    expectSane(run);
    const atOpenapi = run.result.problems.filter((p) => p.pointer === OPENAPI_POINTER);
    expect(atOpenapi.map((p) => p.code)).toEqual(['openapi-not-found']);
    // One owner: the rule (the resolver reads only what the same listing calls a regular file).
    expect(atOpenapi[0].message).toContain(openapi);
    expect(endpointPages(run)).toEqual([]);
  });

  it('a missing file: openapi-not-found, naming it', { timeout: TIMEOUT }, async () => {
    const run = await resolveSite('nowhere/openapi.yaml', {});
    expectSane(run);
    expectSpecProblem(run, 'openapi-not-found', 'nowhere/openapi.yaml');
  });

  it('a path with a NUL byte or a 5,000-character name: errors naming it, no throw', { timeout: TIMEOUT }, async () => {
    for (const openapi of ['api\u0000.json', `${'x'.repeat(5000)}.json`]) {
      const run = await resolveSite(openapi, {});
      expectSane(run);
      const atOpenapi = run.result.problems.filter((p) => p.pointer === OPENAPI_POINTER);
      // Today both the validator (openapi-not-found) and the resolver (openapi-invalid: cannot be read) speak here.
      expect(atOpenapi.length).toBeGreaterThanOrEqual(1);
      // A NUL in the value is also `invalid-character` (no site can store it), said once.
      const nul = openapi.includes('\u0000');
      expect(atOpenapi.filter((problem) => problem.code === 'invalid-character')).toHaveLength(nul ? 1 : 0);
      for (const problem of atOpenapi.filter((problem) => problem.code !== 'invalid-character')) {
        expect(['openapi-not-found', 'openapi-invalid']).toContain(problem.code);
        expect(problem.message).toContain(openapi.slice(0, 40));
      }
    }
  });

  it.runIf(spawnSync('mkfifo', ['--version']).status === 0)(
    'a FIFO named like a spec: openapi-not-found (not a regular file), no hang',
    { timeout: TIMEOUT },
    async () => {
      const site = tempSite({ 'site/index.mdx': '# Welcome\n' });
      removers.push(site.remove);
      const root = path.join(site.root, 'site');
      expect(spawnSync('mkfifo', [path.join(root, 'pipe.json')]).status).toBe(0);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        path.join(root, 'docs.json'),
        JSON.stringify({
          navigation: {
            tabs: [
              { tab: 'API', openapi: 'pipe.json' },
              { tab: 'Guides', pages: ['index'] },
            ],
          },
        }),
      );
      const result = await resolveFile(path.join(root, 'docs.json'));
      expect(contractBreaches(result)).toEqual([]);
      const atOpenapi = result.problems.filter((p) => p.pointer === OPENAPI_POINTER);
      expect(atOpenapi.map((p) => p.code)).toEqual(['openapi-not-found']);
      expect(atOpenapi[0].message).toContain('pipe.json');
      expect(atOpenapi[0].message).toContain('a FIFO, not a regular file');
      expect(result.tree.pages.map((page) => page.path)).toEqual(['index']);
    },
  );
});

describe('specs that are objects, but hostile inside', () => {
  it('internal $ref cycles: path items and schemas that refer to each other', { timeout: TIMEOUT }, async () => {
    const cyclic = spec(
      {
        '/a': { $ref: '#/paths/~1b' },
        '/b': { $ref: '#/paths/~1a' },
        '/self': { $ref: '#/paths/~1self' },
        '/via-components': { $ref: '#/components/pathItems/One' },
        '/real': {
          get: {
            summary: 'Real',
            tags: ['Loops'],
            parameters: [{ $ref: '#/components/parameters/P' }],
            responses: { 200: { $ref: '#/components/responses/R' } },
          },
        },
      },
      {
        components: {
          pathItems: { One: { $ref: '#/components/pathItems/Two' }, Two: { $ref: '#/components/pathItems/One', post: { summary: 'Two post' } } },
          parameters: { P: { $ref: '#/components/parameters/P' } },
          responses: { R: { $ref: '#/components/responses/R' } },
          schemas: {
            A: { $ref: '#/components/schemas/B' },
            B: { properties: { a: { $ref: '#/components/schemas/A' } } },
            Self: { $ref: '#/components/schemas/Self' },
          },
        },
      },
    );
    const bulk = await resolveSite('cyclic.json', { 'cyclic.json': cyclic });
    expectSane(bulk);
    expect(bulk.result.problems.filter((p) => p.pointer === OPENAPI_POINTER && p.severity === 'error')).toEqual([]);
    expect(endpointPages(bulk).map((page) => page.title)).toContain('Real');

    const entries = await resolveSite('cyclic.json', { 'cyclic.json': cyclic }, { entries: ['GET /real', 'GET /a', 'GET /self', 'POST /via-components'] });
    expectSane(entries);
    expect(endpointPages(entries).map((page) => page.title)).toContain('Real');
  });

  it('the same cycles in a YAML spec with anchors and aliases', { timeout: TIMEOUT }, async () => {
    const yaml = `openapi: 3.0.3
info: { title: Loops, version: '1' }
paths:
  /a: { $ref: '#/paths/~1b' }
  /b: { $ref: '#/paths/~1a' }
  /pets:
    get: &op
      summary: List pets
      tags: [Pets]
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
    post: *op
components:
  schemas:
    Pet: &pet { type: object, properties: { friend: { $ref: '#/components/schemas/Pet' } } }
    Alias: *pet
`;
    const run = await resolveSite('loops.yaml', { 'loops.yaml': yaml });
    expectSane(run);
    expect(endpointPages(run).map((page) => page.openapi?.method)).toEqual(['GET', 'POST']);
  });

  it('a YAML billion-laughs alias bomb in the spec: no hang, no blown memory', { timeout: TIMEOUT }, async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const bomb = `openapi: 3.1.0
info: { title: Bomb, version: '1' }
x-bomb:
${levels.map((line) => `  ${line}`).join('\n')}
tags: *j
paths:
  /pets:
    get:
      summary: List pets
      tags: *j
      x-extra: *j
`;
    const heapBefore = process.memoryUsage().heapUsed;
    const run = await resolveSite('bomb.yaml', { 'bomb.yaml': bomb });
    expectSane(run);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(512 * 1024 * 1024);
    // Loading it (aliases stay shared, as js-yaml reads them) or refusing it are both fine; hanging is not.
    const atOpenapi = run.result.problems.filter((p) => p.pointer === OPENAPI_POINTER);
    expect(atOpenapi.every((p) => p.message.includes('bomb.yaml'))).toBe(true);
  });

  it('a YAML alias bomb in docs.yaml itself: a parse-error, quickly', { timeout: TIMEOUT }, () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const site = tempSite({ 'docs.yaml': `${levels.join('\n')}\nnavigation:\n  pages: *j\n` });
    removers.push(site.remove);
    const result = validateFile(path.join(site.root, 'docs.yaml'));
    expect(contractBreaches(result)).toEqual([]);
    expect(result.problems.map((p) => p.code)).toContain('parse-error');
  });

  it('paths: null loads with a warning and gives no pages; an entry into it is endpoint-not-found or unmatched', { timeout: TIMEOUT }, async () => {
    const run = await resolveSite('nopaths.json', { 'nopaths.json': spec(null) });
    expectSane(run);
    const atOpenapi = run.result.problems.filter((p) => p.pointer === OPENAPI_POINTER);
    expect(atOpenapi.map((p) => p.code)).toEqual(['openapi-warning']);
    expect(atOpenapi[0].message).toContain('nopaths.json');
    expect(endpointPages(run)).toEqual([]);

    const entry = await resolveSite('nopaths.json', { 'nopaths.json': spec(null) }, { entries: ['GET /a'] });
    expectSane(entry);
    expect(entry.result.problems.filter((p) => p.pointer === '/navigation/tabs/0/groups/0/pages/0').map((p) => p.code)).toEqual(['endpoint-not-found']);
  });

  it.each([
    ['operations that are arrays', { '/a': { get: [{ summary: 'no' }], post: [] }, '/ok': { get: { summary: 'Ok' } } }],
    ['path items that are arrays, strings, numbers and null', { '/a': [], '/b': 'get', '/c': 7, '/d': null, '/ok': { get: { summary: 'Ok' } } }],
    [
      'tags, summaries and extensions of every wrong type',
      { '/ok': { get: { summary: 'Ok', tags: 'Pets' } }, '/x': { get: { summary: 42, tags: [null, 7, { a: 1 }], 'x-hidden': 'yes', 'x-mint': [] } } },
    ],
    [
      'prototype names as paths, methods, tags and groups',
      {
        ['__proto__']: { get: { summary: 'proto' } },
        '/constructor': { constructor: { summary: 'no' }, get: { summary: 'Ok', tags: ['__proto__'] } },
        '/toString': { get: { summary: 'To string', tags: ['constructor', 'toString'] } },
      },
    ],
  ] as Array<[string, Record<string, unknown>]>)('%s: no throw, the well-formed operations still get pages', { timeout: TIMEOUT }, async (_name, paths) => {
    // Built with defineProperty so that `__proto__` is an own key, as JSON.parse makes it.
    const own = Object.defineProperties({}, Object.getOwnPropertyDescriptors(paths));
    const text = spec(own, { tags: [{ name: '__proto__', 'x-group': 'toString' }, { name: 'constructor' }] });
    const run = await resolveSite('odd.json', { 'odd.json': text });
    expectSane(run);
    expect(run.result.problems.filter((p) => p.pointer === OPENAPI_POINTER && p.severity === 'error')).toEqual([]);
    expect(endpointPages(run).length).toBeGreaterThan(0);
    expect(Object.prototype).not.toHaveProperty('get');
  });

  it('a $ref to files, folders and URLs outside the spec is not followed', { timeout: TIMEOUT }, async () => {
    const text = spec({
      '/passwd': { $ref: '/etc/passwd' },
      '/up': { $ref: '../../../etc/passwd#/paths' },
      '/remote': { $ref: 'https://example.invalid/spec.json#/paths/~1x' },
      '/ok': { get: { summary: 'Ok' } },
    });
    const run = await resolveSite('refs.json', { 'refs.json': text });
    expectSane(run);
    expect(endpointPages(run).map((page) => page.title)).toEqual(['Ok']);
  });

  it('a spec nested 100,000 levels deep (JSON) and 5,000 levels deep (YAML): no throw', { timeout: TIMEOUT }, async () => {
    const depth = 100_000;
    const deepJson = `{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{"/ok":{"get":{"summary":"Ok"}}},"components":{"schemas":{"D":${'{"items":'.repeat(depth)}{}${'}'.repeat(depth)}}}}`;
    const json = await resolveSite('deep.json', { 'deep.json': deepJson });
    expectSane(json);
    expect(json.result.problems.filter((p) => p.pointer === OPENAPI_POINTER && p.severity === 'error').every((p) => p.message.includes('deep.json'))).toBe(
      true,
    );

    const deepYaml = `openapi: 3.1.0\ninfo: {title: Deep, version: '1'}\npaths: {/ok: {get: {summary: Ok}}}\nx-deep: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;
    const yaml = await resolveSite('deep.yaml', { 'deep.yaml': deepYaml });
    expectSane(yaml);
    expect(yaml.result.problems.filter((p) => p.pointer === OPENAPI_POINTER).every((p) => p.message.includes('deep.yaml'))).toBe(true);
  });

  it('summaries, tags and paths of 100,000 braces: bulk generation does not hang', { timeout: hangGuard(60_000) }, async () => {
    const braces = '{'.repeat(100_000);
    const text = spec({ [`/${braces}`]: { get: { tags: [braces] } }, '/ok': { get: { summary: braces } } });
    const run = await resolveSite('braces.json', { 'braces.json': text });
    expect(contractBreaches(run.result)).toEqual([]);
    expect(endpointPages(run)).toHaveLength(2);
  });

  it('a 20 MB spec loads: every operation gets its page', { timeout: hangGuard(60_000) }, async () => {
    const operations = 2000;
    const base = JSON.parse(generateSpec(operations)) as Record<string, unknown>;
    const size = (text: string) => Buffer.byteLength(text);
    // Pad with descriptions, as real specs are padded, up to 20 MB.
    const padding = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.ceil((20 * 1024 * 1024 - size(JSON.stringify(base))) / 57 / 10));
    base['x-docs'] = Array.from({ length: 10 }, (_, i) => ({ id: i, description: padding }));
    const text = JSON.stringify(base);
    expect(size(text)).toBeGreaterThanOrEqual(20 * 1024 * 1024);
    const run = await resolveSite('big.json', { 'big.json': text });
    expect(contractBreaches(run.result)).toEqual([]);
    expect(run.result.problems.filter((p) => p.pointer === OPENAPI_POINTER)).toEqual([]);
    expect(endpointPages(run)).toHaveLength(operations);
    expect(run.result.tree.pages.some((page) => page.path === 'index')).toBe(true);
  });

  it('a 20 MB YAML spec loads too', { timeout: hangGuard(60_000) }, async () => {
    const line = '    Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\n';
    const text = `openapi: 3.0.3\ninfo:\n  title: Big\n  version: '1'\n  description: |\n${line.repeat(Math.ceil((20 * 1024 * 1024) / line.length))}paths:\n  /pets:\n    get:\n      summary: List pets\n`;
    const run = await resolveSite('big.yaml', { 'big.yaml': text });
    expect(contractBreaches(run.result)).toEqual([]);
    expect(endpointPages(run).map((page) => page.title)).toEqual(['List pets']);
  });
});
