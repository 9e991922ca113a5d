/**
 * What a string of a `pages` array is (src/navigation/entries.ts), as tables: an entry's kind, a
 * page's tidy form and identity, where the platform looks for a page and what its sidebar links to
 * when there is none, and the plain-page fast path at each edge of its character classes. Each
 * row is one the whole-target mutation run found no test telling apart (issue 67).
 */
import { describe, expect, it } from 'vitest';
import { cleanPagePath, entryKey, isPlainPage, pageIdentity, parseEntry, platformPagePath, tidyPage } from '../../src/navigation/entries.js';

describe('parseEntry', () => {
  it.each([
    ['GET /users', { kind: 'endpoint', method: 'get', path: '/users', specfile: undefined }],
    ['get /users', { kind: 'endpoint', method: 'get', path: '/users', specfile: undefined }],
    ['  POST   /users/{id}  ', { kind: 'endpoint', method: 'post', path: '/users/{id}', specfile: undefined }],
    ['api/openapi.json DELETE /users', { kind: 'endpoint', method: 'delete', path: '/users', specfile: 'api/openapi.json' }],
    ['webhook petDeleted', { kind: 'webhook', name: 'petDeleted', specfile: undefined }],
    ['spec.yaml WEBHOOK petDeleted', { kind: 'webhook', name: 'petDeleted', specfile: 'spec.yaml' }],
  ])('%j is %j', (raw, entry) => {
    expect(parseEntry(raw)).toEqual(entry);
  });

  it.each([
    // A method whose target is not a path, four tokens, an unknown verb: page paths, as written.
    ['GET users', 'GET users'],
    ['a spec.json GET /users', 'a spec.json GET /users'],
    ['FETCH /users', 'FETCH /users'],
    ['guides/intro', 'guides/intro'],
    ['./guides/intro.mdx', 'guides/intro'],
    [' guides/intro ', 'guides/intro'],
  ])('%j is a page (its tidy form %j)', (raw, clean) => {
    expect(parseEntry(raw)).toEqual({ kind: 'page', page: raw, clean });
  });
});

describe('entryKey', () => {
  it('a page is its path as written; an endpoint its method in capitals and path; a webhook its name', () => {
    expect(entryKey({ kind: 'page', page: './a.mdx', clean: 'a' })).toBe('./a.mdx');
    expect(entryKey({ kind: 'endpoint', method: 'get', path: '/users' })).toBe('GET /users');
    expect(entryKey({ kind: 'webhook', name: 'petDeleted', specfile: 'spec.yaml' })).toBe('webhook petDeleted');
  });
});

describe('tidyPage, cleanPagePath and pageIdentity', () => {
  it.each([
    ['a/b', 'a/b', 'a/b', 'a/b'],
    ['./a/b.mdx', 'a/b', 'a/b', 'a/b.mdx'],
    ['/a/b/', 'a/b', 'a/b', 'a/b'],
    ['a\\b.MD', 'a/b', 'a/b', 'a/b.MD'],
    // Only an extension at the end is one.
    ['a.mdx.b', 'a.mdx.b', 'a.mdx.b', 'a.mdx.b'],
    ['a.md/b', 'a.md/b', 'a.md/b', 'a.md/b'],
    [' a.mdx/b.mdx ', 'a.mdx/b', 'a.mdx/b', ' a.mdx/b.mdx '],
  ])('%j: tidy %j, cleaned %j, the platform’s %j', (raw, tidy, cleaned, identity) => {
    expect(tidyPage(raw)).toBe(tidy);
    expect(cleanPagePath(raw)).toBe(cleaned);
    expect(pageIdentity(raw)).toBe(identity);
  });

  it('a URL stays as written, trimmed, for both its tidy form and its identity', () => {
    expect(tidyPage('https://example.com/a ')).toBe('https://example.com/a');
    expect(pageIdentity('https://example.com/a ')).toBe('https://example.com/a');
    expect(pageIdentity('https://example.com/a \t')).toBe('https://example.com/a');
    expect(pageIdentity('https://example.com/a')).toBe('https://example.com/a');
    expect(tidyPage('https://example.com/a')).toBe('https://example.com/a');
    expect(pageIdentity('HTTP://example.com//a/')).toBe('HTTP://example.com//a/');
  });

  it('a page’s identity is the platform’s key: white space and an extension kept, the slashes and dots of the path not', () => {
    expect(pageIdentity('p4')).toBe('p4');
    expect(pageIdentity('/p4')).toBe('p4');
    expect(pageIdentity('./p4')).toBe('p4');
    expect(pageIdentity('p4/')).toBe('p4');
    expect(pageIdentity(' p4')).toBe(' p4');
    expect(pageIdentity('p4.mdx')).toBe('p4.mdx');
  });
});

describe('platformPagePath', () => {
  it.each([
    ['a', 'a', 'a'],
    ['a/b', 'a/b', 'a/b'],
    // One trailing slash is kept in what the sidebar links to; the key has none.
    ['./a/', 'a', 'a/'],
    ['a//', 'a', 'a/'],
    ['a/b/', 'a/b', 'a/b/'],
    ['//a', 'a', 'a'],
    ['/a/../b', 'b', 'b'],
    ['../a', 'a', 'a'],
    // A backslash is a separator of the key only.
    ['a\\b', 'a/b', 'a\\b'],
    // The root: nothing to keep a slash on.
    ['/', '', ''],
    ['./', '', ''],
    ['.', '', ''],
    // Looked for as written.
    ['a.mdx', 'a.mdx', 'a.mdx'],
    [' a', ' a', ' a'],
    ['a ', 'a ', 'a '],
  ])('%j: the key %j, linked as %j', (raw, key, missing) => {
    expect(platformPagePath(raw)).toEqual({ key, missing });
  });
});

describe('isPlainPage', () => {
  it.each(['a', 'z', 'A', 'Z', '0', '9', '-', '_', 'az/AZ/09', 'a.b', 'a/b.c', 'amd', 'cmd', 'a.mq', 'ab.xd', 'a.mdq', 'a.xmd'])('%j is plain', (raw) => {
    expect(isPlainPage(raw)).toBe(true);
  });

  it.each([
    // Just past each edge of the letters and digits: `, {, @, [, /, :.
    '`',
    '{',
    '@',
    '[',
    ':',
    'a:b',
    '',
    '/a',
    'a/',
    'a//b',
    '.a',
    'a/.b',
    'a/..',
    'a.md',
    'a.MDX',
    'a.Md',
    '.md',
    'a b',
    'a\\b',
    'é',
  ])('%j is not plain', (raw) => {
    expect(isPlainPage(raw)).toBe(false);
  });
});
