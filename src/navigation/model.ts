/**
 * The one model of `navigation`: every kind of element, its name field, the child arrays it
 * holds, the other fields it accepts and their value types, its words in messages and its
 * kind in a page's trail. The JSON Schema (schema/navigation.schema.json, generated from this
 * module by schema/compile.mjs), the walker, the schema layer's messages, the rules and the
 * resolver all read it: adding a field or an element kind is one edit here.
 *
 * Sources: the spec's navigation table, platform-facts §1 and §1a (every field the platform
 * keeps; what it strips stays out, so the schema reports it as `unknown-field`).
 *
 * This module imports nothing: the build transpiles it on its own to generate the schema.
 */

/** A JSON Schema fragment (draft-07). */
export type SchemaFragment = { readonly [keyword: string]: unknown };

/** Keys that hold arrays of elements. */
export type ChildKey = 'pages' | 'groups' | 'tabs' | 'anchors' | 'dropdowns' | 'products' | 'versions' | 'languages' | 'menu';

/**
 * The words that close a message about what the platform refuses outright: its validator fails,
 * and the site does not build. schema/lost-arrays.ts takes them off again where the platform
 * only drops the array around the entry (its `withoutRejection`).
 */
export const REJECTS_DOCS_JSON = 'and the platform rejects the whole docs.json for it.';

/** Keys that can be the navigation root's primary pattern. */
export const PRIMARY_KEYS = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'] as const;
type PrimaryKey = (typeof PRIMARY_KEYS)[number];

export const CHILD_KEYS: readonly ChildKey[] = [...PRIMARY_KEYS, 'menu'];

/**
 * The one primary pattern the platform keeps when the root holds several: its schema tries them
 * in this order (a union) and drops every other (measured with @mintlify/prebuild 1.0.1341:
 * `pages` beside `languages` is not built).
 */
const PLATFORM_PRIMARY_ORDER: readonly PrimaryKey[] = ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'];

/**
 * The same for an element holding several child arrays (the root's order above): the platform's
 * schema for each kind is a union tried in its own order, and the first that fits wins; the other
 * arrays are dropped without a word (measured pair by pair with @mintlify/validation 0.1.878, the
 * prebuild's, and 0.1.894: test/navigation/kept-children.corpus.test.ts; a language holding
 * `groups` and `tabs` keeps `tabs`). A group holds only `pages`.
 */
const PLATFORM_CHILD_ORDER: Readonly<Record<'navigation' | DivisionKind | 'item' | 'group', readonly ChildKey[]>> = {
  navigation: PLATFORM_PRIMARY_ORDER,
  tab: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  anchor: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  dropdown: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  product: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  version: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  language: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  item: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'tabs', 'groups', 'pages'],
  group: ['pages'],
};

/**
 * The child array the platform keeps of an element that holds several (undefined for other
 * elements, or none). An empty array of divisions fails its variant of the union ("At least one
 * tab must be specified"), so the next is tried: it is never the one kept (issue 65). Nor is an
 * array `lost` to a malformed entry in it (platform-drops.ts): that variant fails the same way.
 */
export function platformKeptChild(kind: ElementKind, value: Readonly<Record<string, unknown>>, lost?: ReadonlySet<string>): ChildKey | undefined {
  const order = (PLATFORM_CHILD_ORDER as Partial<Record<ElementKind, readonly ChildKey[]>>)[kind];
  return order?.find((key) => Object.hasOwn(value, key) && !emptyDivisions(key, value[key]) && !lost?.has(key));
}

/** The keys of a tab that generate its pages (its strict forms on the platform: only `groups` beside, and not empty). */
export const GENERATOR_KEYS = ['sdk', 'graphql'] as const;

/** A tab that generates its pages from `sdk` or `graphql`. */
export function isGeneratingTab(value: unknown): boolean {
  return isPlainObject(value) && typeof value.tab === 'string' && GENERATOR_KEYS.some((key) => Object.hasOwn(value, key));
}

/**
 * The child arrays the platform's schema lets be empty: `pages`, `menu`, and (no `min(1)` in
 * @mintlify/validation's productsSchema and dropdownsSchema) `products` and `dropdowns`. An empty
 * one is sound: it holds nothing, and its element's form is the one built (issue 65).
 */
export const MAY_BE_EMPTY: ReadonlySet<string> = new Set(['pages', 'menu', 'products', 'dropdowns']);

