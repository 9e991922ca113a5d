import { describe, expect, it } from 'vitest';
import { REQUIRED_SETTINGS } from '../required-settings.js';
import { OPENAPI_KEPT, OPENAPI_REJECTED } from '../rules/openapi-forms.js';
import { json, resolveSite } from './site.js';

/**
 * A group with both `openapi` and `asyncapi`: the platform's validator (@mintlify/validation
 * 0.1.878, `groupSchema`'s transform) drops the `asyncapi`, so the build makes no channel page from
 * it (test/resolve/asyncapi.corpus.test.ts builds such sites with @mintlify/prebuild).
 * Under the platform profile the tree leaves those pages out and nothing reads the spec; under every
 * profile `asyncapi-ignored` says so at the `asyncapi` value. Only a group does this, and only for
 * an `openapi` the validator keeps (one it rejects is dropped itself, and the `asyncapi` stays).
 */

const asyncapi = (channels: Record<string, unknown>) => json({ asyncapi: '3.0.0', info: { title: 'Events', version: '1' }, channels });
const FILES = {
  'index.mdx': '---\ntitle: Home\n---\n',
  'api.json': json({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } }),
  'ws.json': asyncapi({ chat: { address: 'chat' }, Other: { address: 'o' } }),
  'more.json': asyncapi({ ping: { address: 'ping' } }),
};
const CHANNELS = ['api-reference/websockets/chat', 'api-reference/websockets/other'];
const HOME = { group: 'Home', pages: ['index'] };

type Profile = 'platform' | 'spec';

async function resolved(navigation: Record<string, unknown>, profile: Profile, files: Record<string, string> = {}) {
  const { tree, problems } = await resolveSite({ ...REQUIRED_SETTINGS, navigation }, { ...FILES, ...files }, { profile });
  return {
    pages: tree.pages.map((page) => page.path),
    navGroups: JSON.stringify(tree.nav).match(/"label":"(Websockets|[a-z]+)"/gi) ?? [],
    problems: problems.filter((problem) => problem.severity !== 'info').map((problem) => `${problem.code} ${problem.severity} ${problem.pointer}`),
    messages: problems.map((problem) => problem.message),
  };
}

const group = (more: Record<string, unknown>) => ({ groups: [HOME, { group: 'G', ...more }] });

describe('asyncapi beside openapi on a group', () => {
  it('platform profile: no channel page, the spec is not read, and a warning at the `asyncapi` names what is lost', async () => {
    const site = await resolved(group({ openapi: 'api.json', asyncapi: 'ws.json' }), 'platform');
    expect(site.pages).toEqual(['index', 'api-reference/list-users']);
    expect(site.navGroups).not.toContain('"label":"Websockets"');
    expect(site.problems).toEqual(['asyncapi-ignored warning /navigation/groups/1/asyncapi']);
    expect(site.messages[0]).toBe(
      'The platform drops this `asyncapi`: its validator removes a group\'s `asyncapi` when the group also has an `openapi`, so none of the channel pages of "ws.json" is built (only the OpenAPI pages are). Move the `asyncapi` to a group of its own beside this one, or to the tab (or other division) above it.',
    );
  });

  it('spec profile: the channel pages stay (the written spec allows both), and the platform drop is still said', async () => {
    const site = await resolved(group({ openapi: 'api.json', asyncapi: 'ws.json' }), 'spec');
    expect(site.pages).toEqual(['index', 'api-reference/list-users', ...CHANNELS]);
    expect(site.navGroups).toContain('"label":"Websockets"');
    expect(site.problems).toEqual(['asyncapi-ignored warning /navigation/groups/1/asyncapi']);
  });

  it('every form of `asyncapi` is dropped, and the warning names each spec', async () => {
    for (const value of [{ source: 'ws.json', directory: 'ws' }, ['ws.json', 'more.json'], '/ws.json']) {
      const site = await resolved(group({ openapi: 'api.json', asyncapi: value }), 'platform');
      expect(site.pages).toEqual(['index', 'api-reference/list-users']);
      expect(site.problems).toEqual(['asyncapi-ignored warning /navigation/groups/1/asyncapi']);
    }
    const two = await resolved(group({ openapi: 'api.json', asyncapi: ['ws.json', 'more.json'] }), 'platform');
    expect(two.messages[0]).toContain('channel pages of "ws.json", "more.json" is built');
  });

  it('a missing or outside file there is never read under the platform profile (the build passes); under spec it is', async () => {
    for (const [file, code] of [
      ['gone.json', 'asyncapi-not-found'],
      ['../ws.json', 'path-outside-root'],
    ]) {
      const platform = await resolved(group({ openapi: 'api.json', asyncapi: file }), 'platform');
      expect(platform.problems).toEqual(['asyncapi-ignored warning /navigation/groups/1/asyncapi']);
      const spec = await resolved(group({ openapi: 'api.json', asyncapi: file }), 'spec');
      expect(spec.problems.sort()).toEqual(['asyncapi-ignored warning /navigation/groups/1/asyncapi', `${code} error /navigation/groups/1/asyncapi`].sort());
    }
  });

  it('a dropped `asyncapi` hides none below it: a group inside makes its channel pages (the platform reads it)', async () => {
    const navigation = group({ openapi: 'api.json', asyncapi: 'ws.json', pages: [{ group: 'H', asyncapi: 'more.json' }] });
    const platform = await resolved(navigation, 'platform');
    expect(platform.pages).toEqual(['index', 'api-reference/websockets/ping', 'api-reference/list-users']);
    expect(platform.problems).toEqual(['asyncapi-ignored warning /navigation/groups/1/asyncapi']);
    // Under spec the outer group's `asyncapi` is read, so the inner one is not.
    const spec = await resolved(navigation, 'spec');
    expect(spec.pages).toEqual(['index', 'api-reference/list-users', ...CHANNELS]);
  });

  it('a group inside `pages` is a group too', async () => {
    const site = await resolved({ groups: [{ group: 'Home', pages: ['index', { group: 'G', openapi: 'api.json', asyncapi: 'ws.json' }] }] }, 'platform');
    expect(site.pages).toEqual(['index', 'api-reference/list-users']);
    expect(site.problems).toEqual(['asyncapi-ignored warning /navigation/groups/0/pages/1/asyncapi']);
  });
});

