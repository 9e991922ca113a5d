/**
 * The schema layer: runs the validator compiled from schema/docs.schema.json (see
 * schema/compile.mjs) and turns each of its errors into a Finding with a stable code, a
 * JSON pointer and a message a person understands.
 *
 * Leaf values carry their message in the schema (`errorMessage`, applied by ajv-errors).
 * Messages that need the offending key or the kind of element are built here from the
 * element model (src/navigation/model.ts), the same model the schema is generated from; the
 * kind of element at a pointer is found by following the pointer through the model.
 */
import type { Finding } from '../problem.js';
import { closest } from '../suggest.js';
import {
  childKind,
  ELEMENT_KINDS,
  ELEMENT_OF_KEY,
  ELEMENTS,
  elementNoun,
  FIELDS,
  isPlainObject,
  isSourceRef,
  PRIMARY_KEYS,
  REJECTS_DOCS_JSON,
  VALUE_OBJECTS,
  type ChildKey,
  type ElementKind,
  type FieldName,
  type ValueObject,
} from '../navigation/model.js';
import { childPointer, isArrayIndex, ownChild, parsePointer, toPointer, valueAt } from '../source/pointer.js';
import { capitalize } from '../text.js';
import { checkStrictTabs, checkStrictValues } from './strict-objects.js';
import { allowedKeys as generatedAllowedKeys, validateDocs, type GeneratedError } from './validate.generated.js';

/** The objects of navigation.schema.json that accept a fixed set of keys: the element kinds and the value objects. */
export type SchemaObject = ElementKind | ValueObject;

/** The schema objects, elements first. */
export const SCHEMA_OBJECTS: readonly SchemaObject[] = [...ELEMENT_KINDS, ...(Object.keys(VALUE_OBJECTS) as ValueObject[])];

/** True for an element kind; false for a value object, `docs` (the whole file) and undefined (outside the model). */
function isElementKind(object: SchemaObject | 'docs' | undefined): object is ElementKind {
  return Object.hasOwn(ELEMENTS, String(object));
}

function definitionOf(object: SchemaObject): string {
  return isElementKind(object) ? ELEMENTS[object].definition : object;
}

/** How each object is named in a message ("… is not a field of a group."). */
function objectName(object: SchemaObject): string {
  return isElementKind(object) ? elementNoun(object) : VALUE_OBJECTS[object].noun;
}

/** The keys each schema object accepts (read from the compiled schema: one source of truth). */
export const ALLOWED_KEYS: Readonly<Record<SchemaObject, readonly string[]>> = Object.fromEntries(
  SCHEMA_OBJECTS.map((object) => [object, generatedAllowedKeys[definitionOf(object)] ?? []]),
) as Record<SchemaObject, readonly string[]>;

/** Field → the object its value is when that value is an object (`icon` → iconObject, `global` → global), read from the field's schema. */
const FIELD_OBJECT: Readonly<Partial<Record<string, SchemaObject>>> = Object.fromEntries(
  (Object.keys(FIELDS) as FieldName[]).flatMap((field) => {
    const target = /#\/definitions\/(\w+)/.exec(JSON.stringify(FIELDS[field]))?.[1];
    const object = SCHEMA_OBJECTS.find((candidate) => definitionOf(candidate) === target);
    return object ? [[field, object]] : [];
  }),
);

/** How a missing required field is described: "a `tab` field (its label)". */
function requiredWords(object: SchemaObject | undefined, field: string): string {
  if (object && isElementKind(object)) {
    const spec = ELEMENTS[object];
    if (spec.name?.field === field) return `${/^[aeiou]/.test(field) ? 'an' : 'a'} \`${field}\` field (${spec.name.what})`;
    const words = spec.required?.[field];
    if (words) return words;
  } else if (object) {
    const words = VALUE_OBJECTS[object].required[field];
    if (words) return words;
  }
  return `a \`${field}\` field`;
}

/** What a child array must hold, for "`tabs` must be an array of tabs." */
function arrayOf(parent: ElementKind, key: ChildKey): string {
  if (key === 'pages') return 'page paths and groups';
  const kind = childKind(parent, key) ?? ELEMENT_OF_KEY[key];
  return `${ELEMENTS[kind].noun}s`;
}

