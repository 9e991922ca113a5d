import { describe, expect, it } from 'vitest';
import {
  findOperation,
  findWebhook,
  generatedGroups,
  generatedPagePath,
  indexOperations,
  indexSpec,
  listOperations,
  pageTitle,
  suffixClashes,
  type Operation,
  type SpecDocument,
} from '../../src/resolve/operations.js';

/**
 * Edge cases of src/resolve/operations.ts that mutation testing found unasserted: path-item
 * `$ref` chains, what an operation keeps of its fields (and what it ignores when mistyped),
 * page paths and titles, and how entries are matched.
 */

const doc = (fields: Record<string, unknown>) => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, ...fields }) as unknown as SpecDocument;

/** `METHOD path` of each listed operation. */
const listed = (spec: SpecDocument) => listOperations(spec).map((o) => `${o.method} ${o.path}`);

const op = (fields: Partial<Operation> & Pick<Operation, 'method' | 'path'>): Operation => ({
  tags: [],
  deprecated: false,
  hidden: false,
  excluded: false,
  ...fields,
});

describe('listOperations: path items and their $refs', () => {
  it('`paths` that is not an object lists no paths (webhooks still count)', () => {
    expect(listed(doc({ paths: 'get', webhooks: { hook: { post: {} } } }))).toEqual(['webhook hook']);
    expect(listed(doc({ paths: ['/a'] }))).toEqual([]);
  });

  it('a chain of internal $refs is followed; keys beside a $ref win over what it points at, nearest first', () => {
    const spec = doc({
      paths: { '/a': { $ref: '#/components/pathItems/One', post: { summary: 'own post' } } },
      components: {
        pathItems: {
          One: { $ref: '#/components/pathItems/Two', get: { summary: 'one get' } },
          Two: { get: { summary: 'two get' }, post: { summary: 'two post' }, delete: { summary: 'two delete' } },
        },
      },
    });
    expect(listOperations(spec).map((o) => `${o.method} ${o.summary}`)).toEqual(['get one get', 'post own post', 'delete two delete']);
  });

  it('a $ref to what is not there, outside the file, or not a JSON pointer keeps the keys beside it', () => {
    const spec = doc({
      paths: {
        '/missing': { $ref: '#/components/pathItems/Nope', get: {} },
        '/external': { $ref: 'other.yaml#/Item', put: {} },
        '/not-a-pointer': { $ref: '#components/pathItems/X', patch: {} },
        '/bad-escape': { $ref: '#/%E0%A4%A', head: {} },
        '/through-a-string': { $ref: '#/info/title/x', options: {} },
        '/into-a-list': { $ref: '#/x-items/1', trace: {} },
      },
      'x-items': [{}, { get: { summary: 'from a list' } }],
      components: { pathItems: { X: { get: {} } } },
    });
    expect(listOperations(spec).map((o) => `${o.method} ${o.path}${o.summary ? ` ${o.summary}` : ''}`)).toEqual([
      'get /missing',
      'put /external',
      'patch /not-a-pointer',
      'head /bad-escape',
      'options /through-a-string',
      'get /into-a-list from a list',
      'trace /into-a-list',
    ]);
  });

  it('a $ref to the whole document is followed (its keys are no path item, so nothing comes of them)', () => {
    expect(listed(doc({ paths: { '/root': { $ref: '#' } } }))).toEqual([]);
    expect(listed(doc({ paths: { '/root': { $ref: '#', get: {} } } }))).toEqual(['get /root']);
  });

  it('a path item without a $ref that is not an object is skipped; one whose $ref ends at a non-object keeps its own keys', () => {
    const spec = doc({ paths: { '/null': null, '/number': 3, '/to-string': { $ref: '#/info/title', get: {} } } });
    expect(listed(spec)).toEqual(['get /to-string']);
  });

  it('a chain of 16 hops is followed to its end; past 16 it stops with the keys gathered so far', () => {
    const chain = (hops: number) => {
      const items: Record<string, unknown> = {};
      for (let i = 0; i < hops; i++) items[`I${i}`] = { $ref: `#/components/pathItems/I${i + 1}` };
      items[`I${hops}`] = { get: { summary: 'end' } };
      return doc({ paths: { '/chain': { $ref: '#/components/pathItems/I0', post: {} } }, components: { pathItems: items } });
    };
    expect(listed(chain(15))).toEqual(['get /chain', 'post /chain']);
    expect(listed(chain(16))).toEqual(['post /chain']);
  });

  it('a webhook lists its first method, following a $ref', () => {
    const spec = doc({
      webhooks: { a: { $ref: '#/components/pathItems/A' }, b: { summary: 'no method', parameters: [] } },
      components: { pathItems: { A: { put: {}, post: {} } } },
    });
    expect(listed(spec)).toEqual(['webhook a']);
  });
});

