/**
 * The differential's judge (bench/differential/classify.mjs). What the validator drops without a
 * word is said by an error at, under or above it, or a warning at it exactly, through a `$ref`
 * mount too (a group's asyncapi beside its openapi: 35 of the 10,000 sites of seed 65). A listed
 * page the build does not serve: an entry written with a trailing `/` is served at its path without it where the platform
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

const DROPPED = '/navigation/groups/1/asyncapi';

function silentDrops(problems: DiffProblem[]) {
  const docs = {
    navigation: {
      groups: [
        { group: 'Guides', pages: [] },
        { group: 'API', openapi: 'spec.yaml', asyncapi: { source: 'events/a.yml' }, pages: [] },
      ],
    },
  };
  const site = {
    diff: { build: true, buildErrors: [], problems, pages: [], onlyPlatform: [], onlyDocsnav: [], titles: [] },
    drops: { accepted: true, drops: [DROPPED], docs, mounts: [{ file: 'nav/items.json', pointer: '/navigation/groups' }] },
  };
  return differencesOf(site).filter((difference) => difference.kind === 'silent-drop');
}

const problem = (severity: DiffProblem['severity'], file: string, pointer: string, code = 'asyncapi-ignored'): DiffProblem => ({
  severity,
  code,
  file,
  pointer,
});

describe('a value the validator drops without a word', () => {
  it('is said by a warning at it, in the $ref file that holds it', () => {
    expect(silentDrops([problem('warning', 'nav/items.json', '/1/asyncapi')])).toEqual([]);
  });

  it('is said by a warning at it in docs.json itself', () => {
    expect(silentDrops([problem('warning', 'docs.json', DROPPED)])).toEqual([]);
  });

  it('is said by an error above it (the group)', () => {
    expect(silentDrops([problem('error', 'nav/items.json', '/1', 'invalid-value')])).toEqual([]);
  });

  it('is not said by a warning above it, beside it or in another file, nor by info at it', () => {
    for (const problems of [
      [problem('warning', 'nav/items.json', '/1')],
      [problem('warning', 'nav/items.json', '/1/openapi')],
      [problem('warning', 'other.json', '/1/asyncapi')],
      [problem('info', 'nav/items.json', '/1/asyncapi')],
      [],
    ])
      expect(silentDrops(problems), JSON.stringify(problems)).toMatchObject([{ kind: 'silent-drop', pointer: DROPPED }]);
  });
});
