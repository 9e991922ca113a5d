import { locateInJson, skipSpace, skipValue } from '../source/json-locate.js';
import { removal } from './json-edits.js';
import type { TextEdit } from '../text-edit.js';

/**
 * A top-level setting written inside `navigation` (`"navigation": { "interaction": {…}, … }`),
 * moved out beside it: the member is removed from `navigation` (with its comma) and the same text
 * inserted before the `navigation` key, its later lines indented as the key's line is. Nothing
 * else in the file changes. `keySpan`: the offsets of the member's key, as the problem located
 * it. Undefined when the text is not what that says (or `navigation` is not in this text).
 */
export function moveSettingOutOfNavigation(text: string, keySpan: readonly [number, number]): TextEdit[] | undefined {
  const [keyStart, keyEnd] = keySpan;
  const colon = skipSpace(text, keyEnd);
  if (text.charCodeAt(keyStart) !== 34 /* " */ || text.charCodeAt(colon) !== 58 /* : */) return undefined;
  const valueEnd = skipValue(text, skipSpace(text, colon + 1));
  // A byte-order mark is not JSON whitespace to the scanner; a space keeps every offset where it was.
  const navigation = locateInJson(text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text, ['navigation'], true);
  // A key is where the one segment was found (`exact`), nowhere else. The value starts with `{`, never the member's `"`.
  // Stryker disable next-line EqualityOperator: the member's key is inside navigation's `{`…`}`, never at either end of it.
  if (!navigation.key || keyStart < navigation.value[0] || valueEnd > navigation.value[1]) return undefined;
  const removed = removal(text, keyStart, valueEnd);
  if (!removed) return undefined;
  const at = navigation.key[0];
  const indent = indentOf(text, at);
  const memberIndent = indentOf(text, keyStart);
  // The member's own later lines, one level less deep: their indentation minus the difference (its first line starts with its key's `"`).
  // Stryker disable next-line ConditionalExpression: startsWith(undefined) looks for the text `undefined`, which starts no indentation.
  const shift = memberIndent !== undefined && indent !== undefined && memberIndent.startsWith(indent) ? memberIndent.length - indent.length : 0;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const member = text
    .slice(keyStart, valueEnd)
    .split(/\r?\n/)
    .map((line) => (/^[ \t]*$/.test(line.slice(0, shift)) ? line.slice(shift) : line))
    .join(newline);
  const separator = indent === undefined ? ', ' : `,${newline}${indent}`;
  return [{ start: at, end: at, text: member + separator }, removed];
}

/** The whitespace from the start of `offset`'s line to it, when only whitespace is there. */
function indentOf(text: string, offset: number): string | undefined {
  // The character at `offset` is a key's `"`, no line break.
  const lineStart = text.lastIndexOf('\n', offset) + 1;
  const before = text.slice(lineStart, offset);
  return /^[ \t]*$/.test(before) ? before : undefined;
}
