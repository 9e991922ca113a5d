import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';
import { TreeBuilder } from '../../src/resolve/tree.js';
import type { Finding } from '../../src/problem.js';
import type { ResolveResult } from '../../src/resolve/types.js';
import { described, json, resolveSite, siteOptions, spec, SITE_ROOT } from './site.js';
import { serveLocally, type LocalServer } from '../local-server.js';

/**
 * The tree walk (src/resolve/tree.ts, page-urls.ts, merge-findings.ts, endpoint-entries.ts,
 * specs-in-scope.ts) on small in-memory sites: what each kind of entry becomes, where each
 * problem is said and in which words, and three contracts every site below is held to:
 * validate reports what resolve reports, resolve with `allowRemote` (which walks first and
 * builds later) gives what resolve gives without it, and a page path never leaves the root.
 */

interface Site {
  docs: unknown;
  texts?: Record<string, string>;
  profile?: 'spec' | 'platform';
  /** Names a URL (fetched with allowRemote, so the allowRemote contract does not hold). */
  remote?: boolean;
}

const SITES: Record<string, Site> = {};

/** Registers a site (for the contracts at the end) and resolves it. */
function site(name: string, docs: unknown, texts: Record<string, string> = {}, profile?: Site['profile']): Promise<ResolveResult> {
  SITES[name] = { docs, texts, profile, remote: json(docs).includes('://') && json(docs).includes('openapi') };
  return resolveSite(docs, texts, { profile });
}

/** `code severity file:line:column message` of each problem, the file root-relative. */
const problemsOf = (result: ResolveResult) => result.problems.map(described);
/** `code pointer` of each problem. */
const at = (result: ResolveResult) => result.problems.map((p) => `${p.code} ${p.pointer}`);

describe('ordinary pages', () => {
  it('a page path that climbs out of the root is path-outside-root only; one with a danger of its own is left out with unsafe-slug', async () => {
    const result = await site('dangerous pages', { navigation: { pages: ['../outside', 'tab\tpage', 'https://example.com/page', 'ok'] } }, { 'ok.mdx': '' });
    expect(problemsOf(result).filter((p) => !p.startsWith('page-not-found'))).toEqual([
      'path-outside-root error docs.json:4:7 Page path "../outside" climbs out of the docs root; pages and specs must live inside it.',
      'unsafe-slug warning docs.json:5:7 Page path "tab\\tpage" has control characters; it is left out of the page tree.',
    ]);
    expect(result.tree.pages.map((p) => p.path)).toEqual(['https://example.com/page', 'ok']);
  });

  it('characters that break URLs: a warning naming each kind once, the page kept', async () => {
    const result = await site('url-breaking pages', { navigation: { pages: ['a?b', 'c d#e?f', 'g&h:i%j'] } });
    expect(result.problems.filter((p) => p.code === 'unsafe-slug').map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/navigation/pages/0 Page path "a?b" has "?", which breaks URLs.',
      '/navigation/pages/1 Page path "c d#e?f" has whitespace, "#", "?", which break URLs.',
      '/navigation/pages/2 Page path "g&h:i%j" has "&", ":", "%", which break URLs.',
    ]);
    expect(result.tree.pages.map((p) => p.path)).toEqual(['a?b', 'c d#e?f', 'g&h:i%j']);
  });

  it('hidden is inherited by nested groups; breadcrumbs only with eyebrows "breadcrumbs"', async () => {
    const docs = (eyebrows: string) => ({
      styling: { eyebrows },
      navigation: {
        groups: [
          { group: 'Outer', hidden: true, pages: ['a', { group: 'Inner', pages: ['b'] }] },
          { group: 'Shown', pages: ['c'] },
        ],
      },
    });
    const crumbs = await site('breadcrumbs', docs('breadcrumbs'));
    expect(crumbs.tree.pages.map((p) => [p.path, p.hidden, p.breadcrumbs])).toEqual([
      ['a', true, ['Outer']],
      ['b', true, ['Outer', 'Inner']],
      ['c', false, ['Shown']],
    ]);
    const section = await site('no breadcrumbs', docs('section'));
    expect(section.tree.pages.map((p) => 'breadcrumbs' in p)).toEqual([false, false, false]);
  });

  it('a group root: a string page path, not one the tree leaves out', async () => {
    const result = await site('group roots', {
      navigation: {
        groups: [
          { group: 'A', root: '/intro/', pages: ['a'] },
          { group: 'B', root: 'x\ty', pages: ['b'] },
          { group: 'C', root: 7, pages: ['c'] },
          { group: 'D', root: 'https://example.com', pages: ['d'] },
        ],
      },
    });
    expect(result.tree.groups.map((g) => [g.label, g.root])).toEqual([
      ['A', 'intro'],
      ['B', undefined],
      ['C', undefined],
      ['D', 'https://example.com'],
    ]);
  });

  it('page files are read for their front matter, plain paths or not', async () => {
    const result = await site(
      'front matter problems',
      { navigation: { pages: ['plain', 'with space', 'guide/ref'] } },
      {
        'plain.mdx': '---\ntitle: "open\n---\n',
        'with space.mdx': '---\nopenapi: 3\n---\n',
        'guide/ref.mdx': '---\nopenapi: GET /none\n---\n',
        'api.json': spec({ '/users': { get: {} } }),
      },
    );
    expect(result.problems.map((p) => `${p.code} ${p.file.slice(SITE_ROOT.length + 1)}`)).toEqual([
      'unsafe-slug docs.json',
      'front-matter-invalid plain.mdx',
      'front-matter-invalid with space.mdx',
      'endpoint-not-found guide/ref.mdx',
    ]);
  });

  it('an element whose name is not a string is labelled ""', async () => {
    const result = await site('unnamed group', { navigation: { groups: [{ group: 12, pages: ['a'] }] } });
    expect(result.tree.groups.map((g) => g.label)).toEqual(['']);
    expect(result.tree.pages[0].trail).toEqual([{ kind: 'group', label: '' }]);
  });
});

