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
  {
    name: 'a loop of three entered from outside at two places, listed out of order: once, from its redirect listed first, in the loop’s order',
    files,
    pages: ['index'],
    docs: {
      redirects: [
        { source: '/x', destination: '/b' },
        { source: '/c', destination: '/a' },
        { source: '/y', destination: '/c' },
        { source: '/a', destination: '/b' },
        { source: '/b', destination: '/c' },
      ],
    },
    expected: [
      {
        messageId: 'loop',
        pointer: '/redirects/1/destination',
        data: { steps: '"/c" → "/a", "/a" → "/b", "/b" → "/c"', pointers: '/redirects/1, /redirects/3, /redirects/4' },
      },
    ],
  },
  {
    name: 'two loops, each said once',
    files,
    pages: ['index'],
    docs: {
      redirects: [
        { source: '/a', destination: '/b' },
        { source: '/p', destination: '/p' },
        { source: '/b', destination: '/a' },
      ],
    },
    expected: [
      { messageId: 'loop', pointer: '/redirects/0/destination' },
      { messageId: 'toItself', pointer: '/redirects/1/destination' },
    ],
  },
]);
