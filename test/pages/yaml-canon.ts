/**
 * A loaded YAML value in a form that compares everything the front-matter fast path must keep:
 * each mapping's keys in order with its prototype, -0 apart from 0, each value's type. (Vitest's
 * equality ignores key order and reads a key named `constructor` as the object's constructor.)
 */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return ['array', value.map(canonical)];
  if (typeof value === 'number') return ['number', Object.is(value, -0) ? '-0' : String(value)];
  if (value !== null && typeof value === 'object') {
    return ['object', Object.getPrototypeOf(value) === Object.prototype, Object.entries(value).map(([key, field]) => [key, canonical(field)])];
  }
  return [typeof value, value];
}
