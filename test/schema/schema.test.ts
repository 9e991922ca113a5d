import { describe, expect, it } from 'vitest';
import type { Code } from '../../src/codes.js';
import type { Finding } from '../../src/problem.js';
import { ELEMENTS, type ElementKind } from '../../src/navigation/model.js';
import { ALLOWED_KEYS, SCHEMA_OBJECTS, checkSchema } from '../../src/schema/index.js';
import { allowedKeys as generatedAllowedKeys } from '../../src/schema/validate.generated.js';

interface Expected {
  code: Code;
  pointer: string;
  suggest?: string;
  message?: string | RegExp;
}

interface Case {
  name: string;
  docs: Record<string, unknown>;
  expected: Expected[];
}

const nav = (navigation: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({ navigation, ...rest });
const group = (name: string, pages: unknown[], extra: Record<string, unknown> = {}) => ({ group: name, pages, ...extra });

const valid: Case[] = [
  { name: 'pages root', docs: nav({ pages: ['index', 'quickstart'] }), expected: [] },
  {
    name: 'group with every field',
    docs: nav({
      groups: [
        group('Start', ['index', group('Nested', ['a'], { expanded: true })], {
          icon: 'book',
          tag: 'NEW',
          expanded: false,
          root: 'start/index',
          hidden: false,
          openapi: 'openapi.json',
          asyncapi: 'asyncapi.yaml',
          directory: 'accordion',
        }),
      ],
    }),
    expected: [],
  },
  {
    name: 'tab with every field, menu items with every field',
    docs: nav({
      tabs: [
        {
          tab: 'Docs',
          icon: 'house',
          href: 'https://example.com',
          hidden: true,
          openapi: { source: 'api/openapi.json', directory: 'api' },
          asyncapi: ['events.yaml'],
          directory: 'card',
          groups: [group('G', ['a'])],
          menu: [
            {
              item: 'Guides',
              icon: { name: 'book', style: 'solid', library: 'fontawesome' },
              description: 'All guides',
              href: 'https://example.com/guides',
              hidden: false,
              openapi: 'x.json',
              asyncapi: { source: 'y.yaml' },
              directory: 'none',
              groups: [group('G2', ['b'])],
              pages: ['c'],
            },
          ],
        },
      ],
    }),
    expected: [],
  },
  {
    name: 'anchor with color and icon object',
    docs: nav({
      anchors: [
        {
          anchor: 'API',
          icon: { name: 'code' },
          href: 'https://api.example.com',
          color: { light: '#fff', dark: '#0D9373' },
          pages: ['api/intro'],
        },
      ],
    }),
    expected: [],
  },
  {
    name: 'dropdown with its fields',
    docs: nav({ dropdowns: [{ dropdown: 'SDKs', icon: 'cube', href: '/sdks', hidden: false, pages: ['sdk'] }] }),
    expected: [],
  },
  {
    name: 'product with description, icon, href and menu',
    docs: nav({
      products: [{ product: 'Cloud', description: 'Hosted', icon: 'cloud', href: 'https://cloud.example.com', menu: [{ item: 'Start', pages: ['s'] }] }],
    }),
    expected: [],
  },
  {
    name: 'version with default, tag, hidden, global',
    docs: nav({
      versions: [
        {
          version: 'v2',
          default: true,
          tag: 'latest',
          hidden: false,
          global: { anchors: [{ anchor: 'Blog', href: 'https://b.example.com' }] },
          tabs: [{ tab: 'T', pages: ['a'] }],
        },
        { version: 'v1', pages: ['old'] },
      ],
    }),
    expected: [],
  },
  {
    name: 'language with default, banner, footer, navbar, hidden, global',
    docs: nav({
      languages: [
        {
          language: 'en',
          default: true,
          hidden: false,
          banner: { content: 'Hi' },
          footer: { socials: {} },
          navbar: { links: [] },
          global: { tabs: [{ tab: 'Blog', href: 'https://blog.example.com' }] },
          versions: [{ version: 'v1', groups: [group('G', ['a'])] }],
        },
        { language: 'zh', groups: [group('G', ['zh/a'])] },
      ],
    }),
    expected: [],
  },
  {
    name: 'global with all six arrays and their item fields',
    docs: nav({
      tabs: [{ tab: 'T', pages: ['a'] }],
      global: {
        anchors: [{ anchor: 'Status', href: 'https://status.example.com', icon: 'signal', hidden: false }],
        tabs: [{ tab: 'Blog', href: 'https://blog.example.com', icon: { name: 'pen' } }],
        dropdowns: [{ dropdown: 'More' }],
        languages: [{ language: 'fr', href: '/fr' }],
        versions: [{ version: 'v1', href: '/v1' }],
        products: [{ product: 'Other', href: 'https://other.example.com' }],
      },
    }),
    expected: [],
  },
  {
    name: 'openapi as string, array and object; endpoint entries',
    docs: nav({
      groups: [
        group('A', ['GET /users', 'api.json POST /users'], { openapi: ['a.json', '/b.json'] }),
        group('B', ['webhook order.created'], { openapi: { source: 'c.yaml', directory: 'ref' } }),
      ],
    }),
    expected: [],
  },
  {
    name: 'a group with its own openapi may leave out pages (spec rule 5)',
    docs: nav({
      groups: [
        { group: 'API', openapi: 'openapi.json' },
        { group: 'API 2', openapi: { source: 'b.json' }, icon: 'code' },
      ],
    }),
    expected: [],
  },
  {
    name: 'nested divisions of any kind',
    docs: nav({
      tabs: [
        { tab: 'T', anchors: [{ anchor: 'A', dropdowns: [{ dropdown: 'D', products: [{ product: 'P', languages: [{ language: 'en', pages: ['x'] }] }] }] }] },
      ],
    }),
    expected: [],
  },
  {
    name: 'several primary keys and mixed children are not the schema’s business',
    docs: nav({ pages: ['a'], groups: [group('G', ['b'])], tabs: [{ tab: 'T', pages: ['c'], groups: [group('H', ['d'])] }] }),
    expected: [],
  },
  {
    name: 'a menu item holding any division (the platform builds them: issue 65)',
    docs: nav({
      tabs: [
        {
          tab: 'T',
          menu: [
            { item: 'I', tabs: [{ tab: 'X', pages: ['a'] }] },
            { item: 'J', anchors: [{ anchor: 'A', pages: ['b'] }] },
            { item: 'K', versions: [{ version: 'v1', pages: ['c'] }] },
            { item: 'L', products: [{ product: 'P', pages: ['d'] }] },
            { item: 'M', languages: [{ language: 'fr', pages: ['e'] }] },
            { item: 'N', dropdowns: [{ dropdown: 'D', pages: ['f'] }] },
          ],
        },
      ],
    }),
    expected: [],
  },
  {
    name: 'other top-level keys, styling and interaction keys are free',
    docs: nav(
      { pages: ['a'] },
      {
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'X',
        colors: { primary: '#000' },
        styling: { eyebrows: 'breadcrumbs', codeblocks: 'dark' },
        interaction: { drilldown: true, other: 1 },
      },
    ),
    expected: [],
  },
  {
    name: 'a `$schema` string of any kind is the schema’s (a path the platform rejects is `schema-url`’s)',
    docs: nav({ pages: ['a'] }, { $schema: './node_modules/docsnav/schema/docs.schema.json' }),
    expected: [],
  },
];

const DEEP = '/navigation/tabs/0/groups/0/pages/1/pages/0/pages/2';

const invalid: Case[] = [
  {
    name: '`expand` on a nested group suggests `expanded`',
    docs: nav({ groups: [group('G', ['a', group('N', ['b'], { expand: true })])] }),
    expected: [{ code: 'unknown-field', pointer: '/navigation/groups/0/pages/1/expand', suggest: 'expanded', message: '`expand` is not a field of a group.' }],
  },
  {
    // `expanded` would have no effect on a top-level group (expanded-top-level): the report says to remove it, and --fix does (issue 71).
    name: '`expand` on a top-level group: no suggestion, remove it',
    docs: nav({ groups: [group('G', ['a'], { expand: true })] }),
    expected: [
      {
        code: 'unknown-field',
        pointer: '/navigation/groups/0/expand',
        suggest: undefined,
        message: '`expand` is not a field of a group. `expanded` would have no effect here either: a top-level group is always expanded. Remove it.',
      },
    ],
  },
  {
    name: '`expand` on a top-level group of a tab: no suggestion either',
    docs: nav({ tabs: [{ tab: 'T', groups: [group('G', ['a'], { expand: true })] }] }),
    expected: [{ code: 'unknown-field', pointer: '/navigation/tabs/0/groups/0/expand', suggest: undefined }],
  },
  {
    // Only `expand` is read so: another misspelling on a top-level group gets its suggestion.
    name: '`expnded` on a top-level group suggests `expanded`',
    docs: nav({ groups: [group('G', ['a'], { expnded: true })] }),
    expected: [{ code: 'unknown-field', pointer: '/navigation/groups/0/expnded', suggest: 'expanded', message: '`expnded` is not a field of a group.' }],
  },
  {
    name: '`group` on a tab suggests `groups`',
    docs: nav({ tabs: [{ tab: 'T', group: [group('G', ['a'])] }] }),
    expected: [{ code: 'unknown-field', pointer: '/navigation/tabs/0/group', suggest: 'groups', message: '`group` is not a field of a tab.' }],
  },
  {
    name: '`Tab` on a tab: unknown field (suggest `tab`) and missing `tab`',
    docs: nav({ tabs: [{ Tab: 'T', pages: ['a'] }] }),
    expected: [
      { code: 'missing-field', pointer: '/navigation/tabs/0', message: 'A tab needs a `tab` field (its label).' },
      { code: 'unknown-field', pointer: '/navigation/tabs/0/Tab', suggest: 'tab' },
    ],
  },
  {
    name: 'unknown key at the navigation root suggests the array',
    docs: nav({ tab: [{ tab: 'T', pages: ['a'] }] }),
    // With no primary pattern left, the platform's build fails: said at the root (no-primary-pattern.test.ts).
    expected: [
      {
        code: 'missing-field',
        pointer: '/navigation',
        message:
          '`navigation` needs one of `pages`, `groups`, `tabs`, `anchors`, `dropdowns`, `products`, `versions`, `languages`, and the platform rejects the whole docs.json without one.',
      },
      { code: 'unknown-field', pointer: '/navigation/tab', suggest: 'tabs', message: '`tab` is not a field of `navigation`.' },
    ],
  },
  {
    name: 'a menu item holding a menu',
    docs: nav({ tabs: [{ tab: 'T', menu: [{ item: 'I', menu: [{ item: 'X', pages: ['a'] }] }] }] }),
    expected: [{ code: 'unknown-field', pointer: '/navigation/tabs/0/menu/0/menu', message: '`menu` is not a field of a menu item.' }],
  },
  {
    name: 'empty names (the platform refuses each element, and at the root the whole docs.json: issue 65)',
    docs: nav({ groups: [group('', ['b'])], tabs: [{ tab: '', pages: ['c'] }] }),
    expected: [
      {
        code: 'invalid-value',
        pointer: '/navigation/groups/0/group',
        message: "`group` must not be empty (the group's title), and the platform rejects the whole docs.json for it.",
      },
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/tab',
        message: "`tab` must not be empty (the tab's label), and the platform rejects the whole docs.json for it.",
      },
    ],
  },
  {
    name: 'graphql or sdk where the platform refuses them (not stripped as an unknown key is)',
    docs: nav({
      groups: [{ group: 'G', graphql: 'schema.graphql', pages: ['a'] }],
      anchors: [{ anchor: 'A', sdk: { format: 'typedoc', source: 'x.json' }, pages: ['b'] }],
    }),
    expected: [
      {
        code: 'invalid-value',
        pointer: '/navigation/groups/0/graphql',
        message:
          '`graphql` is not allowed on a group (the platform generates pages from it only on a tab), and the platform rejects the whole docs.json for it.',
      },
      {
        code: 'invalid-value',
        pointer: '/navigation/anchors/0/sdk',
        message:
          '`sdk` is not allowed on an anchor (the platform generates pages from it only on a group or a tab), and the platform rejects the whole docs.json for it.',
      },
    ],
  },
  {
    name: 'graphql or sdk on an object that is no element (an icon, an openapi object): an unknown key, as any other',
    docs: nav({ groups: [{ group: 'G', icon: { name: 'book', sdk: 1 }, openapi: { source: 'openapi.json', graphql: 1 }, pages: ['a'] }] }),
    expected: [
      { code: 'unknown-field', pointer: '/navigation/groups/0/icon/sdk', message: '`sdk` is not a field of an icon object.' },
      { code: 'unknown-field', pointer: '/navigation/groups/0/openapi/graphql', message: /^`graphql` is not a field of an `openapi` object/ },
    ],
  },
  {
    name: 'menu item without `item`',
    docs: nav({ products: [{ product: 'P', menu: [{ pages: ['a'] }] }] }),
    expected: [{ code: 'missing-field', pointer: '/navigation/products/0/menu/0', message: 'A menu item needs an `item` field (its label).' }],
  },
  {
    name: 'a bad entry deep inside a tab’s group’s nested group is reported where it is',
    docs: nav({ tabs: [{ tab: 'T', groups: [group('G', ['a', group('N', [group('M', ['x', 'y', 42])])])] }] }),
    expected: [{ code: 'invalid-type', pointer: DEEP, message: 'A `pages` entry must be a page path (a non-empty string) or a group object.' }],
  },
  {
    name: 'every bad pages entry type, and an empty page path',
    docs: nav({ pages: ['ok', 1, true, null, ['a'], ''] }),
    expected: [
      { code: 'invalid-type', pointer: '/navigation/pages/1' },
      { code: 'invalid-type', pointer: '/navigation/pages/2' },
      { code: 'invalid-type', pointer: '/navigation/pages/3' },
      { code: 'invalid-type', pointer: '/navigation/pages/4' },
      {
        code: 'invalid-value',
        pointer: '/navigation/pages/5',
        message: 'An empty `pages` entry names no page, and the platform rejects the whole docs.json for it. Remove it.',
      },
    ],
  },
  {
    name: 'a group in pages reports its own errors, not a union failure',
    docs: nav({ pages: [{ group: 'G', page: ['a'] }] }),
    expected: [
      { code: 'missing-field', pointer: '/navigation/pages/0', message: 'A group needs `pages` (an array of page paths and groups).' },
      { code: 'unknown-field', pointer: '/navigation/pages/0/page', suggest: 'pages' },
    ],
  },
  {
    name: 'a group missing both fields: one finding naming both',
    docs: nav({ groups: [{ icon: 'x' }] }),
    expected: [
      {
        code: 'missing-field',
        pointer: '/navigation/groups/0',
        message: 'A group needs a `group` field (its title) and `pages` (an array of page paths and groups).',
      },
    ],
  },
  {
    name: 'a group without pages and without its own openapi, asyncapi or sdk (an inherited one does not count)',
    docs: nav({
      tabs: [
        {
          tab: 'T',
          openapi: 'a.json',
          groups: [{ group: 'A' }, { group: 'B', asyncapi: 'e.yaml' }, { group: 'C', sdk: { format: 'typedoc', source: 'sdk' } }],
        },
      ],
    }),
    expected: [{ code: 'missing-field', pointer: '/navigation/tabs/0/groups/0', message: 'A group needs `pages` (an array of page paths and groups).' }],
  },
  {
    name: 'missing name fields of every division',
    docs: nav({
      tabs: [{ pages: ['a'] }],
      anchors: [{ pages: ['a'] }],
      dropdowns: [{ pages: ['a'] }],
      products: [{ pages: ['a'] }],
      versions: [{ pages: ['a'] }],
      languages: [{ pages: ['a'] }],
    }),
    expected: [
      { code: 'missing-field', pointer: '/navigation/tabs/0' },
      { code: 'missing-field', pointer: '/navigation/anchors/0', message: 'An anchor needs an `anchor` field (its label).' },
      { code: 'missing-field', pointer: '/navigation/dropdowns/0' },
      { code: 'missing-field', pointer: '/navigation/products/0' },
      { code: 'missing-field', pointer: '/navigation/versions/0' },
      { code: 'missing-field', pointer: '/navigation/languages/0' },
    ],
  },
  {
    name: 'wrong types of names',
    docs: nav({ tabs: [{ tab: 1, pages: ['a'] }], languages: [{ language: ['en'], pages: ['a'] }], groups: [{ group: null, pages: [] }] }),
    expected: [
      { code: 'invalid-type', pointer: '/navigation/tabs/0/tab', message: "`tab` must be a string (the tab's label)." },
      { code: 'invalid-type', pointer: '/navigation/languages/0/language' },
      { code: 'invalid-type', pointer: '/navigation/groups/0/group' },
    ],
  },
  {
    name: '`pages` that is not an array',
    docs: nav({ groups: [group('G', 'index' as unknown as unknown[])] }),
    expected: [{ code: 'invalid-type', pointer: '/navigation/groups/0/pages', message: '`pages` must be an array of page paths and groups.' }],
  },
  {
    name: 'child arrays that are not arrays, entries that are not objects',
    docs: nav({ tabs: { tab: 'T' }, groups: ['index'], anchors: [3] }),
    expected: [
      { code: 'invalid-type', pointer: '/navigation/tabs', message: '`tabs` must be an array of tabs.' },
      { code: 'invalid-type', pointer: '/navigation/groups/0', message: 'Each entry of `groups` must be a group object (with `group` and `pages`).' },
      { code: 'invalid-type', pointer: '/navigation/anchors/0' },
    ],
  },
  {
    name: 'booleans that are not',
    docs: nav({
      groups: [group('G', [group('N', ['a'], { expanded: 'yes' })], { hidden: 'no' })],
      versions: [{ version: 'v1', default: 1, pages: ['a'] }],
    }),
    expected: [
      { code: 'invalid-type', pointer: '/navigation/groups/0/hidden', message: '`hidden` must be true or false.' },
      { code: 'invalid-type', pointer: '/navigation/groups/0/pages/0/expanded', message: '`expanded` must be true or false.' },
      { code: 'invalid-type', pointer: '/navigation/versions/0/default' },
    ],
  },
  {
    name: 'strings that are not',
    docs: nav({
      tabs: [{ tab: 'T', href: 1, pages: ['a'] }],
      groups: [group('G', ['a'], { tag: 3, root: 4 })],
      products: [{ product: 'P', description: 5, pages: ['a'] }],
    }),
    expected: [
      { code: 'invalid-type', pointer: '/navigation/tabs/0/href' },
      { code: 'invalid-type', pointer: '/navigation/groups/0/tag' },
      { code: 'invalid-type', pointer: '/navigation/groups/0/root' },
      { code: 'invalid-type', pointer: '/navigation/products/0/description' },
    ],
  },
  {
    name: '`directory` with a value not allowed, and of the wrong type',
    docs: nav({ groups: [group('G', ['a'], { directory: 'cards' }), group('H', ['b'], { directory: 5 })] }),
    expected: [
      { code: 'invalid-value', pointer: '/navigation/groups/0/directory', suggest: 'card', message: '`directory` must be one of "none", "accordion", "card".' },
      { code: 'invalid-type', pointer: '/navigation/groups/1/directory' },
    ],
  },
  {
    name: '`openapi` in bad forms',
    docs: nav({
      groups: [
        group('A', ['a'], { openapi: 42 }),
        group('B', ['b'], { openapi: ['ok.json', 7] }),
        group('C', ['c'], { openapi: { source: 1 } }),
        group('D', ['d'], { openapi: { directory: 'api' } }),
        group('E', ['e'], { openapi: { source: 'x.json', directry: 'api' } }),
        group('F', ['f'], { asyncapi: true }),
      ],
    }),
    expected: [
      { code: 'invalid-type', pointer: '/navigation/groups/0/openapi', message: /`openapi` must be a spec path or URL/ },
      { code: 'invalid-type', pointer: '/navigation/groups/1/openapi/1' },
      { code: 'invalid-type', pointer: '/navigation/groups/2/openapi/source' },
      { code: 'missing-field', pointer: '/navigation/groups/3/openapi', message: "An `openapi` object needs a `source` field (the spec's path or URL)." },
      { code: 'unknown-field', pointer: '/navigation/groups/4/openapi/directry', suggest: 'directory' },
      { code: 'invalid-type', pointer: '/navigation/groups/5/asyncapi', message: /`asyncapi` must be/ },
    ],
  },
  {
    name: '`icon` in bad forms',
    docs: nav({
      tabs: [
        { tab: 'A', icon: 3, pages: ['a'] },
        { tab: 'B', icon: { style: 'solid' }, pages: ['a'] },
        { tab: 'C', icon: { name: 'x', size: 2 }, pages: ['a'] },
      ],
    }),
    expected: [
      { code: 'invalid-type', pointer: '/navigation/tabs/0/icon' },
      { code: 'missing-field', pointer: '/navigation/tabs/1/icon' },
      { code: 'unknown-field', pointer: '/navigation/tabs/2/icon/size', message: '`size` is not a field of an icon object.' },
    ],
  },
  {
    name: 'anchor `color` with a bad colour and an unknown key; `menu` on an anchor',
    docs: nav({
      anchors: [
        { anchor: 'A', color: { light: 'red', dark: '#12345' }, pages: ['a'] },
        { anchor: 'B', color: { medium: '#fff' }, menu: [], pages: ['b'] },
      ],
    }),
    expected: [
      { code: 'invalid-value', pointer: '/navigation/anchors/0/color/light' },
      { code: 'invalid-value', pointer: '/navigation/anchors/0/color/dark' },
      // `color` is held to its keys on the platform: the anchor fails (checkStrictValues).
      { code: 'invalid-value', pointer: '/navigation/anchors/1/color/medium' },
      { code: 'unknown-field', pointer: '/navigation/anchors/1/menu' },
    ],
  },
  {
    name: 'language-only and version-only fields elsewhere',
    docs: nav({ tabs: [{ tab: 'T', banner: {}, default: true, pages: ['a'] }], languages: [{ language: 'en', banner: 'Hi', pages: ['a'] }] }),
    expected: [
      { code: 'unknown-field', pointer: '/navigation/tabs/0/banner' },
      { code: 'unknown-field', pointer: '/navigation/tabs/0/default' },
      { code: 'invalid-type', pointer: '/navigation/languages/0/banner', message: '`banner` must be an object.' },
    ],
  },
  {
    name: 'global anchors need `href`; global items hold only name, href, icon, hidden',
    docs: nav({
      pages: ['a'],
      global: {
        anchors: [{ anchor: 'Blog' }, { anchor: 'X', href: 5 }],
        tabs: [{ tab: 'T', href: 'https://x', pages: ['a'] }],
        languages: [{ href: '/fr' }],
        groups: [],
      },
    }),
    expected: [
      { code: 'missing-field', pointer: '/navigation/global/anchors/0', message: 'A global anchor needs an `href` (an external URL).' },
      { code: 'invalid-type', pointer: '/navigation/global/anchors/1/href' },
      { code: 'unknown-field', pointer: '/navigation/global/tabs/0/pages' },
      { code: 'missing-field', pointer: '/navigation/global/languages/0' },
      { code: 'invalid-value', pointer: '/navigation/global/groups' },
    ],
  },
  {
    name: '`global` of the wrong shape',
    docs: nav({ pages: ['a'], global: { anchors: { anchor: 'A' }, tabs: ['x'] } }),
    expected: [
      { code: 'invalid-type', pointer: '/navigation/global/anchors', message: '`global.anchors` must be an array of global anchors.' },
      { code: 'invalid-type', pointer: '/navigation/global/tabs/0', message: 'Each entry of `global.tabs` must be a global tab object (with a `tab` field).' },
    ],
  },
  {
    name: '`styling.eyebrows` with a bad value suggests `breadcrumbs`',
    docs: nav({ pages: ['a'] }, { styling: { eyebrows: 'breadcrumb' } }),
    expected: [
      { code: 'invalid-value', pointer: '/styling/eyebrows', suggest: 'breadcrumbs', message: '`styling.eyebrows` must be "section" or "breadcrumbs".' },
    ],
  },
  {
    name: '`interaction.drilldown` that is not a boolean',
    docs: nav({ pages: ['a'] }, { interaction: { drilldown: 'true' } }),
    expected: [{ code: 'invalid-type', pointer: '/interaction/drilldown', message: '`interaction.drilldown` must be true or false.' }],
  },
  ...[7, null, true, ['https://mintlify.com/docs.json'], { url: 'https://mintlify.com/docs.json' }].map((value): Case => ({
    name: `\`$schema\` that is not a string: ${JSON.stringify(value)}`,
    docs: nav({ pages: ['a'] }, { $schema: value }),
    expected: [{ code: 'invalid-type', pointer: '/$schema', message: '`$schema` must be a string (a URL).' }],
  })),
  {
    name: '`styling` and `interaction` that are not objects',
    docs: nav({ pages: ['a'] }, { styling: 'dark', interaction: [] }),
    expected: [
      { code: 'invalid-type', pointer: '/styling', message: '`styling` must be an object.' },
      { code: 'invalid-type', pointer: '/interaction' },
    ],
  },
  {
    name: 'legacy mint.json: navigation is an array',
    docs: { navigation: [{ group: 'G', pages: ['a'] }] },
    expected: [
      {
        code: 'invalid-type',
        pointer: '/navigation',
        message: '`navigation` must be an object; this looks like a legacy mint.json, where navigation was an array.',
      },
    ],
  },
  {
    name: 'navigation of another wrong type',
    docs: { navigation: 'pages' },
    expected: [{ code: 'invalid-type', pointer: '/navigation', message: '`navigation` must be an object.' }],
  },
  {
    name: 'no navigation',
    docs: { name: 'X' },
    expected: [{ code: 'missing-field', pointer: '', message: 'docs.json needs a `navigation` object.' }],
  },
  {
    name: 'keys with `/` and `~` are escaped in the pointer',
    docs: nav({ groups: [group('G', ['a'], { 'a/b~c': 1 })] }),
    expected: [{ code: 'unknown-field', pointer: '/navigation/groups/0/a~1b~0c' }],
  },
  {
    name: 'errors in separate branches are all reported',
    docs: nav({
      versions: [
        { version: 'v1', tabs: [{ tab: 'A', groups: [group('G', [1])] }] },
        { version: 'v2', tabs: [{ tab: 'B', groups: [group('H', ['a'], { expand: true })] }] },
      ],
    }),
    expected: [
      { code: 'invalid-type', pointer: '/navigation/versions/0/tabs/0/groups/0/pages/0' },
      { code: 'unknown-field', pointer: '/navigation/versions/1/tabs/0/groups/0/expand' },
    ],
  },
];

