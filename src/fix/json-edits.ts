import { keyText, skipSpace, skipString, skipValue } from '../source/json-locate.js';
import { parsePointer } from '../source/pointer.js';
import type { FixIntent } from './types.js';
import type { TextEdit } from '../text-edit.js';

/**
 * Turns a fix intent into a text edit on JSON text that parses, from where the problem was
 * located (`span`: the offsets of its key or value, as the validator found them): only the key
 * or value in question is rewritten, so indentation, line breaks (CRLF too) and key order stay
 * as written. Everything is read around the span (JSON has no comments, so commas and brackets
 * are found by skipping whitespace either way): no second pass over the whole text.
 * Returns undefined when the text at the span is not what the intent expects.
 */
export function jsonEdit(text: string, intent: FixIntent, span: readonly [number, number]): TextEdit | undefined {
  // Everything is read around the span, which is inside the document's `{`…`}`: a byte-order mark before it is never reached.
  const [start, end] = span;
  // Every edit is of one string: a key, a string value, an entry that is a string.
  if (text.charCodeAt(start) !== 34 /* " */ || skipString(text, start) !== end) return undefined;
  const isKey = text.charCodeAt(skipSpace(text, end)) === 58; /* : */
  const last = parsePointer(intent.pointer).pop();
  if (isKey && keyText(text, start, end) !== last) return undefined;
  switch (intent.kind) {
    case 'rename-key':
      return isKey ? { start, end, text: JSON.stringify(intent.key) } : undefined;
    case 'replace-value':
      if (isKey || readString(text, start, end) !== intent.current) return undefined;
      return { start, end, text: JSON.stringify(intent.value) };
    case 'remove': {
      let valueEnd = end;
      if (isKey) valueEnd = skipValue(text, skipSpace(text, skipSpace(text, end) + 1));
      // An array entry: only the string the fix was computed for (a location that fell back to an ancestor is not it).
      else if (intent.current === undefined || readString(text, start, end) !== intent.current) return undefined;
      return removal(text, start, valueEnd);
    }
  }
}

/** The string a JSON string's text spells (undefined when it is not one that parses). */
function readString(text: string, start: number, end: number): string | undefined {
  try {
    return JSON.parse(text.slice(start, end)) as string;
    // Stryker disable next-line BlockStatement: an empty catch returns undefined too.
  } catch {
    return undefined;
  }
}

/** The offset of the last non-whitespace character before `pos` (-1 when there is none). */
export function previousNonSpace(text: string, pos: number): number {
  let i = pos - 1;
  for (let c = text.charCodeAt(i); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(--i));
  return i;
}

/**
 * Removes the member [start, end) with its comma: from the end of the previous member
 * (`, "x": 1`), or for the first one up to the next member; the only member leaves `{}`/`[]`.
 */
export function removal(text: string, start: number, end: number): TextEdit | undefined {
  const before = previousNonSpace(text, start);
  const after = skipSpace(text, end);
  const c = text.charCodeAt(before);
  if (c === 44 /* , */) return { start: previousNonSpace(text, before) + 1, end, text: '' };
  if (c !== 91 /* [ */ && c !== 123 /* { */) return undefined;
  const d = text.charCodeAt(after);
  if (d === 44) return { start, end: skipSpace(text, after + 1), text: '' };
  if (d === 93 /* ] */ || d === 125 /* } */) return { start: before + 1, end: after, text: '' };
  return undefined;
}
