import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveText } from '../../src/resolve.js';
import { listOperations } from '../../src/resolve/operations.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';
import { SpecLoader, type SpecFailure, type SpecLoaded, type SpecResult } from '../../src/resolve/specs.js';
import { serveLocally, type LocalServer } from '../local-server.js';

const SPECS = fileURLToPath(new URL('./specs/', import.meta.url));

function loaded(result: SpecResult): SpecLoaded {
  if (!result.ok) throw new Error(`expected a spec, got ${result.reason}: ${result.message}`);
  return result;
}

function failed(result: SpecResult): SpecFailure {
  if (result.ok) throw new Error(`expected a failure, got a ${result.version} spec`);
  return result;
}

/** One sentence: no stack, no code frame. */
function expectOneLine(message: string): void {
  expect(message).not.toContain('\n');
  expect(message).not.toMatch(/\s+at\s.+:\d+:\d+/);
  expect(message).toMatch(/\.$/);
}

describe('SpecLoader: specs that load', () => {
  const loader = () => new SpecLoader({ root: SPECS });

  it('a JSON OpenAPI 3.1 spec', async () => {
    const result = loaded(await loader().load('table.json'));
    expect(result).toMatchObject({ file: 'table.json', version: '3.1', warnings: [] });
    expect(listOperations(result.spec)).toHaveLength(7);
  });

  it('a YAML OpenAPI 3.0 spec', async () => {
    const result = loaded(await loader().load('petstore.yaml'));
    expect(result).toMatchObject({ file: 'petstore.yaml', version: '3.0', warnings: [] });
    expect(listOperations(result.spec).map((o) => o.summary)).toEqual(['List all pets', 'Info for a specific pet']);
  });

  it('Swagger 2.0, with a warning', async () => {
    const result = loaded(await loader().load('swagger2.json'));
    expect(result.version).toBe('2.0');
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/Swagger 2\.0.*only OpenAPI 3\.0 and 3\.1/);
  });

  it('a spec with $ref cycles (nothing is dereferenced)', async () => {
    const result = loaded(await loader().load('ref-cycle.yaml'));
    expect(listOperations(result.spec).map((o) => o.path)).toEqual(['/nodes']);
  });

  it('a path-item $ref cycle does not hang listOperations', async () => {
    const result = loaded(await loader().load('order.yaml'));
    expect(listOperations(result.spec).some((o) => o.path === '/loop')).toBe(false);
  });

  it('JSON with a trailing comma loads as YAML, as on the platform, with a warning', async () => {
    const result = loaded(await loader().load('trailing-comma.json'));
    expect(result.version).toBe('3.1');
    expect(result.warnings).toEqual(['"trailing-comma.json" is not strict JSON; it was read as YAML, as the platform does.']);
  });

  it('a spec without paths loads with a warning', async () => {
    const result = loaded(await loader().load('no-paths.yaml'));
    expect(result.warnings).toEqual(['"no-paths.yaml" has no `paths`, so no API pages come from it.']);
  });
});

describe('SpecLoader: failures', () => {
  const loader = () => new SpecLoader({ root: SPECS });

  const cases: Array<{ source: string; reason: SpecFailure['reason']; message: RegExp }> = [
    { source: 'missing.json', reason: 'not-found', message: /^The OpenAPI file "missing\.json" does not exist under the docs root\.$/ },
    { source: 'table.json/inner.json', reason: 'not-found', message: /does not exist/ },
    { source: 'invalid.yaml', reason: 'invalid', message: /^"invalid\.yaml" is not valid YAML: bad indentation of a mapping entry \(line 4, column 11\)\.$/ },
    { source: 'invalid.json', reason: 'invalid', message: /^"invalid\.json" is not valid JSON: .*\(line 4, column 3\)\.$/ },
    { source: 'list.yaml', reason: 'invalid', message: /^"list\.yaml" is not an OpenAPI document: its top level is a list, not an object\.$/ },
    { source: 'scalar.yaml', reason: 'invalid', message: /is not an OpenAPI document: its top level is a string, not an object/ },
    { source: 'no-version.json', reason: 'invalid', message: /has neither `openapi` nor `swagger`/ },
    { source: 'bad-version.yaml', reason: 'invalid', message: /`openapi: "2\.5\.0"`; only OpenAPI 3\.0\.x and 3\.1\.x are supported\.$/ },
    { source: 'number-version.yaml', reason: 'invalid', message: /a number; write the version as a string/ },
    { source: 'short-version.yaml', reason: 'invalid', message: /write the full version, such as "3\.1\.0"/ },
    { source: '../outside.json', reason: 'outside-root', message: /leads outside the docs root/ },
    { source: '/../outside.json', reason: 'outside-root', message: /leads outside the docs root/ },
    { source: 'a/../../outside.json', reason: 'outside-root', message: /leads outside the docs root/ },
    { source: 'https://example.com/openapi.json', reason: 'remote', message: /is a URL; remote specs are not fetched unless allowRemote is on\.$/ },
    { source: '', reason: 'is-directory', message: /is a folder, not an OpenAPI file/ },
  ];

  it.each(cases)('$source -> $reason', async ({ source, reason, message }) => {
    const result = failed(await loader().load(source));
    expect(result.reason).toBe(reason);
    expect(result.message).toMatch(message);
    expectOneLine(result.message);
  });
});