describe('depth', () => {
  /** Groups nested `depth` deep, each with one page `p<level>`. */
  function nested(depth: number): unknown {
    let group: Record<string, unknown> = { group: `g${depth}`, pages: [`p${depth}`] };
    for (let level = depth - 1; level >= 1; level--) group = { group: `g${level}`, pages: [`p${level}`, group] };
    return { navigation: { groups: [group] } };
  }

  it('a trail of 100 is kept; the element past it is said once and left out with all below it', async () => {
    const kept = await site('100 deep', nested(100));
    expect(kept.tree.pages).toHaveLength(100);
    expect(kept.problems.filter((p) => p.code === 'too-deep')).toEqual([]);
    const cut = await site('103 deep', nested(103));
    expect(cut.tree.pages.map((p) => p.path)).toEqual(Array.from({ length: 100 }, (_, i) => `p${i + 1}`));
    const tooDeep = cut.problems.filter((p) => p.code === 'too-deep');
    expect(tooDeep.map((p) => [p.pointer, p.message])).toEqual([
      [
        `/navigation/groups/0${'/pages/1'.repeat(100)}`,
        'Navigation is nested more than 100 levels deep here; the page tree stops above this element, so its pages are not in it.',
      ],
    ]);
  });
});

describe('endpoint entries', () => {
  const api = spec({
    '/users': { get: { summary: 'List users', operationId: 'listUsers' }, post: { summary: 'Create user' } },
    '/users/{id}': { delete: { description: 'Gone for good.' } },
    '/pets': { get: { summary: 'Pets', 'x-excluded': true } },
    '/escape': { get: { 'x-mint': { href: '../../etc/passwd' } } },
    '/meta': { get: { summary: 'Meta', 'x-mint': { metadata: { title: 'From metadata', sidebarTitle: 'Meta', tag: 'BETA' } } } },
  });

  it('what an endpoint page carries, and no key for what the operation does not say', async () => {
    const result = await site(
      'endpoint pages',
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: ['GET /users', 'delete /users/{id}', 'GET /meta'] }] } },
      { 'api.json': api },
    );
    expect(result.problems).toEqual([]);
    const [list, remove, meta] = result.tree.pages;
    expect(list).toEqual({
      id: '/navigation/groups/0/pages/0',
      path: 'api-reference/list-users',
      kind: 'endpoint',
      title: 'List users',
      summary: 'List users',
      trail: [{ kind: 'group', label: 'API' }],
      hidden: false,
      openapi: { file: 'api.json', method: 'GET', path: '/users', operationId: 'listUsers' },
      deprecated: false,
      source: '/navigation/groups/0/pages/0',
    });
    expect(Object.keys(remove).sort()).toEqual(['deprecated', 'description', 'hidden', 'id', 'kind', 'openapi', 'path', 'source', 'title', 'trail']);
    expect(remove.openapi).toEqual({ file: 'api.json', method: 'DELETE', path: '/users/{id}' });
    expect(remove.description).toBe('Gone for good.');
    expect([meta.title, meta.sidebarTitle, meta.tag]).toEqual(['From metadata', 'Meta', 'BETA']);
  });

  it('x-excluded: endpoint-excluded at the entry; a path that leaves the root: unsafe-slug, no page', async () => {
    const result = await site(
      'excluded and escaping entries',
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: ['GET /pets', 'GET /escape'] }] } },
      { 'api.json': api },
    );
    expect(result.tree.pages).toEqual([]);
    expect(result.problems.map((p) => `${p.code} ${p.pointer} ${p.message}`)).toEqual([
      'endpoint-excluded /navigation/groups/0/pages/0 "GET /pets" is marked x-excluded in "api.json", so it has no page; the platform fails the build. Remove the entry or the x-excluded flag.',
      'unsafe-slug /navigation/groups/0/pages/1 Page path "../../etc/passwd" has a "." or ".." segment; it is left out of the page tree.',
    ]);
  });

  it('not found: the message and the suggestion, per kind of miss', async () => {
    const hooks = spec({ '/users': { get: {}, post: {} }, '/pets': { put: {} } }, { webhooks: { petDeleted: { post: {} } } });
    const result = await site(
      'missing entries',
      {
        navigation: {
          groups: [
            {
              group: 'API',
              openapi: 'hooks.json',
              pages: ['webhook petDeletd', 'webhook zzzzzzzzzzzz', 'delete /users', 'GET /pets', 'get /userz', 'GET /zzzzzzzzzzzzzzzz', 'hooks.json GET /petz'],
            },
          ],
        },
      },
      { 'hooks.json': hooks },
    );
    expect(result.problems.map((p) => [p.code, p.message, p.suggest])).toEqual([
      ['endpoint-not-found', '"webhook petDeletd": "hooks.json" has no webhook "petDeletd"; closest: petDeleted.', 'webhook petDeleted'],
      ['endpoint-not-found', '"webhook zzzzzzzzzzzz": "hooks.json" has no webhook "zzzzzzzzzzzz".', undefined],
      ['endpoint-not-found', '"DELETE /users": "hooks.json" has no DELETE /users; that path has GET, POST.', undefined],
      ['endpoint-not-found', '"GET /pets": "hooks.json" has no GET /pets; that path has PUT.', 'PUT /pets'],
      ['endpoint-not-found', '"GET /userz": "hooks.json" has no path /userz; closest: /users.', 'GET /users'],
      ['endpoint-not-found', '"GET /zzzzzzzzzzzzzzzz": "hooks.json" has no path /zzzzzzzzzzzzzzzz.', undefined],
      ['endpoint-not-found', '"GET /petz": "hooks.json" has no path /petz; closest: /pets.', 'hooks.json GET /pets'],
    ]);
  });

  it('in an array of specs: the first miss is said, with the first suggestion any spec has', async () => {
    const result = await site(
      'missing in an array',
      { navigation: { groups: [{ group: 'API', openapi: ['far.json', 'near.json'], pages: ['GET /userz'] }] } },
      { 'far.json': spec({ '/zzzzzzzzzzzzzzzzzz': { get: {} } }), 'near.json': spec({ '/users': { get: {} } }) },
    );
    expect(result.problems.map((p) => [p.code, p.pointer, p.message, p.suggest])).toEqual([
      ['endpoint-not-found', '/navigation/groups/0/pages/0', '"GET /userz": "far.json" has no path /userz.', 'GET /users'],
    ]);
  });

  it('a spec file named by an entry: its page in the directory of the scope it is in; every scope still generates in bulk', async () => {
    const a = spec({ '/a': { get: { summary: 'A' } } });
    const b = spec({ '/b': { get: { summary: 'B' } } });
    const result = await site(
      'named spec files',
      {
        navigation: {
          tabs: [
            {
              tab: 'T',
              openapi: { source: 'a.json', directory: 'outer' },
              groups: [
                { group: 'Names the outer spec', openapi: 'b.json', pages: ['a.json GET /a'] },
                { group: 'Names another spec', openapi: { source: 'c.json', directory: 'inner' }, pages: ['/b.json GET /b'] },
              ],
            },
          ],
        },
      },
      { 'a.json': a, 'b.json': b, 'c.json': spec({ '/c': { get: { summary: 'C' } } }) },
    );
    expect(result.problems).toEqual([]);
    // As prebuild 1.0.1341 builds it (test/resolve/build-cases.ts, "entries naming their spec files …").
    expect(result.tree.pages.map((p) => [p.path, p.kind, p.trail.map((t) => t.label).join(' > ')])).toEqual([
      ['api-reference/a', 'endpoint', 'T > Names the outer spec'],
      ['api-reference/b', 'endpoint', 'T > Names the outer spec > API Reference'],
      ['inner/b', 'endpoint', 'T > Names another spec'],
      ['inner/c', 'endpoint', 'T > Names another spec > API Reference'],
      ['outer/a', 'endpoint', 'T > API Reference'],
    ]);
  });
});

