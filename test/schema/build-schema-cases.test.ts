/**
 * The schemas built from the element model (src/schema/build-schema.ts), part by part: what the
 * compiled validator checks (buildNavigationSchema) and what editors are given beside it
 * (buildEditorNavigationSchema): the alternatives that offer one kind of child per level, and
 * the guards against two definitions of one name.
 */
import { describe, expect, it } from 'vitest';
import { FIELDS, type SchemaFragment } from '../../src/navigation/model.js';
import { buildEditorNavigationSchema, buildNavigationSchema } from '../../src/schema/build-schema.js';

type Definitions = Record<string, Record<string, unknown> & { properties: Record<string, unknown>; anyOf?: Array<Record<string, unknown>> }>;
const definitionsOf = (schema: SchemaFragment) => schema.definitions as Definitions;

/** Runs `build` with `FIELDS[name]` set to `fragment` (a field the model does not have), then puts the model back. */
function withField<T>(name: string, fragment: SchemaFragment, build: () => T): T {
  const fields = FIELDS as Record<string, SchemaFragment>;
  fields[name] = fragment;
  try {
    return build();
  } finally {
    delete fields[name];
  }
}

const SDK_DESCRIPTION = 'Generate SDK reference pages: {format, source, directory?}.';
const GRAPHQL_DESCRIPTION = 'Generate pages from a GraphQL schema: a path or URL, or {source, directory?}.';

describe('the compiled schema (buildNavigationSchema)', () => {
  // Made in each test, not once for the block: Stryker activates a mutant only while a test runs.
  const definitions = () => definitionsOf(buildNavigationSchema());

  it('a group needs `pages` unless a field of its own generates them', () => {
    const { required, if: condition, else: otherwise } = definitions().group;
    expect(required).toStrictEqual(['group']);
    expect(condition).toStrictEqual({ anyOf: [{ required: ['openapi'] }, { required: ['asyncapi'] }, { required: ['sdk'] }] });
    expect(otherwise).toStrictEqual({ required: ['pages'] });
  });

  it('a global anchor needs its `href` whatever else it holds (no generator to spare it)', () => {
    expect(definitions().globalAnchor.required).toStrictEqual(['anchor', 'href']);
    expect(Object.keys(definitions().globalAnchor)).toStrictEqual(['title', 'description', 'type', 'required', 'properties', 'additionalProperties']);
  });

  it('a field that is a reference is written in place; any other is a definition of its own', () => {
    expect(definitions().tab.properties.sdk).toStrictEqual({ description: SDK_DESCRIPTION, $ref: '#/definitions/sdk' });
    expect(definitions().anchor.properties.color).toStrictEqual({ description: 'Hex colours for light and dark mode.', $ref: '#/definitions/color' });
    expect(definitions().tab.properties.href).toStrictEqual({ $ref: '#/definitions/href' });
    expect(definitions().tab.properties.graphql).toStrictEqual({ $ref: '#/definitions/graphql' });
    expect(definitions().href).toStrictEqual(FIELDS.href);
    expect(definitions().graphql).toStrictEqual(FIELDS.graphql);
    // `sdk` and `color` are the value objects' definitions, not the fields' references.
    expect(definitions().sdk.title).toBe('SDK reference');
    expect(definitions().color.title).toBe('Colour');
  });

  it('two definitions of one name: the build stops, naming it', () => {
    expect(() => withField('tab', { type: 'string' }, buildNavigationSchema)).toThrow(new Error('build-schema: two definitions named "tab"'));
    // And the model put back builds again.
    expect(() => buildNavigationSchema()).not.toThrow();
  });
});

describe('the editors’ schema (buildEditorNavigationSchema)', () => {
  // Made in each test, not once for the block: Stryker activates a mutant only while a test runs.
  const definitions = () => definitionsOf(buildEditorNavigationSchema('platform', ['en', 'fr']));

  it('a tab offers one kind of child per alternative; beside `graphql` or `sdk`, only `groups`', () => {
    const alternatives = definitions().tab.anyOf!;
    expect(alternatives).toHaveLength(8);
    const message =
      'A tab holds one kind of child per level (spec rule 3): `pages`, `groups`, `anchors`, `dropdowns`, `products`, `versions`, `languages`, `menu` are not allowed side by side; beside `graphql` or `sdk`, only `groups` (docsnav: mixed-children).';
    const closed = {
      pages: false,
      groups: false,
      anchors: false,
      dropdowns: false,
      products: false,
      versions: false,
      languages: false,
      menu: false,
      graphql: false,
      sdk: false,
    };
    expect(alternatives[1]).toStrictEqual({
      properties: {
        ...closed,
        groups: { description: 'An array of groups.', type: 'array' },
        // A `graphql` has no one type: no `type` at all.
        graphql: { description: GRAPHQL_DESCRIPTION },
        sdk: { description: SDK_DESCRIPTION, type: 'object' },
      },
      errorMessage: message,
    });
    expect(alternatives[0]).toStrictEqual({
      properties: {
        ...closed,
        pages: { description: 'Page paths (relative to the docs root, without extension), `METHOD /path` endpoint entries, and nested groups.', type: 'array' },
      },
      errorMessage: message,
    });
    expect(alternatives[7].properties).toStrictEqual({
      ...closed,
      menu: { description: 'The entries of the menu shown on the tab or product.', type: 'array' },
    });
  });

  it('the child arrays and generators are not suggested; the other fields are', () => {
    expect(definitions().tab.properties.groups).toStrictEqual({ $ref: '#/definitions/groups', doNotSuggest: true });
    expect(definitions().tab.properties.sdk).toStrictEqual({ description: SDK_DESCRIPTION, $ref: '#/definitions/sdk', doNotSuggest: true });
    expect(definitions().tab.properties.href).toStrictEqual({ $ref: '#/definitions/href' });
  });

  it('an element of one kind of child (a group) or none (a global tab) has no alternatives', () => {
    expect(definitions().group.anyOf).toBeUndefined();
    expect(definitions().group.properties.pages).toStrictEqual({ $ref: '#/definitions/pages' });
    expect(definitions().globalTab.anyOf).toBeUndefined();
    // `global` holds its arrays side by side.
    expect(definitions().global.anyOf).toBeUndefined();
  });

  it('the other elements’ words start with a capital; the root’s are its own', () => {
    expect(definitions().anchor.anyOf![0].errorMessage).toBe(
      'An anchor holds one kind of child per level (spec rule 3): `pages`, `groups`, `tabs`, `dropdowns`, `products`, `versions`, `languages` are not allowed side by side (docsnav: mixed-children).',
    );
    expect(definitions().menuItem.anyOf![0].errorMessage).toMatch(/^A menu item holds one kind of child per level/);
    expect(definitions().navigation.anyOf![0].errorMessage).toBe(
      '`navigation` holds exactly one primary pattern: one of `pages`, `groups`, `tabs`, `anchors`, `dropdowns`, `products`, `versions`, `languages` (docsnav: primary-pattern). Nest the others inside its entries.',
    );
  });

  it('a language’s name is one of the codes given', () => {
    expect(definitions().language.properties.language).toStrictEqual({
      description: 'The language code, e.g. "en", "fr", "pt-BR".',
      $ref: '#/definitions/languageCode',
    });
    expect(definitions().languageCode.enum).toStrictEqual(['en', 'fr']);
  });

  it('a definition named `languageCode` already: the build stops', () => {
    expect(() => withField('languageCode', { type: 'string' }, () => buildEditorNavigationSchema('platform', ['en']))).toThrow(
      new Error('build-schema: two definitions named "languageCode"'),
    );
  });
});