/** What an entry of a child array must be, for "Each entry of `tabs` must be …": "a tab object (with a `tab` field)". */
function entryShape(kind: ElementKind): string {
  const spec = ELEMENTS[kind];
  const fields = [...(spec.name ? [spec.name.field] : []), ...Object.keys(spec.required ?? {})].map((field) => `\`${field}\``);
  if (fields.length === 0) return `${elementNoun(kind)} object`;
  return `${elementNoun(kind)} object (with ${fields.length === 1 ? `a ${fields[0]} field` : andList(fields)})`;
}

/** "a, b and c" (one part alone as it is). */
function andList(parts: readonly string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
}

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
  /** A path as a chain to its parent: a step costs the same at any depth (copying arrays would cost the depth). */
  type Step = { parent: Step | undefined; key: string; depth: number } | undefined;
  let best: Step;
  const stack: Array<[unknown, Step]> = [[docs, undefined]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    const depth = path?.depth ?? 0;
    // Stryker disable next-line EqualityOperator: the validator's recursion gives out only past `limit` levels, so the walk always ends at the first value that deep, deeper than any before it either way (`>=` differs only among values of equal depth short of it).
    if (depth > (best?.depth ?? 0)) best = path;
    // The first value this deep is the one named: the walk stops at it.
    if (depth >= limit) break;
    if (typeof value !== 'object' || value === null) continue;
    // An array's entries too: their keys are the indexes.
    for (const [key, item] of Object.entries(value)) stack.push([item, { parent: path, key, depth: depth + 1 }]);
  }
  const segments: string[] = [];
  for (let step = best; step; step = step.parent) segments.push(step.key);
  return toPointer(segments.reverse());
}

/**
 * Check a parsed docs.json against the schema. Every schema error becomes a finding; none
 * is swallowed. Never throws, whatever `docs` is.
 */
export function checkSchema(docs: unknown): Finding[] {
  const findings = [...noPrimaryPattern(docs), ...schemaFindings(docs)];
  checkStrictTabs(docs, findings);
  checkStrictValues(docs, findings);
  return findings;
}

/**
 * A navigation object with none of the primary keys: no form of the platform's navigation union
 * matches it ("Field did not match any types in union"), so the build fails. A schema finding, not
 * primary-pattern's (which the platform profile deploys despite, for two patterns at once).
 */