describe('bulk generation', () => {
  it('clashing pages: one slug-collision at the openapi value naming each, in the platform’s words', async () => {
    const result = await site(
      'bulk clashes',
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: [] }] } },
      {
        'api.json': spec(
          { '/health': { get: {} }, '/health/{x}': { get: {} }, '/status': { get: {} }, '/status/{y}': { get: {} } },
          { webhooks: { 'pet-deleted': { post: {} }, 'Pet deleted': { post: {} } } },
        ),
      },
    );
    expect(problemsOf(result)).toEqual([
      'slug-collision warning docs.json:6:20 Two operations of "api.json" make the page "api-reference/get-health"; GET /health/{x} becomes "api-reference/get-health-1" (the platform suffixes it the same way). Two operations of "api.json" make the page "api-reference/get-status"; GET /status/{y} becomes "api-reference/get-status-1" (the platform suffixes it the same way). Two operations of "api.json" make the page "api-reference/pet-deleted"; webhook Pet deleted becomes "api-reference/pet-deleted-1" (the platform suffixes it the same way).',
    ]);
    expect(result.tree.pages.map((p) => p.path)).toEqual([
      'api-reference/get-health',
      'api-reference/get-health-1',
      'api-reference/get-status',
      'api-reference/get-status-1',
      'api-reference/pet-deleted',
      'api-reference/pet-deleted-1',
    ]);
  });

  it('a generated page whose path would leave the root is left out; the rest stay', async () => {
    const result = await site(
      'bulk escape',
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: [] }] } },
      { 'api.json': spec({ '/escape': { get: { 'x-mint': { href: '/../up' } } }, '/fine': { get: { summary: 'Fine' } } }) },
    );
    expect(result.tree.pages.map((p) => p.path)).toEqual(['api-reference/fine']);
    expect(at(result)).toEqual(['unsafe-slug /navigation/groups/0/openapi']);
  });

  it('many unsafe pages: ten said in full, then how many more', async () => {
    const paths = Object.fromEntries(
      Array.from({ length: 13 }, (_, i) => [`/q${String(i).padStart(2, '0')}`, { get: { 'x-mint': { href: `q${String(i).padStart(2, '0')}?x` } } }]),
    );
    const result = await site('many unsafe', { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: [] }] } }, { 'api.json': spec(paths) });
    expect(result.problems).toHaveLength(1);
    const [only] = result.problems;
    expect([only.code, only.severity, only.pointer]).toEqual(['unsafe-slug', 'warning', '/navigation/groups/0/openapi']);
    const listed = Array.from({ length: 10 }, (_, i) => `Page path "q${String(i).padStart(2, '0')}?x" has "?", which breaks URLs.`);
    expect(only.message).toBe(`${listed.join(' ')} And 3 more.`);
  });

  it('exactly ten: no count', async () => {
    const paths = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`/q${i}`, { get: { 'x-mint': { href: `q${i}?x` } } }]));
    const result = await site('ten unsafe', { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: [] }] } }, { 'api.json': spec(paths) });
    expect(result.problems.map((p) => p.message)).toEqual([Array.from({ length: 10 }, (_, i) => `Page path "q${i}?x" has "?", which breaks URLs.`).join(' ')]);
  });
});

