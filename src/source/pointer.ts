/** JSON pointers (RFC 6901): the one way problems say where they are. */

export function escapeSegment(segment: string | number): string {
  const s = String(segment);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a fast path: replacing in a segment without `~` or `/` changes nothing.
  if (!s.includes('~') && !s.includes('/')) return s;
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeSegment(segment: string): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a fast path: replacing in a segment without `~` changes nothing.
  if (!segment.includes('~')) return segment;
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `["navigation", "tabs", 0]` -> `/navigation/tabs/0`. */
export function toPointer(segments: ReadonlyArray<string | number>): string {
  let out = '';
  for (const s of segments) out += '/' + escapeSegment(s);
  return out;
}

/** `/navigation/tabs/0` -> `["navigation", "tabs", "0"]`; `""` -> `[]`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(unescapeSegment);
}

export function childPointer(pointer: string, key: string | number): string {
  return pointer + '/' + escapeSegment(key);
}

/** True for a segment that can index an array: `0`, `12`, never `01`, `-1` or `length`. */
export function isArrayIndex(segment: string): boolean {
  return /^(0|[1-9]\d*)$/.test(segment);
}

/** One step of a pointer: own keys and real indexes only (never `__proto__`, `constructor`, `length`). */
export function ownChild(value: unknown, segment: string): unknown {
  if (Array.isArray(value)) return isArrayIndex(segment) ? value[Number(segment)] : undefined;
  if (typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, segment)) {
    return (value as Record<string, unknown>)[segment];
  }
  return undefined;
}

/** The value at these segments, or undefined when there is none. */
export function valueAt(root: unknown, segments: readonly string[]): unknown {
  let value = root;
  for (const segment of segments) value = ownChild(value, segment);
  return value;
}