function noPrimaryPattern(docs: unknown): Finding[] {
  const navigation = isPlainObject(docs) ? docs.navigation : undefined;
  if (!isPlainObject(navigation) || PRIMARY_KEYS.some((key) => Object.hasOwn(navigation, key))) return [];
  return [
    {
      code: 'missing-field',
      pointer: '/navigation',
      message: `\`navigation\` needs one of ${PRIMARY_KEYS.map((key) => `\`${key}\``).join(', ')}, and the platform rejects the whole docs.json without one.`,
    },
  ];
}

function schemaFindings(docs: unknown): Finding[] {
  let errors: readonly GeneratedError[];
  try {
    if (validateDocs(docs)) return [];
    errors = validateDocs.errors ?? [];
  } catch (error) {
    // Only a pathologically deep document gets here (the validator recurses per level).
    if (error instanceof RangeError) {
      return [
        {
          code: 'too-deep',
          pointer: deepestPointer(docs, TOO_DEEP),
          message: `Nested more than ${TOO_DEEP} levels deep here: too deep for the schema check, so fields and types were not checked anywhere in this file (the rules were).`,
        },
      ];
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
  const explained = explainedPointers(errors);
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
        for (const original of originals) {
          const finding = addMissingField(missing, pointer, stringParam(original, 'missingProperty'), docs);
          if (finding) add(finding);
        }
        break;
      }
      case 'additionalProperties': {
        for (const original of originals) add(unknownField(pointer, stringParam(original, 'additionalProperty'), docs));
        break;
      }
      case 'type': {
        const expected = stringParam(first, 'type');
        const message = error.keyword === 'errorMessage' && error.message ? error.message : typeMessage(pointer, expected, docs);
        add({ code: 'invalid-type', pointer, message });
        break;
      }
      default:
        add(wrongValue(error, first, originals, docs));
    }
  }
  return findings;
}

/** Pointers at or above a specific error: a wrapper error (anyOf, if, …) there is already explained. */
function explainedPointers(errors: readonly GeneratedError[]): Set<string> {
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
  return explained;
}

/**
 * One missing-field finding per object, naming every missing field: a new finding for the
 * object's first missing field (returned, to be added), and the same finding's message widened
 * for each further one (undefined).
 */
function addMissingField(missing: Map<string, MissingFields>, pointer: string, field: string, docs: unknown): Finding | undefined {
  const entry = missing.get(pointer);
  if (entry) {
    if (!entry.fields.includes(field)) entry.fields.push(field);
    if (entry.object && entry.object !== 'docs') sortByKeyOrder(entry.fields, ALLOWED_KEYS[entry.object]);
    entry.finding.message = requiredMessage(entry.object, entry.fields);
    return undefined;
  }
  const object = objectAt(parsePointer(pointer), docs);
  const finding: Finding = { code: 'missing-field', pointer, message: requiredMessage(object, [field]) };
  missing.set(pointer, { object, fields: [field], finding });
  return finding;
}

/** enum, const, pattern, minLength, format, …: the type is right, the value is not (with the nearest allowed word, for an enum). */
function wrongValue(error: GeneratedError, first: GeneratedError, originals: readonly GeneratedError[], docs: unknown): Finding {
  const pointer = error.instancePath;
  if (first.keyword === 'minLength' && /\/pages\/\d+$/.test(pointer) && valueAt(docs, parsePointer(pointer)) === '') {
    return { code: 'invalid-value', pointer, message: `An empty \`pages\` entry names no page, ${REJECTS_DOCS_JSON} Remove it.` };
  }
  const finding: Finding = {
    // Not required, additionalProperties nor type: mapErrors takes those.
    code: 'invalid-value',
    pointer,
    message: error.keyword === 'errorMessage' && error.message ? error.message : valueMessage(pointer, first),
  };
  const allowed = originals.find((e) => e.keyword === 'enum')?.params.allowedValues;
  const value = allowed ? valueAt(docs, parsePointer(pointer)) : undefined;
  if (Array.isArray(allowed) && typeof value === 'string') {
    const suggestion = closest(
      value,
      allowed.filter((v): v is string => typeof v === 'string'),
    );
    if (suggestion !== undefined) finding.suggest = suggestion;
  }
  return finding;
}

/** In the order the schema lists the keys (the name field first). */
function sortByKeyOrder(fields: string[], order: readonly string[]): void {
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  fields.sort((a, b) => rank(a) - rank(b));
}

function originalErrors(error: GeneratedError): GeneratedError[] {
  const inner = error.params.errors;
  return Array.isArray(inner) ? (inner as GeneratedError[]) : [];
}

function stringParam(error: GeneratedError, name: string): string {
  return String(error.params[name]);
}

/**
 * Keys the platform's schema names on every navigation element but refuses where they do not
 * generate pages (its `graphqlNotSupportedSchema`, `sdkNotSupportedSchema`: `z.never()`): unlike a
 * key it does not know, which it strips, such a key fails the element, as a wrong value does
 * (issue 65: a group's `graphql`, or `sdk` on the navigation root, failed the build while docsnav
 * reported only an unknown field).
 */
const REFUSED_KEYS: ReadonlySet<string> = new Set(['graphql', 'sdk']);