describe('SpecLoader: files made on the spot', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docsnav-specs-'));
    mkdirSync(path.join(root, 'api'));
    mkdirSync(path.join(root, 'folder.yaml'));
    writeFileSync(
      path.join(root, 'api', 'openapi.json'),
      JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/a': { get: {} } } }),
    );
    writeFileSync(path.join(root, 'image.yaml'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    writeFileSync(path.join(root, 'empty.yaml'), '\n\n');
    writeFileSync(path.join(root, 'bom.json'), '\ufeff{"openapi": "3.1.0", "paths": {}}');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads and parses each file once, however often and however it is named', async () => {
    const loader = new SpecLoader({ root });
    const results = await Promise.all(
      ['api/openapi.json', '/api/openapi.json', './api/openapi.json', 'api/openapi.json', 'api//openapi.json'].map((s) => loader.load(s)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const specs = new Set(results.map((r) => loaded(r).spec));
    expect(specs.size).toBe(1);
    expect(loader.stats()).toEqual({ reads: 1, parses: 1 });
    await loader.load('api/openapi.json');
    expect(loader.stats()).toEqual({ reads: 1, parses: 1 });
  });

  it('a directory', async () => {
    const result = failed(await new SpecLoader({ root }).load('folder.yaml'));
    expect(result).toMatchObject({ reason: 'is-directory', message: '"folder.yaml" is a folder, not an OpenAPI file.' });
  });

  it('a binary file', async () => {
    const result = failed(await new SpecLoader({ root }).load('image.yaml'));
    expect(result).toMatchObject({ reason: 'invalid', message: '"image.yaml" is not a text file (it contains NUL bytes).' });
  });

  it('an empty file', async () => {
    const result = failed(await new SpecLoader({ root }).load('empty.yaml'));
    expect(result).toMatchObject({ reason: 'invalid', message: '"empty.yaml" is empty.' });
  });

  it('a byte-order mark is fine', async () => {
    expect(loaded(await new SpecLoader({ root }).load('bom.json')).version).toBe('3.1');
  });

  it.skipIf(process.platform === 'win32')('a named pipe is refused, not read (reading it would block)', async () => {
    const fifo = path.join(root, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    const result = failed(await new SpecLoader({ root }).load('pipe.yaml'));
    expect(result).toMatchObject({ reason: 'not-regular', message: '"pipe.yaml" is a FIFO, not a regular file.' });
  });

  it('a 20 MB spec loads', async () => {
    const paths: Record<string, unknown> = {};
    const description = 'x'.repeat(1000);
    for (let i = 0; i < 10_000; i++) {
      paths[`/resource${i}/{id}`] = {
        get: { summary: `Get resource ${i}`, tags: [`Tag ${i % 40}`], description, responses: { '200': { description: 'OK' } } },
        post: { summary: `Create resource ${i}`, description, responses: { '201': { description: 'Created' } } },
      };
    }
    const text = JSON.stringify({ openapi: '3.1.0', info: { title: 'Big', version: '1' }, paths });
    expect(text.length).toBeGreaterThan(20_000_000);
    writeFileSync(path.join(root, 'big.json'), text);
    const result = loaded(await new SpecLoader({ root }).load('big.json'));
    expect(listOperations(result.spec)).toHaveLength(20_000);
  });
});

describe('SpecLoader: remote specs with allowRemote', () => {
  let local: LocalServer;
  let base: string;

  beforeAll(async () => {
    local = await serveLocally((request, response) => {
      if (request.url === '/openapi.yaml') {
        response.writeHead(200, { 'content-type': 'application/yaml' });
        response.end('openapi: 3.1.0\ninfo: { title: Remote, version: "1" }\npaths:\n  /r: { get: { summary: Remote get } }\n');
      } else if (request.url === '/events.json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ asyncapi: '3.0.0', info: { title: 'Events', version: '1' }, channels: { userSignedUp: { address: 'user/signedup' } } }));
      } else if (request.url === '/slow.json') {
        // Never answers: the loader's timeout must end the wait.
      } else {
        response.writeHead(404);
        response.end('nope');
      }
    });
    base = local.base;
  });

  afterAll(() => local.close());

  it('fetches and parses once', async () => {
    const loader = new SpecLoader({ root: SPECS, allowRemote: true });
    const [a, b] = await Promise.all([loader.load(`${base}/openapi.yaml`), loader.load(`${base}/openapi.yaml`)]);
    expect(loaded(a).file).toBe(`${base}/openapi.yaml`);
    expect(listOperations(loaded(b).spec).map((o) => o.summary)).toEqual(['Remote get']);
    expect(loader.stats()).toEqual({ reads: 1, parses: 1 });
  });

  // (A remote GraphQL schema is read from https only, which this server is not: its fetch is not tested here.)
  it('resolve fetches each remote document as its kind (OpenAPI, AsyncAPI): their operations and channels are pages', async () => {
    const navigation = {
      tabs: [
        { tab: 'Events', asyncapi: `${base}/events.json` },
        { tab: 'API', openapi: `${base}/openapi.yaml` },
      ],
    };
    const { tree, problems } = await resolveText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }), { root: SPECS, allowRemote: true });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(tree.pages.map((page) => page.title)).toEqual(['User signed up', 'Remote get']);
  });

  it('an HTTP error is not-found', async () => {
    const result = failed(await new SpecLoader({ root: SPECS, allowRemote: true }).load(`${base}/missing.json`));
    expect(result).toMatchObject({ reason: 'not-found' });
    expect(result.message).toMatch(/answered HTTP 404/);
  });

  it('a server that never answers times out', async () => {
    const result = failed(await new SpecLoader({ root: SPECS, allowRemote: true, fetchTimeoutMs: 200 }).load(`${base}/slow.json`));
    expect(result).toMatchObject({ reason: 'not-found', message: `"${base}/slow.json" could not be fetched: no answer within 0.2 s.` });
  });
});

