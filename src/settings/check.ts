/**
 * The one interpreter of the settings tables: a value and its shape in, every problem out, each
 * with a JSON pointer, words a person understands, a suggestion where one is clear, and whether
 * the platform fails its build on it (`rejects`) or only drops the key (an unknown key in an
 * object it strips). One pass over the value; a union tries each of its few options.
 */
import { closest } from '../suggest.js';
import { toPointer } from '../source/pointer.js';
import {
  acceptedTypes,
  FORMATS,
  jsonTypeOf,
  type BooleanShape,
  type ObjectShape,
  type RecordShape,
  type Shape,
  type StringShape,
  type TaggedShape,
} from './shapes.js';

export type IssueKind = 'type' | 'value' | 'missing' | 'unknown';

export interface SettingsIssue {
  kind: IssueKind;
  /** JSON pointer into the checked value. */
  pointer: string;
  /** Point at the key (an unknown or misspelled key) rather than the value. */
  at?: 'key';
  /** What is wrong, as a sentence ending in a full stop (no consequence: the caller adds it). */
  message: string;
  suggest?: string;
  /** The platform's own words for it, when they say more than a type name. */
  platformSays?: string;
  /** True when the platform fails its build on it; false when it only drops a key. */
  rejects: boolean;
}

type Path = ReadonlyArray<string | number>;

/** Deeper than this (mint.json's groups in groups) nothing is checked: no input can exhaust the stack. */
const MAX_DEPTH = 200;

/** How messages name the checked file's own top (`docs.json needs \`theme\``), while a check runs. */
let topName = 'docs.json';

/** Every problem of `value` against `shape`, the file's top named `file` in messages. */
export function checkShape(value: unknown, shape: Shape, file = 'docs.json'): SettingsIssue[] {
  const issues: SettingsIssue[] = [];
  const outer = topName;
  topName = file;
  try {
    check(value, shape, [], issues, 0);
  } finally {
    topName = outer;
  }
  return issues;
}