function unknownField(objectPointer: string, key: string, docs: unknown): Finding {
  const found = objectAt(parsePointer(objectPointer), docs);
  const object = found === 'docs' ? undefined : found;
  if (isElementKind(object) && REFUSED_KEYS.has(key)) {
    return {
      code: 'invalid-value',
      pointer: childPointer(objectPointer, key),
      at: 'key',
      message: `\`${key}\` is not allowed on ${objectName(object)} (the platform generates pages from it only on ${key === 'sdk' ? 'a group or a tab' : 'a tab'}), ${REJECTS_DOCS_JSON}`,
    };
  }
  const message = `\`${key}\` is not a field of ${object ? objectName(object) : 'this object'}.`;
  if (isExpandOnTopLevelGroup(docs, [...parsePointer(objectPointer), key])) {
    // The nearest field, `expanded`, would have no effect either (expanded-top-level): no suggestion to rename, the key is removed.
    const pointer = childPointer(objectPointer, key);
    return {
      code: 'unknown-field',
      pointer,
      at: 'key',
      message: `${message} \`expanded\` would have no effect here either: a top-level group is always expanded. Remove it.`,
    };
  }
  const finding: Finding = { code: 'unknown-field', pointer: childPointer(objectPointer, key), at: 'key', message };
  const suggestion = object ? closest(key, ALLOWED_KEYS[object]) : undefined;
  if (suggestion !== undefined) finding.suggest = suggestion;
  return finding;
}

/**
 * True for the key `expand` on a top-level group (one whose parent element is not a group): its
 * nearest field, `expanded`, has no effect there (spec rule 2), so the unknown field is reported
 * with "remove it" instead of a suggestion, and `--fix` removes it rather than renaming it.
 */
export function isExpandOnTopLevelGroup(docs: unknown, keySegments: readonly string[]): boolean {
  // A shorter key is never a group's: no group of docs.json is fewer than two segments deep (objectAt says so below).
  if (keySegments.at(-1) !== 'expand') return false;
  const group = keySegments.slice(0, -1);
  return objectAt(group, docs) === 'group' && objectAt(group.slice(0, -2), docs) !== 'group';
}

function requiredMessage(object: SchemaObject | 'docs' | undefined, fields: readonly string[]): string {
  if (object === 'docs') return 'docs.json needs a `navigation` object.';
  const name = object ? objectName(object) : 'this object';
  const parts = fields.map((field) => requiredWords(object, field));
  return `${capitalize(name)} needs ${andList(parts)}.`;
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
    const object = objectAt(segments, docs);
    const shape = isElementKind(object) ? entryShape(object) : words;
    return `Each entry of \`${arrayLabel(segments, n - 2)}\` must be ${shape}.`;
  }
  // A child array's schema is an array: only an array is expected there.
  const parent = objectAt(segments.slice(0, -1), docs);
  if (isElementKind(parent) && childKind(parent, last) !== undefined) {
    return `\`${arrayLabel(segments, n - 1)}\` must be an array of ${arrayOf(parent, last as ChildKey)}.`;
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
  return segments[index - 1] === 'global' ? `global.${key}` : key;
}

/**
 * Which schema object the value at these segments is, found by following the pointer through
 * the element model from `navigation` (child arrays lead to their element kind, object-valued
 * fields to their value object, a `sourceRef` entry to itself). `docs` for the whole file;
 * undefined outside the model. The document is walked alongside, one step per segment.
 */
function objectAt(segments: readonly string[], docs: unknown): SchemaObject | 'docs' | undefined {
  if (segments.length === 0) return 'docs';
  if (segments[0] !== 'navigation') return undefined;
  let current: SchemaObject = 'navigation';
  let value = ownChild(docs, 'navigation');
  for (let i = 1; i < segments.length;) {
    if (!isElementKind(current)) return undefined;
    const key = segments[i];
    const child = childKind(current, key);
    if (child !== undefined) {
      // Past the end, segments[i + 1] is undefined: no array index either.
      if (!isArrayIndex(segments[i + 1])) return undefined;
      value = ownChild(ownChild(value, key), segments[i + 1]);
      current = isPlainObject(value) && isSourceRef(value) ? 'sourceRef' : child;
      i += 2;
      continue;
    }
    const object: SchemaObject | undefined = (ELEMENTS[current].fields as readonly string[]).includes(key) ? FIELD_OBJECT[key] : undefined;
    if (object === undefined) return undefined;
    current = object;
    value = ownChild(value, key);
    i += 1;
    // An entry of an `openapi`/`asyncapi` array is the same object as the value alone.
    if (i < segments.length && isArrayIndex(segments[i])) {
      value = ownChild(value, segments[i]);
      i += 1;
    }
  }
  return current;
}
