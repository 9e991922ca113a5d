/**
 * Every field the platform keeps (platform-facts §1a) is accepted with a valid value and
 * reported, at its own pointer, with a bad one; every field it strips is `unknown-field`.
 * Run through validateText, so the schema, the walker and the rules all see each case.
 */
import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { resolveText } from '../../src/resolve.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

type Place = { at: string; build: (fields: Record<string, unknown>) => Record<string, unknown> };

/** Where each element sits in a minimal docs.json, and the pointer of that element. */
const PLACES: Record<string, Place> = {
  group: { at: '/navigation/groups/0', build: (f) => ({ groups: [{ group: 'G', pages: ['a'], ...f }] }) },
  tab: { at: '/navigation/tabs/0', build: (f) => ({ tabs: [{ tab: 'T', ...f }] }) },
  anchor: { at: '/navigation/anchors/0', build: (f) => ({ anchors: [{ anchor: 'A', pages: ['a'], ...f }] }) },
  dropdown: { at: '/navigation/dropdowns/0', build: (f) => ({ dropdowns: [{ dropdown: 'D', pages: ['a'], ...f }] }) },
  product: { at: '/navigation/products/0', build: (f) => ({ products: [{ product: 'P', pages: ['a'], ...f }] }) },
  'menu item': { at: '/navigation/tabs/0/menu/0', build: (f) => ({ tabs: [{ tab: 'T', menu: [{ item: 'I', pages: ['a'], ...f }] }] }) },
  version: { at: '/navigation/versions/0', build: (f) => ({ versions: [{ version: 'v1', pages: ['a'], ...f }] }) },
  language: { at: '/navigation/languages/0', build: (f) => ({ languages: [{ language: 'en', pages: ['a'], ...f }] }) },
  'global anchor': {
    at: '/navigation/global/anchors/0',
    build: (f) => ({ pages: ['a'], global: { anchors: [{ anchor: 'A', href: 'https://x.example', ...f }] } }),
  },
  'global tab': { at: '/navigation/global/tabs/0', build: (f) => ({ pages: ['a'], global: { tabs: [{ tab: 'T', href: 'https://x.example', ...f }] } }) },
  'global dropdown': { at: '/navigation/global/dropdowns/0', build: (f) => ({ pages: ['a'], global: { dropdowns: [{ dropdown: 'D', ...f }] } }) },
  'global product': { at: '/navigation/global/products/0', build: (f) => ({ pages: ['a'], global: { products: [{ product: 'P', ...f }] } }) },
  'global version': { at: '/navigation/global/versions/0', build: (f) => ({ pages: ['a'], global: { versions: [{ version: 'v1', ...f }] } }) },
  'global language': { at: '/navigation/global/languages/0', build: (f) => ({ pages: ['a'], global: { languages: [{ language: 'en', ...f }] } }) },
  navigation: { at: '/navigation', build: (f) => ({ pages: ['a'], ...f }) },
};

const GLOBAL = { anchors: [{ anchor: 'Status', href: 'https://status.example.com' }] };
const COLOR = { light: '#0D9373', dark: '#fff' };

/** [element, field, valid values, invalid values with the code and the pointer below the field] */
type Row = [string, string, unknown[], Array<[unknown, string, string]>];

