/**
 * What `analyzeCheckout` stores for each kind of page: the trail with the default version and
 * language marked, the title and description each page is found by (front matter, the operation
 * it names, the resolver's title, its path), one empty section for a page with no text, the
 * links of each section as page paths, and which hidden pages stay searchable.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCheckout } from '../src/analysis/analyze.js';
import type { SectionsBatch, StoredSection } from '../src/store/deployments.js';
import { docsJson, tempDir } from './helpers.js';

/** Writes `files` under a new docs root (folders made as needed); its path. */
function site(prefix: string, files: Record<string, string>): string {
  const root = tempDir(prefix);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

async function analyze(root: string, docs = 'docs.json') {
  const batches: SectionsBatch[] = [];
  const output = await analyzeCheckout({ docsRoot: root, docsFile: path.join(root, docs), checkoutRoot: root, maxPages: 1000 }, (batch) => {
    batches.push(batch);
    return Promise.resolve();
  });
  const sections: StoredSection[] = batches.flatMap((batch) => batch.sections);
  return { output, batches, sections };
}

const version = (label: string, isDefault: boolean) => ({ kind: 'version', label, default: isDefault });
const language = (label: string, isDefault: boolean) => ({ kind: 'language', label, default: isDefault });
const group = (label: string) => ({ kind: 'group', label });

describe('the trail of each page', () => {
  it('marks each version and language above a page default or not, as the navigation says (else the first), at every depth', async () => {
    const root = site('checkout-versions', {
      'docs.json': docsJson({
        versions: [
          {
            version: 'v2',
            languages: [
              { language: 'en', groups: [{ group: 'Guides', root: 'a', pages: ['b', { group: 'Nested', pages: ['c'] }] }] },
              { language: 'fr', default: true, pages: ['d'] },
            ],
          },
          { version: 'v1', default: true, pages: ['e'] },
        ],
      }),
      'a.mdx': '# a\n',
      'b.mdx': '# b\n',
      'c.mdx': '# c\n',
      'd.mdx': '# d\n',
      'e.mdx': '# e\n',
    });
    const { output, sections } = await analyze(root);
    expect(output.problems).toEqual([]);
    expect(sections.map((section) => [section.pagePath, section.trail])).toEqual([
      ['a', [version('v2', false), language('en', false), group('Guides')]],
      ['b', [version('v2', false), language('en', false), group('Guides')]],
      ['c', [version('v2', false), language('en', false), group('Guides'), group('Nested')]],
      ['d', [version('v2', false), language('fr', true)]],
      ['e', [version('v1', true)]],
    ]);
  });

  it('a language with no version above it, the first one the default when none says so', async () => {
    const root = site('checkout-languages', {
      'docs.json': docsJson({
        languages: [
          { language: 'en', groups: [{ group: 'Start', pages: ['en/index'] }] },
          { language: 'es', pages: ['es/index'] },
        ],
      }),
      'en/index.mdx': '# Hello\n',
      'es/index.mdx': '# Hola\n',
    });
    const { sections } = await analyze(root);
    expect(sections.map((section) => [section.pagePath, section.trail])).toEqual([
      ['en/index', [language('en', true), group('Start')]],
      ['es/index', [language('es', false)]],
    ]);
  });
});

const OPENAPI = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Users API', version: '1' },
  paths: {
    '/users': { get: { summary: 'List users', description: 'Every user of the account.', responses: { 200: { description: 'The users' } } } },
    '/export': { post: { responses: {} } },
  },
});

