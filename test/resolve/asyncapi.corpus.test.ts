import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prebuildSite, PREBUILD } from '../../bench/prebuild.mjs';
import { resolveFile } from '../../src/resolve.js';
import { skipWithoutPrebuild } from '../platform-packages.js';

/**
 * AsyncAPI channel pages beside the platform's own build (@mintlify/prebuild, installed on demand
 * by bench/prebuild.mjs, never a dependency): each small site below is built by the package and
 * resolved by docsnav (`--profile platform`), and the pages (URL and title, in navigation order)
 * and the verdict (the build passes; docsnav reports no error) must be the same. No site of
 * ../shared/corpus outside its fresh sets uses `asyncapi`, so the sites are made here.
 */

const json = (value: unknown) => JSON.stringify(value, null, 2);
const asyncapi = (channels: Record<string, unknown>, more: Record<string, unknown> = {}, version = '3.0.0') =>
  json({ asyncapi: version, info: { title: 'Events', version: '1' }, channels, ...more });

const EVENTS = asyncapi({
  userSignedUp: { address: 'user/signedup', description: 'A user signed up.', messages: { signedUp: { name: 'SignedUp', payload: { type: 'object' } } } },
  chat: { address: '/chat', title: 'Chat Room', summary: 'Chat summary', tags: [{ name: 'Live Events' }] },
  ticker_BTC: { address: 'ticker' },
  'my channel{id}.v2': { address: 'odd' },
});
const OTHER = asyncapi({ chat: { address: 'chat2' }, Other: { address: 'o', description: 'other' } });

const FILES: Record<string, string> = {
  'intro.mdx': '---\ntitle: Intro\n---\n',
  'events.yaml': EVENTS,
  'specs/other.json': OTHER,
  'old.yaml':
    'asyncapi: 2.6.0\ninfo:\n  title: Old\n  version: "1"\nchannels:\n  user/signedup:\n    subscribe:\n      message:\n        payload:\n          type: string\n',
  'empty.json': asyncapi({}),
  'clash.json': asyncapi({ chat: { address: 'a' }, Chat: { address: 'b' }, 'chat.': { address: 'c' } }),
  'refs.json': asyncapi(
    { orders: { $ref: '#/components/channels/orders' }, stock: { address: 's', tags: [{ $ref: '#/components/tags/shop' }] } },
    { components: { channels: { orders: { address: 'o', title: 'Order updates' } }, tags: { shop: { name: 'Shop Events' } } } },
  ),
  'external.json': asyncapi({ a: { address: 'a', messages: { m: { $ref: 'other.yaml#/m' } } } }),
  'broken.yaml': 'asyncapi: 3.0.0\nchannels: [\n',
  'v31.json': asyncapi({ ping: { address: 'ping' } }, {}, '3.1.0'),
  'noversion.json': json({ asyncapi: '3.0.0', info: { title: 'E' }, channels: { ping: { address: 'ping' } } }),
  'api.json': json({
    openapi: '3.1.0',
    info: { title: 'A', version: '1' },
    paths: { '/users': { get: { summary: 'List users', responses: { 200: { description: 'OK' } } } } },
  }),
};