/** An empty array under a key of divisions or groups that the platform refuses empty (not MAY_BE_EMPTY's). */
export function emptyDivisions(key: string, value: unknown): boolean {
  return Array.isArray(value) && value.length === 0 && !MAY_BE_EMPTY.has(key) && (PRIMARY_KEYS as readonly string[]).includes(key);
}

/** Every kind of object in `navigation`. */
export type ElementKind =
  | 'navigation'
  | 'group'
  | 'tab'
  | 'anchor'
  | 'dropdown'
  | 'product'
  | 'version'
  | 'language'
  /** an entry of a tab's or product's `menu` */
  | 'item'
  | 'global'
  /** entries of `global`'s arrays */
  | 'global-anchor'
  | 'global-tab'
  | 'global-dropdown'
  | 'global-product'
  | 'global-version'
  | 'global-language';

/** The elements that divide a site (each a level of its navigation above groups). */
type DivisionKind = 'tab' | 'anchor' | 'dropdown' | 'product' | 'version' | 'language';

/** What a page's trail records of an element above it. */
export type TrailKind = DivisionKind | 'menu' | 'group';

/** Fields other than an element's name and child arrays (their value types are in FIELDS). */
export type FieldName =
  | 'hidden'
  | 'openapi'
  | 'asyncapi'
  | 'directory'
  | 'icon'
  | 'href'
  | 'tag'
  | 'root'
  | 'description'
  | 'expanded'
  | 'default'
  | 'color'
  | 'banner'
  | 'footer'
  | 'navbar'
  | 'public'
  | 'boost'
  | 'searchable'
  | 'sdk'
  | 'align'
  | 'graphql'
  | 'global'
  | 'name';

export interface ElementSpec {
  /** The JSON Schema definition's name (kept stable for editors that point into the schema). */
  readonly definition: string;
  /** The schema's title and description (what editors show on hover). */
  readonly title: string;
  readonly description: string;
  /** The element in a sentence: `tab`, `menu item`, `` `navigation` `` (code-quoted words take no article). */
  readonly noun: string;
  /** The field that names the element (required), and how messages describe it. */
  readonly name?: {
    readonly field: string;
    /** "its label", for "A tab needs a `tab` field (its label)." */
    readonly what: string;
    readonly description: string;
    /** "the tab's label", for "`tab` must be a string (the tab's label)." */
    readonly mustBe: string;
    /**
     * The name is a language code: the `language-code` rule checks it against the profile's codes,
     * and the schemas editors load list them (schema/compile.mjs).
     */
    readonly languageCode?: boolean;
  };
  /** The child arrays it holds, and the kind of element each holds. */
  readonly children: Readonly<Partial<Record<ChildKey, ElementKind>>>;
  /** The other fields it accepts, in the order editors list them. */
  readonly fields: readonly FieldName[];
  /** Further required keys, with how a message names each. */
  readonly required?: Readonly<Record<string, string>>;
  /** Fields that generate pages (`openapi`, `sdk`, …); on a group, one of them makes `pages` optional. */
  readonly generators?: readonly FieldName[];
  /** With a generator field present, the only child arrays it may hold (a tab with `graphql`: only `groups`, §1a). */
  readonly generatedChildren?: readonly ChildKey[];
  /** Its kind in a page's trail; none for the root, `global` and global entries. */
  readonly trail?: TrailKind;
  /** Versions and languages start a section: pages and URLs are counted per section. */
  readonly section?: boolean;
  /**
   * Holds its child arrays side by side (`global`: one list of links per kind). Every other
   * element holds one kind of child per level (spec rule 3, `mixed-children`; at the root, one
   * primary pattern, `primary-pattern`).
   */
  readonly childrenSideBySide?: boolean;
}

/** The division kinds and the element each division array holds. */
const DIVISIONS = {
  pages: 'group',
  groups: 'group',
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  products: 'product',
  versions: 'version',
  languages: 'language',
} as const satisfies Record<PrimaryKey, ElementKind>;

/** Any division may nest any other, but not its own kind: the platform strips `tab.tabs`, `anchor.anchors`, … (§1a). */
function divisionsWithout(own: PrimaryKey): Partial<Record<ChildKey, ElementKind>> {
  const children: Partial<Record<ChildKey, ElementKind>> = { ...DIVISIONS };
  delete children[own];
  return children;
}