describe('titles and descriptions', () => {
  it('from the front matter, else the operation the page names, else the title the resolver gives, else the path', async () => {
    const root = site('checkout-titles', {
      'docs.json': docsJson({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['custom', 'users', 'export', 'spaced', 'untitled'] }] }),
      'openapi.json': OPENAPI,
      // Its own title and description over the operation's.
      'custom.mdx': '---\ntitle: Custom title\ndescription: Custom description.\nopenapi: GET /users\n---\n\nExtra words.\n',
      // An empty title: the operation's summary; the operation's description.
      'users.mdx': '---\ntitle: ""\nopenapi: GET /users\n---\n',
      // No title and an operation with no summary: the resolver's title (from the file name).
      'export.mdx': '---\nopenapi: POST /export\n---\n',
      'spaced.mdx': '---\ntitle: "  Spaced out  "\ndescription: "  Padded.  "\n---\n',
      'untitled.mdx': '---\ntitle: ""\n---\n',
    });
    const { sections } = await analyze(root);
    expect(sections.map((section) => [section.pagePath, section.pageKind, section.pageTitle, section.pageDescription, section.heading, section.body])).toEqual([
      ['custom', 'endpoint', 'Custom title', 'Custom description.', null, 'GET /users\n\nList users\n\nEvery user of the account.'],
      ['custom', 'endpoint', 'Custom title', 'Custom description.', 'Responses', '200 The users'],
      ['custom', 'endpoint', 'Custom title', 'Custom description.', null, 'Extra words.'],
      ['users', 'endpoint', 'List users', 'Every user of the account.', null, 'GET /users\n\nList users\n\nEvery user of the account.'],
      ['users', 'endpoint', 'List users', 'Every user of the account.', 'Responses', '200 The users'],
      ['export', 'endpoint', 'Export', '', null, 'POST /export'],
      ['spaced', 'page', 'Spaced out', 'Padded.', null, ''],
      ['untitled', 'page', 'untitled', '', null, ''],
      ['api-reference/list-users', 'endpoint', 'List users', 'Every user of the account.', null, 'GET /users\n\nList users\n\nEvery user of the account.'],
      ['api-reference/list-users', 'endpoint', 'List users', 'Every user of the account.', 'Responses', '200 The users'],
      ['api-reference/post-export', 'endpoint', 'Post export', '', null, 'POST /export'],
    ]);
    // One empty section for a page with no text: its fields exactly, no links.
    expect(sections.find((section) => section.pagePath === 'untitled')).toStrictEqual({
      pagePath: 'untitled',
      pageKind: 'page',
      pageTitle: 'untitled',
      pageDescription: '',
      hidden: false,
      trail: [group('API')],
      heading: null,
      anchor: null,
      depth: 0,
      body: '',
      position: 7,
      pageKey: null,
    });
  });

  it('a page file too big to read for its text (over 5 MB) is still found by its title', async () => {
    const root = site('checkout-big', {
      'docs.json': docsJson({ pages: ['big', 'small'] }),
      'big.mdx': `---\ntitle: "Big\\0 page"\n---\n\n${'word '.repeat(1_100_000)}\n`,
      'small.mdx': '# Small\n',
    });
    const { output, sections } = await analyze(root);
    expect(output.problems).toEqual([]);
    // The resolver's title (it reads files up to 256 MB), stored without the NUL no database stores.
    expect(sections.map((section) => [section.pagePath, section.pageTitle, section.heading, section.body])).toEqual([
      ['big', 'Big page', null, ''],
      ['small', 'Small', 'Small', ''],
    ]);
  });
});

