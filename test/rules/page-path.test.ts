import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import type { ValidateOptions } from '../../src/pipeline/options.js';
import { pagePath } from '../../src/rules/page-path.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const pages = (...list: unknown[]) => ({ pages: list });
const at = (i: number, suggest: string) => ({ pointer: `/navigation/pages/${i}`, suggest });
const five = (list: unknown[]) => ({
  products: [
    {
      product: 'P',
      dropdowns: [
        {
          dropdown: 'D',
          anchors: [{ anchor: 'A', versions: [{ version: 'v1', languages: [{ language: 'en', tabs: [{ tab: 'T', menu: [{ item: 'I', pages: list }] }] }] }] }],
        },
      ],
    },
  ],
});
const FIVE = '/navigation/products/0/dropdowns/0/anchors/0/versions/0/languages/0/tabs/0/menu/0/pages';
const deep = nestedGroups(5000, { pages: ['ok', 'guides/setup.mdx'] });

const cases: RuleCase[] = [
  // Valid.
  { name: 'tidy paths', navigation: pages('intro', 'guides/setup', 'v1.2/notes', 'a-b_c/d.e', { group: 'G', pages: ['nested/page'] }), expected: [] },
  {
    name: 'endpoint entries are not page paths',
    navigation: pages('GET /users/', 'post /users/{id}.md', 'spec.json GET /x', '/api/spec.yaml DELETE /x/', '  PATCH   /x  '),
    expected: [],
  },
  { name: 'webhook entries are not page paths', navigation: pages('webhook created.md', 'spec.json webhook x/'), expected: [] },
  { name: 'URLs are not page paths', navigation: pages('https://x.example/', 'https://github.com/acme/docs/README.md'), expected: [] },
  { name: 'junk', navigation: pages(...JUNK), expected: [] },
  { name: '/.. climbing out is path-outside-root’s business', navigation: pages('/../x', '/..'), expected: [] },
  {
    name: 'paths in non-`pages` fields are not checked',
    navigation: { tabs: [{ tab: '/x.mdx', href: './y.md', groups: [{ group: 'a/', pages: ['ok'], icon: '/i.svg' }] }] },
    expected: [],
  },

  // Invalid, with the clean form as the suggestion.
  {
    name: '.mdx: an error (the platform looks for `intro.mdx.mdx` and links to a page that does not exist)',
    navigation: pages('intro.mdx'),
    expected: [
      {
        ...at(0, 'intro'),
        severity: 'error',
        message:
          /^Page path "intro\.mdx" has a file extension: the platform looks for "intro\.mdx\.mdx" and its sidebar links to a page that does not exist\.$/,
      },
    ],
  },
  { name: '.md in a folder', navigation: pages('guides/setup.md'), expected: [at(0, 'guides/setup')] },
  { name: 'upper-case extension', navigation: pages('intro.MDX'), expected: [at(0, 'intro')] },
  { name: 'leading ./', navigation: pages('./intro'), expected: [at(0, 'intro')] },
  {
    name: 'leading /',
    navigation: pages('/guides/setup'),
    expected: [
      { ...at(0, 'guides/setup'), severity: 'info', message: /^Page path "\/guides\/setup" has a leading `\/` \(harmless: the platform strips it\)\.$/ },
    ],
  },
  { name: 'leading / before a dot folder', navigation: pages('/.well-known/page', '/./intro'), expected: [at(0, '.well-known/page'), at(1, 'intro')] },
  { name: 'trailing /', navigation: pages('guides/'), expected: [at(0, 'guides')] },
  { name: 'backslash', navigation: pages('guides\\setup'), expected: [at(0, 'guides/setup')] },
  {
    name: 'leading whitespace: an error',
    navigation: pages(' intro'),
    expected: [{ ...at(0, 'intro'), severity: 'error', message: /looks for " intro\.mdx"/ }],
  },
  { name: 'trailing whitespace: an error', navigation: pages('intro\t'), expected: [{ ...at(0, 'intro'), severity: 'error' }] },
  { name: 'all at once', navigation: pages(' ./guides\\setup.mdx/ '), expected: [{ ...at(0, 'guides/setup'), severity: 'error' }] },
  {
    name: 'a blank entry: an error, to remove (nothing to suggest)',
    navigation: pages('intro', ' ', '\t'),
    expected: [
      {
        pointer: '/navigation/pages/1',
        severity: 'error',
        message: /^Page path " " is blank: the platform shows a sidebar link to a page that does not exist\. Remove it\.$/,
      },
      { pointer: '/navigation/pages/2', severity: 'error' },
    ],
  },
  { name: 'several in one list, in order', navigation: pages('ok', '/a', 'fine', 'b.md', 'c/'), expected: [at(1, 'a'), at(3, 'b'), at(4, 'c')] },
  {
    name: 'only slashes: reported, with nothing to suggest',
    navigation: pages('/', './'),
    expected: [
      { pointer: '/navigation/pages/0', message: /^Page path "\/" has a leading `\/` and names no page\.$/ },
      { pointer: '/navigation/pages/1', message: /^Page path "\.\/" has a leading `\.\/`, a trailing `\/` and names no page\.$/ },
    ],
  },
  { name: 'a page with a space and an extension', navigation: pages('my page.mdx'), expected: [at(0, 'my page')] },
  {
    name: 'inside a group after junk',
    navigation: { groups: [{ group: 'G', pages: [...JUNK, '/x.md'] }] },
    expected: [{ pointer: `/navigation/groups/0/pages/${JUNK.length}`, suggest: 'x' }],
  },
  { name: 'inside a menu item six levels down', navigation: five(['ok', './deep.md']), expected: [{ pointer: `${FIVE}/1`, suggest: 'deep' }] },
  { name: '5,000 levels down', navigation: deep.navigation, expected: [{ pointer: `${deep.pointer}/pages/1`, suggest: 'guides/setup' }] },
];

