import { testSiteRule } from './site-harness.js';

const files = { 'index.mdx': '# Home\n', 'quickstart.mdx': '# Quickstart\n', 'unlisted.mdx': '# Not listed\n', 'images/logo.png': 'png' };
const pages = ['index', 'quickstart'];
/** `/a` redirected to `/b`, and `/b` on to `to`: the chain is reported at `/a`'s destination. */
const chainTo = (to: string) => ({
  redirects: [
    { source: '/a', destination: '/b' },
    { source: '/b', destination: to },
  ],
});

testSiteRule('redirect-chain', [
  { name: 'one redirect to a page', files, pages, docs: { redirects: [{ source: '/a', destination: '/quickstart' }] }, expected: [] },
  {
    name: 'two redirects to a listed page: straight there',
    files,
    pages,
    docs: chainTo('/quickstart'),
    expected: [
      {
        messageId: 'chain',
        pointer: '/redirects/0/destination',
        data: { destination: '/b', next: '/redirects/1', hops: '1 more redirect', last: '/quickstart' },
        suggest: '/quickstart',
      },
    ],
  },
  // Where a chain can end, each a place a reader arrives at.
  { name: 'ending at the site root', files, pages, docs: chainTo('/'), expected: [{ messageId: 'chain', data: { last: '/' }, suggest: '/' }] },
  { name: 'ending at a file', files, pages, docs: chainTo('/images/logo.png'), expected: [{ messageId: 'chain', suggest: '/images/logo.png' }] },
  { name: 'ending at a page served but not listed', files, pages, docs: chainTo('/unlisted'), expected: [{ messageId: 'chain', suggest: '/unlisted' }] },
  {
    name: 'ending at another site',
    files,
    pages,
    docs: chainTo('https://example.com/docs'),
    expected: [{ messageId: 'chain', data: { last: 'https://example.com/docs' } }],
  },
  {
    name: 'ending at a page with a fragment: the suggestion keeps it once',
    files,
    pages,
    docs: chainTo('/quickstart#install'),
    expected: [{ messageId: 'chain', data: { last: '/quickstart#install' }, suggest: '/quickstart#install' }],
  },
  {
    name: 'ending at a page written without its leading slash: the suggestion has it',
    files,
    pages,
    docs: chainTo('quickstart'),
    expected: [{ messageId: 'chain', suggest: '/quickstart' }],
  },
  {
    name: 'ending at a destination left as a pattern: said, nothing suggested',
    files,
    pages,
    docs: chainTo('/docs/:slug*'),
    expected: [{ messageId: 'chain', data: { last: '/docs/:slug*' } }],
  },
  {
    name: 'through a pattern redirect (an alias meant to move): no suggestion',
    files,
    pages,
    docs: {
      redirects: [
        { source: '/a', destination: '/latest/quickstart' },
        { source: '/latest/:slug*', destination: '/:slug*' },
      ],
    },
    expected: [{ messageId: 'chainViaAlias', data: { last: '/quickstart' } }],
  },
]);
