/**
 * asyncapi-not-found: each file path of the `asyncapi` the platform reads (the outermost on a path
 * from the root) names a regular file under the docs root. URLs, paths that climb out and links out
 * are other rules'; a blank value is the schema's. (The rules target's whole run on a0bbeba found no
 * test of its own reaching this rule: its tests were the resolver's.)
 */
import { asyncapiNotFound } from '../../src/rules/asyncapi-not-found.js';
import { testRule, type RuleCase } from './harness.js';

const FILES = ['events.yaml', 'api/events.json', 'index.mdx'];

const cases: RuleCase[] = [
  { name: 'no docs root known: nothing checked', navigation: { tabs: [{ tab: 'E', asyncapi: 'gone.yaml' }] }, expected: [] },
  {
    name: 'files, as a string with or without a leading / and spaces, in an array, as an object’s source',
    navigation: {
      tabs: [
        { tab: 'A', asyncapi: 'events.yaml' },
        { tab: 'B', asyncapi: ' /api/events.json ' },
        { tab: 'C', asyncapi: ['events.yaml', './api/events.json'] },
        { tab: 'D', asyncapi: { source: 'api/events.json', directory: 'events' } },
      ],
    },
    files: FILES,
    expected: [],
  },
  {
    name: 'URLs, paths that climb out, blank values and links out are not this rule’s',
    navigation: {
      tabs: [
        { tab: 'A', asyncapi: 'https://x.example/events.yaml' },
        { tab: 'B', asyncapi: '../events.yaml' },
        { tab: 'C', asyncapi: '  ' },
        { tab: 'D', asyncapi: ['', 'ext/events.yaml'] },
      ],
    },
    files: FILES,
    others: { ext: 'outside-root' },
    expected: [],
  },
  {
    name: 'missing, as a string, an array item and an object’s source',
    navigation: {
      tabs: [
        { tab: 'A', asyncapi: 'gone.yaml' },
        { tab: 'B', asyncapi: ['events.yaml', '/api/gone.json'] },
        { tab: 'C', asyncapi: { source: 'gone/x.yaml' } },
      ],
    },
    files: FILES,
    expected: [
      { pointer: '/navigation/tabs/0/asyncapi', message: /^No AsyncAPI file "gone\.yaml" under the docs root \(docs\); the platform fails the build\.$/ },
      {
        pointer: '/navigation/tabs/1/asyncapi/1',
        message: /^No AsyncAPI file "api\/gone\.json" under the docs root \(docs\); the platform fails the build\.$/,
      },
      { pointer: '/navigation/tabs/2/asyncapi/source', message: /^No AsyncAPI file "gone\/x\.yaml" under/ },
    ],
  },
  {
    name: '/ names the root folder; a folder; a FIFO',
    navigation: {
      tabs: [
        { tab: 'A', asyncapi: '/' },
        { tab: 'B', asyncapi: 'api' },
        { tab: 'C', asyncapi: 'pipe.yaml' },
      ],
    },
    files: FILES,
    others: { 'pipe.yaml': 'a FIFO' },
    expected: [
      { pointer: '/navigation/tabs/0/asyncapi', message: /^"\/" is a folder, not an AsyncAPI file; the platform fails the build\.$/ },
      { pointer: '/navigation/tabs/1/asyncapi', message: /^"api" is a folder, not an AsyncAPI file; the platform fails the build\.$/ },
      { pointer: '/navigation/tabs/2/asyncapi', message: /^"pipe\.yaml" is a FIFO, not an AsyncAPI file; the platform fails the build\.$/ },
    ],
  },
  {
    name: 'only the outermost `asyncapi` is read: an inner one’s file is never looked for',
    navigation: { anchors: [{ anchor: 'A', asyncapi: 'gone.yaml', tabs: [{ tab: 'T', asyncapi: 'also-gone.yaml', pages: [] }] }] },
    files: FILES,
    expected: [{ pointer: '/navigation/anchors/0/asyncapi' }],
  },
];

testRule(
  asyncapiNotFound,
  cases,
  /^(No AsyncAPI file "[^"]+" under the docs root \([^)]*\)|"[^"]+" is [^,]+, not an AsyncAPI file); the platform fails the build\.$/,
);
