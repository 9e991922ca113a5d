/**
 * The shape of `navigation` as the spec defines it: which keys hold which elements.
 * The JSON Schema (schema/navigation.schema.json) says the same for editors; this module
 * is what the walker, the rules and the resolver read.
 */

/** Keys that can be the navigation root's primary pattern. */
export const PRIMARY_KEYS = [
  'pages',
  'groups',
  'tabs',
  'anchors',
  'dropdowns',
  'products',
  'versions',
  'languages',
] as const;
export type PrimaryKey = (typeof PRIMARY_KEYS)[number];

/** Keys that hold child elements; `menu` only inside tabs and products. */
export type ChildKey = PrimaryKey | 'menu';
export const CHILD_KEYS: readonly ChildKey[] = [...PRIMARY_KEYS, 'menu'];

export type DivisionKind = 'tab' | 'anchor' | 'dropdown' | 'product' | 'version' | 'language';

/** Every kind of object in `navigation`. */
export type ElementKind =
  | 'navigation'
  | 'group'
  | DivisionKind
  /** an entry of a tab's or product's `menu` */
  | 'item'
  | 'global'
  /** an entry of one of `global`'s arrays (`global.anchors`, …) */
  | 'global-item';

/** The element an object inside each child array is. (Objects inside `pages` are groups.) */
export const ELEMENT_OF_KEY: Readonly<Record<ChildKey, ElementKind>> = {
  pages: 'group',
  groups: 'group',
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  products: 'product',
  versions: 'version',
  languages: 'language',
  menu: 'item',
};

/** The field that names an element (its label, or its code for a language). */
export const NAME_FIELD: Readonly<Partial<Record<ElementKind, string>>> = {
  group: 'group',
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
  item: 'item',
};

/** The name key of an entry of `global.<key>`. */
export const GLOBAL_ITEM_NAME: Readonly<Record<string, string>> = {
  anchors: 'anchor',
  tabs: 'tab',
  dropdowns: 'dropdown',
  languages: 'language',
  versions: 'version',
  products: 'product',
};

/** The spec's supported language codes. */
export const LANGUAGE_CODES = [
  'ar', 'cn', 'zh-Hant', 'nl', 'en', 'fr', 'de', 'id', 'it', 'jp',
  'ko', 'lv', 'no', 'pt-BR', 'ru', 'es', 'sv', 'tr', 'ua', 'vn',
] as const;

/** HTTP methods an endpoint entry may name, in the platform's page order. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
