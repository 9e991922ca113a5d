import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prebuildSite, PREBUILD } from '../../bench/prebuild.mjs';
import { resolveFile } from '../../src/resolve.js';
import { skipWithoutPrebuild } from '../platform-packages.js';

/**
 * The title of a page whose front matter names an operation (`openapi: "DELETE /items"`) that
 * several OpenAPI files of the root hold, or an AsyncAPI channel (`asyncapi: chat`), beside the
 * platform's own build (@mintlify/prebuild, installed on demand by bench/prebuild.mjs, never a
 * dependency): the platform uses the last file in its walk order whose paths have the path
 * (src/resolve/page-operations.ts), or that has the channel (src/resolve/page-channels.ts); a
 * webhook it never finds (src/resolve/page-front-matter.ts `webhookUnused`). Each
 * small site is built by the package and resolved by docsnav, and the pages' URLs and titles must
 * be the same.
 */

const json = (value: unknown) => JSON.stringify(value, null, 2);
const OK = { responses: { 200: { description: 'OK' } } };
const spec = (name: string, paths: Record<string, Record<string, string>>) =>
  json({
    openapi: '3.1.0',
    info: { title: name, version: '1' },
    paths: Object.fromEntries(
      Object.entries(paths).map(([key, methods]) => [
        key,
        Object.fromEntries(Object.entries(methods).map(([method, summary]) => [method, { summary, ...OK }])),
      ]),
    ),
  });
const page = (frontMatter: string) => `---\n${frontMatter}\n---\n\nBody\n`;
/** A spec holding GET and DELETE /items, and one holding GET /items only (summaries name the file). */
const both = (name: string) => spec(name, { '/items': { get: `List ${name}`, delete: `Delete ${name}` } });
const getOnly = (name: string) => spec(name, { '/items': { get: `List ${name}` } });
const asyncapi = (channels: Record<string, unknown>) => json({ asyncapi: '3.0.0', info: { title: 'E', version: '1' }, channels });
const WS = asyncapi({
  userSignedUp: { address: 'u' },
  chat: { address: 'c', title: 'Chat Room', description: 'Talk.' },
  blank: { address: 'b', title: '' },
  same: { address: 's', title: 'same' },
  emptied: { address: 'e', description: '', summary: 'The summary.' },
});
const WS2 = asyncapi({ chat: { address: 'c2', title: 'Chat Two' } });