const byPointer = (a: { code: string; pointer: string }, b: { code: string; pointer: string }) =>
  a.pointer === b.pointer ? a.code.localeCompare(b.code) : a.pointer < b.pointer ? -1 : 1;

describe('checkSchema: valid documents', () => {
  it.each(valid)('$name', ({ docs }) => {
    expect(checkSchema(docs)).toEqual([]);
  });
});

describe('checkSchema: invalid documents', () => {
  it.each(invalid)('$name', ({ docs, expected }) => {
    const findings = checkSchema(docs);
    // Codes and pointers first…
    expect(findings.map(({ code, pointer }) => ({ code, pointer })).sort(byPointer)).toEqual(
      expected.map(({ code, pointer }) => ({ code, pointer })).sort(byPointer),
    );
    // …then suggestions and wording.
    for (const want of expected) {
      const got = findings.find((f) => f.code === want.code && f.pointer === want.pointer) as Finding;
      // `suggest: undefined` written out: the finding has none.
      if ('suggest' in want) expect(got.suggest).toBe(want.suggest);
      if (typeof want.message === 'string') expect(got.message).toBe(want.message);
      else if (want.message) expect(got.message).toMatch(want.message);
      expect(got.message).toMatch(/^\S.*[.]$/);
      if (got.code === 'unknown-field') expect(got.at).toBe('key');
    }
  });
});