const KEPT: Row[] = [
  ['group', 'public', [true, false], [['yes', 'invalid-type', '']]],
  [
    'group',
    'boost',
    [2, 0.5],
    [
      [0, 'invalid-value', ''],
      [-1, 'invalid-value', ''],
      ['high', 'invalid-type', ''],
    ],
  ],
  ['group', 'searchable', [true], [[1, 'invalid-type', '']]],
  [
    'group',
    'sdk',
    [
      { format: 'typedoc', source: 'sdk/ts' },
      { format: 'sphinx', source: 'py', directory: 'reference/py' },
    ],
    [
      [{ format: 'doxygen', source: 'x' }, 'invalid-value', '/format'],
      [{ source: 'x' }, 'missing-field', ''],
      // The platform holds `sdk`, `global` and `color` to their keys: the element fails (checkStrictValues).
      [{ format: 'javadoc', source: 'x', output: 'y' }, 'invalid-value', '/output'],
      ['typedoc', 'invalid-type', ''],
    ],
  ],
  ['tab', 'searchable', [false], [['no', 'invalid-type', '']]],
  [
    'tab',
    'align',
    ['start', 'end'],
    [
      ['middle', 'invalid-value', ''],
      [1, 'invalid-type', ''],
    ],
  ],
  [
    'tab',
    'graphql',
    ['schema.graphql', { source: 'schema.graphql', directory: 'graphql' }],
    [
      [5, 'invalid-type', ''],
      [{ directory: 'x' }, 'missing-field', ''],
      // The platform's graphql object is strict, and its source a path or an https URL: the tab fails.
      [{ source: 'a', format: 'x' }, 'invalid-value', '/format'],
      [' ', 'invalid-value', ''],
      ['http://example.com/schema.graphql', 'invalid-value', ''],
      ['mailto:a@example.com', 'invalid-value', ''],
      [{ source: 'a', directory: ' ' }, 'invalid-value', '/directory'],
      [{ source: '' }, 'invalid-value', '/source'],
    ],
  ],
  ['tab', 'sdk', [{ format: 'phpdoc', source: 'php' }], [[{ format: 'docfx' }, 'missing-field', '']]],
  [
    'tab',
    'global',
    [GLOBAL],
    [
      ['x', 'invalid-type', ''],
      [{ links: [] }, 'invalid-value', '/links'],
    ],
  ],
  ['anchor', 'global', [GLOBAL], [[[], 'invalid-type', '']]],
  ['anchor', 'color', [COLOR], [[{ light: 'green' }, 'invalid-value', '/light']]],
  ['dropdown', 'global', [GLOBAL], [[1, 'invalid-type', '']]],
  [
    'dropdown',
    'color',
    [COLOR, { dark: '#000' }],
    [
      [{ light: '#12345' }, 'invalid-value', '/light'],
      [{ mid: '#000' }, 'invalid-value', '/mid'],
    ],
  ],
  ['dropdown', 'description', ['All SDKs'], [[3, 'invalid-type', '']]],
  ['product', 'global', [GLOBAL], [['x', 'invalid-type', '']]],
  ['product', 'color', [COLOR], [['#fff', 'invalid-type', '']]],
  ['product', 'name', ['Cloud'], [[false, 'invalid-type', '']]],
  ['menu item', 'global', [GLOBAL], [['x', 'invalid-type', '']]],
  ['version', 'href', ['https://v1.example.com', '/v1'], [[1, 'invalid-type', '']]],
  ['language', 'href', ['https://fr.example.com'], [[['x'], 'invalid-type', '']]],
  ['global anchor', 'color', [COLOR], [[{ light: 'x' }, 'invalid-value', '/light']]],
  ['global anchor', 'hidden', [true], [['true', 'invalid-type', '']]],
  [
    'global anchor',
    'icon',
    ['signal', { name: 'signal', style: 'solid' }, 'fab-signal'],
    [
      [3, 'invalid-type', ''],
      // The platform's iconSchema refuses Font Awesome's prefix: the element fails.
      ['fa-signal', 'invalid-value', ''],
      [{ name: 'fa-signal' }, 'invalid-value', '/name'],
    ],
  ],
  ['global anchor', 'directory', ['card'], [['cards', 'invalid-value', '']]],
  ['global tab', 'searchable', [true], [[0, 'invalid-type', '']]],
  ['global tab', 'align', ['end'], [['right', 'invalid-value', '']]],
  ['global tab', 'hidden', [false], [[null, 'invalid-type', '']]],
  ['global tab', 'icon', ['pen'], [[[], 'invalid-type', '']]],
  ['global tab', 'directory', ['none'], [['list', 'invalid-value', '']]],
  ['global dropdown', 'color', [COLOR], [[{ dark: 'black' }, 'invalid-value', '/dark']]],
  ['global dropdown', 'description', ['More'], [[1, 'invalid-type', '']]],
  ['global dropdown', 'hidden', [true], [[1, 'invalid-type', '']]],
  ['global dropdown', 'icon', ['bars'], [[1, 'invalid-type', '']]],
  ['global dropdown', 'directory', ['accordion'], [['x', 'invalid-value', '']]],
  ['global product', 'name', ['Other'], [[1, 'invalid-type', '']]],
  ['global product', 'color', [COLOR], [[1, 'invalid-type', '']]],
  ['global product', 'description', ['d'], [[{}, 'invalid-type', '']]],
  ['global product', 'hidden', [true], [['no', 'invalid-type', '']]],
  ['global product', 'icon', ['box'], [[1, 'invalid-type', '']]],
  ['global product', 'directory', ['card'], [['grid', 'invalid-value', '']]],
  ['global version', 'default', [true], [['yes', 'invalid-type', '']]],
  ['global version', 'tag', ['beta'], [[1, 'invalid-type', '']]],
  ['global version', 'hidden', [true], [[1, 'invalid-type', '']]],
  ['global version', 'directory', ['none'], [['x', 'invalid-value', '']]],
  ['global version', 'href', ['/v1'], [[1, 'invalid-type', '']]],
  ['global language', 'default', [false], [[0, 'invalid-type', '']]],
  ['global language', 'banner', [{ content: 'Hi' }], [['Hi', 'invalid-type', '']]],
  ['global language', 'footer', [{}], [[[], 'invalid-type', '']]],
  ['global language', 'navbar', [{ links: [] }], [[1, 'invalid-type', '']]],
  ['global language', 'hidden', [true], [[1, 'invalid-type', '']]],
  ['global language', 'directory', ['card'], [['x', 'invalid-value', '']]],
  ['global language', 'href', ['https://fr.example.com'], [[1, 'invalid-type', '']]],
  [
    'group',
    'openapi',
    [{ source: 'a.json', overlays: ['overlay.yaml'] }, ['a.json', { source: 'b.json', directory: 'b' }]],
    [
      [{ source: 'a.json', overlays: 'overlay.yaml' }, 'invalid-type', '/overlays'],
      [{ source: 'a.json', overlays: [1] }, 'invalid-type', '/overlays/0'],
      [['a.json', { directory: 'b' }], 'missing-field', '/1'],
      [['a.json', 5], 'invalid-type', '/1'],
    ],
  ],
  ['tab', 'asyncapi', [{ source: 'events.yaml', directory: 'events' }, ['a.yaml', { source: 'b.yaml' }]], [[{ source: 1 }, 'invalid-type', '/source']]],
];

