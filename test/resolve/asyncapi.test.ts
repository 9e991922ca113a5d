import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { channelGroups, channelTitle, followLocalRef, listChannels, type AsyncapiDocument } from '../../src/resolve/asyncapi.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';
import { described, json, resolveSite, siteOptions } from './site.js';

/**
 * AsyncAPI channel pages, as @mintlify/prebuild 1.0.1341 makes them (generateAsyncApiFromDocsConfig,
 * processAsyncApiChannel). Every path and title below is what that build gave for the same site
 * (bench/prebuild.mjs; test/resolve/asyncapi.corpus.test.ts builds them again beside docsnav).
 */

/** An AsyncAPI 3.0 spec with these channels. */
function asyncapi(channels: Record<string, unknown>, version = '3.0.0'): string {
  return json({ asyncapi: version, info: { title: 'Events', version: '1' }, channels });
}

const EVENTS = asyncapi({
  userSignedUp: {
    address: 'user/signedup',
    description: 'A user signed up.',
    messages: { signedUp: { name: 'SignedUp', summary: 'Sent when a user signs up' } },
  },
  chat: { address: '/chat', title: 'Chat Room', summary: 'Chat summary', tags: [{ name: 'Live Events' }] },
  ticker_BTC: { address: 'ticker' },
  'my channel{id}.v2': { address: 'odd' },
});

const FILES = { 'index.mdx': '---\ntitle: Home\n---\n', 'ws.yaml': EVENTS, 'events/ws.json': EVENTS };

/** The pages of EVENTS under a folder, in the platform's order: untagged channels' group first (met first), then "Live Events". */
const eventPages = (folder: string) => [
  [`${folder}/websockets/usersignedup`, 'User signed up'],
  [`${folder}/websockets/ticker_btc`, 'Ticker_ b t c'],
  [`${folder}/websockets/my-channel-v2`, 'My channel{id}.v2'],
  [`${folder}/live-events/chat-room`, 'Chat Room'],
];

/** Each element kind the platform reads `asyncapi` on, holding the value; `label` is its trail label. */
const HOLDERS: Array<[kind: string, wrap: (asyncapi: unknown) => unknown, trail: string[]]> = [
  [
    'tab',
    (a) => ({
      tabs: [
        { tab: 'Home', pages: ['index'] },
        { tab: 'T', asyncapi: a },
      ],
    }),
    ['T'],
  ],
  [
    'anchor',
    (a) => ({
      anchors: [
        { anchor: 'Home', pages: ['index'] },
        { anchor: 'A', asyncapi: a },
      ],
    }),
    ['A'],
  ],
  [
    'dropdown',
    (a) => ({
      dropdowns: [
        { dropdown: 'Home', pages: ['index'] },
        { dropdown: 'D', asyncapi: a },
      ],
    }),
    ['D'],
  ],
  [
    'product',
    (a) => ({
      products: [
        { product: 'Home', pages: ['index'] },
        { product: 'P', asyncapi: a },
      ],
    }),
    ['P'],
  ],
  [
    'version',
    (a) => ({
      versions: [
        { version: 'v1', pages: ['index'] },
        { version: 'v2', asyncapi: a },
      ],
    }),
    ['v2'],
  ],
  [
    'language',
    (a) => ({
      languages: [
        { language: 'en', pages: ['index'] },
        { language: 'fr', asyncapi: a },
      ],
    }),
    ['fr'],
  ],
  [
    'group',
    (a) => ({
      groups: [
        { group: 'Home', pages: ['index'] },
        { group: 'G', asyncapi: a },
      ],
    }),
    ['G'],
  ],
  [
    'menu item',
    (a) => ({
      tabs: [
        { tab: 'Home', pages: ['index'] },
        { tab: 'T', menu: [{ item: 'I', asyncapi: a }] },
      ],
    }),
    ['T', 'I'],
  ],
];

const FORMS: Array<[form: string, value: unknown, folder: string]> = [
  ['a path', 'ws.yaml', 'api-reference'],
  ['a path from the root', '/events/ws.json', 'api-reference'],
  ['{source}', { source: 'ws.yaml' }, 'api-reference'],
  ['{source, directory} (lower-cased)', { source: '/events/ws.json', directory: 'Live/WS' }, 'live/ws'],
  ['an array', ['ws.yaml'], 'api-reference'],
];