describe('page URLs', () => {
  it('two operations wanting one path in a section: the later keeps it, the earlier gets the next free suffix', async () => {
    const api = spec({
      '/one': { get: { 'x-mint': { href: 'same' } } },
      '/two': { get: { 'x-mint': { href: 'same' } } },
      '/three': { get: { 'x-mint': { href: 'same-1' } } },
    });
    const result = await site(
      'entry clashes',
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: ['GET /one', 'GET /two', 'GET /three'] }] } },
      { 'api.json': api },
    );
    expect(result.tree.pages.map((p) => p.path)).toEqual(['same-2', 'same', 'same-1']);
    expect(result.problems.map((p) => `${p.code} ${p.severity} ${p.pointer} ${p.message}`)).toEqual([
      'slug-collision warning /navigation/groups/0/pages/0 "same" is also the path of api.json GET /two, an endpoint entry later in the navigation; the platform keeps that one under this URL and loses this page, which docsnav gives "same-2".',
    ]);
    expect(result.problems[0].suggest).toBeUndefined();
  });

  it('three wanting one path: each earlier one its own suffix', async () => {
    const api = spec({ '/a': { get: { 'x-mint': { href: 'p' } } }, '/b': { get: { 'x-mint': { href: 'p' } } }, '/c': { get: { 'x-mint': { href: 'p' } } } });
    const result = await site(
      'three clashes',
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: ['GET /a', 'GET /b', 'GET /c'] }] } },
      { 'api.json': api },
    );
    expect(result.tree.pages.map((p) => p.path)).toEqual(['p-1', 'p-2', 'p']);
  });

  it('a page listed at a generated path: every entry keeps it; an info at each generated entry', async () => {
    const api = spec({ '/users': { get: { summary: 'List users' } } });
    const result = await site(
      'authored over generated',
      { navigation: { groups: [{ group: 'API', openapi: 'specs/api.json', pages: ['GET /users', 'api-reference/list-users'] }] } },
      { 'specs/api.json': api },
    );
    expect(result.tree.pages.map((p) => p.path)).toEqual(['api-reference/list-users', 'api-reference/list-users']);
    expect(result.problems.filter((p) => p.code === 'slug-collision').map((p) => `${p.severity} ${p.pointer} ${p.message}`)).toEqual([
      'info /navigation/groups/0/pages/0 "api-reference/list-users" is also a page listed in this section: on the platform its file replaces the page generated for GET /users (of specs/api.json), and this entry links to that file\'s page at the same URL.',
    ]);
  });

  it('sections apart: pages of one section listed before and after another’s still count', async () => {
    const api = spec({ '/users': { get: { summary: 'List users' } } });
    const result = await site(
      'sections interleaved',
      {
        navigation: {
          versions: [
            { version: 'v1', groups: [{ group: 'A', pages: ['api-reference/list-users'] }] },
            { version: 'v2', groups: [{ group: 'B', pages: ['other'] }] },
          ],
          global: {},
        },
      },
      { 'api.json': api },
    );
    expect(result.tree.pages.map((p) => p.path)).toEqual(['api-reference/list-users', 'other']);
  });

  it('the same paths in two bulk generations of one section: the earlier pages suffixed, said in one finding per pointer', async () => {
    const api = spec({ '/x': { get: { 'x-mint': { href: 'shared' } } }, '/y': { get: { 'x-mint': { href: 'shared' } } } });
    const result = await site(
      'bulk pointers',
      {
        navigation: {
          groups: [
            { group: 'One', openapi: 'a.json', pages: [] },
            { group: 'Two', openapi: 'b.json', pages: [] },
          ],
        },
      },
      { 'a.json': api, 'b.json': api },
    );
    // Each spec makes "shared" and "shared-1" (its two operations clash); b.json's come later and keep them.
    expect(result.tree.pages.map((p) => p.path)).toEqual(['shared-2', 'shared-1-1', 'shared', 'shared-1']);
    expect(result.problems.map((p) => `${p.code} ${p.pointer} ${p.message}`)).toEqual([
      'slug-collision /navigation/groups/0/openapi Two operations of "a.json" make the page "shared"; GET /y becomes "shared-1" (the platform suffixes it the same way).',
      'slug-collision /navigation/groups/0/openapi "shared" is also the path of b.json GET /x, generated in bulk later in the navigation; the platform keeps that one under this URL and loses this page, which docsnav gives "shared-2". "shared-1" is also the path of b.json GET /y, generated in bulk later in the navigation; the platform keeps that one under this URL and loses this page, which docsnav gives "shared-1-1".',
      'slug-collision /navigation/groups/1/openapi Two operations of "b.json" make the page "shared"; GET /y becomes "shared-1" (the platform suffixes it the same way).',
    ]);
  });
});