describe('what an operation keeps of its fields', () => {
  it('strings only: tags, summary, description, operationId; x-mint href when it says something, metadata when an object', () => {
    const [typed, mistyped, blank] = listOperations(
      doc({
        paths: {
          '/typed': {
            get: { tags: [3, 'T', null, 'U'], summary: 'S', description: '', operationId: 'op', 'x-mint': { href: '/x/y', metadata: { title: 'M' } } },
          },
          '/mistyped': { get: { tags: 'T', summary: 1, description: true, operationId: 2, 'x-mint': { href: 5, metadata: 'm' } } },
          '/blank': { get: { 'x-mint': { href: '  ' }, 'x-hidden': 'yes', 'x-excluded': 1, deprecated: 'true' } },
        },
      }),
    );
    expect(typed).toStrictEqual({
      method: 'get',
      path: '/typed',
      tags: ['T', 'U'],
      deprecated: false,
      hidden: false,
      excluded: false,
      summary: 'S',
      description: '',
      operationId: 'op',
      href: '/x/y',
      metadata: { title: 'M' },
    });
    expect(mistyped).toStrictEqual({ method: 'get', path: '/mistyped', tags: [], deprecated: false, hidden: false, excluded: false });
    expect(blank).toStrictEqual({ method: 'get', path: '/blank', tags: [], deprecated: false, hidden: false, excluded: false });
  });
});

describe('page paths and titles', () => {
  it('x-mint.href without leading slashes (also one after another), lower-cased as the platform does (build-cases.ts)', () => {
    expect(generatedPagePath(op({ method: 'get', path: '/a', href: '//Guides/Users' }), 'ignored')).toBe('guides/users');
  });

  it('the directory trimmed, backslashes as slashes, joined as prebuild joins it; blank, `.` or `/` is no folder', () => {
    // As prebuild 1.0.1341 builds them (test/resolve/build-cases.ts, "… an empty directory …").
    const get = op({ method: 'get', path: '/users' });
    expect(generatedPagePath(get, '  /Ref\\V2/  ')).toBe('ref/v2/get-users');
    expect(generatedPagePath(get, '   ')).toBe('get-users');
    expect(generatedPagePath(get, '/')).toBe('get-users');
    expect(generatedPagePath(get, '.')).toBe('get-users');
    expect(generatedPagePath(get, 'a/../b//c')).toBe('b/c/get-users');
  });

  it('titles: x-mint.metadata.title when a non-empty string, else the summary (not for a webhook), else from the path', () => {
    const page = 'api-reference/list-the-users';
    expect(pageTitle(op({ method: 'get', path: '/u', summary: 'List', metadata: { title: 'Meta' } }), page)).toBe('Meta');
    expect(pageTitle(op({ method: 'get', path: '/u', summary: 'List', metadata: { title: '' } }), page)).toBe('List');
    expect(pageTitle(op({ method: 'get', path: '/u', summary: 'List', metadata: { title: 4 } }), page)).toBe('List');
    expect(pageTitle(op({ method: 'webhook', path: 'u', summary: 'List' }), page)).toBe('List the users');
    expect(pageTitle(op({ method: 'get', path: '/u' }), page)).toBe('List the users');
  });

  it('clash suffixes skip the paths given out before, not those later in the input (as the platform)', () => {
    expect(suffixClashes(['a', 'a', 'a-1', 'a', 'a-2'])).toEqual(['a', 'a-1', 'a-1-1', 'a-2', 'a-2-1']);
  });

  it('groups: one per first string tag; x-group labels; untagged in API Reference', () => {
    const groups = generatedGroups(
      doc({
        tags: [{ name: 'T', 'x-group': 'Team' }, { name: 'E', 'x-group': '' }, { name: 'T', 'x-group': 'Second' }, 'loose', { name: 7 }],
        paths: { '/a': { get: { tags: [1, 'T'] } }, '/b': { get: { tags: ['E'] } }, '/c': { get: { tags: [] } }, '/d': { get: { tags: ['T'] } } },
      }),
    );
    expect(groups.map((g) => [g.tag, g.label, g.pages.map((p) => p.page)])).toEqual([
      ['T', 'Team', ['api-reference/t/get-a', 'api-reference/t/get-d']],
      ['E', 'E', ['api-reference/e/get-b']],
      [undefined, 'API Reference', ['api-reference/get-c']],
    ]);
    expect('tag' in groups[2]).toBe(false);
  });
});

