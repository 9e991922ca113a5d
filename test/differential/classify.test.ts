/**
 * The differential's judge (bench/differential/classify.mjs) on what the platform's validator drops
 * without a word: docsnav has said it when an error is at, under or above the dropped value, or a
 * warning is at it exactly, through a `$ref` mount too (the silent-drop kind of a generated site
 * whose group, in a file of its own, held both openapi and asyncapi).
 */
import { describe, expect, it } from 'vitest';
import { differencesOf, type DiffProblem } from '../../bench/differential/classify.mjs';

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
