/**
 * src/lsp/elements.ts: which kind of navigation element an object is (by its keys from the
 * document root), and which keys it may still take, as the element model says.
 */
import { describe, expect, it } from 'vitest';
import { elementKindAt, keysAllowed } from '../../src/lsp/elements.js';
import { CHILD_KEYS, childKind, ELEMENT_KINDS, ELEMENTS, type ElementKind } from '../../src/navigation/model.js';

describe('elementKindAt', () => {
  it.each<[string, Array<string | number>, ElementKind | undefined]>([
    ['the navigation root', ['navigation'], 'navigation'],
    ['a tab', ['navigation', 'tabs', 0], 'tab'],
    ['a group in a tab', ['navigation', 'tabs', 2, 'groups', 1], 'group'],
    ['a group nested in pages', ['navigation', 'groups', 0, 'pages', 3], 'group'],
    ['a menu item of a tab', ['navigation', 'tabs', 0, 'menu', 0], 'item'],
    ['a language holding versions', ['navigation', 'languages', 0, 'versions', 1], 'version'],
    ["the root's global", ['navigation', 'global'], 'global'],
    ['a global anchor', ['navigation', 'global', 'anchors', 0], 'global-anchor'],
    ["a tab's global", ['navigation', 'tabs', 0, 'global'], 'global'],
    ["a global language of a tab's global", ['navigation', 'tabs', 0, 'global', 'languages', 2], 'global-language'],
    ['outside navigation', ['redirects', 0], undefined],
    ['the document root', [], undefined],
    ['a key of the root that is no child array', ['navigation', 'name', 0], undefined],
    ['a child array itself (no index after it)', ['navigation', 'tabs'], undefined],
    ['a child array written as an object', ['navigation', 'tabs', 'x'], undefined],
    ["a group's global (groups take none)", ['navigation', 'groups', 0, 'global'], undefined],
    ['an anchor in an anchor (the platform strips it)', ['navigation', 'anchors', 0, 'anchors', 0], undefined],
    ['global entries hold no children', ['navigation', 'global', 'tabs', 0, 'groups', 0], undefined],
    ['an index where a key is', ['navigation', 0, 0], undefined],
  ])('%s', (_, path, kind) => {
    expect(elementKindAt(path)).toBe(kind);
  });
});

/** The keys only, in order, for the cases where the descriptions are not the point. */
const keys = (kind: ElementKind, value: unknown) => keysAllowed(kind, value).map((option) => `${option.kind}:${option.key}:${option.type ?? '-'}`);

