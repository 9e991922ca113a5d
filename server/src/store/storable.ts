/**
 * Text PostgreSQL refuses: a NUL character (in `text` and `jsonb`) and an unpaired UTF-16
 * surrogate (a `\ud800` escape in `jsonb`; `pg` turns one in `text` into U+FFFD on the way).
 * Requests with such text are refused at the HTTP boundary (400) and pages with it are reported
 * as `invalid-character` problems; what still reaches the store (a commit message, a model's
 * answer, a problem quoting the bad value) is stored with U+FFFD in its place, so a write
 * never fails for it.
 */

import { INVALID_CHARACTER as UNSTORABLE } from 'docsnav';

const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** `text` with every unstorable character replaced by U+FFFD. */
function storableText(text: string): string {
  return UNSTORABLE.test(text) ? text.replace(UNSTORABLE_ALL, '\ufffd') : text;
}

/**
 * JSON.stringify escapes exactly these characters (`\u0000`, and a lone surrogate as `\udxxx`;
 * paired surrogates are written as they are): an escape not itself preceded by an escaped
 * backslash is one of them.
 */
const UNSTORABLE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/gi;

/** A `jsonb` parameter: `value` as JSON, with every unstorable character (in keys too) as U+FFFD. */
export function json(value: unknown): string {
  return storableJson(JSON.stringify(value));
}

/** JSON text (or a part of one that ends between two values) with every unstorable character's escape as `\ufffd`. */
export function storableJson(text: string): string {
  return text.includes('\\u') ? text.replace(UNSTORABLE_ESCAPE, '$1\\ufffd') : text;
}

/** Parameters of a statement, with their strings made storable (the drivers call this). */
export function storableParams(params: readonly unknown[] | undefined): unknown[] | undefined {
  if (!params) return undefined;
  return params.map((param) => (typeof param === 'string' ? storableText(param) : param));
}
