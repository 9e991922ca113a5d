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
