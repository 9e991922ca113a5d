/** JSON pointers (RFC 6901): the one way problems say where they are. */

export function escapeSegment(segment: string | number): string {
  const s = String(segment);
  return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
}

export function unescapeSegment(segment: string): string {
  return segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
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
