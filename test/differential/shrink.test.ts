import { describe, expect, it } from 'vitest';
import { random } from '../../bench/differential/generate.mjs';
import { shrink } from '../../bench/differential/shrink.mjs';

/**
 * The differential run's seeded random numbers and its shrinker (bench/differential.mjs runs them
 * against the platform's build; the generator itself, which reads the platform's schema, is tested
 * in generate.corpus.test.ts): the same seed gives the same numbers, and a shrink ends on a
 * 1-minimal site.
 */

const SITE: Record<string, string> = {
  'docs.json': JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'S',
    colors: { primary: '#0D9373' },
    navigation: {
      tabs: [
        { tab: 'A', icon: 'book', groups: [{ group: 'G', hidden: true, pages: ['a', 'b', { group: 'Inner', pages: ['c'] }] }] },
        { tab: 'B', pages: ['d'] },
      ],
    },
  }),
  'a.mdx': 'A',
  'b.mdx': 'B',
  'c.mdx': 'C',
  'd.mdx': 'D',
};

describe('the differential run', () => {
  it('draws the same numbers from the same seed, and others from another', () => {
    const r = random(1);
    const first = [r.next(), r.next(), r.int(100)];
    const again = random(1);
    expect([again.next(), again.next(), again.int(100)]).toEqual(first);
    expect(random(2).next()).not.toBe(first[0]);
  });

  it('shrinks to a site where no single removal keeps the failure', async () => {
    // A "difference" that holds while docs.json still has a group named with a string and an .mdx file remains.
    const fails = (candidate: Record<string, string>) =>
      Promise.resolve(/"group": "/.test(candidate['docs.json']) && Object.keys(candidate).some((name) => name.endsWith('.mdx')));
    const { files } = await shrink(SITE, fails);
    expect(await fails(files)).toBe(true);
    expect(Object.keys(files).filter((name) => name.endsWith('.mdx'))).toHaveLength(1);
    const docs = JSON.parse(files['docs.json']) as { navigation: unknown };
    // Only the path to one group's name is left of the navigation (the required keys beside it stay).
    expect(docs.navigation).toEqual({ tabs: [{ groups: [{ pages: [{ group: 'Inner' }] }] }] });
  });

  it('shrinks a mint.json-only site in its mint.json', async () => {
    const mint = {
      'mint.json': JSON.stringify({
        name: 'M',
        colors: { primary: '#0D9373' },
        navigation: [
          { group: 'A', pages: ['a', 'b'] },
          { group: 'B', pages: ['c'] },
        ],
      }),
      'a.mdx': 'A',
    };
    const fails = (candidate: Record<string, string>) => Promise.resolve(candidate['mint.json'].includes('"b"'));
    const { files } = await shrink(mint, fails);
    expect(Object.keys(files)).toEqual(['mint.json']);
    expect(JSON.parse(files['mint.json'])).toEqual({ name: 'M', colors: {}, navigation: [{ pages: ['b'] }] });
  });
});