describe('matching entries', () => {
  const index = () =>
    indexSpec(
      doc({
        paths: { '/': { get: {} }, '/users/': { post: {} }, '/users': { get: { summary: 'exact' } }, '/Items/{id}': { put: {} }, '/pets/': { delete: {} } },
        webhooks: { Deleted: { post: {} }, created: { post: {} } },
      }),
    );

  it('the exact key first; one trailing slash ignored on either side, the method from any such key', () => {
    expect(findOperation(index(), 'GET', '/users')).toMatchObject({ kind: 'found', operation: { summary: 'exact' } });
    expect(findOperation(index(), 'post', '/users')).toMatchObject({ kind: 'found', operation: { method: 'post', path: '/users/' } });
    expect(findOperation(index(), 'get', '/users/')).toMatchObject({ kind: 'found', operation: { summary: 'exact' } });
    expect(findOperation(index(), 'delete', '/pets')).toMatchObject({ kind: 'found', operation: { path: '/pets/' } });
    expect(findOperation(index(), 'get', '/')).toMatchObject({ kind: 'found', operation: { path: '/' } });
  });

  it('"/" has no trailing slash to ignore: "" is not "/"; "//" is', () => {
    expect(findOperation(index(), 'get', '')).toMatchObject({ kind: 'path-not-found' });
    expect(findOperation(index(), 'get', '//')).toMatchObject({ kind: 'found', operation: { path: '/' } });
  });

  it('a method the path lacks: every method of the path and of its other spelling, in platform order', () => {
    expect(findOperation(index(), 'patch', '/users')).toEqual({ kind: 'method-not-found', path: '/users', methods: ['get', 'post'] });
    expect(findOperation(index(), 'patch', '/users/')).toEqual({ kind: 'method-not-found', path: '/users/', methods: ['get', 'post'] });
  });

  it('paths are suggested ignoring case and parameter names', () => {
    expect(findOperation(index(), 'put', '/items/{itemId}')).toEqual({ kind: 'path-not-found', suggestions: ['/Items/{id}'] });
  });

  it('webhooks by exact name; suggestions ignore case', () => {
    expect(findWebhook(index(), 'deleted')).toEqual({ kind: 'webhook-not-found', suggestions: ['Deleted'] });
    expect(findWebhook(index(), 'CREATED')).toEqual({ kind: 'webhook-not-found', suggestions: ['created'] });
  });

  it('the first operation of a duplicated path or webhook is the one found', () => {
    const byHand = indexOperations([
      op({ method: 'get', path: '/a', summary: 'first' }),
      op({ method: 'get', path: '/a', summary: 'second' }),
      op({ method: 'webhook', path: 'w', summary: 'first hook' }),
      op({ method: 'webhook', path: 'w', summary: 'second hook' }),
    ]);
    expect(findOperation(byHand, 'get', '/a')).toMatchObject({ operation: { summary: 'first' } });
    expect(findWebhook(byHand, 'w')).toMatchObject({ operation: { summary: 'first hook' } });
  });
});
