import { testSiteRule } from './site-harness.js';

const PAGES = { 'index.mdx': '# Home\n', 'quickstart.mdx': '# Quickstart\n\n## Install\n' };

testSiteRule('link-not-found', [
  { name: 'a link to a listed page', files: { ...PAGES, 'index.mdx': '[go](/quickstart)\n' }, pages: ['index', 'quickstart'], expected: [] },
  {
    name: 'a link to no page, with the closest as suggestion',
    files: { ...PAGES, 'index.mdx': '[go](/quikstart)\n' },
    pages: ['index', 'quickstart'],
    expected: [{ messageId: 'link', file: 'index.mdx', data: { url: '/quikstart', path: 'quikstart' }, suggest: '/quickstart' }],
  },
  {
    name: 'an image and an element href to nothing',
    files: { ...PAGES, 'index.mdx': '![logo](/images/none.png)\n\n<Card href="/nowhere" title="x" />\n' },
    pages: ['index', 'quickstart'],
    expected: [
      { messageId: 'image', file: 'index.mdx', data: { url: '/images/none.png' } },
      { messageId: 'element', file: 'index.mdx', data: { element: 'Card', attribute: 'href', url: '/nowhere' } },
    ],
  },
  {
    name: 'a page reached through two redirects',
    files: { ...PAGES, 'index.mdx': '[go](/older)\n' },
    pages: ['index', 'quickstart'],
    docs: {
      redirects: [
        { source: '/older', destination: '/old' },
        { source: '/old', destination: '/quickstart' },
      ],
    },
    expected: [],
  },
  {
    name: "a navigation href to no page, at the href's pointer",
    files: PAGES,
    docs: {
      navigation: {
        tabs: [
          { tab: 'Docs', pages: ['index', 'quickstart'] },
          { tab: 'Old', href: '/gone' },
        ],
      },
    },
    expected: [{ messageId: 'navigationHref', pointer: '/navigation/tabs/1/href', data: { href: '/gone', path: 'gone' } }],
  },
]);
