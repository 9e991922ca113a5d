/**
 * The schema layer: runs the validator compiled from schema/docs.schema.json (see
 * schema/compile.mjs) and turns each of its errors into a Finding with a stable code, a
 * JSON pointer and a message a person understands.
 *
 * Leaf values carry their message in the schema (`errorMessage`, applied by ajv-errors).
 * Messages that need the offending key or the kind of element are built here; the kind of
 * element is read from the pointer, because every element kind sits under its own key
 * (`tabs/3` is a tab, `menu/0` a menu item, …).
 */
import type { Code } from '../codes.js';
import type { Finding } from '../problem.js';
import { closest } from '../suggest.js';
import { ELEMENT_OF_KEY, GLOBAL_ITEM_NAME } from '../navigation/model.js';
import { childPointer, isArrayIndex, parsePointer, toPointer, valueAt } from '../source/pointer.js';
import { capitalize } from '../text.js';
import { allowedKeys as generatedAllowedKeys, validateDocs, type GeneratedError } from './validate.generated.js';

/** The objects of navigation.schema.json that accept a fixed set of keys (its definition names). */
export type SchemaObject =
  | 'navigation'
  | 'group'
  | 'tab'
  | 'anchor'
  | 'dropdown'
  | 'product'
  | 'version'
  | 'language'
  | 'menuItem'
  | 'global'
  | 'globalAnchor'
  | 'globalTab'
  | 'globalDropdown'
  | 'globalLanguage'
  | 'globalVersion'
  | 'globalProduct'
  | 'iconObject'
  | 'openapiSource'
  | 'asyncapiSource'
  | 'color';

/** How each object is named in a message ("… is not a field of a group."). */
const OBJECT_NAME: Readonly<Record<SchemaObject, string>> = {
  navigation: '`navigation`',
  group: 'a group',
  tab: 'a tab',
  anchor: 'an anchor',
  dropdown: 'a dropdown',
  product: 'a product',
  version: 'a version',
  language: 'a language',
  menuItem: 'a menu item',
  global: '`global`',
  globalAnchor: 'a global anchor',
  globalTab: 'a global tab',
  globalDropdown: 'a global dropdown',
  globalLanguage: 'a global language',
  globalVersion: 'a global version',
  globalProduct: 'a global product',
  iconObject: 'an icon object',
  openapiSource: 'an `openapi` object',
  asyncapiSource: 'an `asyncapi` object',
  color: '`color`',
};

/** The schema objects, in schema order. */
export const SCHEMA_OBJECTS = Object.keys(OBJECT_NAME) as SchemaObject[];

/** The keys each schema object accepts (read from the compiled schema: one source of truth). */
export const ALLOWED_KEYS: Readonly<Record<SchemaObject, readonly string[]>> = Object.fromEntries(
  SCHEMA_OBJECTS.map((name) => [name, generatedAllowedKeys[name] ?? []]),
) as Record<SchemaObject, readonly string[]>;

/** Child array key → the element its entries are (the navigation model's, in schema names). */
const ENTRY_OBJECT: Readonly<Record<string, SchemaObject>> = Object.fromEntries(
  Object.entries(ELEMENT_OF_KEY).map(([key, kind]) => [key, kind === 'item' ? 'menuItem' : (kind as SchemaObject)]),
);

/** `global.<key>` → the element its entries are: `globalAnchor`, `globalTab`, … */
const GLOBAL_ENTRY_OBJECT: Readonly<Record<string, SchemaObject>> = Object.fromEntries(
  Object.entries(GLOBAL_ITEM_NAME).map(([key, name]) => [key, `global${capitalize(name)}` as SchemaObject]),
);

/** Key → the object it holds when that value is an object. */
const VALUE_OBJECT: Readonly<Record<string, SchemaObject>> = {
  global: 'global',
  icon: 'iconObject',
  openapi: 'openapiSource',
  asyncapi: 'asyncapiSource',
  color: 'color',
};