function check(value: unknown, shape: Shape, path: Path, out: SettingsIssue[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  switch (shape.type) {
    case 'any':
      return;
    case 'string':
      return checkString(value, shape, path, out);
    case 'boolean':
      return checkBoolean(value, shape, path, out);
    case 'number':
      if (typeof value !== 'number') out.push(typeIssue(value, shape, path));
      return;
    case 'array':
      return checkArray(value, shape, path, out, depth);
    case 'record':
      return checkRecord(value, shape, path, out, depth);
    case 'object':
      if (!isPlainObject(value)) return void out.push(typeIssue(value, shape, path));
      return checkObject(value, shape, path, out, depth);
    case 'tagged':
      return checkTagged(value, shape, path, out, depth);
    case 'union':
      return checkUnion(value, shape.options, path, out, depth);
    case 'lazy':
      return check(value, shape.shape(), path, out, depth + 1);
  }
}

function checkBoolean(value: unknown, shape: BooleanShape, path: Path, out: SettingsIssue[]): void {
  if (typeof value !== 'boolean') out.push(typeIssue(value, shape, path));
  else if (shape.only !== undefined && value !== shape.only)
    out.push({
      kind: 'value',
      pointer: toPointer(path),
      message: `${label(path)} can only be ${String(shape.only)}; leave it out otherwise.`,
      rejects: true,
    });
}

/** An object of any keys (of `keys`, when the shape lists them), each value of one shape. */
function checkRecord(value: unknown, shape: RecordShape, path: Path, out: SettingsIssue[], depth: number): void {
  if (!isPlainObject(value)) return void out.push(typeIssue(value, shape, path));
  for (const key of Object.keys(value)) {
    if (shape.keys && !shape.keys.includes(key)) {
      const issue: SettingsIssue = {
        kind: 'value',
        pointer: toPointer([...path, key]),
        at: 'key',
        message: `"${key}" is not a key ${label(path)} accepts: it takes ${listWords(shape.keys)}.`,
        rejects: true,
      };
      const suggestion = closest(key, shape.keys);
      if (suggestion !== undefined) issue.suggest = suggestion;
      out.push(issue);
    }
    check(own(value, key), shape.values, [...path, key], out, depth + 1);
  }
}

/** An object whose tag field (`type`, …) says which object shape the rest follows. */
function checkTagged(value: unknown, shape: TaggedShape, path: Path, out: SettingsIssue[], depth: number): void {
  if (!isPlainObject(value)) return void out.push(typeIssue(value, shape, path));
  const tag = own(value, shape.tag);
  const named = typeof tag === 'string' && Object.prototype.hasOwnProperty.call(shape.options, tag) ? shape.options[tag] : undefined;
  if (named) return checkObject(value, named, path, out, depth, shape.tag);
  if (shape.otherwise) return checkObject(value, shape.otherwise, path, out, depth);
  const names = Object.keys(shape.options);
  if (tag === undefined) {
    out.push({ kind: 'missing', pointer: toPointer(path), message: `${label(path)} needs \`${shape.tag}\` (${listWords(names)}).`, rejects: true });
  } else {
    const issue: SettingsIssue = {
      kind: typeof tag === 'string' ? 'value' : 'type',
      pointer: toPointer([...path, shape.tag]),
      message: `${label([...path, shape.tag])} must be ${listWords(names)}, not ${shown(tag)}.`,
      rejects: true,
    };
    const suggestion = typeof tag === 'string' ? closest(tag, names) : undefined;
    if (suggestion !== undefined) issue.suggest = suggestion;
    out.push(issue);
  }
}

function checkString(value: unknown, shape: StringShape, path: Path, out: SettingsIssue[]): void {
  if (typeof value !== 'string') return void out.push(typeIssue(value, shape, path));
  const text = shape.trim ? value.trim() : value;
  const pointer = toPointer(path);
  if (shape.minLength !== undefined && text.length < shape.minLength) {
    const message =
      shape.minLength === 1
        ? `${label(path)} cannot be empty${shape.trim && value !== '' ? ' (or only whitespace)' : ''}.`
        : `${label(path)} must be at least ${shape.minLength} characters long, not ${shown(value)}.`;
    return void out.push({ kind: 'value', pointer, message, rejects: true });
  }
  if (shape.maxLength !== undefined && text.length > shape.maxLength) {
    return void out.push({ kind: 'value', pointer, message: `${label(path)} must be at most ${shape.maxLength} characters long.`, rejects: true });
  }
  if (shape.values && !shape.values.includes(text)) {
    const issue: SettingsIssue = { kind: 'value', pointer, message: `${label(path)} must be ${listWords(shape.values)}, not ${shown(value)}.`, rejects: true };
    const suggestion = closest(text, shape.values);
    if (suggestion !== undefined) issue.suggest = suggestion;
    return void out.push(issue);
  }
  if (shape.format) {
    const format = FORMATS[shape.format];
    if (format.test(text)) return;
    const issue: SettingsIssue = { kind: 'value', pointer, message: `${label(path)} must be ${format.mustBe}, not ${shown(value)}.`, rejects: true };
    if (format.platformSays) issue.platformSays = format.platformSays;
    const suggestion = format.suggest?.(text);
    if (suggestion !== undefined) issue.suggest = suggestion;
    out.push(issue);
  }
}

function checkArray(value: unknown, shape: Extract<Shape, { type: 'array' }>, path: Path, out: SettingsIssue[], depth: number): void {
  if (!Array.isArray(value)) return void out.push(typeIssue(value, shape, path));
  const entries = (n: number) => `${n} ${shape.entry ?? 'entr'}${n === 1 ? (shape.entry ? '' : 'y') : shape.entry ? 's' : 'ies'}`;
  if (shape.minItems !== undefined && value.length < shape.minItems) {
    out.push({ kind: 'value', pointer: toPointer(path), message: `${label(path)} must hold at least ${entries(shape.minItems)}.`, rejects: true });
  }
  if (shape.maxItems !== undefined && value.length > shape.maxItems) {
    out.push({
      kind: 'value',
      pointer: toPointer(path),
      message: `${label(path)} may hold at most ${entries(shape.maxItems)}, not ${value.length}.`,
      rejects: true,
    });
  }
  value.forEach((item, index) => check(item, shape.items, [...path, index], out, depth + 1));
  if (shape.unique) {
    const field = shape.unique === 'value' ? undefined : shape.unique.field;
    const first = new Map<string, number>();
    (value as unknown[]).forEach((item, index) => {
      const key: unknown = field === undefined ? item : own(item, field);
      if (typeof key !== 'string' && typeof key !== 'number' && typeof key !== 'boolean') return;
      const id = `${typeof key}:${String(key)}`;
      const earlier = first.get(id);
      if (earlier === undefined) return void first.set(id, index);
      const at = field === undefined ? [...path, index] : [...path, index, field];
      out.push({
        kind: 'value',
        pointer: toPointer(at),
        message: `${label(at)} ${shown(key)} is already in ${label([...path, earlier])}; each may appear only once.`,
        rejects: true,
      });
    });
  }
}

function checkObject(value: Record<string, unknown>, shape: ObjectShape, path: Path, out: SettingsIssue[], depth: number, tag?: string): void {
  const missing = Object.keys(shape.fields).filter((key) => {
    const field = shape.fields[key];
    return field.required && !field.checkedElsewhere && own(value, key) === undefined;
  });
  if (missing.length > 0) {
    const words = missing.map((key) => `\`${key}\`${fieldHint(shape.fields[key].shape)}`);
    out.push({ kind: 'missing', pointer: toPointer(path), message: `${label(path)} needs ${listAnd(words)}.`, rejects: true });
  }
  for (const key of Object.keys(value)) {
    if (key === tag) continue;
    const field = Object.prototype.hasOwnProperty.call(shape.fields, key) ? shape.fields[key] : undefined;
    if (!field) {
      out.push(unknownKey(key, Object.keys(shape.fields), shape.unknownKeys === 'reject', path));
      continue;
    }
    if (field.checkedElsewhere) {
      // Its own type is another layer's; the fields of an object are still this table's.
      const inner = own(value, key);
      if (field.shape.type === 'object' && isPlainObject(inner)) checkObject(inner, field.shape, [...path, key], out, depth + 1);
      continue;
    }
    check(own(value, key), field.shape, [...path, key], out, depth + 1);
  }
  for (const [given, needed] of shape.requiresWith ?? []) {
    if (own(value, given) && own(value, needed) === undefined) {
      out.push({
        kind: 'missing',
        pointer: toPointer(path),
        message: `${label(path)} gives \`${given}\`, so it needs \`${needed}\`${fieldHint(shape.fields[needed]?.shape)} too.`,
        rejects: true,
      });
    }
  }
}

function unknownKey(key: string, known: readonly string[], rejects: boolean, path: Path): SettingsIssue {
  const where = path.length === 0 ? `a ${topName} setting` : `a field of ${label(path)}`;
  const suggestion = closest(key, known);
  const hint = suggestion !== undefined ? ` Did you mean \`${suggestion}\`?` : '';
  const message = rejects
    ? `\`${key}\` is not ${where}, which takes only ${
        known.length > 12
          ? `${known
              .slice(0, 12)
              .map((k) => `\`${k}\``)
              .join(', ')}, … (${known.length} in all)`
          : listAnd(known.map((k) => `\`${k}\``))
      }.${hint}`
    : `\`${key}\` is not ${where} the platform knows: it ignores it.${hint}`;
  const issue: SettingsIssue = { kind: 'unknown', pointer: toPointer([...path, key]), at: 'key', message, rejects };
  if (rejects) issue.platformSays = 'Unrecognized key(s) in object';
  if (suggestion !== undefined) issue.suggest = suggestion;
  return issue;
}

