/**
 * An editor's checks of a site (src/site/check.ts, src/site/reuse.ts): the next check of the same
 * root with the same `ValidationCache` takes the last one's site, bodies and page findings only
 * while what they were made of is the same, and `validatePage` checks one edited page against the
 * rest of the site as the last check saw it. Every change below must show in the problems.
 */
import { describe, expect, it } from 'vitest';
import { DRAFT, EDITOR_DOCS as DOCS, EDITOR_FILES as FILES, editorSite as editor, GONE, NOPE, type Seen } from './site-helpers.js';

describe('the next check of a root with the same cache', () => {
  it('gives the same problems when nothing changed, and when only a label did (the page findings taken again)', () => {
    const { check } = editor();
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    expect(check({ ...DOCS, name: 'Renamed' })).toEqual([DRAFT, GONE, NOPE]);
  });

  it('reads a redirect added to docs.json', () => {
    const { check } = editor();
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    expect(check({ ...DOCS, redirects: [{ source: '/gone', destination: '/guide' }] })).toEqual([DRAFT, NOPE]);
  });

  it('reads a navigation that lists other pages (the same number of them, or fewer)', () => {
    const { check } = editor({ ...FILES, 'index.mdx': '# Home\n\n[o](/othr)\n', 'other.mdx': '# Other\n' });
    const OTHR: Seen = {
      code: 'link-not-found',
      file: 'index.mdx',
      at: '3:5',
      message: 'Link "/othr" leads nowhere: no page, file or redirect of the site is at /othr.',
    };
    // The suggestion is the closest listed page: `other` while the navigation lists it.
    expect(check({ ...DOCS, navigation: { pages: ['index', 'other'] } })).toEqual([DRAFT, { ...OTHR, suggest: '/other' }, NOPE]);
    expect(check()).toEqual([DRAFT, OTHR, NOPE]);
    expect(check({ ...DOCS, navigation: { pages: ['index', 'other'] } })).toEqual([DRAFT, { ...OTHR, suggest: '/other' }, NOPE]);
    expect(check({ ...DOCS, navigation: { pages: ['index'] } })).toEqual([DRAFT, OTHR, NOPE]);
  });

  it('reads a .mintignore changed in the editor', () => {
    const { check, cache, at } = editor({ ...FILES, 'index.mdx': '# Home\n\n[d](/drafts/a) [g](/gone)\n', '.mintignore': '# nothing yet\n' });
    const GONE_HERE = { ...GONE, at: '3:20' };
    expect(check()).toEqual([DRAFT, GONE_HERE, NOPE]);
    cache.setText(at('.mintignore'), 'drafts/\n');
    // The drafts are not served, nor checked.
    expect(check()).toEqual([
      { ...DRAFT, file: 'index.mdx', at: '3:5', message: 'Link "/drafts/a" leads nowhere: no page, file or redirect of the site is at /drafts/a.' },
      GONE_HERE,
      NOPE,
    ]);
  });

  it("reads a page's text changed in the editor", () => {
    const { check, cache, at } = editor();
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    cache.setText(at('guide.mdx'), '# Guide\n\n## Setup\n\nBack [home](/index#home).\n');
    expect(check()).toEqual([DRAFT, GONE]);
    cache.setText(at('index.mdx'), '# Home\n\nSee [the guide](/guide#set-up).\n');
    expect(check()).toEqual([
      DRAFT,
      {
        code: 'anchor-not-found',
        file: 'index.mdx',
        at: '3:17',
        message: 'Link "/guide#set-up": no heading or element of /guide has the id "set-up", so the page opens at its top.',
        suggest: '#setup',
      },
    ]);
  });

  it('checks the pages another `ignore` leaves in, and runs a rule turned on', () => {
    const { check } = editor();
    expect(check(DOCS, { ignore: ['drafts/**'] })).toEqual([GONE, NOPE]);
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    expect(check(DOCS, { rules: { 'anchor-not-found': 'off' } })).toEqual([DRAFT, GONE]);
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
  });

  it('reads the pages again under another profile, and with `since`', () => {
    const { check } = editor();
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    expect(check(DOCS, { profile: 'platform' })).toEqual([DRAFT, GONE, NOPE]);
    // The page at /gone moved to guide.mdx since the ref: the link is fixed to it.
    const since = { ref: 'main', commit: 'c0ffee', pages: new Map([['gone', 'gone.mdx']]), renames: new Map([['gone.mdx', 'guide.mdx']]) };
    expect(check(DOCS, { since })).toEqual([DRAFT, { ...GONE, suggest: '/guide' }, NOPE]);
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
  });
});

describe('validatePage: one page checked again against the last check of its site', () => {
  it("reports the page's own problems only, its text as the editor has it, the other pages' headings as the last check read them", () => {
    const { check, page, cache, at } = editor();
    expect(page('index.mdx')).toBeUndefined();
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    expect(page('index.mdx')).toEqual([GONE]);
    expect(page('guide.mdx')).toEqual([NOPE]);
    cache.setText(at('index.mdx'), '# Home\n\n## Start\n\n[a](#start) [b](#end) [c](/guide#setup) [d](/guide#teardown)\n');
    expect(page('index.mdx')).toEqual([
      {
        code: 'anchor-not-found',
        file: 'index.mdx',
        at: '5:17',
        message: 'Link "#end": no heading or element of this page has the id "end", so the page opens at its top.',
      },
      {
        code: 'anchor-not-found',
        file: 'index.mdx',
        at: '5:45',
        message: 'Link "/guide#teardown": no heading or element of /guide has the id "teardown", so the page opens at its top.',
      },
    ]);
    // The page's headings changed, not the site's: guide.mdx is checked against the last check's /index.
    expect(page('guide.mdx')).toEqual([NOPE]);
  });

  it('answers nothing for a file the last check did not read (not a page, or an ignored one)', () => {
    const { check, page, root } = editor();
    expect(check(DOCS, { ignore: ['drafts/**'] })).toEqual([GONE, NOPE]);
    expect(page('drafts/a.mdx')).toBeUndefined();
    expect(page('docs.json')).toBeUndefined();
    expect(root).toBeTruthy();
  });
});
