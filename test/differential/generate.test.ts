import { describe, expect, it } from 'vitest';
import { generateCase, random } from '../../bench/differential/generate.mjs';
import { shrink } from '../../bench/differential/shrink.mjs';

/**
 * The differential run's generator and shrinker (bench/differential.mjs runs them against the
 * platform's build): the same seed gives the same site, the sites cover every navigation element
 * and field the run is meant to exercise, and a shrink ends on a 1-minimal site.
 */

/** Every key used anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      keysOf(item, into);
    }
  }
  return into;
}

describe('the differential generator', () => {
  it('gives the same site for the same seed, and another for another seed', () => {
    expect(generateCase(7)).toEqual(generateCase(7));
    expect(generateCase(7).files['docs.json']).not.toBe(generateCase(8).files['docs.json']);
    const r = random(1);
    const first = [r.next(), r.next()];
    const again = random(1);
    expect([again.next(), again.next()]).toEqual(first);
  });

  it('covers every navigation element and field over 500 sites, with malformed entries and specs', () => {
    const keys = new Set<string>();
    const entries = new Set<string>();
    let asyncapiFiles = 0;
    let endpointEntries = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const { files } = generateCase(seed);
      const docs: unknown = JSON.parse(files['docs.json']);
      keysOf(docs, keys);
      const text = files['docs.json'];
      for (const match of text.matchAll(/"pages": \[\s*(null|42|""|\{|\[)/g)) entries.add(match[1]);
      if (/"(GET|POST|DELETE|PUT) \//.test(text)) endpointEntries++;
      if (Object.keys(files).some((name) => name.includes('asyncapi'))) asyncapiFiles++;
      if (files['nav.json'] !== undefined) JSON.parse(files['nav.json']);
    }
    for (const key of ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'menu', 'global']) expect(keys).toContain(key);
    for (const key of ['group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item']) expect(keys).toContain(key);
    for (const key of ['hidden', 'root', 'directory', 'href', 'openapi', 'asyncapi', 'source', 'default', 'expanded', 'tag', 'icon', '$ref'])
      expect(keys).toContain(key);
    expect(entries.size).toBeGreaterThan(2);
    expect(endpointEntries).toBeGreaterThan(20);
    expect(asyncapiFiles).toBeGreaterThan(20);
  });
});

describe('the shrinker', () => {
  it('ends on a site where no single removal keeps the failure', async () => {
    const { files } = generateCase(3);
    // A "difference" that holds while docs.json still has a group named with a string and a page file remains.
    const fails = (candidate: Record<string, string>) =>
      Promise.resolve(/"group": "/.test(candidate['docs.json']) && Object.keys(candidate).some((name) => name.endsWith('.mdx')));
    expect(await fails(files)).toBe(true);
    const { files: smallest } = await shrink(files, fails);
    expect(await fails(smallest)).toBe(true);
    expect(Object.keys(smallest).filter((name) => name.endsWith('.mdx'))).toHaveLength(1);
    const docs = JSON.parse(smallest['docs.json']) as { navigation: unknown };
    // Only the path to one group's name is left of the navigation.
    expect(JSON.stringify(docs.navigation).match(/"group"/g)).toHaveLength(1);
    expect(JSON.stringify(docs.navigation)).not.toMatch(/"pages"|"icon"|"hidden"/);
  });
});
