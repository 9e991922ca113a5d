/**
 * Redirects a move adds (one from each old URL nothing serves afterwards, to its new one) and
 * re-points (a destination that was an old URL now names the new one: no chain), wherever the
 * list is written; and what it leaves for a person (a pattern that may lead into the move, a
 * redirect that now applies to the old URL).
 */
import { describe, expect, it } from 'vitest';
import { docsJson, planOn, siteWith, textsAfter } from './harness.js';

const PAGES = { 'index.mdx': '# Home\n', 'guides/a.mdx': '# A\n', 'guides/b.mdx': '# B\n', 'guides/index.mdx': '# Guides\n' };
const NAV = ['index', 'guides/index', 'guides/a', 'guides/b'];

describe('redirects', () => {
  it('added after the last one; destinations that were the old URL re-pointed in their own form; others untouched', () => {
    const redirects = [
      { source: '/a-old', destination: '/guides/a#intro' },
      { source: '/a-bare', destination: 'guides/a' },
      { source: '/b-old', destination: '/guides/b' },
      { source: '/away', destination: 'https://example.com/guides/a' },
    ];
    const root = siteWith({ ...PAGES, 'docs.json': docsJson(NAV, { redirects }) });
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' });
    const expected = docsJson(
      NAV.map((page) => (page === 'guides/a' ? 'start/a' : page)),
      { redirects: [{ ...redirects[0], destination: '/start/a#intro' }, { ...redirects[1], destination: 'start/a' }, redirects[2], redirects[3]] },
    ).replace('"https://example.com/guides/a"\n    }', '"https://example.com/guides/a"\n    },\n    { "source": "/guides/a", "destination": "/start/a" }');
    expect(textsAfter(plan)['docs.json']).toBe(expected);
    expect(plan.redirects).toEqual({
      added: [{ source: '/guides/a', destination: '/start/a', file: 'docs.json', pointer: '/redirects' }],
      repointed: [
        { source: '/a-old', destination: '/start/a#intro', was: '/guides/a#intro', file: 'docs.json', pointer: '/redirects/0' },
        { source: '/a-bare', destination: 'start/a', was: 'guides/a', file: 'docs.json', pointer: '/redirects/1' },
      ],
      reversed: [],
    });
    expect(plan.notes).toEqual([]);
  });

  it('a page moved back to the URL a redirect sends to it: that redirect turned round, not a collision', () => {
    const root = siteWith({ ...PAGES, 'docs.json': docsJson(NAV, { redirects: [{ source: '/old/a', destination: '/guides/a' }] }) });
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'old/a.mdx' });
    expect(plan.redirects).toEqual({
      added: [],
      repointed: [],
      reversed: [{ source: '/guides/a', destination: '/old/a', file: 'docs.json', pointer: '/redirects/0' }],
    });
  });

  it("a folder's index page: from its path and from its folder's URL", () => {
    const root = siteWith({ ...PAGES, 'tutorials/index.mdx': '# Tutorials\n', 'docs.json': docsJson([...NAV, 'tutorials/index']) });
    const plan = planOn(root, { from: 'tutorials/index.mdx', to: 'learn/index.mdx' });
    expect(plan.redirects.added.map(({ source, destination }) => `${source} ${destination}`)).toEqual([
      '/tutorials/index /learn/index',
      '/tutorials /learn/index',
    ]);
  });

  it('in a $ref-ed file that is the list (JSON and YAML), re-pointed there too', () => {
    for (const [name, list, expected] of [
      [
        'redirects.json',
        '[\n  { "source": "/x", "destination": "/guides/b" }\n]\n',
        '[\n  { "source": "/x", "destination": "/start/b" },\n  { "source": "/guides/b", "destination": "/start/b" }\n]\n',
      ],
      [
        'redirects.yaml',
        '- source: /x\n  destination: /guides/b\n',
        '- source: /x\n  destination: /start/b\n- source: "/guides/b"\n  destination: "/start/b"\n',
      ],
    ]) {
      const root = siteWith({ ...PAGES, [name]: list, 'docs.json': docsJson(NAV, { redirects: { $ref: `./${name}` } }) });
      const plan = planOn(root, { from: 'guides/b.mdx', to: 'start/b.mdx' });
      expect(textsAfter(plan)[name], name).toBe(expected);
      expect(plan.redirects.added[0], name).toMatchObject({ file: name, pointer: '' });
    }
  });

  it('a folder move: one for each page, in the order the files are listed', () => {
    const root = siteWith({ ...PAGES, 'docs.json': docsJson(NAV, { redirects: [] }) });
    const plan = planOn(root, { from: 'guides', to: 'learn' });
    expect(textsAfter(plan)['docs.json']).toContain(
      '"redirects": [\n    { "source": "/guides/a", "destination": "/learn/a" },\n    { "source": "/guides/b", "destination": "/learn/b" },\n    { "source": "/guides/index", "destination": "/learn/index" },\n    { "source": "/guides", "destination": "/learn/index" }\n  ]',
    );
  });

  it('none where another file still serves the old URL', () => {
    const root = siteWith({ ...PAGES, 'guides/a.md': '# A in Markdown\n', 'docs.json': docsJson(NAV) });
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' });
    expect(plan.redirects.added).toEqual([]);
  });

  it('none, and a note saying why, for a file the site does not serve (another file of its URL is served)', () => {
    const root = siteWith({ ...PAGES, 'guides/a.md': '# A in Markdown\n', 'docs.json': docsJson(NAV) });
    const plan = planOn(root, { from: 'guides/a.md', to: 'start/a.md' });
    expect(plan.redirects.added).toEqual([]);
    expect(plan.notes.map((note) => [note.id, note.message])).toEqual([
      ['servedByOther', 'guides/a.md is not the file the site serves at /guides/a (guides/a.mdx is): it moves, and its URL is not redirected'],
    ]);
  });

  it('a pattern destination that may lead into the move is noted, not rewritten', () => {
    const redirects = [
      { source: '/old/:slug*', destination: '/guides/:slug*' },
      { source: '/other/:slug*', destination: '/reference/:slug*' },
    ];
    const root = siteWith({ ...PAGES, 'docs.json': docsJson(NAV, { redirects }) });
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' });
    expect(plan.notes.map(({ id, file, line }) => ({ id, file, line }))).toEqual([{ id: 'patternRedirect', file: 'docs.json', line: 16 }]);
    expect(textsAfter(plan)['docs.json']).toContain('"destination": "/guides/:slug*"');
  });

  it('an existing redirect from the old URL (which never applied while the page was there) is kept and noted', () => {
    const redirects = [{ source: '/guides/a', destination: '/elsewhere' }];
    const root = siteWith({ ...PAGES, 'elsewhere.mdx': '# E\n', 'docs.json': docsJson(NAV, { redirects }) });
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' });
    expect(plan.redirects.added).toEqual([]);
    expect(plan.notes.map((note) => note.id)).toEqual(['existingRedirect']);
  });
});