/**
 * A union passes when one option accepts the value. Otherwise the problems of the option the
 * value was most likely meant for are reported: among the options of the value's JSON type, the
 * one that names the most of its keys, then the one with the fewest problems. With no option of
 * that type, one type problem lists every accepted form.
 */
function checkUnion(value: unknown, options: readonly Shape[], path: Path, out: SettingsIssue[], depth: number): void {
  const type = jsonTypeOf(value);
  let best: { issues: SettingsIssue[]; overlap: number; errors: number } | undefined;
  for (const option of options) {
    if (!acceptedTypes(option).has(type)) continue;
    const issues: SettingsIssue[] = [];
    check(value, option, path, issues, depth + 1);
    const errors = issues.filter((issue) => issue.rejects).length;
    if (errors === 0) {
      out.push(...issues);
      return;
    }
    const overlap = isPlainObject(value) ? keysNamed(option, value) : 0;
    if (!best || overlap > best.overlap || (overlap === best.overlap && errors < best.errors)) best = { issues, overlap, errors };
  }
  if (best) out.push(...best.issues);
  else out.push(typeIssue(value, { type: 'union', options }, path));
}

/**
 * How many of an object's keys a shape names (which option of a union it was written for). Only
 * object shapes name keys here: no union of the tables has a tagged or record option.
 */