/** Fields the platform strips: unknown-field at the key (platform-facts §1a). */
const STRIPPED: Array<[string, string, unknown]> = [
  ['group', 'collapsed', true],
  ['group', 'anchor', 'x'],
  ['group', 'sidebarTitle', 'x'],
  ['group', 'drilldown', true],
  ['group', 'expandable', true],
  ['group', 'deprecated', true],
  ['group', 'version', 'v1'],
  ['tab', 'url', 'https://x.example'],
  ['tab', 'badge', 'new'],
  ['tab', 'description', 'x'],
  ['tab', 'iconType', 'solid'],
  ['tab', 'tabs', []],
  ['anchor', 'anchors', []],
  ['anchor', 'iconType', 'solid'],
  ['dropdown', 'dropdowns', []],
  ['product', 'products', []],
  ['version', 'versions', []],
  ['language', 'languages', []],
  ['menu item', 'root', 'x'],
  ['global anchor', 'type', 'link'],
  ['navigation', 'default', 'x'],
  ['navigation', 'home', 'x'],
  ['navigation', 'openapi', 'openapi.json'],
  ['navigation', 'hidden', true],
];

const problemsOf = (navigation: Record<string, unknown>) =>
  validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }))
    .problems.filter((p) => p.severity === 'error')
    .map((p) => ({ code: p.code, pointer: p.pointer }));

describe('platform-facts §1a: every field the platform keeps', () => {
  const valid = KEPT.flatMap(([element, field, values]) => values.map((value) => ({ element, field, value })));
  it.each(valid)('$element `$field`: $value is accepted', ({ element, field, value }) => {
    const problems = problemsOf(PLACES[element].build({ [field]: value }));
    // A link `href` on an element that also holds pages is accepted, and costs those pages on the platform (href-drops-pages).
    if (field === 'href' && !element.startsWith('global')) expect(problems).toEqual([{ code: 'href-drops-pages', pointer: `${PLACES[element].at}/href` }]);
    else expect(problems).toEqual([]);
  });

  const invalid = KEPT.flatMap(([element, field, , bad]) => bad.map(([value, code, below]) => ({ element, field, value, code, below })));
  it.each(invalid)('$element `$field`: $value is $code', ({ element, field, value, code, below }) => {
    const place = PLACES[element];
    const pointer = code === 'unknown-field' || below ? `${place.at}/${field}${below}` : `${place.at}/${field}`;
    expect(problemsOf(place.build({ [field]: value }))).toEqual([{ code, pointer }]);
  });
});

describe('platform-facts §1a: fields the platform strips stay unknown-field', () => {
  it.each(STRIPPED.map(([element, field, value]) => ({ element, field, value })))('$element `$field`', ({ element, field, value }) => {
    const place = PLACES[element];
    const result = validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation: place.build({ [field]: value }) }));
    const unknown = result.problems.filter((p) => p.code === 'unknown-field');
    expect(unknown.map((p) => p.pointer)).toEqual([`${place.at}/${field}`]);
  });

  it('suggests the kept field that was meant', () => {
    const result = validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { tabs: [{ tab: 'T', serchable: true, algn: 'end', pages: ['a'] }] } }));
    expect(result.problems.map((p) => [p.code, p.pointer, p.suggest])).toEqual([
      ['unknown-field', '/navigation/tabs/0/serchable', 'searchable'],
      ['unknown-field', '/navigation/tabs/0/algn', 'align'],
    ]);
  });
});

