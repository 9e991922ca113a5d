/**
 * What the element model says at a place in a docs file: which kind of navigation element an
 * object is, and which keys it may still take. The same model (src/navigation/model.ts) the
 * schema, the walker and the rules read, so an editor offers exactly what docsnav accepts.
 */
import { CHILD_KEYS, childKind, ELEMENTS, FIELDS, type ChildKey, type ElementKind, type FieldName } from '../navigation/model.js';
import { isPlainObject } from '../navigation/model.js';
import type { Segment } from './cursor.js';

/** The kind of element the object at `path` is (keys from the document root), or undefined outside `navigation`. */
export function elementKindAt(path: readonly Segment[]): ElementKind | undefined {
  if (path[0] !== 'navigation') return undefined;
  let kind: ElementKind = 'navigation';
  for (let i = 1; i < path.length;) {
    const key = path[i];
    if (key === 'global' && ELEMENTS[kind].fields.includes('global')) {
      kind = 'global';
      i += 1;
      continue;
    }
    const child: ElementKind | undefined = typeof key === 'string' ? childKind(kind, key) : undefined;
    if (!child || typeof path[i + 1] !== 'number') return undefined;
    kind = child;
    i += 2;
  }
  return kind;
}

/** A key an element may take, and what it holds (for the completion's text and detail). */
export interface KeyOption {
  key: string;
  kind: 'name' | 'children' | 'field';
  description?: string;
  /** The JSON type the value takes, when the model says one. */
  type?: 'string' | 'boolean' | 'array' | 'object';
}

/**
 * The keys an element of this kind may still take, given the keys it has: its name field, the
 * fields it accepts, and child arrays only while it holds none (one type of child per level,
 * spec rule 3; at the root, one primary pattern), only those allowed beside a generator field.
 * Its other required keys are among these (a group's `pages`, a global anchor's `href`): each is
 * offered once, as the field or child array it is.
 */
export function keysAllowed(kind: ElementKind, value: unknown): KeyOption[] {
  const spec = ELEMENTS[kind];
  const present = new Set(isPlainObject(value) ? Object.keys(value) : []);
  const options: KeyOption[] = [];
  if (spec.name && !present.has(spec.name.field)) options.push({ key: spec.name.field, kind: 'name', description: spec.name.description, type: 'string' });
  const childKeys = CHILD_KEYS.filter((key) => childKind(kind, key) !== undefined);
  const held = childKeys.filter((key) => present.has(key));
  const holdsChildren = held.length > 0;
  const generator = spec.generators?.find((field) => present.has(field));
  // `global` holds its link arrays side by side: each one it does not hold yet.
  if (!holdsChildren || spec.childrenSideBySide) {
    for (const key of childKeys) {
      if (present.has(key)) continue;
      if (generator && spec.generatedChildren && !spec.generatedChildren.includes(key)) continue;
      options.push({ key, kind: 'children', description: childDescription(kind, key), type: 'array' });
    }
  }
  // A generator field (`graphql`, `sdk`) only beside the children it allows.
  const generatorAllowed = !spec.generatedChildren || held.every((key) => spec.generatedChildren!.includes(key));
  for (const field of spec.fields) {
    if (present.has(field)) continue;
    if (!generatorAllowed && spec.generators?.includes(field)) continue;
    options.push({ key: field, kind: 'field', description: fieldDescription(field), type: fieldType(field) });
  }
  return options;
}

function childDescription(parent: ElementKind, key: ChildKey): string {
  const kind = childKind(parent, key)!;
  return key === 'pages' ? 'Pages (paths, endpoint entries) and groups.' : `${ELEMENTS[kind].title}: ${ELEMENTS[kind].description}`;
}

function fieldDescription(field: FieldName): string | undefined {
  const description = FIELDS[field].description;
  return typeof description === 'string' ? description : undefined;
}

function fieldType(field: FieldName): KeyOption['type'] {
  const type = FIELDS[field].type;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: no field of the model is an array or an object today (FIELDS: strings, booleans, or no one type): kept for one that will be.
  return type === 'string' || type === 'boolean' || type === 'array' || type === 'object' ? type : undefined;
}
