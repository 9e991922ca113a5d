/**
 * The differential's judge (bench/differential/classify.mjs) on a listed page the build does not
 * serve: an entry written with a trailing `/` is served at its path without it where the platform
 * finds the page's file (the 10,000-site run of seed 65 counted 23 sites of `"with space/p4/"` as
 * silent drops whose pages both the build and docsnav served at `with space/p4`).
 */
import { describe, expect, it } from 'vitest';
import { differencesOf, type DiffProblem } from '../../bench/differential/classify.mjs';

function listedNotServed(entry: string, served: string[], problems: DiffProblem[] = []) {
  const site = {
    diff: { build: true, buildErrors: [], problems, pages: served.map((url) => ({ url })), onlyPlatform: [], onlyDocsnav: [], titles: [] },
    drops: { accepted: true, drops: [], docs: { navigation: { pages: [entry] } }, mounts: [] },
  };
  return differencesOf(site).filter((difference) => difference.key === 'silent-drop build (a listed page the build does not serve)');
}

describe('a listed page the build does not serve', () => {
  it('an entry with a trailing slash is served at its path without it', () => {
    expect(listedNotServed('with space/p4/', ['with space/p4'])).toEqual([]);
    expect(listedNotServed('a/', ['a'])).toEqual([]);
  });

  it('or at its path with it (a folder whose page is not found: a link the build keeps)', () => {
    expect(listedNotServed('c/', ['c/'])).toEqual([]);
  });

  it('is a silent drop when neither is served, and no error says it', () => {
    expect(listedNotServed('a/', ['b'])).toMatchObject([{ kind: 'silent-drop', pointer: '/navigation/pages/0', entry: 'a/' }]);
    expect(listedNotServed('a', ['a/'])).toMatchObject([{ kind: 'silent-drop', entry: 'a' }]);
    expect(listedNotServed('a/', [], [{ severity: 'error', code: 'page-not-found', file: 'docs.json', pointer: '/navigation/pages/0' }])).toEqual([]);
  });
});
