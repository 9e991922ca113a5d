/**
 * A value's JSON text in parts of about `size` characters, which joined are exactly
 * `JSON.stringify(value)`: a deployment's page tree (tens of MB for 100,000 pages) is stored
 * part by part, one short statement each, and never held as one string. A part ends only between
 * two JSON values (never inside a string), so each is checked and redacted on its own as the
 * whole text would be. Small values are written by `JSON.stringify` itself; a container of more
 * than `SMALL_VALUES` values is written element by element (its weight is counted with a bound,
 * so nothing is walked over and over).
 */

/** A container of at most this many values (counted recursively) is written in one `JSON.stringify`. */
const SMALL_VALUES = 2000;

/** Plain objects and arrays: what `JSON.stringify` walks itself (a `toJSON` is left to it). */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** Whether `value` holds more than `limit` values; walks at most `limit` of them (an explicit stack, no recursion). */
function heavierThan(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let seen = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    if (++seen > limit) return true;
    if (!isContainer(item)) continue;
    if (Array.isArray(item)) for (const child of item) stack.push(child);
    else for (const key of Object.keys(item)) stack.push(item[key]);
  }
  return false;
}

/** What `JSON.stringify` leaves out of an object (and writes as `null` in an array). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * The parts of `JSON.stringify(value)`, each about `size` characters (a part may be longer by
 * one small value's text); a container of at most `small` values is one `JSON.stringify`.
 */
export function* jsonParts(value: unknown, size: number, small = SMALL_VALUES): Generator<string> {
  let buffer: string[] = [];
  let length = 0;
  const push = (text: string) => {
    buffer.push(text);
    length += text.length;
  };
  function* flush(): Generator<string> {
    if (length < size) return;
    yield buffer.join('');
    buffer = [];
    length = 0;
  }
  function* write(item: unknown): Generator<string> {
    if (!isContainer(item) || !heavierThan(item, small)) {
      push(JSON.stringify(item) ?? 'null');
      yield* flush();
      return;
    }
    if (Array.isArray(item)) {
      push('[');
      for (let index = 0; index < item.length; index++) {
        if (index > 0) push(',');
        yield* write(omitted(item[index]) ? null : item[index]);
      }
      push(']');
    } else {
      push('{');
      let first = true;
      for (const key of Object.keys(item)) {
        if (omitted(item[key])) continue;
        push(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        yield* write(item[key]);
      }
      push('}');
    }
    yield* flush();
  }
  if (omitted(value)) return;
  yield* write(value);
  if (length > 0) yield buffer.join('');
}