describe('asyncapi beside openapi elsewhere: kept', () => {
  const KEPT: Array<[name: string, navigation: Record<string, unknown>, pages: string[]]> = [
    [
      'a tab',
      {
        tabs: [
          { tab: 'Home', pages: ['index'] },
          { tab: 'T', openapi: 'api.json', asyncapi: 'ws.json' },
        ],
      },
      ['api-reference/list-users', ...CHANNELS],
    ],
    [
      'an anchor',
      {
        anchors: [
          { anchor: 'Home', pages: ['index'] },
          { anchor: 'A', openapi: 'api.json', asyncapi: 'ws.json' },
        ],
      },
      ['api-reference/list-users', ...CHANNELS],
    ],
    [
      'a menu item',
      {
        tabs: [
          { tab: 'Home', pages: ['index'] },
          { tab: 'T', menu: [{ item: 'I', openapi: 'api.json', asyncapi: 'ws.json' }] },
        ],
      },
      ['api-reference/list-users', ...CHANNELS],
    ],
    // An inherited `openapi` is not the group's own: the validator looks at the group's keys only.
    [
      'a group under a tab with `openapi`',
      { tabs: [{ tab: 'T', openapi: 'api.json', groups: [HOME, { group: 'G', pages: ['index'], asyncapi: 'ws.json' }] }] },
      ['index', ...CHANNELS, 'api-reference/list-users'],
    ],
  ];
  it.each(KEPT)('%s', async (_name, navigation, pages) => {
    const site = await resolved(navigation, 'platform');
    expect(site.pages.filter((page) => page !== 'index')).toEqual(pages.filter((page) => page !== 'index'));
    expect(site.problems.filter((problem) => problem.startsWith('asyncapi-ignored'))).toEqual([]);
  });
});

describe("the group's `openapi` decides: one the validator drops leaves the `asyncapi` in place", () => {
  it.each(OPENAPI_KEPT)('%s: `asyncapi` dropped', async (_shown, openapi) => {
    const site = await resolved(group({ openapi, asyncapi: 'ws.json' }), 'platform');
    expect(site.pages.filter((page) => page.includes('websockets'))).toEqual([]);
    expect(site.problems).toContain('asyncapi-ignored warning /navigation/groups/1/asyncapi');
  });
  it.each(OPENAPI_REJECTED)('%s: `asyncapi` kept', async (_shown, openapi) => {
    const site = await resolved(group({ openapi, asyncapi: 'ws.json' }), 'platform');
    expect(site.pages.filter((page) => page.includes('websockets'))).toEqual(CHANNELS);
    expect(site.problems.filter((problem) => problem.startsWith('asyncapi-ignored'))).toEqual([]);
  });
});
