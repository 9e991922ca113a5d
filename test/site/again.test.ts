/**
 * The site check kept on disk (src/site/again.ts), its parts on their own: the check to keep holds,
 * for each file checked again, what was found in it now with each finding's place, a file without
 * findings with none; for the others, what the last check held; and the places it gives again.
 */
import { describe, expect, it } from 'vitest';
import { checkToKeep, keptPlaces } from '../../src/site/again.js';
import type { KeptSiteCheck } from '../../src/pages/kept.js';
import type { Finding, Range } from '../../src/problem.js';
import type { PageBody } from '../../src/site/pages.js';

const body = (file: string, text: string, key: string): PageBody => ({ file, text, key, scan: { links: [], anchors: new Set<string>() } });
const finding = (message: string, span: [number, number]): Finding => ({ code: 'link-not-found', message, pointer: '', span });

describe('the site check to keep', () => {
  const kept: Finding = finding('kept', [0, 4]);
  const last: KeptSiteCheck = {
    shape: 'the shape',
    files: { 'c.mdx': { key: 'kc', deps: [], findings: [kept], places: [[3, 2, 3, 6]] } },
  };

  it('a file checked again: its findings now, each placed; one without findings: none, and no place asked; another: as the last check held it', () => {
    const now = finding('now', [6, 10]);
    const bodies = new Map<string, PageBody | undefined>([
      ['a.mdx', body('a.mdx', 'first\nsecond line\n', 'ka')],
      ['b.mdx', body('b.mdx', 'nothing here\n', 'kb')],
    ]);
    const asked: string[] = [];
    const placeOf = (file: string, found: Finding): Range => {
      asked.push(`${file} ${found.message}`);
      return { line: 2, column: 1, endLine: 2, endColumn: 5 };
    };
    const check = checkToKeep(
      'the shape',
      last,
      ['a.mdx', 'b.mdx', 'c.mdx'],
      new Set(['a.mdx', 'b.mdx']),
      bodies,
      () => [],
      new Map([['a.mdx', [now]]]),
      placeOf,
    );
    expect(check).toEqual({
      shape: 'the shape',
      files: {
        'a.mdx': { key: 'ka', deps: [], findings: [now], places: [[2, 1, 2, 5]] },
        'b.mdx': { key: 'kb', deps: [], findings: [], places: [] },
        'c.mdx': { key: 'kc', deps: [], findings: [kept], places: [[3, 2, 3, 6]] },
      },
    });
    expect(asked).toEqual(['a.mdx now']);
  });

  it('the places the last check gives again, by finding (none without a last check)', () => {
    expect([...keptPlaces(last)]).toEqual([[kept, { line: 3, column: 2, endLine: 3, endColumn: 6 }]]);
    expect(keptPlaces(undefined).size).toBe(0);
  });
});