/** Fields every navigation element below the root accepts (platform-facts §1). */
const COMMON: readonly FieldName[] = ['hidden', 'openapi', 'asyncapi', 'directory'];

const name = (field: string, what: string, description: string, mustBe: string) => ({ field, what, description, mustBe });
const languageCodeName = (what: string) => ({
  ...name('language', what, 'The language code, e.g. "en", "fr", "pt-BR".', 'a language code such as "en"'),
  languageCode: true,
});

/** Every element kind. The compiler keeps this complete: a new kind needs its entry. */
export const ELEMENTS: Readonly<Record<ElementKind, ElementSpec>> = {
  navigation: {
    definition: 'navigation',
    title: 'Navigation',
    description:
      'The structure of the site. The root holds one primary pattern (pages, groups, tabs, anchors, dropdowns, products, versions or languages), optionally with `global` beside it.',
    noun: '`navigation`',
    children: DIVISIONS,
    // The platform strips `openapi` and `hidden` on the root (§1a).
    fields: ['global', 'asyncapi', 'directory'],
  },
  group: {
    definition: 'group',
    title: 'Group',
    description:
      'A titled group of pages in the sidebar. Groups may nest inside `pages`. A group with its own `openapi`, `asyncapi` or `sdk` may leave out `pages`: its pages are then generated.',
    noun: 'group',
    name: name('group', 'its title', 'The title of the group.', "the group's title"),
    children: { pages: 'group' },
    fields: ['icon', 'tag', 'expanded', 'root', ...COMMON, 'public', 'boost', 'searchable', 'sdk'],
    required: { pages: '`pages` (an array of page paths and groups)' },
    generators: ['openapi', 'asyncapi', 'sdk'],
    trail: 'group',
  },
  tab: {
    definition: 'tab',
    title: 'Tab',
    description: 'A top-level section shown as a tab.',
    noun: 'tab',
    name: name('tab', 'its label', 'The label of the tab.', "the tab's label"),
    children: { ...divisionsWithout('tabs'), menu: 'item' },
    fields: ['icon', 'href', ...COMMON, 'searchable', 'align', 'graphql', 'sdk', 'global'],
    generators: ['graphql', 'sdk'],
    generatedChildren: ['groups'],
    trail: 'tab',
  },
  anchor: {
    definition: 'anchor',
    title: 'Anchor',
    description: 'A section shown as a link at the top of the sidebar.',
    noun: 'anchor',
    name: name('anchor', 'its label', 'The label of the anchor.', "the anchor's label"),
    children: divisionsWithout('anchors'),
    fields: ['icon', 'href', 'color', ...COMMON, 'global'],
    trail: 'anchor',
  },
  dropdown: {
    definition: 'dropdown',
    title: 'Dropdown',
    description: 'A section chosen from a dropdown menu at the top of the sidebar.',
    noun: 'dropdown',
    name: name('dropdown', 'its label', 'The label of the dropdown entry.', "the dropdown's label"),
    children: divisionsWithout('dropdowns'),
    fields: ['description', 'icon', 'href', 'color', ...COMMON, 'global'],
    trail: 'dropdown',
  },
  product: {
    definition: 'product',
    title: 'Product',
    description: 'A section for one product, chosen from a product switcher.',
    noun: 'product',
    name: name('product', 'its name', 'The name of the product.', "the product's name"),
    children: { ...divisionsWithout('products'), menu: 'item' },
    fields: ['name', 'description', 'icon', 'href', 'color', ...COMMON, 'global'],
    trail: 'product',
  },
  version: {
    definition: 'version',
    title: 'Version',
    description: 'A version of the documentation, chosen from a version dropdown.',
    noun: 'version',
    name: name('version', 'its name', 'The name of the version, e.g. "v2".', "the version's name"),
    children: divisionsWithout('versions'),
    fields: ['default', 'tag', 'href', ...COMMON, 'global'],
    trail: 'version',
    section: true,
  },
  language: {
    definition: 'language',
    title: 'Language',
    description: 'The documentation in one language, chosen from a language switcher.',
    noun: 'language',
    name: languageCodeName('its language code, such as "en"'),
    children: divisionsWithout('languages'),
    fields: ['default', 'href', 'banner', 'footer', 'navbar', ...COMMON, 'global'],
    trail: 'language',
    section: true,
  },
  item: {
    definition: 'menuItem',
    title: 'Menu item',
    description:
      "An entry of a tab's or product's menu. It holds groups or pages, or an external link (href); the platform builds any division in it too (tabs, anchors, dropdowns, products, versions, languages).",
    noun: 'menu item',
    name: name('item', 'its label', 'The label of the menu item.', "the menu item's label"),
    // The platform's menu item admits every division (its validator's menuItemSchema; issue 65).
    children: { ...DIVISIONS },
    fields: ['icon', 'description', 'href', ...COMMON, 'global'],
    trail: 'menu',
  },
  global: {
    definition: 'global',
    title: 'Global navigation',
    description: 'Links shown on every page, whichever section is being viewed.',
    noun: '`global`',
    children: {
      anchors: 'global-anchor',
      tabs: 'global-tab',
      dropdowns: 'global-dropdown',
      languages: 'global-language',
      versions: 'global-version',
      products: 'global-product',
    },
    fields: [],
    childrenSideBySide: true,
  },
  'global-anchor': {
    definition: 'globalAnchor',
    title: 'Global anchor',
    description: 'A link shown on every page; the spec requires an external URL.',
    noun: 'global anchor',
    name: name('anchor', 'its label', 'The label of the anchor.', "the anchor's label"),
    children: {},
    fields: ['href', 'icon', 'color', 'hidden', 'directory'],
    required: { href: 'an `href` (an external URL)' },
  },
  'global-tab': {
    definition: 'globalTab',
    title: 'Global tab',
    description: 'A tab link shown on every page.',
    noun: 'global tab',
    name: name('tab', 'its label', 'The label of the tab.', "the tab's label"),
    children: {},
    fields: ['href', 'icon', 'hidden', 'searchable', 'align', 'directory'],
  },
  'global-dropdown': {
    definition: 'globalDropdown',
    title: 'Global dropdown',
    description: 'A dropdown link shown on every page.',
    noun: 'global dropdown',
    name: name('dropdown', 'its label', 'The label of the dropdown entry.', "the dropdown's label"),
    children: {},
    fields: ['href', 'icon', 'color', 'description', 'hidden', 'directory'],
  },
  'global-product': {
    definition: 'globalProduct',
    title: 'Global product',
    description: 'A product link shown on every page.',
    noun: 'global product',
    name: name('product', 'its name', 'The name of the product.', "the product's name"),
    children: {},
    fields: ['href', 'name', 'icon', 'color', 'description', 'hidden', 'directory'],
  },
  'global-version': {
    definition: 'globalVersion',
    title: 'Global version',
    description: 'A version link shown on every page.',
    noun: 'global version',
    name: name('version', 'its name', 'The name of the version, e.g. "v2".', "the version's name"),
    children: {},
    fields: ['href', 'icon', 'default', 'tag', 'hidden', 'directory'],
  },
  'global-language': {
    definition: 'globalLanguage',
    title: 'Global language',
    description: 'A language link shown on every page.',
    noun: 'global language',
    name: languageCodeName('its language code'),
    children: {},
    fields: ['href', 'icon', 'default', 'banner', 'footer', 'navbar', 'hidden', 'directory'],
  },
};

