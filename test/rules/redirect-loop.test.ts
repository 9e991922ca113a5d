import { testSiteRule } from './site-harness.js';

const files = { 'index.mdx': '# Home\n' };

testSiteRule('redirect-loop', [
  {
    name: 'a redirect to itself',
    files,
    pages: ['index'],
    docs: { redirects: [{ source: '/a', destination: '/a' }] },
    expected: [{ messageId: 'toItself', pointer: '/redirects/0/destination', data: { steps: '"/a" → "/a"' } }],
  },
  {
    name: 'two redirects round, reported once at the first',
    files,
    pages: ['index'],
    docs: {
      redirects: [
        { source: '/a', destination: '/b' },
        { source: '/b', destination: '/a' },
      ],
    },
    expected: [{ messageId: 'loop', pointer: '/redirects/0/destination', data: { pointers: '/redirects/0, /redirects/1' } }],
  },
]);
