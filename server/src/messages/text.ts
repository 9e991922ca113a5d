/** Small helpers for the server's own messages. */

/** `1 page`, `2 pages`: a count with its noun (nouns whose plural is `+s`). */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** An object that is not null and not an array (a JSON object once parsed). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