export const ELEMENT_KINDS = Object.keys(ELEMENTS) as ElementKind[];

/** Objects that are field values (not navigation elements) with a fixed set of keys. */
export type ValueObject = 'iconObject' | 'openapiSource' | 'asyncapiSource' | 'color' | 'sdk' | 'graphqlSource' | 'sourceRef';

export interface ValueObjectSpec {
  readonly noun: string;
  readonly title: string;
  /** Required keys, with how a message names each. */
  readonly required: Readonly<Record<string, string>>;
  readonly properties: Readonly<Record<string, SchemaFragment>>;
}

const HEX = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';
const hex = (mode: string, key: string): SchemaFragment => ({
  description: `Hex colour in ${mode} mode.`,
  type: 'string',
  pattern: HEX,
  errorMessage: `\`${key}\` must be a hex colour such as "#0D9373" (#rgb or #rrggbb).`,
});
/** A spec path or URL: not blank (the platform's schema trims it and wants it non-empty). */
const NOT_BLANK = '\\S';
const specSource = (what: string): SchemaFragment => ({
  description: `Path (relative to the docs root) or URL of the ${what} file.`,
  type: 'string',
  pattern: NOT_BLANK,
  errorMessage: {
    type: "`source` must be a string (the spec's path or URL).",
    pattern: `An empty \`source\` names no ${what} file, ${REJECTS_DOCS_JSON}`,
  },
});
const generatedDirectory: SchemaFragment = {
  description: 'The folder of the generated pages (default "api-reference").',
  type: 'string',
  errorMessage: '`directory` must be a string (the folder of the generated pages).',
};

