/**
 * Navigation entries naming a moved page, in docs.json and the files it includes with `$ref`
 * (JSON and YAML), rewritten in place with the fixes' editors: the author's form kept (a leading
 * `/`, an extension, a group's `root`), every other byte as it was. Also the navigation's hrefs
 * and file paths (an `openapi` spec) that lead to what moved.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMove, validateFile } from '../../src/index.js';
import { planOn, siteWith, textsAfter } from './harness.js';

const PAGES = { 'index.mdx': '# Home\n', 'guides/a.mdx': '# A\n', 'guides/b.mdx': '# B\n', 'guides/c.md': '# C\n' };

describe('navigation entries', () => {
  it('in docs.json: every form and place, listed twice and in two languages, the rest untouched', () => {
    const docs = `{
  "navigation": {
    "languages": [
      {
        "language": "en",
        "groups": [
          { "group": "A", "root": "guides/a", "pages": ["guides/a", "/guides/a", "guides/a.mdx", "guides/b", "GET /users"] },
          { "group": "Again", "pages": [ "./guides/a" ] }
        ]
      },
      { "language": "fr", "groups": [{ "group": "A", "pages": ["guides/a"] }] }
    ]
  }
}
`;
    const root = siteWith({ ...PAGES, 'docs.json': docs });
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/intro.md' });
    expect(textsAfter(plan)['docs.json']).toBe(
      docs
        .replace(
          '"root": "guides/a", "pages": ["guides/a", "/guides/a", "guides/a.mdx"',
          '"root": "start/intro", "pages": ["start/intro", "/start/intro", "start/intro.md"',
        )
        .replace('[ "./guides/a" ]', '[ "./start/intro" ]')
        .replace(
          '"fr", "groups": [{ "group": "A", "pages": ["start/intro"]'.replace('start/intro', 'guides/a'),
          '"fr", "groups": [{ "group": "A", "pages": ["start/intro"]',
        )
        .replace('\n  }\n}\n', '\n  },\n  "redirects": [\n    { "source": "/guides/a", "destination": "/start/intro" }\n  ]\n}\n'),
    );
    expect(plan.counts.navigation).toBe(6);
    expect(plan.pages).toEqual([{ from: 'guides/a', to: 'start/intro', fromFile: 'guides/a.mdx', toFile: 'start/intro.md' }]);
  });

  it('in a $ref-ed JSON file: rewritten there, docs.json gets only the redirect', () => {
    const nav = '{\n\t"group": "Guides",\n\t"pages": [\n\t\t"guides/a",\n\t\t"guides/b"\n\t]\n}\n';
    const docs = '{\n  "navigation": { "groups": [{ "$ref": "./nav/guides.json" }] }\n}\n';
    const root = siteWith({ ...PAGES, 'docs.json': docs, 'nav/guides.json': nav });
    const texts = textsAfter(planOn(root, { from: 'guides/b.mdx', to: 'guides/c/b.mdx' }));
    expect(texts['nav/guides.json']).toBe(nav.replace('"guides/b"', '"guides/c/b"'));
    expect(texts['docs.json']).toBe(
      '{\n  "navigation": { "groups": [{ "$ref": "./nav/guides.json" }] },\n  "redirects": [\n    { "source": "/guides/b", "destination": "/guides/c/b" }\n  ]\n}\n',
    );
  });

  it('in docs.yaml and a $ref-ed YAML file: each scalar in its own style, comments kept', () => {
    const docs =
      'navigation:\n  groups:\n    - group: Start # the first\n      root: \'guides/a\'\n      pages:\n        - guides/a\n        - "/guides/a.mdx"\n    - $ref: ./more.yaml\n';
    const more = 'group: More\npages:\n  - guides/b\n  - guides/a  # again\n';
    const root = siteWith({ ...PAGES, 'docs.yaml': docs, 'more.yaml': more });
    const texts = textsAfter(planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' }, { docs: 'docs.yaml' }));
    expect(texts['docs.yaml']).toBe(
      'navigation:\n  groups:\n    - group: Start # the first\n      root: \'start/a\'\n      pages:\n        - start/a\n        - "/start/a.mdx"\n    - $ref: ./more.yaml\nredirects:\n  - source: "/guides/a"\n    destination: "/start/a"\n',
    );
    expect(texts['more.yaml']).toBe(more.replace('guides/a  # again', 'start/a  # again'));
  });

  it('a folder move: every page under it, nothing else', () => {
    const docs = '{ "navigation": { "pages": ["index", "guides/a", "guides/b", "guides/c", "guidesx/d"] } }\n';
    const root = siteWith({ ...PAGES, 'guidesx/d.mdx': '# D\n', 'docs.json': docs });
    const plan = planOn(root, { from: 'guides', to: 'learn' });
    expect(textsAfter(plan)['docs.json']).toBe(
      '{ "navigation": { "pages": ["index", "learn/a", "learn/b", "learn/c", "guidesx/d"] },\n  "redirects": [\n    { "source": "/guides/a", "destination": "/learn/a" },\n    { "source": "/guides/b", "destination": "/learn/b" },\n    { "source": "/guides/c", "destination": "/learn/c" }\n  ] }\n',
    );
    expect(plan.files.map((moved) => `${moved.from} ${moved.to}`)).toEqual(['guides/a.mdx learn/a.mdx', 'guides/b.mdx learn/b.mdx', 'guides/c.md learn/c.md']);
  });

  it("hrefs (a tab's, a global anchor's, the navbar's) and file paths (an OpenAPI spec) that lead to what moved", () => {
    const docs = `{
  "navigation": {
    "global": { "anchors": [{ "anchor": "Start", "href": "/api/intro#top" }] },
    "tabs": [
      { "tab": "Guides", "href": "api/intro", "pages": ["index"] },
      { "tab": "API", "openapi": "/api/openapi.json", "groups": [{ "group": "API", "openapi": { "source": "api/openapi.json" }, "pages": ["api/intro", "GET /users"] }] }
    ]
  },
  "navbar": { "links": [{ "label": "Intro", "href": "/api/intro" }, { "label": "Other", "href": "https://example.com/api/intro" }] }
}
`;
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
    const root = siteWith({ ...PAGES, 'api/intro.mdx': '# Intro\n', 'api/openapi.json': spec, 'docs.json': docs });
    const after = textsAfter(planOn(root, { from: 'api', to: 'reference' }))['docs.json'];
    expect(after).toBe(
      docs
        .replaceAll('/api/intro#top', '/reference/intro#top')
        .replace('"href": "api/intro"', '"href": "reference/intro"')
        .replace('"/api/openapi.json"', '"/reference/openapi.json"')
        .replace('"source": "api/openapi.json"', '"source": "reference/openapi.json"')
        .replace('"pages": ["api/intro"', '"pages": ["reference/intro"')
        .replace('"href": "/api/intro" }', '"href": "/reference/intro" }')
        .replace('\n}\n', ',\n  "redirects": [\n    { "source": "/api/intro", "destination": "/reference/intro" }\n  ]\n}\n'),
    );
  });
});

describe('several moves in one plan', () => {
  it('a page moved to the URL of a page that moves away in the same plan takes it (a page file moving is no collision)', () => {
    const root = siteWith({ ...PAGES, 'docs.json': '{ "navigation": { "pages": ["index", "guides/a", "guides/b"] } }\n' });
    const plan = planOn(root, [
      { from: 'guides/b.mdx', to: 'guides/old-b.mdx' },
      { from: 'guides/a.mdx', to: 'guides/b.md' },
    ]);
    expect(plan.files.map((moved) => `${moved.from} ${moved.to}`)).toEqual(['guides/b.mdx guides/old-b.mdx', 'guides/a.mdx guides/b.md']);
    expect(plan.pages.map((moved) => `${moved.from} ${moved.to}`)).toEqual(['guides/b guides/old-b', 'guides/a guides/b']);
  });

  it('a request refused is handed to onRefused with its refusal, and the others are planned', () => {
    const root = siteWith({ ...PAGES, 'docs.json': '{ "navigation": { "pages": ["index", "guides/a", "guides/b"] } }\n' });
    const refused: string[] = [];
    const missing = { from: 'guides/none.mdx', to: 'guides/other.mdx' };
    const plan = planOn(root, [missing, { from: 'guides/a.mdx', to: 'start/a.mdx' }], {
      onRefused: (request, error) => refused.push(`${request === missing} ${error.reason}`),
    });
    expect(refused).toEqual(['true noSource']);
    expect(plan.files.map((moved) => `${moved.from} ${moved.to}`)).toEqual(['guides/a.mdx start/a.mdx']);
  });
});

describe('an AsyncAPI spec in a moved folder', () => {
  it('every `asyncapi` value naming it (a string, `{source, directory}`, an array) is rewritten; `directory` and the channel URLs stay', () => {
    const docs = `{
  "navigation": {
    "tabs": [
      { "tab": "Guides", "pages": ["ws/intro"] },
      { "tab": "Events", "asyncapi": "/ws/events.json" },
      { "tab": "Live", "asyncapi": { "source": "ws/events.json", "directory": "ws" } },
      { "tab": "Both", "asyncapi": ["./ws/events.json", "other.json"] }
    ]
  }
}
`;
    const events = JSON.stringify({ asyncapi: '3.0.0', info: { title: 'E', version: '1' }, channels: { orderUpdates: { address: 'o' } } });
    const root = siteWith({ ...PAGES, 'ws/intro.mdx': '# Intro\n', 'ws/events.json': events, 'other.json': events, 'docs.json': docs });
    const after = textsAfter(planOn(root, { from: 'ws', to: 'streams' }))['docs.json'];
    expect(after).toBe(
      docs
        .replace('"/ws/events.json"', '"/streams/events.json"')
        .replace('"source": "ws/events.json"', '"source": "streams/events.json"')
        .replace('"./ws/events.json"', '"./streams/events.json"')
        .replace('"pages": ["ws/intro"]', '"pages": ["streams/intro"]')
        .replace('\n}\n', ',\n  "redirects": [\n    { "source": "/ws/intro", "destination": "/streams/intro" }\n  ]\n}\n'),
    );
  });
});

describe('an endpoint page (openapi in its front matter)', () => {
  it('moves like any page: its entry, links and a redirect', () => {
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
    const root = siteWith({
      'openapi.json': spec,
      'docs.json': '{ "navigation": { "pages": ["index", "api/list-users"] } }\n',
      'index.mdx': '# Home\n\n[List](/api/list-users)\n',
      'api/list-users.mdx': '---\nopenapi: GET /users\n---\n',
    });
    const plan = planOn(root, { from: 'api/list-users.mdx', to: 'reference/users.mdx' });
    expect(textsAfter(plan)).toEqual({
      'docs.json':
        '{ "navigation": { "pages": ["index", "reference/users"] },\n  "redirects": [\n    { "source": "/api/list-users", "destination": "/reference/users" }\n  ] }\n',
      'index.mdx': '# Home\n\n[List](/reference/users)\n',
    });
  });
});

describe('a spec named by its path in front matter', () => {
  it('moves with its folder: the path rewritten as written, and the site still finds the operation', () => {
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
    const root = siteWith({
      'api/openapi.json': spec,
      'api/intro.mdx': '# API\n',
      'docs.json': '{ "navigation": { "pages": ["api/intro", "users"] } }\n',
      'users.mdx': '---\ntitle: Users\nopenapi: "/api/openapi.json GET /users"\n---\n',
    });
    const plan = planOn(root, { from: 'api', to: 'reference' });
    expect(textsAfter(plan)['users.mdx']).toBe('---\ntitle: Users\nopenapi: "/reference/openapi.json GET /users"\n---\n');
    applyMove(plan);
    // A navigation-only docs.json: checked under the spec profile (the default platform one also wants the build's name, theme and colors).
    expect(validateFile(path.join(root, 'docs.json'), { profile: 'spec' }).problems).toEqual([]);
  });

  it("in a snippet (snippets/, _snippets/, any case) it is not a page's spec: left as it is, while a page's is rewritten", () => {
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
    const front = '---\ntitle: Users\nopenapi: "/api/openapi.json GET /users"\n---\n';
    const root = siteWith({
      'api/openapi.json': spec,
      'api/intro.mdx': '# API\n',
      'docs.json': '{ "navigation": { "pages": ["api/intro", "users"] } }\n',
      'users.mdx': front,
      'snippets/users.mdx': front,
      '_snippets/users.mdx': front,
      'Snippets/more.mdx': front,
    });
    const after = textsAfter(planOn(root, { from: 'api', to: 'reference' }));
    expect(after['users.mdx']).toBe(front.replace('/api/', '/reference/'));
    for (const snippet of ['snippets/users.mdx', '_snippets/users.mdx', 'Snippets/more.mdx']) expect(after[snippet], snippet).toBeUndefined();
  });

  it('named by its file name alone, or not moving, is left as it is', () => {
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
    const byName = '---\nopenapi: "openapi GET /users"\n---\n';
    const root = siteWith({
      'api/openapi.json': spec,
      'api/intro.mdx': '# API\n',
      'docs.json': '{ "navigation": { "pages": ["api/intro", "users", "groups"] } }\n',
      'users.mdx': byName,
      'groups.mdx': '---\nopenapi: /api/openapi.json GET /users\n---\n',
    });
    const plan = planOn(root, { from: 'api/intro.mdx', to: 'reference/intro.mdx' });
    expect(Object.keys(textsAfter(plan))).toEqual(['docs.json']);
    expect(textsAfter(planOn(root, { from: 'api', to: 'reference' }))['users.mdx']).toBeUndefined();
    expect(plan.notes).toEqual([]);
  });

  it('written where its path is not on the openapi line (a block scalar): a note, the text left alone', () => {
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });
    const page = '---\ntitle: Users\nopenapi: >-\n  /api/openapi.json GET /users\n---\n';
    const root = siteWith({
      'api/openapi.json': spec,
      'api/intro.mdx': '# API\n',
      'docs.json': '{ "navigation": { "pages": ["api/intro", "users"] } }\n',
      'users.mdx': page,
    });
    const plan = planOn(root, { from: 'api', to: 'reference' });
    expect(textsAfter(plan)['users.mdx']).toBeUndefined();
    expect(plan.notes.map(({ id, file, line }) => ({ id, file, line }))).toEqual([{ id: 'frontMatterSpec', file: 'users.mdx', line: 3 }]);
  });
});

describe('files as written', () => {
  it('a $ref-ed file with a byte order mark, and CRLF line breaks, keeps both', () => {
    const nav = '\uFEFF{\r\n  "group": "Guides",\r\n  "pages": ["guides/a", "guides/b"]\r\n}\r\n';
    const docs = '\uFEFF{\r\n  "navigation": { "groups": [{ "$ref": "./nav.json" }] },\r\n  "redirects": []\r\n}\r\n';
    const root = siteWith({ ...PAGES, 'docs.json': docs, 'nav.json': nav });
    const texts = textsAfter(planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' }));
    expect(texts['nav.json']).toBe(nav.replace('"guides/a"', '"start/a"'));
    expect(texts['docs.json']).toBe(docs.replace('"redirects": []', '"redirects": [\r\n    { "source": "/guides/a", "destination": "/start/a" }\r\n  ]'));
  });
});
