import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../package-root.js';
import { buildNavigationSchema } from '../schema/build-schema.js';
import { DOCS_SETTINGS } from '../settings/docs-settings.js';
import { MINT_SETTINGS } from '../settings/mint-settings.js';
import type { Shape } from '../settings/shapes.js';

/**
 * What the fixes need to know from the JSON Schemas the validator is compiled from
 * (schema/docs.schema.json and the navigation schema built from the model; not the editors'
 * navigation schemas, which add language codes and alternatives) and from the settings tables
 * (src/settings: `theme`, `icons.library`, …, which the settings layer checks, not the schema):
 * the allowed values of every `enum` or value list, and the JSON types each element field
 * accepts. Read once, on the first fix that needs them.
 */
interface SchemaFacts {
  enums: Array<readonly string[]>;
  /** Field name -> the JSON types it accepts in any element (undefined entries: any type). */
  fieldTypes: Map<string, Set<string> | undefined>;
}

type Schema = Record<string, unknown>;

let facts: SchemaFacts | undefined;

function load(): SchemaFacts {
  const enums: Array<readonly string[]> = [];
  const fieldTypes = new Map<string, Set<string> | undefined>();
  // The package's own schema file, wherever this module was bundled to (dist/index.js, dist/cli/…).
  const root = packageRoot();
  const file = root !== undefined ? path.join(root, 'schema', 'docs.schema.json') : new URL('../../schema/docs.schema.json', import.meta.url);
  const docs = JSON.parse(readFileSync(file, 'utf8')) as Schema;
  for (const [name, schema] of [
    ['docs', docs],
    ['navigation', buildNavigationSchema()],
  ] as const) {
    const stack: unknown[] = [schema];
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node !== 'object' || node === null) continue;
      const list = (node as Schema).enum;
      if (Array.isArray(list)) enums.push(list.filter((v): v is string => typeof v === 'string'));
      for (const value of Object.values(node as Record<string, unknown>)) stack.push(value);
    }
    if (name !== 'navigation') continue;
    const definitions = (schema.definitions ?? {}) as Record<string, Schema>;
    for (const definition of Object.values(definitions)) {
      const properties = definition.properties as Record<string, Schema> | undefined;
      if (!properties) continue;
      for (const [field, property] of Object.entries(properties)) {
        const types = typesOf(property, definitions);
        const known = fieldTypes.get(field);
        if (fieldTypes.has(field) && known === undefined) continue;
        if (types === undefined) fieldTypes.set(field, undefined);
        else fieldTypes.set(field, known ? new Set([...known, ...types]) : types);
      }
    }
  }
  for (const settings of [DOCS_SETTINGS, MINT_SETTINGS]) settingsValueLists(settings, enums);
  return { enums, fieldTypes };
}

/** Every list of allowed strings in a settings table (a string's `values`, a record's `keys`, a tagged object's tags), each shape once. */
export function settingsValueLists(root: Shape, out: Array<readonly string[]>): void {
  const seen = new Set<Shape>();
  const stack: Shape[] = [root];
  while (stack.length > 0) {
    const shape = stack.pop()!;
    if (seen.has(shape)) continue;
    seen.add(shape);
    switch (shape.type) {
      case 'string':
        if (shape.values) out.push(shape.values);
        break;
      case 'array':
        stack.push(shape.items);
        break;
      case 'record':
        if (shape.keys) out.push(shape.keys);
        stack.push(shape.values);
        break;
      case 'object':
        for (const field of Object.values(shape.fields)) stack.push(field.shape);
        break;
      case 'union':
        stack.push(...shape.options);
        break;
      case 'tagged':
        out.push(Object.keys(shape.options));
        stack.push(...Object.values(shape.options));
        if (shape.otherwise) stack.push(shape.otherwise);
        break;
      case 'lazy':
        stack.push(shape.shape());
        break;
    }
  }
}

/** The JSON types a schema accepts, following local `$ref`s and branches; undefined when it does not say. */
export function typesOf(schema: Schema, definitions: Record<string, Schema>, depth = 0): Set<string> | undefined {
  if (depth > 20) return undefined;
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = /^#\/definitions\/(.+)$/.exec(ref)?.[1];
    return target && definitions[target] ? typesOf(definitions[target], definitions, depth + 1) : undefined;
  }
  const type = schema.type;
  if (typeof type === 'string') return new Set(type === 'integer' ? ['number'] : [type]);
  if (Array.isArray(type)) return new Set(type.map((t) => (t === 'integer' ? 'number' : String(t))));
  const branches = [...((schema.anyOf ?? []) as Schema[]), ...((schema.oneOf ?? []) as Schema[])];
  for (const key of ['then', 'else'] as const) if (typeof schema[key] === 'object' && schema[key] !== null) branches.push(schema[key] as Schema);
  if (branches.length === 0) return undefined;
  const all = new Set<string>();
  for (const branch of branches) {
    const types = typesOf(branch, definitions, depth + 1);
    if (types === undefined) return undefined;
    for (const t of types) all.add(t);
  }
  return all;
}

/** The allowed values of every `enum` in the schemas that contains `value`, merged. */
export function enumValuesWith(value: string): string[] {
  facts ??= load();
  return [...new Set(facts.enums.filter((list) => list.includes(value)).flat())];
}

/** True when some element accepts `value` (by its JSON type) in the field `field`, or the schemas do not say. */
export function fieldAcceptsType(field: string, value: unknown): boolean {
  facts ??= load();
  if (!facts.fieldTypes.has(field)) return false;
  const types = facts.fieldTypes.get(field);
  if (types === undefined) return true;
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return types.has(type);
}