const oneOf = (field: string, values: readonly string[], description: string): SchemaFragment => ({
  description,
  type: 'string',
  enum: values,
  errorMessage: `\`${field}\` must be one of ${values.map((value) => JSON.stringify(value)).join(', ')}.`,
});
const SDK_FORMATS = ['typedoc', 'docfx', 'javadoc', 'sphinx', 'phpdoc'] as const;

/**
 * An icon name the platform's iconSchema takes: not written with Font Awesome's `fa-` prefix (its
 * refine fails the element: "Icon does not need to start with 'fa-'"; issue 65, the build failed).
 */
const NOT_FA = '^(?!fa-)';
const FA_MESSAGE = `An icon name is written without Font Awesome's \`fa-\` prefix (\`book\`, not \`fa-book\`), ${REJECTS_DOCS_JSON}`;

export const VALUE_OBJECTS: Readonly<Record<ValueObject, ValueObjectSpec>> = {
  iconObject: {
    noun: 'an icon object',
    title: 'Icon',
    required: { name: "a `name` field (the icon's name)" },
    properties: {
      name: {
        description: 'The icon name.',
        type: 'string',
        pattern: NOT_FA,
        errorMessage: { type: "`name` must be a string (the icon's name).", pattern: FA_MESSAGE },
      },
      style: {
        description: 'The icon style, e.g. "regular", "solid", "duotone".',
        type: 'string',
        errorMessage: '`style` must be a string (an icon style such as "solid").',
      },
      library: {
        description: 'The icon library, e.g. "fontawesome", "lucide".',
        type: 'string',
        errorMessage: '`library` must be a string (an icon library such as "lucide").',
      },
    },
  },
  openapiSource: {
    noun: 'an `openapi` object',
    title: 'OpenAPI source',
    required: { source: "a `source` field (the spec's path or URL)" },
    properties: {
      source: specSource('OpenAPI'),
      directory: generatedDirectory,
      overlays: {
        description: 'OpenAPI overlay files applied to the spec before pages are generated (paths relative to the docs root).',
        type: 'array',
        items: { type: 'string', errorMessage: 'Each entry of `overlays` must be a path (string).' },
        errorMessage: { type: '`overlays` must be an array of overlay file paths.' },
      },
    },
  },
  asyncapiSource: {
    noun: 'an `asyncapi` object',
    title: 'AsyncAPI source',
    required: { source: "a `source` field (the spec's path or URL)" },
    properties: { source: specSource('AsyncAPI'), directory: generatedDirectory },
  },
  graphqlSource: {
    noun: 'a `graphql` object',
    title: 'GraphQL source',
    required: { source: "a `source` field (the schema's path or URL)" },
    properties: {
      source: {
        description: 'Path (relative to the docs root) or URL of the GraphQL schema.',
        type: 'string',
        errorMessage: "`source` must be a string (the schema's path or URL).",
      },
      directory: generatedDirectory,
    },
  },
  sdk: {
    noun: 'an `sdk` object',
    title: 'SDK reference',
    required: { format: `a \`format\` field (${SDK_FORMATS.join(', ')})`, source: 'a `source` field (the SDK sources or their generated output)' },
    properties: {
      format: oneOf('format', SDK_FORMATS, 'The documentation generator the SDK reference comes from.'),
      source: {
        description: 'Path (relative to the docs root) or URL of the SDK reference input.',
        type: 'string',
        errorMessage: '`source` must be a string (a path or URL).',
      },
      directory: generatedDirectory,
    },
  },
  color: {
    noun: '`color`',
    title: 'Colour',
    required: {},
    properties: { light: hex('light', 'light'), dark: hex('dark', 'dark') },
  },
  sourceRef: {
    noun: 'a `sourceRef` entry',
    title: 'Navigation from another repository',
    required: { sourceRef: 'a `sourceRef` field (the mount path of a git source)' },
    properties: {
      sourceRef: {
        description: 'The mount path of the git source whose navigation replaces this entry at build time (multi-repo deployments).',
        type: 'string',
        // The platform's sourceRefSchema is any non-empty string (@mintlify/validation 0.1.878: "x", "a/b/c" and " " build):
        // an empty one fails the build; one that is no string makes the entry an element, and its array is dropped (issue 65).
        minLength: 1,
        errorMessage: {
          type: '`sourceRef` must be a string (the mount path of a git source).',
          minLength: `\`sourceRef\` must not be empty (the mount path of a git source), ${REJECTS_DOCS_JSON}`,
        },
      },
    },
  },
};

