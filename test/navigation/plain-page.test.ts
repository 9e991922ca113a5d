import { describe, expect, it } from 'vitest';
import { isPlainPage } from '../../src/navigation/entries.js';
import { walkNavigation } from '../../src/navigation/walk.js';
import { passesEveryCheck } from './plain-checks.js';

describe('isPlainPage', () => {
  it.each(['introduction', 'api-reference/get_users', 'v1.2/guide/setup', 'a/b/c/d/e', 'UPPER/Case', 'file.mdxx', 'notes.markdown', 'x'])(
    '%s is plain',
    (page) => {
      expect(isPlainPage(page)).toBe(true);
      expect(passesEveryCheck(page)).toBe(true);
    },
  );

  it.each([
    '',
    '/introduction',
    'introduction/',
    './introduction',
    '../outside',
    'a/../b',
    'a/./b',
    'a//b',
    '.hidden/page',
    'a/.well-known',
    'page.mdx',
    'page.MD',
    'page.md',
    'https://example.com/page',
    'GET /users',
    'openapi.json GET /users',
    'webhook created',
    'a b',
    ' page',
    'page ',
    'a\\b',
    'c:/x',
    'what?',
    'a#b',
    'a%20b',
    'a&b',
    'tab\tpage',
    'ctrl\u0001page',
    'café/menu',
    '文档/介绍',
  ])('%j is not plain', (page) => {
    expect(isPlainPage(page)).toBe(false);
  });
});

describe('plainPages: false', () => {
  it('is not called for plain pages, and is called for every other one', () => {
    const docsValue = { navigation: { pages: ['intro', '/lead', 'GET /users', 'guide/setup', 'page.mdx', { group: 'G', root: 'g/root', pages: ['g/a'] }] } };
    const all: string[] = [];
    const others: string[] = [];
    walkNavigation(docsValue, [{ page: (node) => all.push(node.value) }, { plainPages: false, page: (node) => others.push(node.value) }]);
    expect(all).toEqual(['intro', '/lead', 'GET /users', 'guide/setup', 'page.mdx', 'g/root', 'g/a']);
    expect(others).toEqual(['/lead', 'GET /users', 'page.mdx']);
  });
});