/** How a missing required field is described, by object and field. */
const REQUIRED_FIELD: Readonly<Record<string, string>> = {
  'group.group': 'a `group` field (its title)',
  'group.pages': '`pages` (an array of page paths and groups)',
  'tab.tab': 'a `tab` field (its label)',
  'anchor.anchor': 'an `anchor` field (its label)',
  'dropdown.dropdown': 'a `dropdown` field (its label)',
  'product.product': 'a `product` field (its name)',
  'version.version': 'a `version` field (its name)',
  'language.language': 'a `language` field (its language code, such as "en")',
  'menuItem.item': 'an `item` field (its label)',
  'globalAnchor.anchor': 'an `anchor` field (its label)',
  'globalAnchor.href': 'an `href` (an external URL)',
  'globalTab.tab': 'a `tab` field (its label)',
  'globalDropdown.dropdown': 'a `dropdown` field (its label)',
  'globalLanguage.language': 'a `language` field (its language code)',
  'globalVersion.version': 'a `version` field (its name)',
  'globalProduct.product': 'a `product` field (its name)',
  'iconObject.name': "a `name` field (the icon's name)",
  'openapiSource.source': "a `source` field (the spec's path or URL)",
  'asyncapiSource.source': "a `source` field (the spec's path or URL)",
};

/** What a child array must hold, for "`tabs` must be an array of tabs." */
const ARRAY_OF: Readonly<Record<string, string>> = {
  pages: 'page paths and groups',
  groups: 'groups',
  tabs: 'tabs',
  anchors: 'anchors',
  dropdowns: 'dropdowns',
  products: 'products',
  versions: 'versions',
  languages: 'languages',
  menu: 'menu items',
};

/** What an entry of a child array must be, for "Each entry of `tabs` must be …". */
const ENTRY_SHAPE: Readonly<Partial<Record<SchemaObject, string>>> = {
  group: 'a group object (with `group` and `pages`)',
  tab: 'a tab object (with a `tab` field)',
  anchor: 'an anchor object (with an `anchor` field)',
  dropdown: 'a dropdown object (with a `dropdown` field)',
  product: 'a product object (with a `product` field)',
  version: 'a version object (with a `version` field)',
  language: 'a language object (with a `language` field)',
  menuItem: 'a menu item object (with an `item` field)',
  globalAnchor: 'an object with `anchor` and `href`',
  globalTab: 'an object with a `tab` field',
  globalDropdown: 'an object with a `dropdown` field',
  globalLanguage: 'an object with a `language` field',
  globalVersion: 'an object with a `version` field',
  globalProduct: 'an object with a `product` field',
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  number: 'a number',
  integer: 'a whole number',
  null: 'null',
};

/** Keywords that only combine subschemas: their own error adds nothing to their children's. */
const WRAPPER_KEYWORDS: ReadonlySet<string> = new Set(['if', 'then', 'else', 'anyOf', 'oneOf', 'allOf', '$ref']);

/** The depth named in the too-deep message: about where the generated validator's recursion gives out. */
const TOO_DEEP = 1000;

