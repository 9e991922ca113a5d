/**
 * A tab's `graphql` as the platform reads it (src/navigation/graphql.ts): the source and directory
 * trimmed and normalised, a blank one refused, a URL that is not https refused, and pages generated
 * only from a tab's. (The mutation sample on 6f30839 found these lines untested in the navigation
 * target.)
 */
import { describe, expect, it } from 'vitest';
import { generatesGraphql, graphqlSource, refusedGraphqlUrl } from '../../src/navigation/graphql.js';
import type { ElementNode } from '../../src/navigation/walk.js';

const node = (kind: string, value: Record<string, unknown>) => ({ kind, value, path: [] }) as unknown as ElementNode;

describe('refusedGraphqlUrl', () => {
  it.each([
    ['https://x.example/s.graphql', false],
    ['  https://x.example/s.graphql ', false],
    ['http://x.example/s.graphql', true],
    [' http://x.example/s.graphql ', true],
    ['ftp://x.example/s.graphql', true],
    ['s.graphql', false],
    ['/api/s.graphql', false],
  ] as const)('%j: %s', (source, refused) => {
    expect(refusedGraphqlUrl(source)).toBe(refused);
  });
});

describe('graphqlSource', () => {
  it('a string, trimmed and resolved against the root; a URL kept as written (trimmed)', () => {
    expect(graphqlSource(' /api/../schema.graphql ')).toEqual({ source: 'schema.graphql', directory: expect.any(String), at: [] });
    expect(graphqlSource(' https://x.example/s.graphql ')?.source).toBe('https://x.example/s.graphql');
  });

  it('an object: its source (pointed at), its directory trimmed and normalised', () => {
    expect(graphqlSource({ source: 'schema.graphql', directory: ' /api/ref/ ' })).toEqual({ source: 'schema.graphql', directory: 'api/ref', at: ['source'] });
  });

  it('refused: a blank source, a blank directory, a source that is no string', () => {
    for (const value of [
      '',
      '  ',
      { source: ' ' },
      { source: 'schema.graphql', directory: '' },
      { source: 'schema.graphql', directory: '  ' },
      5,
      { source: 5 },
      null,
    ]) {
      expect(graphqlSource(value), JSON.stringify(value)).toBeUndefined();
    }
  });

  it('a directory that is no string is the default', () => {
    expect(graphqlSource({ source: 'schema.graphql', directory: 5 })?.directory).toBe('graphql-reference');
  });
});

describe('generatesGraphql', () => {
  it("a tab's accepted value only", () => {
    expect(generatesGraphql(node('tab', { tab: 'API', graphql: 'schema.graphql' }))).toBe(true);
    expect(generatesGraphql(node('tab', { tab: 'API', graphql: 'https://x.example/s.graphql' }))).toBe(true);
    expect(generatesGraphql(node('tab', { tab: 'API', graphql: 'http://x.example/s.graphql' }))).toBe(false);
    expect(generatesGraphql(node('tab', { tab: 'API', graphql: ' ' }))).toBe(false);
    expect(generatesGraphql(node('tab', { tab: 'API', pages: ['a'] }))).toBe(false);
    expect(generatesGraphql(node('anchor', { anchor: 'API', graphql: 'schema.graphql' }))).toBe(false);
  });
});