describe('AsyncAPI channel pages', () => {
  it('ids with `/`, `~`, spaces and non-ASCII letters keep their operations; a channel with no description has an empty one', async () => {
    const spec = {
      asyncapi: '3.0.0',
      info: { title: 'Shop events', version: '1' },
      channels: {
        'orders/{orderId}': { address: 'orders/{orderId}' },
        'a~b': { address: 'a.b', description: 'Tilde channel.' },
        'chat room': { title: 'Chat room', summary: 'Talk.' },
        café: { address: 'café', description: 'Un café.' },
      },
      operations: {
        watchOrder: { action: 'receive', summary: 'Follow an order.', channel: { $ref: '#/channels/orders~1{orderId}' } },
        'send/tilde': { action: 'send', channel: { $ref: '#/channels/a~0b' } },
        'join room': { action: 'send', summary: 'Join.', channel: { $ref: '#/channels/chat room' } },
        commander: { action: 'receive', summary: 'Un café, vite.', channel: { $ref: '#/channels/café' } },
      },
    };
    const root = site('checkout-asyncapi', {
      'docs.json': docsJson({ groups: [{ group: 'Events', asyncapi: 'events.json' }] }),
      'events.json': JSON.stringify(spec, null, 2).replace(/\n/g, '\r\n'),
    });
    const { output, sections } = await analyze(root);
    expect(output.problems).toEqual([]);
    expect(sections.map((section) => [section.pagePath, section.pageKind, section.pageTitle, section.pageDescription, section.heading, section.body])).toEqual([
      ['api-reference/websockets/orders', 'endpoint', 'Orders/{order id}', '', null, 'channel orders/{orderId} orders/{orderId}'],
      ['api-reference/websockets/orders', 'endpoint', 'Orders/{order id}', '', 'Operations', 'receive watchOrder Follow an order.'],
      ['api-reference/websockets/a~b', 'endpoint', 'A~b', 'Tilde channel.', null, 'channel a~b a.b\n\nTilde channel.'],
      ['api-reference/websockets/a~b', 'endpoint', 'A~b', 'Tilde channel.', 'Operations', 'send send/tilde'],
      ['api-reference/websockets/chat-room', 'endpoint', 'Chat room', 'Talk.', null, 'channel chat room\n\nChat room\n\nTalk.'],
      ['api-reference/websockets/chat-room', 'endpoint', 'Chat room', 'Talk.', 'Operations', 'send join room Join.'],
      ['api-reference/websockets/café', 'endpoint', 'Café', 'Un café.', null, 'channel café café\n\nUn café.'],
      ['api-reference/websockets/café', 'endpoint', 'Café', 'Un café.', 'Operations', 'receive commander Un café, vite.'],
    ]);
  });
});

