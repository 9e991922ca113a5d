import { describe, expect, it } from 'vitest';
import { RedirectTable, redirectsOf } from '../../src/redirects/table.js';

const table = (pairs: Array<[string, string]>) =>
  new RedirectTable(redirectsOf({ redirects: pairs.map(([source, destination]) => ({ source, destination })) }));

describe('RedirectTable.match', () => {
  it.each([
    {
      name: 'an exact source before any pattern',
      pairs: [
        ['/docs/*', '/p'],
        ['/docs/a', '/e'],
      ],
      path: 'docs/a',
      to: '/e',
    },
    {
      name: 'patterns in the order listed, across first segments',
      pairs: [
        ['/:any/x', '/first'],
        ['/docs/:slug', '/second'],
      ],
      path: 'docs/x',
      to: '/first',
    },
    {
      name: 'a literal first segment listed before a parameter one',
      pairs: [
        ['/docs/:slug', '/second'],
        ['/:any/x', '/first'],
      ],
      path: 'docs/x',
      to: '/second',
    },
    {
      name: 'a wildcard first segment',
      pairs: [
        ['/docs/:slug', '/d/:slug'],
        ['*', '/all'],
      ],
      path: 'guides/x',
      to: '/all',
    },
    { name: ':slug* fills one segment and the rest', pairs: [['/old/:slug*', '/new/:slug*']], path: 'old/a/b/c', to: '/new/a/b/c' },
    { name: 'a first segment with a parameter inside it', pairs: [['/v:version/*', '/latest/*']], path: 'v2/guide', to: '/latest/guide' },
    { name: 'leading and trailing / ignored', pairs: [['old/', '/new']], path: '/old/', to: '/new' },
    { name: 'nothing matches', pairs: [['/docs/:slug', '/d']], path: 'docs/a/b', to: undefined },
  ] as Array<{ name: string; pairs: Array<[string, string]>; path: string; to: string | undefined }>)('$name', ({ pairs, path, to }) => {
    expect(table(pairs).match(path)?.destination).toBe(to);
  });
});

describe('RedirectTable.match, more shapes', () => {
  it.each([
    {
      name: 'the first of two exact sources wins',
      pairs: [
        ['/a', '/first'],
        ['/a/', '/second'],
      ],
      path: 'a',
      to: '/first',
    },
    {
      name: 'a source’s regex characters are literal',
      pairs: [
        ['/a.b/:x', '/dot/:x'],
        ['/a+b/*', '/plus/*'],
      ],
      path: 'axb/1',
      to: undefined,
    },
    { name: 'a dot in a pattern matches a dot', pairs: [['/a.b/:x', '/dot/:x']], path: 'a.b/1', to: '/dot/1' },
    { name: 'a plus in a pattern matches a plus', pairs: [['/(a+b)/*', '/plus/*']], path: '(a+b)/x/y', to: '/plus/x/y' },
    { name: 'many slashes at the ends are trimmed', pairs: [['///old//', '/new']], path: '//old///', to: '/new' },
    {
      name: 'a path with no slash is its own first segment',
      pairs: [
        ['/docs/:slug', '/d/:slug'],
        ['/docs', '/root'],
      ],
      path: 'docs',
      to: '/root',
    },
    {
      name: 'a pattern in a literal bucket after one in no bucket, in the order listed',
      pairs: [
        ['/*', '/any'],
        ['/docs/:x', '/docs-x'],
      ],
      path: 'docs/a',
      to: '/any',
    },
    {
      name: 'a literal bucket’s pattern before a later wildcard one',
      pairs: [
        ['/docs/:x', '/docs-x'],
        ['/*', '/any'],
      ],
      path: 'docs/a',
      to: '/docs-x',
    },
    {
      name: 'two patterns in one bucket, the first listed first',
      pairs: [
        ['/docs/:x/edit', '/e/:x'],
        ['/docs/:x/:y', '/y/:y'],
        ['/docs/*', '/w/*'],
      ],
      path: 'docs/a/b',
      to: '/y/b',
    },
    { name: 'wildcards fill in order; one the source lacks is empty', pairs: [['/a/*/b/*', '/x/*/y/*/z/*']], path: 'a/1/b/2/3', to: '/x/1/y/2/3/z/' },
    { name: 'a source with a trailing slash matches the path without one', pairs: [['/old/', '/new']], path: 'old', to: '/new' },
    {
      name: 'a later pattern of no bucket after an earlier one that does not match',
      pairs: [
        ['/*/x', '/x'],
        ['/*', '/any/*'],
      ],
      path: 'a',
      to: '/any/a',
    },
    { name: 'a parameter the source lacks stays as written', pairs: [['/a/:id', '/b/:id/:other']], path: 'a/7', to: '/b/7/:other' },
  ] as Array<{ name: string; pairs: Array<[string, string]>; path: string; to: string | undefined }>)('$name', ({ pairs, path, to }) => {
    expect(table(pairs).match(path)?.destination).toBe(to);
  });
});

describe('redirectsOf', () => {
  it('reads entries with a string source and destination, with their pointers; permanent only when a boolean', () => {
    expect(
      redirectsOf({
        redirects: [
          { source: '/a', destination: '/b' },
          null,
          'x',
          { source: '/c', destination: 7 },
          { source: '/d', destination: '/e', permanent: false },
          { source: '/f', destination: '/g', permanent: 'yes' },
        ],
      }),
    ).toEqual([
      { source: '/a', destination: '/b', pointer: '/redirects/0' },
      { source: '/d', destination: '/e', permanent: false, pointer: '/redirects/4' },
      { source: '/f', destination: '/g', pointer: '/redirects/5' },
    ]);
  });

  it.each([null, undefined, 7, 'x', [], {}, { redirects: {} }, { redirects: 'x' }])('%j holds no redirect', (document) => {
    expect(redirectsOf(document)).toEqual([]);
  });
});