describe('asyncapi: one page per channel, on every element kind the platform reads it on', () => {
  for (const [kind, wrap, trail] of HOLDERS) {
    it.each(FORMS)(`on a ${kind}, as %s`, async (_form, value, folder) => {
      const { tree, problems } = await resolveSite({ navigation: wrap(value) }, FILES);
      expect(problems.map(described)).toEqual([]);
      const generated = tree.pages.filter((page) => page.asyncapi);
      expect(generated.map((page) => [page.path, page.title])).toEqual(eventPages(folder));
      expect(generated.every((page) => page.kind === 'endpoint')).toBe(true);
      expect(generated[0].trail.map((item) => item.label)).toEqual([...trail, 'Websockets']);
      expect(generated[3].trail.map((item) => item.label)).toEqual([...trail, 'Live Events']);
      expect(generated[0].asyncapi).toEqual({
        file: typeof value === 'string' ? value.replace(/^\//, '') : folder === 'live/ws' ? 'events/ws.json' : 'ws.yaml',
        channel: 'userSignedUp',
      });
      // The generated groups hang in `nav` under the element that names the spec.
      const groups = tree.groups.filter((group) => group.generated).map((group) => [group.label, group.trail.map((item) => item.label)]);
      expect(groups).toEqual([
        ['Websockets', trail],
        ['Live Events', trail],
      ]);
    });
  }

  it('a page carries the description (else the summary) and its id names the channel', async () => {
    const { tree } = await resolveSite({ navigation: { groups: [{ group: 'G', asyncapi: 'ws.yaml' }] } }, FILES);
    const byChannel = new Map(tree.pages.map((page) => [page.asyncapi?.channel, page]));
    expect(byChannel.get('userSignedUp')?.description).toBe('A user signed up.');
    expect(byChannel.get('chat')?.description).toBe('Chat summary');
    expect(byChannel.get('ticker_BTC')?.description).toBeUndefined();
    expect(byChannel.get('userSignedUp')?.id).toBe('/navigation/groups/0/asyncapi#channel userSignedUp');
  });

  it('two specs each make their own pages, in order; a group keeps its own pages first', async () => {
    const other = asyncapi({ chat: { address: 'c' }, Other: { address: 'o' } });
    const { tree } = await resolveSite(
      { navigation: { groups: [{ group: 'G', pages: ['index'], asyncapi: ['ws.yaml', 'other.json'] }] } },
      { ...FILES, 'other.json': other },
    );
    expect(tree.pages.map((page) => page.path)).toEqual([
      'index',
      ...eventPages('api-reference').map(([p]) => p),
      'api-reference/websockets/chat',
      'api-reference/websockets/other',
    ]);
  });

  it('is not inherited: an `asyncapi` inside an element that has one, and one on the root, make no pages and are not read', async () => {
    const docs = {
      navigation: {
        asyncapi: 'root-missing.yaml',
        tabs: [{ tab: 'T', asyncapi: 'ws.yaml', groups: [{ group: 'G', pages: ['index'], asyncapi: 'inner-missing.yaml' }] }],
      },
    };
    const { tree, problems } = await resolveSite(docs, FILES);
    // Not read: no asyncapi-not-found for either missing file; each is said to make no pages.
    expect(problems.map((problem) => `${problem.code} ${problem.severity} ${problem.pointer}`)).toEqual([
      'asyncapi-ignored warning /navigation/asyncapi',
      'asyncapi-ignored warning /navigation/tabs/0/groups/0/asyncapi',
    ]);
    expect(problems[1].message).toContain("the tab's at /navigation/tabs/0/asyncapi");
    expect(tree.pages.map((page) => page.path)).toEqual(['index', ...eventPages('api-reference').map(([p]) => p)]);
    const { tree: rootOnly } = await resolveSite({ navigation: { asyncapi: 'ws.yaml', pages: ['index'] } }, FILES);
    expect(rootOnly.pages.map((page) => page.path)).toEqual(['index']);
  });

  it('an element with `openapi` and `asyncapi` gets the channel pages after the operation pages', async () => {
    const openapi = json({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
    const { tree } = await resolveSite({ navigation: { tabs: [{ tab: 'T', openapi: 'api.json', asyncapi: 'ws.yaml' }] } }, { ...FILES, 'api.json': openapi });
    expect(tree.pages.map((page) => page.path)).toEqual(['api-reference/list-users', ...eventPages('api-reference').map(([p]) => p)]);
  });
});

describe('asyncapi: channel titles and page names', () => {
  const ROWS: Array<[id: string, channel: Record<string, unknown>, path: string, title: string]> = [
    ['userSignedUp', {}, 'api-reference/websockets/usersignedup', 'User signed up'],
    ['ticker_BTC', {}, 'api-reference/websockets/ticker_btc', 'Ticker_ b t c'],
    ['my channel{id}.v2', {}, 'api-reference/websockets/my-channel-v2', 'My channel{id}.v2'],
    ['chat', { title: 'Chat Room', tags: [{ name: 'Live Events' }] }, 'api-reference/live-events/chat-room', 'Chat Room'],
    ['chat', { title: 'chat' }, 'api-reference/websockets/chat', 'Chat'],
    ['orders', { tags: [{ $ref: '#/components/tags/shop' }] }, 'api-reference/shop-events/orders', 'Orders'],
    ['refd', { $ref: '#/components/channels/stored' }, 'api-reference/websockets/the-stored-one', 'The stored one'],
  ];
  it.each(ROWS)('%j %j -> %j, %j', (id, channel, path, title) => {
    const doc = {
      asyncapi: '3.0.0',
      channels: { [id]: channel },
      components: { tags: { shop: { name: 'Shop Events' } }, channels: { stored: { title: 'The stored one' } } },
    } as AsyncapiDocument;
    const [group] = channelGroups(doc, undefined);
    expect(group.pages.map((page) => [page.page, page.title])).toEqual([[path, title]]);
    expect(channelTitle(listChannels(doc)[0])).toBe(title);
  });

  it('a second channel of one group at one path is suffixed, as the platform does; a directory with capitals never is (the platform compares before lower-casing)', () => {
    const doc = { asyncapi: '3.0.0', channels: { chat: {}, Chat: {}, 'chat.': {} } } as AsyncapiDocument;
    expect(channelGroups(doc, undefined)[0].pages.map((page) => page.page)).toEqual([
      'api-reference/websockets/chat',
      'api-reference/websockets/chat-1',
      'api-reference/websockets/chat-2',
    ]);
    expect(channelGroups(doc, 'WS')[0].pages.map((page) => page.page)).toEqual(['ws/websockets/chat', 'ws/websockets/chat', 'ws/websockets/chat']);
    expect(channelGroups(doc, '/ws/')[0].pages.map((page) => page.page)).toEqual(['ws/websockets/chat', 'ws/websockets/chat-1', 'ws/websockets/chat-2']);
  });
});

/**
 * validate over an in-memory site, under the default (platform) profile: the problems as
 * `code severity pointer`. `docs` is navigation only; the root settings the platform requires are
 * added, so that only what the navigation does is said.
 */
function problemsOf(docs: Record<string, unknown>, files: Record<string, string>): string[] {
  const options = siteOptions(files);
  return validateText(json({ ...REQUIRED_SETTINGS, ...docs }), options).problems.map((problem) => `${problem.code} ${problem.severity} ${problem.pointer}`);
}

describe('asyncapi: validate says what the platform fails on, at the `asyncapi` value', () => {
  const ROWS: Array<[name: string, value: unknown, files: Record<string, string>, expected: string[]]> = [
    ['a missing file', 'gone.yaml', {}, ['asyncapi-not-found error /navigation/groups/1/asyncapi']],
    ['a missing file in an array', ['ws.yaml', 'gone.yaml'], {}, ['asyncapi-not-found error /navigation/groups/1/asyncapi/1']],
    ['a missing file in an object', { source: 'gone.yaml', directory: 'x' }, {}, ['asyncapi-not-found error /navigation/groups/1/asyncapi/source']],
    ['a folder', 'events', {}, ['asyncapi-not-found error /navigation/groups/1/asyncapi']],
    ['a path out of the root', '../ws.yaml', {}, ['path-outside-root error /navigation/groups/1/asyncapi']],
    [
      'AsyncAPI 2.6',
      'old.yaml',
      { 'old.yaml': 'asyncapi: 2.6.0\nchannels:\n  a/b:\n    subscribe: {}\n' },
      ['asyncapi-invalid error /navigation/groups/1/asyncapi'],
    ],
    ['no channels', 'empty.json', { 'empty.json': asyncapi({}) }, ['asyncapi-invalid error /navigation/groups/1/asyncapi']],
    ['not YAML', 'bad.yaml', { 'bad.yaml': 'asyncapi: 3.0.0\nchannels: [\n' }, ['asyncapi-invalid error /navigation/groups/1/asyncapi']],
    ['an OpenAPI document', 'api.json', { 'api.json': json({ openapi: '3.1.0', paths: {} }) }, ['asyncapi-invalid error /navigation/groups/1/asyncapi']],
    [
      'an external $ref',
      'ext.json',
      { 'ext.json': asyncapi({ a: { messages: { m: { $ref: 'other.yaml#/m' } } } }) },
      ['asyncapi-invalid error /navigation/groups/1/asyncapi'],
    ],
    ['a URL, not fetched', 'https://example.com/ws.yaml', {}, ['openapi-remote info /navigation/groups/1/asyncapi']],
    ['a valid 3.0 spec', 'ws.yaml', {}, []],
    [
      "AsyncAPI 3.1.0 (the platform's validator fails on it)",
      'new.json',
      { 'new.json': asyncapi({ a: {} }, '3.1.0') },
      ['asyncapi-invalid error /navigation/groups/1/asyncapi'],
    ],
    [
      'no info.version',
      'nv.json',
      { 'nv.json': json({ asyncapi: '3.0.0', info: { title: 'E' }, channels: { a: {} } }) },
      ['asyncapi-invalid error /navigation/groups/1/asyncapi'],
    ],
  ];
  it.each(ROWS)('%s', (_name, value, files, expected) => {
    const docs = {
      navigation: {
        groups: [
          { group: 'Home', pages: ['index'] },
          { group: 'W', asyncapi: value },
        ],
      },
    };
    expect(problemsOf(docs, { ...FILES, 'events/x.mdx': '', ...files })).toEqual(expected);
  });

  it('a link into a channel page resolves; one beside it does not', () => {
    const page =
      '---\ntitle: Home\n---\n\n[sign up](/api-reference/websockets/usersignedup) [chat](/live/ws/live-events/chat-room) [nothing](/api-reference/websockets/nothing)\n';
    const docs = {
      ...REQUIRED_SETTINGS,
      navigation: {
        groups: [
          { group: 'Home', pages: ['index'] },
          { group: 'W', asyncapi: 'ws.yaml' },
          { group: 'L', asyncapi: { source: 'ws.yaml', directory: 'Live/WS' } },
        ],
      },
    };
    const { problems } = validateText(json(docs), siteOptions({ ...FILES, 'index.mdx': page }));
    expect(problems.map((problem) => `${problem.code} ${problem.message.split(':')[0]}`)).toEqual([
      'link-not-found Link "/api-reference/websockets/nothing" leads nowhere',
    ]);
    // A folder of channel pages only is served nowhere, as a folder of operation pages.
    const folder = validateText(json(docs), siteOptions({ ...FILES, 'index.mdx': '[all](/api-reference/websockets)\n' })).problems;
    expect(folder.map((problem) => problem.message)).toEqual([
      'Link "/api-reference/websockets" leads nowhere: no page, file or redirect of the site is at /api-reference/websockets. Only pages generated from a spec (OpenAPI or AsyncAPI) are under it (the first: /api-reference/websockets/usersignedup), and the platform serves nothing at the folder\'s own path.',
    ]);
  });
});

describe('asyncapi: followLocalRef follows a chain of local references, 16 steps at most', () => {
  /** A document whose `components.messages` are a chain of `length` references ending at an object. */
  const chain = (length: number): Record<string, unknown> => {
    const messages: Record<string, unknown> = { end: { name: 'End' } };
    for (let i = 0; i < length; i++) messages[`m${i}`] = { $ref: i === length - 1 ? '#/components/messages/end' : `#/components/messages/m${i + 1}` };
    return { components: { messages } };
  };
  const start = { $ref: '#/components/messages/m0' };

  it('follows 16 steps (the start and 15 links) to the object; one more is too many', () => {
    expect(followLocalRef(chain(15), start)).toEqual({ name: 'End' });
    expect(followLocalRef(chain(16), start)).toBeUndefined();
  });

  it('ends a cycle as too many steps, and gives back a value with no reference as it is', () => {
    const cycle = { components: { messages: { a: { $ref: '#/components/messages/b' }, b: { $ref: '#/components/messages/a' } } } };
    expect(followLocalRef(cycle, { $ref: '#/components/messages/a' })).toBeUndefined();
    expect(followLocalRef(cycle, { name: 'Plain' })).toEqual({ name: 'Plain' });
  });
});

describe('an AsyncAPI channel page and an OpenAPI page at one path', () => {
  // Both generated under one directory: the channel's tag and title, the operation's tag and summary.
  const files = {
    'index.mdx': '---\ntitle: Home\n---\n',
    'ws.json': asyncapi({ user: { address: 'user', title: 'User', tags: [{ name: 'Queries' }] } }),
    'api.json': json({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/u': { get: { tags: ['Queries'], summary: 'User', responses: { 200: { description: 'OK' } } } } },
    }),
  };

  it('under the spec profile, in one section: the channel page keeps the path, the operation is suffixed, and the reason is said', async () => {
    const { tree, problems } = await resolveSite(
      {
        navigation: {
          tabs: [
            { tab: 'API', asyncapi: { source: 'ws.json', directory: 'ref' }, groups: [{ group: 'REST', openapi: { source: 'api.json', directory: 'ref' } }] },
          ],
        },
      },
      files,
      { profile: 'spec' },
    );
    expect(
      tree.pages.filter((page) => page.path.startsWith('ref/queries/user')).map((page) => `${page.path} ${page.asyncapi ? 'asyncapi' : 'openapi'}`),
    ).toEqual(['ref/queries/user-1 openapi', 'ref/queries/user asyncapi']);
    expect(problems.filter((problem) => problem.code === 'slug-collision').map((problem) => problem.message)).toEqual([
      expect.stringContaining('a channel page of an AsyncAPI spec, which the platform writes after every OpenAPI page'),
    ]);
  });
});