describe('the links of a section, as page paths', () => {
  it('absolute, relative, with an extension or a fragment, to the home page; links to the page itself left out', async () => {
    const root = site('checkout-links', {
      'docs.json': docsJson({ pages: ['guides/intro', 'guides/self'] }),
      'guides/intro.mdx':
        '---\ntitle: Intro\n---\n\nSee [auth](/guides/auth#setup), [up](../auth), [sib](auth.mdx), [home](/), [self](intro), [notes](notes.md.bak), [md](setup.md), [dir](/reference/), [ext](https://example.com/a), [deep](./a/b/../c/).\n',
      'guides/self.mdx': '# Self\n\nOnly [me](self) and [me again](/guides/self.mdx).\n',
    });
    const { sections } = await analyze(root);
    expect(sections.map((section) => [section.pagePath, section.body, section.links])).toEqual([
      [
        'guides/intro',
        'See auth, up, sib, home, self, notes, md, dir, ext, deep.',
        [
          { href: 'guides/auth', text: 'auth' },
          { href: 'auth', text: 'up' },
          { href: 'guides/auth', text: 'sib' },
          { href: 'index', text: 'home' },
          { href: 'guides/notes.md.bak', text: 'notes' },
          { href: 'guides/setup', text: 'md' },
          { href: 'reference', text: 'dir' },
          { href: 'guides/a/c', text: 'deep' },
        ],
      ],
      ['guides/self', 'Only me and me again.', undefined],
    ]);
    // A section whose every link is to its own page has no `links` at all; one with no links neither.
    expect(Object.keys(sections[1])).not.toContain('links');
  });

  it('a section with no link has no `links` field', async () => {
    const root = site('checkout-no-links', { 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': '# Home\n\nNo links here.\n' });
    const { sections } = await analyze(root);
    expect(Object.keys(sections[0]).sort()).toEqual(
      ['anchor', 'body', 'depth', 'heading', 'hidden', 'pageDescription', 'pageKey', 'pageKind', 'pagePath', 'pageTitle', 'position', 'trail'].sort(),
    );
  });
});

describe('hidden pages that stay searchable', () => {
  it('under a hidden `searchable` group: entries written as the library reads them (`//a`, `a//b/`, `a.md`), its root, never `global`', async () => {
    const root = site('checkout-searchable', {
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Docs',
        colors: { primary: '#0D9373' },
        navigation: {
          global: { anchors: [{ anchor: 'Status', href: 'https://status.example.com', searchable: true, root: 'internal/secret' }] },
          groups: [
            { group: 'Home', pages: ['index'] },
            // A key before `pages` with a string value: the walk goes past it.
            { group: 'Legacy', hidden: true, searchable: true, root: 'legacy/root', pages: ['//legacy/e', 'legacy//d/', 'legacy/b.md', 'legacy/nested/deep'] },
            { group: 'Internal', hidden: true, pages: ['internal/secret', 'internal/other'] },
          ],
        },
      }),
      'index.mdx': '# Home\n',
      'legacy/root.mdx': '# Root\n',
      'legacy/e.mdx': '# E\n',
      'legacy/d.mdx': '# D\n',
      'legacy/b.md.mdx': '# B\n',
      'legacy/nested/deep.mdx': '# Deep\n',
      'internal/secret.mdx': '# Secret\n',
      'internal/other.mdx': '# Other\n',
    });
    const { sections } = await analyze(root);
    expect(sections.map((section) => [section.pagePath, section.hidden])).toEqual([
      ['index', false],
      ['legacy/root', false],
      ['legacy/e', false],
      ['legacy/d', false],
      ['legacy/b.md', false],
      ['legacy/nested/deep', false],
      ['internal/secret', true],
      ['internal/other', true],
    ]);
  });

  it.each(['docs.yml', 'docs.yaml', 'DOCS.YML'])('in a %s', async (docs) => {
    const yaml = [
      'theme: mint',
      'name: Docs',
      'colors: { primary: "#0D9373" }',
      'navigation:',
      '  groups:',
      '    - group: Home',
      '      pages: [index]',
      '    - pages: [legacy/old]',
      '      group: Legacy',
      '      hidden: true',
      '      searchable: true',
      '',
    ].join('\n');
    const root = site('checkout-searchable-yaml', { [docs]: yaml, 'index.mdx': '# Home\n', 'legacy/old.mdx': '# Old\n' });
    const { output, sections } = await analyze(root, docs);
    expect(output.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(sections.map((section) => [section.pagePath, section.hidden])).toEqual([
      ['index', false],
      ['legacy/old', false],
    ]);
  });
});

describe('problem files', () => {
  it('relative to the docs root; a file outside it (the project config above the docs folder) by its name', async () => {
    const checkout = tempDir('checkout-problem-files');
    const root = path.join(checkout, 'docs');
    mkdirSync(path.join(root, 'guides'), { recursive: true });
    writeFileSync(path.join(checkout, 'docsnav.config.json'), '{ "rules": { "no-such-rule": "warning" } }');
    writeFileSync(path.join(root, 'docs.json'), docsJson({ pages: ['guides/intro'] }));
    writeFileSync(path.join(root, 'guides', 'intro.mdx'), '---\ntitle: ""\n---\n\nHello.\n');
    const batches: SectionsBatch[] = [];
    const output = await analyzeCheckout({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: checkout, maxPages: 10 }, (batch) => {
      batches.push(batch);
      return Promise.resolve();
    });
    expect(output.problems.map((problem) => [problem.code, problem.severity, problem.file])).toEqual([
      ['config-invalid', 'error', 'docsnav.config.json'],
      ['front-matter-invalid', 'warning', 'guides/intro.mdx'],
    ]);
    expect(output.overLimit).toBe(false);
    expect(batches).toEqual([]);
  });
});