describe('checkSchema: robustness', () => {
  it.each([
    ['a number', 42, 'invalid-type'],
    ['null', null, 'invalid-type'],
    ['a string', 'docs', 'invalid-type'],
    ['an array', [{ navigation: {} }], 'invalid-type'],
    ['undefined', undefined, 'invalid-type'],
  ])('reports %s as the whole document, without throwing', (_name, docs, code) => {
    expect(checkSchema(docs).map((f) => [f.code, f.pointer])).toEqual([[code, '']]);
  });

  it('survives junk everywhere', () => {
    const junk = { navigation: { tabs: [[[]], { tab: { a: [1, { b: null }] }, groups: [{ group: [], pages: [[], {}, 0] }] }], global: 7, pages: {} } };
    expect(() => checkSchema(junk)).not.toThrow();
    expect(checkSchema(junk).length).toBeGreaterThan(0);
  });

  it('never throws on pathologically deep nesting', () => {
    let inner: Record<string, unknown> = { group: 'leaf', pages: [1] };
    for (let i = 0; i < 20_000; i++) inner = { group: `g${i}`, pages: [inner] };
    const findings = checkSchema({ navigation: { groups: [inner] } });
    expect(findings).toHaveLength(1);
    expect(findings[0].code).toBe('too-deep');
    expect(findings[0].message).toMatch(/too deep for the schema check/);
    // It points at the element where the depth limit is passed, not at the whole file.
    expect(findings[0].pointer.split('/').length - 1).toBe(1000);
    expect(findings[0].pointer.startsWith('/navigation/groups/0/pages/0/pages/0')).toBe(true);
  });

  it('keeps the pointers of every finding inside the document', () => {
    for (const { docs } of invalid) for (const finding of checkSchema(docs)) expectInside(docs, finding);
  });
});

describe('schema objects', () => {
  it('the list of schema objects matches the compiled schema', () => {
    expect(Object.keys(generatedAllowedKeys).sort()).toEqual(SCHEMA_OBJECTS.map((object) => ELEMENTS[object as ElementKind]?.definition ?? object).sort());
    expect(ALLOWED_KEYS.group).toContain('expanded');
    expect(ALLOWED_KEYS.item).toContain('tabs');
    expect(ALLOWED_KEYS.item).not.toContain('menu');
  });
});

/** The finding's pointer names a value of the document (for an unknown key: the key exists). */
function expectInside(docs: unknown, finding: Finding, file = ''): void {
  let value: unknown = docs;
  const segments =
    finding.pointer === ''
      ? []
      : finding.pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const segment of segments) {
    const holds = typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, segment);
    expect(holds, `${file} ${finding.code} ${finding.pointer}`).toBe(true);
    value = (value as Record<string, unknown>)[segment];
  }
}
