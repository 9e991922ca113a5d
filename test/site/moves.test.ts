/**
 * The pages moved since a git ref (`movedPages`, src/site/base.ts) as `--since` reads them: a URL
 * no longer served whose page file git saw renamed to a file served now at a URL the ref did not
 * have, each new URL the target of one move at most. redirect-missing reports each move with the
 * redirect to add (and a page gone otherwise); link-not-found fixes a link to the old URL.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixFile, type SiteBase } from '../../src/index.js';
import { docsRoot, siteProblems } from './site-helpers.js';

const FILES = {
  'index.mdx': '# Home\n\n[a](/old-a) [b2](/old-b2) [c](/old-c)\n',
  'guide.mdx': '# Guide\n',
  'new-a.mdx': '# A\n',
  'new-b.mdx': '# B\n',
  'new-c.mdx': '# C\n',
  'kept.md': '# Kept\n',
};
const PAGES = ['index', 'guide', 'new-a', 'new-b', 'new-c', 'kept'];

const BASE: SiteBase = {
  ref: 'v1',
  commit: 'c0ffee',
  pages: new Map<string, string | undefined>([
    ['index', 'index.mdx'],
    ['guide', 'guide.mdx'],
    // Served now (by kept.md), though git saw kept.mdx renamed: not a move, and new-c stays free for old-c.
    ['kept', 'kept.mdx'],
    ['old-a', 'old-a.mdx'],
    ['old-c', 'old-c.mdx'],
    ['old-endpoint', undefined],
    ['old-unrenamed', 'old-unrenamed.mdx'],
    ['old-unserved', 'old-unserved.mdx'],
    ['old-guide', 'old-guide.mdx'],
    ['old-b1', 'old-b1.mdx'],
    ['old-b2', 'old-b2.mdx'],
  ]),
  renames: new Map([
    ['kept.mdx', 'new-c.mdx'],
    ['old-a.mdx', 'new-a.mdx'],
    ['old-c.mdx', 'new-c.mdx'],
    ['old-unserved.mdx', 'drafts/unserved.txt'],
    // guide was served at the ref already: the old URL did not move there.
    ['old-guide.mdx', 'guide.mdx'],
    // Two moves to one file: the first takes it.
    ['old-b1.mdx', 'new-b.mdx'],
    ['old-b2.mdx', 'new-b.mdx'],
  ]),
};

describe('pages moved since a ref', () => {
  it('redirect-missing: each move with its redirect, at its new page; every other URL gone', () => {
    const root = docsRoot({ ...FILES, 'drafts/unserved.txt': 'x' }, PAGES);
    const found = siteProblems(root, { since: BASE }, ['redirect-missing']);
    expect(found.map((problem) => [problem.at, problem.message, problem.suggest])).toEqual([
      [
        '/navigation',
        'Page URL "/old-endpoint" was served at v1 and is gone now, with no redirect: links to it break. Add a redirect to the page that replaces it.',
        undefined,
      ],
      [
        '/navigation',
        'Page URL "/old-unrenamed" was served at v1 and is gone now, with no redirect: links to it break. Add a redirect to the page that replaces it.',
        undefined,
      ],
      [
        '/navigation',
        'Page URL "/old-unserved" was served at v1 and is gone now, with no redirect: links to it break. Add a redirect to the page that replaces it.',
        undefined,
      ],
      [
        '/navigation',
        'Page URL "/old-guide" was served at v1 and is gone now, with no redirect: links to it break. Add a redirect to the page that replaces it.',
        undefined,
      ],
      [
        '/navigation',
        'Page URL "/old-b2" was served at v1 and is gone now, with no redirect: links to it break. Add a redirect to the page that replaces it.',
        undefined,
      ],
      [
        '/navigation/groups/0/pages/2',
        'Page URL "/old-a" was served at v1 and has moved to "/new-a", with no redirect: links to the old URL break. Add { "source": "/old-a", "destination": "/new-a" } to redirects.',
        '/new-a',
      ],
      [
        '/navigation/groups/0/pages/3',
        'Page URL "/old-b1" was served at v1 and has moved to "/new-b", with no redirect: links to the old URL break. Add { "source": "/old-b1", "destination": "/new-b" } to redirects.',
        '/new-b',
      ],
      [
        '/navigation/groups/0/pages/4',
        'Page URL "/old-c" was served at v1 and has moved to "/new-c", with no redirect: links to the old URL break. Add { "source": "/old-c", "destination": "/new-c" } to redirects.',
        '/new-c',
      ],
    ]);
  });

  it('link-not-found: a link to a moved URL is fixed to its new page; to a URL that did not move, only suggested', () => {
    const root = docsRoot(FILES, PAGES);
    const link = (url: string, at: string) => ({
      code: 'link-not-found',
      file: 'index.mdx',
      at,
      message: `Link "${url}" leads nowhere: no page, file or redirect of the site is at ${url}.`,
    });
    expect(siteProblems(root, { since: BASE })).toEqual([
      { ...link('/old-a', '3:5'), suggest: '/new-a' },
      link('/old-b2', '3:18'),
      { ...link('/old-c', '3:31'), suggest: '/new-c' },
    ]);
    const fixed = fixFile(path.join(root, 'docs.json'), { since: BASE }).files.find((file) => file.file.endsWith('index.mdx'));
    expect(fixed?.after).toBe('# Home\n\n[a](/new-a) [b2](/old-b2) [c](/new-c)\n');
  });
});
