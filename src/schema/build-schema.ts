/**
 * Builds the navigation schema from the element model, in two forms, both at build time by
 * schema/compile.mjs: the one docsnav compiles its own validator from (buildNavigationSchema,
 * never written to disk), and from it the ones editors load (buildEditorNavigationSchema,
 * schema/navigation.schema.json and schema/navigation.platform.schema.json). Imports only the
 * model and the profiles, so the build can transpile the modules on their own.
 */
import { PROFILE_NAMES, PROFILES, type Profile, type ProfileName } from '../config/profiles.js';
import {
  CHILD_KEYS,
  ELEMENT_KINDS,
  ELEMENT_OF_KEY,
  ELEMENTS,
  elementNoun,
  FIELDS,
  MAY_BE_EMPTY,
  REJECTS_DOCS_JSON,
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

/** True for a field whose value schema is a reference (the model's have at most a description beside it): written in place, not as a definition of its own. */
function isReference(fragment: SchemaFragment): boolean {
  return typeof fragment.$ref === 'string';
}

/**
 * An element's name: a string, and not empty where the platform's schema says `nonempty()` (every
 * name but a language's code, which language-code checks): an empty name fails the element, so the
 * platform drops the array holding it, or fails the build at the root (issue 65).
 */
function nameProperty(spec: ElementSpec): SchemaFragment {
  const { field, description, mustBe, languageCode } = spec.name!;
  const mustBeString = `\`${field}\` must be a string (${mustBe}).`;
  if (languageCode) return { description, type: 'string', errorMessage: mustBeString };
  return {
    description,
    type: 'string',
    minLength: 1,
    errorMessage: { type: mustBeString, minLength: `\`${field}\` must not be empty (${mustBe}), ${REJECTS_DOCS_JSON}` },
  };
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
    // Stryker disable next-line LogicalOperator: the one element with generators and required keys (a group) requires only `pages`.
    if (key === 'pages' && spec.generators) conditional.push(key);
    else required.push(key);
  }
  const definition: Record<string, unknown> = { title: spec.title, description: spec.description, type: 'object' };
  if (required.length > 0) definition.required = required;
  if (conditional.length > 0) {
    definition.if = { anyOf: spec.generators!.map((field) => ({ required: [field] })) };
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

/** An entry of an array of elements: the element, or `{ "sourceRef": "<mount path>" }` (platform-facts §1a; any non-empty string). */
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
    // An empty array of divisions fails the platform's schema ("At least one tab must be specified"); MAY_BE_EMPTY's may be empty.
    const atLeastOne = MAY_BE_EMPTY.has(key)
      ? {}
      : {
          minItems: 1,
          errorMessage: {
            minItems: `An empty \`${key}\` holds no ${ELEMENTS[ELEMENT_OF_KEY[key]].noun}, ${REJECTS_DOCS_JSON}`,
          },
        };
    define(key, {
      description: ARRAY_WORDS[key],
      type: 'array',
      items: key === 'pages' ? { $ref: '#/definitions/pageEntry' } : elementOrSourceRef(ELEMENTS[ELEMENT_OF_KEY[key]].definition),
      ...atLeastOne,
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
  const pagePath = {
    description: 'A page path relative to the docs root, without extension (e.g. "guides/quickstart"), or an endpoint entry such as "GET /users".',
    type: 'string',
    minLength: 1,
    errorMessage: 'A `pages` entry must be a page path (a non-empty string) or a group object.',
  };
  define('pageEntry', {
    description:
      'A page path, a `METHOD /path` endpoint entry, a nested group, or another repository\'s navigation ({"sourceRef": "<mount path of a git source>"}).',
    // Strings first, checked in place: they are most entries, and the compiled validator then
    // neither builds an error object for the `if` nor calls another function for each of them.
    if: { type: 'string' },
    then: pagePath,
    else: { if: { type: 'object' }, then: elementOrSourceRef('group'), else: { $ref: '#/definitions/pagePath' } },
  });
  define('pagePath', pagePath);
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

/** The schema files editors load, per profile (the profile registry's): docs.json's (hand-written for `spec`) and navigation's. */
export const EDITOR_SCHEMA_FILES = Object.fromEntries(PROFILE_NAMES.map((name) => [name, PROFILES[name].editorSchemas])) as Record<
  ProfileName,
  Profile['editorSchemas']
>;

/** Deep copy of a JSON value (the schemas hold nothing else). */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** What completion needs of a key an alternative offers: its description and JSON type (the value is checked beside, once). */
function offered(schema: SchemaFragment, definitions: Readonly<Record<string, SchemaFragment>>): SchemaFragment {
  // Every key offered is a child array or a generating field: a reference to a definition with a description and a type.
  const target = definitions[String(schema.$ref).replace('#/definitions/', '')];
  // A copy without the undefined: a `graphql` has no one type.
  return copy({ description: schema.description ?? target.description, type: schema.type ?? target.type });
}

/**
 * An element that holds one kind of child per level, as a schema an editor can follow.
 *
 * vscode-json-languageservice (VS Code's JSON support) completes a key from the `properties` of
 * every schema that matches the object, and of `anyOf` alternatives only the best-matching one
 * (all of them while several match without a problem; test/schema/editors.test.ts). So:
 * - `properties` keeps every key and checks every value, as before, but marks the child arrays
 *   (and the fields that generate pages, where they restrict the children) `doNotSuggest`;
 * - `anyOf` has one alternative per child key, offering that key (its description and type
 *   only) and saying `false` for the other child keys. An element with `groups` matches only the
 *   `groups` alternative, so `pages` is not offered; one with no child yet matches them all.
 *
 * A `false` key does not count as a match for the editor's choice of alternative, so the one whose
 * key is present wins, and values are checked once, by `properties`, whichever wins: an error
 * inside `groups` is still shown when `pages` is beside it. A plain `not`/`dependencies` would
 * say the same to a validator, but not to completion. (yaml-language-server 1.25 completes from
 * every alternative, as tried: there the other keys are still offered.)
 */
function oneChildKindPerLevel(
  kind: ElementKind,
  definition: Record<string, unknown>,
  definitions: Readonly<Record<string, SchemaFragment>>,
): Record<string, unknown> {
  const spec = ELEMENTS[kind];
  const childKeys: string[] = CHILD_KEYS.filter((key) => spec.children[key] !== undefined);
  if (spec.childrenSideBySide || childKeys.length <= 1) return definition;
  const { properties, additionalProperties, ...rest } = definition as { properties: Record<string, SchemaFragment>; additionalProperties: unknown };
  // Stryker disable next-line ConditionalExpression,StringLiteral: elementDefinition closes every element (additionalProperties: false); a guard against a change there, no test can reach it.
  if (additionalProperties !== false) throw new Error(`build-schema: ${kind} accepts any key, so its children cannot be told apart`);
  const generators: readonly string[] = spec.generatedChildren ? spec.generators! : [];
  const restricted = [...childKeys, ...generators];
  const list = childKeys.map((key) => `\`${key}\``);
  const generated = spec.generatedChildren
    ? `; beside ${generators.map((key) => `\`${key}\``).join(' or ')}, only ${spec.generatedChildren.map((key) => `\`${key}\``).join(', ')}`
    : '';
  const errorMessage =
    kind === 'navigation'
      ? `\`navigation\` holds exactly one primary pattern: one of ${list.join(', ')} (docsnav: primary-pattern). Nest the others inside its entries.`
      : `${capitalized(elementNoun(kind))} holds one kind of child per level (spec rule 3): ${list.join(', ')} are not allowed side by side${generated} (docsnav: mixed-children).`;
  return {
    ...rest,
    properties: Object.fromEntries(
      Object.entries(properties).map(([key, schema]) => [key, restricted.includes(key) ? { ...schema, doNotSuggest: true } : schema]),
    ),
    additionalProperties: false,
    anyOf: childKeys.map((own) => {
      const here = new Set(spec.generatedChildren?.includes(own as ChildKey) ? [own, ...generators] : [own]);
      return {
        properties: Object.fromEntries(restricted.map((key) => [key, here.has(key) ? offered(properties[key], definitions) : false])),
        errorMessage,
      };
    }),
  };
}

/** "A tab": an element's noun with its article (never a code-quoted one here: `navigation` has its own words, `global` holds its children side by side). */
function capitalized(text: string): string {
  return `${text[0].toUpperCase()}${text.slice(1)}`;
}

/**
 * The navigation schema an editor loads under a profile: the one docsnav compiles (same
 * definitions, same names), with what only an editor needs and docsnav's rules report
 * themselves. docsnav does not compile it, so its own checks never report these twice:
 * - a language code (the `language` of a language or global language) is one of the profile's
 *   codes (`language-code`; definition `languageCode`);
 * - an element holds one kind of child per level, and the root one primary pattern
 *   (`mixed-children`, `primary-pattern`; see oneChildKindPerLevel).
 */
export function buildEditorNavigationSchema(profile: ProfileName, languageCodes: readonly string[]): SchemaFragment {
  const schema = copy(buildNavigationSchema()) as { definitions: Record<string, Record<string, unknown>> } & Record<string, unknown>;
  const definitions: Record<string, Record<string, unknown>> = {};
  for (const [name, definition] of Object.entries(schema.definitions)) {
    const kind = ELEMENT_KINDS.find((candidate) => ELEMENTS[candidate].definition === name);
    if (kind === undefined) {
      definitions[name] = definition;
      continue;
    }
    const nameSpec = ELEMENTS[kind].name;
    if (nameSpec?.languageCode) {
      const properties = definition.properties as Record<string, SchemaFragment>;
      properties[nameSpec.field] = { description: nameSpec.description, $ref: '#/definitions/languageCode' };
    }
    definitions[name] = oneChildKindPerLevel(kind, definition, schema.definitions);
  }
  if (Object.prototype.hasOwnProperty.call(definitions, 'languageCode')) throw new Error('build-schema: two definitions named "languageCode"');
  definitions.languageCode = {
    description: `A language code: one of ${PROFILES[profile].languageCodesOf} (docsnav \`--profile ${profile}\`). Codes added with docsnav's \`languageCodes\` are not listed here.`,
    type: 'string',
    enum: [...languageCodes],
    errorMessage: `\`language\` must be one of ${PROFILES[profile].languageCodesOf} language codes: ${languageCodes.join(', ')}.`,
  };
  return {
    ...schema,
    description: `The \`navigation\` of a documentation site's docs.json, as checked by docsnav under its \`${profile}\` profile (for editors). Generated from src/navigation/model.ts: do not edit.`,
    definitions,
  };
}