describe('page URLs under the platform profile (issue 42)', () => {
  /** Six specs in six groups of one tab; two of them have `GET /v1` "Auth service root" (app/auth-service-root). */
  function sixSpecs(profile: 'spec' | 'platform') {
    const root = (tag: string) => spec({ '/v1': { get: { summary: 'Auth service root', tags: [tag] } } });
    const other = (n: number) => spec({ [`/s${n}`]: { get: { summary: `Service ${n}`, tags: ['app'] } } });
    const names = ['one', 'auth', 'three', 'legacy-auth', 'five', 'six'];
    const texts: Record<string, string> = {};
    names.forEach((name, i) => (texts[`${name}.json`] = name.endsWith('auth') ? root('app') : other(i)));
    return site(
      `six specs ${profile}`,
      { navigation: { tabs: [{ tab: 'API', groups: names.map((name) => ({ group: name, openapi: `${name}.json`, pages: [] })) }] } },
      texts,
      profile,
    );
  }

  it('two specs generating one path: the later spec keeps the URL, the earlier page is marked lost (no -1 URL the platform would 404)', async () => {
    const result = await sixSpecs('platform');
    const auth = result.tree.pages.filter((p) => p.title === 'Auth service root');
    expect(auth.map((p) => `${p.path} ${p.openapi?.file} ${p.lostTo ?? ''}`)).toEqual([
      `api-reference/app/auth-service-root auth.json ${auth[1].id}`,
      'api-reference/app/auth-service-root legacy-auth.json ',
    ]);
    expect(result.tree.pages.some((p) => p.path.endsWith('-1'))).toBe(false);
    // (The platform profile also wants docs.json's theme, name and colors: missing-field, not this test's business.)
    expect(result.problems.filter((p) => p.code !== 'missing-field').map((p) => `${p.code} ${p.severity} ${p.pointer} ${p.message}`)).toEqual([
      'slug-collision warning /navigation/tabs/0/groups/1/openapi "api-reference/app/auth-service-root" is also the path of legacy-auth.json GET /v1, generated in bulk later in the navigation; the platform serves that one at this URL and this page at none (the tree marks it lost: `lostTo`).',
    ]);
  });

  it('the spec profile keeps both pages reachable: the earlier one gets -1, nothing is lost', async () => {
    const result = await sixSpecs('spec');
    expect(result.tree.pages.filter((p) => p.title === 'Auth service root').map((p) => p.path)).toEqual([
      'api-reference/app/auth-service-root-1',
      'api-reference/app/auth-service-root',
    ]);
    expect(result.tree.pages.some((p) => p.lostTo !== undefined)).toBe(false);
  });

  it('`pages` beside `languages` at the root: the tree holds what the platform builds (languages), and the error says pages is dropped', async () => {
    const docs = {
      navigation: {
        pages: ['index', 'about'],
        languages: [
          { language: 'en', groups: [{ group: 'G', pages: ['index'] }] },
          { language: 'fr', groups: [{ group: 'G', pages: ['fr/index'] }] },
        ],
      },
    };
    const texts = { 'index.mdx': '# Home\n', 'about.mdx': '# About\n', 'fr/index.mdx': '# Accueil\n' };
    // What @mintlify/prebuild 1.0.1341 builds from this site: index, fr/index (no about).
    const platform = await site('pages beside languages platform', docs, texts, 'platform');
    expect(platform.tree.pages.map((p) => `${p.path} ${p.language ?? ''}`)).toEqual(['index en', 'fr/index fr']);
    expect(platform.tree.nav.children.map((node) => (node.kind === 'page' ? 'page' : `${node.kind} ${node.label}`))).toEqual(['language en', 'language fr']);
    const [problem] = platform.problems.filter((p) => p.code === 'primary-pattern');
    expect(problem.message).toContain('The platform keeps `languages` and silently drops `pages`');
    // The spec profile keeps both (it loses nothing); the error is the same.
    const spec = await site('pages beside languages spec', docs, texts, 'spec');
    expect(spec.tree.pages.map((p) => p.path)).toEqual(['index', 'about', 'index', 'fr/index']);
  });

  it('a language holding `groups` and `tabs`: the tree holds what the platform builds (tabs), and the error says groups is dropped', async () => {
    const docs = {
      navigation: {
        languages: [
          { language: 'en', groups: [{ group: 'G', pages: ['a'] }], tabs: [{ tab: 'T', pages: ['b'] }] },
          { language: 'fr', tabs: [{ tab: 'T', groups: [{ group: 'G', pages: ['fr/a'] }] }] },
        ],
      },
    };
    const texts = { 'a.mdx': '# A\n', 'b.mdx': '# B\n', 'fr/a.mdx': '# A\n' };
    // What @mintlify/prebuild 1.0.1341 builds from this site: b and fr/a (no a).
    const platform = await site('groups beside tabs platform', docs, texts, 'platform');
    expect(platform.tree.pages.map((p) => `${p.path} ${p.language ?? ''}`)).toEqual(['b en', 'fr/a fr']);
    const en = platform.tree.nav.children[0];
    expect(en.kind === 'page' ? [] : en.children.map((node) => (node.kind === 'page' ? 'page' : `${node.kind} ${node.label}`))).toEqual(['tab T']);
    const [problem] = platform.problems.filter((p) => p.code === 'mixed-children');
    expect(problem.message).toContain(
      'The platform keeps `tabs` and silently drops `groups` (no page of it is built). Nest the `groups` inside the `tabs` entries.',
    );
    // The spec profile keeps both (it loses nothing); the error is the same.
    const spec = await site('groups beside tabs spec', docs, texts, 'spec');
    expect(spec.tree.pages.map((p) => p.path)).toEqual(['a', 'b', 'fr/a']);
    expect(spec.problems.filter((p) => p.code === 'mixed-children').map((p) => p.message)).toEqual([problem.message]);
  });

  it('within one spec, endpoint entries too: the platform overwrites (no -1), the earlier entry is lost', async () => {
    const api = spec({ '/one': { get: { 'x-mint': { href: 'same' } } }, '/two': { get: { 'x-mint': { href: 'same' } } } });
    const result = await site(
      'one spec platform',
      { navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: ['GET /one', 'GET /two'] }] } },
      { 'api.json': api },
      'platform',
    );
    // @mintlify/prebuild 1.0.1341 serves GET /two at `same` for both entries.
    expect(result.tree.pages.map((p) => `${p.path} ${p.openapi?.path} ${p.lostTo ?? ''}`)).toEqual([`same /one ${result.tree.pages[1].id}`, 'same /two ']);
  });
});