const home = { group: 'Home', pages: ['intro'] };
const SITES: Array<[name: string, navigation: Record<string, unknown>]> = [
  [
    'a tab, a path from the root',
    {
      tabs: [
        { tab: 'Home', groups: [home] },
        { tab: 'WS', asyncapi: '/events.yaml' },
      ],
    },
  ],
  ['a group, {source, directory} with capitals', { groups: [{ group: 'G', pages: ['intro'], asyncapi: { source: 'events.yaml', directory: 'WS/Docs' } }] }],
  ['the root (no pages)', { asyncapi: 'events.yaml', groups: [home] }],
  [
    'a tab over a group with its own (not read)',
    { tabs: [{ tab: 'T', asyncapi: 'events.yaml', groups: [{ group: 'G', pages: ['intro'], asyncapi: 'missing.yaml' }] }] },
  ],
  ['AsyncAPI 2.6 (the build fails)', { groups: [home, { group: 'W', asyncapi: 'old.yaml' }] }],
  ['a missing file (the build fails)', { groups: [home, { group: 'W', asyncapi: 'missing.yaml' }] }],
  ['no channels (the build fails)', { groups: [home, { group: 'W', asyncapi: 'empty.json' }] }],
  ['an external $ref (the build fails)', { groups: [home, { group: 'W', asyncapi: 'external.json' }] }],
  ['not YAML (the build fails)', { groups: [home, { group: 'W', asyncapi: 'broken.yaml' }] }],
  ['two specs in an array', { groups: [home, { group: 'W', asyncapi: ['events.yaml', 'specs/other.json'] }] }],
  [
    'an anchor, {source}',
    {
      anchors: [
        { anchor: 'A', groups: [home] },
        { anchor: 'B', asyncapi: { source: '/specs/other.json' } },
      ],
    },
  ],
  ['a path with ./', { groups: [home, { group: 'W', asyncapi: './specs/other.json' }] }],
  [
    'a version with groups',
    {
      versions: [
        { version: 'v1', groups: [home] },
        { version: 'v2', asyncapi: 'specs/other.json', groups: [home] },
      ],
    },
  ],
  [
    'a language',
    {
      languages: [
        { language: 'en', groups: [home] },
        { language: 'fr', asyncapi: 'specs/other.json' },
      ],
    },
  ],
  [
    'a dropdown',
    {
      dropdowns: [
        { dropdown: 'D', groups: [home] },
        { dropdown: 'E', asyncapi: 'specs/other.json' },
      ],
    },
  ],
  [
    'a product',
    {
      products: [
        { product: 'P', groups: [home] },
        { product: 'Q', asyncapi: 'specs/other.json' },
      ],
    },
  ],
  [
    'a menu item',
    {
      tabs: [
        { tab: 'Home', groups: [home] },
        { tab: 'T', menu: [{ item: 'I', asyncapi: 'specs/other.json' }] },
      ],
    },
  ],
  ['channels at one path (suffixed)', { groups: [home, { group: 'W', asyncapi: 'clash.json' }] }],
  [
    'channels at one path under a directory with capitals (not suffixed)',
    { groups: [home, { group: 'W', asyncapi: { source: 'clash.json', directory: 'WS' } }] },
  ],
  ['$ref channels and tags', { groups: [home, { group: 'W', asyncapi: 'refs.json' }] }],
  ['AsyncAPI 3.1 (the build fails: its validator errors)', { groups: [home, { group: 'W', asyncapi: 'v31.json' }] }],
  ['no info.version (the build fails)', { groups: [home, { group: 'W', asyncapi: 'noversion.json' }] }],
  [
    'openapi and asyncapi on one tab',
    {
      tabs: [
        { tab: 'Home', groups: [home] },
        { tab: 'API', openapi: 'api.json', asyncapi: 'specs/other.json' },
      ],
    },
  ],
  // A group's `asyncapi` beside its own `openapi` is dropped by the validator (navigation/asyncapi.ts, asyncapiLostToOpenapi).
  ['beside openapi on a group (dropped)', { groups: [home, { group: 'W', openapi: 'api.json', asyncapi: { source: 'events.yaml', directory: 'ws' } }] }],
  [
    'beside openapi on a group, a missing file (dropped: the build passes)',
    { groups: [home, { group: 'W', openapi: 'api.json', asyncapi: ['missing.yaml'] }] },
  ],
  ['beside an empty openapi array on a group (dropped)', { groups: [home, { group: 'W', openapi: [], asyncapi: 'events.yaml', pages: ['intro'] }] }],
  [
    'beside an ftp openapi on a group (the openapi is dropped, the asyncapi kept)',
    { groups: [home, { group: 'W', openapi: 'ftp://x/api.json', asyncapi: 'specs/other.json' }] },
  ],
  [
    'beside openapi on a group holding a group with asyncapi (the inner one is read)',
    { groups: [home, { group: 'W', openapi: 'api.json', asyncapi: 'events.yaml', pages: [{ group: 'H', asyncapi: 'specs/other.json' }] }] },
  ],
  [
    'a group with asyncapi under a tab with openapi (kept)',
    { tabs: [{ tab: 'T', openapi: 'api.json', groups: [home, { group: 'W', pages: ['intro'], asyncapi: 'specs/other.json' }] }] },
  ],
];

const skip = skipWithoutPrebuild('asyncapi beside prebuild');

const work = mkdtempSync(path.join(tmpdir(), 'docsnav-asyncapi-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function writeSite(name: string, navigation: Record<string, unknown>): string {
  const dir = path.join(work, name.replace(/[^a-z0-9]+/gi, '-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  writeFileSync(
    path.join(dir, 'docs.json'),
    json({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation }),
  );
  return dir;
}

describe.skipIf(skip)(`asyncapi pages beside the platform's build (${PREBUILD})`, () => {
  it.each(SITES)(
    '%s',
    async (name, navigation) => {
      const dir = writeSite(name, navigation);
      const platform = await prebuildSite(dir, { reuse: true });
      const { tree, problems } = await resolveFile(path.join(dir, 'docs.json'), { profile: 'platform' });
      const errors = problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.code} ${problem.pointer}`);
      expect({ builds: errors.length === 0, errors }).toMatchObject({ builds: platform.ok });
      if (!platform.ok) return;
      const theirs = platform.pages.map((page) => [page.url, page.title]);
      expect(tree.pages.map((page) => page.path)).toEqual(theirs.map(([url]) => url));
      // A page that lost its URL to a later one (`lostTo`) keeps its own title in docsnav's tree; the
      // platform shows the served page's title at every entry (issue 56's part (d), not this one's).
      const titles = (pages: Array<Array<string | null>>) => pages.filter((_, i) => tree.pages[i].lostTo === undefined);
      expect(titles(tree.pages.map((page) => [page.path, page.title]))).toEqual(titles(theirs));
    },
    180_000,
  );
});
