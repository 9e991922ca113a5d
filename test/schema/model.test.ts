/**
 * The element model is the one source: the compiled schema accepts exactly the keys the model
 * lists for each element kind and value object, and the committed schema files are what the
 * model generates.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHILD_KEYS, ELEMENT_KINDS, ELEMENTS, VALUE_OBJECTS, type ValueObject } from '../../src/navigation/model.js';
import { PROFILE_NAMES, PROFILES } from '../../src/config/profiles.js';
import { buildEditorNavigationSchema, buildNavigationSchema, EDITOR_SCHEMA_FILES } from '../../src/schema/build-schema.js';
import { ALLOWED_KEYS } from '../../src/schema/index.js';

describe('the element model', () => {
  it.each(ELEMENT_KINDS)('%s: the schema accepts its name, child arrays and fields, in that order', (kind) => {
    const spec = ELEMENTS[kind];
    const keys = [...(spec.name ? [spec.name.field] : []), ...CHILD_KEYS.filter((key) => spec.children[key] !== undefined), ...spec.fields];
    expect(ALLOWED_KEYS[kind]).toEqual(keys);
  });

  it.each(Object.keys(VALUE_OBJECTS) as ValueObject[])('%s: the schema accepts its properties', (object) => {
    expect(ALLOWED_KEYS[object]).toEqual(Object.keys(VALUE_OBJECTS[object].properties));
  });

  it.each(PROFILE_NAMES)('the committed editor schemas of the %s profile are the ones the model generates', (profile) => {
    const committed = JSON.parse(readFileSync(`schema/${EDITOR_SCHEMA_FILES[profile].navigation}`, 'utf8'));
    expect(committed).toEqual(buildEditorNavigationSchema(profile, [...PROFILES[profile].languageCodes]));
  });

  it('the compiled validator (src/schema/validate.generated.ts, made by the build) is made from the navigation schema the model generates now', () => {
    const text = readFileSync('src/schema/validate.generated.ts', 'utf8');
    const start = text.lastIndexOf('= {', text.indexOf('"title":"docs.json navigation"')) + 2;
    const embedded = JSON.parse(text.slice(start, text.indexOf(';const ', start))) as Record<string, unknown>;
    expect(embedded.$id).toBe('https://docsnav.invalid/schema/navigation.schema.json');
    expect({ ...embedded, $id: undefined }).toEqual({ ...buildNavigationSchema(), $id: undefined });
  });

  it('the editor schemas keep every definition of the compiled one, by name', () => {
    const compiled = Object.keys((buildNavigationSchema() as { definitions: object }).definitions);
    for (const profile of PROFILE_NAMES) {
      const editor = Object.keys((buildEditorNavigationSchema(profile, []) as { definitions: object }).definitions);
      expect(editor).toEqual([...compiled, 'languageCode']);
    }
  });

  it('every element kind has a word for messages, and divisions a trail kind', () => {
    for (const kind of ELEMENT_KINDS) expect(ELEMENTS[kind].noun).not.toBe('');
    for (const kind of ['group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item'] as const) expect(ELEMENTS[kind].trail).toBeDefined();
  });
});