describe('generated pages: asyncapi, sdk and graphql', () => {
  it('a group with `asyncapi` or `sdk` may leave out `pages`', () => {
    expect(
      problemsOf({
        groups: [
          { group: 'Events', asyncapi: 'events.yaml' },
          { group: 'SDK', sdk: { format: 'typedoc', source: 'ts' } },
        ],
      }),
    ).toEqual([]);
  });

  it('a tab with `graphql` or `sdk` holds no children or only groups', () => {
    expect(
      problemsOf({
        tabs: [
          { tab: 'A', graphql: 'a.graphql' },
          { tab: 'B', sdk: { format: 'typedoc', source: 'ts' }, groups: [{ group: 'G', pages: ['a'] }] },
        ],
      }),
    ).toEqual([]);
    expect(problemsOf({ tabs: [{ tab: 'A', graphql: 'a.graphql', pages: ['a'] }] })).toEqual([{ code: 'mixed-children', pointer: '/navigation/tabs/0/pages' }]);
  });
});

describe('`{ "sourceRef": "<mount path>" }` entries (multi-repo deployments)', () => {
  it('stand in any array of navigation elements', () => {
    const navigation = {
      tabs: [{ tab: 'T', groups: [{ sourceRef: 'acme/api-docs' }, { group: 'G', pages: ['a', { sourceRef: 'acme/sdk-docs' }] }] }, { sourceRef: 'acme/other' }],
    };
    expect(problemsOf(navigation)).toEqual([]);
  });

  it('are checked: any non-empty string (the platform takes `acme`, `a/b/c` and a space), no other keys (an empty one, or another key, fails the build, wherever the entry is: test/resolve/build-cases.ts)', () => {
    expect(problemsOf({ tabs: [{ sourceRef: 'acme' }, { sourceRef: 'a/b/c' }, { sourceRef: ' ' }] })).toEqual([]);
    expect(problemsOf({ tabs: [{ sourceRef: '' }, { sourceRef: 'acme/x', tab: 'T' }, { sourceRef: 5 }] })).toEqual([
      { code: 'invalid-value', pointer: '/navigation/tabs/0/sourceRef' },
      { code: 'invalid-value', pointer: '/navigation/tabs/1/tab' },
      { code: 'invalid-type', pointer: '/navigation/tabs/2/sourceRef' },
    ]);
    const result = validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { tabs: [{ sourceRef: 'acme/x', tab: 'T' }] } }));
    expect(result.problems[0].message).toBe(
      '`tab` is not a field of a `sourceRef` entry; a `sourceRef` entry takes no other key on the platform, and the platform rejects the whole docs.json for it.',
    );
  });

  it('an empty one deep in a tab fails the build: no array is said to be lost instead, and the tree keeps the pages beside it', async () => {
    const navigation = {
      tabs: [
        { tab: 'T', groups: [{ group: 'G', pages: ['a', { sourceRef: '' }] }] },
        { tab: 'U', pages: ['b'] },
      ],
    };
    const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation });
    const [problem] = validateText(text).problems;
    expect(problem).toMatchObject({ code: 'invalid-value', pointer: '/navigation/tabs/0/groups/0/pages/1/sourceRef', severity: 'error' });
    expect(problem.message).toBe('`sourceRef` must not be empty (the mount path of a git source), and the platform rejects the whole docs.json for it.');
    expect((await resolveText(text)).tree.pages.map((page) => page.path)).toEqual(['a', 'b']);
  });

  it('another key on an entry deep in a tab fails the build too: no array is said to be lost instead', () => {
    const navigation = { anchors: [{ anchor: 'A', tabs: [{ tab: 'T', pages: [{ sourceRef: 'acme/docs', hidden: true }, 'a'] }] }] };
    const [problem] = validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation })).problems;
    expect(problem).toMatchObject({ code: 'invalid-value', pointer: '/navigation/anchors/0/tabs/0/pages/0/hidden', severity: 'error' });
    expect(problem.message).toMatch(/rejects the whole docs\.json for it\.$/);
    expect(problem.message).not.toMatch(/drops/);
  });
});
