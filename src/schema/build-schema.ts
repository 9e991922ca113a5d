/**
 * Builds schema/navigation.schema.json from the element model. Run at build time by
 * schema/compile.mjs (which writes the file and compiles the validator from it); imports only
 * the model, so the build can transpile the two modules on their own.
 */
import {
  CHILD_KEYS,
  ELEMENT_KINDS,
  ELEMENT_OF_KEY,
  ELEMENTS,
  FIELDS,
  VALUE_OBJECTS,
  type ChildKey,
  type ElementKind,
  type ElementSpec,
  type FieldName,
  type SchemaFragment,
  type ValueObject,
} from '../navigation/model.js';

/** The definition name of the array under `key` of an element of this kind (`tabs`, `globalTabs`). */
function arrayDefinition(parent: ElementKind, key: ChildKey): string {
  return parent === 'global' ? `global${key[0].toUpperCase()}${key.slice(1)}` : key;
}

/** True for a field whose value schema is only a reference (it is written in place, not as a definition of its own). */
function isReference(fragment: SchemaFragment): boolean {
  return typeof fragment.$ref === 'string' && Object.keys(fragment).every((key) => key === '$ref' || key === 'description');
}

function nameProperty(spec: ElementSpec): SchemaFragment {
  const { field, description, mustBe } = spec.name!;
  return { description, type: 'string', errorMessage: `\`${field}\` must be a string (${mustBe}).` };
}

function fieldProperty(field: FieldName): SchemaFragment {
  return isReference(FIELDS[field]) ? FIELDS[field] : { $ref: `#/definitions/${field}` };
}

function elementDefinition(kind: ElementKind): SchemaFragment {
  const spec = ELEMENTS[kind];
  const properties: Record<string, SchemaFragment> = {};
  if (spec.name) properties[spec.name.field] = nameProperty(spec);
  for (const key of CHILD_KEYS) {
    if (spec.children[key] !== undefined) properties[key] = { $ref: `#/definitions/${arrayDefinition(kind, key)}` };
  }
  for (const field of spec.fields) properties[field] = fieldProperty(field);
  const required = [...(spec.name ? [spec.name.field] : [])];
  const conditional: string[] = [];
  for (const key of Object.keys(spec.required ?? {})) {
    // A field that generates pages makes `pages` optional (spec rule 5; platform-facts §1a).
    if (key === 'pages' && spec.generators) conditional.push(key);
    else required.push(key);
  }
  const definition: Record<string, unknown> = { title: spec.title, description: spec.description, type: 'object' };
  if (required.length > 0) definition.required = required;
  if (conditional.length > 0) {
    const generators = spec.generators!;
    definition.if = generators.length === 1 ? { required: [generators[0]] } : { anyOf: generators.map((field) => ({ required: [field] })) };
    definition.else = { required: conditional };
  }
  definition.properties = properties;
  definition.additionalProperties = false;
  return definition;
}

function valueObjectDefinition(object: ValueObject): SchemaFragment {
  const spec = VALUE_OBJECTS[object];
  const required = Object.keys(spec.required);
  return {
    title: spec.title,
    type: 'object',
    ...(required.length > 0 ? { required } : {}),
    properties: spec.properties,
    additionalProperties: false,
  };
}

/** An entry of an array of elements: the element, or `{ "sourceRef": "owner/repo" }` (platform-facts §1a). */
function elementOrSourceRef(definition: string): SchemaFragment {
  return { if: { type: 'object', required: ['sourceRef'] }, then: { $ref: '#/definitions/sourceRef' }, else: { $ref: `#/definitions/${definition}` } };
}

const ARRAY_WORDS: Readonly<Record<ChildKey, string>> = {
  pages: 'Page paths (relative to the docs root, without extension), `METHOD /path` endpoint entries, and nested groups.',
  groups: 'An array of groups.',
  tabs: 'An array of tabs.',
  anchors: 'An array of anchors.',
  dropdowns: 'An array of dropdowns.',
  products: 'An array of products.',
  versions: 'An array of versions.',
  languages: 'An array of languages.',
  menu: 'The entries of the menu shown on the tab or product.',
};

/** The navigation schema (draft-07), definitions in model order. Throws if two definitions would share a name. */
export function buildNavigationSchema(): SchemaFragment {
  const definitions: Record<string, SchemaFragment> = {};
  const define = (name: string, fragment: SchemaFragment) => {
    if (Object.prototype.hasOwnProperty.call(definitions, name)) throw new Error(`build-schema: two definitions named "${name}"`);
    definitions[name] = fragment;
  };
  for (const kind of ELEMENT_KINDS) define(ELEMENTS[kind].definition, elementDefinition(kind));
  for (const key of CHILD_KEYS) {
    define(key, {
      description: ARRAY_WORDS[key],
      type: 'array',
      items: key === 'pages' ? { $ref: '#/definitions/pageEntry' } : elementOrSourceRef(ELEMENTS[ELEMENT_OF_KEY[key]].definition),
    });
  }
  for (const [key, kind] of Object.entries(ELEMENTS.global.children) as Array<[ChildKey, ElementKind]>) {
    const noun = ELEMENTS[kind].noun;
    define(arrayDefinition('global', key), {
      description: `${noun[0].toUpperCase()}${noun.slice(1)}s: shown on every page.`,
      type: 'array',
      items: { $ref: `#/definitions/${ELEMENTS[kind].definition}` },
    });
  }
  define('pageEntry', {
    description: 'A page path, a `METHOD /path` endpoint entry, a nested group, or another repository\'s navigation ({"sourceRef": "owner/repo"}).',
    if: { type: 'object' },
    then: elementOrSourceRef('group'),
    else: { $ref: '#/definitions/pagePath' },
  });
  define('pagePath', {
    description: 'A page path relative to the docs root, without extension (e.g. "guides/quickstart"), or an endpoint entry such as "GET /users".',
    type: 'string',
    minLength: 1,
    errorMessage: 'A `pages` entry must be a page path (a non-empty string) or a group object.',
  });
  for (const field of Object.keys(FIELDS) as FieldName[]) {
    if (!isReference(FIELDS[field])) define(field, FIELDS[field]);
  }
  for (const object of Object.keys(VALUE_OBJECTS) as ValueObject[]) define(object, valueObjectDefinition(object));
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'docs.json navigation',
    description: "The `navigation` of a documentation site's docs.json, as checked by docsnav. Generated from src/navigation/model.ts: do not edit.",
    $ref: '#/definitions/navigation',
    definitions,
  };
}