/** The pointer of the first value `limit` levels down (iteratively: the input is too deep for recursion). */
function deepestPointer(docs: unknown, limit: number): string {
  let best: Array<string | number> = [];
  const stack: Array<[unknown, Array<string | number>]> = [[docs, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (path.length > best.length) best = path;
    if (path.length >= limit || typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) value.forEach((item, i) => stack.push([item, [...path, i]]));
    else for (const [key, item] of Object.entries(value)) stack.push([item, [...path, key]]);
    if (best.length >= limit) break;
  }
  return toPointer(best);
}

/**
 * Check a parsed docs.json against the schema. Every schema error becomes a finding; none
 * is swallowed. Never throws, whatever `docs` is.
 */
export function checkSchema(docs: unknown): Finding[] {
  let errors: readonly GeneratedError[];
  try {
    if (validateDocs(docs)) return [];
    errors = validateDocs.errors ?? [];
  } catch (error) {
    // Only a pathologically deep document gets here (the validator recurses per level).
    if (error instanceof RangeError) {
      return [{ code: 'too-deep', pointer: deepestPointer(docs, TOO_DEEP), message: `Nested more than ${TOO_DEEP} levels deep here: too deep for the schema check, so fields and types were not checked anywhere in this file (the rules were).` }];
    }
    return [{ code: 'invalid-value', pointer: '', message: `docs.json could not be checked against the schema: ${String(error)}.` }];
  }
  try {
    return mapErrors(errors, docs);
  } catch (error) {
    return [{ code: 'invalid-value', pointer: '', message: `docs.json could not be checked against the schema: ${String(error)}.` }];
  }
}

interface MissingFields {
  object: SchemaObject | 'docs' | undefined;
  fields: string[];
  finding: Finding;
}

function mapErrors(errors: readonly GeneratedError[], docs: unknown): Finding[] {
  // Pointers at or above a specific error: a wrapper error there is already explained.
  const explained = new Set<string>();
  for (const error of errors) {
    if (WRAPPER_KEYWORDS.has(error.keyword)) continue;
    let path = error.instancePath;
    while (!explained.has(path)) {
      explained.add(path);
      if (path === '') break;
      path = path.slice(0, path.lastIndexOf('/'));
    }
  }

  const findings: Finding[] = [];
  const seen = new Set<string>();
  const missing = new Map<string, MissingFields>();
  const add = (finding: Finding): void => {
    const id = `${finding.code}\u0000${finding.pointer}`;
    if (seen.has(id)) return;
    seen.add(id);
    findings.push(finding);
  };

  for (const error of errors) {
    const pointer = error.instancePath;
    if (WRAPPER_KEYWORDS.has(error.keyword)) {
      if (!explained.has(pointer)) {
        add({ code: 'invalid-value', pointer, message: `${subject(parsePointer(pointer))} does not have an allowed form.` });
      }
      continue;
    }
    const originals = error.keyword === 'errorMessage' ? originalErrors(error) : [error];
    const first = originals.find((e) => e.keyword === 'type') ?? originals[0] ?? error;
    switch (first.keyword) {
      case 'required': {
        // One finding per object, naming every missing field.
        for (const original of originals) {
          const field = stringParam(original, 'missingProperty');
          const entry = missing.get(pointer);
          if (entry) {
            if (!entry.fields.includes(field)) entry.fields.push(field);
            if (entry.object && entry.object !== 'docs') sortByKeyOrder(entry.fields, ALLOWED_KEYS[entry.object]);
            entry.finding.message = requiredMessage(entry.object, entry.fields);
          } else {
            const object = objectAt(parsePointer(pointer));
            const finding: Finding = { code: 'missing-field', pointer, message: requiredMessage(object, [field]) };
            missing.set(pointer, { object, fields: [field], finding });
            add(finding);
          }
        }
        break;
      }
      case 'additionalProperties': {
        for (const original of originals) add(unknownField(pointer, stringParam(original, 'additionalProperty')));
        break;
      }
      case 'type': {
        const expected = stringParam(first, 'type');
        const message = error.keyword === 'errorMessage' && error.message ? error.message : typeMessage(pointer, expected, docs);
        add({ code: 'invalid-type', pointer, message });
        break;
      }
      default: {
        // enum, const, pattern, minLength, format, …: the type is right, the value is not.
        const finding: Finding = {
          code: codeOf(first.keyword),
          pointer,
          message: error.keyword === 'errorMessage' && error.message ? error.message : valueMessage(pointer, first),
        };
        const allowed = originals.find((e) => e.keyword === 'enum')?.params.allowedValues;
        const value = allowed ? valueAt(docs, parsePointer(pointer)) : undefined;
        if (Array.isArray(allowed) && typeof value === 'string') {
          const suggestion = closest(value, allowed.filter((v): v is string => typeof v === 'string'));
          if (suggestion !== undefined) finding.suggest = suggestion;
        }
        add(finding);
      }
    }
  }
  return findings;
}

/** In the order the schema lists the keys (the name field first). */
function sortByKeyOrder(fields: string[], order: readonly string[]): void {
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  fields.sort((a, b) => rank(a) - rank(b));
}

function codeOf(keyword: string): Code {
  if (keyword === 'required') return 'missing-field';
  if (keyword === 'additionalProperties') return 'unknown-field';
  if (keyword === 'type') return 'invalid-type';
  return 'invalid-value';
}

function originalErrors(error: GeneratedError): GeneratedError[] {
  const inner = error.params.errors;
  return Array.isArray(inner) ? (inner as GeneratedError[]) : [];
}

function stringParam(error: GeneratedError, name: string): string {
  const value = error.params[name];
  return typeof value === 'string' ? value : String(value);
}

function unknownField(objectPointer: string, key: string): Finding {
  const found = objectAt(parsePointer(objectPointer));
  const object = found === 'docs' ? undefined : found;
  const message =
    object === 'menuItem'
      ? `A menu item holds only groups, pages and external links (href); \`${key}\` is not allowed here.`
      : `\`${key}\` is not a field of ${object ? OBJECT_NAME[object] : 'this object'}.`;
  const finding: Finding = { code: 'unknown-field', pointer: childPointer(objectPointer, key), at: 'key', message };
  const suggestion = object ? closest(key, ALLOWED_KEYS[object]) : undefined;
  if (suggestion !== undefined) finding.suggest = suggestion;
  return finding;
}

function requiredMessage(object: SchemaObject | 'docs' | undefined, fields: readonly string[]): string {
  if (object === 'docs') return 'docs.json needs a `navigation` object.';
  const name = object ? OBJECT_NAME[object] : 'this object';
  const parts = fields.map((field) => REQUIRED_FIELD[`${object}.${field}`] ?? `a \`${field}\` field`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return `${capitalize(name)} needs ${list}.`;
}

function typeMessage(pointer: string, expected: string, docs: unknown): string {
  const segments = parsePointer(pointer);
  const n = segments.length;
  if (n === 0) return 'docs.json must be a JSON object.';
  const last = segments[n - 1];
  if (n === 1 && last === 'navigation') {
    return Array.isArray(valueAt(docs, segments))
      ? '`navigation` must be an object; this looks like a legacy mint.json, where navigation was an array.'
      : '`navigation` must be an object.';
  }
  const words = TYPE_WORDS[expected] ?? expected;
  if (isArrayIndex(last)) {
    const object = objectAt(segments);
    const shape = (object && object !== 'docs' && ENTRY_SHAPE[object]) || words;
    return `Each entry of \`${arrayLabel(segments, n - 2)}\` must be ${shape}.`;
  }
  if (expected === 'array' && ARRAY_OF[last]) {
    const underGlobal = n >= 2 && segments[n - 2] === 'global';
    return `\`${arrayLabel(segments, n - 1)}\` must be an array of ${underGlobal ? last : ARRAY_OF[last]}.`;
  }
  return `\`${last}\` must be ${words}.`;
}

function valueMessage(pointer: string, error: GeneratedError): string {
  const what = subject(parsePointer(pointer));
  const allowed = error.params.allowedValues;
  if (Array.isArray(allowed)) return `${what} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}.`;
  if (error.keyword === 'const') return `${what} must be ${JSON.stringify(error.params.allowedValue)}.`;
  if (error.keyword === 'minLength') return `${what} cannot be empty.`;
  if (error.keyword === 'pattern') return `${what} must match ${String(error.params.pattern)}.`;
  return `${what} ${error.message ?? 'is not allowed'}.`;
}

/** "`tabs`" or "Each entry of `pages`"… as the subject of a sentence. */
function subject(segments: readonly string[]): string {
  const n = segments.length;
  if (n === 0) return 'docs.json';
  const last = segments[n - 1];
  return isArrayIndex(last) && n >= 2 ? `Entry ${last} of \`${arrayLabel(segments, n - 2)}\`` : `\`${last}\``;
}

/** The array key at `index`, as `global.tabs` when it sits in `global`. */
function arrayLabel(segments: readonly string[], index: number): string {
  const key = segments[index] ?? '';
  return index >= 1 && segments[index - 1] === 'global' ? `global.${key}` : key;
}

/** Which schema object the value at these segments is (read from the keys above it). */
function objectAt(segments: readonly string[]): SchemaObject | 'docs' | undefined {
  const n = segments.length;
  if (n === 0) return 'docs';
  const last = segments[n - 1];
  if (n === 1) return last === 'navigation' ? 'navigation' : undefined;
  if (isArrayIndex(last)) {
    const parent = segments[n - 2];
    if (n >= 3 && segments[n - 3] === 'global') return GLOBAL_ENTRY_OBJECT[parent];
    return ENTRY_OBJECT[parent];
  }
  return VALUE_OBJECT[last];
}
