/**
 * Two corners of the site check: a link to a folder whose `index` page is served there (its
 * headings are checked, as the page's), and the `ignore` option's page globs, matched on the page
 * path (the file without `.mdx`/`.md`, in any case) to leave a page's body unchecked.
 */
import { describe, expect, it } from 'vitest';
import { docsRoot, lost, siteProblems, type Seen } from './site-helpers.js';

describe('a folder’s index page', () => {
  it('is served at the folder: a link to the folder with a fragment is checked against its headings', () => {
    const root = docsRoot(
      { 'index.mdx': '# Home\n\n[a](/guides#setup) [b](/guides#nope) [c](/guides/index#nope)\n', 'guides/index.mdx': '# Guides\n\n## Setup\n' },
      ['index'],
    );
    const nope = (at: string, url: string): Seen => ({
      code: 'anchor-not-found',
      file: 'index.mdx',
      at,
      message: `Link "${url}": no heading or element of /guides/index has the id "nope", so the page opens at its top.`,
    });
    expect(siteProblems(root)).toEqual([nope('3:24', '/guides#nope'), nope('3:42', '/guides/index#nope')]);
  });
});

describe('the ignore option’s page globs', () => {
  const FILES = {
    'index.mdx': '# Home\n',
    'notes.md': '[n](/notes-gone)\n',
    'LOUD.MDX': '[l](/loud-gone)\n',
    'guide.mdx': '[g](/guide-gone)\n',
  };

  it('leave the pages they match unchecked, .md and upper-case extensions too, matched without the extension', () => {
    const root = docsRoot(FILES, ['index']);
    expect(siteProblems(root)).toEqual([
      lost('LOUD.MDX', '1:5', '/loud-gone'),
      lost('guide.mdx', '1:5', '/guide-gone'),
      lost('notes.md', '1:5', '/notes-gone'),
    ]);
    expect(siteProblems(root, { ignore: ['notes', 'LOUD'] })).toEqual([lost('guide.mdx', '1:5', '/guide-gone')]);
    // A glob that ends in the extension matches no page path.
    expect(siteProblems(root, { ignore: ['notes.md', 'guide.mdx'] })).toEqual([
      lost('LOUD.MDX', '1:5', '/loud-gone'),
      lost('guide.mdx', '1:5', '/guide-gone'),
      lost('notes.md', '1:5', '/notes-gone'),
    ]);
  });
});
