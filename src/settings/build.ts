/** Short constructors the settings tables are written with. */
import type {
  ArrayShape,
  BooleanShape,
  Field,
  FormatName,
  NumberShape,
  ObjectShape,
  RecordShape,
  Shape,
  StringShape,
  TaggedShape,
  UnionShape,
} from './shapes.js';

export const text = (extra: Omit<StringShape, 'type'> = {}): StringShape => ({ type: 'string', ...extra });
/** A string with leading and trailing whitespace removed, then not empty. */
export const nonEmpty = (extra: Omit<StringShape, 'type'> = {}): StringShape => text({ trim: true, minLength: 1, ...extra });
export const formatted = (format: FormatName, extra: Omit<StringShape, 'type' | 'format'> = {}): StringShape => text({ format, ...extra });
export const oneOf = (values: readonly string[]): StringShape => text({ values });
export const bool: BooleanShape = { type: 'boolean' };
export const number: NumberShape = { type: 'number' };
export const list = (items: Shape, extra: Omit<ArrayShape, 'type' | 'items'> = {}): ArrayShape => ({ type: 'array', items, ...extra });
export const record = (values: Shape, keys?: readonly string[]): RecordShape => ({ type: 'record', values, ...(keys ? { keys } : {}) });
export const anyOf = (...options: Shape[]): UnionShape => ({ type: 'union', options });
export const tagged = (tag: string, options: Record<string, ObjectShape>, otherwise?: ObjectShape): TaggedShape => ({
  type: 'tagged',
  tag,
  options,
  ...(otherwise ? { otherwise } : {}),
});

/** An object whose unknown keys the platform drops silently. */
export const object = (fields: Record<string, Field>, extra: Omit<ObjectShape, 'type' | 'fields' | 'unknownKeys'> = {}): ObjectShape => ({
  type: 'object',
  fields,
  unknownKeys: 'strip',
  ...extra,
});
/** An object whose unknown keys fail the platform's build. */
export const strictObject = (fields: Record<string, Field>, extra: Omit<ObjectShape, 'type' | 'fields' | 'unknownKeys'> = {}): ObjectShape => ({
  type: 'object',
  fields,
  unknownKeys: 'reject',
  ...extra,
});

export const optional = (shape: Shape): Field => ({ shape });
export const required = (shape: Shape): Field => ({ shape, required: true });
/** Checked by the docs.json schema (src/schema), under every profile. */
export const elsewhere = (shape: Shape, isRequired = false): Field => ({ shape, checkedElsewhere: true, ...(isRequired ? { required: true } : {}) });
