import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  findOperation,
  findWebhook,
  generatedGroups,
  generatedPagePath,
  groupLabel,
  indexOperations,
  indexSpec,
  listOperations,
  pageTitle,
  suffixClashes,
  tagGroups,
  type Operation,
  type SpecDocument,
} from '../../src/resolve/operations.js';

function spec(name: string): SpecDocument {
  const text = readFileSync(fileURLToPath(new URL(`./specs/${name}`, import.meta.url)), 'utf8');
  return (name.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as SpecDocument;
}

function op(fields: Partial<Operation> & Pick<Operation, 'method' | 'path'>): Operation {
  return { tags: [], deprecated: false, hidden: false, excluded: false, ...fields };
}

describe('platform-facts §3 table', () => {
  const table = spec('table.json');

  it('generates the page paths and groups of the table, in order, with clash suffixes', () => {
    const groups = generatedGroups(table).map((g) => ({ label: g.label, pages: g.pages.map((p) => p.page) }));
    expect(groups).toEqual([
      {
        label: 'User Management',
        pages: ['api-reference/users/list-users', 'api-reference/users/create-a-user-v2', 'api-reference/users/get-users'],
      },
      {
        label: 'API Reference',
        pages: ['api-reference/put-pets-photos', 'api-reference/get-health', 'api-reference/get-health-1', 'api-reference/petdeleted'],
      },
    ]);
  });

  it('with directory reference/v2', () => {
    const [users] = generatedGroups(table, 'reference/v2');
    expect(users.label).toBe('User Management');
    expect(users.pages[0].page).toBe('reference/v2/users/list-users');
  });

  it('row by row: generatedPagePath and groupLabel (no clash suffix on a single path)', () => {
    const labels = tagGroups(table);
    const rows = listOperations(table).map((o) => [`${o.method} ${o.path}`, generatedPagePath(o), groupLabel(o, labels)]);
    expect(rows).toEqual([
      ['get /users', 'api-reference/users/list-users', 'User Management'],
      ['post /users', 'api-reference/users/create-a-user-v2', 'User Management'],
      ['get /users/{userId}', 'api-reference/users/get-users', 'User Management'],
      ['put /pets/{petId}/photos/{photoId}', 'api-reference/put-pets-photos', 'API Reference'],
      ['get /health', 'api-reference/get-health', 'API Reference'],
      ['get /health/{x}', 'api-reference/get-health', 'API Reference'],
      ['webhook petDeleted', 'api-reference/petdeleted', 'API Reference'],
    ]);
  });

  it('page titles: the summary, else the last slug segment made readable', () => {
    const titles = generatedGroups(table).flatMap((g) => g.pages.map((p) => p.title));
    expect(titles).toEqual(['List Users', 'Create a user (v2)', 'Get users', 'Put pets photos', 'Get health', 'Get health 1', 'Petdeleted']);
  });
});

describe('listOperations', () => {
  const order = spec('order.yaml');
  const operations = () => listOperations(order);

  it('paths in document order, methods in platform order, webhooks last (first method of each)', () => {
    expect(operations().map((o) => `${o.method} ${o.path}`)).toEqual([
      'get /b',
      'post /b',
      'patch /b',
      'trace /b',
      'put /a',
      'delete /a',
      'options /a',
      'head /a',
      'get /referenced',
      'webhook zebraAdded',
      'webhook alphaRemoved',
    ]);
  });

  it('reads summary, tags and the x- flags', () => {
    const byKey = new Map(operations().map((o) => [`${o.method} ${o.path}`, o]));
    expect(byKey.get('get /b')).toMatchObject({ summary: 'Get b', hidden: true, excluded: false, deprecated: false });
    expect(byKey.get('post /b')).toMatchObject({ deprecated: true, hidden: false });
    expect(byKey.get('delete /a')).toMatchObject({ excluded: true, hidden: false });
    expect(byKey.get('put /a')?.href).toBe('/custom/Put-A');
    expect(byKey.get('get /referenced')?.tags).toEqual(['Animals', 'Extra']);
    expect(byKey.get('webhook alphaRemoved')).toMatchObject({ tags: ['Animals'] });
    expect(byKey.get('webhook alphaRemoved')?.summary).toBeUndefined();
  });

  it('x-mint.href replaces the generated path, without the leading slash, lower-cased as the platform does', () => {
    const put = operations().find((o) => o.method === 'put')!;
    expect(generatedPagePath(put)).toBe('custom/put-a');
    expect(generatedPagePath(put, 'reference/v2')).toBe('custom/put-a');
    expect(pageTitle(put)).toBe('Put a');
  });

  it('webhook pages: slug of the name, no method prefix', () => {
    const alpha = operations().find((o) => o.path === 'alphaRemoved')!;
    expect(generatedPagePath(alpha)).toBe('api-reference/animals/alpharemoved');
    expect(pageTitle(alpha)).toBe('Alpharemoved');
  });

  it('x-excluded operations get no generated page; x-hidden ones do', () => {
    const pages = generatedGroups(order).flatMap((g) => g.pages.map((p) => p.operation));
    expect(pages.some((o) => o.method === 'delete' && o.path === '/a')).toBe(false);
    expect(pages.find((o) => o.method === 'get' && o.path === '/b')?.hidden).toBe(true);
  });

  it('never throws on junk', () => {
    const junk: unknown[] = [
      null,
      undefined,
      42,
      'openapi: 3.1.0',
      [],
      { paths: 5 },
      { paths: [] },
      { paths: { '/a': 5, '/b': null, '/c': { get: 'x', post: [] }, '/d': { $ref: 5 } }, webhooks: { w: 'x', v: { post: null } } },
      { paths: { '/e': { $ref: '#/%E0%A4%A' } } },
      { paths: { '/f': { $ref: '#/__proto__/x' } }, tags: [null, 5, { name: 7 }, { name: 'ok', 'x-group': 3 }] },
    ];
    for (const value of junk) {
      const doc = value as SpecDocument;
      expect(() => listOperations(doc)).not.toThrow();
      expect(listOperations(doc)).toEqual([]);
      expect(() => tagGroups(doc)).not.toThrow();
      expect(() => generatedGroups(doc)).not.toThrow();
    }
    expect(tagGroups(junk.at(-1) as SpecDocument)).toEqual(new Map([['ok', 'ok']]));
  });

  it('a path item $ref with keys beside it: the keys win, both sets of methods count', () => {
    const doc = {
      openapi: '3.1.0',
      paths: { '/x': { $ref: '#/components/pathItems/X', post: { summary: 'Local post' } } },
      components: { pathItems: { X: { get: { summary: 'Shared get' }, post: { summary: 'Shared post' } } } },
    } as unknown as SpecDocument;
    expect(listOperations(doc).map((o) => `${o.method} ${o.summary}`)).toEqual(['get Shared get', 'post Local post']);
  });
});

describe('generatedPagePath', () => {
  it('uses the method and path without a summary; an empty summary counts as none', () => {
    expect(generatedPagePath(op({ method: 'delete', path: '/users/{id}', summary: '' }))).toBe('api-reference/delete-users');
  });

  it('lower-cases everything generated, directory included, and tidies the directory slashes', () => {
    const o = op({ method: 'get', path: '/x', summary: 'Read X', tags: ['Big Things'] });
    expect(generatedPagePath(o, 'Reference/V2')).toBe('reference/v2/big-things/read-x');
    expect(generatedPagePath(o, '/reference/')).toBe('reference/big-things/read-x');
    expect(generatedPagePath(o, './ref')).toBe('ref/big-things/read-x');
    expect(generatedPagePath(o, '')).toBe('big-things/read-x');
    expect(generatedPagePath(o)).toBe('api-reference/big-things/read-x');
  });

  it('keeps characters the platform keeps', () => {
    expect(generatedPagePath(op({ method: 'get', path: '/a', summary: 'Search: a?b&c' }))).toBe('api-reference/search:-a?b&c');
  });
});

describe('suffixClashes', () => {
  it.each([
    { input: ['a', 'b'], expected: ['a', 'b'] },
    { input: ['a', 'a', 'a'], expected: ['a', 'a-1', 'a-2'] },
    // As the platform: a later page's own path is not looked ahead at (test/resolve/build-cases.ts builds it).
    { input: ['a', 'a', 'a-1'], expected: ['a', 'a-1', 'a-1-1'] },
    { input: ['a-1', 'a', 'a'], expected: ['a-1', 'a', 'a-2'] },
    { input: ['a', 'a-1', 'a-1', 'a', 'a'], expected: ['a', 'a-1', 'a-1-1', 'a-2', 'a-3'] },
    { input: [], expected: [] },
  ])('$input', ({ input, expected }) => {
    const out = suffixClashes(input);
    expect(out).toEqual(expected);
    expect(new Set(out).size).toBe(out.length);
  });

  it('is linear on many equal paths', () => {
    const out = suffixClashes(Array.from({ length: 20_000 }, () => 'x'));
    expect(out[19_999]).toBe('x-19999');
    expect(new Set(out).size).toBe(20_000);
  });
});

describe('findOperation', () => {
  const index = () => indexSpec(spec('table.json'));

  it('is built once per spec object', () => {
    const doc = spec('table.json');
    expect(indexSpec(doc)).toBe(indexSpec(doc));
  });

  it('finds an exact path, method case-insensitive', () => {
    const found = findOperation(index(), 'GET', '/users/{userId}');
    expect(found.kind).toBe('found');
    if (found.kind === 'found') expect(found.operation).toMatchObject({ method: 'get', path: '/users/{userId}' });
    expect(findOperation(index(), 'Post', '/users')).toMatchObject({ kind: 'found', operation: { method: 'post' } });
  });

  it('ignores one trailing slash, on either side', () => {
    expect(findOperation(index(), 'get', '/users/')).toMatchObject({ kind: 'found', operation: { path: '/users' } });
    const trailing = indexOperations([op({ method: 'get', path: '/items/' })]);
    expect(findOperation(trailing, 'get', '/items')).toMatchObject({ kind: 'found', operation: { path: '/items/' } });
    expect(findOperation(index(), 'get', '/users//').kind).toBe('path-not-found');
  });

  it('prefers the exact key, then tries the other spelling for the method', () => {
    const both = indexOperations([op({ method: 'get', path: '/a' }), op({ method: 'post', path: '/a/' })]);
    expect(findOperation(both, 'get', '/a/')).toMatchObject({ kind: 'found', operation: { path: '/a' } });
    expect(findOperation(both, 'post', '/a')).toMatchObject({ kind: 'found', operation: { path: '/a/' } });
    expect(findOperation(both, 'put', '/a')).toEqual({ kind: 'method-not-found', path: '/a', methods: ['get', 'post'] });
  });

  it('method missing on the path: lists the methods it has, in platform order', () => {
    expect(findOperation(index(), 'delete', '/users')).toEqual({ kind: 'method-not-found', path: '/users', methods: ['get', 'post'] });
  });

  it('path missing: suggests near paths, parameter-name differences first', () => {
    expect(findOperation(index(), 'get', '/user')).toEqual({ kind: 'path-not-found', suggestions: ['/users'] });
    const renamed = findOperation(index(), 'get', '/users/{id}');
    expect(renamed).toMatchObject({ kind: 'path-not-found' });
    if (renamed.kind === 'path-not-found') expect(renamed.suggestions[0]).toBe('/users/{userId}');
    expect(findOperation(index(), 'get', '/Health')).toEqual({ kind: 'path-not-found', suggestions: ['/health'] });
    expect(findOperation(index(), 'get', '/completely/unrelated/thing')).toEqual({ kind: 'path-not-found', suggestions: [] });
  });

  it('at most three suggestions', () => {
    const many = indexOperations(['/item', '/items', '/itemz', '/itens', '/iteme'].map((path) => op({ method: 'get', path })));
    const miss = findOperation(many, 'get', '/itemx');
    expect(miss.kind === 'path-not-found' && miss.suggestions.length).toBe(3);
  });

  it('suggests in a 10,000-path spec through the trigram index', () => {
    const operations: Operation[] = [];
    for (let i = 0; i < 10_000; i++) operations.push(op({ method: 'get', path: `/v1/resource${i}/items/{id}` }));
    const big = indexOperations(operations);
    expect(findOperation(big, 'get', '/v1/resource1234/items/{id}').kind).toBe('found');
    const typo = findOperation(big, 'get', '/v1/resourse1234/items/{id}');
    expect(typo.kind === 'path-not-found' && typo.suggestions[0]).toBe('/v1/resource1234/items/{id}');
    const param = findOperation(big, 'get', '/v1/resource77/items/{itemId}');
    expect(param.kind === 'path-not-found' && param.suggestions[0]).toBe('/v1/resource77/items/{id}');
    // Every entry looked up once: 10,000 hits and 10,000 misses stay fast (see bench for numbers).
    let found = 0;
    for (let i = 0; i < 10_000; i++) {
      if (findOperation(big, 'GET', `/v1/resource${i}/items/{id}/`).kind === 'found') found++;
      findOperation(big, 'get', `/v1/resourze${i}/items/{id}`);
    }
    expect(found).toBe(10_000);
  });
});

describe('findWebhook', () => {
  const index = () => indexSpec(spec('table.json'));

  it('finds by exact name, suggests otherwise', () => {
    expect(findWebhook(index(), 'petDeleted')).toMatchObject({ kind: 'found', operation: { method: 'webhook', path: 'petDeleted' } });
    expect(findWebhook(index(), 'petdeleted')).toEqual({ kind: 'webhook-not-found', suggestions: ['petDeleted'] });
    expect(findWebhook(index(), 'petDelted')).toEqual({ kind: 'webhook-not-found', suggestions: ['petDeleted'] });
    expect(findWebhook(index(), 'orderShipped')).toEqual({ kind: 'webhook-not-found', suggestions: [] });
  });

  it('webhooks are not paths and paths are not webhooks', () => {
    expect(findOperation(index(), 'post', 'petDeleted').kind).toBe('path-not-found');
    expect(findWebhook(index(), '/users').kind).toBe('webhook-not-found');
  });
});
