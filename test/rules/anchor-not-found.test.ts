import { testSiteRule } from './site-harness.js';

const PAGES = { 'index.mdx': '# Home\n', 'quickstart.mdx': '# Quickstart\n\n## Install the CLI\n' };
const pages = ['index', 'quickstart'];

testSiteRule('anchor-not-found', [
  { name: 'a heading of another page', files: { ...PAGES, 'index.mdx': '[x](/quickstart#install-the-cli)\n' }, pages, expected: [] },
  {
    name: 'the id as the DOM carries it (punctuation and emoji left out)',
    files: { ...PAGES, 'index.mdx': '[x](/quickstart#install-the-cli!) [y](/quickstart#install-the-cli\u{1F680})\n' },
    pages,
    expected: [],
  },
  {
    name: 'a missing section, with the closest id',
    files: { ...PAGES, 'index.mdx': '[x](/quickstart#instal-the-cli)\n' },
    pages,
    expected: [
      {
        messageId: 'link',
        file: 'index.mdx',
        data: { url: '/quickstart#instal-the-cli', where: '/quickstart', fragment: 'instal-the-cli' },
        suggest: '#install-the-cli',
      },
    ],
  },
  {
    // The platform serves the .mdx; the .md beside it is not the page (whichever the listing gives first).
    name: 'a page with both a .md and a .mdx file: the .mdx headings, listed or not',
    files: {
      ...PAGES,
      'both.md': '# Alpha\n',
      'both.mdx': '# Beta\n',
      'extra.md': '# Gamma\n',
      'extra.mdx': '# Delta\n',
      'index.mdx': '[x](/both#beta) [y](/extra#delta) [z](/both#alpha)\n',
    },
    pages: [...pages, 'both'],
    expected: [{ messageId: 'link', file: 'index.mdx', data: { url: '/both#alpha', where: '/both', fragment: 'alpha' } }],
  },
  {
    // Past 64 ids the nearest is looked up through an index (issue 66: comparing each miss with every id was quadratic).
    name: 'a page of 100 sections: the nearest id, and the one equal but for case',
    files: {
      ...PAGES,
      'many.mdx': Array.from({ length: 100 }, (_, i) => `## Topic number ${i}\n`).join('\n'),
      'index.mdx': '[x](/many#topic-numbr-42) [y](/many#Topic-Number-7) [z](/many#topic-number-99)\n',
    },
    pages: [...pages, 'many'],
    expected: [
      { messageId: 'link', file: 'index.mdx', data: { fragment: 'topic-numbr-42' }, suggest: '#topic-number-42' },
      { messageId: 'link', file: 'index.mdx', data: { fragment: 'Topic-Number-7' }, suggest: '#topic-number-7' },
    ],
  },
  {
    name: 'a missing section of this page',
    files: { ...PAGES, 'index.mdx': '# Home\n\n[x](#nowhere)\n' },
    pages,
    expected: [{ messageId: 'link', file: 'index.mdx', data: { where: 'this page', fragment: 'nowhere' } }],
  },
  {
    // Its page is the one that imports it: a snippet's own headings are not where its link goes.
    name: 'a section of this page in a snippet (snippets/ or _snippets/ at the root, any case): not checked',
    files: {
      ...PAGES,
      'snippets/a.mdx': '[x](#nowhere)\n',
      'Snippets/b.mdx': '[x](#nowhere)\n',
      '_snippets/c.mdx': '[x](#nowhere)\n',
      'guides/snippets/d.mdx': '[x](#nowhere)\n',
    },
    pages,
    // Under snippets/ deeper than the root, a page like any other.
    expected: [{ messageId: 'link', file: 'guides/snippets/d.mdx', data: { where: 'this page', fragment: 'nowhere' } }],
  },
  {
    name: 'through two redirects',
    files: { ...PAGES, 'index.mdx': '[x](/older#install-the-cli) [y](/older#nope)\n' },
    pages,
    docs: {
      redirects: [
        { source: '/older', destination: '/old' },
        { source: '/old', destination: '/quickstart' },
      ],
    },
    expected: [{ messageId: 'link', file: 'index.mdx', data: { url: '/older#nope', where: '/quickstart' } }],
  },
  {
    name: 'a navigation href with a fragment the page does not have',
    files: PAGES,
    docs: {
      navigation: {
        tabs: [
          { tab: 'Docs', pages },
          { tab: 'Install', href: '/quickstart#uninstall' },
        ],
      },
    },
    expected: [{ messageId: 'navigationHref', pointer: '/navigation/tabs/1/href', data: { url: '/quickstart#uninstall', fragment: 'uninstall' } }],
  },
]);
