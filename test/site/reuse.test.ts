/**
 * What an editor's next check takes from its last one (src/site/reuse.ts, src/site/check.ts's
 * `unchangedBodies`): while the site's inputs are the same it takes the last check's site, page
 * bodies and page findings themselves (a keystroke in a 23,000-page docs.json reads and checks no
 * page again), and never when what they were made of changed: a rule turned on, `since` given,
 * a page listed after the others, a caller's `readFile` that answers otherwise.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateText, ValidationCache } from '../../src/index.js';
import { docsRoot, DRAFT, EDITOR_DOCS as DOCS, EDITOR_FILES as FILES, editorSite as editor, GONE, NOPE, seen, type Seen } from './site-helpers.js';

describe('a keystroke in docs.json (only a label changed)', () => {
  it('takes the last check’s site, page bodies and page findings as they are', () => {
    const { check, last } = editor();
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    const first = last();
    expect(first.checked).toEqual(['drafts/a.mdx', 'guide.mdx', 'index.mdx']);
    expect(first.made.alsoListed).toEqual(['index', 'guide']);
    expect(check({ ...DOCS, name: 'Renamed' })).toEqual([DRAFT, GONE, NOPE]);
    const second = last();
    expect(second).not.toBe(first);
    // Not built, read or found again: the same objects.
    expect(second.site).toBe(first.site);
    expect(second.redirects).toBe(first.redirects);
    expect(second.bodies).toBe(first.bodies);
    expect(second.pageFindings.map(({ finding }) => finding)).toEqual(first.pageFindings.map(({ finding }) => finding));
    second.pageFindings.forEach(({ finding }, i) => expect(finding).toBe(first.pageFindings[i].finding));
    expect(second.pageFindings).toHaveLength(3);
  });

  it('builds the site again for another redirect, but keeps the bodies read', () => {
    const { check, last } = editor();
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    const first = last();
    expect(check({ ...DOCS, redirects: [{ source: '/gone', destination: '/guide' }] })).toEqual([DRAFT, NOPE]);
    const second = last();
    expect(second.site).not.toBe(first.site);
    expect(second.bodies).toBe(first.bodies);
  });
});

describe('the next check does not take what changed', () => {
  it('runs a rule turned on after checks without it (none of its findings were kept)', () => {
    const { check } = editor();
    const off = { rules: { 'anchor-not-found': 'off' } } as const;
    expect(check(DOCS, off)).toEqual([DRAFT, GONE]);
    expect(check(DOCS, off)).toEqual([DRAFT, GONE]);
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
  });

  it('checks with `since` after checks without it', () => {
    const { check } = editor();
    // The page at /gone moved to guide.mdx since the ref: the link is fixed to it.
    const since = { ref: 'main', commit: 'c0ffee', pages: new Map([['gone', 'gone.mdx']]), renames: new Map([['gone.mdx', 'guide.mdx']]) };
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    expect(check()).toEqual([DRAFT, GONE, NOPE]);
    expect(check(DOCS, { since })).toEqual([DRAFT, { ...GONE, suggest: '/guide' }, NOPE]);
  });

  it('lists a page added after the pages listed before', () => {
    const { check } = editor({ ...FILES, 'index.mdx': '# Home\n\n[o](/othr)\n', 'other.mdx': '# Other\n' });
    const OTHR: Seen = {
      code: 'link-not-found',
      file: 'index.mdx',
      at: '3:5',
      message: 'Link "/othr" leads nowhere: no page, file or redirect of the site is at /othr.',
    };
    const only = { ...DOCS, navigation: { pages: ['index'] } };
    expect(check(only)).toEqual([DRAFT, OTHR, NOPE]);
    // `other` is listed now: the closest listed page to /othr.
    expect(check({ ...DOCS, navigation: { pages: ['index', 'other'] } })).toEqual([DRAFT, { ...OTHR, suggest: '/other' }, NOPE]);
  });

  it('reads the pages again through a caller’s `readFile`, which may answer otherwise without telling the cache', () => {
    const texts: Record<string, string> = { ...FILES };
    const { root, check } = editor();
    const readFile = (absolute: string): string | undefined => {
      const relative = path.relative(root, absolute).split(path.sep).join('/');
      return relative in texts ? texts[relative] : undefined;
    };
    expect(check(DOCS, { readFile })).toEqual([DRAFT, GONE, NOPE]);
    texts['guide.mdx'] = '# Guide\n\n## Setup\n\nBack [home](/index#home).\n';
    expect(check(DOCS, { readFile })).toEqual([DRAFT, GONE]);
  });
});

describe('generated pages', () => {
  it('builds the site again when a spec’s operation is renamed (the same number of generated pages, another path)', () => {
    const spec = (summary: string) =>
      JSON.stringify({
        openapi: '3.0.0',
        info: { title: 'T', version: '1' },
        paths: { '/users': { get: { summary, responses: { 200: { description: 'ok' } } } } },
      });
    const files = { 'index.mdx': '# Home\n\n[a](/api-reference/list-users) [b](/api-reference/list-people)\n', 'openapi.json': spec('List users') };
    const root = docsRoot(files, DOCS);
    const cache = new ValidationCache();
    const docs = {
      name: 'Site',
      navigation: {
        groups: [
          { group: 'Docs', pages: ['index'] },
          { group: 'API', openapi: 'openapi.json' },
        ],
      },
    };
    const check = (): string[] =>
      validateText(JSON.stringify(docs), { file: path.join(root, 'docs.json'), root, cache })
        .problems.filter((problem) => problem.code === 'link-not-found')
        .map((problem) => `${seen(root, problem).at} ${problem.message}`);
    const missing = (at: string, page: string) =>
      `${at} Link "/api-reference/${page}" leads nowhere: no page, file or redirect of the site is at /api-reference/${page}.`;
    expect(check()).toEqual([missing('3:36', 'list-people')]);
    cache.setText(path.join(root, 'openapi.json'), spec('List people'));
    expect(check()).toEqual([missing('3:5', 'list-users')]);
  });
});
