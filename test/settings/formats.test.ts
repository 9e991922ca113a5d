/**
 * The string formats of the settings tables (src/settings/shapes.ts), each with values the
 * platform accepts and values it rejects, as a docs.json or mint.json would hold them, and the
 * value suggested instead where one is clear. messages.test.ts shows them in whole messages; this
 * table pins each format's edge (a path's trailing slash, a query, a fragment, a prefix).
 */
import { describe, expect, it } from 'vitest';
import { FORMATS, type FormatName } from '../../src/settings/shapes.js';

const TABLE: Array<{ format: FormatName; accepts: string[]; rejects: Array<string | [string, string]> }> = [
  { format: 'hex-color', accepts: ['#0D9373', '#09f', '#FFFFFF'], rejects: [['0D9373', '#0D9373'], '#0D937', 'green', ' #0D9373'] },
  { format: 'url', accepts: ['https://example.com', 'http://localhost:3000/api'], rejects: ['example.com', '/api'] },
  {
    format: 'https-url',
    accepts: ['https://github.com/demo', 'https://github.com/demo/', 'https://example.com/', 'https://example.com/docs.svg.html'],
    rejects: [
      ['http://github.com/demo', 'https://github.com/demo'],
      ['HTTP://github.com/demo', 'https://github.com/demo'],
      'https://example.com/logo.svg',
      'https://example.com/logo.svg/',
      'https://example.com/download.zip//',
      'https://example.com/SETUP.EXE',
      'https://example.com/setup%2Eexe',
      'https://example.com/%E0%A4%A',
      'github.com/demo',
      'ftp://example.com/demo',
    ],
  },
  {
    format: 'safe-href',
    accepts: ['/', '/docs/', '/docs/?ref=footer', '#faq', 'mailto:team@example.com', 'https://example.com/changelog/', 'https://example.com/a#b'],
    rejects: [
      ['http://blog.example.com/', 'https://blog.example.com/'],
      '//cdn.example.com/x',
      'https://example.com/files/app.zip#top',
      'https://example.com/files/app.zip/',
      'docs/intro',
      'ftp://example.com',
    ],
  },
  {
    format: 'https-prefixed-url',
    accepts: ['https://cdn.cookielaw.org/otSDKStub.js'],
    rejects: [['http://cdn.cookielaw.org/otSDKStub.js', 'https://cdn.cookielaw.org/otSDKStub.js'], 'https://', 'cdn.cookielaw.org/x.js', 'ftp://https://x'],
  },
  {
    format: 'segment-cdn-url',
    accepts: ['https://cdn.example.com/analytics.js'],
    rejects: ['http://cdn.example.com/analytics.js', 'https://cdn.example.com/a.js?v=2', 'https://cdn.example.com/a.js#x', 'https://', 'cdn.example.com/a.js'],
  },
  {
    format: 'href',
    accepts: ['/pricing', '#pricing', 'mailto:sales@example.com', 'https://example.com/pricing'],
    rejects: ['pricing', 'www.example.com', 'pricing#top', 'sales@example.com?mailto:'],
  },
  {
    format: 'spec-source',
    accepts: ['openapi.json', '/specs/api.yaml', 'https://example.com/openapi.json', 'http://localhost/openapi.json'],
    rejects: ['ftp://example.com/openapi.json', 'file:///openapi.json'],
  },
  { format: 'icon-name', accepts: ['book', 'arrow-right'], rejects: [['fa-book', 'book'], 'fa-'] },
  {
    format: 'seo-path',
    accepts: ['guides', 'guides/v2', 'api.v2'],
    rejects: ['/guides', 'guides/', 'guides//v2', 'guides/../x', 'guides/./x', 'my guides', 'a\\b', 'a?b', 'a#b', ''],
  },
  { format: 'starts-with-g', accepts: ['G-ABC123', 'GTM-ABC'], rejects: ['UA-12345', 'g-abc'] },
  { format: 'posthog-key', accepts: ['phc_abc'], rejects: ['ph_abc', 'PHC_abc'] },
  { format: 'bare-domain', accepts: ['docs.example.com', 'http://docs.example.com'], rejects: [['https://docs.example.com', 'docs.example.com'], 'https://'] },
  { format: 'bundle-id', accepts: ['my-bundle_1', 'ABC'], rejects: ['my.bundle', 'a b', '', 'x/', '-/'] },
  {
    format: 'mint-anchor-openapi',
    accepts: ['/openapi.json', 'https://example.com/openapi.json', 'http://localhost/openapi.json'],
    rejects: ['openapi.json', 'ftp://x/openapi.json', 'x/'],
  },
  { format: 'mint-footer-url', accepts: ['https://example.com', '/blog'], rejects: ['blog', 'example.com/'] },
];

describe('settings string formats', () => {
  it.each(TABLE)('$format', ({ format, accepts, rejects }) => {
    const checked = FORMATS[format];
    for (const value of accepts) expect([value, checked.test(value)]).toEqual([value, true]);
    for (const entry of rejects) {
      const [value, suggestion] = typeof entry === 'string' ? [entry, undefined] : entry;
      expect([value, checked.test(value), checked.suggest?.(value)]).toEqual([value, false, suggestion]);
    }
  });
});