describe('what a spec in scope says', () => {
  it('a URL without allowRemote: openapi-remote at the openapi value', async () => {
    const result = await site('remote spec', { navigation: { groups: [{ group: 'API', openapi: 'https://example.com/api.json', pages: ['GET /users'] }] } });
    expect(result.problems.map((p) => `${p.code} ${p.severity} ${p.pointer} ${p.message}`)).toEqual([
      'openapi-remote info /navigation/groups/0/openapi "https://example.com/api.json" is a URL: remote specs are fetched only with allowRemote (`--allow-remote`), so it was not checked and no pages came from it.',
    ]);
  });

  it("a spec's warnings in one problem, each said once however many entries use it", async () => {
    const result = await site(
      'spec warnings',
      { navigation: { groups: [{ group: 'API', openapi: 'api.yaml', pages: ['GET /a', 'GET /b'] }] } },
      { 'api.yaml': 'swagger: "2.0"\n' },
    );
    expect(result.problems.filter((p) => p.code === 'openapi-warning').map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/navigation/groups/0/openapi "api.yaml" is Swagger 2.0; the platform supports only OpenAPI 3.0 and 3.1. "api.yaml" has no `paths`, so no API pages come from it.',
    ]);
  });

  it('external $refs: said in the spec at each, info under the spec profile and an error under the platform’s, once however often it is named', async () => {
    const texts = { 'api.json': spec({ '/a': { get: { responses: { 200: { $ref: 'other.json#/ok' } } } }, '/b': { get: { $ref: 'b.json' } } }) };
    const docs = {
      navigation: {
        groups: [
          { group: 'One', openapi: 'api.json', pages: [] },
          { group: 'Two', openapi: 'api.json', pages: ['GET /a'] },
        ],
      },
    };
    const why =
      'the hosted platform refuses a spec with a `$ref` to another file or a URL ("External $ref references are not allowed"), and builds no pages from it. Instead, bundle the spec into one file (e.g. `redocly bundle` or `swagger-cli bundle`), so every `$ref` starts with `#`.';
    const specProfile = await site('external refs, spec profile', docs, texts);
    expect(specProfile.problems.map((p) => `${described(p)} @${p.pointer}`)).toEqual([
      `openapi-external-ref info api.json:12:21 \`$ref\` "other.json#/ok" is not inside this file: ${why} @/paths/~1a/get/responses/200/$ref`,
      `openapi-external-ref info api.json:19:17 \`$ref\` "b.json" is not inside this file: ${why} @/paths/~1b/get/$ref`,
    ]);
    const platform = await site('external refs, platform profile', docs, texts, 'platform');
    expect(platform.problems.filter((p) => p.code === 'openapi-external-ref').map((p) => p.severity)).toEqual(['error', 'error']);
  });
});