function keysNamed(shape: Shape, value: Record<string, unknown>): number {
  const fields = shape.type === 'object' ? Object.keys(shape.fields) : [];
  return Object.keys(value).filter((key) => fields.includes(key)).length;
}

function typeIssue(value: unknown, shape: Shape, path: Path): SettingsIssue {
  return { kind: 'type', pointer: toPointer(path), message: `${label(path)} must be ${describe(shape)}, not ${shown(value)}.`, rejects: true };
}

/** What a shape accepts, in a message: "a string", "true or false", "an https URL or an object". */
function describe(shape: Shape): string {
  switch (shape.type) {
    case 'string':
      if (shape.values) return `a string (${listWords(shape.values)})`;
      return shape.format ? `a string (${FORMATS[shape.format].mustBe})` : 'a string';
    case 'boolean':
      return shape.only === undefined ? 'true or false' : String(shape.only);
    case 'number':
      return 'a number';
    case 'any':
      return 'any value';
    case 'array':
      return 'an array';
    case 'record':
    case 'object':
    case 'tagged':
      return 'an object';
    case 'union':
      return [...new Set(shape.options.map(describe))].join(' or ');
    case 'lazy':
      return describe(shape.shape());
  }
}

/** " (one of …)" after a missing field's name, when its values are few. */
function fieldHint(shape: Shape | undefined): string {
  if (shape?.type === 'string' && shape.values && shape.values.length <= 10) return ` (${listWords(shape.values)})`;
  if (shape?.type === 'string' && shape.format === 'hex-color') return ' (a hex colour such as "#0D9373")';
  return '';
}

/** `footer.links[0].items`: a path as a person writes it; the file's own top is its name. */
function label(path: Path): string {
  if (path.length === 0) return topName;
  let out = '';
  for (const segment of path) out += typeof segment === 'number' ? `[${segment}]` : out === '' ? segment : `.${segment}`;
  return `\`${out}\``;
}

/** A value as a message quotes it: `"abc"`, `5`, `null`, `an array`. */
function shown(value: unknown): string {
  const type = jsonTypeOf(value);
  if (type === 'array') return 'an array';
  if (type === 'object') return 'an object';
  return JSON.stringify(value) ?? String(value);
}

/** `"a", "b" or "c"`; long lists are cut after twelve. */
function listWords(values: readonly string[]): string {
  const quoted = values.map((value) => JSON.stringify(value));
  if (quoted.length === 1) return quoted[0];
  if (quoted.length > 12) return `one of ${quoted.slice(0, 12).join(', ')}, … (${quoted.length} in all)`;
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

function listAnd(words: readonly string[]): string {
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** An own property only: `constructor` or `__proto__` never come from the prototype. */
function own(value: unknown, key: string): unknown {
  return isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
