import { describe, expect, it } from 'vitest';
import { described, json, resolveSite } from './site.js';

/**
 * The title of a page whose front matter names an AsyncAPI channel (`asyncapi: chat`), as the
 * platform gives it (src/resolve/page-channels.ts). Each case here was built with
 * @mintlify/prebuild 1.0.1341 (test/resolve/page-operations.corpus.test.ts builds them again).
 */

const asyncapi = (channels: Record<string, unknown>) => json({ asyncapi: '3.0.0', info: { title: 'E', version: '1' }, channels });
const WS = asyncapi({
  userSignedUp: { address: 'u' },
  chat: { address: 'c', title: 'Chat Room', description: 'Talk.', summary: 'Short.' },
  summed: { address: 'm', summary: 'Only a summary.' },
  emptied: { address: 'e', description: '', summary: 'The summary.' },
  blank: { address: 'b', title: '' },
  same: { address: 's', title: 'same' },
});
const WS2 = asyncapi({ chat: { address: 'c2', title: 'Chat Two' } });

/** The title and description a page at `page` gets from its front matter `lines`, and what is said. */
async function pageOf(lines: string, files: Record<string, string>, page = 'page') {
  const { tree, problems } = await resolveSite({ navigation: { pages: [page] } }, { [`${page}.mdx`]: `---\n${lines}\n---\n`, ...files });
  return { title: tree.pages[0].title, description: tree.pages[0].description, problems: problems.map(described) };
}

describe('a page titled by its `asyncapi` front matter', () => {
  it.each([
    ['a channel with a title (and its description)', 'asyncapi: chat', 'Chat Room', 'Talk.'],
    ['a channel without one: its id in sentence case, and an empty description', 'asyncapi: userSignedUp', 'User signed up', ''],
    ['a summary when there is no description', 'asyncapi: summed', 'Summed', 'Only a summary.'],
    ['a summary when the description is empty', 'asyncapi: emptied', 'Emptied', 'The summary.'],
    ['an empty title: the id in sentence case', 'asyncapi: blank', 'Blank', ''],
    ['a title equal to the id is kept as written', 'asyncapi: same', 'same', ''],
    ['no such channel: the file name', 'asyncapi: nothere', 'Page', undefined],
    ['more than two words: nothing', 'asyncapi: ws chat more', 'Page', undefined],
    ['more than two words, the first a channel: nothing', 'asyncapi: chat ws more', 'Page', undefined],
    ['blanks around it do not matter', 'asyncapi: "  chat  "', 'Chat Room', 'Talk.'],
    ['the front matter title wins', 'title: Mine\nasyncapi: chat', 'Mine', 'Talk.'],
    ['the front matter description wins', 'description: Mine\nasyncapi: chat', 'Chat Room', 'Mine'],
    ['not a string: nothing', 'asyncapi: 5', 'Page', undefined],
  ])('%s', async (_name, lines, title, description) => {
    const page = await pageOf(lines, { 'ws.json': WS });
    expect([page.title, page.description]).toEqual([title, description]);
  });

  it('over an `openapi` operation', async () => {
    const api = json({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/u': { get: { summary: 'Get U', description: 'U.' } } } });
    const page = await pageOf('openapi: GET /u\nasyncapi: chat', { 'ws.json': WS, 'api.json': api });
    expect([page.title, page.description]).toEqual(['Chat Room', 'Talk.']);
    // A channel not found still replaces the operation's title and description (the platform's are undefined then).
    const alone = await pageOf('openapi: GET /u\nasyncapi: nothere', { 'ws.json': WS, 'api.json': api });
    expect([alone.title, alone.description]).toEqual(['Page', undefined]);
    const blank = await pageOf('openapi: GET /u\nasyncapi: "  "', { 'ws.json': WS, 'api.json': api });
    expect([blank.title, blank.description]).toEqual(['Page', undefined]);
    // An empty one is no value: the operation's stay.
    const empty = await pageOf('openapi: GET /u\nasyncapi: ""', { 'ws.json': WS, 'api.json': api });
    expect([empty.title, empty.description]).toEqual(['Get U', 'U.']);
  });

  it('the last AsyncAPI file in the walk order that has the channel', async () => {
    expect((await pageOf('asyncapi: chat', { 'a.json': WS, 'b.yaml': WS2 })).title).toBe('Chat Two');
    expect((await pageOf('asyncapi: chat', { 'b.json': WS2, 'b/a.json': WS })).title).toBe('Chat Two');
    expect((await pageOf('asyncapi: chat', { 'a.json': WS, 'b.json': WS2, 'c.json': asyncapi({ other: {} }) })).title).toBe('Chat Two');
  });

  it('a named spec: by its name without extension only (with one, the platform finds nothing)', async () => {
    const files = { 'specs/ws.json': WS, 'b.json': WS2 };
    expect((await pageOf('asyncapi: ws chat', files)).title).toBe('Chat Room');
    expect((await pageOf('asyncapi: b chat', files)).title).toBe('Chat Two');
    // A name that only holds `.json` before its end is a name.
    expect((await pageOf('asyncapi: v2.jsonish chat', { ...files, 'v2.jsonish.json': WS2 })).title).toBe('Chat Two');
    for (const named of ['specs/ws.json', '/specs/ws.json', 'ws.JSON', 'ws.yml', 'ws.yaml', 'specs/ws', 'nothing']) {
      expect((await pageOf(`asyncapi: ${named} chat`, files)).title).toBe('Page');
    }
  });

  it('a root that cannot be listed: no AsyncAPI file is known, so no channel (the title is the file name)', async () => {
    const { tree } = await resolveSite({ navigation: { pages: ['page'] } }, { 'page.mdx': '---\nasyncapi: chat\n---\n', 'ws.json': WS }, { list: false });
    expect(tree.pages[0].title).toBe('Page');
  });

  it('only AsyncAPI files the platform builds count; nothing is said about the others', async () => {
    const old = 'asyncapi: 2.6.0\ninfo:\n  title: Old\n  version: "1"\nchannels:\n  chat:\n    subscribe: {}\n';
    const openapi = json({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: {} });
    const page = await pageOf('asyncapi: chat', { 'a.json': WS, 'old.yaml': old, 'z.json': openapi, 'notes.txt': WS2 });
    expect(page).toEqual({ title: 'Chat Room', description: 'Talk.', problems: [] });
  });
});