describe('remote specs, fetched with allowRemote before the tree is built', () => {
  let local: LocalServer;
  let base: string;
  const requested: string[] = [];
  const why =
    'the hosted platform refuses a spec with a `$ref` to another file or a URL ("External $ref references are not allowed"), and builds no pages from it. Instead, bundle the spec into one file (e.g. `redocly bundle` or `swagger-cli bundle`), so every `$ref` starts with `#`.';

  beforeAll(async () => {
    const texts: Record<string, string> = {
      '/bulk.json': spec({ '/bulk': { get: { summary: 'Bulk' } } }),
      '/entries.json': spec({ '/users': { get: { summary: 'Users' } } }),
      '/one-ref.json': spec({ '/a': { get: { $ref: 'a.json' } } }),
      '/two-refs.json': spec({ '/a': { get: { $ref: 'a.json' } }, '/b': { get: { $ref: 'https://example.com/b.json' } } }),
    };
    local = await serveLocally((request, response) => {
      requested.push(request.url ?? '');
      const text = texts[request.url ?? ''];
      response.writeHead(text === undefined ? 404 : 200);
      response.end(text ?? '');
    });
    base = local.base;
  });

  afterAll(() => local.close());

  it('bulk generation and entries from URLs, each fetched once', async () => {
    requested.length = 0;
    const docs = {
      navigation: {
        groups: [
          { group: 'Bulk', openapi: `${base}/bulk.json`, pages: [] },
          { group: 'Entries', openapi: `${base}/entries.json`, pages: ['GET /users', 'local'] },
          { group: 'Again', openapi: `${base}/bulk.json`, pages: [] },
        ],
      },
    };
    const result = await resolveSite(docs, { 'local.mdx': '' }, { allowRemote: true });
    expect(result.problems).toEqual([]);
    expect(result.tree.pages.map((p) => [p.path, p.kind, p.openapi?.file])).toEqual([
      ['api-reference/bulk', 'endpoint', `${base}/bulk.json`],
      ['api-reference/users', 'endpoint', `${base}/entries.json`],
      ['local', 'page', undefined],
      ['api-reference/bulk', 'endpoint', `${base}/bulk.json`],
    ]);
    expect(requested.sort()).toEqual(['/bulk.json', '/entries.json']);
  });

  it('external $refs of a URL spec: one problem at the openapi value, counting them', async () => {
    const docs = {
      navigation: {
        groups: [
          { group: 'One', openapi: `${base}/one-ref.json`, pages: [] },
          { group: 'Two', openapi: `${base}/two-refs.json`, pages: [] },
        ],
      },
    };
    const result = await resolveSite(docs, {}, { allowRemote: true, profile: 'platform' });
    expect(result.problems.filter((p) => p.code === 'openapi-external-ref').map((p) => `${p.code} ${p.severity} ${p.pointer} ${p.message}`)).toEqual([
      `openapi-external-ref error /navigation/groups/0/openapi "${base}/one-ref.json" has 1 external \`$ref\` (the first: "a.json"): ${why}`,
      `openapi-external-ref error /navigation/groups/1/openapi "${base}/two-refs.json" has 2 external \`$ref\`s (the first: "a.json"): ${why}`,
    ]);
    const specProfile = await resolveSite(docs, {}, { allowRemote: true });
    expect(specProfile.problems.filter((p) => p.code === 'openapi-external-ref').map((p) => p.severity)).toEqual(['info', 'info']);
  });

  it('nothing to fetch: specs not read, or a document that does not parse', async () => {
    requested.length = 0;
    const noSpecs = await resolveSite(
      { navigation: { groups: [{ group: 'A', openapi: `${base}/bulk.json`, pages: ['GET /bulk'] }] } },
      {},
      { allowRemote: true, specs: false },
    );
    expect(noSpecs.tree.pages).toEqual([]);
    const unparsed = await resolveText('{"navigation": ', { ...siteOptions({}), allowRemote: true });
    expect(unparsed.file).toBe(siteOptions({}).file);
    expect((await resolveText('{"navigation": {"pages": []}}')).file).toBe('docs.json');
    expect(unparsed.problems.map((p) => p.code)).toEqual(['parse-error']);
    expect(requested).toEqual([]);
  });
});