testRule(pagePath, cases, /^Page path ".*" (has (a file extension|a leading `\.\/`|a leading `\/`|a trailing `\/`|a backslash|stray whitespace)|is blank)/);

describe('page-path severity', () => {
  const severities = (pages: string[], rules?: ValidateOptions['rules']) =>
    validateText(JSON.stringify({ navigation: { pages } }), { rules })
      .problems.filter((p) => p.code === 'page-path')
      .map((p) => [p.pointer, p.severity]);

  it('a leading `/` alone is info (the platform strips it); what the platform finds no page for is an error; the rest a warning', () => {
    expect(severities(['/intro', '/a.mdx', 'b/', '//c', './d', ' e', 'f\\g', ' ', '/h/'])).toEqual([
      ['/navigation/pages/0', 'info'],
      ['/navigation/pages/1', 'error'],
      ['/navigation/pages/2', 'warning'],
      ['/navigation/pages/3', 'info'],
      ['/navigation/pages/4', 'warning'],
      ['/navigation/pages/5', 'error'],
      ['/navigation/pages/6', 'warning'],
      ['/navigation/pages/7', 'error'],
      // A leading `/` with something more is no longer harmless alone.
      ['/navigation/pages/8', 'warning'],
    ]);
  });

  it('says "harmless" of a leading `/` alone, and of nothing else', () => {
    const messages = validateText(JSON.stringify({ navigation: { pages: ['/intro', '/h/', 'b/'] } }))
      .problems.filter((p) => p.code === 'page-path')
      .map((p) => p.message);
    expect(messages).toEqual([
      'Page path "/intro" has a leading `/` (harmless: the platform strips it).',
      'Page path "/h/" has a leading `/`, a trailing `/`.',
      'Page path "b/" has a trailing `/`.',
    ]);
  });

  it('a configured severity applies to every case', () => {
    expect(severities(['/intro', 'a.mdx'], { 'page-path': 'error' })).toEqual([
      ['/navigation/pages/0', 'error'],
      ['/navigation/pages/1', 'error'],
    ]);
    expect(severities(['/intro', 'a.mdx'], { 'page-path': 'off' })).toEqual([]);
  });
});