/**
 * An entry `{ "sourceRef": "<mount path>" }` (any non-empty string) in any array of navigation elements stands for another
 * repository's navigation, put in its place at build time (platform-facts §1a): not an element.
 */
export function isSourceRef(value: Record<string, unknown>): boolean {
  return Object.prototype.hasOwnProperty.call(value, 'sourceRef');
}

/** One spec named by `openapi`/`asyncapi`: a string, or an object, inside an array or alone. */
function specForms(field: string, object: ValueObject, what: string): SchemaFragment {
  return {
    description: `The ${what} specification of this element and its children: a path relative to the docs root or a URL, an array of them (or of {source, directory} objects), or {source, directory}.`,
    if: { type: 'array' },
    then: {
      type: 'array',
      items: {
        if: { type: 'object' },
        then: { $ref: `#/definitions/${object}` },
        else: {
          type: 'string',
          pattern: NOT_BLANK,
          errorMessage: {
            type: `Each entry of \`${field}\` must be a spec path or URL (string) or an object with \`source\`.`,
            pattern: `An empty entry of \`${field}\` names no ${what} file, ${REJECTS_DOCS_JSON}`,
          },
        },
      },
    },
    else: {
      if: { type: 'object' },
      then: { $ref: `#/definitions/${object}` },
      else: {
        type: 'string',
        pattern: NOT_BLANK,
        errorMessage: {
          type: `\`${field}\` must be a spec path or URL (string), an array of them, or an object with \`source\` (and \`directory\`).`,
          pattern: `An empty \`${field}\` names no ${what} file, ${REJECTS_DOCS_JSON}`,
        },
      },
    },
  };
}

const boolean = (field: string, description: string): SchemaFragment => ({ description, type: 'boolean', errorMessage: `\`${field}\` must be true or false.` });
const languageOverride = (field: string): SchemaFragment => ({
  description: `This language's own ${field} settings.`,
  type: 'object',
  errorMessage: `\`${field}\` must be an object.`,
});

/** The value type of every field (a schema definition of the same name). */
export const FIELDS: Readonly<Record<FieldName, SchemaFragment>> = {
  hidden: boolean('hidden', 'Hide the element from the navigation (its pages still exist).'),
  openapi: specForms('openapi', 'openapiSource', 'OpenAPI'),
  asyncapi: specForms('asyncapi', 'asyncapiSource', 'AsyncAPI'),
  directory: oneOf('directory', ['none', 'accordion', 'card'], "How a section's pages are listed on its overview: `none`, `accordion` or `card`."),
  icon: {
    description: 'An icon name (e.g. "book"), or an object {name, style?, library?}.',
    if: { type: 'object' },
    then: { $ref: '#/definitions/iconObject' },
    else: {
      type: 'string',
      pattern: NOT_FA,
      errorMessage: { type: '`icon` must be an icon name (string) or an object with `name` (and `style`, `library`).', pattern: FA_MESSAGE },
    },
  },
  href: { description: 'A link; on a global anchor, an external URL.', type: 'string', errorMessage: '`href` must be a string (a URL).' },
  tag: { description: 'A short label shown beside the title, e.g. "NEW".', type: 'string', errorMessage: '`tag` must be a string (a short label).' },
  root: {
    description: 'The page opened when the group title is clicked.',
    type: 'string',
    // The platform's pageSchema is a non-empty string: an empty root fails the group (issue 65).
    minLength: 1,
    errorMessage: {
      type: '`root` must be a string (a page path).',
      minLength: `\`root\` must not be empty (a page path), ${REJECTS_DOCS_JSON}`,
    },
  },
  description: { description: 'A short description shown under the title.', type: 'string', errorMessage: '`description` must be a string (a short text).' },
  expanded: boolean('expanded', 'Show a nested group expanded by default. Top-level groups are always expanded.'),
  default: boolean('default', 'Shown by default. When no sibling says so, the first one is the default.'),
  color: { description: 'Hex colours for light and dark mode.', $ref: '#/definitions/color' },
  banner: languageOverride('banner'),
  footer: languageOverride('footer'),
  navbar: languageOverride('navbar'),
  public: boolean('public', "On a site behind authentication, the group's pages can be viewed without logging in."),
  boost: {
    description: "Search-ranking multiplier for the group's pages (inherited by groups inside it); greater than 0.",
    type: 'number',
    exclusiveMinimum: 0,
    errorMessage: '`boost` must be a number greater than 0 (a search-ranking multiplier).',
  },
  searchable: boolean('searchable', 'Keep the pages of a hidden element in search results.'),
  sdk: { description: 'Generate SDK reference pages: {format, source, directory?}.', $ref: '#/definitions/sdk' },
  align: oneOf('align', ['start', 'end'], 'Where the tab is shown in the tab bar: `start` or `end`.'),
  graphql: {
    description: 'Generate pages from a GraphQL schema: a path or URL, or {source, directory?}.',
    if: { type: 'object' },
    then: { $ref: '#/definitions/graphqlSource' },
    else: { type: 'string', errorMessage: '`graphql` must be a schema path or URL (string) or an object with `source` (and `directory`).' },
  },
  global: { description: 'Links shown on every page of this section.', $ref: '#/definitions/global' },
  name: { description: 'The name shown for the product.', type: 'string', errorMessage: '`name` must be a string (a display name).' },
};

