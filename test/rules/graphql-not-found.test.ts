/**
 * graphql-not-found: a tab's `graphql` schema path names a regular file under the docs root, read
 * as the platform reads it (trimmed, resolved against the root). URLs are left to the schema check;
 * a path leaving the root through a link is path-outside-root's. (The mutation sample on 6f30839
 * found no test of the rules target reaching this rule: its tests were the resolve target's.)
 */
import { graphqlNotFound } from '../../src/rules/graphql-not-found.js';
import { testRule, type RuleCase } from './harness.js';

const FILES = ['schema.graphql', 'api/schema.graphql', 'index.mdx'];
const tab = (graphql: unknown, more: Record<string, unknown> = {}) => ({ tabs: [{ tab: 'API', graphql, ...more }] });

const cases: RuleCase[] = [
  { name: 'no docs root known: nothing checked', navigation: tab('gone.graphql'), expected: [] },
  {
    name: 'a file, as a string with or without a leading / and spaces, or as an object',
    navigation: {
      tabs: [
        { tab: 'A', graphql: 'schema.graphql' },
        { tab: 'B', graphql: ' /api/schema.graphql ' },
        { tab: 'C', graphql: { source: 'schema.graphql', directory: 'api' } },
      ],
    },
    files: FILES,
    expected: [],
  },
  {
    name: 'a URL is the schema check’s (https or not)',
    navigation: {
      tabs: [
        { tab: 'A', graphql: 'https://x.example/s.graphql' },
        { tab: 'B', graphql: 'http://x.example/s.graphql' },
      ],
    },
    files: FILES,
    expected: [],
  },
  {
    name: 'missing, as a string and as an object’s source',
    navigation: {
      tabs: [
        { tab: 'A', graphql: 'gone.graphql' },
        { tab: 'B', graphql: { source: '/api/gone.graphql' } },
      ],
    },
    files: FILES,
    expected: [
      { pointer: '/navigation/tabs/0/graphql', message: /^No GraphQL schema "gone\.graphql" under the docs root \(docs\); the platform fails the build\.$/ },
      {
        pointer: '/navigation/tabs/1/graphql/source',
        message: /^No GraphQL schema "api\/gone\.graphql" under the docs root \(docs\); the platform fails the build\.$/,
      },
    ],
  },
  {
    name: '/ names the root folder; a folder',
    navigation: {
      tabs: [
        { tab: 'A', graphql: '/' },
        { tab: 'B', graphql: 'api' },
      ],
    },
    files: FILES,
    expected: [
      { pointer: '/navigation/tabs/0/graphql', message: /^"\/" is a folder, not a GraphQL schema file; the platform fails the build\.$/ },
      { pointer: '/navigation/tabs/1/graphql', message: /^"api" is a folder, not a GraphQL schema file; the platform fails the build\.$/ },
    ],
  },
  {
    name: 'a FIFO',
    navigation: tab('pipe.graphql'),
    files: FILES,
    others: { 'pipe.graphql': 'a FIFO' },
    expected: [{ pointer: '/navigation/tabs/0/graphql', message: /^"pipe\.graphql" is a FIFO, not a GraphQL schema file; the platform fails the build\.$/ }],
  },
  {
    name: 'a link out of the root is path-outside-root’s',
    navigation: tab('ext.graphql'),
    files: FILES,
    others: { 'ext.graphql': 'outside-root' },
    expected: [],
  },
];

testRule(
  graphqlNotFound,
  cases,
  /^No GraphQL schema "[^"]+" under the docs root \(docs\); the platform fails the build\.$|^"[^"]+" is (a folder|a FIFO), not a GraphQL schema file; the platform fails the build\.$/,
);
