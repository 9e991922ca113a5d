import { describe, expect, it } from 'vitest';
import { eachDivision, pathSegments } from '../../src/navigation/divisions.js';
import { toPointer } from '../../src/source/pointer.js';

function visited(docs: unknown): string[] {
  const out: string[] = [];
  eachDivision(docs, (_value, kind, path) => out.push(`${kind} ${toPointer(pathSegments(path))}`));
  return out;
}

describe('eachDivision', () => {
  it('visits the root, every division and menu item, wherever nested, and no group', () => {
    const docs = {
      navigation: {
        languages: [
          {
            language: 'en',
            tabs: [
              { tab: 'A', menu: [{ item: 'M', versions: [{ version: 'v1', groups: [{ group: 'G', pages: ['a', { group: 'H', pages: ['b'] }] }] }] }] },
              { tab: 'B', groups: [{ group: 'G', pages: ['c'] }] },
            ],
          },
        ],
      },
    };
    expect(visited(docs).sort()).toEqual(
      [
        'navigation /navigation',
        'language /navigation/languages/0',
        'tab /navigation/languages/0/tabs/0',
        'item /navigation/languages/0/tabs/0/menu/0',
        'version /navigation/languages/0/tabs/0/menu/0/versions/0',
        'tab /navigation/languages/0/tabs/1',
      ].sort(),
    );
  });

  it('skips what is not an element object, and a docs.json without navigation', () => {
    expect(visited({ navigation: { tabs: ['x', null, 3, [], { tab: 'T' }] } })).toEqual(['navigation /navigation', 'tab /navigation/tabs/4']);
    for (const docs of [null, 'x', {}, { navigation: [] }, { navigation: 'x' }]) expect(visited(docs)).toEqual([]);
  });

  it('takes a navigation nested 100,000 deep without a stack overflow', () => {
    let navigation: Record<string, unknown> = { tab: 'last' };
    for (let i = 0; i < 100_000; i++) navigation = { tab: `t${i}`, menu: [{ item: 'i', tabs: [navigation] }] };
    // The path is a link to the parent's: spelling each out here would be quadratic, so count only.
    let count = 0;
    eachDivision({ navigation: { tabs: [navigation] } }, () => count++);
    expect(count).toBe(200_002);
  });
});