/**
 * Whether a field's value names a page of the site (a page path, as in `pages`). A record over
 * every field, so a new field cannot be added without deciding: the walker hands every
 * page-valued field to the rules and the resolver as a page, with the same checks as `pages`.
 */
const NAMES_A_PAGE: Readonly<Record<FieldName, boolean>> = {
  hidden: false,
  openapi: false,
  asyncapi: false,
  directory: false,
  icon: false,
  href: false,
  tag: false,
  root: true,
  description: false,
  expanded: false,
  default: false,
  color: false,
  banner: false,
  footer: false,
  navbar: false,
  public: false,
  boost: false,
  searchable: false,
  sdk: false,
  align: false,
  graphql: false,
  global: false,
  name: false,
};

/** The page-valued fields each element kind accepts (a group's `root`), from ELEMENTS and NAMES_A_PAGE. */
export const PAGE_FIELDS: Readonly<Record<ElementKind, readonly FieldName[]>> = Object.fromEntries(
  Object.entries(ELEMENTS).map(([kind, spec]) => [kind, spec.fields.filter((field) => NAMES_A_PAGE[field])]),
) as unknown as Record<ElementKind, readonly FieldName[]>;

/** The element each child array holds, outside `global` (objects inside `pages` are groups). */
export const ELEMENT_OF_KEY: Readonly<Record<ChildKey, ElementKind>> = { ...DIVISIONS, menu: 'item' };

/** The field that names an element (its label, or its code for a language). */
export const NAME_FIELD: Readonly<Partial<Record<ElementKind, string>>> = Object.fromEntries(
  ELEMENT_KINDS.flatMap((kind) => (ELEMENTS[kind].name ? [[kind, ELEMENTS[kind].name.field]] : [])),
);

/** The kind of element an entry of `key` is, inside an element of `parent` kind (undefined: not a child array there). */
export function childKind(parent: ElementKind, key: string): ElementKind | undefined {
  return Object.prototype.hasOwnProperty.call(ELEMENTS[parent].children, key) ? ELEMENTS[parent].children[key as ChildKey] : undefined;
}

/** True for the entries of `global`'s arrays. */
export function isGlobalEntry(kind: ElementKind): boolean {
  return kind.startsWith('global-');
}

/** The element in a sentence with its article: `a tab`, `an anchor`, `` `navigation` ``. */
export function elementNoun(kind: ElementKind): string {
  const noun = ELEMENTS[kind].noun;
  if (noun.startsWith('`')) return noun;
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** The spec's supported language codes. */
export const LANGUAGE_CODES = [
  'ar',
  'cn',
  'zh-Hant',
  'nl',
  'en',
  'fr',
  'de',
  'id',
  'it',
  'jp',
  'ko',
  'lv',
  'no',
  'pt-BR',
  'ru',
  'es',
  'sv',
  'tr',
  'ua',
  'vn',
] as const;

/** HTTP methods an endpoint entry may name, in the platform's page order. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