describe('keysAllowed', () => {
  it('an empty group: its title, pages, then its fields in the model order, each with its description and type', () => {
    expect(keysAllowed('group', {})).toEqual([
      { key: 'group', kind: 'name', description: 'The title of the group.', type: 'string' },
      { key: 'pages', kind: 'children', description: 'Pages (paths, endpoint entries) and groups.', type: 'array' },
      { key: 'icon', kind: 'field', description: 'An icon name (e.g. "book"), or an object {name, style?, library?}.', type: undefined },
      { key: 'tag', kind: 'field', description: 'A short label shown beside the title, e.g. "NEW".', type: 'string' },
      { key: 'expanded', kind: 'field', description: 'Show a nested group expanded by default. Top-level groups are always expanded.', type: 'boolean' },
      { key: 'root', kind: 'field', description: 'The page opened when the group title is clicked.', type: 'string' },
      { key: 'hidden', kind: 'field', description: 'Hide the element from the navigation (its pages still exist).', type: 'boolean' },
      {
        key: 'openapi',
        kind: 'field',
        description:
          'The OpenAPI specification of this element and its children: a path relative to the docs root or a URL, an array of them (or of {source, directory} objects), or {source, directory}.',
        type: undefined,
      },
      {
        key: 'asyncapi',
        kind: 'field',
        description:
          'The AsyncAPI specification of this element and its children: a path relative to the docs root or a URL, an array of them (or of {source, directory} objects), or {source, directory}.',
        type: undefined,
      },
      { key: 'directory', kind: 'field', description: "How a section's pages are listed on its overview: `none`, `accordion` or `card`.", type: 'string' },
      { key: 'public', kind: 'field', description: "On a site behind authentication, the group's pages can be viewed without logging in.", type: 'boolean' },
      {
        key: 'boost',
        kind: 'field',
        description: "Search-ranking multiplier for the group's pages (inherited by groups inside it); greater than 0.",
        type: undefined,
      },
      { key: 'searchable', kind: 'field', description: 'Keep the pages of a hidden element in search results.', type: 'boolean' },
      { key: 'sdk', kind: 'field', description: 'Generate SDK reference pages: {format, source, directory?}.', type: undefined },
    ]);
  });

  it('a global anchor: its required href offered once, as the string field it is', () => {
    expect(keysAllowed('global-anchor', { anchor: 'Status' })).toEqual([
      { key: 'href', kind: 'field', description: 'A link; on a global anchor, an external URL.', type: 'string' },
      { key: 'icon', kind: 'field', description: 'An icon name (e.g. "book"), or an object {name, style?, library?}.', type: undefined },
      { key: 'color', kind: 'field', description: 'Hex colours for light and dark mode.', type: undefined },
      { key: 'hidden', kind: 'field', description: 'Hide the element from the navigation (its pages still exist).', type: 'boolean' },
      { key: 'directory', kind: 'field', description: "How a section's pages are listed on its overview: `none`, `accordion` or `card`.", type: 'string' },
    ]);
  });

  it("every element's required keys are among its child arrays and fields: each is offered while it is missing", () => {
    for (const kind of ELEMENT_KINDS) {
      const offered = keysAllowed(kind, {}).map((option) => option.key);
      expect(new Set(offered).size, kind).toBe(offered.length);
      for (const key of Object.keys(ELEMENTS[kind].required ?? {})) expect(offered, `${kind}.${key}`).toContain(key);
    }
  });

  it('a tab: a division child description is its title and description', () => {
    const groups = keysAllowed('tab', {}).find((option) => option.key === 'groups');
    expect(groups).toEqual({
      key: 'groups',
      kind: 'children',
      description:
        'Group: A titled group of pages in the sidebar. Groups may nest inside `pages`. A group with its own `openapi`, `asyncapi` or `sdk` may leave out `pages`: its pages are then generated.',
      type: 'array',
    });
  });

  it('a tab with nothing: every child array it may hold, then its fields', () => {
    const childArrays = CHILD_KEYS.filter((key) => childKind('tab', key) !== undefined);
    expect(childArrays).toEqual(['pages', 'groups', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'menu']);
    expect(keys('tab', {})).toEqual([
      'name:tab:string',
      ...childArrays.map((key) => `children:${key}:array`),
      'field:icon:-',
      'field:href:string',
      'field:hidden:boolean',
      'field:openapi:-',
      'field:asyncapi:-',
      'field:directory:string',
      'field:searchable:boolean',
      'field:align:string',
      'field:graphql:-',
      'field:sdk:-',
      'field:global:-',
    ]);
  });

  it('a tab holding groups: no second child type, its generator fields allowed', () => {
    expect(keys('tab', { tab: 'Guides', groups: [] })).toEqual([
      'field:icon:-',
      'field:href:string',
      'field:hidden:boolean',
      'field:openapi:-',
      'field:asyncapi:-',
      'field:directory:string',
      'field:searchable:boolean',
      'field:align:string',
      'field:graphql:-',
      'field:sdk:-',
      'field:global:-',
    ]);
  });

  it('a tab holding pages: no generator field (only groups may be beside one)', () => {
    expect(keys('tab', { tab: 'API', pages: [], icon: 'code' })).toEqual([
      'field:href:string',
      'field:hidden:boolean',
      'field:openapi:-',
      'field:asyncapi:-',
      'field:directory:string',
      'field:searchable:boolean',
      'field:align:string',
      'field:global:-',
    ]);
  });

  it('a tab with a generator field and no children: groups only', () => {
    expect(keys('tab', { graphql: 'schema.graphql' })).toEqual([
      'name:tab:string',
      'children:groups:array',
      'field:icon:-',
      'field:href:string',
      'field:hidden:boolean',
      'field:openapi:-',
      'field:asyncapi:-',
      'field:directory:string',
      'field:searchable:boolean',
      'field:align:string',
      'field:sdk:-',
      'field:global:-',
    ]);
  });

  it('a group with a generator field: pages still offered (a group names no generated children)', () => {
    expect(keys('group', { group: 'API', openapi: 'a.json' }).slice(0, 2)).toEqual(['children:pages:array', 'field:icon:-']);
  });

  it('the navigation root with a primary pattern: no second one, its fields', () => {
    expect(keys('navigation', { tabs: [] })).toEqual(['field:global:-', 'field:asyncapi:-', 'field:directory:string']);
  });

  it('global: its link arrays side by side, each offered while it is missing; no fields', () => {
    expect(keys('global', {})).toEqual([
      'children:tabs:array',
      'children:anchors:array',
      'children:dropdowns:array',
      'children:products:array',
      'children:versions:array',
      'children:languages:array',
    ]);
    expect(keys('global', { anchors: [], versions: [] })).toEqual([
      'children:tabs:array',
      'children:dropdowns:array',
      'children:products:array',
      'children:languages:array',
    ]);
  });

  it.each([null, 'text', ['group']])('a value that is no object (%j): every key', (value) => {
    expect(keysAllowed('global-tab', value).map((option) => option.key)).toEqual(['tab', 'href', 'icon', 'hidden', 'searchable', 'align', 'directory']);
  });
});
