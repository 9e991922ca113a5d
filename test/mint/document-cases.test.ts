/**
 * What the platform says of a mint.json as docsnav loads it (src/mint/document.ts): the legacy
 * check's failures, the parts the upgrade leaves out, and the legacy check's warning on an anchor
 * whose url starts no page (an external link, a `mailto:` or a url that starts a page, nested or
 * not, once trimmed, is no warning; an anchor the upgrade leaves out is said once).
 */
import { describe, expect, it } from 'vitest';
import { loadSiteDocument } from '../../src/mint/document.js';

const MINT = {
  name: 'Acme',
  favicon: '/favicon.svg',
  colors: { primary: '#0D9373' },
  navigation: [
    { group: 'Start', pages: ['quickstart', 'introduction', ''] },
    { group: 'Guides', pages: ['zeta/one', { group: 'Nested', pages: ['guides/deep/one'] }] },
  ],
  anchors: [
    'loose',
    { name: 'No url', icon: 'x' },
    { name: 'Mail', url: 'mailto:team@acme.example.com' },
    { name: 'Status', url: 'http://status.example.com' },
    { name: 'Blog', url: 'https://blog.example.com' },
    { name: 'Guides', url: ' guides/deep ' },
    { name: 'Slash', url: '/zeta' },
    { name: 'Last', url: 'zzz' },
    { name: 'Intro', url: 'intro' },
  ],
};

describe('what the platform says of a mint.json', () => {
  it('each finding once, at its place, in order', () => {
    const document = loadSiteDocument('mint.json', JSON.stringify(MINT, null, 2));
    expect(document.findings.map(({ code, pointer, message, severity }) => ({ code, pointer, severity, message }))).toEqual([
      {
        code: 'mint-json-invalid',
        pointer: '/navigation/0/pages/2',
        severity: undefined,
        message: "`navigation[0].pages[2]` cannot be empty. The platform's legacy check rejects it: the build of this mint.json site fails.",
      },
      {
        code: 'mint-json-invalid',
        pointer: '/anchors/0',
        severity: undefined,
        message: '`anchors[0]` must be an object, not "loose". The platform\'s legacy check rejects it: the build of this mint.json site fails.',
      },
      {
        code: 'mint-json-invalid',
        pointer: '/anchors/1',
        severity: undefined,
        message: "`anchors[1]` needs `url`. The platform's legacy check rejects it: the build of this mint.json site fails.",
      },
      {
        code: 'mint-json-dropped',
        pointer: '/anchors/7',
        severity: undefined,
        message:
          'The anchor "Last" is left out of the navigation the platform builds from this mint.json: no page of `navigation` it could hold (those whose path starts with its url "zzz" in its version).',
      },
      {
        code: 'mint-json-dropped',
        pointer: '/anchors/8',
        severity: undefined,
        message:
          'The anchor "Intro" is left out of the navigation the platform builds from this mint.json: no page of `navigation` it could hold (those whose path starts with its url "intro" in its version).',
      },
      {
        code: 'mint-json-warning',
        pointer: '/anchors/6/url',
        severity: undefined,
        message:
          'No page of `navigation` starts with this anchor\'s url "/zeta": the platform\'s legacy check warns "No pages in the navigation match anchor /zeta" (page paths are compared without their leading `/`).',
      },
    ]);
  });

  it('an anchor with a spec and no page is kept, and warned of; a url without a leading slash says no more', () => {
    const mint = {
      ...MINT,
      navigation: [{ group: 'Start', pages: ['quickstart'] }],
      anchors: [{ name: 'API Reference', url: 'api-reference', openapi: '/openapi.json', icon: 'code' }],
    };
    const document = loadSiteDocument('mint.json', JSON.stringify(mint, null, 2));
    expect(document.findings.map(({ code, pointer, message }) => ({ code, pointer, message }))).toEqual([
      {
        code: 'mint-json-warning',
        pointer: '/anchors/0/url',
        message:
          'No page of `navigation` starts with this anchor\'s url "api-reference": the platform\'s legacy check warns "No pages in the navigation match anchor api-reference".',
      },
    ]);
  });
});
