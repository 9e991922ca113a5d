import { describe, expect, it } from 'vitest';
import { externalHref } from '../../src/rules/external-href.js';
import { JUNK, nestedGroups, runRule, testRule, type RuleCase } from './harness.js';

/** A navigation whose `global.anchors` hold one anchor per href. */
const anchors = (...hrefs: unknown[]) => ({ tabs: [], global: { anchors: hrefs.map((href, i) => ({ anchor: `A${i}`, href })) } });
const at = (i: number, suggest?: string) => ({ pointer: `/navigation/global/anchors/${i}/href`, ...(suggest ? { suggest } : {}) });
const deep = nestedGroups(5000, { pages: ['a'], href: '/not-checked' });

const cases: RuleCase[] = [
  // Valid.
  { name: 'https URL', navigation: anchors('https://status.example.com'), expected: [] },
  { name: 'http URL with path, query and fragment', navigation: anchors('http://x.example/a/b?c=1#d'), expected: [] },
  { name: 'upper-case scheme', navigation: anchors('HTTPS://X.EXAMPLE'), expected: [] },
  {
    name: 'anchors inside navigation may link inside the site',
    navigation: {
      anchors: [
        { anchor: 'A', href: '/guides', pages: ['a'] },
        { anchor: 'B', href: '#x' },
      ],
    },
    expected: [],
  },
  {
    name: 'tabs inside navigation may link inside the site',
    navigation: { tabs: [{ tab: 'T', href: 'guides', anchors: [{ anchor: 'A', href: './x' }] }] },
    expected: [],
  },
  {
    name: 'other `global` arrays are not checked',
    navigation: { tabs: [], global: { tabs: [{ tab: 'T', href: '/x' }], dropdowns: [{ dropdown: 'D', href: 'x' }] } },
    expected: [],
  },
  {
    name: 'a tab’s own `global` anchors are global anchors too (platform-facts §1a)',
    navigation: { tabs: [{ tab: 'T', global: { anchors: [{ anchor: 'A', href: '/x' }] } }] },
    expected: [{ pointer: '/navigation/tabs/0/global/anchors/0/href' }],
  },
  { name: 'non-string href is the schema’s business', navigation: anchors(7, null, ['https://x.example'], { url: '/x' }), expected: [] },
  { name: 'missing href is the schema’s business', navigation: { pages: [], global: { anchors: [{ anchor: 'A' }] } }, expected: [] },
  { name: 'junk in `global.anchors` and `global`', navigation: { pages: [...JUNK], global: { anchors: [...JUNK], tabs: 'x', languages: null } }, expected: [] },
  { name: '`global` that is not an object', navigation: { pages: [], global: ['https://x'] }, expected: [] },
  { name: 'href on a group 5,000 levels down is not checked', navigation: deep.navigation, expected: [] },

  // Invalid.
  { name: 'relative path', navigation: anchors('guides/intro'), expected: [at(0)] },
  { name: 'root-relative path', navigation: anchors('/guides'), expected: [at(0)] },
  { name: 'fragment', navigation: anchors('#top'), expected: [at(0)] },
  { name: 'javascript:', navigation: anchors('javascript:alert(1)'), expected: [at(0)] },
  { name: 'mailto:', navigation: anchors('mailto:team@x.example'), expected: [at(0)] },
  { name: 'protocol-relative suggests https', navigation: anchors('//status.example.com'), expected: [at(0, 'https://status.example.com')] },
  { name: 'protocol-relative with a path', navigation: anchors('//cdn.example.com/a/b'), expected: [at(0, 'https://cdn.example.com/a/b')] },
  { name: 'bare host suggests https', navigation: anchors('www.x.com'), expected: [at(0, 'https://www.x.com')] },
  { name: 'bare host with a path', navigation: anchors('github.com/acme/docs'), expected: [at(0, 'https://github.com/acme/docs')] },
  { name: 'other schemes', navigation: anchors('ftp://x.example', 'file:///etc/hosts'), expected: [at(0), at(1)] },
  { name: 'scheme without a host', navigation: anchors('https://', 'https:/x.example'), expected: [at(0), at(1)] },
  { name: 'leading whitespace', navigation: anchors(' https://x.example'), expected: [at(0)] },
  { name: 'empty string', navigation: anchors(''), expected: [at(0)] },
  {
    name: 'several, in order; good ones skipped',
    navigation: anchors('/a', 'https://ok.example', '#b', 'www.c.com'),
    expected: [at(0), at(2), at(3, 'https://www.c.com')],
  },
  {
    name: 'junk beside a bad anchor',
    navigation: { pages: [], global: { anchors: [...JUNK, { anchor: 'A', href: '/x' }] } },
    expected: [{ pointer: `/navigation/global/anchors/${JUNK.length}/href` }],
  },
  {
    name: '`global` of versions and languages, in document order',
    navigation: {
      versions: [
        { version: 'v1', global: { anchors: [{ anchor: 'A', href: 'https://ok.example' }] } },
        {
          version: 'v2',
          languages: [{ language: 'en', global: { anchors: [{ anchor: 'B', href: '/blog' }] } }],
          global: { anchors: [{ anchor: 'C', href: 'x' }] },
        },
      ],
      global: { anchors: [{ anchor: 'D', href: 'mailto:a@b.example' }] },
    },
    expected: [
      { pointer: '/navigation/versions/1/languages/0/global/anchors/0/href' },
      { pointer: '/navigation/versions/1/global/anchors/0/href' },
      { pointer: '/navigation/global/anchors/0/href' },
    ],
  },

  // What is suggested: a bare host gets https://, a page file or text with spaces nothing.
  {
    name: 'bare hosts with several labels get https://',
    navigation: anchors('docs.acme.com', 'api.json.example.com'),
    expected: [at(0, 'https://docs.acme.com'), at(1, 'https://api.json.example.com')],
  },
  {
    name: 'page and spec files, and text after a host, are no bare hosts',
    navigation: anchors('intro.md', 'index.htm', 'api.yml', 'x.com and more'),
    expected: [
      { ...at(0), message: /need an absolute http\(s\) URL\. For a page of this site, use a tab or anchor with pages instead\.$/ },
      at(1),
      at(2),
      at(3),
    ],
  },
  {
    name: 'with a suggestion, no word about pages',
    navigation: anchors('www.x.com'),
    expected: [{ ...at(0, 'https://www.x.com'), message: /need an absolute http\(s\) URL\.$/ }],
  },

  // The platform profile: absolute URLs, /path, #hash and mailto: are fine.
  { name: 'platform: root-relative path', profile: 'platform', navigation: anchors('/guides', '/'), expected: [] },
  { name: 'platform: fragment', profile: 'platform', navigation: anchors('#top'), expected: [] },
  { name: 'platform: mailto:', profile: 'platform', navigation: anchors('mailto:team@x.example', 'MAILTO:a@b.example'), expected: [] },
  {
    name: 'platform: other absolute URLs',
    profile: 'platform',
    navigation: anchors('ftp://x.example', 'https://ok.example', 'slack://open?team=T1'),
    expected: [],
  },
  { name: 'platform: protocol-relative starts with /', profile: 'platform', navigation: anchors('//status.example.com'), expected: [] },
  { name: 'platform: relative path suggests /path', profile: 'platform', navigation: anchors('guides/intro'), expected: [at(0, '/guides/intro')] },
  { name: 'platform: bare host suggests https', profile: 'platform', navigation: anchors('www.x.com'), expected: [at(0, 'https://www.x.com')] },
  {
    // The platform builds any href `URL` parses (measured with prebuild 1.0.1341, at the root and in a dropdown's global): a warning.
    name: 'platform: a script URL builds: a warning that says it runs on click',
    profile: 'platform',
    navigation: anchors('javascript:alert(1)', 'javascript://x.example/%0aalert(1)', 'data:text/html,x'),
    expected: [
      { ...at(0), severity: 'warning', message: /is a script URL: the platform builds it as written, and it runs in the reader's browser/ },
      { ...at(1), severity: 'warning' },
      { ...at(2), severity: 'warning' },
    ],
  },
  {
    // '' and 'https://' fail the build ("Must be a valid URL or relative path"); 'mailto:' and a leading space build.
    name: 'platform: empty and a scheme without host are errors; mailto: with nothing and a leading space warnings',
    profile: 'platform',
    navigation: anchors('', 'mailto:', 'https://', ' https://x.example'),
    expected: [
      { ...at(0), severity: 'error' },
      { ...at(1), severity: 'warning', message: /is not a plain link .*: the platform builds it as written/ },
      { ...at(2), severity: 'error' },
      { ...at(3), severity: 'warning' },
    ],
  },
  {
    name: 'platform: a scheme with digits is an absolute URL',
    profile: 'platform',
    navigation: anchors('s3://bucket.example/key', 'web+x2://host'),
    expected: [],
  },
  {
    name: 'platform: a nested relative path suggests /path; one starting with a dot nothing',
    profile: 'platform',
    navigation: anchors('guides/deep/intro', './intro', '.hidden/x'),
    expected: [at(0, '/guides/deep/intro'), at(1), at(2)],
  },
  {
    name: 'platform: mailto: and script schemes count only at the start',
    profile: 'platform',
    navigation: anchors('see mailto:a@b.example', 'metadata:x', 'x://[bad'),
    expected: [
      {
        ...at(0),
        severity: 'error',
        message:
          /^Global anchor href "see mailto:a@b\.example" is not a link the hosted platform accepts: use an absolute URL, a \/path, a #hash or a mailto: link\.$/,
      },
      // `metadata:x` parses as a URL: the platform builds it (not a script URL).
      { ...at(1), severity: 'warning', message: /is not a plain link/ },
      { ...at(2), severity: 'error' },
    ],
  },
  {
    name: 'platform: a script URL is said to be one',
    profile: 'platform',
    navigation: anchors(' javascript:x'),
    expected: [{ ...at(0), severity: 'warning', message: /^Global anchor href " javascript:x" is a script URL: / }],
  },
  {
    name: 'platform: a file: URL builds: a warning',
    profile: 'platform',
    navigation: anchors('file:///etc/hosts'),
    expected: [{ ...at(0), severity: 'warning' }],
  },
];

/** The default profile (the platform's): what the platform accepts is no problem, what it rejects an error. */
const defaultCases: RuleCase[] = [
  { name: 'default: /path, #hash and mailto: are the platform’s', navigation: anchors('/status', '#top', 'mailto:team@x.example'), expected: [] },
  {
    name: 'default: a bare host is an error',
    navigation: anchors('status.example.com'),
    expected: [{ ...at(0, 'https://status.example.com'), severity: 'error' }],
  },
];

// The table was written for the spec profile (a case that names `platform` keeps it): what the platform
// also accepts is a warning there (`severity: 'warning'` where a case says), an error only where both reject it.
testRule(
  externalHref,
  [...cases.map((testCase) => ({ profile: 'spec' as const, ...testCase })), ...defaultCases],
  /^Global anchor href ".*" is (not (an external URL|a link the hosted platform accepts|a plain link)|a script URL)/,
);

describe('external-href wording', () => {
  const messageOf = (href: string, profile: 'spec' | 'platform') => runRule(externalHref, { navigation: anchors(href), profile })[0].message;
  const severityOf = (href: string, profile: 'spec' | 'platform') => runRule(externalHref, { navigation: anchors(href), profile })[0].severity ?? 'error';

  it.each(['/blog', '#top', 'mailto:a@b.example', 'ftp://x.example'])('under spec, says the platform accepts %s, as a warning', (href) => {
    expect(messageOf(href, 'spec')).toBe(
      `Global anchor href "${href}" is not an external URL: the spec allows only absolute http(s) URLs for global anchors, which link out of the site; the hosted platform accepts "${href}", so this is a warning (the default profile, platform, accepts it; make it an error with "rules" in docsnav.config.json).`,
    );
    expect(severityOf(href, 'spec')).toBe('warning');
  });

  it.each(['guides/intro', 'javascript:alert(1)', ''])('under spec, %j is rejected by both: no platform hint, an error', (href) => {
    expect(messageOf(href, 'spec')).toMatch(/is not an external URL: global anchors link out of the site and need an absolute http\(s\) URL\./);
    expect(messageOf(href, 'spec')).not.toContain('platform');
    expect(severityOf(href, 'spec')).toBe('error');
  });

  it('under platform, says what the platform accepts', () => {
    expect(messageOf('guides/intro', 'platform')).toBe(
      'Global anchor href "guides/intro" is not a link the hosted platform accepts: use an absolute URL, a /path, a #hash or a mailto: link.',
    );
    expect(messageOf('javascript:alert(1)', 'platform')).toBe(
      'Global anchor href "javascript:alert(1)" is a script URL: the platform builds it as written, and it runs in the reader\'s browser when the anchor is clicked, on every page. Use an https URL, a /path or a #hash.',
    );
    expect(severityOf('javascript:alert(1)', 'platform')).toBe('warning');
    expect(severityOf('guides/intro', 'platform')).toBe('error');
  });
});