const SITES: Array<[name: string, files: Record<string, string>]> = [
  [
    'two specs, the last lacks the method',
    { 'a.json': both('a'), 'b.json': getOnly('b'), 'p.mdx': page('openapi: DELETE /items'), 'q.mdx': page('openapi: GET /items') },
  ],
  [
    'folders: each folder names sorted, depth first',
    {
      'a.json': getOnly('a'),
      'a/x.json': both('ax'),
      'a-b.json': getOnly('ab'),
      'Z.json': both('Z'),
      'p.mdx': page('openapi: GET /items'),
      'q.mdx': page('openapi: delete /items'),
    },
  ],
  [
    'a page in a folder with a spec',
    { 'guides/b.json': getOnly('guides'), 'a.json': both('a'), 'z/c.json': getOnly('z'), 'guides/p.mdx': page('openapi: GET /items') },
  ],
  [
    'a named spec',
    {
      'api/a.json': both('api-a'),
      'b.json': both('b'),
      'p.mdx': page('openapi: api/a.json GET /items'),
      'q.mdx': page('openapi: /api/a.json GET /items'),
      'r.mdx': page('openapi: a DELETE /items'),
      's.mdx': page('openapi: a.json GET /items'),
    },
  ],
  [
    'trailing slashes and a front-matter title',
    {
      'a.json': both('a'),
      'c.json': spec('c', { '/items/': { get: 'List c' } }),
      'p.mdx': page('openapi: GET /items'),
      'q.mdx': page('openapi: GET /items/'),
      'r.mdx': page('title: Mine\nopenapi: DELETE /items'),
    },
  ],
  // `openapi: webhook <name>`: never found by the platform's title lookup (front-matter-webhook.test.ts).
  [
    'webhooks',
    {
      'a.json': json({
        openapi: '3.1.0',
        info: { title: 'a', version: '1' },
        paths: { '/items': { get: { summary: 'List a', ...OK } }, petDeleted: { post: { summary: 'A path named so', ...OK } } },
        webhooks: { petDeleted: { post: { summary: 'Pet deleted', description: 'Gone.', ...OK } }, petBare: { post: OK } },
      }),
      'p.mdx': page('openapi: webhook petDeleted'),
      'q.mdx': page('openapi: /a.json webhook petDeleted'),
      'r.mdx': page('openapi: a WEBHOOK petDeleted'),
      's.mdx': page('openapi: webhook petBare'),
      't.mdx': page('title: Mine\nopenapi: webhook petDeleted'),
      'u.mdx': page('openapi: webhook nothere'),
      'v.mdx': page('openapi: webhook petDeleted\nasyncapi: ""'),
    },
  ],
  // `asyncapi:` front matter (src/resolve/page-channels.ts).
  [
    'asyncapi: a channel id',
    {
      'ws.json': WS,
      'p.mdx': page('asyncapi: userSignedUp'),
      'q.mdx': page('asyncapi: chat'),
      'r.mdx': page('asyncapi: blank'),
      's.mdx': page('asyncapi: same'),
      't.mdx': page('asyncapi: nothere'),
      'u.mdx': page('asyncapi: ws chat extra'),
      'u2.mdx': page('asyncapi: chat ws extra'),
      'v.mdx': page('title: Mine\nasyncapi: chat'),
      'w.mdx': page('openapi: GET /items\nasyncapi: chat'),
      'x.mdx': page('openapi: GET /items\nasyncapi: nothere'),
      'y.mdx': page('openapi: GET /items\nasyncapi: ""'),
      'z.mdx': page('asyncapi: emptied'),
      'api.json': getOnly('api'),
    },
  ],
  [
    'asyncapi: two files, a named spec',
    {
      'specs/ws.json': WS,
      'b.json': WS2,
      'p.mdx': page('asyncapi: chat'),
      'q.mdx': page('asyncapi: ws chat'),
      'r.mdx': page('asyncapi: specs/ws.json chat'),
      's.mdx': page('asyncapi: /specs/ws.json chat'),
      'guides/t.mdx': page('asyncapi: ../specs/ws.json chat'),
      'u.mdx': page('asyncapi: b chat'),
      'v.mdx': page('asyncapi: specs/ws chat'),
    },
  ],
];

const skip = skipWithoutPrebuild('front-matter operations beside prebuild');

const work = mkdtempSync(path.join(tmpdir(), 'docsnav-page-operations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function writeSite(name: string, files: Record<string, string>): string {
  const dir = path.join(work, name.replace(/[^a-z0-9]+/gi, '-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const pages = Object.keys(files)
    .filter((file) => file.endsWith('.mdx'))
    .map((file) => file.slice(0, -'.mdx'.length));
  const navigation = { groups: [{ group: 'G', pages }] };
  writeFileSync(
    path.join(dir, 'docs.json'),
    json({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation }),
  );
  return dir;
}

describe.skipIf(skip)(`front-matter operations and channels beside the platform's build (${PREBUILD})`, () => {
  it.each(SITES)(
    '%s',
    async (name, files) => {
      const dir = writeSite(name, files);
      const platform = await prebuildSite(dir, { reuse: true });
      expect(platform.ok).toBe(true);
      const { tree, problems } = await resolveFile(path.join(dir, 'docs.json'), { profile: 'platform' });
      expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
      expect(tree.pages.map((p) => [p.path, p.title])).toEqual(platform.pages.map((p) => [p.url, p.title]));
    },
    180_000,
  );
});