describe('a builder on its own', () => {
  it('walks the navigation itself, keeps the tree and builds from steps by default', () => {
    const findings: Finding[] = [];
    const builder = new TreeBuilder(
      { navigation: { groups: [{ group: 'G', pages: ['a', 'b?c'] }] } },
      { absoluteRoot: SITE_ROOT, report: (finding) => findings.push(finding) },
    );
    expect(builder.specSources()).toEqual(new Set());
    const tree = builder.build();
    expect(tree.pages.map((p) => [p.path, p.title])).toEqual([
      ['a', 'A'],
      ['b?c', 'B'],
    ]);
    expect(tree.groups.map((g) => [g.label, g.firstPage])).toEqual([['G', 'a']]);
    expect(tree.nav.children).toHaveLength(1);
    expect(findings.map((f) => f.code)).toEqual(['unsafe-slug']);
  });

  it('specSources: every spec a step reads, named by a scope or by an entry', () => {
    const builder = new TreeBuilder(
      {
        navigation: {
          groups: [
            { group: 'Bulk', openapi: ['bulk.json', 'https://example.com/bulk.json'], pages: [] },
            { group: 'Entries', openapi: 'scope.json', pages: ['GET /a', 'named.json GET /b', 'plain'] },
            { group: 'Pages', openapi: 'unused.json', pages: ['plain-too'] },
          ],
        },
      },
      { absoluteRoot: SITE_ROOT, report: () => undefined },
    );
    expect([...builder.specSources()].sort()).toEqual(['bulk.json', 'https://example.com/bulk.json', 'named.json', 'scope.json', 'unused.json']);
  });

  it('specSources: AsyncAPI channels and GraphQL routes read no OpenAPI spec, and are passed over', () => {
    const builder = new TreeBuilder(
      {
        navigation: {
          tabs: [
            { tab: 'Events', asyncapi: 'events.yaml', groups: [{ group: 'E', pages: ['intro'] }] },
            { tab: 'GraphQL', graphql: 'https://example.com/schema.graphql', groups: [{ group: 'Q', pages: ['start'] }] },
            { tab: 'API', openapi: 'api.json', groups: [{ group: 'A', pages: ['GET /a'] }] },
          ],
        },
      },
      { absoluteRoot: SITE_ROOT, report: () => undefined },
    );
    expect([...builder.specSources()]).toEqual(['api.json']);
    expect([...builder.asyncapiSources()]).toEqual(['events.yaml']);
    expect([...builder.graphqlSources()]).toEqual(['https://example.com/schema.graphql']);
  });
});

describe('contracts over every site above', () => {
  const names = () => Object.keys(SITES);

  it('validate reports what resolve reports', async () => {
    expect(names().length).toBeGreaterThan(20);
    for (const [name, { docs, texts = {}, profile }] of Object.entries(SITES)) {
      const resolved = await resolveSite(docs, texts, { profile });
      const validated = validateText(json(docs), { ...siteOptions(texts), profile: profile ?? 'spec' });
      expect(validated.problems.map(described), name).toEqual(resolved.problems.map(described));
    }
  });

  it('resolve with allowRemote (walk first, build after) gives the same tree and problems', async () => {
    for (const [name, { docs, texts = {}, profile, remote }] of Object.entries(SITES)) {
      if (remote) continue;
      const local = await resolveSite(docs, texts, { profile });
      const walkedFirst = await resolveSite(docs, texts, { profile, allowRemote: true });
      expect(walkedFirst.tree, name).toEqual(local.tree);
      expect(walkedFirst.problems.map(described), name).toEqual(local.problems.map(described));
    }
  });

  it('no key of the tree holds undefined (it is the same after JSON)', async () => {
    for (const [name, { docs, texts = {}, profile }] of Object.entries(SITES)) {
      const { tree } = await resolveSite(docs, texts, { profile });
      expect(JSON.parse(JSON.stringify(tree)), name).toStrictEqual(tree);
    }
  });

  it('every page path stays inside the root', async () => {
    for (const [name, { docs, texts = {}, profile }] of Object.entries(SITES)) {
      for (const page of (await resolveSite(docs, texts, { profile })).tree.pages) {
        if (/^https?:\/\//.test(page.path)) continue;
        expect(page.path, name).not.toMatch(/(^|\/)\.\.?(\/|$)|^\/|\\|^[a-z]:/i);
      }
    }
  });
});