describe('SpecLoader: external $refs (a spec the platform refuses)', () => {
  let root: string;
  const head = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n';
  /** name, spec text, the external refs expected ([] for none). */
  const cases: Array<[string, string, Array<{ pointer: string; ref: string }>]> = [
    [
      'internal refs only (JSON)',
      JSON.stringify({ openapi: '3.1.0', paths: {}, components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: {} } } }),
      [],
    ],
    ['internal refs only (YAML, quoted)', `${head}components:\n  schemas:\n    A:\n      $ref: '#/components/schemas/B'\n    B: {}\n`, []],
    [
      'a $ref to another file (JSON)',
      JSON.stringify({ openapi: '3.1.0', paths: {}, components: { schemas: { 'A/B': { $ref: 'other.yaml#/A' } } } }),
      [{ pointer: '/components/schemas/A~1B/$ref', ref: 'other.yaml#/A' }],
    ],
    [
      'an unquoted # is a YAML comment: the value is on the next line',
      `${head}x:\n  $ref: # the schema\n    other.yaml\n`,
      [{ pointer: '/x/$ref', ref: 'other.yaml' }],
    ],
    ['the key spelled with a JSON escape', '{"openapi": "3.1.0", "paths": {}, "x": {"\\u0024ref": "esc.json"}}', [{ pointer: '/x/$ref', ref: 'esc.json' }]],
    ['the key joined by an escaped line break (YAML)', `${head}x:\n  ? "$r\\\n    ef"\n  : far.yaml\n`, [{ pointer: '/x/$ref', ref: 'far.yaml' }]],
    [
      'inside a string value that parses as JSON',
      JSON.stringify({ openapi: '3.1.0', paths: {}, example: '{"$ref": "in-string.json"}' }),
      [{ pointer: '/example', ref: 'in-string.json' }],
    ],
    ['an alias shares one object: said once', `${head}a: &shared\n  $ref: shared.yaml\nb: *shared\n`, [{ pointer: '/a/$ref', ref: 'shared.yaml' }]],
  ];

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docsnav-refs-'));
    cases.forEach(([, text], i) => writeFileSync(path.join(root, `spec-${i}.${text.startsWith('{') ? 'json' : 'yaml'}`), text));
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(cases.map((c, i) => [...c, i] as const))('%s', (_name, text, expected, i) => {
    const spec = loaded(new SpecLoader({ root }).loadSync(`spec-${i}.${text.startsWith('{') ? 'json' : 'yaml'}`));
    expect(spec.externalRefs ?? []).toEqual(expected);
    // The text is kept (to locate them) only when there are some.
    expect(spec.text !== undefined).toBe(expected.length > 0);
  });
});
