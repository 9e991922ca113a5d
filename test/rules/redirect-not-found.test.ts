import { testSiteRule } from './site-harness.js';

const files = { 'index.mdx': '# Home\n', 'quickstart.mdx': '# Quickstart\n' };
const pages = ['index', 'quickstart'];

testSiteRule('redirect-not-found', [
  { name: 'to a page', files, pages, docs: { redirects: [{ source: '/old', destination: '/quickstart' }] }, expected: [] },
  {
    name: 'to nothing, with the closest page',
    files,
    pages,
    docs: { redirects: [{ source: '/old', destination: '/quikstart' }] },
    expected: [{ messageId: 'missing', pointer: '/redirects/0/destination', data: { destination: '/quikstart' }, suggest: '/quickstart' }],
  },
  {
    name: 'on through another redirect to nothing',
    files,
    pages,
    docs: {
      redirects: [
        { source: '/a', destination: '/b' },
        { source: '/b', destination: '/gone' },
      ],
    },
    expected: [
      { messageId: 'missingFurther', pointer: '/redirects/0/destination', data: { destination: '/b', next: '/redirects/1', hops: '1 redirect', path: 'gone' } },
      { messageId: 'missing', pointer: '/redirects/1/destination', data: { destination: '/gone' } },
    ],
  },
  {
    name: 'into a loop it is not on',
    files,
    pages,
    docs: {
      redirects: [
        { source: '/in', destination: '/x' },
        { source: '/x', destination: '/y' },
        { source: '/y', destination: '/x' },
      ],
    },
    expected: [{ messageId: 'intoLoop', pointer: '/redirects/0/destination', data: { destination: '/x', cycle: '/redirects/1 → /redirects/2' } }],
  },
]);
